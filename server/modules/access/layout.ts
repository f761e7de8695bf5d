import { DEFAULT_GROUP_NAME, SECTIONS } from '../../../schema/features';
import type { FeatureGrant } from '../../auth/permissions';
import type { Db } from '../../db/types';
import { transact } from '../../db/transaction';

export interface FeatureDto {
  id: number;
  key: string;
  title: string;
  uri: string;
  icon: string;
  parentFeatureId: number | null;
  permissions: string[];
}
export interface FeatureGroupDto {
  id: number;
  name: string;
  isDefaultgroup: boolean;
  position: number;
  features: FeatureDto[];
}

/**
 * A user's first look at the sidebar creates their layout: one group per section they can see, plus the
 * default group, which also receives every feature not placed in a group (such as one granted later).
 */
export async function ensureLayout(trx: Db, userId: number, features: Map<number, FeatureGrant>): Promise<void> {
  const existing = await trx
    .selectFrom('feature_groups')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  if (!existing) await createLayout(trx, userId, features);
}

/** Run inside the caller's transaction, so a request that is then refused leaves no layout behind. */
async function createLayout(trx: Db, userId: number, features: Map<number, FeatureGrant>): Promise<void> {
  let position = 0;
  for (const section of SECTIONS) {
    // A resource's own entry comes right after the feature it belongs to.
    const order = (f: FeatureGrant) =>
      f.parentFeatureId !== null ? (features.get(f.parentFeatureId)?.position ?? f.position) + 0.5 : f.position;
    const inSection = [...features.values()].filter((f) => f.section === section).sort((a, b) => order(a) - order(b));
    if (!inSection.length) continue;
    const group = await trx
      .insertInto('feature_groups')
      .values({ user_id: userId, name: section, is_default: 0, position: position++ })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('feature_group_items')
      .values(inSection.map((f, i) => ({ user_id: userId, feature_id: f.id, group_id: group.id, position: i })))
      .execute();
  }
  await trx
    .insertInto('feature_groups')
    .values({ user_id: userId, name: DEFAULT_GROUP_NAME, is_default: 1, position })
    .execute();
}

export async function groupsOf(db: Db, userId: number) {
  return db
    .selectFrom('feature_groups')
    .select(['id', 'name', 'is_default', 'position'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** A user's groups, in order, each with its placed features (one row per feature; one row for an empty group). */
export function groupsWithItemsQuery(db: Db, userId: number) {
  return db
    .selectFrom('feature_groups as g')
    .leftJoin('feature_group_items as i', 'i.group_id', 'g.id')
    .select(['g.id', 'g.name', 'g.is_default', 'g.position', 'i.feature_id', 'i.position as item_position'])
    .where('g.user_id', '=', userId)
    .orderBy('g.position')
    .orderBy('g.id');
}

function groupsWithItems(db: Db, userId: number) {
  return groupsWithItemsQuery(db, userId).execute();
}

/** The sidebar of GET /api/Auth/features/get. */
export async function loadLayout(
  db: Db,
  userId: number,
  features: Map<number, FeatureGrant>,
): Promise<FeatureGroupDto[]> {
  let rows = await groupsWithItems(db, userId);
  if (!rows.length) {
    // A first look at the sidebar creates the layout; two first looks at once create it once.
    await transact(db, (trx) => ensureLayout(trx, userId, features));
    rows = await groupsWithItems(db, userId);
  }
  const groups = [...new Map(rows.map((r) => [r.id, r])).values()];
  const items = rows.flatMap((r) =>
    r.feature_id === null ? [] : [{ feature_id: r.feature_id, group_id: r.id, position: r.item_position ?? 0 }],
  );
  const defaultGroup = groups.find((g) => g.is_default === 1)!;
  const placement = new Map(items.map((i) => [i.feature_id, i]));
  const byGroup = new Map<number, { feature: FeatureGrant; order: number }[]>();
  const placed = (featureId: number | null) => {
    const item = featureId === null ? undefined : placement.get(featureId);
    return item && groups.some((g) => g.id === item.group_id) ? item : undefined;
  };
  for (const feature of features.values()) {
    const item = placed(feature.id);
    // An unplaced sidebar entry of a resource goes right after the feature it belongs to; other unplaced features
    // follow the placed ones of the default group, in catalogue order.
    const parent = item ? undefined : placed(feature.parentFeatureId);
    const groupId = item?.group_id ?? parent?.group_id ?? defaultGroup.id;
    const order = item
      ? item.position
      : parent
        ? parent.position + 0.5 + feature.position / 1e6
        : 1_000_000 + feature.position;
    byGroup.set(groupId, [...(byGroup.get(groupId) ?? []), { feature, order }]);
  }
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    isDefaultgroup: group.is_default === 1,
    position: group.position,
    features: (byGroup.get(group.id) ?? [])
      .sort((a, b) => a.order - b.order)
      .map(({ feature }) => ({
        id: feature.id,
        key: feature.key,
        title: feature.title,
        uri: feature.uri,
        icon: feature.icon,
        parentFeatureId: feature.parentFeatureId,
        permissions: feature.permissions,
      })),
  }));
}
