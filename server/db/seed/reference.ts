import { FEATURES, defaultGrants } from '../../../schema/features';
import type { AnyResource } from '../../../schema/define/resource';
import { RECORD_RESOURCES, navFeaturesOf } from '../../../schema/resources';
import { LOAD_BOARDS, MONEY_SOURCES, PAYMENT_METHODS, PHONE_COUNTRIES, US_STATES } from '../../../schema/reference';
import { ROLES } from '../../../schema/roles';
import type { Db } from '../types';
import { transact } from '../transaction';

/**
 * Roles, features, the default permission matrix and the reference lists. Runs at every start and only adds
 * what is missing, so administrators' changes to the matrix are never overwritten.
 */
export async function seedReference(db: Db, resources: readonly AnyResource[] = RECORD_RESOURCES): Promise<void> {
  await transact(db, async (trx) => {
    await trx
      .insertInto('roles')
      .values(ROLES.map((name) => ({ name })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    await trx
      .updateTable('roles')
      .set({ is_system: 1 })
      .where('name', 'in', [...ROLES])
      .where('is_system', '=', 0)
      .execute();
    const roles = await trx.selectFrom('roles').select(['id', 'name']).execute();
    const roleId = new Map(roles.map((r) => [r.name, r.id]));

    const existing = new Set((await trx.selectFrom('features').select('key').execute()).map((f) => f.key));
    for (const [position, feature] of FEATURES.entries()) {
      if (existing.has(feature.key)) continue;
      const { id } = await trx
        .insertInto('features')
        .values({
          key: feature.key,
          title: feature.title,
          uri: feature.uri,
          icon: feature.icon,
          section: feature.section,
          parent_feature_id: null,
          position,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const grants = ROLES.flatMap((role) =>
        defaultGrants(feature, role).map((permission) => ({ role_id: roleId.get(role)!, feature_id: id, permission })),
      );
      if (grants.length) await trx.insertInto('role_feature_permissions').values(grants).execute();
    }
    await syncNavFeatures(trx, navFeaturesOf(resources));

    await trx
      .insertInto('states')
      .values(US_STATES.map((s) => ({ ...s })))
      .onConflict((oc) => oc.column('abbreviation').doNothing())
      .execute();
    const named = (items: readonly { code: string; name: string }[]) =>
      items.map((item, position) => ({ ...item, position }));
    await trx
      .insertInto('load_boards')
      .values(named(LOAD_BOARDS.map((b) => ({ code: b, name: b }))))
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    await trx
      .insertInto('payment_methods')
      .values(named(PAYMENT_METHODS.map((m) => ({ code: m, name: m }))))
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    await trx
      .insertInto('money_sources')
      .values(named(MONEY_SOURCES))
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    await trx
      .insertInto('phone_countries')
      .values(PHONE_COUNTRIES.map((c) => ({ code: c.code, name: c.name, dial_code: c.dialCode, digits: c.digits })))
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  });
}

/**
 * The sidebar entries resources declare (schema/resources NAV_FEATURES) are features under the feature that governs
 * them, with no permissions of their own: kept exactly as declared at every start (added, changed, or removed with
 * their sidebar places when a definition drops its entry).
 */
async function syncNavFeatures(trx: Db, NAV_FEATURES: ReturnType<typeof navFeaturesOf>): Promise<void> {
  const ids = new Map((await trx.selectFrom('features').select(['id', 'key']).execute()).map((f) => [f.key, f.id]));
  const position = FEATURES.length;
  for (const [index, nav] of NAV_FEATURES.entries()) {
    const values = {
      title: nav.title,
      uri: nav.uri,
      icon: nav.icon,
      section: nav.section,
      parent_feature_id: ids.get(nav.parent)!,
      position: position + index,
    };
    const existing = ids.get(nav.key);
    if (existing) await trx.updateTable('features').set(values).where('id', '=', existing).execute();
    else
      await trx
        .insertInto('features')
        .values({ key: nav.key, ...values })
        .execute();
  }
  const stale = await trx
    .selectFrom('features')
    .select('id')
    .where('parent_feature_id', 'is not', null)
    .where('key', 'not in', ['', ...NAV_FEATURES.map((n) => n.key)])
    .execute();
  if (stale.length) {
    const staleIds = stale.map((f) => f.id);
    await trx.deleteFrom('feature_group_items').where('feature_id', 'in', staleIds).execute();
    await trx.deleteFrom('role_feature_permissions').where('feature_id', 'in', staleIds).execute();
    await trx.deleteFrom('features').where('id', 'in', staleIds).execute();
  }
}
