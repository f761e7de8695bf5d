import { type Kysely, sql } from 'kysely';

/**
 * Bank matching settles invoices (server/modules/bank/invoicePayments.ts, docs/product/bank.md#invoices): a deposit's
 * match lines of item type INVOICE are the invoice's payments. What they add up to is kept on the invoice, derived
 * again from the live lines on every match and undo, so an undo gives back exactly what was there:
 * - paid_cents (since 049): what the live payments add up to;
 * - paid_on: the bank day of the payment that cleared it (null while anything is left): days to pay read it;
 * - short_paid: 1 when a payment left a balance (the first payment was less than what was due), 0 otherwise;
 * - short_reason: the words the banker gave the difference of the last short payment ("Damage deduction").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoices').addColumn('paid_on', 'text').execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('short_paid', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('invoices').addColumn('short_reason', 'text').execute();
  await sql.raw(`CREATE INDEX invoices_paid_on ON invoices (paid_on) WHERE paid_on IS NOT NULL`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`DROP INDEX invoices_paid_on`).execute(db);
  for (const column of ['short_reason', 'short_paid', 'paid_on'])
    await db.schema.alterTable('invoices').dropColumn(column).execute();
}
