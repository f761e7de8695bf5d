import type { Kysely } from 'kysely';
import { rebuildOrderTotals } from '../frozen/orderTotals';

/**
 * The Performance Calendar's loaded days (bookOrders/totals.ts DRIVER_COVER): per driver and day, how many booked
 * loads cover it, kept with every order write like the other per-day totals; filled here from the orders. A month of
 * every driver then reads at most a row per driver and day instead of the month's loads. The rebuild is the frozen copy
 * in server/db/frozen/orderTotals.ts, not the live module.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuildOrderTotals(db);
}

export async function down(): Promise<void> {
  // The rows stay harmless under a dim nothing else reads.
}
