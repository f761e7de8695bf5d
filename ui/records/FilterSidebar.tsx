import { Card, CardContent } from '@mui/material';
import { FilterList, FilterListItem } from 'react-admin';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';

export interface QuickFilter {
  /** Translation key of the list's heading. */
  label: string;
  /** One click sets the filter value; a second click clears it. */
  items: { label: string; value: Record<string, unknown> }[];
}

/** The list's side panel: one-click filters (status, type, role …) and whatever the list adds above them. */
export function FilterSidebar({ lists, children }: { lists: QuickFilter[]; children?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card sx={{ order: -1, mr: 2, mt: 8, width: 220, flexShrink: 0, display: { xs: 'none', md: 'block' }, alignSelf: 'flex-start' }}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        {children}
        {lists.map((list) => (
          <FilterList key={list.label} label={list.label} icon={null}>
            {list.items.map((item) => (
              <FilterListItem key={item.label} label={translate(item.label)} value={item.value} />
            ))}
          </FilterList>
        ))}
      </CardContent>
    </Card>
  );
}
