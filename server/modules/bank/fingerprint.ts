import { createHash } from 'node:crypto';
import type { BankRow } from '../../../schema/bank';

/**
 * A bank row's identity across imports, so that a later export overlapping an earlier one, or the same file twice,
 * adds nothing already there. Made of what the bank does not change once a row is posted: the layout, the dates,
 * the amount, the description (spaces and case aside), the type, the details and the check number; not the running
 * balance (blank while a row is pending, filled in a later export), the card's category or the memo.
 *
 * Two genuinely identical rows (two equal fuel purchases at one pump on one day) are both real: the n-th copy of a
 * row within a file gets n in its fingerprint, so a file with two keeps two, and a later export with the same two
 * adds none.
 */
export function rowKey(row: BankRow): string {
  const description = row.description.replace(/\s+/g, ' ').trim().toUpperCase();
  return [
    row.layout,
    row.postedOn,
    row.transactionOn ?? '',
    row.amountCents,
    description,
    row.type ?? '',
    row.details ?? '',
    row.checkNumber ?? '',
  ].join('\u001f');
}

/**
 * Fingerprints for one file's rows, in order: call `next` for each row as it is read. `keyOf` is a row's identity
 * (the bank's rowKey by default; the fuel-card import's its own, server/modules/ifta/fuelCsv.ts).
 */
export function fileFingerprints<T = BankRow>(keyOf: (row: T) => string = rowKey as (row: T) => string) {
  // Copies counted by the key's digest, not the key: a 100,000-row file keeps 100,000 short strings, not descriptions.
  const seen = new Map<string, number>();
  return {
    next(row: T): string {
      const key = keyOf(row);
      const digest = createHash('sha256').update(key).digest('base64');
      const copy = seen.get(digest) ?? 0;
      seen.set(digest, copy + 1);
      return createHash('sha256').update(`${key}\u001f${copy}`).digest('hex');
    },
  };
}
