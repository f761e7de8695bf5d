import type { FastifyRequest } from 'fastify';
import { EVERY_DISPATCHERS_PAY } from '../../../schema/resources/dispatcherPayRules';
import { requestAllows } from '../../auth/principal';
import type { ServerContext } from '../../context';
import { forbidden } from '../../http/errors';
import { ownDriverId } from '../finances/scope';

/**
 * Whose pay a reader of the dispatcher salary report (and of the pay rules) may see. Everyone it is open to
 * (by default Driver, Manager, Administrator, Dispatcher, DispatchManager, Banking) reads it with the one feature, so
 * the rows are limited by what else the caller may read, as the driver scope of the other reports is (scope.ts):
 * - every dispatcher's: the holders of EVERY_DISPATCHERS_PAY (Manager, DispatchManager, Banking, Administrator);
 * - a driver's (an account linked to a driver record): the loads they hauled, per dispatcher who booked them, and no
 *   one's pay or rule — a driver has no business with a dispatcher's earnings;
 * - anyone else (a Dispatcher): their own rows and rules, as the dispatcher of the loads (their user id).
 */
export type SalaryScope = { dispatcherId: number } | { driverId: number | null };

/** Each request's answer (a list asks for its scope, then again for its totals). */
const answered = new WeakMap<FastifyRequest, Promise<SalaryScope | null>>();

/** Null: every dispatcher's rows. */
export function salaryScope(
  ctx: Pick<ServerContext, 'db' | 'permissions'>,
  request: FastifyRequest,
): Promise<SalaryScope | null> {
  let scope = answered.get(request);
  if (!scope) {
    scope = (async () => {
      if (await requestAllows(ctx.permissions, request, EVERY_DISPATCHERS_PAY, 'Read')) return null;
      if (!request.auth) return { driverId: null };
      const driverId = await ownDriverId(ctx.db, request.auth.user.id);
      return driverId !== null ? { driverId } : { dispatcherId: request.auth.user.id };
    })();
    answered.set(request, scope);
  }
  return scope;
}

/**
 * The dispatcher a dispatcher's question is about: their own. Asking for another is refused (403), never answered
 * with one's own rows under the other's name.
 */
export function scopedDispatcherId(scope: { dispatcherId: number }, asked: number | undefined): number {
  if (asked !== undefined && asked !== scope.dispatcherId) throw forbidden('A dispatcher sees only their own pay');
  return scope.dispatcherId;
}
