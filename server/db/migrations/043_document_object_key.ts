import { type Kysely, sql } from 'kysely';

/**
 * A document's bytes may live in the object store of S3_URL (server/files/objectStore.ts): object_key names the
 * object, and content is then empty. Rows without a key keep their bytes in content, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents add column object_key text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents drop column object_key`.execute(db);
}
