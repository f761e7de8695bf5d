import { type Kysely, sql } from 'kysely';
import { withId, withRecordColumns } from '../frozen/schemaHelpers';

/**
 * The driver qualification file (server/modules/qualification, docs/product/driver-qualification.md): one row per
 * record of an item of a driver's file (its kind, the date it was done, a medical card's expiry and registry check,
 * who checked it and when). A newer record of the same item replaces it: the old row gets replaced_at and is kept for
 * its legal time; deleted_at is set only once that time is over. Its papers are documents (owner type
 * qualificationItem) of the documents table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withRecordColumns(withId(db, db.schema.createTable('driver_qualification_records')))
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('drivers.id'))
    .addColumn('item', 'text', (c) => c.notNull())
    .addColumn('done_on', 'text', (c) => c.notNull())
    .addColumn('expires_on', 'text')
    .addColumn('registry_verified_on', 'text')
    .addColumn('notes', 'text')
    .addColumn('checked_by', 'integer', (c) => c.references('users.id'))
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .addColumn('replaced_at', 'text')
    .addColumn('deleted_by', 'integer', (c) => c.references('users.id'))
    .execute();
  // At most one current record per driver and item: two managers recording at once cannot both be current.
  await sql
    .raw(
      `CREATE UNIQUE INDEX driver_qualification_current ON driver_qualification_records (driver_id, item) WHERE replaced_at IS NULL AND deleted_at IS NULL`,
    )
    .execute(db);
  await sql
    .raw(`CREATE INDEX driver_qualification_driver ON driver_qualification_records (driver_id, item, done_on)`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('driver_qualification_records').execute();
}
