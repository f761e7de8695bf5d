import type { FastifyRequest } from 'fastify';
import {
  COMPLIANCE_CODE,
  type ComplianceOverride,
  OVERRIDE_MESSAGES,
  type RefusalDto,
} from '../../../schema/dispatchRules';
import type { Db } from '../../db/types';
import { ApiError, forbidden } from '../../http/errors';
import { audit } from '../audit/audit';
import { isAdministrator } from '../users/guards';
import { brokerRefusals } from '../vetting/bookingRule';
import { type LoadDays, driverRefusals } from './credentials';

/** What of an order the rules read: its parties and its days. */
export interface BookingParties {
  driverId?: number | null;
  brokerId: number;
  pickup: { date: string };
  delivery: { date: string };
}

/** The parties an order already has: the rules apply when one is chosen, not to every later edit of the order. */
export interface BookedParties {
  driverId: number | null;
  brokerId: number | null;
}

/** What saving these parties would refuse (docs/product/compliance.md#dispatch-rules), the driver's first. */
export async function bookingRefusals(
  db: Db,
  input: { driverId?: number | null; brokerId?: number | null } & Partial<
    Record<'pickup' | 'delivery', { date: string }>
  >,
  before: BookedParties | null,
): Promise<RefusalDto[]> {
  const days: LoadDays = { pickup: input.pickup?.date ?? null, delivery: input.delivery?.date ?? null };
  return [
    ...(input.driverId && input.driverId !== before?.driverId ? await driverRefusals(db, input.driverId, days) : []),
    ...(input.brokerId && input.brokerId !== before?.brokerId ? await brokerRefusals(db, input.brokerId) : []),
  ];
}

/** The 409 of a refused booking: the rules' words, and the refusals for a screen to show and offer to override. */
export function complianceRefused(refusals: RefusalDto[]): ApiError {
  const words = refusals.map((refusal) => refusal.message).join('. ');
  return new ApiError(
    409,
    `${words}. An administrator may override this for the one order, with a reason.`,
    COMPLIANCE_CODE,
    refusals[0].field,
    { refusals },
  );
}

/**
 * The rules, inside the write's transaction: nothing refused passes; refused, the write is a 409 naming each rule,
 * unless an administrator sent an override with a reason, which goes to the audit trail with what it overrode.
 */
export async function enforceBookingRules(
  trx: Db,
  request: FastifyRequest,
  input: BookingParties & { complianceOverride?: ComplianceOverride | null },
  order: { id: number; before: BookedParties | null },
): Promise<void> {
  const refusals = await bookingRefusals(trx, input, order.before);
  if (!refusals.length) return;
  if (!input.complianceOverride) throw complianceRefused(refusals);
  if (!(await isAdministrator(trx, request))) throw forbidden(OVERRIDE_MESSAGES.onlyAdministrators);
  await audit(trx, request, {
    action: 'override',
    entity: 'book_order',
    entityId: order.id,
    after: {
      reason: input.complianceOverride.reason,
      driverId: input.driverId ?? null,
      brokerId: input.brokerId,
      refusals,
    },
  });
}
