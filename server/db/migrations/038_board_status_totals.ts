import type { Kysely } from 'kysely';
import { addStatusPairTotals } from '../frozen/orderTotals';

/**
 * The dispatch board's columns for one dispatcher, driver or carrier read their count and price from the per-day
 * totals (bookOrders/totals.ts STATUS_PAIRS) instead of summing the person's orders of the status; filled here (by the
 * frozen copy in server/db/frozen/orderTotals.ts, not the live module).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addStatusPairTotals(db);
}

export async function down(): Promise<void> {
  // The rows stay harmless under dims nothing older reads.
}
