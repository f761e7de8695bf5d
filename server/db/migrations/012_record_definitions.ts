import { type Kysely, sql } from 'kysely';

/**
 * Tables as their definitions say (schema/resources, checked by tests/server/recordSchema.test.ts): a carrier's
 * coverage columns are named after their fields, a broker's old single contact (kept in broker_contacts since
 * migration 006) is gone from the broker row, and every column a list sorts by has its index.
 */
const SORT_INDEXES = [
  ['brokers_payment_terms', 'brokers', 'payment_terms_days'],
  ['carriers_name', 'carriers', 'name'],
  ['drivers_hired', 'drivers', 'hired_on'],
  ['units_number', 'units', 'unit_number'],
  ['units_year', 'units', 'year'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`ALTER TABLE carriers RENAME COLUMN insurance_cargo_cents TO insurance_cargo_coverage_cents`);
  await run(`ALTER TABLE carriers RENAME COLUMN insurance_liability_cents TO insurance_liability_coverage_cents`);
  await run(`ALTER TABLE brokers DROP COLUMN contact_name`);
  for (const [name, table, column] of SORT_INDEXES) await run(`CREATE INDEX ${name} ON ${table} (${column})`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  for (const [name] of SORT_INDEXES) await run(`DROP INDEX ${name}`);
  await run(`ALTER TABLE brokers ADD COLUMN contact_name text`);
  await run(`ALTER TABLE carriers RENAME COLUMN insurance_liability_coverage_cents TO insurance_liability_cents`);
  await run(`ALTER TABLE carriers RENAME COLUMN insurance_cargo_coverage_cents TO insurance_cargo_cents`);
}
