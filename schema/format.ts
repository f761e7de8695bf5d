/** Dates and money as US staff read them: 12/09/2026 and $1,234.56. */

/** A business date (YYYY-MM-DD) as MM/DD/YYYY; anything else as it is. */
export function usDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : value;
}

const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const usMoney = (value: number | null | undefined) => (value === null || value === undefined ? '' : DOLLARS.format(value));

/** Integer cents as dollars: 123456 → $1,234.56. */
export const usCents = (cents: number) => usMoney(cents / 100);

/** An amount with its direction as a sign: a credit (+$12.50) raises what the company owes, a debit (−$12.50) lowers it. */
export const signedMoney = (amount: number, direction: 'CREDIT' | 'DEBIT') => `${direction === 'DEBIT' ? '−' : '+'}${usMoney(amount)}`;
