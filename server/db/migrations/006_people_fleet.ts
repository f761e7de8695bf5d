import crypto from 'node:crypto';
import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { isPostgres, withId, withRecordColumns } from '../frozen/schemaHelpers';

/**
 * People and fleet (docs/product/people.md): user activation and one-time password links; broker contacts; carrier
 * authorities and insurance; fuel cards; driver–dispatcher assignments; unit assignments that also hold fuel
 * cards; numbers stored in one form (MC/USDOT digits, pay rates in cents or basis points); and one index per
 * list filter, expiry date and uniqueness rule.
 */
/** The columns of a dated assignment: whole days, both ends inclusive, who made and who ended it. */
function withDates<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('starts_on', 'text', (c) => c.notNull())
    .addColumn('ends_on', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('ended_by', 'integer', (c) => c.references('users.id'))
    .addColumn('ended_at', 'text');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const run = (text: string) => sql.raw(text).execute(db);

  // Users: "pending" = never activated (a deactivated user has an activation date).
  await db.schema.alterTable('users').addColumn('activated_at', 'text').execute();
  await run(`UPDATE users SET activated_at = created_at WHERE is_active = 1`);
  await db.schema.createIndex('users_active').on('users').columns(['is_active', 'activated_at']).execute();

  await withId(db, db.schema.createTable('password_links'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.createIndex('password_links_user').on('password_links').columns(['user_id', 'used_at']).execute();

  // Shippers and brokers: names unique regardless of case; MC and USDOT as digits, unique among brokers.
  await run(`CREATE UNIQUE INDEX shippers_lower_name ON shippers (lower(name))`);
  await run(`CREATE INDEX shippers_state ON shippers (state_id)`);
  await run(`CREATE INDEX shippers_city ON shippers (lower(city))`);
  await run(`CREATE UNIQUE INDEX brokers_lower_name ON brokers (lower(name))`);
  for (const table of ['brokers', 'carriers']) {
    await run(`UPDATE ${table} SET mc_number = substr(mc_number, 3) WHERE mc_number LIKE 'MC%'`);
  }
  await run(`CREATE UNIQUE INDEX brokers_mc_number ON brokers (mc_number)`);
  await run(`CREATE UNIQUE INDEX brokers_usdot_number ON brokers (usdot_number)`);
  await run(`CREATE INDEX brokers_status ON brokers (status)`);
  await run(`CREATE INDEX brokers_state ON brokers (state_id)`);

  await withId(db, db.schema.createTable('broker_contacts'))
    .addColumn('broker_id', 'integer', (c) => c.notNull().references('brokers.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('role', 'text')
    .execute();
  await db.schema
    .createIndex('broker_contacts_broker')
    .on('broker_contacts')
    .columns(['broker_id', 'position'])
    .execute();
  await run(`INSERT INTO broker_contacts (broker_id, position, name, phone, email, role)
             SELECT id, 0, contact_name, phone, email, 'Dispatch' FROM brokers WHERE contact_name IS NOT NULL`);

  // Carriers: insurance in columns (the expiring filter is one indexed comparison), authorities as rows.
  for (const [column, type] of [
    ['insurance_insurer', 'text'],
    ['insurance_policy_number', 'text'],
    ['insurance_cargo_cents', 'integer'],
    ['insurance_liability_cents', 'integer'],
    ['insurance_expires_on', 'text'],
  ] as const) {
    await db.schema.alterTable('carriers').addColumn(column, type).execute();
  }
  await run(`CREATE INDEX carriers_insurance_expires ON carriers (insurance_expires_on)`);
  await run(`CREATE UNIQUE INDEX carriers_mc_number ON carriers (mc_number)`);
  await run(`CREATE UNIQUE INDEX carriers_usdot_number ON carriers (usdot_number)`);
  await withId(db, db.schema.createTable('carrier_authorities'))
    .addColumn('carrier_id', 'integer', (c) => c.notNull().references('carriers.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('docket_number', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('granted_on', 'text')
    .execute();
  await db.schema
    .createIndex('carrier_authorities_carrier')
    .on('carrier_authorities')
    .columns(['carrier_id', 'position'])
    .execute();

  // Drivers: pay rates of PERCENT drivers were whole percent; now basis points like every other integer rate.
  await run(`UPDATE drivers SET pay_rate = pay_rate * 100 WHERE pay_type = 'PERCENT' AND pay_rate <= 100`);
  for (const [name, columns] of [
    ['drivers_carrier', 'carrier_id'],
    ['drivers_type', 'driver_type'],
    ['drivers_cdl_class', 'cdl_class'],
    ['drivers_terminated', 'terminated_on'],
    ['drivers_cdl_expires', 'cdl_expires_on'],
    ['drivers_medical_expires', 'medical_card_expires_on'],
    ['drivers_lower_name', 'lower(last_name), lower(first_name)'],
  ])
    await run(`CREATE INDEX ${name} ON drivers (${columns})`);
  await run(`CREATE UNIQUE INDEX drivers_cdl ON drivers (cdl_state_id, cdl_number)`);

  // Units: VINs are unique; one index per filter and expiry date.
  await run(`CREATE UNIQUE INDEX units_vin ON units (vin)`);
  for (const [name, column] of [
    ['units_status', 'status'],
    ['units_carrier', 'carrier_id'],
    ['units_registration', 'registration_expires_on'],
    ['units_inspection', 'annual_inspection_due_on'],
  ])
    await run(`CREATE INDEX ${name} ON units (${column})`);

  // Fuel cards: the number itself is never stored (see schema/resources/fuelCards.ts); a keyed hash finds duplicates.
  await withRecordColumns(
    withId(db, db.schema.createTable('fuel_cards'))
      .addColumn('card_last4', 'text', (c) => c.notNull())
      .addColumn('card_hash', 'text', (c) => c.notNull().unique())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('expires_on', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('limit_cents', 'integer')
      .addColumn('carrier_id', 'integer', (c) => c.references('carriers.id')),
  ).execute();
  for (const [name, column] of [
    ['fuel_cards_last4', 'card_last4'],
    ['fuel_cards_provider', 'provider'],
    ['fuel_cards_status', 'status'],
    ['fuel_cards_expires', 'expires_on'],
    ['fuel_cards_carrier', 'carrier_id'],
  ])
    await run(`CREATE INDEX ${name} ON fuel_cards (${column})`);
  await db
    .insertInto('meta' as never)
    .values({ key: 'card_hash_key', value: crypto.randomBytes(32).toString('hex') } as never)
    .execute();

  // Driver–dispatcher assignments (dates inclusive; ends_on null = open).
  await withDates(
    withId(db, db.schema.createTable('driver_dispatcher_assignments'))
      .addColumn('driver_id', 'integer', (c) => c.notNull().references('drivers.id'))
      .addColumn('dispatcher_id', 'integer', (c) => c.notNull().references('users.id')),
  ).execute();
  await run(
    `CREATE INDEX driver_dispatcher_assignments_driver ON driver_dispatcher_assignments (driver_id, starts_on)`,
  );
  await run(
    `CREATE INDEX driver_dispatcher_assignments_dispatcher ON driver_dispatcher_assignments (dispatcher_id, starts_on)`,
  );

  // Unit assignments also hold fuel cards: kind says which slot of the driver (Truck, Trailer, FuelCard) a row fills.
  if (postgres) {
    await run(`ALTER TABLE unit_assignments ALTER COLUMN unit_id DROP NOT NULL`);
    await run(`ALTER TABLE unit_assignments ADD COLUMN kind text`);
    await run(`ALTER TABLE unit_assignments ADD COLUMN fuel_card_id integer REFERENCES fuel_cards (id)`);
    for (const column of ['created_by', 'ended_by'])
      await run(`ALTER TABLE unit_assignments ADD COLUMN ${column} integer REFERENCES users (id)`);
    await run(`ALTER TABLE unit_assignments ADD COLUMN ended_at text`);
    await run(
      `UPDATE unit_assignments SET kind = (SELECT unit_type FROM units WHERE units.id = unit_assignments.unit_id)`,
    );
    await run(`ALTER TABLE unit_assignments ALTER COLUMN kind SET NOT NULL`);
    await run(`DROP INDEX unit_assignments_unit`);
    await run(`DROP INDEX unit_assignments_driver`);
  } else {
    // SQLite cannot make a column nullable: rebuild the table, keeping ids and rows.
    await run(`DROP INDEX unit_assignments_unit`);
    await run(`DROP INDEX unit_assignments_driver`);
    await run(`ALTER TABLE unit_assignments RENAME TO unit_assignments_old`);
    await withDates(
      withId(db, db.schema.createTable('unit_assignments'))
        .addColumn('driver_id', 'integer', (c) => c.notNull().references('drivers.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('unit_id', 'integer', (c) => c.references('units.id'))
        .addColumn('fuel_card_id', 'integer', (c) => c.references('fuel_cards.id')),
    ).execute();
    await run(`INSERT INTO unit_assignments (id, driver_id, kind, unit_id, fuel_card_id, starts_on, ends_on, created_at)
               SELECT a.id, a.driver_id, u.unit_type, a.unit_id, NULL, a.starts_on, a.ends_on, a.created_at
               FROM unit_assignments_old a JOIN units u ON u.id = a.unit_id`);
    await run(`DROP TABLE unit_assignments_old`);
  }
  await run(`CREATE INDEX unit_assignments_driver ON unit_assignments (driver_id, kind, starts_on)`);
  await run(`CREATE INDEX unit_assignments_unit ON unit_assignments (unit_id, starts_on)`);
  await run(`CREATE INDEX unit_assignments_card ON unit_assignments (fuel_card_id, starts_on)`);

  // Case-insensitive "contains" search: trigram indexes where PostgreSQL has them; SQLite scans these small tables.
  if (postgres) {
    await run(`SAVEPOINT people_trigram`);
    try {
      await run(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
      for (const [name, table, expression] of [
        ['shippers_name_trgm', 'shippers', 'lower(name)'],
        ['brokers_name_trgm', 'brokers', 'lower(name)'],
        ['drivers_name_trgm', 'drivers', `lower(first_name || ' ' || last_name)`],
        ['units_number_trgm', 'units', 'lower(unit_number)'],
        ['units_vin_trgm', 'units', 'lower(vin)'],
        ['users_name_trgm', 'users', `lower(first_name || ' ' || last_name)`],
      ])
        await run(`CREATE INDEX ${name} ON ${table} USING gin ((${expression}) gin_trgm_ops)`);
      await run(`RELEASE SAVEPOINT people_trigram`);
    } catch {
      await run(`ROLLBACK TO SAVEPOINT people_trigram`);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Forward-only in practice (the data moves); down restores the table shapes for development.
  for (const table of ['driver_dispatcher_assignments', 'carrier_authorities', 'broker_contacts', 'password_links'])
    await db.schema.dropTable(table).execute();
  await sql`DELETE FROM unit_assignments WHERE unit_id IS NULL`.execute(db);
  await sql`DELETE FROM meta WHERE key = 'card_hash_key'`.execute(db);
}
