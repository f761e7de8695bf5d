import SavedSearchIcon from '@mui/icons-material/SavedSearch';
import { Box, Button, Chip, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import {
  BooleanInput,
  ColumnsButton,
  CreateButton,
  DataTable,
  FilterButton,
  List,
  Pagination,
  TopToolbar,
} from 'react-admin';
import {
  ListContextProvider,
  type RaRecord,
  type SortPayload,
  useListContext,
  useRecordContext,
  useResourceContext,
  useResourceDefinition,
  useTranslate,
} from 'ra-core';
import { type ReactElement, type ReactNode, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { endpointsOf, toApiQuery } from '../../dataProvider/endpoints';
import { ExportCsvButton } from '../ExportCsvButton';
import { ResponsiveDialog } from '../ResponsiveDialog';
import { useCanAccessFeature } from '../useCanAccessFeature';
import { usePhone } from '../usePhone';
import { CardList } from './CardList';
import { RowDeleteRestore, RowDeleteRestoreProvider } from './DeleteRestoreButton';
import { ExpandToggle } from './ExpandToggle';
import { type WithExpiry, expiryRowSx } from './ExpiryChips';
import { FilterLists, FilterSidebar, type QuickFilter } from './FilterSidebar';
import { ListEmpty, ListLoadProblem, ListSkeleton } from './ListStates';
import { SavedFilters } from './SavedFilters';
import { SearchFilter } from './SearchFilter';

export interface RecordListProps {
  /** Translation key of the screen title. */
  title: string;
  /** Translation key of the search box's placeholder: what it searches. */
  search: string;
  /** The resource's own filters (the search box, "expiring" and "include deleted" come with every list). */
  filters?: ReactElement[];
  filterDefaultValues?: Record<string, unknown>;
  /** One-click filters of the side panel (saved filters are there on every list). */
  quickFilters?: QuickFilter[];
  sort?: SortPayload;
  /** Columns the column chooser starts with hidden. */
  hiddenColumns?: string[];
  /** The CSV file's name, without the date. */
  exportName: string;
  /** The records carry expirations (schema/expiry.ts): rows that are due or past stand out, and can be filtered. */
  expiring?: boolean;
  /** Where a click on a row leads; by default the edit screen, for users who may update. */
  rowClick?: false | ((id: string | number) => string);
  /** Instead of leading anywhere, a click on a row chooses its record (a panel beside the list shows it). */
  onSelect?: (record: RaRecord) => void;
  /** Anything shown above the table (totals …). */
  header?: ReactNode;
  rowSx?: (record: RaRecord) => Record<string, unknown>;
  /** Records that are soft-deleted and restored (default); off for lists that are pictures, not records. */
  softDelete?: boolean;
  /** More buttons in the top bar (links to related screens …). */
  actions?: ReactNode;
  /** Translation key of what the list says when it cannot load, if the screen has words of its own (loadProblem). */
  loadProblem?: string;
  /** Rows per page (default 50). */
  perPage?: number;
  /**
   * Each row opens in place to show more of its record, in the table and on the phone's cards alike: `panel` is what
   * it shows (in the record's context); `label` names a row's button (a translation key; the record's fields are its
   * arguments), `text` is what a card's button says (default "Details"). A click on the row opens it too, unless rows
   * lead elsewhere.
   */
  expand?: { panel: ReactElement; label: string; text?: string };
  /** What the list says when nothing matches (default: ListEmpty, which tells "none yet" from "no match"). */
  empty?: ReactElement;
  /** The columns (DataTable.Col). */
  children: ReactNode;
}

/**
 * On a phone the side panel has no room: its saved filters and one-click filters open in a full-screen dialog. Its icon
 * is not the filter funnel, which react-admin's add-filter button shows beside it there without its words.
 */
function PhoneFilters({ quickFilters }: { quickFilters: QuickFilter[] }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<SavedSearchIcon />} onClick={() => setOpen(true)}>
        {translate('haulboard.saved_filters.filters')}
      </Button>
      <ResponsiveDialog open={open} onClose={() => setOpen(false)} aria-labelledby="phone-filters-title">
        <DialogTitle id="phone-filters-title">{translate('haulboard.saved_filters.filters')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <SavedFilters />
          <FilterLists lists={quickFilters} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </ResponsiveDialog>
    </>
  );
}

function ListActions({
  exportName,
  quickFilters,
  children,
}: {
  exportName: string;
  quickFilters: QuickFilter[];
  children?: ReactNode;
}) {
  const resource = useResourceContext() ?? '';
  const { export: path, exportQuery } = endpointsOf(resource);
  const { hasCreate } = useResourceDefinition();
  const phone = usePhone();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      {phone && <PhoneFilters quickFilters={quickFilters} />}
      <FilterButton disableSaveQuery />
      {!phone && <ColumnsButton />}
      {hasCreate && <CreateButton />}
      {path && (
        <ExportCsvButton path={path} toQuery={exportQuery ?? ((filter) => toApiQuery(filter))} fileName={exportName} />
      )}
      {children}
    </TopToolbar>
  );
}

/**
 * The last column: a deleted record says so in words, and offers restore (or delete) to who may. Delete is checked
 * once for the list, not in each row.
 */
function RowActions({ canDelete }: { canDelete: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<{ deleted?: boolean }>();
  if (!record?.deleted && !canDelete) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'flex-end' }}>
      {record?.deleted && <Chip size="small" label={translate('haulboard.records.deleted_chip')} />}
      {canDelete && <RowDeleteRestore />}
    </Box>
  );
}

/**
 * The table (or cards) render from a deferred copy of the list's state. When a page of rows arrives, the update that
 * brings it re-renders only up to here; React then renders the rows at lower priority, in slices it interrupts for
 * input, so 50 rows of chips and links are never one long task that freezes the page (the commit stays one step).
 * The pager renders from the same copy, so it shows in the commit that shows the rows: drawn from the fresh state it
 * said "1-50 of 60" over an empty body for as long as the rows took. Until the copy has a page, a skeleton.
 */
function DeferredRows({ children }: { children: ReactNode }) {
  const list = useDeferredValue(useSteadyList(useListContext()));
  return (
    <ListContextProvider value={list}>
      {list.isPending ? <ListSkeleton /> : children}
      {!list.isPending && <Pagination />}
    </ListContextProvider>
  );
}

/**
 * The list's state with its selection and sort callbacks kept the same function for the life of the list, and the
 * selected ids the same array while they hold the same ids. react-admin hands new ones out as the list settles (its
 * selection registers itself after the first render), and the table draws every row again for each new one.
 */
function useSteadyList<T extends ReturnType<typeof useListContext>>(live: T): T {
  const latest = useRef(live);
  useLayoutEffect(() => {
    latest.current = live;
  });
  const callbacks = useMemo(
    () => ({
      onSelect: (ids: T['selectedIds']) => latest.current.onSelect(ids),
      onToggleItem: (id: T['selectedIds'][number]) => latest.current.onToggleItem(id),
      onUnselectItems: (fromAllStoreKeys?: boolean) => latest.current.onUnselectItems(fromAllStoreKeys),
      setSort: (sort: SortPayload) => latest.current.setSort(sort),
    }),
    [],
  );
  const selectedIds = useSameList(live.selectedIds)!;
  return useMemo(() => ({ ...live, ...callbacks, selectedIds }), [live, callbacks, selectedIds]);
}

const dimDeleted = (record: RaRecord): Record<string, unknown> =>
  record.deleted ? { '& td:not(:last-of-type)': { opacity: 0.55 } } : {};

/**
 * A row's styles, the same object for the same record for as long as the rules stay: react-admin's rows are memoised
 * and a fresh style object would draw each one again.
 */
function useRowSx(expiring: boolean | undefined, rowSx: RecordListProps['rowSx']) {
  return useMemo(() => {
    const styles = new WeakMap<RaRecord, Record<string, unknown>>();
    return (record: RaRecord) => {
      let style = styles.get(record);
      if (!style) {
        style = { ...dimDeleted(record), ...(expiring ? expiryRowSx(record as WithExpiry) : {}), ...rowSx?.(record) };
        styles.set(record, style);
      }
      return style;
    };
  }, [expiring, rowSx]);
}

/** The same array while its items stay the same (a screen may write its list inline on each render). */
function useSameList<T extends string | number>(items: T[] | undefined): T[] | undefined {
  const key = items && JSON.stringify(items);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the items' values are the key
  return useMemo(() => items, [key]);
}

/**
 * Every record list: search, the resource's filters in the bar and the side panel, saved filters, include-deleted,
 * column chooser, CSV export of the filtered set, create/delete/restore for who may, rows opening the edit screen, the
 * one load-failure message (docs/product/shell.md#failure-messages) — and on a phone, cards instead of the table and
 * the side panel in a dialog. A resource's list only declares its columns and filters.
 */
export function RecordList(props: RecordListProps) {
  const {
    title,
    search,
    filters = [],
    filterDefaultValues,
    quickFilters = [],
    sort,
    hiddenColumns,
    exportName,
    expiring,
    rowClick,
    onSelect,
    header,
    rowSx,
    softDelete = true,
    actions,
    loadProblem,
    perPage = 50,
    expand,
    empty: ownEmpty,
    children,
  } = props;
  const resource = useResourceContext() ?? '';
  const canUpdate = useCanAccessFeature(resource, 'Update');
  const canDelete = useCanAccessFeature(resource, 'Delete');
  const phone = usePhone();
  const { hasCreate } = useResourceDefinition();
  const empty = ownEmpty ?? <ListEmpty defaults={filterDefaultValues} />;
  const allFilters = [
    <SearchFilter key="search" source="search" placeholder={search} alwaysOn />,
    ...filters,
    ...(expiring
      ? [<BooleanInput key="expiring" source="expiring" label="haulboard.records.expiring" alwaysOn />]
      : []),
    ...(softDelete
      ? [<BooleanInput key="showDeleted" source="showDeleted" label="haulboard.records.show_deleted" alwaysOn />]
      : []),
  ];
  // What the table's rows read is kept stable between renders: react-admin re-renders every row and cell of the
  // table when its click handler, row styles or hidden columns change, and a new function each render would be
  // such a change (a whole table drawn again for nothing, on each of the list's several renders as it loads).
  const click = useMemo(
    () => rowClick ?? (canUpdate ? (id: string | number) => `/app/${resource}/${id}/edit` : false),
    [rowClick, canUpdate, resource],
  );
  const tableRowClick = useMemo(
    () =>
      onSelect
        ? (_id: unknown, _resource: unknown, record: RaRecord) => {
            onSelect(record);
            return false as const;
          }
        : click
          ? (id: string | number) => click(id)
          : expand
            ? ('expand' as const)
            : false,
    [onSelect, click, expand],
  );
  const sx = useRowSx(expiring, rowSx);
  const hidden = useSameList(hiddenColumns);
  const actionsColumn = useMemo(
    () =>
      softDelete ? (
        <DataTable.Col
          source="actions"
          label="haulboard.records.actions"
          disableSort
          render={() => <RowActions canDelete={canDelete} />}
        />
      ) : null,
    [softDelete, canDelete],
  );
  return (
    <List
      filters={allFilters}
      filterDefaultValues={filterDefaultValues}
      sort={sort}
      perPage={perPage}
      // The list's own empty state (ListEmpty) inside the frame: the filters and the bar stay, whatever the reason.
      empty={false}
      pagination={false}
      actions={
        <ListActions exportName={exportName} quickFilters={quickFilters}>
          {actions}
        </ListActions>
      }
      aside={
        phone ? undefined : (
          <FilterSidebar lists={quickFilters}>
            <SavedFilters />
          </FilterSidebar>
        )
      }
      error={<ListLoadProblem defaults={filterDefaultValues} message={loadProblem} />}
      title={title}
      // A wide table scrolls inside its card instead of widening the page (react-admin's layout grows to fit its
      // content): width 0 keeps the table out of the page's width, min-width 100% gives it the card's.
      // On a phone the create button floats over the list's bottom right: room below the last card and the pager.
      sx={{
        '& .RaDataTable-tableWrapper': { overflowX: 'auto', width: 0, minWidth: '100%' },
        pb: { xs: hasCreate ? 10 : 0, sm: 0 },
      }}
    >
      <DeferredRows>
        <RowDeleteRestoreProvider>
          {header}
          {phone ? (
            <CardList
              rowClick={click}
              onSelect={onSelect}
              hiddenColumns={hidden}
              actions="actions"
              expand={expand}
              empty={empty}
            >
              {children}
              {actionsColumn}
            </CardList>
          ) : (
            <DataTable
              rowClick={tableRowClick as never}
              bulkActionButtons={false}
              hiddenColumns={hidden}
              rowSx={sx}
              expand={expand?.panel}
              empty={empty}
              // react-admin's chevron is kept from the keyboard and screen readers: the first column's ExpandToggle replaces it.
              sx={
                expand
                  ? { '& .RaDataTable-expandHeader, & .RaDataTable-expandIconCell': { display: 'none' } }
                  : undefined
              }
            >
              {expand ? (
                <DataTable.Col
                  source="expand"
                  label="haulboard.records.details"
                  disableSort
                  render={() => <ExpandToggle label={expand.label} />}
                />
              ) : null}
              {children}
              {actionsColumn}
            </DataTable>
          )}
        </RowDeleteRestoreProvider>
      </DeferredRows>
    </List>
  );
}
