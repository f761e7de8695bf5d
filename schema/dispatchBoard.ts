import { z } from 'zod';
import { type OrderStatus, PERIODS, STATUS_TRANSITIONS } from './bookOrders';
import { businessDate, idText, textInteger } from './common';
import type { FeatureDefinition } from './features';

/**
 * The dispatch board (/app/kanban, docs/product/book-orders.md#dispatch-board): book orders as cards in status columns,
 * moved through the same status rule as the edit form (POST /api/BookOrder/{id}/status), live for everyone through the
 * /notify hub. Shared by the server (server/modules/bookOrders/board.ts) and the screen (resources/dispatchBoard).
 */

/** The columns, left to right: the statuses a dispatcher works with (invoiced, paid and cancelled are Finance's). */
export const BOARD_COLUMNS = [
  'NEW',
  'ASSIGNED',
  'PICKED_UP',
  'DELIVERED',
  'ON_HOLD',
] as const satisfies readonly OrderStatus[];
export type BoardColumnStatus = (typeof BOARD_COLUMNS)[number];

/** Cards a column loads at once (first window and each "more"). */
export const BOARD_PAGE_SIZE = 20;

/** Whether a card may be moved from one status to another (the server checks again: STATUS_TRANSITIONS). */
export const canMove = (from: string, to: string) =>
  from !== to && (STATUS_TRANSITIONS[from as OrderStatus] ?? []).includes(to as OrderStatus);

/** GET /api/BookOrder/board: the filter, and one column's next window when `status` and `page` are given. */
export const boardQuery = z
  .object({
    dispatcherId: idText.optional(),
    driverId: idText.optional(),
    carrierId: idText.optional(),
    filtered: z.enum(PERIODS).default('current'),
    from: businessDate.optional(),
    to: businessDate.optional(),
    search: z.string().trim().max(200).optional(),
    status: z.enum(BOARD_COLUMNS).optional(),
    page: textInteger(0, 50_000).default(0),
    size: textInteger(1, 100).default(BOARD_PAGE_SIZE),
  })
  .superRefine((q, ctx) => {
    if (q.filtered === 'custom' && !q.from && !q.to)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'A custom period needs from, to or both' });
    if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to is before from' });
    if (q.page > 0 && !q.status)
      ctx.addIssue({ code: 'custom', path: ['page'], message: 'Ask for a later page of one column (status)' });
  });
export type BoardQuery = z.output<typeof boardQuery>;

/** The filter fields the screen keeps (and saved filters store). */
export type BoardFilter = Partial<
  Pick<BoardQuery, 'dispatcherId' | 'driverId' | 'carrierId' | 'filtered' | 'from' | 'to' | 'search'>
>;

interface Stop {
  city: string;
  state: string | null;
  stateId: number;
  date: string;
}

/** A card: the fields of a book-order list row the board shows or filters by. */
export interface BoardCard {
  id: number;
  orderNumber: string;
  status: OrderStatus;
  pickup: Stop;
  delivery: Stop;
  vehicleCount: number;
  /** Vehicles with a completed inspection at pickup and at delivery (schema/vehicleInspections.ts). */
  inspected: { pickup: number; delivery: number };
  price: number;
  dispatcherId: number;
  dispatcherName: string | null;
  driverId: number | null;
  driverName: string | null;
  carrierId: number;
  approved: boolean;
  hasManagerReview: boolean;
  payOnPickup: boolean;
  payOnDelivery: boolean;
  deleted: boolean;
  version: number;
}

export interface BoardColumn {
  status: BoardColumnStatus;
  /** Orders of this status the filter selects, and their price (dollars). */
  totalCount: number;
  totalPrice: number;
  page: number;
  size: number;
  items: BoardCard[];
}

/** The hub's ReceiveBoardOrderChanged: an order as it is now, after any write. */
export interface BoardOrderChange {
  card: BoardCard;
}

/** The hub's ReceiveBoardDrag: who picked up (or let go of: orderId null) a card. */
export interface BoardDrag {
  orderId: number | null;
  userId: number;
  name: string;
}

/** Any book order (list row or full order) as a card. */
export function toBoardCard(order: BoardCard): BoardCard {
  const stop = (s: Stop): Stop => ({ city: s.city, state: s.state ?? null, stateId: s.stateId, date: s.date });
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    pickup: stop(order.pickup),
    delivery: stop(order.delivery),
    vehicleCount: order.vehicleCount,
    inspected: order.inspected,
    price: order.price,
    dispatcherId: order.dispatcherId,
    dispatcherName: order.dispatcherName ?? null,
    driverId: order.driverId ?? null,
    driverName: order.driverName ?? null,
    carrierId: order.carrierId,
    approved: order.approved,
    hasManagerReview: order.hasManagerReview,
    payOnPickup: order.payOnPickup,
    payOnDelivery: order.payOnDelivery,
    deleted: order.deleted,
    version: order.version,
  };
}

/** A pickup is overdue while the load still waits for it and its day has passed. */
export const isOverdue = (card: Pick<BoardCard, 'status' | 'pickup'>, today: string) =>
  (card.status === 'NEW' || card.status === 'ASSIGNED') && card.pickup.date < today;

/** The board's sidebar entry: under Books, governed by Book Orders (a feature with no permissions of its own). */
export const DISPATCH_BOARD_NAV: FeatureDefinition & { parent: string } = {
  key: 'DispatchBoard',
  title: 'Dispatch Board',
  uri: '/app/kanban',
  icon: 'ViewKanban',
  section: 'Books',
  roles: {},
  parent: 'BookOrders',
};
