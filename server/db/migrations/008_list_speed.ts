import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../frozen/schemaHelpers';

/**
 * Million-order lists (bench/orders.ts):
 * - book_order_totals: per-day totals, overall and per filter value (see modules/bookOrders/totals.ts);
 * - book_order_cities: the distinct pickup and delivery cities, so a search for "hous" becomes
 *   "pickup_city / delivery_city in ('Houston')" read through (city, pickup_date) indexes within the period,
 *   instead of a trigram match over every order ever sent to Houston;
 * - cities leave search_text (order number, external load id and VINs stay in the trigram index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('book_order_totals')
    .addColumn('dim', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('fee_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('book_order_totals_key', ['dim', 'value', 'day'])
    .execute();
  await db.schema
    .createTable('book_order_cities')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .execute();
  for (const stop of ['pickup', 'delivery']) {
    await db.schema
      .createIndex(`book_orders_${stop}_city`)
      .on('book_orders')
      .columns([`${stop}_city`, 'pickup_date', 'id'])
      .execute();
  }

  const vins = isPostgres(db)
    ? sql`(select ' ' || string_agg(v.vin, ' ' order by v.position) from book_order_vehicles v where v.book_order_id = book_orders.id)`
    : sql`(select ' ' || group_concat(vin, ' ') from (select vin from book_order_vehicles v where v.book_order_id = book_orders.id order by v.position))`;
  await sql`update book_orders set search_text = lower(order_number || coalesce(' ' || external_load_id, '') || coalesce(${vins}, ''))`.execute(
    db,
  );
  if (!isPostgres(db)) {
    await sql`delete from book_order_search`.execute(db);
    await sql`insert into book_order_search (rowid, text) select id, search_text from book_orders`.execute(db);
  }
  // The totals are filled by migration 024, which rebuilds them with the columns added since (the current rebuild
  // writes columns this migration does not create).
  // The distinct cities, as server/modules/bookOrders/cities.ts rebuildOrderCities wrote them when this ran (frozen
  // here: a change to the module must not change this migration).
  await sql`delete from book_order_cities`.execute(db);
  await sql`insert into book_order_cities (name) select pickup_city from book_orders union select delivery_city from book_orders`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const stop of ['pickup', 'delivery']) await db.schema.dropIndex(`book_orders_${stop}_city`).execute();
  await db.schema.dropTable('book_order_cities').execute();
  await db.schema.dropTable('book_order_totals').execute();
}
