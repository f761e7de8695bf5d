import { plainCents } from '../../../../schema/format';
import { parseDollars } from '../../../../schema/money';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, US_STATES } from '../../../../schema/reference';
import { VEHICLE_TYPES, type VehicleType, vehicleTypeOf } from '../../../../schema/vin';

/**
 * What sheets print, in the contract's one form (schema/dispatchSheets.ts): each parser returns null when the text is
 * not of its kind at all. Whether a well-formed value is also true (a calendar date, a ZIP of that city) is
 * checks.ts's business.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (value: number | string) => String(value).padStart(2, '0');

/** Dates as sheets write them: 12/09/2026, 12-09-2026, 2026-12-09, Dec 9, 2026, December 9 2026. */
export const DATE_PATTERN =
  /\b(?:(\d{1,2})[/-](\d{1,2})[/-](\d{4})|(\d{4})-(\d{2})-(\d{2})|((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)\.? (\d{1,2}),? (\d{4}))\b/gi;

/** Every date in a text, in order, as ISO text (not yet checked to be a calendar day), with where it was. */
export function datesIn(text: string): { iso: string; index: number; length: number }[] {
  return [...text.matchAll(DATE_PATTERN)].map((m) => {
    let iso: string;
    if (m[3]) iso = `${m[3]}-${pad(m[1])}-${pad(m[2])}`;
    else if (m[4]) iso = `${m[4]}-${m[5]}-${m[6]}`;
    else iso = `${m[9]}-${pad(MONTHS.indexOf(m[7].slice(0, 3).toLowerCase()) + 1)}-${pad(m[8])}`;
    return { iso, index: m.index, length: m[0].length };
  });
}

/** True when an ISO date names a day of the calendar (not 02/30). */
export function isCalendarDate(iso: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return false;
  const date = new Date(Date.UTC(+match[1], +match[2] - 1, +match[3]));
  return date.toISOString().slice(0, 10) === iso;
}

export const MONEY_PATTERN = /\$\s?(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{2}))?(?!\d)/g;

/** Dollars with two decimals of the first amount in a text ("$1,250.00" → "1250.00"), or null. */
export function moneyOf(text: string): string | null {
  const match = /\$?\s?(\d{1,3}(?:,\d{3})*|\d+)(\.\d{2})?(?![\d,])/.exec(text);
  if (!match) return null;
  const cents = parseDollars(match[0]);
  return cents === null ? null : plainCents(cents);
}

/** The ten digits of a US phone ("(555) 123-4567", "+1 555.123.4567"); other digit counts as they are. */
export function phoneOf(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  if (!digits) return null;
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

export const PHONE_PATTERN = /(?:\+?1[\s.-]?)?\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}\b/g;
export const EMAIL_PATTERN = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
export const isEmail = (text: string) => /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/.test(text);

const STATE_CODES = new Set(US_STATES.map((s) => s.abbreviation).filter((code) => code !== 'NONE'));
const STATE_BY_NAME = new Map(US_STATES.map((s) => [s.name.toLowerCase(), s.abbreviation]));
export const isStateCode = (code: string) => STATE_CODES.has(code);

/** "Houston, TX 77001" (or "Houston TX 77001-1234", "Houston, Texas 77001") as its parts. */
export const CITY_STATE_ZIP =
  /([A-Za-z][A-Za-z .'-]*?),?\s+([A-Za-z]{2}|[A-Z][a-z]+(?: [A-Z][a-z]+)?)\.?\s+(\d{5})(?:-\d{4})?\b/;
export function cityStateZipOf(text: string): { city: string; state: string; zip: string } | null {
  const match = new RegExp(`^${CITY_STATE_ZIP.source}$`).exec(text.trim());
  if (!match) return null;
  const state =
    match[2].length === 2 ? match[2].toUpperCase() : (STATE_BY_NAME.get(match[2].toLowerCase()) ?? match[2]);
  return { city: match[1].trim(), state, zip: match[3] };
}

/** Words sheets use for a payment method, beyond our own labels. */
const METHOD_WORDS: Record<string, string> = {
  'company check': 'Check',
  'certified funds': 'CODCheck',
  'cashier check': 'CODCheck',
  "cashier's check": 'CODCheck',
  'money order': 'CODCheck',
  'electronic check': 'eCheck',
  'e-check': 'eCheck',
  'direct deposit': 'ACH',
  'bank transfer': 'ACH',
  'credit card': 'CreditCard',
  'cash app': 'CashApp',
};

/** The payment method code (schema/reference.ts PAYMENT_METHODS) of a printed method, or null. */
export function paymentMethodOf(text: string): string | null {
  const words = text.trim().toLowerCase();
  if (!words) return null;
  for (const code of PAYMENT_METHODS) {
    if (words === code.toLowerCase() || words === PAYMENT_METHOD_LABELS[code].toLowerCase()) return code;
  }
  return METHOD_WORDS[words] ?? null;
}

/** The vehicle type code of a printed type ("Sedan", "SUV", "Pickup truck"). */
export function vehicleTypeCode(text: string): VehicleType | null {
  const upper = text.trim().toUpperCase();
  if ((VEHICLE_TYPES as readonly string[]).includes(upper)) return upper as VehicleType;
  return vehicleTypeOf(text);
}

/** Makes of more than one word: the rest of "2019 Land Rover Range Rover" is the model. */
const MULTI_WORD_MAKES = ['Land Rover', 'Alfa Romeo', 'Aston Martin', 'Mercedes Benz', 'Rolls Royce', 'Lucid Motors'];

/** "Toyota Camry" → make and model (the make's first word, or a known make of two). */
export function makeAndModel(text: string): { make: string; model: string } {
  const words = text.trim().split(/\s+/);
  const two = words.slice(0, 2).join(' ');
  const count = MULTI_WORD_MAKES.some((make) => make.toLowerCase() === two.toLowerCase()) ? 2 : 1;
  return { make: words.slice(0, count).join(' '), model: words.slice(count).join(' ') };
}

/** Digits of an MC number ("MC# 123456", "MC-123456"). */
export const mcOf = (text: string) => /(\d{4,8})/.exec(text)?.[1] ?? null;

/** The whole days of payment terms ("15 business days", "Net 30"), or null. */
export const termsDaysOf = (text: string) =>
  /(?:net\s*)?(\d{1,3})\s*(?:business\s+)?(?:days?\b)?/i.exec(text)?.[1] ?? null;
export const isCod = (text: string) => /\bCO[DP]\b|on delivery|at pickup|upon delivery/i.test(text);
