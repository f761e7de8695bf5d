import { bookOrderFilter, periodRange } from '../../../schema/bookOrders';
import type { OrderCount, OrderListFilter } from '../../../schema/dashboard';
import { FEATURES } from '../../../schema/features';
import type { ServerContext } from '../../context';
import { compiledCache } from '../../db/prepared';
import { listQueries, today as listDay } from '../bookOrders/queries';

/** The book-order list's route: the links of the order figures open it with their filter. */
export const BOOK_ORDERS_ROUTE = FEATURES.find((feature) => feature.key === 'BookOrders')!.uri;

/** The query string the list is called with for a filter (dataProvider toApiQuery: a toggle that is on is 'true'). */
const asQuery = (filter: OrderListFilter) =>
  Object.fromEntries(Object.entries(filter).map(([key, value]) => [key, String(value)]));

/**
 * The list filter of a period of the user's day. The list works a period out from the server's day, so "this week"
 * is sent as the period only when the server's day gives the same dates, and as its dates otherwise (the user's
 * Sunday evening can be the server's Monday); a single day is always its dates.
 */
export function periodFilter(
  period: 'today' | 'this_week',
  today: string,
): { from: string; to: string; filter: OrderListFilter } {
  if (period === 'today') return { from: today, to: today, filter: { filtered: 'custom', from: today, to: today } };
  const mine = periodRange('this_week', today) as { from: string; to: string };
  const servers = periodRange('this_week', listDay());
  const filter: OrderListFilter =
    servers.from === mine.from ? { filtered: 'this_week' } : { filtered: 'custom', from: mine.from, to: mine.to };
  return { ...mine, filter };
}

export type OrderCounter = (filter: OrderListFilter) => Promise<OrderCount>;

/**
 * Counts orders as GET /api/BookOrder/filter-books counts them for the same filter: the filter goes through the list's
 * own query schema and totals query (the per-day table when it covers the filter, else the orders), compiled once per
 * filter and day as the list's are.
 */
export function orderCounter({ db, dialect }: Pick<ServerContext, 'db' | 'dialect'>): OrderCounter {
  const compiled = compiledCache(
    200,
    ({ day, filter }: { day: string; filter: OrderListFilter }) => JSON.stringify([day, filter]),
    ({ day, filter }) => ({
      totals: listQueries(db, dialect, bookOrderFilter.parse(asQuery(filter)), day).totals.compile(),
    }),
  );
  return async (filter) => {
    const { totals } = compiled({ day: listDay(), filter });
    const row = (await db.executeQuery(totals)).rows[0] as { count?: number | string | null } | undefined;
    return { count: Number(row?.count ?? 0), filter };
  };
}
