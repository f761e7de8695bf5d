import type { Db } from '../db/types';

export interface FeatureGrant {
  id: number;
  key: string;
  title: string;
  uri: string;
  icon: string;
  section: string;
  parentFeatureId: number | null;
  position: number;
  permissions: string[];
}

interface Snapshot {
  loadedAt: number;
  features: Omit<FeatureGrant, 'permissions'>[];
  /** role id → feature id → permissions */
  grants: Map<number, Map<number, string[]>>;
  /** Per role set ("1,4"): the features it may Read, by id, in catalogue order. */
  byRoleSet: Map<string, Map<number, FeatureGrant>>;
}

/**
 * The feature catalogue and the role → permission matrix, read once and kept for a short while: every request of
 * every signed-in user needs it, and it changes only when an administrator edits the matrix. An edit on this server
 * invalidates it at once; other servers sharing the database pick it up within `ttlMs`.
 */
export class PermissionCatalog {
  private snapshot: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 30_000,
  ) {}

  /** Raised by every invalidation: a load that began before one is not kept (it may predate the change). */
  private generation = 0;

  invalidate(): void {
    this.snapshot = null;
    this.loading = null;
    this.generation++;
  }

  private async load(): Promise<Snapshot> {
    const [features, rows] = await Promise.all([
      this.db
        .selectFrom('features')
        .select(['id', 'key', 'title', 'uri', 'icon', 'section', 'parent_feature_id', 'position'])
        .orderBy('position')
        .execute(),
      this.db.selectFrom('role_feature_permissions').select(['role_id', 'feature_id', 'permission']).execute(),
    ]);
    const grants = new Map<number, Map<number, string[]>>();
    for (const row of rows) {
      let role = grants.get(row.role_id);
      if (!role) grants.set(row.role_id, (role = new Map()));
      role.set(row.feature_id, [...(role.get(row.feature_id) ?? []), row.permission]);
    }
    return {
      loadedAt: Date.now(),
      features: features.map((f) => ({
        id: f.id,
        key: f.key,
        title: f.title,
        uri: f.uri,
        icon: f.icon,
        section: f.section,
        parentFeatureId: f.parent_feature_id,
        position: f.position,
      })),
      grants,
      byRoleSet: new Map(),
    };
  }

  private async current(): Promise<Snapshot> {
    if (this.snapshot && Date.now() - this.snapshot.loadedAt < this.ttlMs) return this.snapshot;
    const generation = this.generation;
    const loading = (this.loading ??= this.load().finally(() => {
      if (this.loading === loading) this.loading = null;
    }));
    const snapshot = await loading;
    if (generation === this.generation) this.snapshot = snapshot;
    return snapshot;
  }

  /**
   * The features a set of roles may Read, each with every permission the roles give on it. A feature under a parent
   * (a resource's sidebar entry, schema/resources NAV_FEATURES) has no permissions of its own: it has its parent's.
   */
  async readable(roleIds: readonly number[]): Promise<Map<number, FeatureGrant>> {
    const snapshot = await this.current();
    const key = [...roleIds].sort((a, b) => a - b).join(',');
    const cached = snapshot.byRoleSet.get(key);
    if (cached) return cached;
    const result = new Map<number, FeatureGrant>();
    for (const feature of snapshot.features) {
      const permissions = new Set<string>();
      const governing = feature.parentFeatureId ?? feature.id;
      for (const roleId of roleIds)
        for (const p of snapshot.grants.get(roleId)?.get(governing) ?? []) permissions.add(p);
      if (permissions.has('Read')) result.set(feature.id, { ...feature, permissions: [...permissions] });
    }
    snapshot.byRoleSet.set(key, result);
    return result;
  }

  /** Whether the roles hold `permission` on any of the features named by key (a child feature: on its parent). */
  async allows(roleIds: readonly number[], featureKeys: readonly string[], permission: string): Promise<boolean> {
    const snapshot = await this.current();
    const ids = snapshot.features.filter((f) => featureKeys.includes(f.key)).map((f) => f.parentFeatureId ?? f.id);
    return roleIds.some((roleId) => ids.some((id) => snapshot.grants.get(roleId)?.get(id)?.includes(permission)));
  }
}
