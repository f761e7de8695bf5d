import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Which database the live code runs on. The helpers migrations build tables with (withId, withRecordColumns,
 * recreateCoveringIndex, and their own isPostgres) are frozen in server/db/frozen/schemaHelpers.ts: a migration
 * imports only from server/db/migrations, server/db/frozen and kysely (tests/unit/serverLayers.test.ts).
 */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
