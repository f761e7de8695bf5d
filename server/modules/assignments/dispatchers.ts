import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  type CurrentDispatcherDto,
  type CurrentDispatchersQuery,
  type DispatcherAssignmentDto,
  type DispatcherAssignmentInput,
  type DispatcherHistoryQuery,
  currentDispatchersQuery,
  dispatcherAssignmentInput,
  dispatcherHistoryQuery,
} from '../../../schema/assignments';
import { type ServerContext, ok } from '../../context';
import type { Db } from '../../db/types';
import { badRequest } from '../../http/errors';
import { audit } from '../audit/audit';
import type { Row } from '../records/types';
import { fullName, searchWhere } from '../records/query';
import { registerAssignmentArea } from './area';
import { coversSql, endsOnOrAfter } from './dates';
import {
  activeDriver,
  datedFields,
  driversOfToday,
  endAssignment,
  nameOf,
  sortDirection,
  withWhoAndWhen,
} from './shared';
import { dayBefore, planClaim } from './slots';
import { transact } from '../../db/transaction';
import { driverName } from '../drivers/names';

/** Driver–dispatcher assignment (feature DriverAssignment): the current picture, dated history, reassignment. */
export function dispatcherAssignmentRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  /** Active drivers (all with showDeleted) with the dispatcher covering today. */
  function current(q: CurrentDispatchersQuery, today: string) {
    let query = driversOfToday(db, q, today)
      .leftJoin('driver_dispatcher_assignments as a', (join) =>
        join.onRef('a.driver_id', '=', 'd.id').on(coversSql('a', today)),
      )
      .leftJoin('users as u', 'u.id', 'a.dispatcher_id');
    if (q.dispatcherId) query = query.where('a.dispatcher_id', '=', q.dispatcherId);
    if (q.unassigned !== undefined) query = query.where('a.id', q.unassigned ? 'is' : 'is not', null);
    if (q.search)
      query = query.where(
        searchWhere([`d.first_name || ' ' || d.last_name`, `u.first_name || ' ' || u.last_name`], q.search),
      );
    return query;
  }
  const SORTS = {
    driverName: [sql`lower(d.last_name)`, sql`lower(d.first_name)`],
    dispatcherName: [sql`lower(u.last_name)`, sql`lower(u.first_name)`],
    startsOn: ['a.starts_on'],
    id: ['d.id'],
  };

  async function currentPage(
    q: CurrentDispatchersQuery,
    today: string,
    limit: number,
    offset: number,
  ): Promise<CurrentDispatcherDto[]> {
    const { field, direction } = sortDirection(q.sort, 'driverName');
    let query = current(q, today).select([
      'd.id',
      driverName('d').as('driverName'),
      'c.name as carrierName',
      'a.id as assignmentId',
      'a.dispatcher_id',
      fullName('u').as('dispatcherName'),
      'a.starts_on',
      'a.ends_on',
    ]);
    for (const column of SORTS[field as keyof typeof SORTS] ?? SORTS.driverName)
      query = query.orderBy(column as never, direction);
    const rows = await query.orderBy('d.id', direction).limit(limit).offset(offset).execute();
    const ids = rows.map((r) => r.id);
    const upcoming = ids.length
      ? await db
          .selectFrom('driver_dispatcher_assignments as a')
          .innerJoin('users as u', 'u.id', 'a.dispatcher_id')
          .select(['a.id', 'a.driver_id', 'a.dispatcher_id', fullName('u').as('dispatcherName'), 'a.starts_on'])
          .where('a.driver_id', 'in', ids)
          .where('a.starts_on', '>', today)
          .orderBy('a.starts_on', 'desc')
          .execute()
      : [];
    return rows.map((r) => {
      const next = upcoming.filter((n) => n.driver_id === r.id).pop();
      return {
        id: r.id,
        driverId: r.id,
        driverName: r.driverName ?? '',
        carrierName: r.carrierName ?? null,
        assignmentId: r.assignmentId ?? null,
        dispatcherId: r.dispatcher_id ?? null,
        dispatcherName: r.dispatcherName ?? null,
        startsOn: r.starts_on ?? null,
        endsOn: r.ends_on ?? null,
        next: next
          ? {
              assignmentId: next.id,
              dispatcherId: next.dispatcher_id,
              dispatcherName: next.dispatcherName ?? '',
              startsOn: next.starts_on,
            }
          : null,
      };
    });
  }

  const { can, tags, historyById } = registerAssignmentArea<
    CurrentDispatcherDto,
    CurrentDispatchersQuery,
    DispatcherAssignmentDto,
    DispatcherHistoryQuery
  >(app, ctx, {
    path: '/api/DriverAssignments',
    feature: 'DriverAssignment',
    tag: 'Driver assignment',
    table: 'driver_dispatcher_assignments',
    entity: 'driver_dispatcher_assignment',
    current: {
      summary:
        'One row per active driver with the dispatcher covering today (id = driverId) and any dated reassignment ahead',
      query: currentDispatchersQuery,
      filtered: current,
      page: currentPage,
      csvName: 'driver-dispatchers',
      csv: [
        ['Driver', (r) => r.driverName],
        ['Carrier', (r) => r.carrierName],
        ['Dispatcher', (r) => r.dispatcherName],
        ['Since', (r) => r.startsOn],
        ['Until', (r) => r.endsOn],
        ['Next dispatcher', (r) => r.next?.dispatcherName],
        ['Next from', (r) => r.next?.startsOn],
      ],
    },
    history: {
      summary: 'Dated assignments, newest first, with who made and ended each',
      query: dispatcherHistoryQuery,
      select: () => selectHistory(db),
      filter: (query, q) => {
        if (q.driverId) query = query.where('a.driver_id', '=', q.driverId);
        if (q.dispatcherId) query = query.where('a.dispatcher_id', '=', q.dispatcherId);
        return q.search
          ? query.where(
              searchWhere([`d.first_name || ' ' || d.last_name`, `u.first_name || ' ' || u.last_name`], q.search),
            )
          : query;
      },
      toDto: historyDto,
    },
  });

  app.post<{ Body: DispatcherAssignmentInput }>(
    '/api/DriverAssignments',
    {
      config: can('Create'),
      schema: {
        tags,
        summary: 'Assign or reassign a driver from startsOn: the running assignment ends the day before, in one action',
        body: dispatcherAssignmentInput,
      },
    },
    async (request) => {
      const { driverId, dispatcherId, startsOn } = request.body;
      const actor = request.auth!.user.id;
      const id = await transact(db, async (trx) => {
        const driver = await activeDriver(trx, driverId, startsOn);
        const dispatcher = await trx
          .selectFrom('users as u')
          .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
          .innerJoin('roles as ro', 'ro.id', 'ur.role_id')
          .select(['u.id', fullName('u').as('name')])
          .where('u.id', '=', dispatcherId)
          .where('u.deleted_at', 'is', null)
          .where('u.is_active', '=', 1)
          .where('ro.name', '=', 'Dispatcher')
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
          holdings,
          startsOn,
          claimant: dispatcherId,
          field: 'startsOn',
          mayEnd: true,
          describe: async (h) =>
            `Driver ${driver.name} already has dispatcher ${await nameOf(trx, 'users', h.holder!)}`,
        });
        if (toEnd !== null)
          await endAssignment(trx, 'driver_dispatcher_assignments', toEnd, dayBefore(startsOn), actor);
        const now = new Date().toISOString();
        const inserted = await trx
          .insertInto('driver_dispatcher_assignments')
          .values({
            driver_id: driverId,
            dispatcher_id: dispatcherId,
            starts_on: startsOn,
            ends_on: null,
            created_by: actor,
            created_at: now,
            ended_by: null,
            ended_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(trx, request, {
          action: 'assign',
          entity: 'driver_dispatcher_assignment',
          entityId: inserted.id,
          after: { driverId, dispatcherId, startsOn, endedAssignmentId: toEnd },
        });
        return inserted.id;
      });
      return ok((await historyById([id]))[0]);
    },
  );
}

function selectHistory(db: Db) {
  return withWhoAndWhen(
    db
      .selectFrom('driver_dispatcher_assignments as a')
      .innerJoin('drivers as d', 'd.id', 'a.driver_id')
      .innerJoin('users as u', 'u.id', 'a.dispatcher_id')
      .select([driverName('d').as('driverName'), fullName('u').as('dispatcherName')]),
  );
}

function historyDto(r: Row, today: string): DispatcherAssignmentDto {
  return {
    id: r.id,
    driverId: r.driver_id,
    driverName: r.driverName ?? '',
    dispatcherId: r.dispatcher_id,
    dispatcherName: r.dispatcherName ?? '',
    ...datedFields(r, today),
  };
}
