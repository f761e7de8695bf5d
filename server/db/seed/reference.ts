import { FEATURES, defaultGrants } from '../../../schema/features';
import { LOAD_BOARDS, MONEY_SOURCES, PAYMENT_METHODS, PHONE_COUNTRIES, US_STATES } from '../../../schema/reference';
import { ROLES } from '../../../schema/roles';
import type { Db } from '../types';


/**
 * Roles, features, the default permission matrix and the reference lists. Runs at every start and only adds
 * what is missing, so administrators' changes to the matrix are never overwritten.
 */
export async function seedReference(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('roles').values(ROLES.map((name) => ({ name }))).onConflict((oc) => oc.column('name').doNothing()).execute();
    const roles = await trx.selectFrom('roles').select(['id', 'name']).execute();
    const roleId = new Map(roles.map((r) => [r.name, r.id]));

    const existing = new Set((await trx.selectFrom('features').select('key').execute()).map((f) => f.key));
    for (const [position, feature] of FEATURES.entries()) {
      if (existing.has(feature.key)) continue;
      const { id } = await trx
        .insertInto('features')
        .values({ key: feature.key, title: feature.title, uri: feature.uri, icon: feature.icon, section: feature.section, parent_feature_id: null, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      const grants = ROLES.flatMap((role) =>
        defaultGrants(feature, role).map((permission) => ({ role_id: roleId.get(role)!, feature_id: id, permission })),
      );
      if (grants.length) await trx.insertInto('role_feature_permissions').values(grants).execute();
    }

    await trx.insertInto('states').values(US_STATES.map((s) => ({ ...s }))).onConflict((oc) => oc.column('abbreviation').doNothing()).execute();
    const named = (items: readonly { code: string; name: string }[]) => items.map((item, position) => ({ ...item, position }));
    await trx.insertInto('load_boards').values(named(LOAD_BOARDS.map((b) => ({ code: b, name: b })))).onConflict((oc) => oc.column('code').doNothing()).execute();
    await trx.insertInto('payment_methods').values(named(PAYMENT_METHODS.map((m) => ({ code: m, name: m })))).onConflict((oc) => oc.column('code').doNothing()).execute();
    await trx.insertInto('money_sources').values(named(MONEY_SOURCES)).onConflict((oc) => oc.column('code').doNothing()).execute();
    await trx
      .insertInto('phone_countries')
      .values(PHONE_COUNTRIES.map((c) => ({ code: c.code, name: c.name, dial_code: c.dialCode, digits: c.digits })))
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  });
}
