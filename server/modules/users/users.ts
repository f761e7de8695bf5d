import { type users, userStatus } from '../../../schema/resources/users';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/types';
import type { RecordExtension } from '../records/fromDefinition';
import type { Children, Where } from '../records/types';
import {
  type UserInput,
  checkCarrierLink,
  checkRoles,
  guardAdministrators,
  guardLastAdministrator,
  revokeSessionsOf,
  roleIdOf,
} from './guards';
import { userRoutes } from './routes';

type Roles = { ids: number[]; names: string[] };

/** Roles are the user's child rows: loaded for a page at once, replaced on save. */
const roles: Children<UserInput> = {
  async load(db: Db, ids: number[]) {
    const rows = await db
      .selectFrom('user_roles as ur')
      .innerJoin('roles as ro', 'ro.id', 'ur.role_id')
      .select(['ur.user_id', 'ro.id', 'ro.name'])
      .where('ur.user_id', 'in', ids)
      .orderBy('ro.name')
      .execute();
    const map = new Map<number, Roles>();
    for (const row of rows) {
      const held = map.get(row.user_id) ?? { ids: [], names: [] };
      held.ids.push(row.id);
      held.names.push(row.name);
      map.set(row.user_id, held);
    }
    return map;
  },
  async save(trx: Db, id: number, input: UserInput) {
    await trx.deleteFrom('user_roles').where('user_id', '=', id).execute();
    await trx
      .insertInto('user_roles')
      .values(input.roleIds.map((roleId) => ({ user_id: id, role_id: roleId })))
      .execute();
  },
};

/** Never activated with the registration complete (1: waiting for an administrator) or not (0: registering); or not that. */
const neverActivated =
  (yes: boolean, completed: 0 | 1): Where =>
  (eb) => {
    const state = eb.and([
      eb('r.is_active', '=', 0),
      eb('r.activated_at', 'is', null),
      eb('r.registration_completed', '=', completed),
    ]);
    return yes ? state : eb.not(state);
  };

/**
 * Users (schema/resources/users.ts) on the server: roles as child rows, the account's flags, administrators guarded
 * (server/modules/users/routes.ts writes them: creation without a password, activation, password links).
 */
export function userExtension(ctx: ServerContext): RecordExtension<typeof users> {
  // Ending the sessions refuses the next API call; closing the hub connections ends what is already open.
  const disconnect = (userId: number) => ctx.realtime.disconnectUser(userId);
  return {
    customWrites: true,
    computed: (r, children) => {
      const held = (children as Roles | undefined) ?? { ids: [], names: [] };
      const neverActivated = r.is_active === 0 && r.activated_at === null;
      const isRegistering = neverActivated && r.registration_completed === 0;
      const isPending = neverActivated && !isRegistering;
      return {
        name: `${r.first_name} ${r.last_name}`,
        roles: held.names,
        roleIds: held.ids,
        isPending,
        isRegistering,
        status: userStatus({ isActive: r.is_active === 1, isPending, isRegistering }),
        hasPassword: r.password_hash !== null,
        userType: r.user_type,
        avatar: r.avatar,
        isEmailVerified: r.is_email_verified === 1,
        registrationCompleted: r.registration_completed === 1,
        activatedAt: r.activated_at,
        accountId: r.account_id,
      };
    },
    columns: (_u, before) =>
      before
        ? {}
        : {
            password_hash: null,
            avatar: null,
            user_type: null,
            is_active: 0,
            is_email_verified: 0,
            registration_completed: 1,
            account_id: 1,
            activated_at: null,
          },
    children: roles,
    sorts: { name: ['r.last_name', 'r.first_name'] },
    search: [`r.first_name || ' ' || r.last_name`],
    filters: {
      roleId: (roleId) => (eb) =>
        eb('r.id', 'in', eb.selectFrom('user_roles').select('user_id').where('role_id', '=', roleId)),
      isActive: (active) => (eb) => eb('r.is_active', '=', active ? 1 : 0),
      pending: (pending) => neverActivated(pending, 1),
      registering: (registering) => neverActivated(registering, 0),
    },
    beforeWrite: async (trx, context) => {
      const { action, before, input, request } = context;
      await guardAdministrators(trx, request, before, input?.roleIds ?? null);
      if (input) {
        await checkRoles(trx, input.roleIds);
        await checkCarrierLink(trx, input);
      }
      if (!before) return;
      if (action === 'delete') await guardLastAdministrator(trx, before);
      if (action === 'update' && input) {
        const adminRole = await roleIdOf(trx, 'Administrator');
        if (!input.roleIds.includes(adminRole)) await guardLastAdministrator(trx, before, 'roleIds');
        if (input.isActive === false) await guardLastAdministrator(trx, before, 'isActive');
      }
      if (action === 'delete' || (action === 'update' && before.isActive && input?.isActive === false))
        await revokeSessionsOf(trx, before.id);
    },
    afterCommit: ({ action, before, after }) => {
      if (before && (action === 'delete' || (before.isActive && !after.isActive))) disconnect(before.id);
      // New roles: the user's open sessions read their features again (the sidebar follows without signing out).
      else if (before && before.roleIds.join() !== after.roleIds.join()) ctx.realtime.accessChanged([before.id]);
    },
    routes: (app, context, records) => userRoutes(app, context, records),
  };
}
