import { type Kysely, sql } from 'kysely';
import type { BookOrderFilter } from '../../../schema/bookOrders';
import { MAX_LOAD_DAYS } from '../../../schema/calendar';
import { addDays } from '../../../schema/expiry';
import { weekStart } from '../../../schema/period';
import { isPostgres } from '../../db/schemaHelpers';
import type { Db } from '../../db/types';

/**
 * Per-day totals of the live (not deleted) orders, overall and per value of each list filter, kept in
 * book_order_totals in the same transaction as every order write.
 *
 * Why: every list request shows the count, price and broker fee of its WHOLE filtered set. Summing that from the
 * orders costs a scan of every matching index entry — at a million orders ~200 ms for "all time", ~9 ms for the
 * default period — and SQLite runs on the server's one thread, so every other request waits behind it. From this
 * table a period with at most one filter is a range read of one row per day (≤ 366 rows for a year).
 * Filter sets it does not cover (a search, deleted orders, two filters or more, but for a status with a dispatcher,
 * driver or carrier) are summed from the orders as before.
 *
 * The reports (server/modules/reports) read the same table through their own dims: every combination of dispatcher,
 * driver and carrier (REPORT_KEYS), over the booked orders only (not cancelled), with the vehicles, the COD of
 * delivered orders and the price of paid ones beside the count, price and fee (rowFigures). A report of any filters
 * and grouping is then a read of one row per day and key, whatever the number of orders.
 */

/** The columns an order's contribution depends on. */
const ROW_COLUMNS = [
  'pickup_date',
  'deleted_at',
  'price_cents',
  'broker_fee_cents',
  'dispatcher_id',
  'driver_id',
  'status',
  'load_board',
  'broker_id',
  'shipper_id',
  'carrier_id',
  'pickup_state_id',
  'delivery_state_id',
  'payment_method',
  'pay_on_pickup',
  'pay_on_delivery',
  'has_manager_review',
  'approved',
  'vehicle_count',
  'cod_amount_cents',
  'payment_status',
  'route_miles',
  'delivery_date',
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

/**
 * A status with one person or carrier, as the dispatch board reads a column of someone's board ("mine"): dim
 * 'status+dispatcher', value 'ASSIGNED:12'. Without them, each column's count and price summed the person's orders of
 * that status from the orders (PostgreSQL p99 ~60 ms for a dispatcher's five columns at a million orders, 10 clients).
 */
const STATUS_PAIRS = DIMENSIONS.filter((d) => d.dim === 'dispatcher' || d.dim === 'driver' || d.dim === 'carrier');
const pairDim = (d: Dimension) => `status+${d.dim}`;

/** The columns a report may filter or group by, in the order a report dim names them. */
export const REPORT_KEYS = ['dispatcher_id', 'driver_id', 'carrier_id'] as const;
export type ReportKeyColumn = (typeof REPORT_KEYS)[number];
/** Statuses whose COD the driver has collected (the load is delivered). */
export const DELIVERED_STATUSES = ['DELIVERED', 'INVOICED', 'PAID'] as const;

/** The dim of a set of report keys: 'report' for none, else 'report:dispatcher_id+carrier_id' (REPORT_KEYS order). */
export const reportDim = (keys: readonly ReportKeyColumn[]) => {
  const named = REPORT_KEYS.filter((k) => keys.includes(k));
  return named.length ? `report:${named.join('+')}` : 'report';
};
/** The value of a report key: the ids in REPORT_KEYS order joined by ':', 0 for an order without a driver. */
export const reportValue = (ids: Partial<Record<ReportKeyColumn, number | string>>, keys: readonly ReportKeyColumn[]) =>
  REPORT_KEYS.filter((k) => keys.includes(k))
    .map((k) => String(ids[k] ?? 0))
    .join(':');
/**
 * The same sums per week: dim 'week:' + the report dim, the day its Monday (weekStart). A report over whole weeks reads
 * one row per week and key instead of seven (a year by driver and carrier at a million orders: ~8 ms of day rows).
 */
export const reportWeekDim = (keys: readonly ReportKeyColumn[]) => `week:${reportDim(keys)}`;
/** Every subset of REPORT_KEYS (eight), each a report dim. */
const REPORT_KEY_SETS: ReportKeyColumn[][] = Array.from({ length: 2 ** REPORT_KEYS.length }, (_, mask) =>
  REPORT_KEYS.filter((_k, i) => mask & (1 << i)),
);

/**
 * The (dim, value, day) keys a live order adds to, on its pickup day (its week's Monday for the weekly report dims);
 * none for a deleted one. Cancelled orders are left out of the reports' dims.
 */
function keysOf(row: TotalsRow): { dim: string; value: string; day: string }[] {
  if (row.deleted_at !== null) return [];
  const day = String(row.pickup_date);
  const keys: { dim: string; value: string }[] = [ALL];
  for (const d of DIMENSIONS) {
    const value = row[d.column];
    if (value === null || value === undefined) continue;
    if (d.only !== undefined && Number(value) !== d.only) continue;
    keys.push({ dim: d.dim, value: String(value) });
  }
  for (const d of STATUS_PAIRS) {
    const value = row[d.column];
    if (value !== null && value !== undefined) keys.push({ dim: pairDim(d), value: `${row.status}:${value}` });
  }
  if (row.status !== 'CANCELLED') {
    const ids = {
      dispatcher_id: row.dispatcher_id ?? 0,
      driver_id: row.driver_id ?? 0,
      carrier_id: row.carrier_id ?? 0,
    };
    for (const set of REPORT_KEY_SETS) keys.push({ dim: reportDim(set), value: reportValue(ids, set) });
    const monday = weekStart(day);
    return [
      ...keys.map((key) => ({ ...key, day })),
      ...REPORT_KEY_SETS.map((set) => ({ dim: reportWeekDim(set), value: reportValue(ids, set), day: monday })),
    ];
  }
  return keys.map((key) => ({ ...key, day }));
}

/**
 * The Performance Calendar's loaded days (server/modules/calendar): per driver and day, how many booked loads (not
 * cancelled) cover the day — from pickup to delivery, MAX_LOAD_DAYS at most past the pickup. Counted under dim
 * DRIVER_COVER (value: the driver's id) with the count only, so a month of every driver is a read of at most one row
 * per driver and day, not of the month's loads (~130,000 index entries a month at a million orders).
 */
export const DRIVER_COVER = 'driver_cover';

/** The days a live, booked load of a driver covers (none for others). */
function coveredDays(row: TotalsRow): string[] {
  if (row.deleted_at !== null || row.status === 'CANCELLED' || row.driver_id === null || row.driver_id === undefined)
    return [];
  const days: string[] = [];
  const last = String(row.delivery_date);
  for (let day = String(row.pickup_date), n = 0; day <= last && n <= MAX_LOAD_DAYS; day = addDays(day, 1), n++)
    days.push(day);
  return days;
}

/** What one order adds to each of its keys beside its count, price and fee. */
function rowFigures(row: TotalsRow) {
  const price = Number(row.price_cents);
  const miles = Number(row.route_miles ?? 0);
  return {
    vehicles: Number(row.vehicle_count),
    cod_cents: (DELIVERED_STATUSES as readonly unknown[]).includes(row.status) ? Number(row.cod_amount_cents) : 0,
    paid_cents: row.payment_status === 'PAID' ? price : 0,
    // Revenue per mile counts only the orders whose distance is known (and not zero).
    miles_count: miles > 0 ? 1 : 0,
    miles_price_cents: miles > 0 ? price : 0,
    miles: miles > 0 ? miles : 0,
  };
}

export async function readTotalsRow(trx: Db, id: number): Promise<TotalsRow | null> {
  return (
    ((await trx
      .selectFrom('book_orders')
      .select([...ROW_COLUMNS])
      .where('id', '=', id)
      .executeTakeFirst()) as TotalsRow | undefined) ?? null
  );
}

async function add(trx: Db, row: TotalsRow, sign: 1 | -1): Promise<void> {
  const keys = keysOf(row);
  if (!keys.length) return;
  const covered = coveredDays(row);
  if (covered.length) {
    const zero = {
      price_cents: 0,
      fee_cents: 0,
      vehicles: 0,
      cod_cents: 0,
      paid_cents: 0,
      miles_count: 0,
      miles_price_cents: 0,
      miles: 0,
    };
    await trx
      .insertInto('book_order_totals')
      .values(covered.map((day) => ({ dim: DRIVER_COVER, value: String(row.driver_id), day, count: sign, ...zero })))
      .onConflict((oc) =>
        oc.columns(['dim', 'value', 'day']).doUpdateSet({ count: sql`book_order_totals.count + excluded.count` }),
      )
      .execute();
  }
  const figures = rowFigures(row);
  const sums = {
    count: sign,
    price_cents: sign * Number(row.price_cents),
    fee_cents: sign * Number(row.broker_fee_cents),
    vehicles: sign * figures.vehicles,
    cod_cents: sign * figures.cod_cents,
    paid_cents: sign * figures.paid_cents,
    miles_count: sign * figures.miles_count,
    miles_price_cents: sign * figures.miles_price_cents,
    miles: sign * figures.miles,
  };
  await trx
    .insertInto('book_order_totals')
    .values(keys.map((k) => ({ ...k, ...sums })))
    .onConflict((oc) =>
      oc
        .columns(['dim', 'value', 'day'])
        .doUpdateSet(
          Object.fromEntries(
            Object.keys(sums).map((column) => [
              column,
              sql`${sql.ref(`book_order_totals.${column}`)} + ${sql.ref(`excluded.${column}`)}`,
            ]),
          ),
        ),
    )
    .execute();
}

/** Moves an order's contribution from what it was (null: new) to what it is now; call inside the write's transaction. */
export async function adjustTotals(trx: Db, before: TotalsRow | null, after: TotalsRow | null): Promise<void> {
  if (before) await add(trx, before, -1);
  if (after) await add(trx, after, 1);
}

const delivered = sql.join(DELIVERED_STATUSES.map((status) => sql.lit(status)));
// count, price, fee, vehicles, COD of delivered orders, price of paid ones, and of the orders with a distance their
// count, price and miles (rowFigures).
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

/** The columns of an order the per-day totals read: each dimension's, the status and pickup date, the figures' inputs. */
const SOURCE_COLUMNS = [
  ...new Set([
    ...DIMENSIONS.map((d) => d.column),
    'status',
    'pickup_date',
    'price_cents',
    'broker_fee_cents',
    'vehicle_count',
    'cod_amount_cents',
    'payment_status',
    'route_miles',
  ]),
];

/**
 * Recomputes the whole table from the orders (migration, seeds, bulk load). The key of every dimension, of each status
 * pair and of 'all' is summed in one statement over one narrow copy of the live orders, made once: a pass of its own
 * over the wide orders table took twice as long each (at a million orders on SQLite, 3.1 s against 1.5 s, twenty
 * times over).
 */
export async function rebuildOrderTotals(db: Kysely<unknown> | Db): Promise<void> {
  const exec = db as Kysely<unknown>;
  await sql`delete from book_order_totals`.execute(exec);
  const figures = totalsFigures;
  const sums = sql.join(figures);
  const insert = totalsInsert;
  const perKey = [
    sql`select 'all', '', pickup_date, ${sums} from src group by pickup_date`,
    ...DIMENSIONS.map((d) => {
      const column = sql.ref(d.column);
      return d.only !== undefined
        ? sql`select ${d.dim}, ${String(d.only)}, pickup_date, ${sums} from src where ${column} = ${d.only} group by pickup_date`
        : sql`select ${d.dim}, cast(${column} as text), pickup_date, ${sums} from src where ${column} is not null
            group by ${column}, pickup_date`;
    }),
    ...STATUS_PAIRS.map((d) => {
      const column = sql.ref(d.column);
      return sql`select ${pairDim(d)}, status || ':' || cast(${column} as text), pickup_date, ${sums} from src
        where ${column} is not null group by status, ${column}, pickup_date`;
    }),
  ];
  await sql`with src as materialized (
      select ${sql.join(SOURCE_COLUMNS.map((c) => sql.ref(c)))} from book_orders where deleted_at is null)
    ${insert} ${sql.join(perKey, sql` union all `)}`.execute(exec);
  // The reports' dims from one pass over the orders: their sums per dispatcher, driver, carrier and day (the finest
  // key, ~600 rows a day), which every coarser key then adds up (~11 s at a million orders; a pass each took ~50 s).
  // The weekly dims add up the same grain by its week's Monday.
  const postgres = isPostgres(exec);
  const monday = postgres
    ? sql`to_char(date_trunc('week', cast(day as date)), 'YYYY-MM-DD')`
    : sql`date(day, '-' || ((cast(strftime('%w', day) as integer) + 6) % 7) || ' days')`;
  const selects = REPORT_KEY_SETS.flatMap((set) => {
    const value = set.length
      ? sql.join(
          set.map((k) => sql`cast(${sql.ref(k)} as text)`),
          sql` || ':' || `,
        )
      : sql`''`;
    const summed = sql.join(figures.map((_f, i) => sql`sum(${sql.ref(`s${i}`)})`));
    const keys = set.map((k) => sql.ref(k));
    return [
      sql`select ${sql.lit(reportDim(set))}, ${value}, day, ${summed} from grain group by ${sql.join([...keys, sql`day`])}`,
      sql`select ${sql.lit(reportWeekDim(set))}, ${value}, ${monday}, ${summed} from grain group by ${sql.join([...keys, monday])}`,
    ];
  });
  await sql`with grain as materialized (
      select dispatcher_id, coalesce(driver_id, 0) as driver_id, carrier_id, pickup_date as day, ${sql.join(figures.map((f, i) => sql`${f} as ${sql.ref(`s${i}`)}`))}
      from book_orders where deleted_at is null and status <> 'CANCELLED' group by dispatcher_id, coalesce(driver_id, 0), carrier_id, pickup_date)
    ${insert} ${sql.join(selects, sql` union all `)}`.execute(exec);
  // The calendar's loaded days: each booked load of a driver over its days, pickup to delivery (coveredDays).
  const steps = sql.join(
    Array.from({ length: MAX_LOAD_DAYS + 1 }, (_v, n) => sql`select ${sql.lit(n)} as n`),
    sql` union all `,
  );
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

/** Fills the status-pair dims (STATUS_PAIRS) from the orders; `insert` and `sums` as rebuildOrderTotals writes them. */
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

/**
 * Booked loads (not cancelled) are what the reports' dims count: by dispatcher, driver and carrier, any of them.
 * Null when the filter also uses another dimension (the list then counts the orders themselves).
 */
function bookedKey(f: BookOrderFilter, dimensionsUsed: number): { dim: string; value: string } | null {
  const ids = { dispatcher_id: f.dispatcherId, driver_id: f.driverId, carrier_id: f.carrierId };
  const keys = REPORT_KEYS.filter((k) => ids[k] !== undefined);
  if (keys.length !== dimensionsUsed) return null;
  return { dim: reportDim(keys), value: reportValue(ids as Record<ReportKeyColumn, number>, keys) };
}

/** A status and one of STATUS_PAIRS as their pair's key, else null. */
function statusPairKey(used: { dim: string; value: string }[]): { dim: string; value: string } | null {
  const status = used.find((u) => u.dim === 'status');
  const other = used.find((u) => u.dim !== 'status');
  const pair = other && STATUS_PAIRS.find((d) => d.dim === other.dim);
  return used.length === 2 && status && pair ? { dim: pairDim(pair), value: `${status.value}:${other.value}` } : null;
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
  const key = f.hideCancelled ? bookedKey(f, used.length) : used.length > 1 ? statusPairKey(used) : (used[0] ?? ALL);
  if (!key) return null;
  let query = db
    .selectFrom('book_order_totals')
    .select(({ fn }) => [
      fn.sum<number>('count').as('count'),
      fn.sum<number>('price_cents').as('price'),
      fn.sum<number>('fee_cents').as('fee'),
    ])
    .where('dim', '=', key.dim)
    .where('value', '=', key.value);
  if (range.from) query = query.where('day', '>=', range.from);
  if (range.to) query = query.where('day', '<=', range.to);
  return query;
}
