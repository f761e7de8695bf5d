import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { idParams } from '../../../schema/common';
import { plainCents } from '../../../schema/format';
import {
  type BillableOrderDto,
  INVOICE_STATUS_LABELS,
  billableQuery,
  invoiceBatchBody,
  invoiceCreateBody,
  invoiceFactoringBody,
  invoiceFileName,
  invoiceListQuery,
  invoiceVersionBody,
  invoiceVoidBody,
} from '../../../schema/invoices';
import { type ServerContext, ok, page } from '../../context';
import { transact } from '../../db/transaction';
import { type CsvColumn, csvStream, pageThrough, sendCsv } from '../../http/csv';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { bytesOf, contentDisposition } from '../documents/store';
import { createInvoiceBatch } from './batch';
import { setInvoiceFactor } from '../factoring/assign';
import { createInvoice, payerOf } from './create';
import { invoicePdf } from './pdf';
import {
  type InvoiceSummaryDto,
  INVOICE_SORTS,
  invoicePage,
  invoiceSelection,
  loadInvoice,
  toSummary,
} from './queries';
import { sendInvoice } from './send';
import { voidInvoice } from './void';

const tags = ['Invoices'];
const access = (permission: 'Read' | 'Create' | 'Update' | 'Delete' | 'Export') =>
  ({ access: { feature: 'Invoices', permission } }) as const;
type Id = z.output<typeof idParams>;
type ListQuery = z.output<typeof invoiceListQuery>;

const INVOICE_CSV: readonly CsvColumn<InvoiceSummaryDto>[] = [
  ['Invoice', (i) => i.numberText],
  ['Payer', (i) => i.payerName],
  ['Status', (i) => INVOICE_STATUS_LABELS[i.status]],
  ['Date', (i) => i.issuedOn],
  ['Terms', (i) => i.terms],
  ['Due', (i) => i.dueOn],
  ['Total', (i) => plainCents(i.totalCents)],
  ['Paid', (i) => plainCents(i.paidCents)],
  ['Credited', (i) => plainCents(i.creditedCents)],
  ['Balance', (i) => plainCents(i.balanceCents)],
  ['Sent', (i) => i.sentAt ?? ''],
];

/** A sort the list knows, or 400 naming the ones it does. */
function checkSort(q: ListQuery) {
  if (q.sort && !(q.sort.replace(/^-/, '') in INVOICE_SORTS))
    throw badRequest(`Sort by one of ${Object.keys(INVOICE_SORTS).join(', ')} (with - for descending)`, 'sort');
}

/**
 * Invoices (docs/product/invoices.md): the list and its CSV, the payers' delivered orders to bill, one invoice and its
 * PDF, and the writes — make one (Create), send it (Update), void it by a credit note (Delete: an invoice is never
 * deleted, its void is what takes it back). Governed by the Invoices feature.
 */
export default async function invoiceRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  app.get<{ Querystring: ListQuery }>(
    '/api/Invoices',
    {
      config: access('Read'),
      schema: {
        tags,
        summary:
          'Invoices, newest number first: search by number or payer, filters of status, payer and the issue day’s period that combine',
        querystring: invoiceListQuery,
      },
    },
    async (request) => {
      const q = request.query;
      checkSort(q);
      const [rows, count] = await Promise.all([
        invoicePage(db, q).execute(),
        invoiceSelection(db, q)
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return page(rows.map(toSummary), Number(count.n), q.page, q.size);
    },
  );

  app.get<{ Querystring: ListQuery }>(
    '/api/Invoices/export',
    {
      config: access('Export'),
      schema: {
        tags,
        summary: 'The invoice list as CSV, with the list’s search and filters',
        querystring: invoiceListQuery,
      },
    },
    async (request, reply) => {
      checkSort(request.query);
      return sendCsv(
        reply,
        'invoices',
        csvStream(
          INVOICE_CSV,
          pageThrough(async (limit, offset) =>
            (
              await invoicePage(db, { ...request.query, page: 0, size: limit })
                .offset(offset)
                .execute()
            ).map(toSummary),
          ),
        ),
      );
    },
  );

  app.get<{ Querystring: z.output<typeof billableQuery> }>(
    '/api/Invoices/billable',
    {
      config: access('Read'),
      schema: {
        tags,
        summary: 'The payer’s delivered orders on no live invoice, oldest delivery first: what a new invoice may bill',
        querystring: billableQuery,
      },
    },
    async (request): Promise<{ value: BillableOrderDto[] }> => {
      const { payerKind, payerId } = request.query;
      await payerOf(db, payerKind, payerId);
      const rows = await db
        .selectFrom('book_orders as o')
        .select(['o.id', 'o.order_number', 'o.delivery_date', 'o.vehicle_count', 'o.price_cents'])
        .where(payerKind === 'BROKER' ? 'o.broker_id' : 'o.shipper_id', '=', payerId)
        .where('o.status', '=', 'DELIVERED')
        .where('o.deleted_at', 'is', null)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('invoice_orders as io')
                .select('io.id')
                .whereRef('io.book_order_id', '=', 'o.id')
                .where('io.live', '=', 1),
            ),
          ),
        )
        .orderBy('o.delivery_date')
        .orderBy('o.id')
        .limit(500)
        .execute();
      return ok(
        rows.map((o) => ({
          id: Number(o.id),
          orderNumber: o.order_number,
          deliveryDate: o.delivery_date,
          vehicleCount: Number(o.vehicle_count),
          priceCents: Number(o.price_cents),
        })),
      );
    },
  );

  app.get<{ Params: Id }>(
    '/api/Invoices/:id',
    {
      config: access('Read'),
      schema: { tags, summary: 'One invoice: its orders, lines, totals, state and credit note', params: idParams },
    },
    async (request) => {
      const invoice = await loadInvoice(db, request.params.id);
      if (!invoice) throw notFound('Invoice');
      return ok(invoice);
    },
  );

  app.get<{ Params: Id }>(
    '/api/Invoices/:id/pdf',
    {
      config: access('Read'),
      schema: {
        tags,
        summary:
          'The invoice as a PDF: exactly the one sent (kept when it was sent), else drawn now; the delivery bills of lading follow it',
        params: idParams,
      },
    },
    async (request, reply) => {
      const invoice = await loadInvoice(db, request.params.id);
      if (!invoice) throw notFound('Invoice');
      const sent = invoice.hasSentPdf
        ? await db
            .selectFrom('documents')
            .select(['content', 'object_key'])
            .innerJoin('invoices', 'invoices.sent_document_id', 'documents.id')
            .where('invoices.id', '=', invoice.id)
            .executeTakeFirst()
        : null;
      const pdf = sent ? await bytesOf(ctx.files, sent) : await invoicePdf(ctx, invoice);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(invoiceFileName(invoice.number)))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.post<{ Body: z.output<typeof invoiceCreateBody> }>(
    '/api/Invoices',
    {
      config: access('Create'),
      schema: {
        tags,
        summary:
          'Make a draft invoice to one payer (a broker or a shipper) for its delivered orders on no live invoice, with products; numbered without gaps',
        body: invoiceCreateBody,
      },
    },
    async (request, reply) => {
      const id = await transact(db, (trx) => createInvoice(trx, request, request.body));
      return reply.code(201).send(ok(await loadInvoice(db, id)));
    },
  );

  app.post<{ Body: z.output<typeof invoiceBatchBody> }>(
    '/api/Invoices/batch',
    {
      config: access('Create'),
      schema: {
        tags,
        summary:
          'Make one draft invoice per delivered order (up to 500), each to its own broker or shipper, numbered without gaps; the orders that cannot be billed are answered with their reason',
        body: invoiceBatchBody,
      },
    },
    async (request, reply) => {
      const answer = await createInvoiceBatch(db, request, request.body);
      // Nothing made: the first order's refusal is the answer's (every reason in `refused`).
      const first = answer.refused[0];
      if (!answer.made.length)
        throw new ApiError(first.status, first.message, 'refused', 'orderIds', { refused: answer.refused });
      return reply.code(201).send(ok(answer));
    },
  );

  app.post<{ Params: Id; Body: z.output<typeof invoiceVersionBody> }>(
    '/api/Invoices/:id/send',
    {
      config: access('Update'),
      schema: {
        tags,
        summary:
          'Send the invoice to the payer’s billing addresses with its PDF (kept as sent): Sent, its delivered orders Invoiced',
        params: idParams,
        body: invoiceVersionBody,
      },
    },
    async (request) => {
      const { invoice, moved } = await sendInvoice(ctx, request, request.params.id, request.body.version);
      for (const order of moved) ctx.orderChanges.changed(order);
      return ok(invoice);
    },
  );

  app.put<{ Params: Id; Body: z.output<typeof invoiceFactoringBody> }>(
    '/api/Invoices/:id/factoring',
    {
      config: access('Update'),
      schema: {
        tags,
        summary:
          'Assign a draft invoice to an active factoring company, or to none (docs/product/factoring.md#per-invoice)',
        params: idParams,
        body: invoiceFactoringBody,
      },
    },
    async (request) => {
      const { version, factoringCompanyId } = request.body;
      await transact(db, (trx) => setInvoiceFactor(trx, request, request.params.id, version, factoringCompanyId));
      return ok(await loadInvoice(db, request.params.id));
    },
  );

  app.post<{ Params: Id; Body: z.output<typeof invoiceVoidBody> }>(
    '/api/Invoices/:id/void',
    {
      config: access('Delete'),
      schema: {
        tags,
        summary: 'Void the invoice by a credit note for its amount (never deleted): its orders may be invoiced again',
        params: idParams,
        body: invoiceVoidBody,
      },
    },
    async (request) => {
      const { invoice, moved } = await voidInvoice(
        ctx,
        request,
        request.params.id,
        request.body.version,
        request.body.reason,
      );
      for (const order of moved) ctx.orderChanges.changed(order);
      return ok(invoice);
    },
  );
}
