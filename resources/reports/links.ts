import type { ReportColumn, ReportRow } from '../../schema/reports';

const BOOK_ORDERS = '/app/books/bookorders';
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The book orders behind a report's count: a week's row opens that week's orders, a person's row their orders of the
 * report's days (rows carry `from`/`to` or `week`, and the person's `dispatcherId` or `driverId`).
 */
export function ordersLink(column: ReportColumn, row: ReportRow): string | undefined {
  if (column.drill !== 'orders') return undefined;
  const from = (row.week as string | null) ?? (row.from as string | null);
  const to = row.week ? plusDays(row.week as string, 6) : (row.to as string | null);
  if (!from || !to) return undefined;
  // The reports count booked loads: the list leaves the cancelled ones out too, so it shows the same count.
  const filter: Record<string, unknown> = { filtered: 'custom', from, to, hideCancelled: true };
  for (const key of ['dispatcherId', 'driverId', 'carrierId'] as const) if (row[key] != null) filter[key] = row[key];
  return `${BOOK_ORDERS}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
}

/** The record a row is about (rows of the credentials report carry its list's `route` and its `id`): its edit screen. */
export function recordLink(column: ReportColumn, row: ReportRow): string | undefined {
  if (column.drill !== 'record' || typeof row.route !== 'string' || row.id == null) return undefined;
  return `${row.route}/${row.id}/edit`;
}

/** Where any value of a report leads, if anywhere. */
export const reportLink = (column: ReportColumn, row: ReportRow) => ordersLink(column, row) ?? recordLink(column, row);
