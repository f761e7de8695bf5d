import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  MAX_GROUPS,
  groupIdParams,
  moveFeatureBody,
  newGroupBody,
  renameGroupBody,
  reorderGroupsBody,
} from '../../../schema/access';
import type { FeatureGrant } from '../../auth/permissions';
import { type ServerContext, ok } from '../../context';
import type { Db } from '../../db/types';
import { isAccountUsable } from '../../http/access';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { ensureLayout, groupsOf, loadLayout } from './layout';
import { transact } from '../../db/transaction';

const TAGS = ['Access management'];
/** Group calls change only the caller's own sidebar layout: any active user may make them. */
const OWN_LAYOUT = { signedIn: true } as const;

async function ownGroup(trx: Db, user: number, groupId: number) {
  const group = await trx
    .selectFrom('feature_groups')
    .selectAll()
    .where('id', '=', groupId)
    .where('user_id', '=', user)
    .executeTakeFirst();
  // Another user's group is reported as missing: ids of other people's layouts are not confirmed.
  if (!group) throw notFound('Group');
  return group;
}

async function assertNameFree(trx: Db, user: number, name: string, exceptId?: number) {
  const groups = await groupsOf(trx, user);
  if (groups.some((g) => g.id !== exceptId && g.name.toLowerCase() === name.toLowerCase()))
    throw conflict(`A group named "${name}" already exists`);
}

async function nextPosition(trx: Db, groupId: number): Promise<number> {
  const last = await trx
    .selectFrom('feature_group_items')
    .select(({ fn }) => fn.max('position').as('max'))
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  return (last?.max ?? -1) + 1;
}

export default async function accessRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  const readable = (request: FastifyRequest) => ctx.permissions.readable(request.auth!.roleIds);
  /** Every group call answers with the caller's whole sidebar, as GET features/get does. */
  const layoutOf = async (request: FastifyRequest) =>
    ok(await loadLayout(db, request.auth!.user.id, await readable(request)));

  /**
   * A layout change: checks and writes in one transaction (the caller's first layout is created in it too), so a
   * refused request leaves nothing behind; the answer is the new layout.
   */
  const change = async (
    request: FastifyRequest,
    work: (trx: Db, user: number, features: Map<number, FeatureGrant>) => Promise<void>,
  ) => {
    const user = request.auth!.user.id;
    const features = await readable(request);
    await transact(db, async (trx) => {
      await ensureLayout(trx, user, features);
      await work(trx, user, features);
    });
    return layoutOf(request);
  };

  app.get(
    '/api/Auth/features/get',
    {
      config: { access: { account: true } },
      schema: {
        tags: TAGS,
        summary: "The caller's feature groups with the features they may Read (empty until the account is active)",
      },
    },
    async (request) => (isAccountUsable(request.auth!.user) ? layoutOf(request) : ok([])),
  );

  app.post<{ Body: z.output<typeof newGroupBody> }>(
    '/api/AccessManagements/groups/new',
    {
      config: { access: OWN_LAYOUT },
      schema: { tags: TAGS, summary: 'Add a group to the caller’s sidebar', body: newGroupBody },
    },
    async (request) =>
      change(request, async (trx, user) => {
        const { name } = request.body;
        const groups = await groupsOf(trx, user);
        if (groups.length >= MAX_GROUPS)
          throw conflict(`A sidebar holds at most ${MAX_GROUPS} groups; delete one first`);
        await assertNameFree(trx, user, name);
        const position = Math.max(-1, ...groups.map((g) => g.position)) + 1;
        const group = await trx
          .insertInto('feature_groups')
          .values({ user_id: user, name, is_default: 0, position })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(trx, request, {
          action: 'create',
          entity: 'feature_group',
          entityId: group.id,
          after: { name, position },
        });
      }),
  );

  app.delete<{ Params: z.output<typeof groupIdParams> }>(
    '/api/AccessManagements/groups/remove/:groupId',
    {
      config: { access: OWN_LAYOUT },
      schema: { tags: TAGS, summary: 'Delete a group; its features move to the default group', params: groupIdParams },
    },
    async (request) =>
      change(request, async (trx, user) => {
        const group = await ownGroup(trx, user, request.params.groupId);
        if (group.is_default === 1) throw badRequest('The default group cannot be deleted');
        const defaultGroup = (await groupsOf(trx, user)).find((g) => g.is_default === 1)!;
        const moved = await trx
          .selectFrom('feature_group_items')
          .select('feature_id')
          .where('group_id', '=', group.id)
          .orderBy('position')
          .execute();
        let position = await nextPosition(trx, defaultGroup.id);
        for (const item of moved) {
          await trx
            .updateTable('feature_group_items')
            .set({ group_id: defaultGroup.id, position: position++ })
            .where('user_id', '=', user)
            .where('feature_id', '=', item.feature_id)
            .execute();
        }
        await trx.deleteFrom('feature_groups').where('id', '=', group.id).execute();
        await audit(trx, request, { action: 'delete', entity: 'feature_group', entityId: group.id, before: group });
      }),
  );

  app.put<{ Body: z.output<typeof renameGroupBody> }>(
    '/api/AccessManagements/groups/rename',
    {
      config: { access: OWN_LAYOUT },
      schema: { tags: TAGS, summary: 'Rename a group (never the default group)', body: renameGroupBody },
    },
    async (request) =>
      change(request, async (trx, user) => {
        const { groupId, name } = request.body;
        const group = await ownGroup(trx, user, groupId);
        if (group.is_default === 1) throw badRequest('The default group cannot be renamed');
        if (group.name === name) throw badRequest('The new name is the same as the current one', 'name');
        await assertNameFree(trx, user, name, group.id);
        await trx.updateTable('feature_groups').set({ name }).where('id', '=', group.id).execute();
        await audit(trx, request, {
          action: 'update',
          entity: 'feature_group',
          entityId: group.id,
          before: { name: group.name },
          after: { name },
        });
      }),
  );

  app.post<{ Body: z.output<typeof moveFeatureBody> }>(
    '/api/AccessManagements/features/dnd-in-group',
    {
      config: { access: OWN_LAYOUT },
      schema: {
        tags: TAGS,
        summary: 'Move a feature onto a group (drag and drop); it goes last in that group',
        body: moveFeatureBody,
      },
    },
    async (request) =>
      change(request, async (trx, user, features) => {
        const { featureGroupId, featureId } = request.body;
        const group = await ownGroup(trx, user, featureGroupId);
        if (!features.has(featureId)) {
          const exists = await trx.selectFrom('features').select('id').where('id', '=', featureId).executeTakeFirst();
          throw exists ? forbidden('You cannot move a feature you have no access to') : notFound('Feature');
        }
        const before = await trx
          .selectFrom('feature_group_items')
          .selectAll()
          .where('user_id', '=', user)
          .where('feature_id', '=', featureId)
          .executeTakeFirst();
        const position = await nextPosition(trx, group.id);
        if (before) {
          await trx
            .updateTable('feature_group_items')
            .set({ group_id: group.id, position })
            .where('user_id', '=', user)
            .where('feature_id', '=', featureId)
            .execute();
        } else {
          await trx
            .insertInto('feature_group_items')
            .values({ user_id: user, feature_id: featureId, group_id: group.id, position })
            .execute();
        }
        await audit(trx, request, {
          action: 'move',
          entity: 'feature_group_item',
          entityId: featureId,
          before: before ?? null,
          after: { groupId: group.id, position },
        });
      }),
  );

  app.put<{ Body: z.output<typeof reorderGroupsBody> }>(
    '/api/AccessManagements/groups/reorder',
    {
      config: { access: OWN_LAYOUT },
      schema: {
        tags: TAGS,
        summary: 'Reorder the caller’s groups: send every group id once, in the new order',
        body: reorderGroupsBody,
      },
    },
    async (request) =>
      change(request, async (trx, user) => {
        const groups = await groupsOf(trx, user);
        const wanted = request.body.groupIds;
        const own = new Set(groups.map((g) => g.id));
        if (wanted.length !== own.size || new Set(wanted).size !== wanted.length || wanted.some((id) => !own.has(id))) {
          throw badRequest('Send each of your group ids exactly once, in the new order', 'groupIds');
        }
        for (const [position, id] of wanted.entries())
          await trx.updateTable('feature_groups').set({ position }).where('id', '=', id).execute();
        await audit(trx, request, {
          action: 'reorder',
          entity: 'feature_group',
          before: groups.map((g) => g.id),
          after: wanted,
        });
      }),
  );
}
