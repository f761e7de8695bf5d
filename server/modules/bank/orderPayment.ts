import { usCents } from '../../../schema/format';
import type { Db } from '../../db/types';
import { badRequest } from '../../http/errors';

/** A book order's payment status from what the bank has settled of its price (bank/matching.ts keeps the settlement). */
export const orderPaymentStatus = (settledCents: number, priceCents: number) =>
  settledCents <= 0 ? 'UNPAID' : settledCents >= priceCents ? 'PAID' : 'PARTIALLY_PAID';

/**
 * An order's price changes while bank deposits are matched to it: the price may not go below what is matched (undo a
 * match first), and the payment status follows the new price — in the order's own write transaction. Answers the
 * payment status to write, or null when no deposit is matched (the status is then the order's own business).
 */
export async function paymentStatusForPrice(trx: Db, orderId: number, priceCents: number): Promise<string | null> {
  const row = await trx
    .selectFrom('bank_item_settlements')
    .select('settled_cents')
    .where('item_type', '=', 'BOOK_ORDER')
    .where('item_id', '=', orderId)
    .executeTakeFirst();
  const settled = Number(row?.settled_cents ?? 0);
  if (settled <= 0) return null;
  if (priceCents < settled) {
    throw badRequest(
      `${usCents(settled)} from the bank is matched to this order, so its price cannot be less than that. Undo a bank match first to lower it further.`,
      'price',
    );
  }
  return orderPaymentStatus(settled, priceCents);
}
