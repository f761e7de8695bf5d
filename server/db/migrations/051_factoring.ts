import { type Kysely, sql } from 'kysely';
import { withId, withRecordColumns } from '../frozen/schemaHelpers';

/**
 * Factoring (server/modules/factoring, docs/product/factoring.md):
 * - factoring_companies (schema/resources): name, remit-to address, billing e-mail, phone, the notice of assignment,
 *   the usual advance and fee in hundredths of a percent, active;
 * - brokers, shippers and invoices get factoring_company_id: a customer's factor is its invoices' by default, an
 *   invoice keeps its own (chosen when made, changed while a draft);
 * - factoring_schedules: a schedule of accounts sent to one factor, numbered without gaps (number_counters
 *   'factoring_schedule', SCH-1 …), its total and state; never deleted, cancelled while unfunded;
 * - factoring_schedule_invoices: the invoices on it at their amount then; `live` is 1 until the schedule is cancelled,
 *   and an invoice is on one live schedule at most (the partial unique index);
 * - factoring_entries: the schedule's books, never deleted: the factor's funding (advance, fee, reserve) and reserve
 *   releases; a wrong one is taken back by a reversing entry with the amounts negated (reverses_id, one reversal each).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await withRecordColumns(
    withId(db, db.schema.createTable('factoring_companies'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('billing_email', 'text')
      .addColumn('phone', 'text')
      .addColumn('active', 'integer', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('state_id', 'integer', (c) => c.notNull().references('states.id'))
      .addColumn('zip', 'text')
      .addColumn('advance_percent', 'integer', (c) => c.notNull())
      .addColumn('fee_percent', 'integer', (c) => c.notNull())
      .addColumn('notice_text', 'text'),
  ).execute();
  await run(`CREATE UNIQUE INDEX factoring_companies_name_ci ON factoring_companies (lower(name))`);
  await run(`CREATE INDEX factoring_companies_name ON factoring_companies (name)`);

  for (const table of ['brokers', 'shippers', 'invoices'])
    await db.schema
      .alterTable(table)
      .addColumn('factoring_company_id', 'integer', (c) => c.references('factoring_companies.id'))
      .execute();
  await run(`CREATE INDEX invoices_factoring_company ON invoices (factoring_company_id, status)`);

  await run(`INSERT INTO number_counters (name, next_value) VALUES ('factoring_schedule', 1)`);
  await withId(db, db.schema.createTable('factoring_schedules'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('factoring_company_id', 'integer', (c) => c.notNull().references('factoring_companies.id'))
    .addColumn('schedule_on', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('invoice_count', 'integer', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await run(`CREATE UNIQUE INDEX factoring_schedules_number ON factoring_schedules (number)`);
  await run(`CREATE INDEX factoring_schedules_company ON factoring_schedules (factoring_company_id, number)`);

  await withId(db, db.schema.createTable('factoring_schedule_invoices'))
    .addColumn('schedule_id', 'integer', (c) => c.notNull().references('factoring_schedules.id'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('live', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await run(`CREATE INDEX factoring_schedule_invoices_schedule ON factoring_schedule_invoices (schedule_id)`);
  await run(
    `CREATE UNIQUE INDEX factoring_schedule_invoices_live ON factoring_schedule_invoices (invoice_id) WHERE live = 1`,
  );

  await withId(db, db.schema.createTable('factoring_entries'))
    .addColumn('schedule_id', 'integer', (c) => c.notNull().references('factoring_schedules.id'))
    .addColumn('factoring_company_id', 'integer', (c) => c.notNull().references('factoring_companies.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('entered_on', 'text', (c) => c.notNull())
    .addColumn('advance_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fee_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reserve_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('released_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reverses_id', 'integer', (c) => c.references('factoring_entries.id'))
    .addColumn('note', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await run(`CREATE INDEX factoring_entries_schedule ON factoring_entries (schedule_id, id)`);
  await run(`CREATE INDEX factoring_entries_company ON factoring_entries (factoring_company_id)`);
  await run(
    `CREATE UNIQUE INDEX factoring_entries_reverses ON factoring_entries (reverses_id) WHERE reverses_id IS NOT NULL`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['factoring_entries', 'factoring_schedule_invoices', 'factoring_schedules'])
    await db.schema.dropTable(table).execute();
  await sql.raw(`DELETE FROM number_counters WHERE name = 'factoring_schedule'`).execute(db);
  await sql.raw(`DROP INDEX invoices_factoring_company`).execute(db);
  for (const table of ['invoices', 'shippers', 'brokers'])
    await db.schema.alterTable(table).dropColumn('factoring_company_id').execute();
  await db.schema.dropTable('factoring_companies').execute();
}
