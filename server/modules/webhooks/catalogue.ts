import { CLAIM_DECISIONS, claimNumberOf } from '../../../schema/claims';
import { invoiceNumberText } from '../../../schema/invoices';
import type { Db } from '../../db/types';
import { orderNumberOf } from '../bookOrders/mapping';
import { emitWebhook } from './events';

/**
 * Each event's data, made in one place (docs/product/webhooks.md#events lists them): ids to read the record by through
 * the API, its number as people say it, and what changed — nothing personal or commercial.
 */

const order = (orderId: number) => ({ orderId, orderNumber: orderNumberOf(orderId) });

export const orderCreated = (trx: Db, orderId: number, status: string) =>
  emitWebhook(trx, { type: 'order.created', orderId, data: { ...order(orderId), status } });

export const orderStatusChanged = (trx: Db, orderId: number, from: string, to: string) =>
  emitWebhook(trx, { type: 'order.status_changed', orderId, data: { ...order(orderId), from, to } });

export const orderAssigned = (trx: Db, orderId: number, driverId: number, previousDriverId: number | null) =>
  emitWebhook(trx, { type: 'order.assigned', orderId, data: { ...order(orderId), driverId, previousDriverId } });

export const inspectionCompleted = (trx: Db, inspection: { id: number; orderId: number; stage: string; vin: string }) =>
  emitWebhook(trx, {
    type: 'inspection.completed',
    orderId: inspection.orderId,
    data: { inspectionId: inspection.id, ...order(inspection.orderId), stage: inspection.stage, vin: inspection.vin },
  });

export const invoiceSent = (trx: Db, invoice: { id: number; number: number }, resent: boolean) =>
  emitWebhook(trx, {
    type: 'invoice.sent',
    data: { invoiceId: invoice.id, invoiceNumber: invoiceNumberText(invoice.number), resent },
  });

export const invoicePaid = (trx: Db, invoice: { id: number; number: number }) =>
  emitWebhook(trx, {
    type: 'invoice.paid',
    data: { invoiceId: invoice.id, invoiceNumber: invoiceNumberText(invoice.number) },
  });

/** A claim's data: read from its row (the callers hold different shapes of it). */
async function claimData(trx: Db, claimId: number) {
  const claim = await trx
    .selectFrom('claims')
    .select(['id', 'created_at', 'book_order_id', 'status'])
    .where('id', '=', claimId)
    .executeTakeFirstOrThrow();
  return {
    orderId: claim.book_order_id,
    data: {
      claimId,
      claimNumber: claimNumberOf(claimId, claim.created_at),
      ...order(claim.book_order_id),
      status: claim.status,
    },
  };
}

export async function claimOpened(trx: Db, claimId: number): Promise<void> {
  await emitWebhook(trx, { type: 'claim.opened', ...(await claimData(trx, claimId)) });
}

/** A claim's status moved: told when it moved to a decision (approved, offered, declined). */
export async function claimStatusMoved(trx: Db, claimId: number, to: string): Promise<void> {
  if (!(CLAIM_DECISIONS as readonly string[]).includes(to)) return;
  await emitWebhook(trx, { type: 'claim.decided', ...(await claimData(trx, claimId)) });
}
