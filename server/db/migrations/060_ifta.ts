import { type Kysely, sql } from 'kysely';
import { withId } from '../frozen/schemaHelpers';

/**
 * IFTA, the quarterly fuel-tax return (server/modules/ifta, docs/product/ifta.md):
 * - ifta_quarters: a quarter the company has worked on ('2026-Q1'): its version (every change of its rates or its
 *   state moves it; a stale one is a 409), and once closed, the return as filed (snapshot, JSON) that later data
 *   cannot alter, who closed it and when;
 * - ifta_rates: the quarter's tax rate per state, per gallon, in whole ten-thousandths of a dollar (0.3120 is 3120);
 * - fuel_imports: each fuel-card CSV imported: its name, SHA-256, the layout read and what it added;
 * - fuel_purchases: one line of a fuel-card transaction (a product bought at a place on a day): the state, the
 *   gallons in thousandths, the amount in cents, the card's last 4 digits (never the number). Its fingerprint is
 *   unique: importing an overlapping export again adds nothing twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);

  await withId(db, db.schema.createTable('ifta_quarters'))
    .addColumn('quarter', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('closed_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await run(`CREATE UNIQUE INDEX ifta_quarters_quarter ON ifta_quarters (quarter)`);

  await db.schema
    .createTable('ifta_rates')
    .addColumn('quarter_id', 'integer', (c) => c.notNull().references('ifta_quarters.id'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('rate_e4', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ifta_rates_pk', ['quarter_id', 'state'])
    .execute();

  await withId(db, db.schema.createTable('fuel_imports'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('layout', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('added_count', 'integer', (c) => c.notNull())
    .addColumn('duplicate_count', 'integer', (c) => c.notNull())
    .addColumn('refused_count', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('fuel_purchases'))
    .addColumn('import_id', 'integer', (c) => c.notNull().references('fuel_imports.id'))
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('purchased_on', 'text', (c) => c.notNull())
    .addColumn('card_last4', 'text')
    .addColumn('fuel_card_id', 'integer', (c) => c.references('fuel_cards.id'))
    .addColumn('unit', 'text')
    .addColumn('driver_name', 'text')
    .addColumn('invoice', 'text')
    .addColumn('location', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('item', 'text', (c) => c.notNull())
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('gallons_e3', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await run(`CREATE UNIQUE INDEX fuel_purchases_fingerprint ON fuel_purchases (fingerprint)`);
  await run(`CREATE INDEX fuel_purchases_day ON fuel_purchases (purchased_on, state)`);
  await run(`CREATE INDEX fuel_purchases_import ON fuel_purchases (import_id)`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['fuel_purchases', 'fuel_imports', 'ifta_rates', 'ifta_quarters'])
    await db.schema.dropTable(table).execute();
}
