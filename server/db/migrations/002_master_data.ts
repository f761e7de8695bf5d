import type { Kysely } from 'kysely';
import { withId, withRecordColumns } from '../frozen/schemaHelpers';

/** Carriers, drivers, trucks and trailers, unit assignments, shippers and brokers. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withRecordColumns(
    withId(db, db.schema.createTable('carriers'))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('mc_number', 'text')
      .addColumn('usdot_number', 'text'),
  ).execute();

  await withRecordColumns(
    withId(db, db.schema.createTable('drivers'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').unique())
      .addColumn('carrier_id', 'integer', (c) => c.references('carriers.id'))
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('phone_country', 'text', (c) => c.notNull().defaultTo('US'))
      .addColumn('driver_type', 'text', (c) => c.notNull())
      .addColumn('cdl_class', 'text')
      .addColumn('cdl_number', 'text')
      .addColumn('cdl_state_id', 'integer', (c) => c.references('states.id'))
      .addColumn('cdl_expires_on', 'text')
      .addColumn('medical_card_expires_on', 'text')
      .addColumn('mvr_checked_on', 'text')
      .addColumn('hired_on', 'text')
      .addColumn('terminated_on', 'text')
      .addColumn('pay_type', 'text', (c) => c.notNull())
      .addColumn('pay_rate', 'integer', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('drivers_name').on('drivers').columns(['last_name', 'first_name']).execute();

  await withRecordColumns(
    withId(db, db.schema.createTable('units'))
      .addColumn('unit_type', 'text', (c) => c.notNull())
      .addColumn('unit_number', 'text', (c) => c.notNull())
      .addColumn('vin', 'text', (c) => c.notNull())
      .addColumn('make', 'text', (c) => c.notNull())
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('plate', 'text')
      .addColumn('plate_state_id', 'integer', (c) => c.references('states.id'))
      .addColumn('capacity', 'integer')
      .addColumn('carrier_id', 'integer', (c) => c.references('carriers.id'))
      .addColumn('registration_expires_on', 'text')
      .addColumn('annual_inspection_due_on', 'text')
      .addColumn('status', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('units_type_number').on('units').columns(['unit_type', 'unit_number']).unique().execute();

  await withId(db, db.schema.createTable('unit_assignments'))
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('units.id'))
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('drivers.id'))
    .addColumn('starts_on', 'text', (c) => c.notNull())
    .addColumn('ends_on', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('unit_assignments_unit').on('unit_assignments').columns(['unit_id', 'ends_on']).execute();
  await db.schema
    .createIndex('unit_assignments_driver')
    .on('unit_assignments')
    .columns(['driver_id', 'ends_on'])
    .execute();

  const party = (name: string) =>
    withRecordColumns(
      withId(db, db.schema.createTable(name))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('contact_name', 'text')
        .addColumn('phone', 'text')
        .addColumn('email', 'text')
        .addColumn('address', 'text')
        .addColumn('city', 'text')
        .addColumn('state_id', 'integer', (c) => c.references('states.id'))
        .addColumn('zip', 'text'),
    );
  await party('shippers').execute();
  await db.schema.createIndex('shippers_name').on('shippers').column('name').execute();
  await party('brokers')
    .addColumn('mc_number', 'text')
    .addColumn('usdot_number', 'text')
    .addColumn('payment_terms_days', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    .execute();
  await db.schema.createIndex('brokers_name').on('brokers').column('name').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['brokers', 'shippers', 'unit_assignments', 'units', 'drivers', 'carriers']) {
    await db.schema.dropTable(table).execute();
  }
}
