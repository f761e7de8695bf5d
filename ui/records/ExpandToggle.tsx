import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Button, IconButton } from '@mui/material';
import { useExpanded, useRecordContext, useResourceContext, useTranslate } from 'ra-core';
import type { MouseEvent } from 'react';

/** The id of a row's panel: react-admin's own (DataTable renders the panel row under this id). */
export const expandPanelId = (resource: string, id: string | number) => `${resource}-${id}-expand`;

/** Whether the record in context is open, and the toggle: the table's and the cards' shared state (react-admin's store). */
export function useRowExpanded(): [boolean, () => void] {
  const resource = useResourceContext() ?? '';
  const record = useRecordContext();
  return useExpanded(resource, record?.id ?? '');
}

/**
 * The control that opens a row's panel. react-admin's own chevron is hidden from the keyboard and from screen readers;
 * this one is a real button, reachable with Tab, saying whether it is open and what it controls. In a table row it is
 * an icon named for its record (`label`: a translation key, the record's fields its arguments); under a card, whose
 * heading already names the record, it says `text` in words.
 */
export function ExpandToggle({
  label,
  text = 'haulboard.records.show_details',
  variant = 'icon',
}: {
  label: string;
  text?: string;
  variant?: 'icon' | 'text';
}) {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  const record = useRecordContext();
  const [expanded, toggle] = useRowExpanded();
  if (!record) return null;
  const common = {
    'aria-expanded': expanded,
    'aria-controls': expandPanelId(resource, record.id),
    onClick: (event: MouseEvent) => {
      event.stopPropagation();
      toggle();
    },
  };
  const icon = (
    <ExpandMoreIcon sx={{ transform: expanded ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />
  );
  return variant === 'icon' ? (
    <IconButton size="small" aria-label={translate(label, record)} {...common}>
      {icon}
    </IconButton>
  ) : (
    <Button size="small" startIcon={icon} {...common}>
      {translate(text)}
    </Button>
  );
}
