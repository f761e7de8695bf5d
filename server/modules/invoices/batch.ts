import type { FastifyRequest } from 'fastify';
import type { InvoiceBatchBody, InvoiceBatchDto } from '../../../schema/invoices';
import { invoiceNumberText } from '../../../schema/invoices';
import type { Db } from '../../db/types';
import { transact } from '../../db/transaction';
import { ApiError, badRequest } from '../../http/errors';
import { createInvoice } from './create';

/**
 * One draft invoice per delivered order (docs/product/invoices.md#batch), each made by createInvoice in a transaction
 * of its own, one after the other in the order given: an order that cannot be billed (on a live invoice, not
 * delivered, gone) is refused with its reason and the others are still made. A refused attempt rolls back with the
 * number it took, so the numbers made follow one another without a gap.
 */
export async function createInvoiceBatch(db: Db, request: FastifyRequest, body: InvoiceBatchBody) {
  const orderIds = [...new Set(body.orderIds)];
  const payers = await db
    .selectFrom('book_orders')
    .select(['id', 'broker_id', 'shipper_id'])
    .where('id', 'in', orderIds)
    .where('deleted_at', 'is', null)
    .execute();
  const payerOf = new Map(
    payers.map((o) => [Number(o.id), Number(body.payerKind === 'BROKER' ? o.broker_id : o.shipper_id) || null]),
  );
  const answer: InvoiceBatchDto = { made: [], refused: [] };
  for (const orderId of orderIds) {
    try {
      const payerId = payerOf.get(orderId);
      if (!payerId) throw badRequest(`Book order ${orderId} not found`, 'orderIds');
      const made = await transact(db, async (trx) => {
        const id = await createInvoice(trx, request, {
          payerKind: body.payerKind,
          payerId,
          orderIds: [orderId],
          products: [],
          issuedOn: body.issuedOn,
        });
        const row = await trx.selectFrom('invoices').select('number').where('id', '=', id).executeTakeFirstOrThrow();
        return { id, number: Number(row.number) };
      });
      answer.made.push({
        orderId,
        invoiceId: made.id,
        number: made.number,
        numberText: invoiceNumberText(made.number),
      });
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      answer.refused.push({ orderId, status: failure.statusCode, message: failure.message });
    }
  }
  return answer;
}
