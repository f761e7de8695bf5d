import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * FROZEN: the schema helpers the migrations build their tables with (withId, withRecordColumns,
 * recreateCoveringIndex), copied from server/db/schemaHelpers.ts as every migration up to 038 ran them. Never edit
 * this file: a change here changes what every old migration creates on a fresh database. A migration that needs a
 * different helper gets a new one (a new function or file here), and the old ones stay as they are.
 * Imports: 'kysely' only (tests/unit/serverLayers.test.ts).
 */

/** Migrations are shared by both databases; only the auto-increment key is spelled differently. */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** created_at, updated_at, deleted_at and version: the columns of every editable, soft-deleted record. */
export function withRecordColumns<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1));
}

/**
 * Drops the book_orders index `name` and builds it again on `key` with the columns a list's totals read (deleted_at,
 * price, broker fee, then any `extra`), so those come from the index alone: INCLUDE columns on PostgreSQL, trailing
 * key columns on SQLite.
 */
export async function recreateCoveringIndex(
  db: Kysely<unknown>,
  name: string,
  key: string,
  extra: string[] = [],
): Promise<void> {
  const covered = ['deleted_at', 'price_cents', 'broker_fee_cents', ...extra].join(', ');
  await sql`DROP INDEX ${sql.ref(name)}`.execute(db);
  await sql
    .raw(
      isPostgres(db)
        ? `CREATE INDEX ${name} ON book_orders (${key}) INCLUDE (${covered})`
        : `CREATE INDEX ${name} ON book_orders (${key}, ${covered})`,
    )
    .execute(db);
}
