import type { FastifyRequest } from 'fastify';
import {
  FLEET_OWNER_ONLY_MESSAGE,
  LAST_ADMIN_MESSAGE,
  type UserDto,
  type UserUpdate,
} from '../../../schema/resources/users';
import type { Db } from '../../db/types';
import { badRequest, forbidden } from '../../http/errors';

/** The body create and update share (update adds isActive). */
export type UserInput = Omit<UserUpdate, 'version' | 'isActive'> & { isActive?: boolean };

export async function roleIdOf(db: Db, name: string): Promise<number> {
  return (await db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

export const isAdministrator = async (db: Db, request: FastifyRequest) =>
  request.auth!.roleIds.includes(await roleIdOf(db, 'Administrator'));

/**
 * Administrators guard administrators: only an administrator may act on an administrator's account or grant or
 * remove the Administrator role (a manager holding Users Update could otherwise take the account over).
 */
export async function guardAdministrators(
  trx: Db,
  request: FastifyRequest,
  before: UserDto | null,
  roleIds: number[] | null,
): Promise<void> {
  if (await isAdministrator(trx, request)) return;
  if (before?.roles.includes('Administrator'))
    throw forbidden('Only an administrator can change an administrator’s account');
  if (roleIds?.includes(await roleIdOf(trx, 'Administrator')))
    throw forbidden('Only an administrator can grant the Administrator role');
}

/**
 * The last active administrator keeps the role and stays active and undeleted (400, nothing written).
 * PostgreSQL: the Administrator role row is locked first, so two administrators cannot remove each other at once.
 */
export async function guardLastAdministrator(trx: Db, user: UserDto, field?: string): Promise<void> {
  if (!user.roles.includes('Administrator') || !user.isActive || user.deleted) return;
  const role = await trx.selectFrom('roles').select('id').where('name', '=', 'Administrator').executeTakeFirstOrThrow();
  const others = await trx
    .selectFrom('users as u')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('ur.role_id', '=', role.id)
    .where('u.id', '<>', user.id)
    .where('u.is_active', '=', 1)
    .where('u.deleted_at', 'is', null)
    .where('u.is_email_verified', '=', 1)
    .where('u.registration_completed', '=', 1)
    .executeTakeFirstOrThrow();
  if (Number(others.n) === 0) throw badRequest(LAST_ADMIN_MESSAGE, field);
}

/** Every session of the user ends now: their tokens get 401 on the next call. */
export async function revokeSessionsOf(trx: Db, userId: number): Promise<void> {
  await trx
    .updateTable('sessions')
    .set({ revoked_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Roles must exist; "Any" is implicit and never held. */
export async function checkRoles(trx: Db, roleIds: number[]): Promise<void> {
  const found = await trx.selectFrom('roles').select(['id', 'name']).where('id', 'in', roleIds).execute();
  if (found.length !== roleIds.length) throw badRequest('Choose roles from the list', 'roleIds');
  if (found.some((r) => r.name === 'Any'))
    throw badRequest('Every user holds Any; choose the roles they need', 'roleIds');
}

/** A carrier is linked only to an account that holds FleetOwner (the carrier's existence is the records' check). */
export async function checkCarrierLink(trx: Db, input: Pick<UserInput, 'roleIds' | 'carrierId'>): Promise<void> {
  if (input.carrierId == null) return;
  if (!input.roleIds.includes(await roleIdOf(trx, 'FleetOwner')))
    throw badRequest(FLEET_OWNER_ONLY_MESSAGE, 'carrierId');
}
