import { z } from 'zod';
import { groupDigits } from './common';

/**
 * Exact decimals (money in schema/money.ts, pay rates and percents in schema/define/fields.ts decimal()). JSON
 * carries a number as a binary float: 19.99 arrives as the double nearest to 19.99, and a sum worked out in a form
 * (0.1 + 0.2) as 0.30000000000000004. A decimal with `scale` decimals is kept as the integer count of its last
 * place (19.99 at scale 2 is 1999), and read back by one division, which gives the double nearest to the decimal.
 *
 * A number is taken as such a count only when it is one: float noise (a few units in the last place of the double)
 * is not a digit, a third decimal (12.345 at scale 2) is, and is refused, never rounded away.
 */

/**
 * How far a number may lie from a whole count and still be it: a few units in the last place of a double (8 × 2^-52,
 * 1.8e-15, of the count), the noise of a sum or a product worked out in a form; and near zero, where amounts that
 * cancel leave noise of their own size (0.3 − 0.1 − 0.2 is −2.8e-17), a billionth of the last place. A digit anyone
 * types is above both (19.999999999 is 1e-7 cents from 20.00; 250,019.999999999 is 4e-15 of its count), so nothing
 * typed is rounded.
 */
const NOISE = 8 * Number.EPSILON;
const NOISE_NEAR_ZERO = 1e-9;

/** The integer count of 10^-scale in `value` (12.34 at scale 2 → 1234); null when it holds a finer part or is not a finite number. */
export function toScaled(value: number, scale: number): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const units = value * 10 ** scale;
  const whole = Math.round(units);
  if (!Number.isSafeInteger(whole) || Math.abs(units - whole) > Math.max(NOISE_NEAR_ZERO, NOISE * Math.abs(units)))
    return null;
  return whole === 0 ? 0 : whole; // never -0
}

/** The decimal a count stands for (1234 at scale 2 → 12.34); a count that is not a whole number is refused (throws). */
export function fromScaled(units: number, scale: number): number {
  if (!Number.isSafeInteger(units)) throw new RangeError(`${units} is not a whole count of 10^-${scale}`);
  return units / 10 ** scale;
}

/** A bound as people read it: 100000 → 100,000; 0.01 → 0.01. */
export const numberText = (value: number) => {
  const [whole, part] = String(value).split('.');
  return part === undefined ? groupDigits(Number(whole)) : `${groupDigits(Number(whole))}.${part}`;
};

/** "has at most two decimals" / "is a whole number". */
const decimalsText = (scale: number) =>
  scale === 0
    ? 'is a whole number'
    : `has at most ${['', 'one', 'two', 'three', 'four', 'five', 'six'][scale] ?? scale} decimal${scale === 1 ? '' : 's'}`;

export interface DecimalBounds {
  /** How many decimals it may have (2: 12.34). A value with more is refused, never rounded. */
  scale: number;
  /** The smallest and largest value, inclusive. */
  min: number;
  max: number;
}

/** Checks a declaration (at start): bounds that are themselves decimals of the scale, min ≤ max, within the safe integers. */
export function checkBounds(what: string, { scale, min, max }: DecimalBounds): void {
  if (!Number.isInteger(scale) || scale < 0 || scale > 6)
    throw new Error(`${what}: scale is a whole number from 0 to 6, not ${scale}`);
  for (const bound of [min, max])
    if (toScaled(bound, scale) === null)
      throw new Error(`${what}: the bound ${bound} is not a number with ${scale} decimals`);
  if (min > max) throw new Error(`${what}: min ${min} is above max ${max}`);
}

/**
 * The zod rule of a decimal: a finite number within [min, max] with at most `scale` decimals, each refused with its
 * own message naming the label; the value passed on is the decimal itself (0.30000000000000004 → 0.3).
 * `words` replaces how the bounds are written in the messages (money: $10,000,000.00).
 */
export function decimalRule(label: string, bounds: DecimalBounds, words: { min?: string; max?: string } = {}) {
  checkBounds(label, bounds);
  const { scale, min, max } = bounds;
  const notANumber = `${label} must be a number`;
  return z
    .number({ error: notANumber })
    .finite(notANumber)
    .min(min, min === 0 ? `${label} cannot be negative` : `${label} is at least ${words.min ?? numberText(min)}`)
    .max(max, `${label} is at most ${words.max ?? numberText(max)}`)
    .refine((value) => toScaled(value, scale) !== null, `${label} ${decimalsText(scale)}`)
    .transform((value) => fromScaled(toScaled(value, scale)!, scale));
}

/**
 * The integer count of 10^-scale in a decimal written as text ("0.312" at scale 4 → 3120, "1,234.5" at scale 3 →
 * 1234500), digit by digit (no floating point): thousands commas and spaces aside, a sign only when `signed`; null
 * for anything else, or a finer part than the scale (never rounded), or more than twelve whole digits.
 */
export function scaledOfText(
  text: string,
  scale: number,
  { signed = false }: { signed?: boolean } = {},
): number | null {
  const match = /^([+-]?)(\d{1,12})(?:\.(\d*))?$/.exec(text.replace(/[,\s]/g, ''));
  if (!match || (match[1] && !signed) || (match[3] ?? '').length > scale) return null;
  const units = Number(match[2]) * 10 ** scale + Number((match[3] ?? '').padEnd(scale, '0') || 0);
  if (!Number.isSafeInteger(units)) return null;
  return match[1] === '-' && units !== 0 ? -units : units;
}

/** A count of 10^-scale as the decimal text it stands for, every decimal written (3120 at scale 4 → "0.3120"). */
export function textOfScaled(units: number, scale: number): string {
  const digits = String(Math.abs(units)).padStart(scale + 1, '0');
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return units < 0 ? `-${text}` : text;
}
