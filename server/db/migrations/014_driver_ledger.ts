import { type Kysely, sql } from 'kysely';
import { isPostgres, withId, withRecordColumns } from '../frozen/schemaHelpers';

/**
 * The driver ledger and the weekly pay bills (docs/product/finances.md; schema/resources/transactions.ts and
 * payBills.ts). The ledger is append-only; each driver's running total and daily sums (driver_balances,
 * driver_ledger_days) are kept in the same transaction as every posting, so balances are read from them in SQL instead
 * of summing millions of entries. Drivers get their recurring weekly deductions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  for (const column of ['weekly_insurance_cents', 'weekly_equipment_lease_cents', 'weekly_escrow_cents']) {
    await db.schema.alterTable('drivers').addColumn(column, 'integer').execute();
  }

  await withRecordColumns(
    withId(db, db.schema.createTable('pay_bills'))
      .addColumn('week_start', 'text', (c) => c.notNull())
      .addColumn('driver_id', 'integer', (c) => c.notNull().references('drivers.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('opening_cents', 'integer', (c) => c.notNull())
      .addColumn('credits_cents', 'integer', (c) => c.notNull())
      .addColumn('debits_cents', 'integer', (c) => c.notNull())
      .addColumn('net_cents', 'integer', (c) => c.notNull())
      .addColumn('paid_cents', 'integer', (c) => c.notNull())
      .addColumn('closing_cents', 'integer', (c) => c.notNull())
      .addColumn('payment_method', 'text')
      .addColumn('payment_reference', 'text')
      .addColumn('paid_on', 'text')
      .addColumn('built_at', 'text', (c) => c.notNull())
      .addColumn('built_by', 'integer', (c) => c.references('users.id'))
      .addColumn('approved_at', 'text')
      .addColumn('approved_by', 'integer', (c) => c.references('users.id'))
      .addColumn('paid_at', 'text')
      .addColumn('paid_by', 'integer', (c) => c.references('users.id')),
  ).execute();
  // One bill per driver and week; the driver's bills in week order; a week's bills; by status.
  await run(`CREATE UNIQUE INDEX pay_bills_driver_week ON pay_bills (driver_id, week_start)`);
  await run(`CREATE INDEX pay_bills_week_start ON pay_bills (week_start, driver_id)`);
  await run(`CREATE INDEX pay_bills_status ON pay_bills (status, week_start)`);

  await withRecordColumns(
    withId(db, db.schema.createTable('driver_transactions'))
      .addColumn('posted_on', 'text', (c) => c.notNull())
      .addColumn('driver_id', 'integer', (c) => c.notNull().references('drivers.id'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('direction', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('money_source', 'text', (c) => c.notNull())
      .addColumn('payment_method', 'text')
      .addColumn('reference', 'text')
      .addColumn('category', 'text')
      .addColumn('memo', 'text')
      .addColumn('link_type', 'text')
      .addColumn('link_id', 'integer')
      .addColumn('voids_id', 'integer', (c) => c.references('driver_transactions.id'))
      .addColumn('voided_by_id', 'integer', (c) => c.references('driver_transactions.id'))
      .addColumn('void_reason', 'text')
      .addColumn('voided_at', 'text')
      .addColumn('pay_bill_id', 'integer', (c) => c.references('pay_bills.id'))
      .addColumn('posted_by', 'integer', (c) => c.references('users.id'))
      .addColumn('idempotency_key', 'text'),
  ).execute();
  // A driver's ledger page and per-driver totals read (driver, date) with the money alongside.
  await run(
    isPostgres(db)
      ? `CREATE INDEX driver_transactions_driver ON driver_transactions (driver_id, posted_on, id) INCLUDE (direction, amount_cents)`
      : `CREATE INDEX driver_transactions_driver ON driver_transactions (driver_id, posted_on, id, direction, amount_cents)`,
  );
  // Every driver's ledger by date (the list's period), by type, by amount, by link; a bill's entries.
  await run(`CREATE INDEX driver_transactions_posted_on ON driver_transactions (posted_on, id)`);
  // Totals of a filtered set read the money alongside (type over a period …).
  await run(
    isPostgres(db)
      ? `CREATE INDEX driver_transactions_type ON driver_transactions (type, posted_on) INCLUDE (direction, amount_cents)`
      : `CREATE INDEX driver_transactions_type ON driver_transactions (type, posted_on, direction, amount_cents)`,
  );
  await run(`CREATE INDEX driver_transactions_amount_cents ON driver_transactions (amount_cents)`);
  await run(`CREATE INDEX driver_transactions_link_id ON driver_transactions (link_id, link_type)`);
  await run(`CREATE INDEX driver_transactions_pay_bill ON driver_transactions (pay_bill_id)`);
  // What a new bill takes in: each driver's entries not settled yet.
  await run(
    `CREATE INDEX driver_transactions_unsettled ON driver_transactions (driver_id, posted_on) WHERE pay_bill_id IS NULL`,
  );
  // Posting an event twice (a retried request, a double click) is refused by its key.
  await run(`CREATE UNIQUE INDEX driver_transactions_idempotency ON driver_transactions (idempotency_key)`);

  await withId(db, db.schema.createTable('pay_bill_lines'))
    .addColumn('pay_bill_id', 'integer', (c) => c.notNull().references('pay_bills.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('type', 'text')
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('posted_on', 'text')
    .addColumn('transaction_id', 'integer', (c) => c.references('driver_transactions.id'))
    .addColumn('book_order_id', 'integer', (c) => c.references('book_orders.id'))
    .execute();
  await run(`CREATE INDEX pay_bill_lines_pay_bill_id ON pay_bill_lines (pay_bill_id, position)`);

  // Kept with every posting: a driver's totals, and per day (balances of any period read a few rows).
  await db.schema
    .createTable('driver_balances')
    .addColumn('driver_id', 'integer', (c) => c.primaryKey().references('drivers.id'))
    .addColumn('credits_cents', 'integer', (c) => c.notNull())
    .addColumn('debits_cents', 'integer', (c) => c.notNull())
    .addColumn('escrow_cents', 'integer', (c) => c.notNull())
    .addColumn('entries', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('driver_ledger_days')
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('drivers.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('credits_cents', 'integer', (c) => c.notNull())
    .addColumn('debits_cents', 'integer', (c) => c.notNull())
    .addColumn('entries', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('driver_ledger_days_pk', ['driver_id', 'day'])
    .execute();
  // Every driver's sums of a period (the ledger's totals without a driver filter) read this index alone.
  await run(
    isPostgres(db)
      ? `CREATE INDEX driver_ledger_days_day ON driver_ledger_days (day, driver_id) INCLUDE (credits_cents, debits_cents, entries)`
      : `CREATE INDEX driver_ledger_days_day ON driver_ledger_days (day, driver_id, credits_cents, debits_cents, entries)`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['driver_ledger_days', 'driver_balances', 'pay_bill_lines', 'driver_transactions', 'pay_bills'])
    await db.schema.dropTable(table).execute();
}
