import { type Kysely, sql } from 'kysely';
import { withId, withRecordColumns } from '../frozen/schemaHelpers';

/** Products (schema/resources): the table its definition derives, an index per sort, filter, expiry and unique rule. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await withRecordColumns(
    withId(db, db.schema.createTable('products'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('charge', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer')
      .addColumn('percent', 'integer', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull())
      .addColumn('quick_books_item', 'text')
      .addColumn('income_account', 'text')
      .addColumn('description', 'text'),
  ).execute();
  await run(`CREATE UNIQUE INDEX products_name_ci ON products (lower(name))`);
  await run(`CREATE INDEX products_name ON products (name)`);
  await run(`CREATE INDEX products_charge ON products (charge)`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('products').execute();
}
