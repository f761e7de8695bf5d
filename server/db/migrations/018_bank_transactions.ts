import type { Kysely } from 'kysely';
import { withId } from '../frozen/schemaHelpers';

/**
 * Bank matching (docs/product/bank.md), first part: the bank's rows as imported from its CSV exports, each once
 * (fingerprint, server/modules/bank/fingerprint.ts), and a record of every import. Matching adds its own tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('bank_imports'))
    .addColumn('layout', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('imported_by', 'integer', (c) => c.references('users.id'))
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addColumn('rows_read', 'integer', (c) => c.notNull())
    .addColumn('added', 'integer', (c) => c.notNull())
    .addColumn('already_there', 'integer', (c) => c.notNull())
    .addColumn('first_day', 'text')
    .addColumn('last_day', 'text')
    .execute();
  await db.schema.createIndex('bank_imports_at').on('bank_imports').columns(['imported_at']).execute();

  await withId(db, db.schema.createTable('bank_transactions'))
    .addColumn('import_id', 'integer', (c) => c.notNull().references('bank_imports.id'))
    .addColumn('layout', 'text', (c) => c.notNull())
    .addColumn('posted_on', 'text', (c) => c.notNull())
    .addColumn('transaction_on', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('details', 'text')
    .addColumn('type', 'text')
    .addColumn('category', 'text')
    .addColumn('balance_cents', 'bigint')
    .addColumn('check_number', 'text')
    .addColumn('memo', 'text')
    .addColumn('fingerprint', 'text', (c) => c.notNull().unique())
    .addColumn('line', 'integer', (c) => c.notNull())
    .execute();
  // The screen's list by date; candidates by amount; an import's rows.
  await db.schema
    .createIndex('bank_transactions_posted_on')
    .on('bank_transactions')
    .columns(['posted_on', 'id'])
    .execute();
  await db.schema
    .createIndex('bank_transactions_amount')
    .on('bank_transactions')
    .columns(['amount_cents', 'posted_on'])
    .execute();
  await db.schema.createIndex('bank_transactions_import').on('bank_transactions').columns(['import_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bank_transactions').execute();
  await db.schema.dropTable('bank_imports').execute();
}
