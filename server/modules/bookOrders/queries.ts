import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { type BookOrderFilter, type BookOrderInput, periodRange } from '../../../schema/bookOrders';
import type { DialectName } from '../../db';
import { prepared } from '../../db/prepared';
import type { Db } from '../../db/types';
import { badRequest } from '../../http/errors';
import { containsPattern } from '../users/queries';
import { rolledUpTotalsQuery } from './totals';

/**
 * Any query over book_orders aliased "o" (with or without the name joins). Kysely's table-alias generics do not
 * compose across helpers, so the helpers take and return the caller's own query type.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

export const today = () => new Date().toISOString().slice(0, 10);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Condition = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;

/**
 * Search: any part of the number, the external load id or a VIN (trigram index), of a pickup or delivery city (the
 * matching names from book_order_cities, then the (city, pickup_date) indexes), or of the broker's or shipper's name.
 * The five ways an order can match, each served by its own index.
 */
function searchBranches(db: Db, dialect: DialectName, text: string): Condition[] {
  const pattern = containsPattern(text);
  const named = (table: 'brokers' | 'shippers') => db.selectFrom(table).select('id').where(sql<boolean>`lower(name) like ${pattern} escape '\\'`);
  const cities = db.selectFrom('book_order_cities').select('name').where(sql<boolean>`lower(name) like ${pattern} escape '\\'`);
  let own: Condition;
  if (dialect === 'postgres') own = (eb) => eb(sql`o.search_text`, 'like', sql`${pattern} escape '\\'`);
  else if (text.length >= 3) {
    // FTS5 trigram: a quoted phrase matches any substring of three characters or more.
    const phrase = `"${text.toLowerCase().replace(/"/g, '""')}"`;
    own = (eb) => eb('o.id', 'in', sql<number>`(select rowid from book_order_search where book_order_search match ${phrase})`);
  } else own = (eb) => eb(sql`o.search_text`, 'like', sql`${pattern} escape '\\'`);
  return [
    own, (eb) => eb('o.broker_id', 'in', named('brokers')), (eb) => eb('o.shipper_id', 'in', named('shippers')),
    (eb) => eb('o.pickup_city', 'in', cities), (eb) => eb('o.delivery_city', 'in', cities),
  ];
}

function searchCondition(db: Db, dialect: DialectName, text: string): Condition {
  const branches = searchBranches(db, dialect, text);
  return (eb) => eb.or(branches.map((branch) => branch(eb)));
}

/** The shared list filter (SPEC.md §3) and the book-order filters, as WHERE clauses; each one has its index. */
export function applyFilter<Q extends AnyQuery>(db: Db, dialect: DialectName, input: Q, f: BookOrderFilter, now = today()): Q {
  let query: AnyQuery = input;
  const range = periodRange(f.filtered, now, f.from, f.to);
  if (range.from) query = query.where('o.pickup_date', '>=', range.from);
  if (range.to) query = query.where('o.pickup_date', '<=', range.to);
  if (!f.showDeleted) query = query.where('o.deleted_at', 'is', null);
  if (f.showNotApproved) query = query.where('o.approved', '=', 0);
  if (f.hasManagerReview) query = query.where('o.has_manager_review', '=', 1);
  if (f.payOnPickup) query = query.where('o.pay_on_pickup', '=', 1);
  if (f.payOnDelivery) query = query.where('o.pay_on_delivery', '=', 1);
  const equal = [
    ['o.dispatcher_id', f.dispatcherId], ['o.driver_id', f.driverId], ['o.payment_method', f.paymentMethod], ['o.status', f.status],
    ['o.load_board', f.loadBoard], ['o.broker_id', f.brokerId], ['o.shipper_id', f.shipperId], ['o.carrier_id', f.carrierId],
    ['o.pickup_state_id', f.pickupStateId], ['o.delivery_state_id', f.deliveryStateId],
  ] as const;
  for (const [column, value] of equal) if (value !== undefined) query = query.where(column, '=', value as never);
  if (f.search) query = query.where(searchCondition(db, dialect, f.search));
  return query as Q;
}

const SORT_COLUMNS = {
  pickupDate: 'o.pickup_date', deliveryDate: 'o.delivery_date', orderNumber: 'o.order_number', price: 'o.price_cents',
  status: 'o.status', createdAt: 'o.created_at', id: 'o.id',
} as const;

/** The sort column and direction: newest pickups first unless asked otherwise. */
function sortOf(sort: string | undefined) {
  const field = (sort?.replace(/^-/, '') ?? 'pickupDate') as keyof typeof SORT_COLUMNS;
  return { column: SORT_COLUMNS[field] ?? SORT_COLUMNS.pickupDate, direction: !sort || sort.startsWith('-') ? 'desc' as const : 'asc' as const };
}

/** The list order; id breaks ties so pages never overlap. */
export function applySort<Q extends AnyQuery>(query: Q, sort: string | undefined): Q {
  const { column, direction } = sortOf(sort);
  return query.orderBy(column, direction).orderBy('o.id', direction) as Q;
}

/**
 * The ids of a search's page. With the five match conditions OR-ed, SQLite gathers every matching order and sorts
 * them all (a broker name matching 6,000 orders: 2.2 ms); instead each condition takes its own first (page + 1) ×
 * size orders from its index, and the page is cut from their union (0.3 ms). Every order of the page is among the
 * first ones of a condition it matches, so the page is the same.
 */
function searchPageIds(db: Db, dialect: DialectName, f: BookOrderFilter, now: string) {
  const { column, direction } = sortOf(f.sort);
  const depth = (f.page + 1) * f.size;
  const others = applyFilter(db, dialect, db.selectFrom('book_orders as o').select(['o.id', sql.ref(column).as('sort_key')]), { ...f, search: undefined }, now);
  const [first, ...rest] = searchBranches(db, dialect, f.search!).map((branch, i) =>
    db.selectFrom(others.where(branch).orderBy(column, direction).orderBy('o.id', direction).limit(depth).as(`b${i}`)).selectAll());
  const union = rest.reduce((query, branch) => query.union(branch), first);
  return db.selectFrom(union.as('m')).select('m.id').orderBy('m.sort_key', direction).orderBy('m.id', direction).limit(f.size).offset(f.page * f.size);
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
      'b.name as brokerName', 'sh.name as shipperName', 'ps.abbreviation as pickupState', 'ds.abbreviation as deliveryState',
      sql<string | null>`dp.first_name || ' ' || dp.last_name`.as('dispatcherName'),
      sql<string | null>`dr.first_name || ' ' || dr.last_name`.as('driverName'),
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

/**
 * The columns of a list row (mapping.ts toOrderListItem). Reading all 56 columns and nine names of 50 rows took
 * 1.8 ms at 1M orders; these 29 and six names take about half.
 */
export const LIST_COLUMNS = [
  'o.id', 'o.order_number', 'o.load_board', 'o.external_load_id', 'o.broker_id', 'o.shipper_id', 'o.carrier_id', 'o.dispatcher_id', 'o.driver_id',
  'o.truck_id', 'o.trailer_id', 'o.status', 'o.pickup_city', 'o.pickup_state_id', 'o.pickup_date', 'o.delivery_city', 'o.delivery_state_id',
  'o.delivery_date', 'o.price_cents', 'o.broker_fee_cents', 'o.payment_method', 'o.pay_on_pickup', 'o.pay_on_delivery', 'o.payment_status',
  'o.has_manager_review', 'o.approved', 'o.vehicle_count', 'o.deleted_at', 'o.version',
] as const;

export function selectOrderListRows(db: Db) {
  return ordersWithListNames(db).select(LIST_COLUMNS);
}

/** GET by id's two statements, compiled once (prepared.ts). */
export function orderByIdQueries(db: Db) {
  return {
    order: prepared((id: number) => selectOrders(db).where('o.id', '=', id)),
    vehicles: prepared((id: number) => db.selectFrom('book_order_vehicles').selectAll().where('book_order_id', '=', id).orderBy('position')),
  };
}

/**
 * The list's two queries. Totals come from the per-day table when it covers the filter (totals.ts), else from the
 * orders. The page takes its 50 ids from the filter's index first and joins the names for those rows only, so a
 * deep page does not join the thousands of rows it skips.
 */
export function listQueries(db: Db, dialect: DialectName, f: BookOrderFilter, now = today()) {
  const totals = rolledUpTotalsQuery(db, f, periodRange(f.filtered, now, f.from, f.to))
    ?? applyFilter(db, dialect, db.selectFrom('book_orders as o'), f, now)
      .select(({ fn }) => [fn.countAll<number>().as('count'), fn.sum<number>('o.price_cents').as('price'), fn.sum<number>('o.broker_fee_cents').as('fee')]);
  const pageIds = f.search
    ? searchPageIds(db, dialect, f, now)
    : applySort(applyFilter(db, dialect, db.selectFrom('book_orders as o').select('o.id'), f, now), f.sort).limit(f.size).offset(f.page * f.size);
  const page = applySort(selectOrderListRows(db).where('o.id', 'in', pageIds), f.sort);
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
  const broker = await one(trx.selectFrom('brokers').select(['status']).where('id', '=', input.brokerId).where('deleted_at', 'is', null).executeTakeFirst(), 'brokerId', 'Choose an existing broker');
  if (broker.status === 'DO_NOT_USE') throw badRequest('This broker is marked do not use', 'brokerId');
  await one(trx.selectFrom('shippers').select('id').where('id', '=', input.shipperId).where('deleted_at', 'is', null).executeTakeFirst(), 'shipperId', 'Choose an existing shipper');
  await one(trx.selectFrom('carriers').select('id').where('id', '=', input.carrierId).where('deleted_at', 'is', null).executeTakeFirst(), 'carrierId', 'Choose one of the company’s carriers');
  await one(
    trx.selectFrom('users as u').innerJoin('user_roles as ur', 'ur.user_id', 'u.id').innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select('u.id').where('u.id', '=', input.dispatcherId).where('u.deleted_at', 'is', null).where('r.name', 'in', ['Dispatcher', 'DispatchManager']).executeTakeFirst(),
    'dispatcherId', 'Choose a dispatcher',
  );
  if (input.driverId) {
    await one(trx.selectFrom('drivers').select('id').where('id', '=', input.driverId).where('deleted_at', 'is', null).where('terminated_on', 'is', null).executeTakeFirst(), 'driverId', 'Choose an active driver');
  }
  for (const [field, type] of [['truckId', 'Truck'], ['trailerId', 'Trailer']] as const) {
    const id = input[field];
    if (id) await one(trx.selectFrom('units').select('id').where('id', '=', id).where('unit_type', '=', type).where('deleted_at', 'is', null).executeTakeFirst(), field, `Choose an existing ${type.toLowerCase()}`);
  }
  const stateIds = [input.pickup.stateId, input.delivery.stateId];
  const states = await trx.selectFrom('states').select('id').where('id', 'in', stateIds).execute();
  for (const [index, stop] of (['pickup', 'delivery'] as const).entries()) {
    if (!states.some((s) => s.id === stateIds[index])) throw badRequest('Choose a state', `${stop}.stateId`);
  }
}
