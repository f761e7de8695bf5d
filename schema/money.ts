import { checkBounds, decimalRule, fromScaled, toScaled } from './decimal';
import { usMoney } from './format';

/**
 * Money, the one way (docs/product/finances.md#money). The API sends and takes dollars as JSON numbers with at most two
 * decimals (1250.5, 19.99); everything stores and adds integer cents. Code works in cents: `toCents` on the way in,
 * `fromCents` on the way out, and neither rounds: a fraction of a cent (12.345) is an error, not a cent more or less.
 * A request's money field is `money(label)`: the same rule in the browser's form and on the server (400 naming the
 * field). How money reads (US dollars: $1,234.56) is schema/format.ts (usMoney, usCents).
 */

/**
 * The largest amount any money field takes, in cents: $10,000,000.00. Every money column holds it — on PostgreSQL
 * most are `integer`, which ends at 2,147,483,647 cents ($21,474,836.47) — and it is far above any one amount this
 * business moves (a load pays thousands; the largest figures are insurance coverages of a few million). Totals of
 * many amounts (reports, balances) are sums, kept in bigint columns, not fields.
 */
export const MAX_MONEY_CENTS = 1_000_000_000;
/** The same in dollars (10,000,000), as fields declare their bounds. */
export const MAX_MONEY = MAX_MONEY_CENTS / 100;

/** An amount that is not whole cents where code needs cents (a bug, not a user's typing: bodies are checked by money()). */
export class MoneyError extends RangeError {
  override name = 'MoneyError';
}

/**
 * Cents of an amount in dollars, or null when it is not a whole number of cents (12.345) or not a finite number.
 * Float noise is not a fraction: 0.1 + 0.2 (0.30000000000000004) is 30 cents (schema/decimal.ts toScaled).
 */
export const centsOf = (dollars: number): number | null => toScaled(dollars, 2);

/** Whole cents of an amount in dollars (12.34 → 1234; 0.1 + 0.2 → 30). A fraction of a cent (12.345) throws, never rounds. */
export function toCents(dollars: number): number {
  const cents = centsOf(dollars);
  if (cents === null) throw new MoneyError(`${dollars} is not an amount in whole cents`);
  return cents;
}

/** Dollars of whole cents (1234 → 12.34), the number JSON then writes as 12.34. Anything but whole cents throws. */
export function fromCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new MoneyError(`${cents} is not a whole number of cents`);
  return fromScaled(cents, 2);
}

/**
 * Cents of an amount typed as text ("$1,234.5", "12", "-40.00" when `signed`), digit by digit (no floating point);
 * null when it is not dollars with at most two decimals, or is beyond the limit.
 */
export function parseDollars(text: string, { signed = false }: { signed?: boolean } = {}): number | null {
  const match = /^([+-]?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.replace(/[$,\s]/g, ''));
  if (!match || (match[1] === '-' && !signed)) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (cents > MAX_MONEY_CENTS) return null;
  return match[1] === '-' && cents !== 0 ? -cents : cents;
}

/**
 * The rule of a money field in a request body: dollars, a finite number, at most two decimals (a third is refused,
 * never rounded), within [min, max] (default 0 to the limit; a field may declare a narrower range, never a wider
 * one). Its value is the amount itself (0.1 + 0.2 → 0.3); toCents of it is exact.
 */
export function money(label: string, bounds: { min?: number; max?: number } = {}) {
  const { min = 0, max = MAX_MONEY } = bounds;
  checkMoneyBounds(label, bounds);
  return decimalRule(label, { scale: 2, min, max }, { min: usMoney(min), max: usMoney(max) });
}

/** Checks a money declaration (at start, before its rule is built): cents within the one limit, min ≤ max. */
export function checkMoneyBounds(label: string, { min = 0, max = MAX_MONEY }: { min?: number; max?: number }): void {
  if (min < -MAX_MONEY || max > MAX_MONEY)
    throw new Error(`${label}: money is within ±${usMoney(MAX_MONEY)} (min ${min}, max ${max})`);
  checkBounds(label, { scale: 2, min, max });
}
