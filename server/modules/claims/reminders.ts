import { z } from 'zod';
import { ACKNOWLEDGE_DAYS, DECIDE_DAYS, DUE_SOON_DAYS, claimNumberOf, plusDays } from '../../../schema/claims';
import { todayIso } from '../../../schema/expiry';
import { usDate } from '../../../schema/format';
import type { Db } from '../../db/types';
import { defineJob } from '../../jobs/define';
import type { Delivery } from '../notify/realtime';
import { remindOnce } from '../notifications/reminders';

type Kind = 'claim_acknowledge' | 'claim_decision';
const DEADLINES: { kind: Kind; step: 'ACKNOWLEDGE' | 'DECISION'; days: number; what: string }[] = [
  { kind: 'claim_acknowledge', step: 'ACKNOWLEDGE', days: ACKNOWLEDGE_DAYS, what: 'acknowledged in writing' },
  { kind: 'claim_decision', step: 'DECISION', days: DECIDE_DAYS, what: 'paid, declined or offered' },
];

/**
 * The claims whose acknowledgment (30 days after receipt) or decision (120 days) falls due from today to 7 days
 * ahead, not yet done, of live claims with an assignee: the deadline is received + N, so the claims received in
 * [today − N, today − N + 7].
 */
async function dueSoon(db: Db, today: string) {
  const due = [];
  for (const deadline of DEADLINES) {
    const rows = await db
      .selectFrom('claims as c')
      .innerJoin('claim_steps as s', (join) => join.onRef('s.claim_id', '=', 'c.id').on('s.step', '=', deadline.step))
      .select(['c.id', 'c.created_at', 'c.received_on', 'c.assignee_id'])
      .where('c.received_on', '>=', plusDays(today, -deadline.days))
      .where('c.received_on', '<=', plusDays(today, DUE_SOON_DAYS - deadline.days))
      .where('s.done_at', 'is', null)
      .where('c.deleted_at', 'is', null)
      .where('c.assignee_id', 'is not', null)
      .execute();
    for (const c of rows) {
      const dueOn = plusDays(c.received_on, deadline.days);
      const number = claimNumberOf(c.id, c.created_at);
      due.push({
        kind: deadline.kind,
        recordId: c.id,
        dueOn,
        userId: c.assignee_id!,
        link: `/app/reports/claims-tracker/create/${c.id}`,
        title: `Claim ${number}: ${deadline.step === 'ACKNOWLEDGE' ? 'acknowledge' : 'decide'} by ${usDate(dueOn)}`,
        body: `Claim ${number} must be ${deadline.what} by ${usDate(dueOn)} (49 CFR 370).`,
      });
    }
  }
  return due;
}

/**
 * Tells each assignee of claim deadlines within 7 days, once per claim, deadline and date, as tickets' reminders do
 * (server/modules/tickets/reminders.ts): the deadline_reminders row is claimed first, so two servers or a restart
 * never tell twice.
 */
export async function sendClaimReminders(db: Db, today = todayIso()): Promise<Delivery[]> {
  return remindOnce(
    db,
    (await dueSoon(db, today)).map((due) => ({ ...due, type: 'claimDeadlineSoon' })),
  );
}

/** The check, hourly once across servers and at each start (server/jobs). */
export const claimRemindersJob = defineJob({
  name: 'claims.reminders',
  payload: z.object({}),
  retry: { maxAttempts: 3, maxAgeMs: 60 * 60_000 },
  schedule: { everyMinutes: 60 },
  run: async (_payload, { ctx }) => ctx.realtime.deliver(await sendClaimReminders(ctx.db)),
});
