import { sql } from 'kysely';
import {
  ACCESS_MESSAGES,
  ADMINISTRATOR_KEEPS,
  ADMINISTRATOR_ROLE,
  type MatrixSave,
  type PermissionMatrix,
  missingRead,
} from '../../../schema/accessSettings';
import { PERMISSIONS, type Permission } from '../../../schema/roles';
import type { Db } from '../../db/types';
import { ApiError, badRequest, notFound } from '../../http/errors';

/** The matrix version lives in meta: every Access Settings write raises it, a save against an older one is refused. */
const VERSION_KEY = 'access_matrix_version';
/** The feature the Administrator role keeps. */
export const ACCESS_SETTINGS_FEATURE = 'AccessSettings';

export async function matrixVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', VERSION_KEY).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/**
 * Locks the version (PostgreSQL: the meta row FOR UPDATE, so two saves queue; SQLite writes one at a time) and returns
 * it; the caller's transaction then raises it with `raiseVersion`.
 */
export async function readVersion(trx: Db): Promise<number> {
  await trx
    .insertInto('meta')
    .values({ key: VERSION_KEY, value: '0' })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return Number(
    (await trx.selectFrom('meta').select('value').where('key', '=', VERSION_KEY).executeTakeFirstOrThrow()).value,
  );
}

export async function raiseVersion(trx: Db, current: number): Promise<number> {
  await trx
    .updateTable('meta')
    .set({ value: String(current + 1) })
    .where('key', '=', VERSION_KEY)
    .execute();
  return current + 1;
}

/** The whole matrix as the screen reads it: features, roles with their user counts, grants, version. */
export async function readMatrix(db: Db): Promise<PermissionMatrix> {
  const [features, roles, grants, counts, version] = await Promise.all([
    db
      .selectFrom('features')
      .select(['id', 'key', 'title', 'uri', 'icon', 'section', 'parent_feature_id as parentFeatureId'])
      .orderBy('position')
      .execute(),
    db.selectFrom('roles').select(['id', 'name', 'is_system']).orderBy('id').execute(),
    db.selectFrom('role_feature_permissions').select(['role_id', 'feature_id', 'permission']).execute(),
    db
      .selectFrom('user_roles as ur')
      .innerJoin('users as u', 'u.id', 'ur.user_id')
      .where('u.deleted_at', 'is', null)
      .select(['ur.role_id', sql<number>`count(*)`.as('n')])
      .groupBy('ur.role_id')
      .execute(),
    matrixVersion(db),
  ]);
  const userCount = new Map(counts.map((c) => [c.role_id, Number(c.n)]));
  const byRole = new Map<number, Record<number, Permission[]>>();
  for (const grant of grants) {
    const role = byRole.get(grant.role_id) ?? {};
    byRole.set(grant.role_id, role);
    (role[grant.feature_id] ??= []).push(grant.permission as Permission);
  }
  const order = (list: Permission[]) => PERMISSIONS.filter((p) => list.includes(p));
  return {
    version,
    permissions: PERMISSIONS,
    features,
    roles: roles.map((role) => ({
      id: role.id,
      name: role.name,
      isSystem: role.is_system === 1,
      userCount: userCount.get(role.id) ?? 0,
      grants: Object.fromEntries(
        Object.entries(byRole.get(role.id) ?? {}).map(([feature, list]) => [feature, order(list)]),
      ),
    })),
  };
}

export interface CellChange {
  roleId: number;
  roleName: string;
  featureId: number;
  featureTitle: string;
  before: Permission[];
  after: Permission[];
}

/**
 * Checks a save against the rules (each refusal names the cell's field) and works out what really changes; nothing is
 * written here. Rules: known role and feature; not "Any"; not a child entry (it has its parent's permissions); no write
 * permission without Read; the Administrator role keeps Read and Update on Access Settings; one cell once.
 */
export async function planSave(trx: Db, save: MatrixSave): Promise<CellChange[]> {
  const roleIds = [...new Set(save.changes.map((c) => c.roleId))];
  const featureIds = [...new Set(save.changes.map((c) => c.featureId))];
  const [roles, features, current] = await Promise.all([
    trx.selectFrom('roles').select(['id', 'name']).where('id', 'in', roleIds).execute(),
    trx
      .selectFrom('features')
      .select(['id', 'key', 'title', 'parent_feature_id'])
      .where('id', 'in', featureIds)
      .execute(),
    trx
      .selectFrom('role_feature_permissions')
      .select(['role_id', 'feature_id', 'permission'])
      .where('role_id', 'in', roleIds)
      .where('feature_id', 'in', featureIds)
      .execute(),
  ]);
  const roleById = new Map(roles.map((r) => [r.id, r]));
  const featureById = new Map(features.map((f) => [f.id, f]));
  const seen = new Set<string>();
  const changes: CellChange[] = [];
  for (const [index, cell] of save.changes.entries()) {
    const field = `changes.${index}`;
    const role = roleById.get(cell.roleId);
    if (!role) throw new ApiError(404, 'Role not found', 'not_found', `${field}.roleId`);
    const feature = featureById.get(cell.featureId);
    if (!feature) throw new ApiError(404, 'Feature not found', 'not_found', `${field}.featureId`);
    const key = `${cell.roleId}:${cell.featureId}`;
    if (seen.has(key)) throw badRequest('Each role and screen may appear once in a save', field);
    seen.add(key);
    if (role.name === 'Any') throw badRequest(ACCESS_MESSAGES.anyRole, `${field}.roleId`);
    if (feature.parent_feature_id !== null) throw badRequest(ACCESS_MESSAGES.childFeature, `${field}.featureId`);
    if (missingRead(cell.permissions)) throw badRequest(ACCESS_MESSAGES.writeWithoutRead, `${field}.permissions`);
    if (
      role.name === ADMINISTRATOR_ROLE &&
      feature.key === ACCESS_SETTINGS_FEATURE &&
      ADMINISTRATOR_KEEPS.some((p) => !cell.permissions.includes(p))
    ) {
      throw badRequest(ACCESS_MESSAGES.adminKeepsAccess, `${field}.permissions`);
    }
    const before = PERMISSIONS.filter((p) =>
      current.some((g) => g.role_id === cell.roleId && g.feature_id === cell.featureId && g.permission === p),
    );
    const after = PERMISSIONS.filter((p) => cell.permissions.includes(p));
    if (before.join() === after.join()) continue;
    changes.push({
      roleId: role.id,
      roleName: role.name,
      featureId: feature.id,
      featureTitle: feature.title,
      before,
      after,
    });
  }
  return changes;
}

/** Writes the planned cells: each cell's set replaced whole. */
export async function applyCells(trx: Db, changes: readonly CellChange[]): Promise<void> {
  for (const change of changes) {
    await trx
      .deleteFrom('role_feature_permissions')
      .where('role_id', '=', change.roleId)
      .where('feature_id', '=', change.featureId)
      .execute();
    if (change.after.length) {
      await trx
        .insertInto('role_feature_permissions')
        .values(
          change.after.map((permission) => ({ role_id: change.roleId, feature_id: change.featureId, permission })),
        )
        .execute();
    }
  }
}

/** The active users holding any of these roles: whose open sessions are told to read their features again. */
export async function holdersOf(db: Db, roleIds: readonly number[]): Promise<number[]> {
  if (!roleIds.length) return [];
  const rows = await db
    .selectFrom('user_roles')
    .select('user_id')
    .distinct()
    .where('role_id', 'in', [...roleIds])
    .execute();
  return rows.map((r) => r.user_id);
}

export async function roleOr404(db: Db, id: number) {
  const role = await db.selectFrom('roles').select(['id', 'name', 'is_system']).where('id', '=', id).executeTakeFirst();
  if (!role) throw notFound('Role');
  return role;
}
