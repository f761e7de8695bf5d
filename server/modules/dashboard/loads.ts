import { ORDER_STATUSES } from '../../../schema/bookOrders';
import type { LoadsPeriod, LoadsTile, OrderListFilter } from '../../../schema/dashboard';
import { BOOK_ORDERS_ROUTE, type OrderCounter, periodFilter } from './orderCounts';

/** A period's loads, all and per status: each count is the list's for the period's filter with that status. */
async function loadsIn(
  count: OrderCounter,
  { from, to, filter }: { from: string; to: string; filter: OrderListFilter },
): Promise<LoadsPeriod> {
  const [all, ...byStatus] = await Promise.all([
    count(filter),
    ...ORDER_STATUSES.map((status) => count({ ...filter, status })),
  ]);
  return {
    from,
    to,
    ...all,
    byStatus: byStatus.map((figure, index) => ({ status: ORDER_STATUSES[index], ...figure })),
  };
}

/** Today's and this week's loads by status (picked up in the period, as the list's period reads the pickup date). */
export async function loadsTile(count: OrderCounter, today: string): Promise<LoadsTile> {
  const [day, week] = await Promise.all([
    loadsIn(count, periodFilter('today', today)),
    loadsIn(count, periodFilter('this_week', today)),
  ]);
  return { route: BOOK_ORDERS_ROUTE, today: day, thisWeek: week };
}
