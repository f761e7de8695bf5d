import { type Kysely, sql } from 'kysely';
import { isPostgres, withId } from '../frozen/schemaHelpers';

/**
 * Draft orders read from dispatch sheets (server/modules/orderDrafts, docs/product/dispatch-sheets.md): one row per
 * sheet uploaded or received by mail, kept until booked or discarded.
 * - status OPEN → BOOKED (book_order_id names the order) or DISCARDED; version guards both moves;
 * - source UPLOAD (created_by) or EMAIL (mail_from, the sender; created_by null);
 * - the file: its name, size, SHA-256 (the same file again is shown as such), its bytes in content or, with S3_URL,
 *   the object store (object_key), as documents keep theirs;
 * - reading: what the reader found (schema/dispatchSheets.ts SheetReading) as JSON, and its layout.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('order_drafts'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('object_key', 'text')
    .addColumn('layout', 'text', (c) => c.notNull())
    .addColumn('reading', 'text', (c) => c.notNull())
    .addColumn('mail_from', 'text')
    .addColumn('mail_subject', 'text')
    .addColumn('book_order_id', 'integer', (c) => c.references('book_orders.id'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql.raw(`CREATE INDEX order_drafts_status ON order_drafts (status, id)`).execute(db);
  await sql.raw(`CREATE INDEX order_drafts_sha256 ON order_drafts (sha256)`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_drafts').execute();
}
