import { type Kysely, sql } from 'kysely';
import { isPostgres, withId, withRecordColumns } from '../frozen/schemaHelpers';

/**
 * Broker fees (schema/resources/brokerFees.ts): one row per book order with a broker fee, what the
 * company owes that order's broker and, once paid, how (bank matching reads the PAID rows). The order's writes keep
 * it in step (server/modules/brokerFees/sync.ts); existing orders get theirs here (backfill: that module's
 * backfillBrokerFees as it was when this ran, frozen here so that a change to the module does not change this migration).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withRecordColumns(
    withId(db, db.schema.createTable('broker_fee_transactions'))
      .addColumn('book_order_id', 'integer', (c) => c.notNull().unique().references('book_orders.id'))
      .addColumn('broker_id', 'integer', (c) => c.notNull().references('brokers.id'))
      .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
      .addColumn('due_on', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('DUE', 'PAID', 'CANCELLED')`))
      .addColumn('paid_on', 'text')
      .addColumn('paid_by', 'integer', (c) => c.references('users.id'))
      .addColumn('payment_method', 'text')
      .addColumn('reference', 'text')
      // A paid fee says when; nothing else does.
      .addCheckConstraint('broker_fee_transactions_paid_when_paid', sql`(status = 'PAID') = (paid_on is not null)`),
  ).execute();
  // The list: by status and due date (its default filter and sort, overdue), by broker; its other sorts. Matching
  // reads a broker's payments by date, and an amount or a reference the bank shows.
  const indexes: [string, string[]][] = [
    ['broker_fee_transactions_status_due', ['status', 'due_on']],
    ['broker_fee_transactions_due', ['due_on']],
    ['broker_fee_transactions_broker', ['broker_id', 'paid_on']],
    ['broker_fee_transactions_amount', ['amount_cents']],
    ['broker_fee_transactions_paid_on', ['paid_on']],
    ['broker_fee_transactions_reference', ['reference']],
  ];
  for (const [name, columns] of indexes)
    await db.schema.createIndex(name).on('broker_fee_transactions').columns(columns).execute();
  await backfill(db);
}

/** Gives every order that owes a broker fee (above 0, not deleted, not cancelled) and has none its DUE fee. */
async function backfill(db: Kysely<unknown>): Promise<void> {
  const dueOn = isPostgres(db)
    ? sql`to_char(o.delivery_date::date + o.payment_terms_days, 'YYYY-MM-DD')`
    : sql`date(o.delivery_date, '+' || o.payment_terms_days || ' days')`;
  const now = new Date().toISOString();
  await sql`
    insert into broker_fee_transactions (book_order_id, broker_id, amount_cents, due_on, status, created_at, updated_at)
    select o.id, o.broker_id, o.broker_fee_cents, ${dueOn}, 'DUE', ${now}, ${now}
    from book_orders o
    where o.broker_fee_cents > 0 and o.deleted_at is null and o.status <> 'CANCELLED'
      and not exists (select 1 from broker_fee_transactions f where f.book_order_id = o.id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('broker_fee_transactions').execute();
}
