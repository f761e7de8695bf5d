import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { usCents, usDate } from '../../../schema/format';
import { type InvoiceDto, invoiceFileName } from '../../../schema/invoices';
import type { ServerContext } from '../../context';
import { transact } from '../../db/transaction';
import type { Db } from '../../db/types';
import { conflict } from '../../http/errors';
import { audit } from '../audit/audit';
import type { OrderDto } from '../bookOrders/mapping';
import { keptBytes } from '../documents/store';
import { mailerOf } from '../mail/mailer';
import { invoicePdf } from './pdf';
import { loadInvoice } from './queries';
import { bumpInvoice, invoiceAt, ordersFollow, wrongState } from './states';
import { companyFromEnv } from '../contact/company';
import { invoiceSent } from '../webhooks/catalogue';

/** Contacts whose role says they handle the money. */
const BILLING_ROLE = /bill|account|invoice|payable|\bap\b|a\/p|finance|pay/i;

/**
 * Where an invoice goes (docs/product/invoices.md#sending): a broker's contacts whose role is billing (accounts
 * payable, accounting …), else the broker's own e-mail, else every contact with one; a shipper's e-mail. Each address
 * once, lower case.
 */
export async function billingAddresses(db: Db, invoice: InvoiceDto): Promise<string[]> {
  const unique = (list: (string | null)[]) => [
    ...new Set(list.map((a) => a?.trim().toLowerCase()).filter((a): a is string => !!a)),
  ];
  if (invoice.payerKind === 'SHIPPER') {
    const shipper = await db
      .selectFrom('shippers')
      .select('email')
      .where('id', '=', invoice.payerId)
      .executeTakeFirst();
    return unique([shipper?.email ?? null]);
  }
  const broker = await db.selectFrom('brokers').select('email').where('id', '=', invoice.payerId).executeTakeFirst();
  const contacts = await db
    .selectFrom('broker_contacts')
    .select(['email', 'role'])
    .where('broker_id', '=', invoice.payerId)
    .orderBy('position')
    .execute();
  const billing = unique(contacts.filter((c) => c.role && BILLING_ROLE.test(c.role)).map((c) => c.email));
  if (billing.length) return billing;
  const own = unique([broker?.email ?? null]);
  return own.length ? own : unique(contacts.map((c) => c.email));
}

/** The factor's billing e-mail, when the invoice is assigned and the factor has one. */
async function factorAddresses(db: Db, invoice: InvoiceDto): Promise<string[]> {
  if (!invoice.factoring) return [];
  const factor = await db
    .selectFrom('factoring_companies')
    .select('billing_email')
    .where('id', '=', invoice.factoring.id)
    .executeTakeFirst();
  const address = factor?.billing_email?.trim().toLowerCase();
  return address ? [address] : [];
}

/**
 * Sends an invoice (docs/product/invoices.md#sending): its PDF drawn once and kept in the documents store (the invoice
 * shows exactly what was sent), mailed to the payer's billing addresses through the outbox (the SMTP send a job of the same transaction; the
 * sender's in-app mailbox keeps a copy always), the invoice Sent and its delivered orders Invoiced — one transaction,
 * so a refused send leaves none of it. Sending a sent invoice again mails it again (the same kept PDF is replaced by
 * the one sent last). Answers the invoice and the orders moved.
 */
export async function sendInvoice(
  ctx: ServerContext,
  request: FastifyRequest,
  id: number,
  version: number,
): Promise<{ invoice: InvoiceDto; moved: OrderDto[]; recipients: string[] }> {
  const drawn = await loadInvoice(ctx.db, id);
  if (!drawn) return { invoice: await invoiceAt(ctx.db, id, version), moved: [], recipients: [] };
  if (drawn.status !== 'DRAFT' && drawn.status !== 'SENT')
    throw wrongState(drawn, 'only a draft or a sent invoice is sent');
  const customer = await billingAddresses(ctx.db, drawn);
  // An assigned invoice goes to the customer (the notice binds the debtor once it has it) and to the factor
  // (docs/product/factoring.md#sending).
  const recipients = [...new Set([...customer, ...(await factorAddresses(ctx.db, drawn))])];
  if (!customer.length)
    throw conflict(
      `${drawn.payerName} has no e-mail address to send invoice ${drawn.numberText} to: add a billing contact with an e-mail first`,
    );
  // Drawn before the write (a PDF takes a while); the write checks the invoice is still what was drawn.
  const pdf = await invoicePdf(ctx, { ...drawn, status: 'SENT' });
  const sha256 = crypto.createHash('sha256').update(pdf).digest('hex');
  const kept = await keptBytes(ctx.files, { bytes: pdf, contentType: 'application/pdf', sha256 }, 'invoices');
  const withBol = pdf.length > 0 && (await hasBills(ctx, drawn));
  const outbox = mailerOf(ctx).outbox();
  const userId = request.auth!.user.id;
  const result = await transact(ctx.db, async (trx) => {
    const invoice = await invoiceAt(trx, id, version);
    if (invoice.version !== drawn.version) throw conflict(`Invoice ${invoice.numberText} changed meanwhile: reload it`);
    const now = new Date().toISOString();
    const document = await trx
      .insertInto('documents')
      .values({
        owner_type: 'invoice',
        owner_id: id,
        file_name: invoiceFileName(invoice.number),
        content_type: 'application/pdf',
        size_bytes: pdf.length,
        sha256,
        ...kept,
        created_at: now,
        created_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await bumpInvoice(trx, invoice, {
      status: invoice.status === 'DRAFT' ? 'SENT' : invoice.status,
      sent_at: now,
      sent_by: userId,
      sent_to: JSON.stringify(recipients),
      sent_document_id: Number(document.id),
    });
    await invoiceSent(trx, { id: invoice.id, number: invoice.number }, invoice.status !== 'DRAFT');
    const moved = await ordersFollow(
      ctx,
      trx,
      request,
      invoice,
      'DELIVERED',
      'INVOICED',
      `Invoice ${invoice.numberText} sent`,
    );
    const company = companyFromEnv().name ?? 'Haulboard';
    for (const address of recipients)
      await outbox.add(trx, {
        to: address,
        userId,
        keepCopy: true,
        template: {
          kind: 'invoice',
          name: invoice.payerName,
          company,
          number: invoice.numberText,
          amount: usCents(invoice.balanceCents),
          dueOn: usDate(invoice.dueOn),
          terms: invoice.terms,
          orders:
            invoice.orders.length === 1
              ? `order ${invoice.orders[0].orderNumber}`
              : `orders ${invoice.orders.map((o) => o.orderNumber).join(', ')}`,
          withBol,
          ...(invoice.factoring ? { payTo: `${invoice.factoring.name}, ${invoice.factoring.remitTo.join(', ')}` } : {}),
        },
        attachments: [{ filename: invoiceFileName(invoice.number), content: pdf, contentType: 'application/pdf' }],
      });
    await audit(trx, request, {
      action: 'send',
      entity: 'invoice',
      entityId: id,
      after: { number: invoice.number, recipients, documentId: Number(document.id), sha256 },
    });
    return { moved };
  });
  return { invoice: (await loadInvoice(ctx.db, id))!, moved: result.moved, recipients };
}

/** Whether a bill of lading follows the invoice in its PDF (a delivered vehicle inspected). */
async function hasBills(ctx: ServerContext, invoice: InvoiceDto): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('vehicle_inspections')
    .select('id')
    .where(
      'book_order_id',
      'in',
      invoice.orders.map((o) => o.id),
    )
    .where('stage', '=', 'DELIVERY')
    .where('completed_at', 'is not', null)
    .executeTakeFirst();
  return !!row;
}
