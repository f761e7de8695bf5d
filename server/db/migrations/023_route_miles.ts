import { type Kysely, sql } from 'kysely';
import { routeMiles } from '../frozen/routeMiles';
import { isPostgres } from '../frozen/schemaHelpers';

/**
 * Route miles (revenue per mile on the dashboard, docs/analytics.md#dashboard): book_orders.route_miles, the
 * straight-line miles between the stops' ZIP centroids (server/modules/bookOrders/routeMiles.ts; null when a ZIP is
 * unknown), written by every order write from now on and backfilled here for the orders there are (by the rule as it
 * was when this ran, frozen in server/db/frozen/routeMiles.ts).
 *
 * And the dashboard's indexes (server/modules/dashboard): partial ones holding just the orders each figure sums, with
 * the columns it reads, so each is a range read of a small index alone (measured at 1M orders on SQLite: AR ~66 →
 * ~4 ms, COD on the road ~17 → ~0.2 ms). Each query writes the condition literally as here: a bound parameter would
 * not prove the index's condition holds. Revenue per mile reads the miles from the per-day totals (migration 024).
 */
const BATCH = 2_000;

/** Reads the orders in id order, a batch at a time, and sets the miles of those whose ZIPs are known (one UPDATE a batch). */
async function backfill(db: Kysely<unknown>): Promise<void> {
  for (let after = 0; ;) {
    const { rows } = await sql<{ id: number; pickup_zip: string | null; delivery_zip: string | null }>`
      select id, pickup_zip, delivery_zip from book_orders where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (!rows.length) return;
    const [first, last] = [after, Number(rows[rows.length - 1].id)];
    after = last;
    const known = rows.flatMap((row) => {
      const miles = routeMiles(row.pickup_zip, row.delivery_zip);
      return miles === null ? [] : [sql`(${sql.lit(Number(row.id))}, ${sql.lit(miles)})`];
    });
    if (!known.length) continue;
    // Both databases name a VALUES list's columns column1, column2 …; integers as literals so PostgreSQL types them.
    // The id range keeps PostgreSQL on the batch's rows (without it, it joined the list to a scan of the whole table).
    await sql`update book_orders set route_miles = v.column2 from (values ${sql.join(known)}) as v
      where book_orders.id = v.column1 and book_orders.id > ${sql.lit(first)} and book_orders.id <= ${sql.lit(last)}`.execute(
      db,
    );
  }
}

/**
 * name → its key, the columns the figure reads, the orders it holds (`where`) and that condition's other columns:
 * SQLite reads the index alone only when they are in it too, PostgreSQL knows the condition holds.
 */
const INDEXES: Record<string, { key: string[]; read: string[]; where: string; whereColumns: string[] }> = {
  // AR: the price of unpaid orders by status.
  book_orders_receivable_status: {
    key: ['status'],
    read: ['price_cents'],
    where: "payment_status <> 'PAID' AND deleted_at IS NULL",
    whereColumns: ['payment_status', 'deleted_at'],
  },
  // COD on the road: the COD of orders paid on delivery by status.
  book_orders_cod_status: {
    key: ['status'],
    read: ['cod_amount_cents'],
    where: 'pay_on_delivery = 1 AND deleted_at IS NULL',
    whereColumns: ['pay_on_delivery', 'deleted_at'],
  },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('book_orders').addColumn('route_miles', 'integer').execute();
  await backfill(db);
  for (const [name, { key, read, where, whereColumns }] of Object.entries(INDEXES)) {
    const columns = isPostgres(db)
      ? `(${key.join(', ')}) INCLUDE (${read.join(', ')})`
      : `(${[...key, ...read, ...whereColumns].join(', ')})`;
    await sql.raw(`CREATE INDEX ${name} ON book_orders ${columns} WHERE ${where}`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(INDEXES)) await sql.raw(`DROP INDEX ${name}`).execute(db);
  await db.schema.alterTable('book_orders').dropColumn('route_miles').execute();
}
