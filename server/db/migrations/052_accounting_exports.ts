import { type Kysely, sql } from 'kysely';
import { withId } from '../frozen/schemaHelpers';

/**
 * The accounting export (server/modules/accountingExport, docs/product/accounting-export.md):
 * - accounting_exports: one export of a period in one format (IIF for QuickBooks Desktop, CSV for QuickBooks Online),
 *   who made it, and what it carried (counts as JSON). Never deleted: it is the record of what the books received;
 * - accounting_export_files: the files of an export, their bytes kept in documents (owner 'accounting_export');
 * - accounting_export_entries: each account, customer, item, invoice, credit note, payment or reversal an export
 *   carried, with the fingerprint of what was written. The newest entry of an entity in a format is what the books
 *   hold, so a later export carries only what is new or whose fingerprint changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);

  await withId(db, db.schema.createTable('accounting_exports'))
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('from_on', 'text', (c) => c.notNull())
    .addColumn('to_on', 'text', (c) => c.notNull())
    .addColumn('counts', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await run(`CREATE INDEX accounting_exports_period ON accounting_exports (format, from_on, to_on)`);

  await withId(db, db.schema.createTable('accounting_export_files'))
    .addColumn('export_id', 'integer', (c) => c.notNull().references('accounting_exports.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id'))
    .execute();
  await run(`CREATE UNIQUE INDEX accounting_export_files_kind ON accounting_export_files (export_id, kind)`);

  await withId(db, db.schema.createTable('accounting_export_entries'))
    .addColumn('export_id', 'integer', (c) => c.notNull().references('accounting_exports.id'))
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('entity_kind', 'text', (c) => c.notNull())
    .addColumn('entity_key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .execute();
  await run(
    `CREATE INDEX accounting_export_entries_entity ON accounting_export_entries (format, entity_kind, entity_key, id)`,
  );
  await run(`CREATE INDEX accounting_export_entries_export ON accounting_export_entries (export_id)`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['accounting_export_entries', 'accounting_export_files', 'accounting_exports'])
    await db.schema.dropTable(table).execute();
}
