import type { InvoiceStatus } from '../../../schema/invoices';
import { invoiceNumberText } from '../../../schema/invoices';
import type { PaymentStatus } from '../../../schema/bookOrders';
import type { Db } from '../../db/types';
import { audit } from '../audit/audit';
import { writeStatus } from '../bookOrders/orderWrites';
import { adjustTotals, readTotalsRow } from '../bookOrders/totals';
import type { Who } from './who';
import { invoicePaid } from '../webhooks/catalogue';

/**
 * An invoice follows the deposits matched to it (docs/product/bank.md#invoices). Its payments are the live match lines
 * of item type INVOICE; after every match and undo the invoice is derived again from them, never added to, so an undo
 * gives back exactly the invoice that was there:
 * - paid_cents, and the status: Sent (nothing paid), Partially paid, Paid (total less credit reached);
 * - paid_on: the bank day of the payment that cleared it, for days to pay;
 * - short_paid: the first payment was less than what was due (the customer paid short), with the banker's words for
 *   the difference in short_reason while it stays short.
 * Its orders follow in the same transaction: their payment status, and Invoiced ⇄ Paid.
 */

/** The invoice's live payments, oldest first: what the bank matched to it and no one undid. */
export function invoicePaymentsQuery(db: Db, invoiceId: number) {
  return db
    .selectFrom('bank_match_lines as l')
    .innerJoin('bank_matches as m', 'm.id', 'l.match_id')
    .innerJoin('bank_transactions as t', 't.id', 'm.bank_transaction_id')
    .select([
      'm.id as match_id',
      'l.amount_cents',
      't.id as bank_transaction_id',
      't.posted_on',
      't.description',
      'm.matched_at',
    ])
    .where('l.item_type', '=', 'INVOICE')
    .where('l.item_id', '=', invoiceId)
    .where('m.undone_at', 'is', null)
    .orderBy('t.posted_on')
    .orderBy('m.id');
}

const PAYMENT_OF: Record<InvoiceStatus, PaymentStatus> = {
  DRAFT: 'UNPAID',
  SENT: 'UNPAID',
  PARTIALLY_PAID: 'PARTIALLY_PAID',
  PAID: 'PAID',
  VOID: 'UNPAID',
};

/** What the payments make of an invoice: its status, paid, the day it cleared, and whether it was paid short. */
export function invoiceFromPayments(dueCents: number, payments: { amount_cents: number; posted_on: string }[]) {
  let paid = 0;
  let paidOn: string | null = null;
  for (const payment of payments) {
    paid += Number(payment.amount_cents);
    if (paidOn === null && paid >= dueCents) paidOn = payment.posted_on;
  }
  const status: InvoiceStatus = paid <= 0 ? 'SENT' : paid >= dueCents ? 'PAID' : 'PARTIALLY_PAID';
  const shortPaid = payments.length > 0 && Number(payments[0].amount_cents) < dueCents;
  return { status, paidCents: paid, paidOn: status === 'PAID' ? paidOn : null, shortPaid };
}

/**
 * Derives the invoice from its payments inside the match's (or undo's) transaction, then moves its orders. A
 * `shortReason` given with this payment names the difference; it is kept while the invoice stays paid short.
 */
export async function invoiceFollowsPayments(
  trx: Db,
  who: Who,
  invoiceId: number,
  shortReason: string | null,
): Promise<void> {
  const invoice = await trx
    .selectFrom('invoices')
    .select(['id', 'number', 'status', 'total_cents', 'credited_cents', 'paid_cents', 'short_reason', 'version'])
    .where('id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  const due = Number(invoice.total_cents) - Number(invoice.credited_cents);
  const payments = await invoicePaymentsQuery(trx, invoiceId).execute();
  const next = invoiceFromPayments(due, payments);
  const reason = next.shortPaid ? (shortReason ?? invoice.short_reason) : null;
  await trx
    .updateTable('invoices')
    .set({
      status: next.status,
      paid_cents: next.paidCents,
      paid_on: next.paidOn,
      short_paid: next.shortPaid ? 1 : 0,
      short_reason: reason,
      version: Number(invoice.version) + 1,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', invoiceId)
    .execute();
  if (next.status === invoice.status) return;
  if (next.status === 'PAID') await invoicePaid(trx, { id: invoiceId, number: Number(invoice.number) });
  const orders = await trx
    .selectFrom('invoice_orders')
    .select('book_order_id')
    .where('invoice_id', '=', invoiceId)
    .where('live', '=', 1)
    .orderBy('book_order_id')
    .execute();
  const note = `Invoice ${invoiceNumberText(Number(invoice.number))} ${next.status === 'PAID' ? 'paid' : 'no longer paid in full'}`;
  for (const { book_order_id } of orders) await orderFollows(trx, who, Number(book_order_id), next.status, note);
}

/**
 * One order of the invoice: its payment status is the invoice's; an Invoiced order becomes Paid with it, and a Paid
 * one goes back to Invoiced when an undo leaves the invoice short. Its version moves, so an open edit sees the change.
 */
async function orderFollows(trx: Db, who: Who, orderId: number, invoiceStatus: InvoiceStatus, note: string) {
  const order = await trx
    .selectFrom('book_orders')
    .select(['id', 'status', 'payment_status', 'version'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const payment = PAYMENT_OF[invoiceStatus];
  const status =
    invoiceStatus === 'PAID' && order.status === 'INVOICED'
      ? 'PAID'
      : invoiceStatus !== 'PAID' && order.status === 'PAID'
        ? 'INVOICED'
        : null;
  if (!status && payment === order.payment_status) return;
  const totalsBefore = await readTotalsRow(trx, orderId);
  await trx
    .updateTable('book_orders')
    .set({ payment_status: payment, version: Number(order.version) + 1, updated_at: new Date().toISOString() })
    .where('id', '=', orderId)
    .execute();
  if (status) await writeStatus(trx, order, status, who.userId, note);
  await adjustTotals(trx, totalsBefore, await readTotalsRow(trx, orderId));
  await audit(
    trx,
    who.request,
    {
      action: 'payment',
      entity: 'book_order',
      entityId: orderId,
      before: { status: order.status, paymentStatus: order.payment_status },
      after: { status: status ?? order.status, paymentStatus: payment, note },
    },
    who.userId,
  );
}
