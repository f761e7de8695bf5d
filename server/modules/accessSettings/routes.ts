import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ACCESS_MESSAGES,
  ADMINISTRATOR_ROLE,
  matrixSaveBody,
  newRoleBody,
  renameRoleBody,
  roleIdParams,
  roleMemberBody,
  roleMemberParams,
} from '../../../schema/accessSettings';
import type { UserDto } from '../../../schema/resources/users';
import { type ServerContext, ok } from '../../context';
import type { Db } from '../../db/types';
import { badRequest, conflict, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { checkRoles, guardAdministrators, guardLastAdministrator } from '../users/guards';
import { findUser } from '../users/queries';
import { permissionModel } from './model';
import { applyCells, holdersOf, readVersion, planSave, raiseVersion, readMatrix, roleOr404 } from './matrix';
import { transact } from '../../db/transaction';

const TAGS = ['Access management'];
const ACCESS = (permission: 'Read' | 'Create' | 'Update' | 'Delete') =>
  ({ feature: 'AccessSettings', permission }) as const;

/** Unique names are compared without case: "Dispatch lead" and "dispatch lead" would confuse everyone. */
async function assertRoleNameFree(trx: Db, name: string, exceptId?: number) {
  const rows = await trx.selectFrom('roles').select(['id', 'name']).execute();
  if (rows.some((r) => r.id !== exceptId && r.name.toLowerCase() === name.toLowerCase()))
    throw conflict(`A role named "${name}" already exists`);
}

/** The user as the guards read them; a deleted user is not found. */
async function userForGuards(trx: Db, userId: number): Promise<UserDto> {
  const user = await findUser(trx, userId);
  if (!user || user.deleted) throw notFound('User');
  // The guards read the id, the roles and the active and deleted flags, which both user shapes share.
  return user as unknown as UserDto;
}

/**
 * Access Settings (docs/product/administration.md): the role × feature matrix, roles, and who holds them. Every write
 * raises the matrix version, is audited, and — once committed — drops every server's cached matrix and tells the
 * affected users' open sessions to read their features again (the sidebar follows without signing out; the next call
 * already obeys).
 */
export default async function accessSettingsRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  /** One Access Settings write: version locked and raised in the transaction, the news spread after the commit. */
  async function write<T>(
    work: (trx: Db, version: number) => Promise<{ result: T; roleIds: number[]; userIds?: number[] }>,
  ): Promise<T> {
    const done = await transact(db, async (trx) => {
      const version = await readVersion(trx);
      const outcome = await work(trx, version);
      await raiseVersion(trx, version);
      return outcome;
    });
    const told = new Set([...(await holdersOf(db, done.roleIds)), ...(done.userIds ?? [])]);
    ctx.permissions.invalidate();
    ctx.realtime.accessChanged([...told]);
    return done.result;
  }

  app.get(
    '/api/Permission/get-features-permissions-info',
    {
      config: { access: ACCESS('Read') },
      schema: {
        tags: TAGS,
        summary:
          'The permission matrix: features, roles (with how many users hold each), what each role holds on each feature, and its version',
      },
    },
    async () => ok(await readMatrix(db)),
  );

  app.get(
    '/api/Permission/model',
    {
      config: { access: ACCESS('Read') },
      schema: {
        tags: TAGS,
        summary:
          'The permission model: for each feature and permission, the API calls it allows (from the routes this server declares)',
      },
    },
    async () => ok(permissionModel(app)),
  );

  app.put<{ Body: z.output<typeof matrixSaveBody> }>(
    '/api/Permission/matrix',
    {
      config: { access: ACCESS('Update') },
      schema: {
        tags: TAGS,
        summary:
          'Save changed cells of the matrix at once, against the version read (a newer one: 409 with the current matrix). ' +
          'Each cell is the role’s whole permission set on the feature. Refused: a write permission without Read, the Administrator role ' +
          'without Read and Update on Access Settings, the “Any” role, a sidebar entry that has its parent’s permissions.',
        body: matrixSaveBody,
      },
    },
    async (request) =>
      ok(
        await write(async (trx, version) => {
          if (request.body.version !== version)
            throw conflict(ACCESS_MESSAGES.stale, { current: await readMatrix(trx) });
          const changes = await planSave(trx, request.body);
          await applyCells(trx, changes);
          for (const change of changes) {
            await audit(trx, request, {
              action: 'permissions',
              entity: 'role',
              entityId: change.roleId,
              // Keyed by who and where, so the trail's one-line summary reads "FleetManager on Bank: (empty) → Read".
              before: { [`${change.roleName} on ${change.featureTitle}`]: change.before },
              after: { [`${change.roleName} on ${change.featureTitle}`]: change.after },
            });
          }
          return {
            result: { changed: changes.length, version: version + 1 },
            roleIds: [...new Set(changes.map((c) => c.roleId))],
          };
        }),
      ),
  );

  app.post<{ Body: z.output<typeof newRoleBody> }>(
    '/api/Role',
    {
      config: { access: ACCESS('Create') },
      schema: {
        tags: TAGS,
        summary: 'Create a custom role as a copy of another role’s permissions (nobody holds it yet)',
        body: newRoleBody,
      },
    },
    async (request) =>
      ok(
        await write(async (trx) => {
          const { name, copyFromRoleId } = request.body;
          const source = await trx
            .selectFrom('roles')
            .select(['id', 'name'])
            .where('id', '=', copyFromRoleId)
            .executeTakeFirst();
          if (!source) throw badRequest('Choose the role to copy from the list', 'copyFromRoleId');
          await assertRoleNameFree(trx, name);
          const role = await trx
            .insertInto('roles')
            .values({ name, is_system: 0 })
            .returning('id')
            .executeTakeFirstOrThrow();
          const grants = await trx
            .selectFrom('role_feature_permissions')
            .select(['feature_id', 'permission'])
            .where('role_id', '=', source.id)
            .execute();
          if (grants.length)
            await trx
              .insertInto('role_feature_permissions')
              .values(grants.map((g) => ({ role_id: role.id, feature_id: g.feature_id, permission: g.permission })))
              .execute();
          await audit(trx, request, {
            action: 'create',
            entity: 'role',
            entityId: role.id,
            after: { name, copiedFrom: source.name, permissions: grants.length },
          });
          return { result: { id: role.id, name }, roleIds: [] };
        }),
      ),
  );

  app.put<{ Params: z.output<typeof roleIdParams>; Body: z.output<typeof renameRoleBody> }>(
    '/api/Role/:id',
    {
      config: { access: ACCESS('Update') },
      schema: {
        tags: TAGS,
        summary: 'Rename a custom role (built-in roles keep their names)',
        params: roleIdParams,
        body: renameRoleBody,
      },
    },
    async (request) =>
      ok(
        await write(async (trx) => {
          const role = await roleOr404(trx, request.params.id);
          if (role.is_system === 1) throw badRequest(ACCESS_MESSAGES.systemRole, 'name');
          const { name } = request.body;
          if (name === role.name) throw badRequest('The new name is the same as the current one', 'name');
          await assertRoleNameFree(trx, name, role.id);
          await trx.updateTable('roles').set({ name }).where('id', '=', role.id).execute();
          await audit(trx, request, {
            action: 'update',
            entity: 'role',
            entityId: role.id,
            before: { name: role.name },
            after: { name },
          });
          // Holders see the new name in their account menu on their next read; their access is unchanged.
          return { result: { id: role.id, name }, roleIds: [] };
        }),
      ),
  );

  app.delete<{ Params: z.output<typeof roleIdParams> }>(
    '/api/Role/:id',
    {
      config: { access: ACCESS('Delete') },
      schema: { tags: TAGS, summary: 'Delete a custom role nobody holds', params: roleIdParams },
    },
    async (request) =>
      ok(
        await write(async (trx) => {
          const role = await roleOr404(trx, request.params.id);
          if (role.is_system === 1) throw badRequest(ACCESS_MESSAGES.systemRole);
          const holders = await trx
            .selectFrom('user_roles')
            .select(({ fn }) => fn.countAll<number>().as('n'))
            .where('role_id', '=', role.id)
            .executeTakeFirstOrThrow();
          if (Number(holders.n) > 0) throw conflict(ACCESS_MESSAGES.roleInUse(Number(holders.n)));
          const grants = await trx
            .selectFrom('role_feature_permissions')
            .select(['feature_id', 'permission'])
            .where('role_id', '=', role.id)
            .execute();
          // Shared saved filters name the role they are shared with; they become the owner's own again.
          await trx
            .updateTable('saved_filters')
            .set({ shared_role_id: null })
            .where('shared_role_id', '=', role.id)
            .execute();
          await trx.deleteFrom('role_feature_permissions').where('role_id', '=', role.id).execute();
          await trx.deleteFrom('roles').where('id', '=', role.id).execute();
          await audit(trx, request, {
            action: 'delete',
            entity: 'role',
            entityId: role.id,
            before: { name: role.name, permissions: grants.length },
          });
          return { result: { id: role.id }, roleIds: [] };
        }),
      ),
  );

  const memberChange = async (request: FastifyRequest, roleId: number, userId: number, add: boolean) =>
    write(async (trx) => {
      const role = await roleOr404(trx, roleId);
      if (add) await checkRoles(trx, [role.id]);
      const user = await userForGuards(trx, userId);
      const holds = user.roles.includes(role.name);
      if (add && holds) throw conflict('The user already holds this role');
      if (!add && !holds) throw notFound('This user with this role');
      await guardAdministrators(trx, request, user, role.name === ADMINISTRATOR_ROLE ? [role.id] : null);
      if (!add && role.name === ADMINISTRATOR_ROLE) await guardLastAdministrator(trx, user, 'userId');
      if (add) await trx.insertInto('user_roles').values({ user_id: userId, role_id: role.id }).execute();
      else await trx.deleteFrom('user_roles').where('user_id', '=', userId).where('role_id', '=', role.id).execute();
      const after = add ? [...user.roles, role.name].sort() : user.roles.filter((name) => name !== role.name);
      await audit(trx, request, {
        action: add ? 'add-role' : 'remove-role',
        entity: 'user',
        entityId: userId,
        before: { roles: user.roles },
        after: { roles: after },
      });
      return { result: { userId, roleId: role.id, holds: add }, roleIds: [], userIds: [userId] };
    });

  app.post<{ Params: z.output<typeof roleIdParams>; Body: z.output<typeof roleMemberBody> }>(
    '/api/Role/:id/users',
    {
      config: { access: ACCESS('Update') },
      schema: {
        tags: TAGS,
        summary: 'Give a user this role (only an administrator gives the Administrator role)',
        params: roleIdParams,
        body: roleMemberBody,
      },
    },
    async (request) => ok(await memberChange(request, request.params.id, request.body.userId, true)),
  );

  app.delete<{ Params: z.output<typeof roleMemberParams> }>(
    '/api/Role/:id/users/:userId',
    {
      config: { access: ACCESS('Update') },
      schema: {
        tags: TAGS,
        summary: 'Take this role from a user (the last active administrator keeps the Administrator role)',
        params: roleMemberParams,
      },
    },
    async (request) => ok(await memberChange(request, request.params.id, request.params.userId, false)),
  );
}
