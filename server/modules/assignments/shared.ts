import { usDate } from '../../../schema/format';
import type { Db } from '../../db/types';
import { badRequest, notFound } from '../../http/errors';
import { fullName } from '../records/query';
import type { AnyQuery, ListQueryBase, Row } from '../records/types';
import { driverName } from '../drivers/names';

/** The driver an assignment names: live, and not terminated by the day it starts. */
export async function activeDriver(trx: Db, driverId: number, startsOn: string): Promise<{ id: number; name: string }> {
  const driver = await trx
    .selectFrom('drivers as d')
    .select(['d.id', driverName('d').as('name'), 'd.terminated_on'])
    .where('d.id', '=', driverId)
    .where('d.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!driver) throw badRequest('Choose an existing driver', 'driverId');
  if (driver.terminated_on && driver.terminated_on <= startsOn)
    throw badRequest(`${driver.name} is terminated from ${usDate(driver.terminated_on)}`, 'driverId');
  return { id: driver.id, name: driver.name ?? '' };
}

/**
 * Close an assignment on `endsOn` (its last day). From the /end call (`mustBeOpen`) an assignment already ended
 * or an end before its start is a 400; a reassignment ends the open one the day before the new start.
 */
export async function endAssignment(
  trx: Db,
  table: 'driver_dispatcher_assignments' | 'unit_assignments',
  id: number,
  endsOn: string,
  actor: number,
  mustBeOpen = false,
) {
  const row = await trx
    .selectFrom(table)
    .select(['id', 'starts_on', 'ends_on'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Assignment');
  if (mustBeOpen && row.ends_on !== null)
    throw badRequest(`This assignment already ended on ${usDate(row.ends_on)}`, 'endsOn');
  if (endsOn < row.starts_on)
    throw badRequest(`The assignment starts on ${usDate(row.starts_on)}; it cannot end before that`, 'endsOn');
  await trx
    .updateTable(table)
    .set({ ends_on: endsOn, ended_by: actor, ended_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
  return { id: row.id, startsOn: row.starts_on, endsOn: row.ends_on };
}

export function sortDirection(
  sort: string | undefined,
  fallback: string,
): { field: string; direction: 'asc' | 'desc' } {
  const wanted = sort ?? fallback;
  return { field: wanted.replace(/^-/, ''), direction: wanted.startsWith('-') ? 'desc' : 'asc' };
}

/** The drivers a current picture lists (id = driverId): live and not terminated today, or all with showDeleted. */
export function driversOfToday(db: Db, q: ListQueryBase & { driverId?: number }, today: string) {
  let query = db.selectFrom('drivers as d').leftJoin('carriers as c', 'c.id', 'd.carrier_id');
  if (!q.showDeleted)
    query = query
      .where('d.deleted_at', 'is', null)
      .where((eb) => eb.or([eb('d.terminated_on', 'is', null), eb('d.terminated_on', '>', today)]));
  if (q.driverId) query = query.where('d.id', '=', q.driverId);
  return query;
}

/** A history query (assignment aliased "a") with the names of who made and who ended each assignment. */
export function withWhoAndWhen(query: AnyQuery): AnyQuery {
  return query
    .leftJoin('users as cb', 'cb.id', 'a.created_by')
    .leftJoin('users as eb', 'eb.id', 'a.ended_by')
    .selectAll('a')
    .select([fullName('cb').as('createdByName'), fullName('eb').as('endedByName')]);
}

/** The dates and the who-and-when of a history row, as every assignment DTO carries them. */
export function datedFields(r: Row, today: string) {
  return {
    startsOn: r.starts_on as string,
    endsOn: r.ends_on as string | null,
    current: r.starts_on <= today && (r.ends_on === null || r.ends_on >= today),
    createdBy: r.created_by as number | null,
    createdByName: (r.createdByName ?? null) as string | null,
    createdAt: r.created_at as string,
    endedBy: r.ended_by as number | null,
    endedByName: (r.endedByName ?? null) as string | null,
    endedAt: r.ended_at as string | null,
  };
}

/** "First Last" of a user or driver, for messages. */
export async function nameOf(db: Db, table: 'users' | 'drivers', id: number): Promise<string> {
  const row = await db
    .selectFrom(`${table} as p` as 'users as p')
    .select(fullName('p').as('name'))
    .where('p.id', '=', id)
    .executeTakeFirst();
  return row?.name ?? `#${id}`;
}
