import { http } from 'msw';
import { type BookOrderFilter, bookOrderFilter, periodRange } from '../../../../schema/bookOrders';
import { todayIso } from '../../../../schema/expiry';
import type { OrderDto } from '../../../../server/modules/bookOrders/mapping';
import { caller, holds } from '../accounts';
import { forbidden, invalid, listPage, queryOf, unauthorized } from '../respond';
import { dispatcherNamesHandler } from './lists';

/**
 * GET /api/BookOrder/filter-books as the server answers it (server/modules/bookOrders): the shared list filter
 * (docs/product/conventions.md#lists) read with the server's own schema (period 'current' by default, refusing what it
 * refuses), the page of the sort asked for, and the totals of price and broker fee of the whole filtered set beside it.
 */
type Stop = Pick<OrderDto['pickup'], 'city' | 'stateId' | 'state' | 'date'>;
/** A list row: the full order's names and shapes, its stops with city, state and date only (queries.ts listItemJson). */
export type BookOrderListItem = Pick<
  OrderDto,
  | 'id'
  | 'orderNumber'
  | 'loadBoard'
  | 'externalLoadId'
  | 'brokerId'
  | 'brokerName'
  | 'shipperId'
  | 'shipperName'
  | 'carrierId'
  | 'dispatcherId'
  | 'dispatcherName'
  | 'driverId'
  | 'driverName'
  | 'truckId'
  | 'trailerId'
  | 'status'
  | 'price'
  | 'brokerFee'
  | 'paymentMethod'
  | 'payOnPickup'
  | 'payOnDelivery'
  | 'paymentStatus'
  | 'hasManagerReview'
  | 'approved'
  | 'vehicleCount'
  | 'deleted'
  | 'version'
> & { pickup: Stop; delivery: Stop };

const EQUAL = [
  'dispatcherId',
  'driverId',
  'paymentMethod',
  'status',
  'loadBoard',
  'brokerId',
  'shipperId',
  'carrierId',
] as const;
// createdAt: the list rows carry no creation time; ids are given in creation order.
const SORTED: Record<string, (order: BookOrderListItem) => string | number> = {
  pickupDate: (o) => o.pickup.date,
  deliveryDate: (o) => o.delivery.date,
  orderNumber: (o) => o.orderNumber,
  price: (o) => o.price,
  status: (o) => o.status,
  createdAt: (o) => o.id,
  id: (o) => o.id,
};

function matches(order: BookOrderListItem, f: BookOrderFilter, today: string): boolean {
  const range = periodRange(f.filtered, today, f.from, f.to);
  if (range.from && order.pickup.date < range.from) return false;
  if (range.to && order.pickup.date > range.to) return false;
  if (!f.showDeleted && order.deleted) return false;
  if (f.showNotApproved && order.approved) return false;
  if (f.hasManagerReview && !order.hasManagerReview) return false;
  if (f.payOnPickup && !order.payOnPickup) return false;
  if (f.payOnDelivery && !order.payOnDelivery) return false;
  if (f.pickupStateId !== undefined && order.pickup.stateId !== f.pickupStateId) return false;
  if (f.deliveryStateId !== undefined && order.delivery.stateId !== f.deliveryStateId) return false;
  if (EQUAL.some((key) => f[key] !== undefined && order[key] !== f[key])) return false;
  const search = f.search?.toLowerCase();
  return (
    !search ||
    [
      order.orderNumber,
      order.externalLoadId,
      order.brokerName,
      order.shipperName,
      order.driverName,
      order.pickup.city,
      order.delivery.city,
    ].some((text) => text?.toLowerCase().includes(search))
  );
}

const cents = (dollars: number) => Math.round(dollars * 100);

export function bookOrderHandlers(orders: BookOrderListItem[]) {
  return [
    // A dispatcher lands on the list filtered to themselves: the filter shows their name.
    dispatcherNamesHandler(),
    http.get('*/api/BookOrder/filter-books', ({ request }) => {
      const account = caller(request);
      if (!account) return unauthorized();
      if (!holds(account, 'BookOrders', 'Read')) return forbidden();
      const parsed = bookOrderFilter.safeParse(queryOf(request));
      if (!parsed.success) return invalid(parsed.error, 'querystring');
      const f = parsed.data;
      // Newest pickups first unless asked otherwise; the id breaks ties so pages never overlap.
      const sortKey = SORTED[(f.sort ?? 'pickupDate').replace(/^-/, '')];
      const selected = orders
        .filter((order) => matches(order, f, todayIso()))
        .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : a.id - b.id));
      if (!f.sort || f.sort.startsWith('-')) selected.reverse();
      // Money is summed in cents, as the server sums it.
      const sum = (pick: (o: BookOrderListItem) => number) =>
        selected.reduce((total, o) => total + cents(pick(o)), 0) / 100;
      return listPage(selected, f, { totals: { price: sum((o) => o.price), brokerFee: sum((o) => o.brokerFee) } });
    }),
  ];
}
