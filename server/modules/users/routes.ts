import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { idParams } from '../../../schema/common';
import { type UserCreate, type UserDto, type UserUpdate, users as userResource } from '../../../schema/resources/users';
import { type ServerContext, ok } from '../../context';
import type { Db } from '../../db/types';
import { notFound } from '../../http/errors';
import { ROLE_OF_USER_TYPE } from '../auth/routes';
import type { RecordHelpers } from '../records/routes';
import { passwordLinkRoutes } from './passwordLinks';
import { selectUsers, withRoles } from './queries';
import { type UserInput, guardAdministrators, guardLastAdministrator, revokeSessionsOf, roleIdOf } from './guards';

type IdParams = z.output<typeof idParams>;
/** The screens that read user lists: Users, and Access Settings (which reads them all, size 10000). */
const READ_USERS = { feature: ['Users', 'AccessSettings'], permission: 'Read' } as const;

type UsersQuery = typeof userResource.types.query;

/**
 * Users (feature Users), beside the record routes of their definition: creation and update with roles and the
 * active flag; activation of pending registrations; deactivation that ends the user's sessions at once; one-time
 * password links; the user lists of the pickers and the permissions screen.
 */
export function userRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  users: RecordHelpers<UserDto, UserInput, UsersQuery>,
) {
  const { db } = ctx;
  const disconnect = (userId: number) => ctx.realtime.disconnectUser(userId);
  const TAGS = ['Users'];

  app.get<{ Querystring: UsersQuery }>(
    '/api/User/users-filtered',
    {
      config: { access: READ_USERS },
      schema: {
        tags: TAGS,
        summary: 'Users for pickers and the permissions screen (Size up to 10000)',
        querystring: userResource.query,
      },
    },
    async (request) => users.list(request.query),
  );

  /**
   * Activation: active, verified, registered, activated_at kept once set. Roles are an administrator's decision:
   * activation keeps exactly the roles the user holds, except that the first activation of a self-registration
   * nobody has given roles yet grants the role its user type asked for, once (`grantAsked`: the activate call; an
   * update sends the roles the administrator chose). Reactivation also ends any session left from before (a
   * deactivated account cannot sign in, so none should exist): no token outlives a deactivation.
   */
  async function activate(trx: Db, before: UserDto, grantAsked: boolean) {
    const now = new Date().toISOString();
    await trx
      .updateTable('users')
      .set({ is_active: 1, is_email_verified: 1, registration_completed: 1, activated_at: before.activatedAt ?? now })
      .where('id', '=', before.id)
      .execute();
    if (before.activatedAt !== null) return revokeSessionsOf(trx, before.id);
    const asked = before.userType ? ROLE_OF_USER_TYPE[before.userType as keyof typeof ROLE_OF_USER_TYPE] : undefined;
    if (grantAsked && asked && before.roles.length === 0)
      await trx
        .insertInto('user_roles')
        .values({ user_id: before.id, role_id: await roleIdOf(trx, asked) })
        .execute();
  }
  /** Deactivation (checked against the last-administrator rule by the caller): inactive, every session revoked. */
  async function deactivate(trx: Db, before: UserDto) {
    await trx
      .updateTable('users')
      .set({ is_active: 0, activated_at: before.activatedAt ?? before.createdAt })
      .where('id', '=', before.id)
      .execute();
    await revokeSessionsOf(trx, before.id);
  }

  app.post<{ Body: UserCreate }>(
    '/api/User',
    {
      config: users.access('Create'),
      schema: {
        tags: TAGS,
        summary: 'Create a user: inactive until they set a password through a link (POST /api/User/{id}/password-link)',
        body: userResource.create,
      },
    },
    async (request) => ok(await users.create(request, request.body)),
  );

  app.put<{ Params: IdParams; Body: UserUpdate }>(
    '/api/User/:id',
    {
      config: users.access('Update'),
      schema: {
        tags: TAGS,
        summary: 'Update profile, roles and the active flag; send the version you read',
        params: idParams,
        body: userResource.update,
      },
    },
    async (request) => {
      const { version, isActive, ...input } = request.body;
      const after = await users.update(
        request,
        request.params.id,
        version,
        { ...input, isActive },
        async (trx, before) => {
          if (isActive && !before.isActive) await activate(trx, before, false);
          if (!isActive && before.isActive) await deactivate(trx, before);
        },
      );
      return ok(after);
    },
  );

  const action = (
    name: 'activate' | 'deactivate',
    summary: string,
    write: (trx: Db, before: UserDto, request: FastifyRequest) => Promise<void>,
  ) =>
    app.post<{ Params: IdParams }>(
      `/api/User/:id/${name}`,
      {
        config: users.access('Update'),
        schema: { tags: TAGS, summary, params: idParams },
      },
      async (request) => {
        const current = await users.mustLoad(db, request.params.id);
        if (current.isActive === (name === 'activate')) return ok(current);
        const after = await users.guarded(
          request,
          current.id,
          name,
          (trx, before) => write(trx, before, request),
          current.version,
        );
        if (name === 'deactivate') disconnect(current.id);
        return ok(after);
      },
    );

  action(
    'activate',
    'Activate a pending registration (first activation: the role its user type asked for, unless roles were chosen) or reactivate a user (roles as they were)',
    async (trx, before, request) => {
      await guardAdministrators(trx, request, before, null);
      await activate(trx, before, true);
    },
  );
  action(
    'deactivate',
    'Deactivate: the user’s open sessions are refused from their next call',
    async (trx, before, request) => {
      await guardAdministrators(trx, request, before, null);
      await guardLastAdministrator(trx, before);
      await deactivate(trx, before);
    },
  );

  passwordLinkRoutes(app, ctx, users);

  app.get<{ Params: IdParams }>(
    '/api/User/get-users-by-roleId/:id',
    {
      config: { access: READ_USERS },
      schema: { tags: TAGS, summary: 'Active users holding a role', params: idParams },
    },
    async (request) => {
      const role = await db.selectFrom('roles').select('id').where('id', '=', request.params.id).executeTakeFirst();
      if (!role) throw notFound('Role');
      const rows = await selectUsers(db)
        .where('u.deleted_at', 'is', null)
        .where('u.id', 'in', db.selectFrom('user_roles').select('user_id').where('role_id', '=', role.id))
        .orderBy('u.last_name')
        .orderBy('u.first_name')
        .execute();
      return ok(await withRoles(db, rows));
    },
  );

  app.get(
    '/api/Role/get-all-roles',
    {
      config: { access: READ_USERS },
      schema: { tags: ['Access management'], summary: 'Every role' },
    },
    async () =>
      ok(
        (await db.selectFrom('roles').select(['id', 'name', 'is_system']).orderBy('id').execute()).map((r) => ({
          id: r.id,
          name: r.name,
          isSystem: r.is_system === 1,
        })),
      ),
  );
}
