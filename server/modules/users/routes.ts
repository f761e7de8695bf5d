import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { idParams, idText, pagingQuery, queryBoolean } from '../../../schema/common';
import { PERMISSIONS } from '../../../schema/roles';
import { type ServerContext, ok, page } from '../../context';
import { notFound } from '../../http/errors';
import { containsPattern, selectUsers, withRoles } from './queries';

const usersQuery = z.object({
  ...pagingQuery(50, 10_000),
  roleId: idText.optional(),
  isActive: queryBoolean.optional(),
  showDeleted: queryBoolean.default(false),
});
type UsersQuery = z.output<typeof usersQuery>;

const SORTS = { name: ['u.last_name', 'u.first_name'], email: ['u.email'], createdAt: ['u.created_at'] } as const;

/** The screens that read user lists: Users, and Access Settings (which reads them all, size 10000). */
const READ_USERS = { feature: ['Users', 'AccessSettings'], permission: 'Read' } as const;

export default async function userRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  const listUsers = async (query: UsersQuery) => {
    let base = selectUsers(db);
    if (!query.showDeleted) base = base.where('u.deleted_at', 'is', null);
    if (query.isActive !== undefined) base = base.where('u.is_active', '=', query.isActive ? 1 : 0);
    if (query.roleId) base = base.where('u.id', 'in', db.selectFrom('user_roles').select('user_id').where('role_id', '=', query.roleId));
    if (query.search) {
      const pattern = containsPattern(query.search);
      base = base.where((eb) =>
        eb.or([
          eb(sql`lower(u.first_name || ' ' || u.last_name)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(u.email)`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
    const total = await base.clearSelect().select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const sortKey = (query.sort?.replace(/^-/, '') ?? 'name') as keyof typeof SORTS;
    const direction = query.sort?.startsWith('-') ? 'desc' : 'asc';
    let ordered = base;
    for (const column of SORTS[sortKey] ?? SORTS.name) ordered = ordered.orderBy(column, direction);
    const rows = await ordered.orderBy('u.id').limit(query.size).offset(query.page * query.size).execute();
    return page(await withRoles(db, rows), Number(total.n), query.page, query.size);
  };

  app.get<{ Querystring: UsersQuery }>('/api/User', {
    config: { access: READ_USERS },
    schema: { tags: ['Users'], summary: 'Users, paged, with search and role/status filters', querystring: usersQuery },
  }, async (request) => listUsers(request.query));

  app.get<{ Querystring: UsersQuery }>('/api/User/users-filtered', {
    config: { access: READ_USERS },
    schema: { tags: ['Users'], summary: 'Users for pickers and the permissions screen (Size up to 10000)', querystring: usersQuery },
  }, async (request) => listUsers(request.query));

  app.get<{ Params: z.output<typeof idParams> }>('/api/User/get-users-by-roleId/:id', {
    config: { access: READ_USERS },
    schema: { tags: ['Users'], summary: 'Active users holding a role', params: idParams },
  }, async (request) => {
    const role = await db.selectFrom('roles').select('id').where('id', '=', request.params.id).executeTakeFirst();
    if (!role) throw notFound('Role');
    const rows = await selectUsers(db)
      .where('u.deleted_at', 'is', null)
      .where('u.id', 'in', db.selectFrom('user_roles').select('user_id').where('role_id', '=', role.id))
      .orderBy('u.last_name').orderBy('u.first_name')
      .execute();
    return ok(await withRoles(db, rows));
  });

  app.get('/api/Role/get-all-roles', {
    config: { access: READ_USERS },
    schema: { tags: ['Access management'], summary: 'Every role' },
  }, async () => ok(await db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute()));

  app.get('/api/Permission/get-features-permissions-info', {
    config: { access: { feature: 'AccessSettings', permission: 'Read' } },
    schema: { tags: ['Access management'], summary: 'Features, permissions and what each role holds' },
  }, async () => {
    const [features, roles, grants] = await Promise.all([
      db.selectFrom('features').select(['id', 'key', 'title', 'uri', 'icon', 'section', 'parent_feature_id as parentFeatureId']).orderBy('position').execute(),
      db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute(),
      db.selectFrom('role_feature_permissions').select(['role_id', 'feature_id', 'permission']).execute(),
    ]);
    return ok({
      permissions: PERMISSIONS,
      features,
      roles: roles.map((role) => ({
        ...role,
        grants: grants
          .filter((g) => g.role_id === role.id)
          .reduce<Record<number, string[]>>((acc, g) => ({ ...acc, [g.feature_id]: [...(acc[g.feature_id] ?? []), g.permission] }), {}),
      })),
    });
  });
}
