import type { Db } from '../../db/types';

/**
 * The places a load's phone reported, in order (migration 061): a row when the nearest ZIP changes, so a phone
 * reporting from one town keeps one. IFTA follows them for the load's miles per state (server/modules/ifta/paths.ts).
 */
export async function extendTrail(trx: Db, orderId: number, zip: string, at: string): Promise<void> {
  const last = await trx
    .selectFrom('tracking_trail')
    .select('zip')
    .where('book_order_id', '=', orderId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last?.zip !== zip) await trx.insertInto('tracking_trail').values({ book_order_id: orderId, zip, at }).execute();
}
