import { Card, CardContent } from '@mui/material';
import { FilterList, FilterListItem } from 'react-admin';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import type { Period } from '../../schema/period';

export interface QuickFilter {
  /** Translation key of the list's heading. */
  label: string;
  /** One click sets the filter value; a second click clears it. */
  items: { label: string; value: Record<string, unknown> }[];
}

/** The side panel's one-click periods (the shared period filter's words). */
export const periodQuickFilter = (periods: readonly Period[]): QuickFilter => ({
  label: 'haulboard.periods.label',
  items: periods.map((period) => ({ label: `haulboard.periods.${period}`, value: { filtered: period } })),
});

/** One-click filters (status, type, role …): a click sets the value, a second click clears it. */
export function FilterLists({ lists }: { lists: QuickFilter[] }) {
  const translate = useTranslate();
  return (
    <>
      {lists.map((list) => (
        <FilterList key={list.label} label={list.label} icon={null}>
          {list.items.map((item) => (
            <FilterListItem key={item.label} label={translate(item.label)} value={item.value} />
          ))}
        </FilterList>
      ))}
    </>
  );
}

/** The list's side panel (not on phones: RecordList puts the same in a dialog): what the list adds, then one-click filters. */
export function FilterSidebar({ lists, children }: { lists: QuickFilter[]; children?: ReactNode }) {
  return (
    <Card sx={{ order: -1, mr: 2, mt: 8, width: 220, flexShrink: 0, display: { xs: 'none', md: 'block' }, alignSelf: 'flex-start' }}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        {children}
        <FilterLists lists={lists} />
      </CardContent>
    </Card>
  );
}
