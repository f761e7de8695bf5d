import type { FastifyInstance } from 'fastify';
import type { z, ZodType } from 'zod';
import { type EndAssignmentInput, endAssignmentInput } from '../../../schema/assignments';
import { idParams } from '../../../schema/common';
import { todayIso } from '../../../schema/expiry';
import { type ServerContext, ok, page } from '../../context';
import { type CsvColumn, csvStream, pageThrough, sendCsv } from '../../http/csv';
import { audit } from '../audit/audit';
import type { AnyQuery, ListQueryBase, Row } from '../records/types';
import { endAssignment } from './shared';
import { transact } from '../../db/transaction';

/**
 * What the two assignment areas (driver ↔ dispatcher, driver ↔ truck / trailer / card) share: the current
 * picture with its CSV, the dated history newest first, and ending an open assignment. Each area declares its
 * queries; its own create call is the only route it writes by hand.
 */
export interface AssignmentArea<
  Current,
  CurrentQuery extends ListQueryBase,
  History,
  HistoryQuery extends ListQueryBase,
> {
  path: '/api/DriverAssignments' | '/api/UnitAssignments';
  feature: 'DriverAssignment' | 'VehicleAndCardAssignment';
  tag: string;
  table: 'driver_dispatcher_assignments' | 'unit_assignments';
  entity: string;
  current: {
    summary: string;
    query: ZodType;
    /** The filtered rows (for the count); `page` reads them with names, sorted. */
    filtered(q: CurrentQuery, today: string): AnyQuery;
    page(q: CurrentQuery, today: string, limit: number, offset: number): Promise<Current[]>;
    csvName: string;
    csv: CsvColumn<Current>[];
  };
  history: {
    summary: string;
    query: ZodType;
    /** History rows with names (alias "a"), without filters. */
    select(): AnyQuery;
    filter(query: AnyQuery, q: HistoryQuery): AnyQuery;
    toDto(row: Row, today: string): History;
  };
}

export type Can = (permission: 'Read' | 'Create' | 'Update' | 'Export') => {
  access: { feature: string; permission: 'Read' | 'Create' | 'Update' | 'Export' };
};

export function registerAssignmentArea<
  Current,
  CurrentQuery extends ListQueryBase,
  History,
  HistoryQuery extends ListQueryBase,
>(app: FastifyInstance, ctx: ServerContext, area: AssignmentArea<Current, CurrentQuery, History, HistoryQuery>) {
  const { db } = ctx;
  const tags = [area.tag];
  const can: Can = (permission) => ({ access: { feature: area.feature, permission } });
  const historyById = async (ids: number[]) => {
    const today = todayIso();
    const rows = (await area.history.select().where('a.id', 'in', ids).orderBy('a.id').execute()) as Row[];
    return rows.map((row) => area.history.toDto(row, today));
  };

  app.get<{ Querystring: CurrentQuery }>(
    `${area.path}/current`,
    {
      config: can('Read'),
      schema: { tags, summary: area.current.summary, querystring: area.current.query },
    },
    async (request) => {
      const q = request.query as CurrentQuery;
      const today = todayIso();
      const total = (await area.current
        .filtered(q, today)
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()) as { n: number };
      return page(await area.current.page(q, today, q.size, q.page * q.size), Number(total.n), q.page, q.size);
    },
  );

  app.get<{ Querystring: CurrentQuery }>(
    `${area.path}/export`,
    {
      config: can('Export'),
      schema: {
        tags,
        summary: 'CSV of the current picture with the same filters (streamed)',
        querystring: area.current.query,
      },
    },
    async (request, reply) => {
      const today = todayIso();
      return sendCsv(
        reply,
        area.current.csvName,
        csvStream(
          area.current.csv,
          pageThrough((limit, offset) => area.current.page(request.query as CurrentQuery, today, limit, offset)),
        ),
      );
    },
  );

  app.get<{ Querystring: HistoryQuery }>(
    `${area.path}/history`,
    {
      config: can('Read'),
      schema: { tags, summary: area.history.summary, querystring: area.history.query },
    },
    async (request) => {
      const q = request.query as HistoryQuery;
      let query = area.history.filter(area.history.select(), q);
      // As in every list, a deleted driver's rows only with showDeleted (history rows themselves are never deleted).
      if (!q.showDeleted) query = query.where('d.deleted_at', 'is', null);
      const total = (await query
        .clearSelect()
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()) as { n: number };
      // Newest first unless asked: startsOn / -startsOn by start date, id / -id by id.
      const direction = q.sort && !q.sort.startsWith('-') ? 'asc' : 'desc';
      const ordered =
        q.sort?.replace(/^-/, '') === 'id'
          ? query.orderBy('a.id', direction)
          : query.orderBy('a.starts_on', direction).orderBy('a.id', direction);
      const rows = (await ordered
        .limit(q.size)
        .offset(q.page * q.size)
        .execute()) as Row[];
      const today = todayIso();
      return page(
        rows.map((row) => area.history.toDto(row, today)),
        Number(total.n),
        q.page,
        q.size,
      );
    },
  );

  app.post<{ Params: z.output<typeof idParams>; Body: EndAssignmentInput }>(
    `${area.path}/:id/end`,
    {
      config: can('Update'),
      schema: {
        tags,
        summary: 'End an open assignment on endsOn (its last day)',
        params: idParams,
        body: endAssignmentInput,
      },
    },
    async (request) => {
      const { id } = request.params;
      await transact(db, async (trx) => {
        const before = await endAssignment(trx, area.table, id, request.body.endsOn, request.auth!.user.id, true);
        await audit(trx, request, {
          action: 'end',
          entity: area.entity,
          entityId: id,
          before,
          after: { endsOn: request.body.endsOn },
        });
      });
      return ok((await historyById([id]))[0]);
    },
  );

  return { can, tags, historyById };
}
