import { type Kysely, sql } from 'kysely';
import { withId } from '../frozen/schemaHelpers';

/**
 * Tracking links and customer notices (server/modules/tracking, docs/product/tracking.md):
 * - tracking_links: an order's links to its public tracking page. The token is never stored: it is the HMAC of the
 *   row's random salt under the server's secret, so the database alone opens nothing, and the row keeps the token's
 *   SHA-256 to find the link a request names. A link works until revoked, or until the company's days after delivery;
 * - tracking_positions: the last city a driver's phone reported for a load (the nearest ZIP's city and state, and when;
 *   never the coordinates), one row per order;
 * - tracking_notices: the mail sent to the shipper and broker, once per order and kind (picked up, delivered, estimate
 *   past the window) — the unique key is what makes a retried transaction or a second server send nothing;
 * - tracking_recipients: each address that got notices for a customer (a shipper or a broker), with its opt-out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);

  await withId(db, db.schema.createTable('tracking_links'))
    .addColumn('book_order_id', 'integer', (c) => c.notNull().references('book_orders.id'))
    .addColumn('salt', 'text', (c) => c.notNull())
    .addColumn('token_sha256', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await run(`CREATE UNIQUE INDEX tracking_links_token ON tracking_links (token_sha256)`);
  await run(`CREATE INDEX tracking_links_order ON tracking_links (book_order_id, id)`);

  await db.schema
    .createTable('tracking_positions')
    .addColumn('book_order_id', 'integer', (c) => c.primaryKey().references('book_orders.id'))
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('drivers.id'))
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('tracking_notices'))
    .addColumn('book_order_id', 'integer', (c) => c.notNull().references('book_orders.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await run(`CREATE UNIQUE INDEX tracking_notices_order_kind ON tracking_notices (book_order_id, kind)`);

  await withId(db, db.schema.createTable('tracking_recipients'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('customer_kind', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('opted_out_at', 'text')
    .execute();
  await run(
    `CREATE UNIQUE INDEX tracking_recipients_address ON tracking_recipients (email, customer_kind, customer_id)`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['tracking_recipients', 'tracking_notices', 'tracking_positions', 'tracking_links'])
    await db.schema.dropTable(table).execute();
}
