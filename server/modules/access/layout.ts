import { DEFAULT_GROUP_NAME, SECTIONS } from '../../../schema/features';
import type { Db } from '../../db/types';

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

interface ReadableFeature extends FeatureDto {
  section: string;
  catalogPosition: number;
}

/** The features the user may Read, with every permission the user's roles give on each. */
export async function readableFeatures(db: Db, userId: number): Promise<Map<number, ReadableFeature>> {
  const rows = await db
    .selectFrom('user_roles as ur')
    .innerJoin('role_feature_permissions as p', 'p.role_id', 'ur.role_id')
    .innerJoin('features as f', 'f.id', 'p.feature_id')
    .select(['f.id', 'f.key', 'f.title', 'f.uri', 'f.icon', 'f.section', 'f.parent_feature_id', 'f.position', 'p.permission'])
    .where('ur.user_id', '=', userId)
    .orderBy('f.position')
    .execute();
  const all = new Map<number, ReadableFeature>();
  for (const row of rows) {
    let feature = all.get(row.id);
    if (!feature) {
      feature = { id: row.id, key: row.key, title: row.title, uri: row.uri, icon: row.icon, parentFeatureId: row.parent_feature_id, permissions: [], section: row.section, catalogPosition: row.position };
      all.set(row.id, feature);
    }
    if (!feature.permissions.includes(row.permission)) feature.permissions.push(row.permission);
  }
  for (const [id, feature] of all) if (!feature.permissions.includes('Read')) all.delete(id);
  return all;
}

/**
 * A user's first look at the sidebar creates their layout: one group per section they can see, plus the
 * default group, which also receives every feature not placed in a group (such as one granted later).
 */
export async function ensureLayout(db: Db, userId: number, features: Map<number, ReadableFeature>): Promise<void> {
  const existing = await db.selectFrom('feature_groups').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  if (existing) return;
  await db.transaction().execute(async (trx) => {
    const again = await trx.selectFrom('feature_groups').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
    if (again) return;
    let position = 0;
    for (const section of SECTIONS) {
      const inSection = [...features.values()].filter((f) => f.section === section);
      if (!inSection.length) continue;
      const group = await trx.insertInto('feature_groups').values({ user_id: userId, name: section, is_default: 0, position: position++ }).returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('feature_group_items').values(inSection.map((f, i) => ({ user_id: userId, feature_id: f.id, group_id: group.id, position: i }))).execute();
    }
    await trx.insertInto('feature_groups').values({ user_id: userId, name: DEFAULT_GROUP_NAME, is_default: 1, position }).execute();
  });
}

export async function groupsOf(db: Db, userId: number) {
  return db.selectFrom('feature_groups').select(['id', 'name', 'is_default', 'position']).where('user_id', '=', userId).orderBy('position').orderBy('id').execute();
}

/** The sidebar of GET /api/Auth/features/get. */
export async function loadLayout(db: Db, userId: number): Promise<FeatureGroupDto[]> {
  const features = await readableFeatures(db, userId);
  await ensureLayout(db, userId, features);
  const [groups, items] = await Promise.all([
    groupsOf(db, userId),
    db.selectFrom('feature_group_items').select(['feature_id', 'group_id', 'position']).where('user_id', '=', userId).execute(),
  ]);
  const defaultGroup = groups.find((g) => g.is_default === 1)!;
  const placement = new Map(items.map((i) => [i.feature_id, i]));
  const byGroup = new Map<number, { feature: ReadableFeature; order: number }[]>();
  for (const feature of features.values()) {
    const item = placement.get(feature.id);
    const groupId = item && groups.some((g) => g.id === item.group_id) ? item.group_id : defaultGroup.id;
    // Unplaced features follow the placed ones, in catalogue order.
    const order = item ? item.position : 1_000_000 + feature.catalogPosition;
    byGroup.set(groupId, [...(byGroup.get(groupId) ?? []), { feature, order }]);
  }
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    isDefaultgroup: group.is_default === 1,
    position: group.position,
    features: (byGroup.get(group.id) ?? [])
      .sort((a, b) => a.order - b.order)
      .map(({ feature }) => ({ id: feature.id, key: feature.key, title: feature.title, uri: feature.uri, icon: feature.icon, parentFeatureId: feature.parentFeatureId, permissions: feature.permissions })),
  }));
}
