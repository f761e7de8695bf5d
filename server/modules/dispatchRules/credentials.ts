import type { RefusalDto } from '../../../schema/dispatchRules';
import { PERIODIC_REVIEWS, addMonths, todayIso } from '../../../schema/expiry';
import { usDate } from '../../../schema/format';
import { drivers } from '../../../schema/resources/drivers';
import type { Db } from '../../db/types';
import { driverName } from '../drivers/names';
import { requiredCredentials } from './settings';

/** The load's days a driver must be fit for: from pickup to delivery, never before today. */
export interface LoadDays {
  pickup: string | null;
  delivery: string | null;
}

/**
 * The dates that expire on a driver, as the credentials report reads them (schema/resources/drivers.ts, the fields
 * marked `expires`: the CDL and the medical card), and the driver's periodic review (the MVR, schema/expiry.ts).
 */
const EXPIRING = drivers.expiring;
const MVR = PERIODIC_REVIEWS.find((review) => review.table === 'drivers')!;
/** Which dated column each required credential asks for, beyond the date itself (the CDL's number). */
const REQUIRED_COLUMNS = {
  cdl: { column: 'cdl_expires_on', also: 'cdl_number', what: 'CDL number and expiry date' },
  medicalCard: { column: 'medical_card_expires_on', also: null, what: 'medical card expiry date' },
  mvr: { column: MVR.column, also: null, what: 'MVR review date' },
} as const;

/** "medical card" in a sentence, "CDL" kept as written. */
const inSentence = (label: string) => (label === label.toUpperCase() ? label : label.toLowerCase());

/**
 * What forbids dispatching this driver on this load: each credential on file that is not valid through the load's
 * last day (an expired CDL or medical card, or one that expires before the delivery), each credential the company
 * requires that is not on file, and the MVR review falling due before the load ends when the company requires it.
 */
export async function driverRefusals(db: Db, driverId: number, days: LoadDays): Promise<RefusalDto[]> {
  const driver = await db
    .selectFrom('drivers as d')
    .select([
      driverName('d').as('name'),
      'd.cdl_number',
      'd.cdl_expires_on',
      'd.medical_card_expires_on',
      'd.mvr_checked_on',
    ])
    .where('d.id', '=', driverId)
    .executeTakeFirst();
  if (!driver) return [];
  const row = driver as unknown as Record<string, string | null>;
  const today = todayIso();
  const lastDay = [today, days.pickup, days.delivery]
    .filter((day): day is string => !!day)
    .sort()
    .pop()!;
  const refusals: RefusalDto[] = [];
  const refuse = (rule: RefusalDto['rule'], message: string, date: string | null) =>
    refusals.push({ rule, field: 'driverId', message, date });

  for (const { column, label } of EXPIRING) {
    const on = row[column];
    if (!on || on >= lastDay) continue;
    const what = inSentence(label);
    refuse(
      'DRIVER_CREDENTIAL_EXPIRED',
      on < today
        ? `Expired ${what}: the ${what} of ${driver.name} expired on ${usDate(on)}`
        : `Expiring ${what}: the ${what} of ${driver.name} expires on ${usDate(on)}, before this load ends on ${usDate(lastDay)}`,
      on,
    );
  }
  const { required } = await requiredCredentials(db);
  for (const key of required) {
    const need = REQUIRED_COLUMNS[key];
    if (!row[need.column] || (need.also && !row[need.also])) {
      refuse(
        'DRIVER_CREDENTIAL_MISSING',
        `Required credential missing: ${driver.name} has no ${need.what} on file`,
        null,
      );
      continue;
    }
    if (key !== 'mvr') continue;
    const due = addMonths(row[MVR.column]!, MVR.everyMonths);
    if (due < lastDay)
      refuse(
        'DRIVER_REVIEW_OVERDUE',
        `${MVR.label} overdue: the last review of ${driver.name}'s motor vehicle record was on ${usDate(row[MVR.column])}; the next was due by ${usDate(due)}`,
        due,
      );
  }
  return refusals;
}
