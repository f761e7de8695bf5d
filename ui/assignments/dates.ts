import { todayIso } from '../../schema/businessDay';

/**
 * Today as the business date the forms start from (YYYY-MM-DD): the company's day, in its time zone (the server names
 * it, ui/companyZone.tsx), not the reader's computer's — at 11:25 PM in Chicago it is still yesterday in Chicago for
 * a reader in New York, and the server refuses a date after the company's today.
 */
export function localToday(now?: Date): string {
  return todayIso(now);
}
