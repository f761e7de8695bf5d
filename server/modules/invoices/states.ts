import type { FastifyRequest } from 'fastify';
import type { OrderStatus } from '../../../schema/bookOrders';
import { type InvoiceDto, INVOICE_STATUS_LABELS, invoiceNumberText } from '../../../schema/invoices';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/types';
import { conflict, notFound } from '../../http/errors';
import type { OrderDto } from '../bookOrders/mapping';
import { orderWrites, writeStatus } from '../bookOrders/orderWrites';
import { loadInvoice } from './queries';

/** The invoice read inside the write, at the version the client read: else 404, or 409 with the current invoice. */
export async function invoiceAt(trx: Db, id: number, version: number): Promise<InvoiceDto> {
  const invoice = await loadInvoice(trx, id);
  if (!invoice) throw notFound('Invoice');
  if (invoice.version !== version)
    throw conflict(
      `Someone else changed invoice ${invoice.numberText} since you opened it. Reload it to see their changes.`,
      { current: invoice },
    );
  return invoice;
}

/** A write an invoice in this state may not take: 409 saying the state. */
export const wrongState = (invoice: InvoiceDto, what: string) =>
  conflict(`Invoice ${invoice.numberText} is ${INVOICE_STATUS_LABELS[invoice.status].toLowerCase()}: ${what}`);

/** Moves the invoice's version (and what else `set` says) under the version read: the write's own guard. */
export async function bumpInvoice(trx: Db, invoice: InvoiceDto, set: Record<string, unknown>) {
  const moved = await trx
    .updateTable('invoices')
    .set({ ...set, version: invoice.version + 1, updated_at: new Date().toISOString() })
    .where('id', '=', invoice.id)
    .where('version', '=', invoice.version)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw conflict(`Invoice ${invoice.numberText} changed meanwhile: reload it`);
}

/**
 * The invoice's orders follow it (docs/product/invoices.md#the-orders-follow): each order at `from` moves to `to`
 * through the order's own guarded write (server/modules/bookOrders/orderWrites.ts: version, totals, broker fee,
 * audit) inside the invoice's transaction, with a row of its history. Answers the orders moved, for the board.
 */
export async function ordersFollow(
  ctx: ServerContext,
  trx: Db,
  request: FastifyRequest,
  invoice: InvoiceDto,
  from: OrderStatus,
  to: OrderStatus,
  note: string,
): Promise<OrderDto[]> {
  const { mustLoad, writeInside } = orderWrites(ctx.db);
  const moved: OrderDto[] = [];
  for (const { id } of invoice.orders) {
    const order = await mustLoad(trx, id);
    if (order.status !== from || order.deleted) continue;
    const result = await writeInside(trx, request, id, order.version, 'status', async (inner, before) => {
      await writeStatus(inner, before, to, request.auth!.user.id, note);
    });
    if ('after' in result) moved.push(result.after as OrderDto);
  }
  return moved;
}

export const sentNote = (invoice: InvoiceDto) => `Invoice ${invoiceNumberText(invoice.number)} sent`;
