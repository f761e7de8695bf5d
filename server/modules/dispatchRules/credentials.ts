import type { RefusalDto } from '../../../schema/dispatchRules';
import { PERIODIC_REVIEWS, addMonths, todayIso } from '../../../schema/expiry';
import { usDate } from '../../../schema/format';
import { drivers } from '../../../schema/resources/drivers';
import type { Db } from '../../db/types';
import { driverName } from '../drivers/names';
import { driversOf, qualificationFiles } from '../qualification/store';
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
/** Words put inside a sentence: "Not on file" as "not on file", a name such as "National Registry …" kept. */
const lowerFirst = (text: string) => (/^[A-Z][a-z]+ [A-Z]/.test(text) ? text : text[0].toLowerCase() + text.slice(1));

/**
 * The items of the driver's qualification file missing or past due today (schema/qualification.ts itemState), as one
 * refusal naming each with what is wrong; its date is the earliest day one fell due, null when none was ever on file.
 */
async function qualificationRefusal(db: Db, driverId: number, name: string, today: string): Promise<RefusalDto | null> {
  const [file] = await qualificationFiles(db, await driversOf(db, driverId).execute(), today);
  const missing = file?.items.filter((item) => item.state === 'missing') ?? [];
  if (!missing.length) return null;
  const listed = missing.map(
    (item) =>
      `the ${lowerFirst(item.label)} (${lowerFirst(item.problem ?? 'not on file').replace(/\d{4}-\d{2}-\d{2}/g, (day) => usDate(day))})`,
  );
  const due = missing
    .map((item) => item.dueOn)
    .filter((day): day is string => !!day)
    .sort();
  return {
    rule: 'DRIVER_QUALIFICATION_MISSING',
    field: 'driverId',
    message: `Qualification file incomplete: ${name}'s file lacks ${listed.join(', ')}`,
    date: due[0] ?? null,
  };
}

/**
 * What forbids dispatching this driver on this load: each credential on file that is not valid through the load's
 * last day (an expired CDL or medical card, or one that expires before the delivery), each credential the company
 * requires that is not on file, the MVR review falling due before the load ends when the company requires it, and
 * the qualification file's items missing or past due when the company requires the file.
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
    if (key === 'qualificationFile') {
      const refusal = await qualificationRefusal(db, driverId, driver.name, today);
      if (refusal) refusals.push(refusal);
      continue;
    }
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
