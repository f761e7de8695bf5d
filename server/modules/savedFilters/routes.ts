import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import { idParams } from '../../../schema/common';
import {
  MAX_SAVED_FILTERS_PER_LIST,
  SAVED_FILTER_MESSAGES,
  type SavedFilterDto,
  sameFilterName,
  savedFilterCreateBody as createBody,
  savedFilterListQuery as listQuery,
  savedFilterUpdateBody as updateBody,
} from '../../../schema/savedFilters';
import { type ServerContext, ok } from '../../context';
import type { Db } from '../../db/types';
import { badRequest, conflict, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { transact } from '../../db/transaction';

/**
 * Named list filters kept on the server per user (react-admin's own saved queries live in the browser and vanish at
 * logout). A filter belongs to one list of the app (schema/resources LIST_NAMES: 'books/bookorders',
 * 'management/vehicles', 'management/drivers' …), so every list keeps filters with nothing added here, and a made-up
 * name is refused. Its owner alone renames, replaces or deletes it; shared with one of the owner's roles, every
 * holder of that role sees it and may apply it. The requests, the answer and the refusals' wording are
 * schema/savedFilters.ts (the unit tests' fake API answers with the same).
 */
const TAGS = ['Saved filters'];
const OWN = { signedIn: true } as const;

type Row = {
  id: number;
  user_id: number;
  resource: string;
  name: string;
  filter: string;
  created_at: string;
  updated_at: string;
  shared_role_id: number | null;
  sharedRole: string | null;
  owner: string;
};
const toDto = (row: Row, me: number): SavedFilterDto => ({
  id: row.id,
  resource: row.resource,
  name: row.name,
  filter: JSON.parse(row.filter) as Record<string, unknown>,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  sharedRole: row.sharedRole,
  owner: row.owner,
  mine: row.user_id === me,
});

/** The filters with their owner's name and the name of the role they are shared with. */
const withNames = (db: Db) =>
  db
    .selectFrom('saved_filters as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .leftJoin('roles as r', 'r.id', 'f.shared_role_id')
    .selectAll('f')
    .select(['r.name as sharedRole', sql<string>`u.first_name || ' ' || u.last_name`.as('owner')]);

/** The id of a role the caller holds, by name: a filter is shared only with the owner's own roles. */
function roleOfCaller(request: FastifyRequest, db: Db) {
  return async (name: string | null | undefined): Promise<number | null> => {
    if (!name) return null;
    const role = await db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirst();
    if (!role || !request.auth!.roleIds.includes(role.id))
      throw badRequest(SAVED_FILTER_MESSAGES.notOwnRole, 'sharedRole');
    return role.id;
  };
}

export default async function savedFilterRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  const own = async (userId: number, id: number) => {
    const row = await withNames(db).where('f.id', '=', id).where('f.user_id', '=', userId).executeTakeFirst();
    // Someone else's filter, shared or not, is reported as missing to anyone but its owner.
    if (!row) throw notFound('Saved filter');
    return row as Row;
  };
  const reload = async (id: number, me: number) =>
    toDto((await withNames(db).where('f.id', '=', id).executeTakeFirstOrThrow()) as Row, me);
  const nameTaken = async (userId: number, res: string, name: string, exceptId?: number) => {
    const rows = await db
      .selectFrom('saved_filters')
      .select(['id', 'name'])
      .where('user_id', '=', userId)
      .where('resource', '=', res)
      .execute();
    return rows.some((r) => r.id !== exceptId && sameFilterName(r.name, name));
  };

  app.get<{ Querystring: z.output<typeof listQuery> }>(
    '/api/SavedFilters',
    {
      config: { access: OWN },
      schema: {
        tags: TAGS,
        summary: 'The caller’s saved filters of one list, and those shared with one of their roles; by name',
        querystring: listQuery,
      },
    },
    async (request) => {
      const me = request.auth!.user.id;
      const roles = request.auth!.roleIds;
      const rows = (await withNames(db)
        .where('f.resource', '=', request.query.resource)
        .where((eb) =>
          eb.or([eb('f.user_id', '=', me), ...(roles.length ? [eb('f.shared_role_id', 'in', roles)] : [])]),
        )
        .orderBy('f.name')
        .orderBy('f.id')
        .execute()) as Row[];
      // The caller's own first, then those shared with them.
      return ok(
        [...rows.filter((r) => r.user_id === me), ...rows.filter((r) => r.user_id !== me)].map((row) => toDto(row, me)),
      );
    },
  );

  app.post<{ Body: z.output<typeof createBody> }>(
    '/api/SavedFilters',
    {
      config: { access: OWN },
      schema: { tags: TAGS, summary: 'Save the current filter under a name', body: createBody },
    },
    async (request) => {
      const userId = request.auth!.user.id;
      const { resource: res, name, filter } = request.body;
      const sharedRoleId = await roleOfCaller(request, db)(request.body.sharedRole);
      if (await nameTaken(userId, res, name)) throw conflict(SAVED_FILTER_MESSAGES.nameTaken(name));
      const now = new Date().toISOString();
      const row = await transact(db, async (trx) => {
        const saved = await trx
          .selectFrom('saved_filters')
          .select(({ fn }) => fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .where('resource', '=', res)
          .executeTakeFirstOrThrow();
        if (Number(saved.n) >= MAX_SAVED_FILTERS_PER_LIST) throw conflict(SAVED_FILTER_MESSAGES.full);
        const inserted = await trx
          .insertInto('saved_filters')
          .values({
            user_id: userId,
            resource: res,
            name,
            filter: JSON.stringify(filter),
            created_at: now,
            updated_at: now,
            shared_role_id: sharedRoleId,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, request, {
          action: 'create',
          entity: 'saved_filter',
          entityId: inserted.id,
          after: { resource: res, name, filter, sharedRole: request.body.sharedRole ?? null },
        });
        return inserted;
      });
      return ok(await reload(row.id, userId));
    },
  );

  app.put<{ Params: z.output<typeof idParams>; Body: z.output<typeof updateBody> }>(
    '/api/SavedFilters/:id',
    {
      config: { access: OWN },
      schema: {
        tags: TAGS,
        summary: 'Rename a saved filter, replace its filter, or share it with one of your roles (null: yours alone)',
        params: idParams,
        body: updateBody,
      },
    },
    async (request) => {
      const userId = request.auth!.user.id;
      const before = await own(userId, request.params.id);
      const name = request.body.name ?? before.name;
      if (request.body.name !== undefined && (await nameTaken(userId, before.resource, name, before.id)))
        throw conflict(SAVED_FILTER_MESSAGES.nameTaken(name));
      const filter = request.body.filter ? JSON.stringify(request.body.filter) : before.filter;
      const sharedRoleId =
        request.body.sharedRole === undefined
          ? before.shared_role_id
          : await roleOfCaller(request, db)(request.body.sharedRole);
      await transact(db, async (trx) => {
        const updated = await trx
          .updateTable('saved_filters')
          .set({ name, filter, shared_role_id: sharedRoleId, updated_at: new Date().toISOString() })
          .where('id', '=', before.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, request, {
          action: 'update',
          entity: 'saved_filter',
          entityId: before.id,
          before,
          after: updated,
        });
      });
      return ok(await reload(before.id, userId));
    },
  );

  app.delete<{ Params: z.output<typeof idParams> }>(
    '/api/SavedFilters/:id',
    {
      config: { access: OWN },
      schema: { tags: TAGS, summary: 'Delete a saved filter', params: idParams },
    },
    async (request) => {
      const before = await own(request.auth!.user.id, request.params.id);
      await transact(db, async (trx) => {
        await trx.deleteFrom('saved_filters').where('id', '=', before.id).execute();
        await audit(trx, request, { action: 'delete', entity: 'saved_filter', entityId: before.id, before });
      });
      return ok(true);
    },
  );
}
