import { z } from 'zod';
import { todayIso } from '../../../schema/expiry';
import { usDate } from '../../../schema/format';
import { REMINDER_DAYS } from '../../../schema/qualification';
import type { Db } from '../../db/types';
import { defineJob } from '../../jobs/define';
import type { Delivery } from '../notify/realtime';
import { type DueReminder, remindOnce } from '../notifications/reminders';
import { driversOf, qualificationFiles } from './store';

/** The reminder an item gets with `daysLeft` to go: the nearest of 30, 14 and 3 days not yet passed; none past due. */
export function reminderStep(daysLeft: number): number | null {
  if (daysLeft < 0) return null;
  return [...REMINDER_DAYS].sort((a, b) => a - b).find((days) => daysLeft <= days) ?? null;
}

/** Active users holding the Fleet Manager role: they keep the drivers' files. */
async function fleetManagers(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('roles as ro', 'ro.id', 'ur.role_id')
    .select('u.id')
    .where('ro.name', '=', 'FleetManager')
    .where('u.deleted_at', 'is', null)
    .where('u.is_active', '=', 1)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Items of the files of drivers still employed falling due within 30 days (docs/product/driver-qualification.md#reminders):
 * the fleet managers and the driver (when their account is linked) are told at 30, 14 and 3 days, each step once per
 * item and date (remindOnce), so a record renewed is told again for its next date only.
 */
export async function sendQualificationReminders(db: Db, today = todayIso()): Promise<Delivery[]> {
  const drivers = (await driversOf(db).execute()).filter((d) => !d.terminated_on || d.terminated_on > today);
  const managers = await fleetManagers(db);
  const reminders: DueReminder[] = [];
  for (const file of await qualificationFiles(db, drivers, today)) {
    const driver = drivers.find((d) => d.id === file.driverId)!;
    for (const item of file.items) {
      if (!item.dueOn || item.daysLeft === null) continue;
      const step = reminderStep(item.daysLeft);
      if (step === null) continue;
      const title = `${item.label} due ${usDate(item.dueOn)}`;
      const base = { recordId: file.driverId, dueOn: item.dueOn, type: 'qualificationDueSoon', title };
      if (managers.length)
        reminders.push({
          ...base,
          kind: `qualification.${item.item}.${step}`,
          userId: managers,
          body: `${file.driverName}'s ${item.label.toLowerCase()} is due ${usDate(item.dueOn)} (${item.daysLeft} days).`,
          link: `/app/reports/driver-qualification/${file.driverId}`,
        });
      if (driver.user_id)
        reminders.push({
          ...base,
          kind: `qualification.${item.item}.${step}.driver`,
          userId: driver.user_id,
          body: `Your ${item.label.toLowerCase()} is due ${usDate(item.dueOn)} (${item.daysLeft} days): bring the new one to the office.`,
          link: '/app/my-qualification',
        });
    }
  }
  return remindOnce(db, reminders);
}

/** The check, hourly once across servers and at each start (server/jobs). */
export const qualificationRemindersJob = defineJob({
  name: 'qualification.reminders',
  payload: z.object({}),
  retry: { maxAttempts: 3, maxAgeMs: 60 * 60_000 },
  schedule: { everyMinutes: 60 },
  run: async (_payload, { ctx }) => ctx.realtime.deliver(await sendQualificationReminders(ctx.db)),
});
