import type { FastifyRequest } from 'fastify';
import type { FeatureKey } from '../../../schema/features';
import { requestAllows } from '../../auth/principal';
import type { ServerContext } from '../../context';
import { forbidden } from '../../http/errors';
import { ALL_DRIVERS_FEATURES, ownDriverId } from '../finances/scope';

/**
 * Who sees whose rows in the reports (docs/product/people.md: a driver sees only their own). Everyone who may read a
 * company-wide screen — a finance screen of every driver's money, or a report of the whole company — reads every
 * driver's rows. Anyone else came in through the driver report alone (a Driver): they see the driver linked to their
 * account and nobody else. The rule is the frame's, the same for every report; server features decide it, so an
 * administrator who grants a Driver the weekly report grants the company's figures.
 */
const COMPANY_WIDE: readonly FeatureKey[] = [
  ...ALL_DRIVERS_FEATURES,
  'WeeklyReport',
  'WeeklyFinance',
  'ReportsDashboard',
  'DashboardAlternative',
];

/** Null: every driver. Otherwise the one driver the caller may see (null id: none, an account with no driver record). */
export async function reportScope(
  ctx: Pick<ServerContext, 'db' | 'permissions'>,
  request: FastifyRequest,
): Promise<{ driverId: number | null } | null> {
  if (await requestAllows(ctx.permissions, request, COMPANY_WIDE, 'Read')) return null;
  return { driverId: request.auth ? await ownDriverId(ctx.db, request.auth.user.id) : null };
}

/**
 * The driver a scoped caller's report is about: their own. Asking for another driver is refused (403), not quietly
 * answered with one's own rows under another driver's name.
 */
export function scopedDriverId(scope: { driverId: number | null }, asked: number | undefined): number | null {
  if (asked !== undefined && asked !== scope.driverId) throw forbidden('A driver sees only their own report');
  return scope.driverId;
}
