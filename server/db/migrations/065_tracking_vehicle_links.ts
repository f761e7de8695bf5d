import type { Kysely } from 'kysely';

/**
 * tracking_links.vin: a link for one vehicle of the order (server/modules/tracking/links.ts), for a customer whose car
 * is one of several on the load: its page lists that vehicle alone and offers that vehicle's bill of lading. Null is
 * the order's link, as every link before this migration was. The VIN, not the vehicle row's id: editing an order
 * writes its vehicles anew, and the VIN is what stays (inspections name the vehicle by it too).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tracking_links').addColumn('vin', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tracking_links').dropColumn('vin').execute();
}
