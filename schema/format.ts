/** Dates, money and phones as US staff read them: 12/09/2026, $1,234.56 and (555) 123-4567. */
import { PHONE_COUNTRIES } from './reference';

/** A business date (YYYY-MM-DD) as MM/DD/YYYY; anything else as it is. */
export function usDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : value;
}

const MOMENT = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit' });
/** An instant (ISO time) in the reader's time zone: 12/09/2026, 3:05 PM. */
export const usDateTime = (value: string | null | undefined) => (value ? MOMENT.format(new Date(value)) : '');

const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const usMoney = (value: number | null | undefined) => (value === null || value === undefined ? '' : DOLLARS.format(value));

/** Integer cents as dollars: 123456 → $1,234.56. */
export const usCents = (cents: number) => usMoney(cents / 100);

/** An amount with its direction as a sign: a credit (+$12.50) raises what the company owes, a debit (−$12.50) lowers it. */
export const signedMoney = (amount: number, direction: 'CREDIT' | 'DEBIT') => `${direction === 'DEBIT' ? '−' : '+'}${usMoney(amount)}`;

/** A stored phone (national digits) as people read it: (555) 123-4567 in the US, +995 555123456 elsewhere. */
export function phoneText(digits: string | null, country = 'US'): string {
  if (!digits) return '';
  if (country === 'US' && digits.length === 10) return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  const dial = PHONE_COUNTRIES.find((c) => c.code === country)?.dialCode;
  return dial ? `${dial} ${digits}` : digits;
}
