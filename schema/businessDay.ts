/**
 * The company's day. Business dates (pickup dates, posting dates, "paid on", expiries, deadlines, the periods of the
 * lists) are calendar days in the company's time zone, an IANA zone such as America/Chicago: at 11:25 PM in Chicago
 * on 11/28 it is 11/28 for the company, although it is already 11/29 in UTC. Instants (created, paid, matched at) stay
 * UTC ISO strings; only what day one of them falls on depends on the zone.
 *
 * One zone per process: the server sets it at start (COMPANY_TIMEZONE, then the administrators' setting in the
 * database, server/modules/company) and whenever that setting changes; the web app sets it from GET
 * /api/Company/settings after signing in (ui/companyZone.tsx). Everything that asks "what day is it" — todayIso() and
 * what is built on it — answers in that zone.
 */

/** The zone when COMPANY_TIMEZONE is unset and no administrator chose one: US Central, where most carriers dispatch. */
export const DEFAULT_TIME_ZONE = 'America/Chicago';

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/**
 * The canonical name of an IANA time zone ('america/chicago' → 'America/Chicago', 'Etc/UTC' → 'UTC'), or null when
 * it is not one this runtime knows. Offsets ('+05:00') and abbreviations ('CST') are not zones: a company's day must
 * follow its daylight-saving changes.
 */
export function canonicalTimeZone(name: unknown): string | null {
  const text = typeof name === 'string' ? name.trim() : '';
  // Region/City (America/Chicago, Etc/GMT+5) or UTC: the old abbreviations ICU still takes (CST, EST, CST6CDT) are not.
  if (!ZONE_NAME.test(text) || !(text.includes('/') || text.toUpperCase() === 'UTC')) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: text }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const isTimeZone = (name: unknown): name is string => canonicalTimeZone(name) !== null;

let zone = DEFAULT_TIME_ZONE;

/** The company's time zone in this process. */
export const companyTimeZone = () => zone;

/** Sets the company's time zone (its canonical name, which it returns); an unknown zone throws and changes nothing. */
export function setCompanyTimeZone(name: string): string {
  const canonical = canonicalTimeZone(name);
  if (!canonical) throw new RangeError(`"${name}" is not an IANA time zone such as ${DEFAULT_TIME_ZONE}`);
  zone = canonical;
  return canonical;
}

let clock: (() => Date) | null = null;

/** Now, as this process's business logic reads it: the real clock, or the one a test put in its place. */
export const currentTime = (): Date => (clock ? clock() : new Date());

/**
 * Puts a clock in place of the real one for what asks currentTime() (todayIso() and the day-based rules on it), or
 * takes it away (null). For tests: "it is 11:25 PM in Chicago" without faking the timers every library relies on.
 */
export function setClock(now: Date | (() => Date) | null): void {
  clock = now === null ? null : typeof now === 'function' ? now : () => new Date(now.getTime());
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/**
 * A zone's day starts on a whole minute of UTC (every offset in use is whole minutes), so the day of an instant is
 * the day of its minute: kept for the last minute asked, since a list of a thousand rows asks a thousand times.
 */
let lastDay = { timeZone: '', minute: Number.NaN, day: '' };

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone, by default the company's. */
export function dateIn(instant: Date | string | number, timeZone: string = zone): string {
  const ms = instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  if (Number.isNaN(ms)) return '';
  const minute = Math.floor(ms / 60_000);
  if (lastDay.minute === minute && lastDay.timeZone === timeZone) return lastDay.day;
  let year = '';
  let month = '';
  let day = '';
  for (const part of dayFormat(timeZone).formatToParts(ms)) {
    if (part.type === 'year') year = part.value.padStart(4, '0');
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  const text = `${year}-${month}-${day}`;
  lastDay = { timeZone, minute, day: text };
  return text;
}

/** Today in the company's time zone (YYYY-MM-DD), or in `timeZone`; `now` defaults to currentTime(). */
export const todayIso = (now: Date = currentTime(), timeZone: string = zone): string => dateIn(now, timeZone);

const momentFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as the company's clock shows it, with the zone's short name: 11/28/26, 11:25 PM CST. For what is read as
 * a business date beside a time (a pay bill's "Paid …", a bank match), so that the two cannot disagree.
 */
export function companyDateTime(instant: string | null | undefined, timeZone: string = zone): string {
  if (!instant) return '';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  let format = momentFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      month: 'numeric',
      day: 'numeric',
      year: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    momentFormats.set(timeZone, format);
  }
  return format.format(date);
}

/** A zone's offset from UTC at an instant, as people write it: 'UTC−06:00', 'UTC+05:30', 'UTC'. */
export function utcOffset(timeZone: string, at: Date = currentTime()): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const offset = name.replace(/^GMT/, '');
  return offset && offset !== '+00:00' ? `UTC${offset.replace('-', '−')}` : 'UTC';
}
