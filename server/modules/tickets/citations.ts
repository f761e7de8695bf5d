import { sql } from 'kysely';
import { idParams } from '../../../schema/common';
import { todayIso } from '../../../schema/expiry';
import type { citations } from '../../../schema/resources/citations';
import { ok } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import type { RecordExtension } from '../records/fromDefinition';
import { ticketTitle } from '../records/references';
import { syncCitationShares } from './share';
import { linkedEntries } from '../finances/ledger';
import { driverName } from '../drivers/names';

const tags = ['Tickets'];
const liveDocuments = (ownerType: string) =>
  sql<number>`(select count(*) from documents d where d.owner_type = ${ownerType} and d.owner_id = r.id and d.deleted_at is null)`;

/**
 * Citations (schema/resources/citations.ts) on the server: the driver (of the ticket), the ledger entry of the driver's
 * share and the documents count; a driver's share is paid only when the ticket names its driver; every write brings
 * the driver's ledger in step (share.ts). The Tickets API's citation reads and remove.
 */
export const citationExtension: RecordExtension<typeof citations> = {
  select: (query) =>
    query
      .innerJoin('tickets as t', 't.id', 'r.ticket_id')
      .leftJoin('drivers as d', 'd.id', 't.driver_id')
      .select([
        driverName('d').as('driverFullName'),
        ticketTitle('t').as('ticketTitleText'),
        liveDocuments('citation').as('documentCount'),
        sql<
          number | null
        >`(select e.id from driver_transactions e where e.link_type = 'CITATION' and e.link_id = r.id and e.type = 'TICKET_SHARE' and e.voids_id is null and e.voided_by_id is null)`.as(
          'ledgerEntry',
        ),
      ]),
  computed: (r) => ({
    driverName: (r.driverFullName as string | null) ?? null,
    ticketTitle: r.ticketTitleText as string,
    ledgerEntryId: (r.ledgerEntry as number | null) ?? null,
    documentCount: Number(r.documentCount ?? 0),
  }),
  search: ["(select coalesce(t.report_number, '') from tickets t where t.id = r.ticket_id)"],
  beforeWrite: async (trx, { action, input, before }) => {
    const ticketId = input?.ticketId ?? before?.ticketId;
    if (action !== 'create' && action !== 'update') return;
    if (input?.paymentStatus === 'PAID' && (input.driverShare ?? 0) > 0 && ticketId) {
      const ticket = await trx.selectFrom('tickets').select('driver_id').where('id', '=', ticketId).executeTakeFirst();
      if (ticket && !ticket.driver_id)
        throw badRequest(
          'The ticket names no driver: choose the ticket’s driver before the driver’s share is paid',
          'driverShare',
        );
    }
  },
  afterCreate: async (trx, { after, request }) =>
    syncCitationShares(trx, { citationIds: [after.id] }, request.auth?.user.id ?? null, todayIso()),
  afterWrite: async (trx, { before, request }) =>
    syncCitationShares(trx, { citationIds: [before!.id] }, request.auth?.user.id ?? null, todayIso()),
  routes: (app, ctx, records) => {
    app.get<{ Params: { id: number } }>(
      '/api/Tickets/get-citation-by-Id/:id',
      {
        config: records.access('Read', true),
        schema: { tags, summary: 'One citation', params: idParams },
      },
      async (request) => ok(await records.mustLoad(ctx.db, request.params.id)),
    );

    app.get<{ Params: { id: number } }>(
      '/api/Tickets/get-citations-by-ticket-id/:id',
      {
        config: records.access('Read', true),
        schema: { tags, summary: 'The citations of a ticket, oldest first', params: idParams },
      },
      async (request) => {
        const ticket = await ctx.db
          .selectFrom('tickets')
          .select('id')
          .where('id', '=', request.params.id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (!ticket) throw notFound('Ticket');
        return ok(
          (await records.list({ page: 0, size: 500, showDeleted: false, sort: 'date', ticketId: request.params.id }))
            .value.items,
        );
      },
    );

    app.get<{ Params: { id: number } }>(
      '/api/Tickets/get-citation-by-inspection-report-Id/:id',
      {
        config: records.access('Read', true),
        schema: {
          tags,
          summary: 'The citations written at the stop of an inspection report (its ticket’s), oldest first',
          params: idParams,
        },
      },
      async (request) => {
        const report = await ctx.db
          .selectFrom('inspection_reports')
          .select('ticket_id')
          .where('id', '=', request.params.id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (!report) throw notFound('Inspection report');
        return ok(
          (await records.list({ page: 0, size: 500, showDeleted: false, sort: 'date', ticketId: report.ticket_id }))
            .value.items,
        );
      },
    );

    app.get<{ Params: { id: number } }>(
      '/api/Tickets/get-citation-transaction-by-citationId/:id',
      {
        config: records.access('Read', true),
        schema: {
          tags,
          summary:
            'The driver-ledger entry of a citation’s driver share (null when none is posted): the live one, and its voided predecessors',
          params: idParams,
        },
      },
      async (request) => {
        await records.mustLoad(ctx.db, request.params.id);
        return ok(await linkedEntries(ctx.db, 'CITATION', request.params.id, 'TICKET_SHARE'));
      },
    );

    app.delete<{ Params: { id: number } }>(
      '/api/Tickets/citation/remove/:id',
      {
        config: records.access('Delete'),
        schema: {
          tags,
          summary: 'Delete a citation (soft: it can be restored); a driver’s share it posted is voided',
          params: idParams,
        },
      },
      async (request) => ok(await records.setDeleted(request, request.params.id, 'delete')),
    );
  },
};
