import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import {
  type CurrentDispatcherDto, type CurrentDispatchersQuery, type DispatcherAssignmentDto, type DispatcherAssignmentInput, type DispatcherHistoryQuery,
  type EndAssignmentInput, currentDispatchersQuery, dispatcherAssignmentInput, dispatcherHistoryQuery, endAssignmentInput,
} from '../../../schema/assignments';
import { idParams } from '../../../schema/common';
import { todayIso } from '../../../schema/expiry';
import { type ServerContext, ok, page } from '../../context';
import type { Db } from '../../db/types';
import { csvStream, pageThrough, sendCsv } from '../../http/csv';
import { badRequest } from '../../http/errors';
import { audit } from '../audit/audit';
import { fullName, searchWhere } from '../records/query';
import { coversSql, endsOnOrAfter } from './dates';
import { activeDriver, endAssignment, sortDirection } from './shared';
import { dayBefore, lockRow, planClaim } from './slots';

const TAGS = ['Driver assignment'];
const can = (permission: 'Read' | 'Create' | 'Update' | 'Export') => ({ access: { feature: 'DriverAssignment', permission } });

/** Driver–dispatcher assignment (feature DriverAssignment): the current picture, dated history, reassignment. */
export function dispatcherAssignmentRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db, dialect } = ctx;

  /** Active drivers (all with showDeleted) with the dispatcher covering today. */
  function current(q: CurrentDispatchersQuery, today: string) {
    let query = db
      .selectFrom('drivers as d')
      .leftJoin('carriers as c', 'c.id', 'd.carrier_id')
      .leftJoin('driver_dispatcher_assignments as a', (join) => join.onRef('a.driver_id', '=', 'd.id').on(coversSql('a', today)))
      .leftJoin('users as u', 'u.id', 'a.dispatcher_id');
    if (!q.showDeleted) query = query.where('d.deleted_at', 'is', null).where((eb) => eb.or([eb('d.terminated_on', 'is', null), eb('d.terminated_on', '>', today)]));
    if (q.driverId) query = query.where('d.id', '=', q.driverId);
    if (q.dispatcherId) query = query.where('a.dispatcher_id', '=', q.dispatcherId);
    if (q.unassigned !== undefined) query = query.where('a.id', q.unassigned ? 'is' : 'is not', null);
    if (q.search) query = query.where(searchWhere([`d.first_name || ' ' || d.last_name`, `u.first_name || ' ' || u.last_name`], q.search));
    return query;
  }
  const SORTS = { driverName: [sql`lower(d.last_name)`, sql`lower(d.first_name)`], dispatcherName: [sql`lower(u.last_name)`, sql`lower(u.first_name)`], startsOn: ['a.starts_on'], id: ['d.id'] };

  async function currentPage(q: CurrentDispatchersQuery, today: string, limit: number, offset: number): Promise<CurrentDispatcherDto[]> {
    const { field, direction } = sortDirection(q.sort, 'driverName');
    let query = current(q, today).select([
      'd.id', fullName('d').as('driverName'), 'c.name as carrierName', 'a.id as assignmentId', 'a.dispatcher_id', fullName('u').as('dispatcherName'), 'a.starts_on', 'a.ends_on',
    ]);
    for (const column of SORTS[field as keyof typeof SORTS] ?? SORTS.driverName) query = query.orderBy(column as never, direction);
    const rows = await query.orderBy('d.id', direction).limit(limit).offset(offset).execute();
    const ids = rows.map((r) => r.id);
    const upcoming = ids.length
      ? await db.selectFrom('driver_dispatcher_assignments as a').innerJoin('users as u', 'u.id', 'a.dispatcher_id')
        .select(['a.id', 'a.driver_id', 'a.dispatcher_id', fullName('u').as('dispatcherName'), 'a.starts_on'])
        .where('a.driver_id', 'in', ids).where('a.starts_on', '>', today).orderBy('a.starts_on', 'desc').execute()
      : [];
    return rows.map((r) => {
      const next = upcoming.filter((n) => n.driver_id === r.id).pop();
      return {
        id: r.id, driverId: r.id, driverName: r.driverName ?? '', carrierName: r.carrierName ?? null, assignmentId: r.assignmentId ?? null,
        dispatcherId: r.dispatcher_id ?? null, dispatcherName: r.dispatcherName ?? null, startsOn: r.starts_on ?? null, endsOn: r.ends_on ?? null,
        next: next ? { assignmentId: next.id, dispatcherId: next.dispatcher_id, dispatcherName: next.dispatcherName ?? '', startsOn: next.starts_on } : null,
      };
    });
  }

  app.get<{ Querystring: CurrentDispatchersQuery }>('/api/DriverAssignments/current', {
    config: can('Read'),
    schema: { tags: TAGS, summary: 'One row per active driver with the dispatcher covering today (id = driverId) and any dated reassignment ahead', querystring: currentDispatchersQuery },
  }, async (request) => {
    const q = request.query;
    const today = todayIso();
    const total = await current(q, today).select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return page(await currentPage(q, today, q.size, q.page * q.size), Number(total.n), q.page, q.size);
  });

  app.get<{ Querystring: CurrentDispatchersQuery }>('/api/DriverAssignments/export', {
    config: can('Export'),
    schema: { tags: TAGS, summary: 'CSV of the current picture with the same filters (streamed)', querystring: currentDispatchersQuery },
  }, async (request, reply) => {
    const today = todayIso();
    return sendCsv(reply, 'driver-dispatchers', csvStream<CurrentDispatcherDto>([
      ['Driver', (r) => r.driverName], ['Carrier', (r) => r.carrierName], ['Dispatcher', (r) => r.dispatcherName], ['Since', (r) => r.startsOn],
      ['Until', (r) => r.endsOn], ['Next dispatcher', (r) => r.next?.dispatcherName], ['Next from', (r) => r.next?.startsOn],
    ], pageThrough((limit, offset) => currentPage(request.query, today, limit, offset))));
  });

  app.get<{ Querystring: DispatcherHistoryQuery }>('/api/DriverAssignments/history', {
    config: can('Read'),
    schema: { tags: TAGS, summary: 'Dated assignments, newest first, with who made and ended each', querystring: dispatcherHistoryQuery },
  }, async (request) => {
    const q = request.query;
    let query = selectHistory(db);
    if (q.driverId) query = query.where('a.driver_id', '=', q.driverId);
    if (q.dispatcherId) query = query.where('a.dispatcher_id', '=', q.dispatcherId);
    if (q.search) query = query.where(searchWhere([`d.first_name || ' ' || d.last_name`, `u.first_name || ' ' || u.last_name`], q.search));
    const total = await query.clearSelect().select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const direction = q.sort === 'startsOn' || q.sort === 'id' ? 'asc' : 'desc';
    const rows = await query.orderBy('a.starts_on', direction).orderBy('a.id', direction).limit(q.size).offset(q.page * q.size).execute();
    const today = todayIso();
    return page(rows.map((r) => historyDto(r, today)), Number(total.n), q.page, q.size);
  });

  app.post<{ Body: DispatcherAssignmentInput }>('/api/DriverAssignments', {
    config: can('Create'),
    schema: { tags: TAGS, summary: 'Assign or reassign a driver from startsOn: the running assignment ends the day before, in one action', body: dispatcherAssignmentInput },
  }, async (request) => {
    const { driverId, dispatcherId, startsOn } = request.body;
    const actor = request.auth!.user.id;
    const id = await db.transaction().execute(async (trx) => {
      await lockRow(trx, dialect, 'drivers', driverId);
      const driver = await activeDriver(trx, driverId, startsOn);
      const dispatcher = await trx
        .selectFrom('users as u').innerJoin('user_roles as ur', 'ur.user_id', 'u.id').innerJoin('roles as ro', 'ro.id', 'ur.role_id')
        .select(['u.id', fullName('u').as('name')])
        .where('u.id', '=', dispatcherId).where('u.deleted_at', 'is', null).where('u.is_active', '=', 1).where('ro.name', '=', 'Dispatcher')
        .executeTakeFirst();
      if (!dispatcher) throw badRequest('Choose an active dispatcher', 'dispatcherId');
      const holdings = await trx
        .selectFrom('driver_dispatcher_assignments')
        .select(['id', 'starts_on', 'ends_on', 'dispatcher_id as holder'])
        .where('driver_id', '=', driverId)
        .where(endsOnOrAfter(startsOn))
        .orderBy('starts_on')
        .execute();
      const toEnd = await planClaim({
        holdings, startsOn, claimant: dispatcherId, field: 'startsOn', mayEnd: true,
        describe: async (h) => `Driver ${driver.name} already has dispatcher ${await userName(trx, h.holder!)}`,
      });
      if (toEnd !== null) await endAssignment(trx, 'driver_dispatcher_assignments', toEnd, dayBefore(startsOn), actor);
      const now = new Date().toISOString();
      const inserted = await trx
        .insertInto('driver_dispatcher_assignments')
        .values({ driver_id: driverId, dispatcher_id: dispatcherId, starts_on: startsOn, ends_on: null, created_by: actor, created_at: now, ended_by: null, ended_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(trx, request, { action: 'assign', entity: 'driver_dispatcher_assignment', entityId: inserted.id, after: { driverId, dispatcherId, startsOn, endedAssignmentId: toEnd } });
      return inserted.id;
    });
    return ok(historyDto(await selectHistory(db).where('a.id', '=', id).executeTakeFirstOrThrow(), todayIso()));
  });

  app.post<{ Params: z.output<typeof idParams>; Body: EndAssignmentInput }>('/api/DriverAssignments/:id/end', {
    config: can('Update'),
    schema: { tags: TAGS, summary: 'End an open assignment on endsOn (its last day)', params: idParams, body: endAssignmentInput },
  }, async (request) => {
    const { id } = request.params;
    await db.transaction().execute(async (trx) => {
      const before = await endAssignment(trx, 'driver_dispatcher_assignments', id, request.body.endsOn, request.auth!.user.id, true);
      await audit(trx, request, { action: 'end', entity: 'driver_dispatcher_assignment', entityId: id, before, after: { endsOn: request.body.endsOn } });
    });
    return ok(historyDto(await selectHistory(db).where('a.id', '=', id).executeTakeFirstOrThrow(), todayIso()));
  });
}

async function userName(db: Db, id: number): Promise<string> {
  const row = await db.selectFrom('users as u').select(fullName('u').as('name')).where('id', '=', id).executeTakeFirst();
  return row?.name ?? `#${id}`;
}

function selectHistory(db: Db) {
  return db
    .selectFrom('driver_dispatcher_assignments as a')
    .innerJoin('drivers as d', 'd.id', 'a.driver_id')
    .innerJoin('users as u', 'u.id', 'a.dispatcher_id')
    .leftJoin('users as cb', 'cb.id', 'a.created_by')
    .leftJoin('users as eb', 'eb.id', 'a.ended_by')
    .selectAll('a')
    .select([fullName('d').as('driverName'), fullName('u').as('dispatcherName'), fullName('cb').as('createdByName'), fullName('eb').as('endedByName')]);
}

function historyDto(r: Awaited<ReturnType<ReturnType<typeof selectHistory>['executeTakeFirstOrThrow']>>, today: string): DispatcherAssignmentDto {
  return {
    id: r.id, driverId: r.driver_id, driverName: r.driverName ?? '', dispatcherId: r.dispatcher_id, dispatcherName: r.dispatcherName ?? '',
    startsOn: r.starts_on, endsOn: r.ends_on, current: r.starts_on <= today && (r.ends_on === null || r.ends_on >= today),
    createdBy: r.created_by, createdByName: r.createdByName ?? null, createdAt: r.created_at, endedBy: r.ended_by, endedByName: r.endedByName ?? null, endedAt: r.ended_at,
  };
}
