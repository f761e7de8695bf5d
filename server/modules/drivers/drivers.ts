import { sql } from 'kysely';
import type { drivers } from '../../../schema/resources/drivers';
import { badRequest, conflict } from '../../http/errors';
import { openAssignmentsOf } from '../assignments/holdings';
import type { RecordExtension } from '../records/fromDefinition';
import { driverName } from './names';

/**
 * Drivers (schema/resources/drivers.ts) on the server: the name and status (terminated from the termination date
 * on), a linked user must hold the Driver role, and a driver who still holds a dispatcher, unit or card is not deleted.
 */
export const driverExtension: RecordExtension<typeof drivers> = {
  select: (query) => query.select(driverName('r').as('told_name')),
  computed: (r, _children, today) => ({
    name: r.told_name as string,
    status: r.terminated_on && r.terminated_on <= today ? 'TERMINATED' : 'ACTIVE',
  }),
  sorts: { name: [sql`lower(r.last_name)`, sql`lower(r.first_name)`] },
  search: [`r.first_name || ' ' || r.last_name`],
  filters: {
    terminated: (terminated: boolean, today) => (eb) =>
      terminated
        ? eb('r.terminated_on', '<=', today)
        : eb.or([eb('r.terminated_on', 'is', null), eb('r.terminated_on', '>', today)]),
  },
  beforeWrite: async (trx, { action, input, before }) => {
    if (input?.userId) {
      const user = await trx
        .selectFrom('users as u')
        .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
        .innerJoin('roles as ro', 'ro.id', 'ur.role_id')
        .select('u.id')
        .where('u.id', '=', input.userId)
        .where('u.deleted_at', 'is', null)
        .where('ro.name', '=', 'Driver')
        .executeTakeFirst();
      if (!user) throw badRequest('Link a user who holds the Driver role', 'userId');
    }
    if (action === 'delete' && before) {
      const open = await openAssignmentsOf(trx, { driverId: before.id });
      if (open.length) throw conflict(`${before.name} still has ${open.join(', ')}; end those assignments first`);
    }
  },
};
