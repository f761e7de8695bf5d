import type { ExpressionBuilder } from 'kysely';
import { sql } from 'kysely';

/**
 * Assignment dates are whole days, both ends inclusive, ends_on null = open (schema/assignments.ts).
 * An assignment is current on a day it covers.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function covers(eb: ExpressionBuilder<any, any>, alias: string, day: string) {
  return eb.and([
    eb(`${alias}.starts_on`, '<=', day),
    eb.or([eb(`${alias}.ends_on`, 'is', null), eb(`${alias}.ends_on`, '>=', day)]),
  ]);
}

/** The same as SQL text for join conditions: `alias.starts_on <= day and (alias.ends_on is null or alias.ends_on >= day)`. */
export const coversSql = (alias: string, day: string) =>
  sql<boolean>`${sql.ref(`${alias}.starts_on`)} <= ${day} and (${sql.ref(`${alias}.ends_on`)} is null or ${sql.ref(`${alias}.ends_on`)} >= ${day})`;

/** Assignments still running on `day` or later (open, or ending on or after it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const endsOnOrAfter = (day: string, alias?: string) => (eb: ExpressionBuilder<any, any>) => {
  const endsOn = alias ? `${alias}.ends_on` : 'ends_on';
  return eb.or([eb(endsOn, 'is', null), eb(endsOn, '>=', day)]);
};
