import CancelIcon from '@mui/icons-material/CancelOutlined';
import { Card, CardContent, IconButton, ListItem, ListItemButton, ListItemText } from '@mui/material';
import { FilterList } from 'react-admin';
import { useListFilterContext, useTranslate } from 'ra-core';
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

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * One quick filter: selected while the list's filters hold its value; a click sets it, a second click (or the clear
 * button beside a selected one) takes its keys out. As react-admin's FilterListItem, but its clear button has a name.
 */
function QuickFilterItem({ label, value }: { label: string; value: Record<string, unknown> }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListFilterContext();
  const keys = Object.keys(value).filter((key) => value[key] !== undefined);
  const selected = keys.every((key) => sameValue((filterValues as Record<string, unknown>)[key], value[key]));
  const toggle = () =>
    setFilters(
      selected
        ? Object.fromEntries(Object.entries(filterValues).filter(([key]) => !keys.includes(key)))
        : { ...filterValues, ...value },
      {},
    );
  const name = translate(label);
  return (
    <ListItem
      disablePadding
      disableGutters
      secondaryAction={
        selected ? (
          <IconButton
            size="small"
            aria-label={translate('haulboard.records.clear_quick_filter', { name })}
            onClick={(event) => {
              event.stopPropagation();
              toggle();
            }}
          >
            <CancelIcon fontSize="small" />
          </IconButton>
        ) : null
      }
    >
      <ListItemButton selected={selected} onClick={toggle} sx={{ pl: '2em', pr: '2em' }}>
        <ListItemText primary={name} sx={{ m: 0 }} />
      </ListItemButton>
    </ListItem>
  );
}

/** One-click filters (status, type, role …): a click sets the value, a second click clears it. */
export function FilterLists({ lists }: { lists: QuickFilter[] }) {
  return (
    <>
      {lists.map((list) => (
        <FilterList key={list.label} label={list.label} icon={null}>
          {list.items.map((item) => (
            <QuickFilterItem key={item.label} label={item.label} value={item.value} />
          ))}
        </FilterList>
      ))}
    </>
  );
}

/** The list's side panel (not on phones: RecordList puts the same in a dialog): what the list adds, then one-click filters. */
export function FilterSidebar({ lists, children }: { lists: QuickFilter[]; children?: ReactNode }) {
  return (
    <Card
      sx={{
        order: -1,
        mr: 2,
        mt: 8,
        width: 220,
        flexShrink: 0,
        display: { xs: 'none', md: 'block' },
        alignSelf: 'flex-start',
      }}
    >
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        {children}
        <FilterLists lists={lists} />
      </CardContent>
    </Card>
  );
}
