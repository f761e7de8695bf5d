import type { Kysely } from 'kysely';

/**
 * The audit log names the connected app a change or a call was made with (docs/authentication.md#connected-apps):
 * app_id is set for every entry written under an application token, null for people. Filtering the trail by app walks
 * its own index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('app_id', 'integer').execute();
  await db.schema.createIndex('audit_log_app').on('audit_log').columns(['app_id', 'at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_app').execute();
  await db.schema.alterTable('audit_log').dropColumn('app_id').execute();
}
