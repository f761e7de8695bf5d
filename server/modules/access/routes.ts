import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { groupIdParams, moveFeatureBody, newGroupBody, renameGroupBody, reorderGroupsBody } from '../../../schema/access';
import { type ServerContext, ok } from '../../context';
import type { Db } from '../../db/types';
import { isAccountUsable } from '../../http/access';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { ensureLayout, groupsOf, loadLayout, readableFeatures } from './layout';

const TAGS = ['Access management'];
/** Group calls change only the caller's own sidebar layout: any active user may make them. */
const OWN_LAYOUT = { signedIn: true } as const;

function userId(request: FastifyRequest): number {
  return request.auth!.user.id;
}

async function ownGroup(db: Db, user: number, groupId: number) {
  const group = await db.selectFrom('feature_groups').selectAll().where('id', '=', groupId).where('user_id', '=', user).executeTakeFirst();
  // Another user's group is reported as missing: ids of other people's layouts are not confirmed.
  if (!group) throw notFound('Group');
  return group;
}

async function assertNameFree(db: Db, user: number, name: string, exceptId?: number) {
  const groups = await groupsOf(db, user);
  if (groups.some((g) => g.id !== exceptId && g.name.toLowerCase() === name.toLowerCase())) throw conflict(`A group named "${name}" already exists`);
}

export default async function accessRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  app.get('/api/Auth/features/get', {
    config: { access: { account: true } },
    schema: { tags: TAGS, summary: "The caller's feature groups with the features they may Read (empty until the account is active)" },
  }, async (request) => (isAccountUsable(request.auth!.user) ? ok(await loadLayout(db, userId(request))) : ok([])));

  app.post<{ Body: z.output<typeof newGroupBody> }>('/api/AccessManagements/groups/new', {
    config: { access: OWN_LAYOUT },
    schema: { tags: TAGS, summary: 'Add a group to the caller’s sidebar', body: newGroupBody },
  }, async (request) => {
    const user = userId(request);
    await ensureLayout(db, user, await readableFeatures(db, user));
    await db.transaction().execute(async (trx) => {
      await assertNameFree(trx, user, request.body.name);
      const groups = await groupsOf(trx, user);
      const position = Math.max(-1, ...groups.map((g) => g.position)) + 1;
      const group = await trx.insertInto('feature_groups').values({ user_id: user, name: request.body.name, is_default: 0, position }).returning('id').executeTakeFirstOrThrow();
      await audit(trx, request, { action: 'create', entity: 'feature_group', entityId: group.id, after: { name: request.body.name, position } });
    });
    return ok(await loadLayout(db, user));
  });

  app.delete<{ Params: z.output<typeof groupIdParams> }>('/api/AccessManagements/groups/remove/:groupId', {
    config: { access: OWN_LAYOUT },
    schema: { tags: TAGS, summary: 'Delete a group; its features move to the default group', params: groupIdParams },
  }, async (request) => {
    const user = userId(request);
    const group = await ownGroup(db, user, request.params.groupId);
    if (group.is_default === 1) throw badRequest('The default group cannot be deleted');
    await db.transaction().execute(async (trx) => {
      const defaultGroup = (await groupsOf(trx, user)).find((g) => g.is_default === 1)!;
      const moved = await trx.selectFrom('feature_group_items').select(['feature_id']).where('group_id', '=', group.id).orderBy('position').execute();
      const last = await trx.selectFrom('feature_group_items').select(({ fn }) => fn.max('position').as('max')).where('group_id', '=', defaultGroup.id).executeTakeFirst();
      let position = (last?.max ?? -1) + 1;
      for (const item of moved) {
        await trx.updateTable('feature_group_items').set({ group_id: defaultGroup.id, position: position++ }).where('user_id', '=', user).where('feature_id', '=', item.feature_id).execute();
      }
      await trx.deleteFrom('feature_groups').where('id', '=', group.id).execute();
      await audit(trx, request, { action: 'delete', entity: 'feature_group', entityId: group.id, before: group });
    });
    return ok(await loadLayout(db, user));
  });

  app.put<{ Body: z.output<typeof renameGroupBody> }>('/api/AccessManagements/groups/rename', {
    config: { access: OWN_LAYOUT },
    schema: { tags: TAGS, summary: 'Rename a group (never the default group)', body: renameGroupBody },
  }, async (request) => {
    const user = userId(request);
    const { groupId, name } = request.body;
    const group = await ownGroup(db, user, groupId);
    if (group.is_default === 1) throw badRequest('The default group cannot be renamed');
    if (group.name === name) throw badRequest('The new name is the same as the current one', 'name');
    await db.transaction().execute(async (trx) => {
      await assertNameFree(trx, user, name, group.id);
      await trx.updateTable('feature_groups').set({ name }).where('id', '=', group.id).execute();
      await audit(trx, request, { action: 'update', entity: 'feature_group', entityId: group.id, before: { name: group.name }, after: { name } });
    });
    return ok(await loadLayout(db, user));
  });

  app.post<{ Body: z.output<typeof moveFeatureBody> }>('/api/AccessManagements/features/dnd-in-group', {
    config: { access: OWN_LAYOUT },
    schema: { tags: TAGS, summary: 'Move a feature onto a group (drag and drop); it goes last in that group', body: moveFeatureBody },
  }, async (request) => {
    const user = userId(request);
    const { featureGroupId, featureId } = request.body;
    const features = await readableFeatures(db, user);
    await ensureLayout(db, user, features);
    const group = await ownGroup(db, user, featureGroupId);
    if (!features.has(featureId)) {
      const exists = await db.selectFrom('features').select('id').where('id', '=', featureId).executeTakeFirst();
      throw exists ? forbidden('You cannot move a feature you have no access to') : notFound('Feature');
    }
    await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('feature_group_items').selectAll().where('user_id', '=', user).where('feature_id', '=', featureId).executeTakeFirst();
      const last = await trx.selectFrom('feature_group_items').select(({ fn }) => fn.max('position').as('max')).where('group_id', '=', group.id).executeTakeFirst();
      const position = (last?.max ?? -1) + 1;
      if (before) {
        await trx.updateTable('feature_group_items').set({ group_id: group.id, position }).where('user_id', '=', user).where('feature_id', '=', featureId).execute();
      } else {
        await trx.insertInto('feature_group_items').values({ user_id: user, feature_id: featureId, group_id: group.id, position }).execute();
      }
      await audit(trx, request, { action: 'move', entity: 'feature_group_item', entityId: featureId, before: before ?? null, after: { groupId: group.id, position } });
    });
    return ok(await loadLayout(db, user));
  });

  app.put<{ Body: z.output<typeof reorderGroupsBody> }>('/api/AccessManagements/groups/reorder', {
    config: { access: OWN_LAYOUT },
    schema: { tags: TAGS, summary: 'Reorder the caller’s groups: send every group id once, in the new order', body: reorderGroupsBody },
  }, async (request) => {
    const user = userId(request);
    await ensureLayout(db, user, await readableFeatures(db, user));
    const groups = await groupsOf(db, user);
    const wanted = request.body.groupIds;
    const own = new Set(groups.map((g) => g.id));
    if (wanted.length !== own.size || new Set(wanted).size !== wanted.length || wanted.some((id) => !own.has(id))) {
      throw badRequest('Send each of your group ids exactly once, in the new order', 'groupIds');
    }
    await db.transaction().execute(async (trx) => {
      for (const [position, id] of wanted.entries()) await trx.updateTable('feature_groups').set({ position }).where('id', '=', id).execute();
      await audit(trx, request, { action: 'reorder', entity: 'feature_group', before: groups.map((g) => g.id), after: wanted });
    });
    return ok(await loadLayout(db, user));
  });
}
