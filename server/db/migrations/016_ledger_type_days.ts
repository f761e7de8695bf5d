import { type Kysely, sql } from 'kysely';

/**
 * Ledger totals at a million entries and more (bench/ledger.ts): every driver's sums per type and day, kept with
 * each posting like driver_ledger_days, so the totals of "fuel advances last month" read a few dozen rows instead of
 * every entry of the month.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_type_days')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('credits_cents', 'integer', (c) => c.notNull())
    .addColumn('debits_cents', 'integer', (c) => c.notNull())
    .addColumn('entries', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_type_days_pk', ['type', 'day'])
    .execute();
  await sql`insert into ledger_type_days (type, day, credits_cents, debits_cents, entries)
    select type, posted_on, sum(case when direction = 'CREDIT' then amount_cents else 0 end), sum(case when direction = 'DEBIT' then amount_cents else 0 end), count(*)
    from driver_transactions group by type, posted_on`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ledger_type_days').execute();
}
