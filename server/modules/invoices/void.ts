import type { FastifyRequest } from 'fastify';
import type { InvoiceDto } from '../../../schema/invoices';
import type { ServerContext } from '../../context';
import { transact } from '../../db/transaction';
import { audit } from '../audit/audit';
import type { OrderDto } from '../bookOrders/mapping';
import { takeNumber } from './numbers';
import { loadInvoice } from './queries';
import { bumpInvoice, invoiceAt, ordersFollow, wrongState } from './states';

/**
 * Voids an invoice by a credit note (docs/product/invoices.md#states): never deleted, the invoice is Void with the
 * credit note's own gapless number for its whole amount, its orders are free to be invoiced again (invoice_orders.live
 * 0) and those Invoiced go back to Delivered. An invoice with money against it (partially paid, paid) is not voided:
 * that payment must be undone first (bank matching).
 */
export async function voidInvoice(
  ctx: ServerContext,
  request: FastifyRequest,
  id: number,
  version: number,
  reason: string,
): Promise<{ invoice: InvoiceDto; moved: OrderDto[] }> {
  const moved = await transact(ctx.db, async (trx) => {
    const invoice = await invoiceAt(trx, id, version);
    if (invoice.status !== 'DRAFT' && invoice.status !== 'SENT')
      throw wrongState(invoice, 'only a draft or a sent invoice with no payment is voided');
    const number = await takeNumber(trx, 'credit_note');
    const now = new Date().toISOString();
    const amount = invoice.totalCents - invoice.paidCents - invoice.creditedCents;
    await trx
      .insertInto('credit_notes')
      .values({
        number,
        invoice_id: id,
        amount_cents: amount,
        reason,
        created_by: request.auth!.user.id,
        created_at: now,
      })
      .execute();
    await bumpInvoice(trx, invoice, { status: 'VOID', voided_at: now, credited_cents: invoice.creditedCents + amount });
    await trx.updateTable('invoice_orders').set({ live: 0 }).where('invoice_id', '=', id).execute();
    const orders = await ordersFollow(
      ctx,
      trx,
      request,
      invoice,
      'INVOICED',
      'DELIVERED',
      `Invoice ${invoice.numberText} voided`,
    );
    await audit(trx, request, {
      action: 'void',
      entity: 'invoice',
      entityId: id,
      before: { status: invoice.status },
      after: { status: 'VOID', creditNote: number, amountCents: amount, reason },
    });
    return orders;
  });
  return { invoice: (await loadInvoice(ctx.db, id))!, moved };
}
