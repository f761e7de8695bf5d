import { sql } from 'kysely';
import { z } from 'zod';
import { idParams } from '../../../schema/common';
import { todayIso } from '../../../schema/expiry';
import { fromCents } from '../../../schema/money';
import { tickets } from '../../../schema/resources/tickets';
import {
  BASIC_LABELS,
  CHALLENGE_STATUSES,
  CHALLENGE_STATUS_LABELS,
  COURT_RESULTS,
  COURT_RESULT_LABELS,
  DIVIDE_PRESETS,
  INSPECTED_UNITS,
  INSPECTED_UNIT_LABELS,
  INSPECTION_STATUSES,
  INSPECTION_STATUS_LABELS,
  PAYMENT_STATUSES,
  PAYMENT_STATUS_LABELS,
  SHARE_FREQUENCIES,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  TICKET_TYPES,
  TICKET_TYPE_LABELS,
  type Basic,
  BASICS,
  codeKey,
  dropdownOf,
} from '../../../schema/tickets';
import { ok, type ServerContext } from '../../context';
import { badRequest } from '../../http/errors';
import type { RecordExtension } from '../records/fromDefinition';
import { registerSafetyRoutes } from './safety';
import { syncCitationShares } from './share';

type Query = (typeof tickets)['types']['query'];
const tags = ['Tickets'];

const liveCitations = sql.raw('from citations c where c.ticket_id = r.id and c.deleted_at is null');
/** The earliest court date of a citation still waiting for its hearing. */
const nextCourtDate = sql<string | null>`(select min(c.court_date) ${liveCitations} and c.court_result = 'PENDING')`;

const violationQuery = z.object({ search: z.string().trim().max(100).optional() }).strict();

/**
 * Tickets (schema/resources/tickets.ts) on the server: counts and money of their citations and inspections, the next
 * court date, the Tickets API's list, dropdowns, by-id read and remove; a change of the ticket's driver, or its delete
 * or restore, brings its citations' driver shares in step on the ledger.
 */
export function ticketExtension(ctx: ServerContext): RecordExtension<typeof tickets> {
  return {
    select: (query) =>
      query.select([
        sql<number>`(select count(*) ${liveCitations})`.as('citation_count'),
        sql<number>`(select count(*) from inspection_reports i where i.ticket_id = r.id and i.deleted_at is null)`.as(
          'inspection_count',
        ),
        sql<number>`(select coalesce(sum(c.amount_cents), 0) ${liveCitations})`.as('amount_total_cents'),
        nextCourtDate.as('next_court_date'),
      ]),
    computed: (r) => ({
      title: (r.report_number as string | null) ?? `Ticket #${r.id}`,
      citationCount: Number(r.citation_count ?? 0),
      inspectionCount: Number(r.inspection_count ?? 0),
      amount: fromCents(Number(r.amount_total_cents ?? 0)),
      nextCourtDate: (r.next_court_date as string | null) ?? null,
    }),
    sorts: { nextCourtDate: [nextCourtDate] },
    search: ["(select d.first_name || ' ' || d.last_name from drivers d where d.id = r.driver_id)"],
    filters: { assigneeId: (id) => (eb) => eb('r.user_id', '=', id) },
    beforeWrite: async (trx, { action, input, before }) => {
      if (action !== 'update' || !before?.driverId || input?.driverId) return;
      const charged = await trx
        .selectFrom('citations')
        .select('citation_number')
        .where('ticket_id', '=', before.id)
        .where('deleted_at', 'is', null)
        .where('payment_status', '=', 'PAID')
        .where('driver_share', '>', 0)
        .executeTakeFirst();
      if (charged)
        throw badRequest(
          `Citation ${charged.citation_number} is paid with a driver’s share: the ticket keeps a driver (choose another driver to move the share, or change the citation first)`,
          'driverId',
        );
    },
    afterWrite: async (trx, { before, request }) =>
      syncCitationShares(trx, { ticketId: before!.id }, request.auth?.user.id ?? null, todayIso()),
    routes: (app, _ctx, records) => {
      registerSafetyRoutes(app, ctx, records.access);
      app.get<{ Querystring: Query }>(
        '/api/Tickets/get-filtered-tickets',
        {
          config: records.access('Read', true),
          schema: {
            tags,
            summary:
              'Tickets by Search (report number, driver, description), Page, Size (default 10), Type, DriverId, AssigneeId, CarrierId, Status and Sort',
            querystring: tickets.query,
          },
        },
        async (request) => records.list(request.query, request),
      );

      app.get<{ Params: { id: number } }>(
        '/api/Tickets/get-tickets-by-Id/:id',
        {
          config: records.access('Read', true),
          schema: { tags, summary: 'One ticket', params: idParams },
        },
        async (request) => ok(await records.mustLoad(ctx.db, request.params.id)),
      );

      app.delete<{ Params: { id: number } }>(
        '/api/Tickets/ticket/remove/:id',
        {
          config: records.access('Delete'),
          schema: {
            tags,
            summary:
              'Delete a ticket (soft: it can be restored); the driver shares of its paid citations are voided, and posted again on restore',
            params: idParams,
          },
        },
        async (request) => ok(await records.setDeleted(request, request.params.id, 'delete')),
      );

      // The Tickets dropdowns: { code, name } in the list's order.
      const dropdowns: Record<string, { summary: string; rows: () => unknown }> = {
        'get-ticket-types-dropdown': {
          summary: 'Ticket types',
          rows: () => dropdownOf(TICKET_TYPES, TICKET_TYPE_LABELS),
        },
        'get-ticket-statuses-dropdown': {
          summary: 'Ticket statuses',
          rows: () => dropdownOf(TICKET_STATUSES, TICKET_STATUS_LABELS),
        },
        'get-ticket-priority-dropdown': {
          summary: 'Ticket priorities',
          rows: () => dropdownOf(TICKET_PRIORITIES, TICKET_PRIORITY_LABELS),
        },
        'get-citation-payment-statuses-dropdown': {
          summary: 'Citation payment statuses',
          rows: () => dropdownOf(PAYMENT_STATUSES, PAYMENT_STATUS_LABELS),
        },
        'get-citation-court-results-dropdown': {
          summary: 'Citation court results',
          rows: () => dropdownOf(COURT_RESULTS, COURT_RESULT_LABELS),
        },
        'get-inspection-report-categories-dropdown': {
          summary: 'Inspection report categories: the seven CSA BASICs',
          rows: () => dropdownOf(BASICS, BASIC_LABELS),
        },
        'get-inspection-report-violation-statuses-dropdown': {
          summary: 'Inspection report statuses',
          rows: () => dropdownOf(INSPECTION_STATUSES, INSPECTION_STATUS_LABELS),
        },
        'get-inspection-report-violation-challange-statuses-dropdown': {
          summary: 'DataQs challenge statuses',
          rows: () => dropdownOf(CHALLENGE_STATUSES, CHALLENGE_STATUS_LABELS),
        },
        'get-inspection-report-violation-unit-types-dropdown': {
          summary: 'Units an inspection covered',
          rows: () => dropdownOf(INSPECTED_UNITS, INSPECTED_UNIT_LABELS),
        },
        'divide-dropdown': {
          summary: 'Who pays a citation: presets of the driver’s share',
          rows: () => DIVIDE_PRESETS,
        },
        'frequency-dropdown': {
          summary: 'How a driver’s share is taken (posted once, settled on the next pay bill)',
          rows: () => SHARE_FREQUENCIES,
        },
      };
      for (const [name, { summary, rows }] of Object.entries(dropdowns)) {
        app.get(`/api/Tickets/${name}`, { config: records.access('Read', true), schema: { tags, summary } }, async () =>
          ok(rows()),
        );
      }

      app.get(
        '/api/Tickets/get-all-state-dropdown',
        {
          config: records.access('Read', true),
          schema: { tags, summary: 'US states and territories: id, code, name' },
        },
        async () =>
          ok(
            (await ctx.db.selectFrom('states').select(['id', 'abbreviation', 'name']).orderBy('name').execute()).map(
              (s) => ({ id: s.id, code: s.abbreviation, name: s.name }),
            ),
          ),
      );

      app.get<{ Querystring: z.infer<typeof violationQuery> }>(
        '/api/Tickets/get-all-violation-number-dropdown',
        {
          config: records.access('Read', true),
          schema: {
            tags,
            summary:
              'FMCSA roadside violation codes: code, 49 CFR section, description, BASIC, group, severity weight, out-of-service; search by code (with or without dots) or words',
            querystring: violationQuery,
          },
        },
        async (request) => {
          let query = ctx.db.selectFrom('violation_codes').selectAll().orderBy('code');
          const search = request.query.search;
          if (search) {
            const words = search.toLowerCase().split(/\s+/).filter(Boolean);
            query = query.where((eb) =>
              eb.or([
                eb('code_key', 'like', `%${codeKey(search).replace(/[%_\\]/g, '')}%`),
                eb.and(words.map((word) => eb(sql`lower(description)`, 'like', `%${word.replace(/[%_\\]/g, '')}%`))),
              ]),
            );
          }
          return ok(
            (await query.execute()).map((c) => ({
              id: c.id,
              code: c.code,
              section: c.section,
              description: c.description,
              basic: c.basic,
              basicName: BASIC_LABELS[c.basic as Basic],
              group: c.violation_group,
              severity: c.severity,
              oos: c.oos === null ? null : Number(c.oos) === 1,
              name: `${c.code} — ${c.description}`,
            })),
          );
        },
      );
    },
  };
}
