import { sql } from 'kysely';
import { idParams } from '../../../schema/common';
import type { inspections } from '../../../schema/resources/inspections';
import { BASIC_LABELS, type Basic } from '../../../schema/tickets';
import { ok } from '../../context';
import { badRequest } from '../../http/errors';
import type { RecordExtension } from '../records/fromDefinition';
import { ticketTitle } from '../records/references';
import { driverName } from '../drivers/names';

const tags = ['Tickets'];
const inspectedOn = sql<string>`(select t.date from tickets t where t.id = r.ticket_id)`;

/**
 * Inspection reports (schema/resources/inspections.ts) on the server: the inspection date and driver (its ticket's),
 * the documents count; violations must be codes of the table. The Tickets API's violation read and remove.
 */
export const inspectionExtension: RecordExtension<typeof inspections> = {
  select: (query) =>
    query
      .innerJoin('tickets as t', 't.id', 'r.ticket_id')
      .leftJoin('drivers as d', 'd.id', 't.driver_id')
      .select([
        't.date as inspectedOnDate',
        driverName('d').as('driverFullName'),
        ticketTitle('t').as('ticketTitleText'),
        sql<number>`(select count(*) from documents doc where doc.owner_type = 'inspection' and doc.owner_id = r.id and doc.deleted_at is null)`.as(
          'documentCount',
        ),
      ]),
  computed: (r) => ({
    inspectedOn: r.inspectedOnDate as string,
    driverName: (r.driverFullName as string | null) ?? null,
    ticketTitle: r.ticketTitleText as string,
    documentCount: Number(r.documentCount ?? 0),
  }),
  sorts: { inspectedOn: [inspectedOn] },
  beforeWrite: async (trx, { input }) => {
    const ids = (input?.violations ?? []).map((v) => v.violationNumberId);
    if (!ids.length) return;
    const known = new Set(
      (await trx.selectFrom('violation_codes').select('id').where('id', 'in', ids).execute()).map((row) => row.id),
    );
    const unknown = ids.findIndex((id) => !known.has(id));
    if (unknown >= 0)
      throw badRequest(
        'Choose a violation code from the list (search by code or words)',
        `violations.${unknown}.violationNumberId`,
      );
  },
  routes: (app, ctx, records) => {
    app.get<{ Params: { id: number } }>(
      '/api/Tickets/get-violations-by-inspection-report-id/:id',
      {
        config: records.access('Read', true),
        schema: {
          tags,
          summary:
            'The violations of an inspection report: code, 49 CFR section, description, BASIC, severity weight, out of service',
          params: idParams,
        },
      },
      async (request) => {
        await records.mustLoad(ctx.db, request.params.id);
        const rows = await ctx.db
          .selectFrom('inspection_violations as v')
          .innerJoin('violation_codes as c', 'c.id', 'v.violation_number_id')
          .select([
            'v.id',
            'v.violation_number_id',
            'v.out_of_service',
            'c.code',
            'c.section',
            'c.description',
            'c.basic',
            'c.violation_group',
            'c.severity',
          ])
          .where('v.inspection_report_id', '=', request.params.id)
          .orderBy('v.position')
          .execute();
        return ok(
          rows.map((v) => ({
            id: v.id,
            violationNumberId: v.violation_number_id,
            code: v.code,
            section: v.section,
            description: v.description,
            basic: v.basic,
            basicName: BASIC_LABELS[v.basic as Basic],
            group: v.violation_group,
            severity: v.severity,
            outOfService: Number(v.out_of_service) === 1,
          })),
        );
      },
    );

    app.delete<{ Params: { id: number } }>(
      '/api/Tickets/inspectionreport/remove/:id',
      {
        config: records.access('Delete'),
        schema: { tags, summary: 'Delete an inspection report (soft: it can be restored)', params: idParams },
      },
      async (request) => ok(await records.setDeleted(request, request.params.id, 'delete')),
    );
  },
};
