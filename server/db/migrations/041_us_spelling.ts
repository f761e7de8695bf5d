import { type Kysely, sql } from 'kysely';

/**
 * One violation group that migration 021 inserted (server/db/frozen/violationCodes.ts) spelled "Licence" where every
 * other screen, report and code says "License": the group reads "Disqualified/No License" from here on. Tickets point
 * at violation_codes by id, so nothing else changes.
 */
const BEFORE = 'Disqualified/No Licence';
const AFTER = 'Disqualified/No License';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update violation_codes set violation_group = ${AFTER} where violation_group = ${BEFORE}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update violation_codes set violation_group = ${BEFORE} where violation_group = ${AFTER}`.execute(db);
}
