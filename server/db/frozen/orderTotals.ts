import { type Kysely, sql } from 'kysely';
import { isPostgres } from './schemaHelpers';

/**
 * FROZEN: what migrations 024 and 029 ran to fill book_order_totals (rebuildOrderTotals) and what migration 038 ran to
 * add the dispatch board's status pairs (addStatusPairTotals), copied from server/modules/bookOrders/totals.ts as it
 * was when 038 was written (commit a5090b0; the live module has not changed since). Never edit this file: the live
 * rule of the per-day totals is server/modules/bookOrders/totals.ts, and when it changes, a NEW migration rebuilds the
 * table with a new frozen copy — these old migrations keep meaning what they meant.
 * Imports: 'kysely' and this folder only (tests/unit/serverLayers.test.ts); the values the live module reads from
 * schema/ are written out here (MAX_LOAD_DAYS of schema/calendar.ts was 21).
 */

/** The longest a load covers the calendar: pickup day plus this many days (schema/calendar.ts MAX_LOAD_DAYS). */
const MAX_LOAD_DAYS = 21;

/** The list filters' dims: the column each counts under, and for flags the one value that counts. */
const DIMENSIONS: { dim: string; column: string; only?: number }[] = [
  { dim: 'dispatcher', column: 'dispatcher_id' },
  { dim: 'driver', column: 'driver_id' },
  { dim: 'status', column: 'status' },
  { dim: 'load_board', column: 'load_board' },
  { dim: 'broker', column: 'broker_id' },
  { dim: 'shipper', column: 'shipper_id' },
  { dim: 'carrier', column: 'carrier_id' },
  { dim: 'pickup_state', column: 'pickup_state_id' },
  { dim: 'delivery_state', column: 'delivery_state_id' },
  { dim: 'payment_method', column: 'payment_method' },
  { dim: 'pay_on_pickup', column: 'pay_on_pickup', only: 1 },
  { dim: 'pay_on_delivery', column: 'pay_on_delivery', only: 1 },
  { dim: 'manager_review', column: 'has_manager_review', only: 1 },
  { dim: 'not_approved', column: 'approved', only: 0 },
];

/** A status with one dispatcher, driver or carrier: dim 'status+dispatcher', value 'ASSIGNED:12'. */
const STATUS_PAIRS = DIMENSIONS.filter((d) => d.dim === 'dispatcher' || d.dim === 'driver' || d.dim === 'carrier');
const pairDim = (d: { dim: string }) => `status+${d.dim}`;

/** The reports' keys, in the order a report dim names them. */
const REPORT_KEYS = ['dispatcher_id', 'driver_id', 'carrier_id'] as const;
type ReportKeyColumn = (typeof REPORT_KEYS)[number];
/** Statuses whose COD the driver has collected. */
const DELIVERED_STATUSES = ['DELIVERED', 'INVOICED', 'PAID'] as const;
/** 'report' for no key, else 'report:dispatcher_id+carrier_id' (REPORT_KEYS order). */
const reportDim = (keys: readonly ReportKeyColumn[]) => {
  const named = REPORT_KEYS.filter((k) => keys.includes(k));
  return named.length ? `report:${named.join('+')}` : 'report';
};
/** Every subset of REPORT_KEYS (eight), each a report dim. */
const REPORT_KEY_SETS: ReportKeyColumn[][] = Array.from({ length: 2 ** REPORT_KEYS.length }, (_, mask) =>
  REPORT_KEYS.filter((_k, i) => mask & (1 << i)),
);
const DRIVER_COVER = 'driver_cover';

const delivered = sql.join(DELIVERED_STATUSES.map((status) => sql.lit(status)));
// count, price, fee, vehicles, COD of delivered orders, price of paid ones, and of the orders with a distance their
// count, price and miles.
const totalsFigures = [
  sql`count(*)`,
  sql`sum(price_cents)`,
  sql`sum(broker_fee_cents)`,
  sql`sum(vehicle_count)`,
  sql`sum(case when status in (${delivered}) then cod_amount_cents else 0 end)`,
  sql`sum(case when payment_status = 'PAID' then price_cents else 0 end)`,
  sql`sum(case when route_miles > 0 then 1 else 0 end)`,
  sql`sum(case when route_miles > 0 then price_cents else 0 end)`,
  sql`sum(case when route_miles > 0 then route_miles else 0 end)`,
];
const totalsInsert = sql`insert into book_order_totals (dim, value, day, count, price_cents, fee_cents, vehicles, cod_cents, paid_cents, miles_count, miles_price_cents, miles)`;

/** Recomputes the whole of book_order_totals from the orders (migrations 024 and 029). */
export async function rebuildOrderTotals(exec: Kysely<unknown>): Promise<void> {
  await sql`delete from book_order_totals`.execute(exec);
  const figures = totalsFigures;
  const sums = sql.join(figures);
  const insert = totalsInsert;
  await sql`${insert} select 'all', '', pickup_date, ${sums} from book_orders where deleted_at is null group by pickup_date`.execute(
    exec,
  );
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
  await rebuildStatusPairTotals(exec, insert, sums);
  // The reports' dims from one pass over the orders: their sums per dispatcher, driver, carrier and day, which every
  // coarser key then adds up.
  const selects = REPORT_KEY_SETS.map((set) => {
    const value = set.length
      ? sql.join(
          set.map((k) => sql`cast(${sql.ref(k)} as text)`),
          sql` || ':' || `,
        )
      : sql`''`;
    return sql`select ${sql.lit(reportDim(set))}, ${value}, day, ${sql.join(figures.map((_f, i) => sql`sum(${sql.ref(`s${i}`)})`))} from grain
      group by ${sql.join([...set.map((k) => sql.ref(k)), sql`day`])}`;
  });
  await sql`with grain as materialized (
      select dispatcher_id, coalesce(driver_id, 0) as driver_id, carrier_id, pickup_date as day, ${sql.join(figures.map((f, i) => sql`${f} as ${sql.ref(`s${i}`)}`))}
      from book_orders where deleted_at is null and status <> 'CANCELLED' group by dispatcher_id, coalesce(driver_id, 0), carrier_id, pickup_date)
    ${insert} ${sql.join(selects, sql` union all `)}`.execute(exec);
  // The calendar's loaded days: each booked load of a driver over its days, pickup to delivery.
  const steps = sql.join(
    Array.from({ length: MAX_LOAD_DAYS + 1 }, (_v, n) => sql`select ${sql.lit(n)} as n`),
    sql` union all `,
  );
  const postgres = isPostgres(exec);
  const span = postgres
    ? sql`(cast(o.delivery_date as date) - cast(o.pickup_date as date))`
    : sql`cast(julianday(o.delivery_date) - julianday(o.pickup_date) as integer)`;
  const dayOf = postgres
    ? sql`to_char(cast(o.pickup_date as date) + s.n, 'YYYY-MM-DD')`
    : sql`date(o.pickup_date, '+' || s.n || ' days')`;
  await sql`${insert} select ${DRIVER_COVER}, cast(driver_id as text), day, count(*), 0, 0, 0, 0, 0, 0, 0, 0 from (
      select o.driver_id, ${dayOf} as day from book_orders o join (${steps}) s on s.n <= ${span}
      where o.deleted_at is null and o.status <> 'CANCELLED' and o.driver_id is not null) covered
    group by driver_id, day`.execute(exec);
}

/** Fills the status-pair dims from the orders; `insert` and `sums` as rebuildOrderTotals writes them. */
async function rebuildStatusPairTotals(
  exec: Kysely<unknown>,
  insert = totalsInsert,
  sums = sql.join(totalsFigures),
): Promise<void> {
  for (const d of STATUS_PAIRS) {
    const column = sql.ref(d.column);
    await sql`${insert} select ${pairDim(d)}, status || ':' || cast(${column} as text), pickup_date, ${sums} from book_orders
      where deleted_at is null and ${column} is not null group by status, ${column}, pickup_date`.execute(exec);
  }
}

/** Adds the status-pair dims to a table that lacks them (migration 038). */
export async function addStatusPairTotals(db: Kysely<unknown>): Promise<void> {
  await sql`delete from book_order_totals where dim in (${sql.join(STATUS_PAIRS.map(pairDim))})`.execute(db);
  await rebuildStatusPairTotals(db);
}
