import { type Kysely, sql } from 'kysely';
import { isPostgres, withId } from '../frozen/schemaHelpers';

/**
 * Vehicle inspections at pickup and delivery, made on the driver's phone (server/modules/vehicleInspections):
 * - vehicle_inspections: one per order, stage and VIN (the order's vehicle rows are rewritten when the order is edited,
 *   the VIN is the car); client_key is the phone's own key for it, so a resend never makes a second; the damages are
 *   the phone's list, replaced whole on each send (JSON text); completed_at and the signer close it;
 * - vehicle_inspection_photos: each photo's bytes (in the row, or in the object store of S3_URL by object_key), its
 *   SHA-256, when it was taken and received and where; client_key again makes a retried upload the same photo. The
 *   signature is a photo of view SIGNATURE.
 * Drivers who read their loads may now record inspections on them: the Driver role gets Update on My Loads where it has
 * Read (a new installation gets it from the default matrix; an administrator's removal of Read is left as it is).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  const bytes = isPostgres(db) ? 'bytea' : 'blob';

  await withId(db, db.schema.createTable('vehicle_inspections'))
    .addColumn('book_order_id', 'integer', (c) => c.notNull().references('book_orders.id'))
    .addColumn('vin', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('drivers.id'))
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('vin_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('odometer', 'integer')
    .addColumn('keys', 'integer')
    .addColumn('loose_items', 'text')
    .addColumn('notes', 'text')
    .addColumn('latitude', 'real')
    .addColumn('longitude', 'real')
    .addColumn('accuracy_m', 'real')
    .addColumn('damages', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('completed_at', 'text')
    .addColumn('signer_name', 'text')
    .addColumn('customer_not_available', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subject_to_inspection', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await run(`CREATE UNIQUE INDEX vehicle_inspections_vehicle ON vehicle_inspections (book_order_id, stage, vin)`);
  await run(`CREATE UNIQUE INDEX vehicle_inspections_client_key ON vehicle_inspections (client_key)`);

  await withId(db, db.schema.createTable('vehicle_inspection_photos'))
    .addColumn('inspection_id', 'integer', (c) => c.notNull().references('vehicle_inspections.id'))
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('view', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content', bytes, (c) => c.notNull())
    .addColumn('object_key', 'text')
    .addColumn('taken_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('latitude', 'real')
    .addColumn('longitude', 'real')
    .addColumn('accuracy_m', 'real')
    .execute();
  await run(`CREATE UNIQUE INDEX vehicle_inspection_photos_client_key ON vehicle_inspection_photos (client_key)`);
  await run(`CREATE INDEX vehicle_inspection_photos_inspection ON vehicle_inspection_photos (inspection_id, id)`);

  await run(`INSERT INTO role_feature_permissions (role_id, feature_id, permission)
    SELECT p.role_id, p.feature_id, 'Update' FROM role_feature_permissions p
    JOIN roles r ON r.id = p.role_id JOIN features f ON f.id = p.feature_id
    WHERE r.name = 'Driver' AND f.key = 'MyLoads' AND p.permission = 'Read'
    AND NOT EXISTS (SELECT 1 FROM role_feature_permissions q
      WHERE q.role_id = p.role_id AND q.feature_id = p.feature_id AND q.permission = 'Update')`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM role_feature_permissions WHERE permission = 'Update'
    AND role_id IN (SELECT id FROM roles WHERE name = 'Driver')
    AND feature_id IN (SELECT id FROM features WHERE key = 'MyLoads')`.execute(db);
  await db.schema.dropTable('vehicle_inspection_photos').execute();
  await db.schema.dropTable('vehicle_inspections').execute();
}
