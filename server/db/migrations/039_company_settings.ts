import type { Kysely } from 'kysely';

/**
 * The company's settings that administrators change in the app (server/modules/company), one row per setting:
 * - time_zone: the IANA zone that decides every business date (schema/businessDay.ts); without the row the server
 *   uses COMPANY_TIMEZONE.
 * Each row says who changed it last and when; version counts the changes (the servers sharing a database re-read it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('company_settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('company_settings').execute();
}
