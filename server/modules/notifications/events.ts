import { personName, usDate } from '../../../schema/format';
import type { Db } from '../../db/types';
import type { Delivery } from '../notify/realtime';
import { createNotifications } from './store';

/**
 * The server events that notify someone. Each runs in the transaction of the write it reports and returns the
 * deliveries for `ctx.realtime.deliver` after commit.
 */

interface AssignedOrder {
  id: number;
  orderNumber: string;
  driverId: number;
  pickup: { city: string; date: string };
  delivery: { city: string; date: string };
}

/** A book order was given to a driver: the driver's user, if the driver has one, is told; it opens their view of it. */
export async function orderAssignedToDriver(trx: Db, order: AssignedOrder): Promise<Delivery[]> {
  const driver = await trx.selectFrom('drivers').select('user_id').where('id', '=', order.driverId).executeTakeFirst();
  if (!driver?.user_id) return [];
  return createNotifications(trx, [driver.user_id], {
    type: 'bookOrderAssigned',
    title: `Book order ${order.orderNumber} assigned to you`,
    body: `Pickup in ${order.pickup.city} on ${usDate(order.pickup.date)}, delivery in ${order.delivery.city} on ${usDate(order.delivery.date)}.`,
    link: `/app/my-loads/${order.id}`,
  });
}

/** Someone registered: every active administrator is asked to look at the account. */
/** Every active administrator, who is told of what waits for an administrator (by notification, and by mail). */
export function activeAdministrators(trx: Db): Promise<{ id: number; email: string; firstName: string }[]> {
  return trx
    .selectFrom('users as u')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select(['u.id', 'u.email', 'u.first_name as firstName'])
    .where('r.name', '=', 'Administrator')
    .where('u.is_active', '=', 1)
    .where('u.deleted_at', 'is', null)
    .execute();
}

export const userEditPath = (userId: number) => `/app/management/user-management/${userId}/edit`;

export async function registrationAwaitingActivation(
  trx: Db,
  user: { id: number; firstName: string; lastName: string; email: string },
  administrators: readonly { id: number }[],
): Promise<Delivery[]> {
  return createNotifications(
    trx,
    administrators.map((a) => a.id),
    {
      type: 'registrationAwaitingActivation',
      title: `New registration awaiting activation: ${personName(user.firstName, user.lastName)}`,
      body: `${user.email} registered and waits for an administrator to activate the account.`,
      link: userEditPath(user.id),
    },
  );
}
