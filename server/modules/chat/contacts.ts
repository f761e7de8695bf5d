import { todayIso } from '../../../schema/businessDay';
import type { PermissionCatalog } from '../../auth/permissions';
import { covers } from '../assignments/dates';
import type { ChatDb } from './tables';

/**
 * Who may chat with whom (schema/chat.ts): people whose account is usable and whose roles give Read on Chat take part;
 * Create on Chat lets one start a thread with any of them; without it (drivers, by default) only with one's own
 * dispatchers — the dispatcher of one's current driver–dispatcher assignment, and the dispatchers of one's book
 * orders under way.
 */

export interface ChatUser {
  userId: number;
  name: string;
  roles: string[];
}

/** Orders count as "under way" for this many days after their pickup date. */
const ORDER_DAYS = 60;

/** Everyone who may use chat now, by user id. */
export async function chatUsers(
  db: ChatDb,
  permissions: PermissionCatalog,
  only?: readonly number[],
): Promise<Map<number, ChatUser>> {
  if (only && !only.length) return new Map();
  let query = db
    .selectFrom('users as u')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'ur.role_id', 'r.name as role'])
    .where('u.deleted_at', 'is', null)
    .where('u.is_active', '=', 1)
    .where('u.is_email_verified', '=', 1)
    .where('u.registration_completed', '=', 1);
  if (only) query = query.where('u.id', 'in', [...only]);
  const rows = await query.orderBy('u.first_name').orderBy('u.last_name').orderBy('u.id').execute();
  const users = new Map<number, ChatUser & { roleIds: number[] }>();
  for (const row of rows) {
    const id = Number(row.id);
    const user = users.get(id) ?? {
      userId: id,
      name: `${row.first_name} ${row.last_name}`.trim(),
      roles: [],
      roleIds: [],
    };
    user.roles.push(row.role);
    user.roleIds.push(Number(row.role_id));
    users.set(id, user);
  }
  const result = new Map<number, ChatUser>();
  for (const [id, { roleIds, ...user }] of users)
    if (await permissions.allows(roleIds, ['Chat'], 'Read')) result.set(id, user);
  return result;
}

/** The dispatchers of a driver's account (none for a user who is not a driver). */
export async function dispatchersOf(db: ChatDb, userId: number, today = todayIso()): Promise<Set<number>> {
  const driver = await db
    .selectFrom('drivers')
    .select('id')
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!driver) return new Set();
  const since = new Date(Date.parse(`${today}T00:00:00Z`) - ORDER_DAYS * 86_400_000).toISOString().slice(0, 10);
  const [assigned, ordered] = await Promise.all([
    db
      .selectFrom('driver_dispatcher_assignments as a')
      .select('a.dispatcher_id')
      .where('a.driver_id', '=', driver.id)
      .where((eb) => covers(eb, 'a', today))
      .execute(),
    db
      .selectFrom('book_orders')
      .select('dispatcher_id')
      .distinct()
      .where('driver_id', '=', driver.id)
      .where('pickup_date', '>=', since)
      .where('status', 'in', ['ASSIGNED', 'PICKED_UP'])
      .where('deleted_at', 'is', null)
      .execute(),
  ]);
  return new Set([...assigned.map((a) => Number(a.dispatcher_id)), ...ordered.map((o) => Number(o.dispatcher_id))]);
}
