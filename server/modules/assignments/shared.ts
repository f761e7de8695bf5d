import type { Db } from '../../db/types';
import { badRequest, notFound } from '../../http/errors';
import { fullName } from '../records/query';

/** The driver an assignment names: live, and not terminated by the day it starts. */
export async function activeDriver(trx: Db, driverId: number, startsOn: string): Promise<{ id: number; name: string }> {
  const driver = await trx
    .selectFrom('drivers as d')
    .select(['d.id', fullName('d').as('name'), 'd.terminated_on'])
    .where('d.id', '=', driverId)
    .where('d.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!driver) throw badRequest('Choose an existing driver', 'driverId');
  if (driver.terminated_on && driver.terminated_on <= startsOn) throw badRequest(`${driver.name} is terminated from ${driver.terminated_on}`, 'driverId');
  return { id: driver.id, name: driver.name ?? '' };
}

/**
 * Close an assignment on `endsOn` (its last day). From the /end call (`mustBeOpen`) an assignment already ended
 * or an end before its start is a 400; a reassignment ends the open one the day before the new start.
 */
export async function endAssignment(trx: Db, table: 'driver_dispatcher_assignments' | 'unit_assignments', id: number, endsOn: string, actor: number, mustBeOpen = false) {
  const row = await trx.selectFrom(table).select(['id', 'starts_on', 'ends_on']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Assignment');
  if (mustBeOpen && row.ends_on !== null) throw badRequest(`This assignment already ended on ${row.ends_on}`, 'endsOn');
  if (endsOn < row.starts_on) throw badRequest(`The assignment starts on ${row.starts_on}; it cannot end before that`, 'endsOn');
  await trx.updateTable(table).set({ ends_on: endsOn, ended_by: actor, ended_at: new Date().toISOString() }).where('id', '=', id).execute();
  return { id: row.id, startsOn: row.starts_on, endsOn: row.ends_on };
}

export function sortDirection(sort: string | undefined, fallback: string): { field: string; direction: 'asc' | 'desc' } {
  const wanted = sort ?? fallback;
  return { field: wanted.replace(/^-/, ''), direction: wanted.startsWith('-') ? 'desc' : 'asc' };
}
