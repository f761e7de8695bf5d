import { type Kysely, sql } from 'kysely';
import { withId } from '../frozen/schemaHelpers';

/**
 * Invoices (server/modules/invoices, docs/product/invoices.md):
 * - number_counters: the next number of each gapless series (invoices, credit notes), read and moved inside the
 *   invoice's own transaction (server/db/transaction.ts), so a rolled-back attempt gives its number back;
 * - invoices: one payer (a broker or a shipper), its terms and due day, totals in cents, what was paid and credited
 *   (bank matching will move paid_cents and the Partially paid / Paid states), what was sent (the PDF kept in
 *   documents, the addresses) and its void by a credit note (credit_notes, its own series). Never deleted;
 * - invoice_orders: the orders an invoice bills; `live` is 1 until the invoice is voided, and an order is on one live
 *   invoice at most (the partial unique index; the module names the invoice in its 409 before it gets there);
 * - invoice_lines: the lines as billed (linehaul per vehicle, products), each with its own words and amounts, so a
 *   product changed later does not change an invoice.
 * Shippers get payment terms of their own (brokers have theirs since 003): the due day of an invoice a shipper pays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);

  await db.schema
    .createTable('number_counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_value', 'integer', (c) => c.notNull())
    .execute();
  await run(`INSERT INTO number_counters (name, next_value) VALUES ('invoice', 1001), ('credit_note', 1)`);

  await withId(db, db.schema.createTable('invoices'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('payer_kind', 'text', (c) => c.notNull())
    .addColumn('broker_id', 'integer', (c) => c.references('brokers.id'))
    .addColumn('shipper_id', 'integer', (c) => c.references('shippers.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('issued_on', 'text', (c) => c.notNull())
    .addColumn('terms_days', 'integer', (c) => c.notNull())
    .addColumn('due_on', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('paid_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credited_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notes', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('sent_by', 'integer', (c) => c.references('users.id'))
    .addColumn('sent_to', 'text')
    .addColumn('sent_document_id', 'integer', (c) => c.references('documents.id'))
    .addColumn('voided_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await run(`CREATE UNIQUE INDEX invoices_number ON invoices (number)`);
  await run(`CREATE INDEX invoices_status ON invoices (status, issued_on)`);
  await run(`CREATE INDEX invoices_issued ON invoices (issued_on)`);
  await run(`CREATE INDEX invoices_broker ON invoices (broker_id, issued_on)`);
  await run(`CREATE INDEX invoices_shipper ON invoices (shipper_id, issued_on)`);

  await withId(db, db.schema.createTable('invoice_orders'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id'))
    .addColumn('book_order_id', 'integer', (c) => c.notNull().references('book_orders.id'))
    .addColumn('live', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await run(`CREATE INDEX invoice_orders_invoice ON invoice_orders (invoice_id)`);
  await run(`CREATE UNIQUE INDEX invoice_orders_live_order ON invoice_orders (book_order_id) WHERE live = 1`);
  await run(`CREATE INDEX invoice_orders_order ON invoice_orders (book_order_id)`);

  await withId(db, db.schema.createTable('invoice_lines'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('book_order_id', 'integer', (c) => c.references('book_orders.id'))
    .addColumn('product_id', 'integer', (c) => c.references('products.id'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('quickbooks_item', 'text')
    .addColumn('income_account', 'text')
    .execute();
  await run(`CREATE INDEX invoice_lines_invoice ON invoice_lines (invoice_id, position)`);

  await withId(db, db.schema.createTable('credit_notes'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await run(`CREATE UNIQUE INDEX credit_notes_number ON credit_notes (number)`);
  await run(`CREATE UNIQUE INDEX credit_notes_invoice ON credit_notes (invoice_id)`);

  await db.schema
    .alterTable('shippers')
    .addColumn('payment_terms_days', 'integer', (c) => c.notNull().defaultTo(30))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shippers').dropColumn('payment_terms_days').execute();
  for (const table of ['credit_notes', 'invoice_lines', 'invoice_orders', 'invoices', 'number_counters'])
    await db.schema.dropTable(table).execute();
}
