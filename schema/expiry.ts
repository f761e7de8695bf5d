import { todayIso } from './businessDay';

/**
 * Expirations (CDL, medical card, registration, annual inspection, insurance, fuel card — the date fields marked
 * `expires` in schema/resources): one rule for the server
 * (the `expiry` of every DTO, the `expiring=true` list filter in SQL) and the web app (highlighting).
 *
 * A date is the last day something is valid: it is `expired` from the day after, and `due` from
 * EXPIRY_WINDOW_DAYS days before it up to and including the day itself.
 */
export const EXPIRY_WINDOW_DAYS = 30;

export type ExpiryState = 'expired' | 'due';

export interface ExpiryItem {
  /** The DTO field the date is in, e.g. 'cdlExpiresOn', 'insurance.expiresOn'. */
  field: string;
  /** YYYY-MM-DD */
  on: string;
  state: ExpiryState;
}

/** Today as YYYY-MM-DD: the company's day, in its time zone (schema/businessDay.ts), wherever the server or the reader is. */
export { todayIso };

/** A YYYY-MM-DD date moved by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from one YYYY-MM-DD date to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The last date that counts as due today: anything on or before it is due or expired. */
export const dueBy = (today: string = todayIso()) => addDays(today, EXPIRY_WINDOW_DAYS);

export function expiryState(on: string | null | undefined, today: string = todayIso()): ExpiryState | null {
  if (!on) return null;
  if (on < today) return 'expired';
  if (on <= dueBy(today)) return 'due';
  return null;
}

/** The expired and due dates among `dates` (field → date), soonest first. */
export function expiryItems(
  dates: Record<string, string | null | undefined>,
  today: string = todayIso(),
): ExpiryItem[] {
  const items: ExpiryItem[] = [];
  for (const [field, on] of Object.entries(dates)) {
    const state = expiryState(on, today);
    if (state && on) items.push({ field, on, state });
  }
  return items.sort((a, b) => a.on.localeCompare(b.on));
}

/**
 * 'CDL expired on 2026-10-01' / 'Registration due 2026-12-01': `label` is what expires (each resource's date fields
 * name it, schema/resources), `on` the date as the reader writes dates.
 */
export function describeExpiry(item: ExpiryItem, label: string, on: string = item.on): string {
  return item.state === 'expired' ? `${label} expired on ${on}` : `${label} due ${on}`;
}

/**
 * Dates that start a period after which something must be done again, rather than the last day something is valid:
 * a driver's motor vehicle record must be reviewed at least once every 12 months (49 CFR 391.25(a)), so the review
 * falls due a year after the last one. The credentials report lists it with the dates that expire.
 */
export const PERIODIC_REVIEWS = [
  { table: 'drivers', column: 'mvr_checked_on', label: 'MVR review', everyMonths: 12 },
] as const;

/** A YYYY-MM-DD date moved by whole months (the 31st of a shorter month is its last day). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day, last)))
    .toISOString()
    .slice(0, 10);
}
