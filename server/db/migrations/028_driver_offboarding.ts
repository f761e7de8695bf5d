import { type Kysely, sql } from 'kysely';
import { withId } from '../frozen/schemaHelpers';

/**
 * Driver off-boarding (schema/offboarding.ts): the checklist steps ticked for a driver, one row per ticked step, with
 * who ticked it and when. Unticking deletes the row (the audit log keeps both).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('driver_offboarding_steps'))
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('drivers.id'))
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('done_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('done_at', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .execute();
  await sql`CREATE UNIQUE INDEX driver_offboarding_steps_driver_step ON driver_offboarding_steps (driver_id, step)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('driver_offboarding_steps').execute();
}
