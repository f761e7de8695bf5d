import { type Kysely, sql } from 'kysely';
import { rebuildOrderTotals } from '../frozen/orderTotals';
import { isPostgres } from '../frozen/schemaHelpers';

/**
 * The reports (docs/analytics.md, server/modules/reports) read the per-day totals: they gain the vehicles, the COD of
 * delivered orders and the price of paid ones, and the reports' own dims (every combination of dispatcher, driver and
 * carrier over the booked orders, bookOrders/totals.ts), filled here from the orders (server/db/frozen/orderTotals.ts); and the dashboard's revenue per
 * mile its orders with a known distance, their price and miles (a scan of the orders took ~21 ms of each dashboard).
 *
 * The table is made anew to hold them. On SQLite it is a WITHOUT ROWID table: its rows live in the key's own B-tree,
 * so a report reading a year of days per driver (15,000 rows at a million orders) reads them in key order with their
 * sums, not through the key index and then each row by its rowid (30 ms → 11 ms for that read).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('book_order_totals').execute();
  const table = db.schema
    .createTable('book_order_totals')
    .addColumn('dim', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('fee_cents', 'bigint', (c) => c.notNull())
    .addColumn('vehicles', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cod_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    // Revenue per mile (the dashboard): the orders with a known distance (023), their price and their miles.
    .addColumn('miles_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('miles_price_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('miles', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('book_order_totals_key', ['dim', 'value', 'day']);
  await (isPostgres(db) ? table : table.modifyEnd(sql`without rowid`)).execute();
  await rebuildOrderTotals(db);
}

/** Back to the list's dims and sums (the shape of migration 008). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from book_order_totals where dim like 'report%'`.execute(db);
  for (const column of ['vehicles', 'cod_cents', 'paid_cents', 'miles_count', 'miles_price_cents', 'miles'])
    await db.schema.alterTable('book_order_totals').dropColumn(column).execute();
}
