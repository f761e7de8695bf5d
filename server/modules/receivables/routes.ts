import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams } from '../../../schema/common';
import { addDays, todayIso } from '../../../schema/expiry';
import { plainCents } from '../../../schema/format';
import { INVOICE_STATUS_LABELS, PAYER_KIND_LABELS } from '../../../schema/invoices';
import {
  type CustomerInvoiceDto,
  type PayerRecordDto,
  type ReceivableRowDto,
  RECEIVABLE_SORTS,
  STATEMENT_DAYS,
  customerInvoicesQuery,
  customerParams,
  customerPaymentsQuery,
  isSlowPayer,
  kindOfParam,
  receivablesQuery,
  statementQuery,
} from '../../../schema/receivables';
import { type ServerContext, ok, page } from '../../context';
import { type CsvColumn, csvStream, pageThrough, sendCsvFile } from '../../http/csv';
import { badRequest, notFound } from '../../http/errors';
import { contentDisposition } from '../documents/store';
import {
  customerFigures,
  customerInvoicePage,
  customerInvoiceWindow,
  customerPaymentPage,
  customerPaymentWindow,
  isReceivableSort,
  receivablesPage,
} from './queries';
import { customerAddress, statementPdf } from './statement';

const tags = ['Receivables'];
const access = (permission: 'Read' | 'Export') => ({ access: { feature: 'Receivables', permission } }) as const;
type Customer = z.output<typeof customerParams>;
type ListQuery = z.output<typeof receivablesQuery>;

const ROW_CSV: readonly CsvColumn<ReceivableRowDto>[] = [
  ['Customer', (r) => r.name],
  ['Kind', (r) => PAYER_KIND_LABELS[r.payerKind]],
  ['Open invoices', (r) => r.openCount],
  ['Open balance', (r) => plainCents(r.openCents)],
  ['Past due', (r) => plainCents(r.pastDueCents)],
  ['0-30 days', (r) => plainCents(r.age0to30)],
  ['31-60 days', (r) => plainCents(r.age31to60)],
  ['61-90 days', (r) => plainCents(r.age61to90)],
  ['Over 90 days', (r) => plainCents(r.age90plus)],
  ['Average days to pay (12 months)', (r) => r.avgDaysToPay ?? ''],
  ['Short-paid % (12 months)', (r) => r.shortPaidShare ?? ''],
];

const INVOICE_CSV: readonly CsvColumn<CustomerInvoiceDto>[] = [
  ['Invoice', (i) => i.numberText],
  ['Status', (i) => INVOICE_STATUS_LABELS[i.status]],
  ['Date', (i) => i.issuedOn],
  ['Due', (i) => i.dueOn],
  ['Total', (i) => plainCents(i.totalCents)],
  ['Paid', (i) => plainCents(i.paidCents)],
  ['Credited', (i) => plainCents(i.creditedCents)],
  ['Balance', (i) => plainCents(i.balanceCents)],
  ['Paid on', (i) => i.paidOn ?? ''],
  ['Short paid', (i) => (i.shortPaid ? 'Yes' : '')],
  ['Age (days)', (i) => i.ageDays ?? ''],
  ['Past due', (i) => (i.pastDue ? 'Yes' : '')],
];

/** A sort the list knows, or 400 naming the ones it does. */
function checkSort(q: { sort?: string }) {
  if (q.sort && !isReceivableSort(q.sort.replace(/^-/, '')))
    throw badRequest(`Sort by one of ${RECEIVABLE_SORTS.join(', ')} (with - for descending)`, 'sort');
}

/** A CSV named for the business day (schema/businessDay.ts), not the UTC one. */
const csvName = (name: string) => `${name}-${todayIso()}.csv`;

/**
 * Receivables (docs/product/receivables.md): every paying customer's open balance, past due, aging and how it pays,
 * its CSV; one customer's figures, invoices, payments, CSV and statement of account. Governed by the Receivables
 * feature; the booking form's hint about a broker by Book Orders' Create.
 */
export default async function receivableRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  /** The customer's figures, or 404 when there is no such broker or shipper. */
  async function customerOf(params: Customer, today = todayIso()) {
    const kind = kindOfParam(params.kind);
    const customer = await customerFigures(db, kind, params.id, today);
    if (!customer) throw notFound(PAYER_KIND_LABELS[kind]);
    return customer;
  }

  app.get<{ Querystring: ListQuery }>(
    '/api/Receivables',
    {
      config: access('Read'),
      schema: {
        tags,
        summary:
          'Every paying customer (brokers and shippers billed): open balance, past due, aging, average days to pay and short-paid share over 12 months; search, filters, sort, paging',
        querystring: receivablesQuery,
      },
    },
    async (request) => {
      checkSort(request.query);
      const q = request.query;
      const { rows, count, totals } = await receivablesPage(db, q);
      return ok({ ...page(rows, count, q.page, q.size).value, totals });
    },
  );

  app.get<{ Querystring: ListQuery }>(
    '/api/Receivables/export',
    {
      config: access('Export'),
      schema: {
        tags,
        summary: 'The receivables list as CSV, with its search, filters and sort',
        querystring: receivablesQuery,
      },
    },
    async (request, reply) => {
      checkSort(request.query);
      const today = todayIso();
      return sendCsvFile(
        reply,
        csvName('receivables'),
        csvStream(
          ROW_CSV,
          pageThrough(
            async (limit, offset) =>
              (await receivablesPage(db, { ...request.query, page: offset / limit, size: limit }, today)).rows,
            500,
          ),
        ),
      );
    },
  );

  app.get<{ Params: { brokerId: number } }>(
    '/api/Receivables/booking-hint/:brokerId',
    {
      config: { access: { feature: 'BookOrders', permission: 'Create' } },
      schema: {
        tags,
        summary: 'How a broker pays, for the booking form: average days to pay over 12 months, past due, slow payer',
        params: z.object({ brokerId: idParams.shape.id }),
      },
    },
    async (request): Promise<{ value: PayerRecordDto }> => {
      const figures = await customerFigures(db, 'BROKER', request.params.brokerId);
      if (!figures) throw notFound('Broker');
      return ok({
        brokerId: figures.payerId,
        termsDays: figures.termsDays,
        avgDaysToPay: figures.avgDaysToPay,
        paidCount: figures.paidCount,
        pastDueCents: figures.pastDueCents,
        openCents: figures.openCents,
        slow: isSlowPayer(figures.avgDaysToPay, figures.termsDays),
      });
    },
  );

  app.get<{ Params: Customer }>(
    '/api/Receivables/:kind/:id',
    {
      config: access('Read'),
      schema: { tags, summary: 'One customer’s receivable figures', params: customerParams },
    },
    async (request) => ok(await customerOf(request.params)),
  );

  app.get<{ Params: Customer; Querystring: z.output<typeof customerInvoicesQuery> }>(
    '/api/Receivables/:kind/:id/invoices',
    {
      config: access('Read'),
      schema: {
        tags,
        summary: 'A customer’s invoices (open and paid, never drafts), newest first; open=true keeps the open ones',
        params: customerParams,
        querystring: customerInvoicesQuery,
      },
    },
    async (request) => {
      const customer = await customerOf(request.params);
      const q = request.query;
      const { rows, count } = await customerInvoiceWindow(db, customer.payerKind, customer.payerId, q);
      return page(rows, count, q.page, q.size);
    },
  );

  app.get<{ Params: Customer; Querystring: z.output<typeof customerInvoicesQuery> }>(
    '/api/Receivables/:kind/:id/export',
    {
      config: access('Export'),
      schema: {
        tags,
        summary: 'A customer’s invoices as CSV (open=true: the open ones)',
        params: customerParams,
        querystring: customerInvoicesQuery,
      },
    },
    async (request, reply) => {
      const customer = await customerOf(request.params);
      const today = todayIso();
      return sendCsvFile(
        reply,
        csvName(`receivables-${customer.payerKind.toLowerCase()}-${customer.payerId}`),
        csvStream(
          INVOICE_CSV,
          pageThrough((limit, offset) =>
            customerInvoicePage(
              db,
              customer.payerKind,
              customer.payerId,
              { open: request.query.open, limit, offset },
              today,
            ),
          ),
        ),
      );
    },
  );

  app.get<{ Params: Customer; Querystring: z.output<typeof customerPaymentsQuery> }>(
    '/api/Receivables/:kind/:id/payments',
    {
      config: access('Read'),
      schema: {
        tags,
        summary: 'A customer’s payments: the live bank matches on its invoices, newest bank day first',
        params: customerParams,
        querystring: customerPaymentsQuery,
      },
    },
    async (request) => {
      const customer = await customerOf(request.params);
      const q = request.query;
      const { rows, count } = await customerPaymentWindow(db, customer.payerKind, customer.payerId, q);
      return page(rows, count, q.page, q.size);
    },
  );

  app.get<{ Params: Customer; Querystring: z.output<typeof statementQuery> }>(
    '/api/Receivables/:kind/:id/statement',
    {
      config: access('Read'),
      schema: {
        tags,
        summary: `A customer’s statement of account as a PDF: open invoices with their aging, payments from \`from\` to \`to\` (by default the last ${STATEMENT_DAYS} days)`,
        params: customerParams,
        querystring: statementQuery,
      },
    },
    async (request, reply) => {
      const today = todayIso();
      const to = request.query.to ?? today;
      const from = request.query.from ?? addDays(to, -STATEMENT_DAYS);
      if (from > to) throw badRequest('The period starts after it ends', 'from');
      const customer = await customerOf(request.params, today);
      const [open, payments, address] = await Promise.all([
        customerInvoicePage(db, customer.payerKind, customer.payerId, { open: true, limit: 5000, offset: 0 }, today),
        customerPaymentPage(db, customer.payerKind, customer.payerId, { limit: 5000, offset: 0, from, to }),
        customerAddress(ctx, customer),
      ]);
      const pdf = await statementPdf({
        customer,
        address,
        today,
        from,
        to,
        open: open.reverse(),
        payments: payments.reverse(),
      });
      const name = `Statement ${customer.name} ${today}.pdf`.replace(/[^\w .-]+/g, '');
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(name))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
