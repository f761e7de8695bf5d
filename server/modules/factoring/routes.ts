import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams } from '../../../schema/common';
import {
  eligibleQuery,
  fundingBody,
  releaseBody,
  reverseBody,
  SCHEDULE_STATUS_LABELS,
  scheduleCreateBody,
  scheduleFileName,
  scheduleListQuery,
  scheduleVersionBody,
} from '../../../schema/factoring';
import { plainCents } from '../../../schema/format';
import { invoiceNumberText } from '../../../schema/invoices';
import { type ServerContext, ok, page } from '../../context';
import { transact } from '../../db/transaction';
import { type CsvColumn, csvStream, pageThrough, sendCsv, sendCsvFile } from '../../http/csv';
import { notFound } from '../../http/errors';
import { contentDisposition } from '../documents/store';
import { recordFunding, releaseReserve, reverseEntry } from './books';
import {
  type ScheduleSummaryDto,
  eligibleInvoices,
  factorBooks,
  loadSchedule,
  scheduleSelection,
  scheduleSummary,
} from './queries';
import { scheduleCsv, schedulePdf } from './schedulePdf';
import { cancelSchedule, createSchedule } from './schedules';

const tags = ['Factoring'];
const access = (permission: 'Read' | 'Create' | 'Update' | 'Delete' | 'Export') =>
  ({ access: { feature: 'Factoring', permission } }) as const;
type Id = z.output<typeof idParams>;
const SCHEDULE_LIST_CSV: readonly CsvColumn<ScheduleSummaryDto>[] = [
  ['Schedule', (s) => s.numberText],
  ['Date', (s) => s.scheduleOn],
  ['Factor', (s) => s.factoringCompanyName],
  ['Status', (s) => SCHEDULE_STATUS_LABELS[s.status]],
  ['Invoices', (s) => s.invoiceCount],
  ['Total', (s) => plainCents(s.totalCents)],
];
const entryParams = z.object({ id: idParams.shape.id, entryId: idParams.shape.id });

/**
 * Factoring (docs/product/factoring.md): the factors' dropdown and books, the schedules of accounts (list, one, PDF,
 * CSV, make, cancel) and their books (funding, reserve releases, reversals). The factoring companies themselves are a
 * declared resource (schema/resources/factoringCompanies.ts). Governed by the Factoring feature.
 */
export default async function factoringRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  const mustLoad = async (id: number) => {
    const schedule = await loadSchedule(db, id);
    if (!schedule) throw notFound('Schedule');
    return schedule;
  };

  app.get(
    '/api/FactoringCompanies/dropdown-list',
    {
      config: { access: { feature: ['Factoring', 'Brokers', 'Shippers', 'Invoices'], permission: 'Read' } },
      schema: {
        tags,
        summary: 'Factoring companies by name, with whether each is active (an inactive one takes no invoice)',
      },
    },
    async () => {
      const rows = await db
        .selectFrom('factoring_companies')
        .select(['id', 'name', 'active'])
        .where('deleted_at', 'is', null)
        .orderBy('name')
        .execute();
      return ok(rows.map((r) => ({ id: Number(r.id), name: r.name, active: Number(r.active) === 1 })));
    },
  );

  app.get(
    '/api/FactoringCompanies/books',
    {
      config: access('Read'),
      schema: {
        tags,
        summary:
          'What each factor owes (reserve held less released), with what it was scheduled, advanced and charged; and the total',
      },
    },
    async () => {
      const rows = await factorBooks(db);
      return ok({ rows, totalOwedCents: rows.reduce((sum, r) => sum + r.owedCents, 0) });
    },
  );

  app.get<{ Params: Id }>(
    '/api/FactoringCompanies/:id/books',
    {
      config: access('Read'),
      schema: {
        tags,
        summary: 'One factor’s books: what it owes, was scheduled, advanced and charged',
        params: idParams,
      },
    },
    async (request) => {
      const [row] = await factorBooks(db, request.params.id);
      if (!row) throw notFound('Factoring company');
      return ok(row);
    },
  );

  app.get<{ Querystring: z.output<typeof scheduleListQuery> }>(
    '/api/FactoringSchedules',
    {
      config: access('Read'),
      schema: {
        tags,
        summary: 'Schedules of accounts, newest first: a factor’s, of one state',
        querystring: scheduleListQuery,
      },
    },
    async (request) => {
      const q = request.query;
      const [rows, count] = await Promise.all([
        scheduleSelection(db, q)
          .orderBy('s.number', 'desc')
          .limit(q.size)
          .offset(q.page * q.size)
          .execute(),
        scheduleSelection(db, q)
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return page(rows.map(scheduleSummary), Number(count.n), q.page, q.size);
    },
  );

  app.get<{ Querystring: z.output<typeof scheduleListQuery> }>(
    '/api/FactoringSchedules/export',
    {
      config: access('Export'),
      schema: { tags, summary: 'The schedule list as CSV, with the list’s filters', querystring: scheduleListQuery },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'factoring-schedules',
        csvStream(
          SCHEDULE_LIST_CSV,
          pageThrough(async (limit, offset) =>
            (
              await scheduleSelection(db, request.query)
                .orderBy('s.number', 'desc')
                .limit(limit)
                .offset(offset)
                .execute()
            ).map(scheduleSummary),
          ),
        ),
      ),
  );

  app.get<{ Querystring: z.output<typeof eligibleQuery> }>(
    '/api/FactoringSchedules/eligible',
    {
      config: access('Read'),
      schema: {
        tags,
        summary: 'The factor’s sent invoices on no live schedule, oldest first: what a new schedule may take',
        querystring: eligibleQuery,
      },
    },
    async (request) => {
      const rows = await eligibleInvoices(db, request.query.factoringCompanyId).execute();
      return ok(
        rows.map((i) => ({
          invoiceId: Number(i.id),
          number: Number(i.number),
          numberText: invoiceNumberText(Number(i.number)),
          debtor: i.debtor,
          issuedOn: i.issued_on,
          amountCents: Number(i.total_cents) - Number(i.paid_cents) - Number(i.credited_cents),
        })),
      );
    },
  );

  app.get<{ Params: Id }>(
    '/api/FactoringSchedules/:id',
    {
      config: access('Read'),
      schema: {
        tags,
        summary: 'One schedule: its invoices, its books and what the factor still holds',
        params: idParams,
      },
    },
    async (request) => ok(await mustLoad(request.params.id)),
  );

  app.get<{ Params: Id }>(
    '/api/FactoringSchedules/:id/pdf',
    {
      config: access('Read'),
      schema: { tags, summary: 'The schedule of accounts as a PDF', params: idParams },
    },
    async (request, reply) => {
      const schedule = await mustLoad(request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(scheduleFileName(schedule.number, 'pdf')))
        .header('cache-control', 'private, no-store')
        .send(await schedulePdf(schedule));
    },
  );

  app.get<{ Params: Id }>(
    '/api/FactoringSchedules/:id/csv',
    {
      config: access('Export'),
      schema: {
        tags,
        summary: 'The schedule of accounts as CSV: a line per invoice, then the total',
        params: idParams,
      },
    },
    async (request, reply) => {
      const schedule = await mustLoad(request.params.id);
      return sendCsvFile(reply, scheduleFileName(schedule.number, 'csv'), toAsync(scheduleCsv(schedule)));
    },
  );

  app.post<{ Body: z.output<typeof scheduleCreateBody> }>(
    '/api/FactoringSchedules',
    {
      config: access('Create'),
      schema: {
        tags,
        summary:
          'Make a schedule of accounts for an active factor from its sent invoices on no live schedule; numbered without gaps',
        body: scheduleCreateBody,
      },
    },
    async (request, reply) => {
      const id = await transact(db, (trx) => createSchedule(trx, request, request.body));
      return reply.code(201).send(ok(await loadSchedule(db, id)));
    },
  );

  app.post<{ Params: Id; Body: z.output<typeof scheduleVersionBody> }>(
    '/api/FactoringSchedules/:id/cancel',
    {
      config: access('Delete'),
      schema: {
        tags,
        summary: 'Cancel an unfunded schedule (kept, never deleted): its invoices may go on another',
        params: idParams,
        body: scheduleVersionBody,
      },
    },
    async (request) => {
      await transact(db, (trx) => cancelSchedule(trx, request, request.params.id, request.body.version));
      return ok(await loadSchedule(db, request.params.id));
    },
  );

  app.post<{ Params: Id; Body: z.output<typeof fundingBody> }>(
    '/api/FactoringSchedules/:id/funding',
    {
      config: access('Update'),
      schema: {
        tags,
        summary:
          'Record the factor’s funding: advance + fee + reserve = the schedule’s total (the factor’s percentages when left out)',
        params: idParams,
        body: fundingBody,
      },
    },
    async (request) => {
      await transact(db, (trx) => recordFunding(trx, request, request.params.id, request.body));
      return ok(await loadSchedule(db, request.params.id));
    },
  );

  app.post<{ Params: Id; Body: z.output<typeof releaseBody> }>(
    '/api/FactoringSchedules/:id/releases',
    {
      config: access('Update'),
      schema: {
        tags,
        summary: 'Record reserve the factor released (part or all of what it holds on the schedule)',
        params: idParams,
        body: releaseBody,
      },
    },
    async (request) => {
      await transact(db, (trx) => releaseReserve(trx, request, request.params.id, request.body));
      return ok(await loadSchedule(db, request.params.id));
    },
  );

  app.post<{ Params: z.output<typeof entryParams>; Body: z.output<typeof reverseBody> }>(
    '/api/FactoringSchedules/:id/entries/:entryId/reverse',
    {
      config: access('Delete'),
      schema: {
        tags,
        summary: 'Reverse a funding or a release by an entry with its amounts negated (nothing is deleted)',
        params: entryParams,
        body: reverseBody,
      },
    },
    async (request) => {
      const { id, entryId } = request.params;
      const { version, reason } = request.body;
      await transact(db, (trx) => reverseEntry(trx, request, id, entryId, version, reason));
      return ok(await loadSchedule(db, id));
    },
  );
}

async function* toAsync(lines: Iterable<string>): AsyncGenerator<string> {
  yield* lines;
}
