import { Box, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'ra-core';

export interface TotalItem {
  /** Translation key, given `args` (amounts already formatted as US money). */
  label: string;
  args?: Record<string, unknown>;
  /** Stands out (a net, an ending balance). */
  strong?: boolean;
}

/**
 * Totals of the whole filtered set (not only the page shown), from what the list call returned beside its rows
 * (the data provider hands it over as `meta`): the list says what to show of them.
 */
export function ListTotals<T>({ items }: { items: (totals: T, count: number) => TotalItem[] }) {
  const translate = useTranslate();
  const { meta, total } = useListContext() as { meta?: { totals?: T }; total?: number };
  if (!meta?.totals) return null;
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', gap: 3, px: 2, py: 1, flexWrap: 'wrap' }}>
      {items(meta.totals, total ?? 0).map((item) => (
        <Typography key={item.label} variant="body2" sx={item.strong ? { fontWeight: 600 } : undefined}>
          {translate(item.label, item.args)}
        </Typography>
      ))}
    </Box>
  );
}
