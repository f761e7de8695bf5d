import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../frozen/schemaHelpers';

/**
 * The weekly finance report (server/modules/reports/weeklyFinance.ts) sums the ledger's live entries (not voided, not
 * a void, not deleted) of the period per week by type and direction. This index holds exactly those entries by posting
 * day with what the sums read, so a year is read from the index alone instead of from each entry's row. SQLite reads
 * a partial index's own condition from the row unless its columns are in the index too, hence them at the end.
 */
const LIVE = 'voids_id IS NULL AND voided_by_id IS NULL AND deleted_at IS NULL';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      isPostgres(db)
        ? `CREATE INDEX driver_transactions_live_posted_on ON driver_transactions (posted_on) INCLUDE (type, direction, amount_cents, driver_id) WHERE ${LIVE}`
        : `CREATE INDEX driver_transactions_live_posted_on ON driver_transactions (posted_on, type, direction, amount_cents, driver_id, voids_id, voided_by_id, deleted_at) WHERE ${LIVE}`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX driver_transactions_live_posted_on`.execute(db);
}
