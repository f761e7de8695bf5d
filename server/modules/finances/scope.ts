import type { FastifyRequest } from 'fastify';
import type { FeatureKey } from '../../../schema/features';
import { requestAllows } from '../../auth/principal';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/types';
import { equals } from '../records/query';
import type { Where } from '../records/types';

/** The finance screens that show every driver's money; the driver report shows one's own. */
export const ALL_DRIVERS_FEATURES: readonly FeatureKey[] = ['DriverTransactions', 'PayDriverBills', 'DriverBalance'];

/** The driver record linked to a user, if any. */
export async function ownDriverId(db: Db, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('drivers')
    .select('id')
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Each request's answer: the list asks it for its scope and again for its totals. */
const answered = new WeakMap<FastifyRequest, Promise<{ driverId: number | null } | null>>();

/**
 * Whose money the caller may see (docs/product/finances.md): every driver's with Read on a finance screen, else only the
 * driver linked to their account (a Driver through the driver report), else nobody's. Null: no limit.
 */
export function driverScope(
  ctx: Pick<ServerContext, 'db' | 'permissions'>,
  request: FastifyRequest,
): Promise<{ driverId: number | null } | null> {
  let scope = answered.get(request);
  if (!scope) {
    scope = (async () => {
      if (await requestAllows(ctx.permissions, request, ALL_DRIVERS_FEATURES, 'Read')) return null;
      return { driverId: request.auth ? await ownDriverId(ctx.db, request.auth.user.id) : null };
    })();
    answered.set(request, scope);
  }
  return scope;
}

/** The same as a WHERE over "r" with a driver_id column: one driver's rows, or none at all. */
export async function driverScopeWhere(
  ctx: Pick<ServerContext, 'db' | 'permissions'>,
  request: FastifyRequest,
): Promise<Where | null> {
  const scope = await driverScope(ctx, request);
  if (!scope) return null;
  // An equality (records/query.ts equals): a driver's list statements are compiled once for every driver.
  return equals('r.driver_id')(scope.driverId ?? -1);
}
