import { type Kysely, sql } from 'kysely';

/**
 * Every driver's name on a screen says whether another driver shares it (server/modules/drivers/names.ts
 * driverName): a lookup by the full name in lower case, for each row shown. This index makes it one probe.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index drivers_full_name_lower on drivers (lower(first_name || ' ' || last_name))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index drivers_full_name_lower`.execute(db);
}
