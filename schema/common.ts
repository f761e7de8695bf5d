import { z } from 'zod';

const MAX_ID = 2_147_483_647;

/** An integer sent as query or path text ("12"); anything else, "1e309" included, is refused. */
export function textInteger(min: number, max: number) {
  return z
    .string()
    .regex(/^-?\d{1,12}$/, 'Expected a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/** Query booleans arrive as text; accept true/false/1/0 and nothing else. */
export const queryBoolean = z
  .enum(['true', 'false', 'True', 'False', '1', '0'])
  .transform((value) => value === 'true' || value === 'True' || value === '1');

/** A database id inside a JSON body: a positive integer, never a string or a float. */
export const idValue = z.number().int().positive().max(MAX_ID);
/** A database id in a path or query string. */
export const idText = textInteger(1, MAX_ID);
export const idParams = z.object({ id: idText });

/** Paging shared by every list (DESIGN.md §3): page is 0-based. */
export function pagingQuery(defaultSize = 50, maxSize = 500) {
  return {
    page: textInteger(0, 10_000_000).default(0),
    size: textInteger(1, maxSize).default(defaultSize),
    search: z.string().trim().max(200).optional(),
    sort: z.string().regex(/^-?[A-Za-z][A-Za-z0-9]{0,39}$/, 'Sort by a field name, or -field for descending').optional(),
  };
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const email = z.string().trim().toLowerCase().max(254).regex(EMAIL_PATTERN, 'Enter a valid e-mail address');

/** Business dates (YYYY-MM-DD) keep to this window: a date outside it is a typo, not a load or an expiry. */
export const BUSINESS_DATE_MIN = '1990-01-01';
export const BUSINESS_DATE_MAX = '2100-12-31';

/** Whether YYYY-MM-DD text names a day of the calendar (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * Money is exact or refused: the value must be the two-decimal number nearest to it (19.99 is, 19.999999999 is not;
 * no tolerance, so nothing is silently rounded into cents).
 */
/**
 * An integer with US thousands separators (100,000,000), for the messages the definitions build at start. Not
 * toLocaleString: it makes a number formatter at every call, and the app builds hundreds of these messages as it loads.
 */
export const groupDigits = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export const hasCents = (value: number) => Math.round(value * 100) / 100 === value;
