import { Link } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { MouseEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Tag, type TagTone } from '../Tag';

/** A status as a chip: its words from `prefix`.VALUE, its colour from `colours` (words always, colour on top). */
export function StatusChip({
  prefix,
  value,
  colours = {},
}: {
  prefix: string;
  value: string | null | undefined;
  colours?: Record<string, TagTone>;
}) {
  const translate = useTranslate();
  if (!value) return null;
  return <Tag tone={colours[value] ?? 'default'}>{translate(`${prefix}.${value}`)}</Tag>;
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
