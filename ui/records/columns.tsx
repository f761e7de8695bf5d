import { Chip, Link } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { MouseEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

type ChipColour = 'default' | 'success' | 'warning' | 'error' | 'info';

/** A status as a chip: its words from `prefix`.VALUE, its colour from `colours` (words always, colour on top). */
export function StatusChip({ prefix, value, colours = {} }: { prefix: string; value: string | null | undefined; colours?: Record<string, ChipColour> }) {
  const translate = useTranslate();
  if (!value) return null;
  return <Chip size="small" color={colours[value] ?? 'default'} variant="outlined" label={translate(`${prefix}.${value}`)} />;
}

/** A link inside a clickable row: it opens its own target, not the row's. */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to} onClick={(event: MouseEvent) => event.stopPropagation()}>
      {children}
    </Link>
  );
}

/** cellSx of short values that read badly broken over lines (dates, phones, plates). */
export const nowrap = () => ({ whiteSpace: 'nowrap' }) as const;
