import { type Kysely, sql } from 'kysely';

/**
 * The inspection a shipper or broker asks of the driver at its stops (schema/vehicleInspections.ts INSPECTION_TYPES):
 * empty means the company's default, a row of company_settings ('inspection_type', server/modules/company).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table shippers add column inspection_type text`.execute(db);
  await sql`alter table brokers add column inspection_type text`.execute(db);
  // How many of the order's vehicles have a completed inspection at each stop: the board's and the order's progress,
  // kept by the completion that changes it (server/modules/vehicleInspections/roadStatus.ts).
  await sql`alter table book_orders add column pickup_inspected integer not null default 0`.execute(db);
  await sql`alter table book_orders add column delivery_inspected integer not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table shippers drop column inspection_type`.execute(db);
  await sql`alter table brokers drop column inspection_type`.execute(db);
  await sql`alter table book_orders drop column pickup_inspected`.execute(db);
  await sql`alter table book_orders drop column delivery_inspected`.execute(db);
}
