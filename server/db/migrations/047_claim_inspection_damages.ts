import { type Kysely, sql } from 'kysely';
import { withId } from '../frozen/schemaHelpers';

/**
 * Claims opened from a delivery inspection's new damages (server/modules/claims/fromInspection.ts): each damage (the
 * phone's client key within its inspection) is on one claim at most. The unique index is what makes a second request
 * for the same damages — a double click, a retry, two people at once — find the first claim instead of making another.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('claim_inspection_damages'))
    .addColumn('claim_id', 'integer', (c) => c.notNull().references('claims.id'))
    .addColumn('inspection_id', 'integer', (c) => c.notNull().references('vehicle_inspections.id'))
    .addColumn('damage_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX claim_inspection_damages_damage ON claim_inspection_damages (inspection_id, damage_key)`.execute(
    db,
  );
  await sql`CREATE INDEX claim_inspection_damages_claim ON claim_inspection_damages (claim_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('claim_inspection_damages').execute();
}
