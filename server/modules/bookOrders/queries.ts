import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { type BookOrderFilter, type BookOrderInput, periodRange } from '../../../schema/bookOrders';
import { todayIso } from '../../../schema/businessDay';
import type { DialectName } from '../../db';
import { type JsonRenderer, type JsonShape, jsonRenderer } from '../../db/json';
import { literalPage, prepared } from '../../db/prepared';
import type { BookOrdersTable, Db } from '../../db/types';
import { badRequest } from '../../http/errors';
import { BY_NAME, anyOf, searchBranches, searchPageIds, searchTotals, totalsOf } from './search';
import { rolledUpTotalsQuery } from './totals';
import { driverName } from '../drivers/names';

/**
 * Any query over book_orders aliased "o" (with or without the name joins). Kysely's table-alias generics do not
 * compose across helpers, so the helpers take and return the caller's own query type.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

/** Today as the lists' periods read it: the company's day (schema/businessDay.ts). */
export const today = () => todayIso();

/** The shared list filter and the book-order filters (docs/product/conventions.md#lists) as WHERE clauses, each indexed. */
export function applyFilter<Q extends AnyQuery>(
  db: Db,
  dialect: DialectName,
  input: Q,
  f: BookOrderFilter,
  now = today(),
  matches = BY_NAME,
): Q {
  let query: AnyQuery = input;
  const range = periodRange(f.filtered, now, f.from, f.to);
  // A period counted from today (this month, last week…) is written into the text: PostgreSQL then plans a page of it
  // once per connection (server/db/index.ts namedStatements) instead of on every call (0.7 ms a page at a million
  // orders) — the texts are few, one a period and day. Days someone typed (custom) stay parameters.
  const day = (value: string) => (f.filtered === 'custom' ? value : sql.lit(value));
  if (range.from) query = query.where('o.pickup_date', '>=', day(range.from));
  if (range.to) query = query.where('o.pickup_date', '<=', day(range.to));
  if (!f.showDeleted) query = query.where('o.deleted_at', 'is', null);
  if (f.showNotApproved) query = query.where('o.approved', '=', 0);
  if (f.hideCancelled) query = query.where('o.status', '!=', 'CANCELLED');
  if (f.hasManagerReview) query = query.where('o.has_manager_review', '=', 1);
  if (f.payOnPickup) query = query.where('o.pay_on_pickup', '=', 1);
  if (f.payOnDelivery) query = query.where('o.pay_on_delivery', '=', 1);
  const equal = [
    ['o.dispatcher_id', f.dispatcherId],
    ['o.driver_id', f.driverId],
    ['o.payment_method', f.paymentMethod],
    ['o.status', f.status],
    ['o.load_board', f.loadBoard],
    ['o.broker_id', f.brokerId],
    ['o.shipper_id', f.shipperId],
    ['o.carrier_id', f.carrierId],
    ['o.pickup_state_id', f.pickupStateId],
    ['o.delivery_state_id', f.deliveryStateId],
  ] as const;
  for (const [column, value] of equal) if (value !== undefined) query = query.where(column, '=', value as never);
  if (f.search) query = query.where(anyOf(searchBranches(db, dialect, f.search, matches)));
  return query as Q;
}

const SORT_COLUMNS = {
  pickupDate: 'o.pickup_date',
  deliveryDate: 'o.delivery_date',
  orderNumber: 'o.order_number',
  price: 'o.price_cents',
  status: 'o.status',
  createdAt: 'o.created_at',
  id: 'o.id',
} as const;

/** The sort column and direction: newest pickups first unless asked otherwise. */
function sortOf(sort: string | undefined) {
  const field = (sort?.replace(/^-/, '') ?? 'pickupDate') as keyof typeof SORT_COLUMNS;
  return {
    column: SORT_COLUMNS[field] ?? SORT_COLUMNS.pickupDate,
    direction: !sort || sort.startsWith('-') ? ('desc' as const) : ('asc' as const),
  };
}

/** The list order; id breaks ties so pages never overlap. */
export function applySort<Q extends AnyQuery>(query: Q, sort: string | undefined): Q {
  const { column, direction } = sortOf(sort);
  return query.orderBy(column, direction).orderBy('o.id', direction) as Q;
}

/** book_orders "o" joined to the names a list row shows: broker, shipper, dispatcher, driver and the two states. */
function ordersWithListNames(db: Db) {
  return db
    .selectFrom('book_orders as o')
    .leftJoin('brokers as b', 'b.id', 'o.broker_id')
    .leftJoin('shippers as sh', 'sh.id', 'o.shipper_id')
    .leftJoin('users as dp', 'dp.id', 'o.dispatcher_id')
    .leftJoin('drivers as dr', 'dr.id', 'o.driver_id')
    .leftJoin('states as ps', 'ps.id', 'o.pickup_state_id')
    .leftJoin('states as ds', 'ds.id', 'o.delivery_state_id')
    .select([
      'b.name as brokerName',
      'sh.name as shipperName',
      'ps.abbreviation as pickupState',
      'ds.abbreviation as deliveryState',
      sql<string | null>`dp.first_name || ' ' || dp.last_name`.as('dispatcherName'),
      driverName('dr').as('driverName'),
    ]);
}

/** Every order column plus every name (the list's, the carrier and the units): what the form and GET by id show. */
export function selectOrders(db: Db) {
  return ordersWithListNames(db)
    .leftJoin('carriers as c', 'c.id', 'o.carrier_id')
    .leftJoin('units as tk', 'tk.id', 'o.truck_id')
    .leftJoin('units as tl', 'tl.id', 'o.trailer_id')
    .select(['c.name as carrierName', 'tk.unit_number as truckNumber', 'tl.unit_number as trailerNumber'])
    .selectAll('o');
}

const ref = (column: string) => sql.ref(column);
// Each name is a one-row lookup by key. As six LEFT JOINs the statement took PostgreSQL 5–9 ms to plan, and it plans
// a prepared statement afresh on every call while it judges its generic plan worse (an open-ended period does).
const lookup = (value: RawBuilder<unknown>, table: string, key: string) =>
  sql`(select ${value} from ${sql.table(table)} as n where n.id = ${sql.ref(key)})`;
const fullName = sql`n.first_name || ' ' || n.last_name`;
const stop = (json: JsonRenderer, prefix: 'pickup' | 'delivery') => ({
  city: ref(`o.${prefix}_city`),
  stateId: json.integer(ref(`o.${prefix}_state_id`)),
  state: lookup(sql`n.abbreviation`, 'states', `o.${prefix}_state_id`),
  date: ref(`o.${prefix}_date`),
});

/** How a page renders one order "o" as JSON in the database. */
export type ItemJson = (json: JsonRenderer) => RawBuilder<unknown>;

/**
 * A list row as the API sends it, rendered by the database (server/db/json.ts): what the list, its column chooser and
 * its row actions use, with the same names and shapes as the full order (mapping.ts toOrderDto; a stop carries city,
 * state and date only, the carrier and units their ids only). The form loads the whole order by id.
 */
const listItemJson: ItemJson = (json) => {
  const int = (column: string) => json.integer(ref(column));
  return json.document({
    id: int('o.id'),
    orderNumber: ref('o.order_number'),
    loadBoard: ref('o.load_board'),
    externalLoadId: ref('o.external_load_id'),
    brokerId: int('o.broker_id'),
    brokerName: lookup(sql`n.name`, 'brokers', 'o.broker_id'),
    shipperId: int('o.shipper_id'),
    shipperName: lookup(sql`n.name`, 'shippers', 'o.shipper_id'),
    carrierId: int('o.carrier_id'),
    dispatcherId: int('o.dispatcher_id'),
    dispatcherName: lookup(fullName, 'users', 'o.dispatcher_id'),
    driverId: int('o.driver_id'),
    driverName: sql`(select ${driverName('n')} from drivers as n where n.id = o.driver_id)`,
    truckId: int('o.truck_id'),
    trailerId: int('o.trailer_id'),
    status: ref('o.status'),
    pickup: stop(json, 'pickup'),
    delivery: stop(json, 'delivery'),
    price: json.dollars(ref('o.price_cents')),
    brokerFee: json.dollars(ref('o.broker_fee_cents')),
    paymentMethod: ref('o.payment_method'),
    payOnPickup: json.flag(ref('o.pay_on_pickup')),
    payOnDelivery: json.flag(ref('o.pay_on_delivery')),
    paymentStatus: ref('o.payment_status'),
    hasManagerReview: json.flag(ref('o.has_manager_review')),
    approved: json.flag(ref('o.approved')),
    vehicleCount: int('o.vehicle_count'),
    deleted: json.isSet(ref('o.deleted_at')),
    version: int('o.version'),
  });
};

/** The columns of book_orders a card is rendered from, with the two amounts every page row carries (ListPageRow). */
export const BOARD_CARD_COLUMNS = [
  'id',
  'order_number',
  'status',
  'pickup_city',
  'pickup_state_id',
  'pickup_date',
  'delivery_city',
  'delivery_state_id',
  'delivery_date',
  'vehicle_count',
  'pickup_inspected',
  'delivery_inspected',
  'price_cents',
  'broker_fee_cents',
  'dispatcher_id',
  'driver_id',
  'carrier_id',
  'approved',
  'has_manager_review',
  'pay_on_pickup',
  'pay_on_delivery',
  'deleted_at',
  'version',
] as const satisfies readonly (keyof BookOrdersTable)[];

/**
 * A dispatch-board card (schema/dispatchBoard.ts BoardCard): the fields a card shows and moves with, and no more (no
 * broker or shipper), so the board's five windows stay cheap. Rendered by the database like the list's rows (made
 * into JSON by the server instead, the board's first window was slower: its one thread was the busier), but once over
 * the whole window rather than in each column's page: each page selects the card's own columns raw
 * (BOARD_CARD_COLUMNS), and boardCardsOver renders them with the names joined once. As one-row lookups in each page,
 * the first window made 400 of them, PostgreSQL's largest cost after writing the JSON (pgbench: 40% more windows a
 * second with the joins and json.integer). It may name only BOARD_CARD_COLUMNS: the compiler holds the two together.
 */
function boardCardShape(json: JsonRenderer): JsonShape {
  const column = (name: (typeof BOARD_CARD_COLUMNS)[number]) => ref(`o.${name}`);
  const stopOf = (prefix: 'pickup' | 'delivery', state: RawBuilder<unknown>) => ({
    city: column(`${prefix}_city`),
    stateId: json.integer(column(`${prefix}_state_id`)),
    state,
    date: column(`${prefix}_date`),
  });
  return {
    id: json.integer(column('id')),
    orderNumber: column('order_number'),
    status: column('status'),
    pickup: stopOf('pickup', ref('ps.abbreviation')),
    delivery: stopOf('delivery', ref('ds.abbreviation')),
    vehicleCount: json.integer(column('vehicle_count')),
    inspected: {
      pickup: json.integer(column('pickup_inspected')),
      delivery: json.integer(column('delivery_inspected')),
    },
    price: json.dollars(column('price_cents')),
    dispatcherId: json.integer(column('dispatcher_id')),
    dispatcherName: sql`dp.first_name || ' ' || dp.last_name`,
    driverId: json.integer(column('driver_id')),
    driverName: driverName('dr'),
    carrierId: json.integer(column('carrier_id')),
    approved: json.flag(column('approved')),
    hasManagerReview: json.flag(column('has_manager_review')),
    payOnPickup: json.flag(column('pay_on_pickup')),
    payOnDelivery: json.flag(column('pay_on_delivery')),
    deleted: json.isSet(column('deleted_at')),
    version: json.integer(column('version')),
  };
}

/**
 * The cards of a board's window: `window` is the union of its columns' pages, each row the card's columns
 * (BOARD_CARD_COLUMNS) with `ord` (its column), `sort_key` and `sort_id`. Each row comes back as ListPageRow and
 * `ord`, in column order and each column in its page's order.
 */
export function boardCardsOver(
  dialect: DialectName,
  window: RawBuilder<unknown>,
): RawBuilder<ListPageRow & { ord: number }> {
  const json = jsonRenderer(dialect);
  const card = json.document(boardCardShape(json));
  return sql`select o.ord, ${card} as item, o.price_cents, o.broker_fee_cents from (${window}) as o
    left join states as ps on ps.id = o.pickup_state_id left join states as ds on ds.id = o.delivery_state_id
    left join users as dp on dp.id = o.dispatcher_id left join drivers as dr on dr.id = o.driver_id
    order by o.ord, o.sort_key, o.sort_id`;
}

/** A row of the page: the list item as JSON text, and the two amounts a page that holds the whole set is totalled from. */
export interface ListPageRow {
  item: string;
  price_cents: number;
  broker_fee_cents: number;
}

/**
 * The totals of a first page that is not full: it holds the whole filtered set (a precise search, a short column), so
 * its own rows are the totals and no totals query is needed. Null for any other page.
 */
export function ownTotals(
  rows: readonly ListPageRow[],
  page: number,
  size: number,
): { count: number; price: number; fee: number } | null {
  if (page !== 0 || rows.length >= size) return null;
  let price = 0;
  let fee = 0;
  for (const row of rows) {
    price += Number(row.price_cents);
    fee += Number(row.broker_fee_cents);
  }
  return { count: rows.length, price, fee };
}

/** GET by id's two statements, compiled once (prepared.ts). */
export function orderByIdQueries(db: Db) {
  return {
    order: prepared((id: number) => selectOrders(db).where('o.id', '=', id)),
    vehicles: prepared((id: number) =>
      db.selectFrom('book_order_vehicles').selectAll().where('book_order_id', '=', id).orderBy('position'),
    ),
  };
}

/**
 * The list's two queries. Totals come from the per-day table when it covers the filter (totals.ts), else from the
 * orders. The page takes its ids from the filter's index first and joins the names for those rows only, so a deep
 * page does not join the thousands of rows it skips; the database renders each row as JSON (ListPageRow), or, with
 * columns for `item`, leaves the rendering to the caller (the board, boardCardsOver). A search is served through the
 * names it matches, looked up first (search.ts searchMatchesQuery).
 */
export function listQueries(
  db: Db,
  dialect: DialectName,
  f: BookOrderFilter,
  now = today(),
  matches = BY_NAME,
  item: ItemJson | readonly string[] = listItemJson,
) {
  const sort = sortOf(f.sort);
  let totals;
  let pageIds;
  if (f.search) {
    const filtered = applyFilter(db, dialect, db.selectFrom('book_orders as o'), { ...f, search: undefined }, now);
    totals = searchTotals(db, f.search, filtered, searchBranches(db, dialect, f.search, matches));
    pageIds = searchPageIds(
      db,
      dialect,
      filtered,
      searchBranches(db, dialect, f.search, matches, true),
      sort,
      f.page,
      f.size,
    );
  } else {
    totals =
      rolledUpTotalsQuery(db, f, periodRange(f.filtered, now, f.from, f.to)) ??
      totalsOf(applyFilter(db, dialect, db.selectFrom('book_orders as o'), f, now));
    const ids = applyFilter(
      db,
      dialect,
      db.selectFrom('book_orders as o').select(['o.id', sql.ref(sort.column).as('sort_key')]),
      f,
      now,
    );
    pageIds = literalPage(applySort(ids, f.sort), f.page, f.size);
  }
  // Each row: the item rendered as JSON with the two amounts, or (the board) the given columns of "o" raw.
  const row =
    typeof item === 'function'
      ? [
          item(jsonRenderer(dialect)).as('item'),
          sql.ref('o.price_cents').as('price_cents'),
          sql.ref('o.broker_fee_cents').as('broker_fee_cents'),
        ]
      : item.map((column) => sql.ref(`o.${column}`).as(column));
  // A first page by pickup date is read straight from an index in order (every filter's index ends in pickup date and
  // id), rendering only its rows: one index walk instead of two. A sort no index gives would render every matching
  // row before sorting them, so other pages and sorts take their ids first.
  if (!f.search && f.page === 0 && sort.column === SORT_COLUMNS.pickupDate) {
    const rows = applyFilter(
      db,
      dialect,
      db.selectFrom('book_orders as o').select([...row, sql.ref(sort.column).as('sort_key'), 'o.id as sort_id']),
      f,
      now,
    );
    return { totals, page: literalPage(applySort(rows, f.sort), 0, f.size) };
  }
  // The page's ids in order, then each order and its names by key: SQLite loops over the ids in their order and sorts
  // nothing (joined with `in (ids)` instead, it sorted the 50 rendered rows again).
  const page = db
    .selectFrom('book_orders as o')
    .innerJoin(pageIds.as('p'), (join) => join.onRef('p.id', '=', 'o.id'))
    .select([...row, 'p.sort_key', 'p.id as sort_id'])
    .orderBy('p.sort_key', sort.direction)
    .orderBy('p.id', sort.direction);
  return { totals, page };
}

/** Keep the SQLite trigram index in step with search_text (PostgreSQL indexes the column itself). */
export async function indexSearch(trx: Db, dialect: DialectName, id: number, text: string): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`delete from book_order_search where rowid = ${id}`.execute(trx);
  await sql`insert into book_order_search (rowid, text) values (${id}, ${text})`.execute(trx);
}

/**
 * The parties an order names must exist and be usable; each problem is a 400 naming its field.
 */
export async function checkReferences(trx: Db, input: BookOrderInput): Promise<void> {
  const one = async <T>(promise: Promise<T | undefined>, field: string, message: string): Promise<T> => {
    const row = await promise;
    if (!row) throw badRequest(message, field);
    return row;
  };
  const broker = await one(
    trx
      .selectFrom('brokers')
      .select(['status'])
      .where('id', '=', input.brokerId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
    'brokerId',
    'Choose an existing broker',
  );
  if (broker.status === 'DO_NOT_USE') throw badRequest('This broker is marked do not use', 'brokerId');
  await one(
    trx
      .selectFrom('shippers')
      .select('id')
      .where('id', '=', input.shipperId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
    'shipperId',
    'Choose an existing shipper',
  );
  await one(
    trx
      .selectFrom('carriers')
      .select('id')
      .where('id', '=', input.carrierId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
    'carrierId',
    'Choose one of the company’s carriers',
  );
  await one(
    trx
      .selectFrom('users as u')
      .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select('u.id')
      .where('u.id', '=', input.dispatcherId)
      .where('u.deleted_at', 'is', null)
      .where('r.name', 'in', ['Dispatcher', 'DispatchManager'])
      .executeTakeFirst(),
    'dispatcherId',
    'Choose a dispatcher',
  );
  if (input.driverId) {
    await one(
      trx
        .selectFrom('drivers')
        .select('id')
        .where('id', '=', input.driverId)
        .where('deleted_at', 'is', null)
        .where('terminated_on', 'is', null)
        .executeTakeFirst(),
      'driverId',
      'Choose an active driver',
    );
  }
  for (const [field, type] of [
    ['truckId', 'Truck'],
    ['trailerId', 'Trailer'],
  ] as const) {
    const id = input[field];
    if (id)
      await one(
        trx
          .selectFrom('units')
          .select('id')
          .where('id', '=', id)
          .where('unit_type', '=', type)
          .where('deleted_at', 'is', null)
          .executeTakeFirst(),
        field,
        `Choose an existing ${type.toLowerCase()}`,
      );
  }
  const stateIds = [input.pickup.stateId, input.delivery.stateId];
  const states = await trx.selectFrom('states').select('id').where('id', 'in', stateIds).execute();
  for (const [index, stop] of (['pickup', 'delivery'] as const).entries()) {
    if (!states.some((s) => s.id === stateIds[index])) throw badRequest('Choose a state', `${stop}.stateId`);
  }
}
