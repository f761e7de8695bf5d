import { type Kysely, sql } from 'kysely';
import { withId } from '../frozen/schemaHelpers';

/**
 * The bill of lading of an order's pickup or delivery (server/modules/vehicleInspections/bol*.ts):
 * - bol_links: the online links to it, which work without signing in until they expire or are revoked. Only the
 *   SHA-256 of a link's token is kept: the token itself is in the one answer that made it (and the mail that sent it);
 * - bol_mailings: the bill mailed to the shipper and broker, once per order and stage — the unique key is what makes
 *   a second call (a retry, another server) send nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);

  await withId(db, db.schema.createTable('bol_links'))
    .addColumn('book_order_id', 'integer', (c) => c.notNull().references('book_orders.id'))
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('token_sha256', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await run(`CREATE UNIQUE INDEX bol_links_token ON bol_links (token_sha256)`);
  await run(`CREATE INDEX bol_links_order ON bol_links (book_order_id, id)`);

  await withId(db, db.schema.createTable('bol_mailings'))
    .addColumn('book_order_id', 'integer', (c) => c.notNull().references('book_orders.id'))
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('link_id', 'integer', (c) => c.references('bol_links.id'))
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await run(`CREATE UNIQUE INDEX bol_mailings_order_stage ON bol_mailings (book_order_id, stage)`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bol_mailings').execute();
  await db.schema.dropTable('bol_links').execute();
}
