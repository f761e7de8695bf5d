/**
 * How Haulboard shows things, on every screen and in every message (notifications, mail, PDFs, CSV): dates, times,
 * money, percentages, counts with their units, enum labels and people's names, as US staff read them — 12/09/2026,
 * $1,234.56, −10.4%, 1 day, "ACH debit", (555) 123-4567. ui/format.ts hands the same functions to the screens.
 */
import { once } from './lazy';
import { PHONE_COUNTRIES } from './reference';

/** A business date (YYYY-MM-DD) as MM/DD/YYYY; anything else as it is. */
export function usDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : value;
}

// Each formatter is made on first use (schema/lazy.ts): the first one of date and time costs tens of ms.
const MOMENT = once(
  () =>
    new Intl.DateTimeFormat('en-US', {
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);
/** An instant (ISO time) in the reader's time zone: 12/09/2026, 3:05 PM. */
export const usDateTime = (value: string | null | undefined) => (value ? MOMENT().format(new Date(value)) : '');

const DOLLARS = once(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));
/** Dollars as US staff read them: $1,234.56, and a negative amount with a minus sign (−$12.50) like percentText. */
export const usMoney = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : DOLLARS().format(value).replace('-', '−');

/** Integer cents as dollars: 123456 → $1,234.56. */
export const usCents = (cents: number) => usMoney(cents / 100);

/** Money as plain text, as a CSV cell holds it: dollars with two decimals, no $ or separators (1234.5 → 1234.50). */
export const plainMoney = (dollars: number) => dollars.toFixed(2);
/** The same of integer cents (123450 → 1234.50). */
export const plainCents = (cents: number) => plainMoney(cents / 100);

/** An amount with its direction as a sign: a credit (+$12.50) raises what the company owes, a debit (−$12.50) lowers it. */
export const signedMoney = (amount: number, direction: 'CREDIT' | 'DEBIT') =>
  `${direction === 'DEBIT' ? '−' : '+'}${usMoney(amount)}`;

/** A stored phone (national digits) as people read it: (555) 123-4567 in the US, +995 555123456 elsewhere. */
export function phoneText(digits: string | null, country = 'US'): string {
  if (!digits) return '';
  if (country === 'US' && digits.length === 10)
    return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  const dial = PHONE_COUNTRIES.find((c) => c.code === country)?.dialCode;
  return dial ? `${dial} ${digits}` : digits;
}

/** An integer or decimal with US thousands separators, up to two decimals: 1,234 and 1,234.5. */
const NUMBER = once(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }));
export const usNumber = (value: number) => NUMBER().format(value);

/** A count with its unit, the unit singular for exactly one: 1 day, 2 days, 1,234 loads, 1 entry / 3 entries. */
export const countText = (count: number, singular: string, plural = `${singular}s`) =>
  `${usNumber(count)} ${count === 1 ? singular : plural}`;

const PERCENT = once(() =>
  [0, 1, 2].map((digits) => new Intl.NumberFormat('en-US', { maximumFractionDigits: digits })),
);
/**
 * A percentage, no space before the sign, a true minus (−10.4%), up to `digits` decimals (one unless asked; a pay
 * rate's 8.25% has two): `signed` adds a + to a rise (a change from a previous period), never to zero.
 */
export function percentText(
  value: number,
  { signed = false, digits = 1 }: { signed?: boolean; digits?: 0 | 1 | 2 } = {},
): string {
  const text = PERCENT()[digits].format(Math.abs(value));
  const sign = value < 0 && text !== '0' ? '−' : signed && value > 0 && text !== '0' ? '+' : '';
  return `${sign}${text}%`;
}

const MONTH = once(() => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }));
/** The month of a business date (YYYY-MM-DD): October 2026. */
export const monthText = (date: string) => MONTH().format(new Date(`${date.slice(0, 7)}-01T00:00:00Z`));

const lastOfMonth = (date: string) => {
  const [year, month] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
};
/** Whether a range of business dates is exactly one calendar month, the 1st to its last day. */
export const isWholeMonth = (from: string, to: string) =>
  from.endsWith('-01') && from.slice(0, 7) === to.slice(0, 7) && to === lastOfMonth(from);

/** A range of business dates: a whole calendar month by its name (October 2026), any other as 10/02/2026 to 10/31/2026. */
export const rangeText = (from: string, to: string) =>
  isWholeMonth(from, to) ? monthText(from) : `${usDate(from)} to ${usDate(to)}`;

/** Abbreviations that stay in capitals when an enum value is put in words. */
const ABBREVIATIONS = new Set(['ACH', 'ATM', 'COD', 'CDL', 'DOT', 'EFT', 'ID', 'MC', 'MVR', 'POS', 'USD', 'VIN']);
/** An enum value nobody gave a label, in words: ACH_DEBIT → ACH debit, DEBIT_CARD → Debit card. */
export function enumWords(value: string): string {
  const words = value.split(/[_\s]+/).filter(Boolean);
  return words
    .map((word, index) => {
      const upper = word.toUpperCase();
      if (ABBREVIATIONS.has(upper)) return upper;
      const lower = word.toLowerCase();
      return index === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}

/** An enum value as people read it: its declared label (schema's *_LABELS), else its words; '' for none. */
export function enumLabel(
  labels: Readonly<Partial<Record<string, string>>> | undefined,
  value: string | null | undefined,
) {
  if (value === null || value === undefined || value === '') return '';
  return labels?.[value] ?? enumWords(value);
}

/** A person's full name from its parts, with no stray spaces when one is missing. */
export const personName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');

/**
 * Names that tell people apart: a name two or more of `people` share gets what tells each apart in parentheses —
 * the first of `tells` that person has (their phone's last four digits, say), else their number (#12). Names
 * nobody shares stay as they are. Returns each person's text by id.
 */
export function distinctNames<P extends { id: number; name: string }>(
  people: readonly P[],
  tells: readonly ((person: P) => string | null | undefined)[] = [],
): Map<number, string> {
  const count = new Map<string, number>();
  for (const p of people) count.set(p.name.toLowerCase(), (count.get(p.name.toLowerCase()) ?? 0) + 1);
  return new Map(
    people.map((p) => {
      if ((count.get(p.name.toLowerCase()) ?? 0) < 2) return [p.id, p.name];
      const tell = tells.map((t) => t(p)).find((text) => !!text) ?? `#${p.id}`;
      return [p.id, `${p.name} (${tell})`];
    }),
  );
}

/** What comes before a phone's last four digits when they tell two people apart: "phone …4567". */
export const PHONE_TELL = 'phone …';

/** A phone's last four digits as a name's tell: "phone …4567". */
export const phoneTail = (digits: string | null | undefined) =>
  digits && digits.length >= 4 ? `${PHONE_TELL}${digits.slice(-4)}` : null;
