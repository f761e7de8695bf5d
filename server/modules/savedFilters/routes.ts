import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { savedFilterInput } from '../../../schema/bookOrders';
import { FEATURES } from '../../../schema/features';
import { idParams } from '../../../schema/common';
import { type ServerContext, ok } from '../../context';
import { conflict, notFound } from '../../http/errors';
import { audit } from '../audit/audit';

/**
 * Named list filters kept on the server per user (react-admin's own saved queries live in the browser and
 * vanish at logout). Each user sees and changes only their own.
 *
 * A saved filter belongs to one of the product's screens, named by the last part of its path in the feature
 * catalogue (schema/features.ts: 'bookorders' for /app/books/bookorders, 'vehicles', 'user-management' …), so a
 * screen added there can keep filters with nothing added here, and a made-up name is refused.
 */
export const SAVED_FILTER_LISTS: readonly string[] = [...new Set(FEATURES.map((feature) => feature.uri.split('/').pop()!))];
/** Saved filters one user may keep for one list (issue 25.7). */
export const MAX_SAVED_FILTERS_PER_LIST = 50;
const resource = z
  .string()
  .trim()
  .refine((name) => SAVED_FILTER_LISTS.includes(name), `Name the list these filters belong to: one of ${SAVED_FILTER_LISTS.join(', ')}`);
const listQuery = z.object({ resource });
const createBody = savedFilterInput.extend({ resource });
const updateBody = savedFilterInput.partial().refine((b) => b.name !== undefined || b.filter !== undefined, 'Send a new name, a new filter or both');
const TAGS = ['Saved filters'];
const OWN = { signedIn: true } as const;

type Row = { id: number; resource: string; name: string; filter: string; created_at: string; updated_at: string };
const toDto = (row: Row) => ({ id: row.id, resource: row.resource, name: row.name, filter: JSON.parse(row.filter) as Record<string, unknown>, createdAt: row.created_at, updatedAt: row.updated_at });

export default async function savedFilterRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  const own = async (userId: number, id: number) => {
    const row = await db.selectFrom('saved_filters').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!row) throw notFound('Saved filter');
    return row;
  };
  const nameTaken = async (userId: number, res: string, name: string, exceptId?: number) => {
    const rows = await db.selectFrom('saved_filters').select(['id', 'name']).where('user_id', '=', userId).where('resource', '=', res).execute();
    return rows.some((r) => r.id !== exceptId && r.name.toLowerCase() === name.toLowerCase());
  };

  app.get<{ Querystring: z.output<typeof listQuery> }>('/api/SavedFilters', {
    config: { access: OWN },
    schema: { tags: TAGS, summary: 'The caller’s saved filters of one list, by name', querystring: listQuery },
  }, async (request) => {
    const rows = await db.selectFrom('saved_filters').selectAll().where('user_id', '=', request.auth!.user.id).where('resource', '=', request.query.resource).orderBy('name').execute();
    return ok(rows.map(toDto));
  });

  app.post<{ Body: z.output<typeof createBody> }>('/api/SavedFilters', {
    config: { access: OWN },
    schema: { tags: TAGS, summary: 'Save the current filter under a name', body: createBody },
  }, async (request) => {
    const userId = request.auth!.user.id;
    const { resource: res, name, filter } = request.body;
    if (await nameTaken(userId, res, name)) throw conflict(`A saved filter named "${name}" already exists`);
    const now = new Date().toISOString();
    const row = await db.transaction().execute(async (trx) => {
      // PostgreSQL: two saves at once wait for each other here, so both count what the other saved.
      if (ctx.dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
      const saved = await trx.selectFrom('saved_filters').select(({ fn }) => fn.countAll<number>().as('n')).where('user_id', '=', userId).where('resource', '=', res).executeTakeFirstOrThrow();
      if (Number(saved.n) >= MAX_SAVED_FILTERS_PER_LIST) throw conflict(`A list keeps at most ${MAX_SAVED_FILTERS_PER_LIST} saved filters; delete one first`);
      const inserted = await trx.insertInto('saved_filters').values({ user_id: userId, resource: res, name, filter: JSON.stringify(filter), created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
      await audit(trx, request, { action: 'create', entity: 'saved_filter', entityId: inserted.id, after: { resource: res, name, filter } });
      return inserted;
    });
    return ok(toDto(row));
  });

  app.put<{ Params: z.output<typeof idParams>; Body: z.output<typeof updateBody> }>('/api/SavedFilters/:id', {
    config: { access: OWN },
    schema: { tags: TAGS, summary: 'Rename a saved filter or replace its filter', params: idParams, body: updateBody },
  }, async (request) => {
    const userId = request.auth!.user.id;
    const before = await own(userId, request.params.id);
    const name = request.body.name ?? before.name;
    if (request.body.name !== undefined && (await nameTaken(userId, before.resource, name, before.id))) throw conflict(`A saved filter named "${name}" already exists`);
    const filter = request.body.filter ? JSON.stringify(request.body.filter) : before.filter;
    const row = await db.transaction().execute(async (trx) => {
      const updated = await trx.updateTable('saved_filters').set({ name, filter, updated_at: new Date().toISOString() }).where('id', '=', before.id).returningAll().executeTakeFirstOrThrow();
      await audit(trx, request, { action: 'update', entity: 'saved_filter', entityId: before.id, before, after: updated });
      return updated;
    });
    return ok(toDto(row));
  });

  app.delete<{ Params: z.output<typeof idParams> }>('/api/SavedFilters/:id', {
    config: { access: OWN },
    schema: { tags: TAGS, summary: 'Delete a saved filter', params: idParams },
  }, async (request) => {
    const before = await own(request.auth!.user.id, request.params.id);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('saved_filters').where('id', '=', before.id).execute();
      await audit(trx, request, { action: 'delete', entity: 'saved_filter', entityId: before.id, before });
    });
    return ok(true);
  });
}
