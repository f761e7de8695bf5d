import {
  Box,
  Card,
  CardContent,
  Link,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ReportColumn, ReportRow } from '../../schema/reports';
import { Facts } from '../Facts';
import { useCanOpen } from '../access/useCanOpen';
import { TABLE_BOX_MAX_HEIGHT, lonelyLinkTarget } from '../shellSizes';
import { usePhone } from '../usePhone';
import { formatValue } from './format';

export interface ReportTableProps {
  caption: string;
  columns: readonly ReportColumn[];
  rows: readonly ReportRow[];
  totals?: ReportRow;
  /** Where a value leads (the book orders behind a count …), if anywhere. */
  linkOf?: (column: ReportColumn, row: ReportRow) => string | undefined;
  /** Its rows are all there is (not a page of them): a click on a heading sorts by that column. */
  sortable?: boolean;
}

interface Sort {
  key: string;
  descending: boolean;
}

/** Rows by a column: numbers as numbers, dates and text as written (ISO dates sort as text), nothing last. */
function sortRows(
  rows: readonly ReportRow[],
  columns: readonly ReportColumn[],
  sort: Sort | null,
): readonly ReportRow[] {
  const column = sort && columns.find((c) => c.key === sort.key);
  if (!sort || !column) return rows;
  const sign = sort.descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = a[column.key];
    const y = b[column.key];
    if (x === null || x === undefined || x === '') return y === null || y === undefined || y === '' ? 0 : 1;
    if (y === null || y === undefined || y === '') return -1;
    return sign * (numeric(column) ? Number(x) - Number(y) : String(x).localeCompare(String(y)));
  });
}

const numeric = (column: ReportColumn) => column.kind !== 'text' && column.kind !== 'date' && column.kind !== 'week';

function Value({ column, row, linkOf }: { column: ReportColumn; row: ReportRow; linkOf?: ReportTableProps['linkOf'] }) {
  const text = formatValue(column, row[column.key]);
  const to = text ? linkOf?.(column, row) : undefined;
  return to ? (
    <Link component={RouterLink} to={to}>
      {text}
    </Link>
  ) : (
    <>{text}</>
  );
}

/**
 * A report's figures: a table with its totals row on a wide screen, a card per row on a phone (no sideways
 * scrolling). It is also what a screen reader reads for the chart, and what prints.
 */
export function ReportTable({
  caption,
  columns,
  rows: given,
  totals,
  linkOf: anyLink,
  sortable = false,
}: ReportTableProps) {
  const translate = useTranslate();
  // A count links to its orders only for whom may read them (a driver reading dispatcher salary may not).
  const canOpen = useCanOpen();
  const linkOf = useMemo<ReportTableProps['linkOf']>(
    () =>
      anyLink &&
      ((column, row) => {
        const to = anyLink(column, row);
        // Checked for the book-order drill, a sidebar screen; a record's own form is guarded by its screen's rule.
        return to && (column.drill !== 'orders' || canOpen(to)) ? to : undefined;
      }),
    [anyLink, canOpen],
  );
  const phone = usePhone();
  const [sort, setSort] = useState<Sort | null>(null);
  const rows = useMemo(() => sortRows(given, columns, sortable ? sort : null), [given, columns, sortable, sort]);
  const sortBy = (key: string) => setSort((now) => ({ key, descending: now?.key === key ? !now.descending : false }));
  const [first, ...rest] = columns;
  if (phone) {
    return (
      <Box component="ul" aria-label={caption} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {[...rows, ...(totals ? [{ ...totals, [first.key]: translate('haulboard.reports.total') }] : [])].map(
          (row, index) => (
            <Card component="li" key={index} variant="outlined">
              <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                <Typography variant="subtitle1" component="h3" sx={[{ fontWeight: 600 }, lonelyLinkTarget]}>
                  <Value column={first} row={row} linkOf={index < rows.length ? linkOf : undefined} />
                </Typography>
                <Facts
                  sx={{ mt: 0.5 }}
                  facts={rest
                    .filter(
                      (column) => row[column.key] !== null && row[column.key] !== undefined && row[column.key] !== '',
                    )
                    .map((column) => ({
                      key: column.key,
                      label: column.label,
                      numeric: numeric(column),
                      value: <Value column={column} row={row} linkOf={index < rows.length ? linkOf : undefined} />,
                    }))}
                />
              </CardContent>
            </Card>
          ),
        )}
      </Box>
    );
  }
  return (
    // Scrolls inside a box no taller than the screen, like the lists (the theme's RaDataTable): the sideways scrollbar is
    // on screen with the rows and the header row stays above them.
    <Box sx={{ overflow: 'auto', maxHeight: TABLE_BOX_MAX_HEIGHT }}>
      <Table
        stickyHeader
        size="small"
        aria-label={caption}
        sx={{ '& td, & th': { whiteSpace: 'nowrap' }, '& td.text': { whiteSpace: 'normal', minWidth: 160 } }}
      >
        <TableHead>
          <TableRow>
            {columns.map((column) => {
              const active = sortable && sort?.key === column.key;
              return (
                <TableCell
                  key={column.key}
                  align={numeric(column) ? 'right' : 'left'}
                  aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : undefined}
                >
                  {sortable ? (
                    <TableSortLabel
                      active={active}
                      direction={active && sort.descending ? 'desc' : 'asc'}
                      onClick={() => sortBy(column.key)}
                      title={translate('haulboard.reports.sort_by', { column: column.label })}
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index} hover>
              {columns.map((column, position) => (
                <TableCell
                  key={column.key}
                  align={numeric(column) ? 'right' : 'left'}
                  component={position === 0 ? 'th' : 'td'}
                  scope={position === 0 ? 'row' : undefined}
                  className={column.kind === 'text' ? 'text' : undefined}
                >
                  <Value column={column} row={row} linkOf={linkOf} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        {totals && (
          <TableFooter>
            <TableRow sx={{ '& td, & th': { fontWeight: 600, color: 'text.primary', fontSize: '0.875rem' } }}>
              {columns.map((column, position) => (
                <TableCell
                  key={column.key}
                  align={numeric(column) ? 'right' : 'left'}
                  component={position === 0 ? 'th' : 'td'}
                  scope={position === 0 ? 'row' : undefined}
                >
                  {position === 0
                    ? translate('haulboard.reports.total')
                    : column.total === false
                      ? ''
                      : formatValue(column, totals[column.key])}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        )}
      </Table>
    </Box>
  );
}
