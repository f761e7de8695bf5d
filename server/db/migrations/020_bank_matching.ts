import { type Kysely, sql } from 'kysely';
import { withId } from '../frozen/schemaHelpers';

/**
 * Bank matching (docs/product/bank.md#bank-matching). A match applies one bank row to one or more items (book orders
 * paid in, driver payments and broker fees paid out), an amount to the cent on each line; an item may be settled by
 * several rows. Undoing a match keeps it (who, when, why) and frees both sides. What is applied is also kept on each
 * side, in the same transaction: bank_transactions.matched_cents and state, bank_item_settlements per item, and a book
 * order's payment_status; a test checks them equal to the active lines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bank_transactions')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('bank_transactions')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('OPEN'))
    .execute();
  await db.schema
    .alterTable('bank_transactions')
    .addColumn('matched_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('bank_transactions').addColumn('explain_reason', 'text').execute();
  await db.schema.alterTable('bank_transactions').addColumn('explain_note', 'text').execute();
  await db.schema
    .alterTable('bank_transactions')
    .addColumn('explained_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.alterTable('bank_transactions').addColumn('explained_at', 'text').execute();
  // "Next unmatched row" and the unmatched report walk the rows of a state by date.
  await db.schema
    .createIndex('bank_transactions_state')
    .on('bank_transactions')
    .columns(['state', 'posted_on', 'id'])
    .execute();

  await withId(db, db.schema.createTable('bank_matches'))
    .addColumn('bank_transaction_id', 'integer', (c) => c.notNull().references('bank_transactions.id'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('matched_by', 'integer', (c) => c.references('users.id'))
    .addColumn('matched_at', 'text', (c) => c.notNull())
    .addColumn('undone_by', 'integer', (c) => c.references('users.id'))
    .addColumn('undone_at', 'text')
    .addColumn('undo_reason', 'text')
    .execute();
  await db.schema.createIndex('bank_matches_row').on('bank_matches').columns(['bank_transaction_id']).execute();

  await withId(db, db.schema.createTable('bank_match_lines'))
    .addColumn('match_id', 'integer', (c) => c.notNull().references('bank_matches.id'))
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bank_match_lines_match').on('bank_match_lines').columns(['match_id']).execute();
  await db.schema
    .createIndex('bank_match_lines_item')
    .on('bank_match_lines')
    .columns(['item_type', 'item_id'])
    .execute();

  await db.schema
    .createTable('bank_item_settlements')
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('settled_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bank_item_settlements_pk', ['item_type', 'item_id'])
    .execute();

  // Suggestions look up open orders by the amount expected, and the unmatched report walks them by due date.
  const run = (text: string) => sql.raw(text).execute(db);
  // Partial indexes (both databases): only the orders not yet paid, which is what matching reads.
  // By amount, newest deliveries first (a common price is shared by hundreds of open orders: the date range reads 40);
  // by broker and amount (a named broker's order of exactly this amount, whenever delivered).
  await run(
    "CREATE INDEX book_orders_receivable_amount ON book_orders (price_cents, delivery_date) WHERE payment_status <> 'PAID' AND deleted_at IS NULL",
  );
  await run(
    "CREATE INDEX book_orders_receivable_broker_amount ON book_orders (broker_id, price_cents) WHERE payment_status <> 'PAID' AND deleted_at IS NULL",
  );
  await run(
    "CREATE INDEX book_orders_receivable_broker ON book_orders (broker_id, delivery_date) WHERE payment_status <> 'PAID' AND deleted_at IS NULL",
  );
  await run(
    "CREATE INDEX book_orders_receivable_due ON book_orders (delivery_date, id) WHERE payment_status <> 'PAID' AND deleted_at IS NULL",
  );
  await db.schema.createIndex('book_orders_external_load').on('book_orders').column('external_load_id').execute();
  // Driver payments and broker fees by the amount paid, the reference the bank may print, and the payee's days.
  await run("CREATE INDEX pay_bills_paid_amount ON pay_bills (paid_cents) WHERE status = 'PAID'");
  await run("CREATE INDEX pay_bills_paid_reference ON pay_bills (payment_reference) WHERE status = 'PAID'");
  await run("CREATE INDEX pay_bills_paid_driver ON pay_bills (driver_id, paid_on) WHERE status = 'PAID'");
  await run("CREATE INDEX broker_fees_paid_amount ON broker_fee_transactions (amount_cents) WHERE status = 'PAID'");
  await run("CREATE INDEX broker_fees_paid_reference ON broker_fee_transactions (reference) WHERE status = 'PAID'");
  await run(
    "CREATE INDEX broker_fees_paid_broker ON broker_fee_transactions (broker_id, paid_on) WHERE status = 'PAID'",
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'book_orders_receivable_amount',
    'book_orders_receivable_broker_amount',
    'book_orders_receivable_broker',
    'book_orders_receivable_due',
    'book_orders_external_load',
    'pay_bills_paid_amount',
    'pay_bills_paid_reference',
    'pay_bills_paid_driver',
    'broker_fees_paid_amount',
    'broker_fees_paid_reference',
    'broker_fees_paid_broker',
  ])
    await sql.raw(`DROP INDEX ${index}`).execute(db);
  await db.schema.dropTable('bank_item_settlements').execute();
  await db.schema.dropTable('bank_match_lines').execute();
  await db.schema.dropTable('bank_matches').execute();
  await db.schema.dropIndex('bank_transactions_state').execute();
  for (const column of [
    'explained_at',
    'explained_by',
    'explain_note',
    'explain_reason',
    'matched_cents',
    'state',
    'version',
  ]) {
    await db.schema.alterTable('bank_transactions').dropColumn(column).execute();
  }
}
