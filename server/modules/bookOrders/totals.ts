import { type Kysely, sql } from 'kysely';
import type { BookOrderFilter } from '../../../schema/bookOrders';
import type { Db } from '../../db/types';

/**
 * Per-day totals of the live (not deleted) orders, overall and per value of each list filter, kept in
 * book_order_totals in the same transaction as every order write.
 *
 * Why: every list request shows the count, price and broker fee of its WHOLE filtered set. Summing that from the
 * orders costs a scan of every matching index entry — at a million orders ~200 ms for "all time", ~9 ms for the
 * default period — and SQLite runs on the server's one thread, so every other request waits behind it. From this
 * table a period with at most one filter is a range read of one row per day (≤ 366 rows for a year).
 * Filter sets it does not cover (a search, deleted orders, two filters or more) are summed from the orders as before.
 */

/** The columns an order's contribution depends on. */
const ROW_COLUMNS = [
  'pickup_date', 'deleted_at', 'price_cents', 'broker_fee_cents', 'dispatcher_id', 'driver_id', 'status', 'load_board', 'broker_id',
  'shipper_id', 'carrier_id', 'pickup_state_id', 'delivery_state_id', 'payment_method', 'pay_on_pickup', 'pay_on_delivery',
  'has_manager_review', 'approved',
] as const;
type TotalsRow = Record<(typeof ROW_COLUMNS)[number], string | number | null>;

interface Dimension {
  dim: string;
  column: (typeof ROW_COLUMNS)[number];
  /** For flags: the one column value that counts (e.g. approved = 0 for "not approved"). */
  only?: number;
  /** The filter's value for this dimension, undefined when the filter does not use it. */
  pick(f: BookOrderFilter): string | number | undefined;
}

const DIMENSIONS: Dimension[] = [
  { dim: 'dispatcher', column: 'dispatcher_id', pick: (f) => f.dispatcherId },
  { dim: 'driver', column: 'driver_id', pick: (f) => f.driverId },
  { dim: 'status', column: 'status', pick: (f) => f.status },
  { dim: 'load_board', column: 'load_board', pick: (f) => f.loadBoard },
  { dim: 'broker', column: 'broker_id', pick: (f) => f.brokerId },
  { dim: 'shipper', column: 'shipper_id', pick: (f) => f.shipperId },
  { dim: 'carrier', column: 'carrier_id', pick: (f) => f.carrierId },
  { dim: 'pickup_state', column: 'pickup_state_id', pick: (f) => f.pickupStateId },
  { dim: 'delivery_state', column: 'delivery_state_id', pick: (f) => f.deliveryStateId },
  { dim: 'payment_method', column: 'payment_method', pick: (f) => f.paymentMethod ?? undefined },
  { dim: 'pay_on_pickup', column: 'pay_on_pickup', only: 1, pick: (f) => (f.payOnPickup ? 1 : undefined) },
  { dim: 'pay_on_delivery', column: 'pay_on_delivery', only: 1, pick: (f) => (f.payOnDelivery ? 1 : undefined) },
  { dim: 'manager_review', column: 'has_manager_review', only: 1, pick: (f) => (f.hasManagerReview ? 1 : undefined) },
  { dim: 'not_approved', column: 'approved', only: 0, pick: (f) => (f.showNotApproved ? 0 : undefined) },
];
const ALL = { dim: 'all', value: '' };

/** The (dim, value) keys a live order adds to; none for a deleted one. */
function keysOf(row: TotalsRow): { dim: string; value: string }[] {
  if (row.deleted_at !== null) return [];
  const keys = [ALL];
  for (const d of DIMENSIONS) {
    const value = row[d.column];
    if (value === null || value === undefined) continue;
    if (d.only !== undefined && Number(value) !== d.only) continue;
    keys.push({ dim: d.dim, value: String(value) });
  }
  return keys;
}

export async function readTotalsRow(trx: Db, id: number): Promise<TotalsRow | null> {
  return ((await trx.selectFrom('book_orders').select([...ROW_COLUMNS]).where('id', '=', id).executeTakeFirst()) as TotalsRow | undefined) ?? null;
}

async function add(trx: Db, row: TotalsRow, sign: 1 | -1): Promise<void> {
  const keys = keysOf(row);
  if (!keys.length) return;
  const count = sign;
  const price = sign * Number(row.price_cents);
  const fee = sign * Number(row.broker_fee_cents);
  await trx
    .insertInto('book_order_totals')
    .values(keys.map((k) => ({ ...k, day: String(row.pickup_date), count, price_cents: price, fee_cents: fee })))
    .onConflict((oc) =>
      oc.columns(['dim', 'value', 'day']).doUpdateSet({
        count: sql`book_order_totals.count + excluded.count`,
        price_cents: sql`book_order_totals.price_cents + excluded.price_cents`,
        fee_cents: sql`book_order_totals.fee_cents + excluded.fee_cents`,
      }))
    .execute();
}

/** Moves an order's contribution from what it was (null: new) to what it is now; call inside the write's transaction. */
export async function adjustTotals(trx: Db, before: TotalsRow | null, after: TotalsRow | null): Promise<void> {
  if (before) await add(trx, before, -1);
  if (after) await add(trx, after, 1);
}

/** Recomputes the whole table from the orders (migration, seeds, bulk load). */
export async function rebuildOrderTotals(db: Kysely<unknown> | Db): Promise<void> {
  const exec = db as Kysely<unknown>;
  await sql`delete from book_order_totals`.execute(exec);
  const sums = sql`count(*), sum(price_cents), sum(broker_fee_cents)`;
  const insert = sql`insert into book_order_totals (dim, value, day, count, price_cents, fee_cents)`;
  await sql`${insert} select 'all', '', pickup_date, ${sums} from book_orders where deleted_at is null group by pickup_date`.execute(exec);
  for (const d of DIMENSIONS) {
    const column = sql.ref(d.column);
    if (d.only !== undefined) {
      await sql`${insert} select ${d.dim}, ${String(d.only)}, pickup_date, ${sums} from book_orders
        where deleted_at is null and ${column} = ${d.only} group by pickup_date`.execute(exec);
    } else {
      await sql`${insert} select ${d.dim}, cast(${column} as text), pickup_date, ${sums} from book_orders
        where deleted_at is null and ${column} is not null group by ${column}, pickup_date`.execute(exec);
    }
  }
}

/**
 * The totals query of the filter over the per-day table, or null when the filter is one it does not cover.
 * `range` is the filter's pickup-date period (periodRange).
 */
export function rolledUpTotalsQuery(db: Db, f: BookOrderFilter, range: { from?: string; to?: string }) {
  if (f.search || f.showDeleted) return null;
  const used = DIMENSIONS.flatMap((d) => {
    const value = d.pick(f);
    return value === undefined || value === null ? [] : [{ dim: d.dim, value: String(value) }];
  });
  if (used.length > 1) return null;
  const key = used[0] ?? ALL;
  let query = db
    .selectFrom('book_order_totals')
    .select(({ fn }) => [fn.sum<number>('count').as('count'), fn.sum<number>('price_cents').as('price'), fn.sum<number>('fee_cents').as('fee')])
    .where('dim', '=', key.dim)
    .where('value', '=', key.value);
  if (range.from) query = query.where('day', '>=', range.from);
  if (range.to) query = query.where('day', '<=', range.to);
  return query;
}
