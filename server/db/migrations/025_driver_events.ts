import { type Kysely, sql } from 'kysely';
import { withId, withRecordColumns } from '../frozen/schemaHelpers';

/**
 * Driver events (docs/analytics.md#events; schema/resources/driverEvents.ts) and what the Performance Calendar reads
 * (server/modules/calendar): the events of a month by their days, and the loads of a month by their pickup day with
 * their driver and delivery day in the index itself, so a month at a million orders never reads the orders'
 * rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await withRecordColumns(
    withId(db, db.schema.createTable('driver_events'))
      .addColumn('start_on', 'text', (c) => c.notNull())
      .addColumn('end_on', 'text', (c) => c.notNull())
      .addColumn('driver_id', 'integer', (c) => c.notNull().references('drivers.id'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('notes', 'text')
      .addColumn('recorded_by', 'integer', (c) => c.references('users.id')),
  ).execute();
  await run(`CREATE INDEX driver_events_start_on ON driver_events (start_on)`);
  await run(`CREATE INDEX driver_events_end_on ON driver_events (end_on)`);
  // The list filtered by driver, and the calendar of one driver; the calendar's month reads (end_on, start_on).
  await run(`CREATE INDEX driver_events_driver_id ON driver_events (driver_id, start_on)`);
  await run(`CREATE INDEX driver_events_type ON driver_events (type, start_on)`);
  await run(`CREATE INDEX driver_events_month ON driver_events (end_on, start_on, driver_id) WHERE deleted_at IS NULL`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('driver_events').execute();
}
