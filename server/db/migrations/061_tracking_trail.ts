import { type Kysely, sql } from 'kysely';
import { withId } from '../frozen/schemaHelpers';

/**
 * tracking_trail: the places a driver's phone reported along a load, in order (server/modules/tracking/routes.ts),
 * as tracking_positions keeps them: the nearest ZIP, never the coordinates. One row each time the ZIP changes, so a
 * phone that reports every minute from one town adds one row. IFTA follows them for the load's miles per state
 * (server/modules/ifta, docs/product/ifta.md#miles) instead of the straight line between the stops. A load's last
 * place reported before this migration is its trail's first row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('tracking_trail'))
    .addColumn('book_order_id', 'integer', (c) => c.notNull().references('book_orders.id'))
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await sql.raw(`CREATE INDEX tracking_trail_order ON tracking_trail (book_order_id, id)`).execute(db);
  // The places reported before the trail was kept: each load's last one, the one tracking_positions holds.
  await sql
    .raw(
      `INSERT INTO tracking_trail (book_order_id, zip, at) SELECT book_order_id, zip, at FROM tracking_positions ORDER BY at`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tracking_trail').execute();
}
