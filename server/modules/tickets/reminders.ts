import { z } from 'zod';
import { addDays, todayIso } from '../../../schema/expiry';
import { usDate } from '../../../schema/format';
import { CHALLENGE_STATUS_LABELS, type ChallengeStatus } from '../../../schema/tickets';
import type { Db } from '../../db/types';
import { defineJob } from '../../jobs/define';
import type { Delivery } from '../notify/realtime';
import { remindOnce } from '../notifications/reminders';

/** How far ahead the assignee hears of a court date or challenge deadline (docs/product/tickets.md#ticket-deadlines). */
export const REMINDER_DAYS = 7;

interface Due {
  kind: 'court_date' | 'challenge_deadline';
  recordId: number;
  dueOn: string;
  userId: number;
  title: string;
  body: string;
  link: string;
}

/** Court dates of citations still pending and deadlines of challenges not yet decided, due today to 7 days ahead, of tickets with an assignee. */
async function dueSoon(db: Db, today: string): Promise<Due[]> {
  const until = addDays(today, REMINDER_DAYS);
  const courts = await db
    .selectFrom('citations as c')
    .innerJoin('tickets as t', 't.id', 'c.ticket_id')
    .select(['c.id', 'c.citation_number', 'c.court_date', 't.user_id', 't.id as ticket_id'])
    .where('c.court_date', '>=', today)
    .where('c.court_date', '<=', until)
    .where('c.court_result', '=', 'PENDING')
    .where('c.deleted_at', 'is', null)
    .where('t.deleted_at', 'is', null)
    .where('t.user_id', 'is not', null)
    .execute();
  const challenges = await db
    .selectFrom('inspection_reports as i')
    .innerJoin('tickets as t', 't.id', 'i.ticket_id')
    .select(['i.id', 'i.report_number', 'i.challenge_deadline', 'i.challenge_status', 't.user_id'])
    .where('i.challenge_deadline', '>=', today)
    .where('i.challenge_deadline', '<=', until)
    .where('i.challenge_status', 'in', ['TO_FILE', 'FILED'])
    .where('i.deleted_at', 'is', null)
    .where('t.deleted_at', 'is', null)
    .where('t.user_id', 'is not', null)
    .execute();
  return [
    ...courts.map((c): Due => ({
      kind: 'court_date',
      recordId: c.id,
      dueOn: c.court_date!,
      userId: c.user_id!,
      link: `/app/management/citations/${c.id}/edit`,
      title: `Court date ${usDate(c.court_date)}: citation ${c.citation_number}`,
      body: `The hearing of citation ${c.citation_number} is on ${usDate(c.court_date)}.`,
    })),
    ...challenges.map((i): Due => ({
      kind: 'challenge_deadline',
      recordId: i.id,
      dueOn: i.challenge_deadline!,
      userId: i.user_id!,
      link: `/app/management/inspection-reports/${i.id}/edit`,
      title: `DataQs deadline ${usDate(i.challenge_deadline)}: inspection ${i.report_number}`,
      body: `The challenge of inspection report ${i.report_number} (${CHALLENGE_STATUS_LABELS[i.challenge_status as ChallengeStatus].toLowerCase()}) is due ${usDate(i.challenge_deadline)}.`,
    })),
  ];
}

/**
 * Tells each assignee of what falls due within 7 days, once per record and date: the reminder's row is claimed first
 * (a unique key), so two servers running the check, or a restart, never tell twice; a date moved later is told again.
 */
export async function sendDeadlineReminders(db: Db, today = todayIso()): Promise<Delivery[]> {
  return remindOnce(
    db,
    (await dueSoon(db, today)).map((due) => ({
      ...due,
      type: due.kind === 'court_date' ? 'courtDateSoon' : 'challengeDeadlineSoon',
    })),
  );
}

/** The check, hourly once across servers and at each start (server/jobs). */
export const deadlineRemindersJob = defineJob({
  name: 'tickets.reminders',
  payload: z.object({}),
  retry: { maxAttempts: 3, maxAgeMs: 60 * 60_000 },
  schedule: { everyMinutes: 60 },
  run: async (_payload, { ctx }) => ctx.realtime.deliver(await sendDeadlineReminders(ctx.db)),
});
