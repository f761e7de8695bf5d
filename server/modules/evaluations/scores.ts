import { type RawBuilder, sql } from 'kysely';
import { snakeCase } from '../../../schema/define/naming';
import { EVALUATION_CRITERIA, type CriterionKey } from '../../../schema/resources/evaluations';
import { driverName } from '../drivers/names';

/**
 * The SQL of evaluation scores, shared by the list (an evaluation's overall) and the report (averages of a period).
 * An average is rounded to a tenth in whole numbers — (20·sum + n) / (2·n) is 10·sum/n rounded half up — so SQLite
 * and PostgreSQL give the same tenth where floating point would split a x.x5 either way.
 */

/** Each criterion's column. */
export const CRITERION_COLUMN: Record<CriterionKey, string> = Object.fromEntries(
  EVALUATION_CRITERIA.map((c) => [c.key, snakeCase(c.key)]),
) as Record<CriterionKey, string>;

/** The average of a sum over a count, in tenths, rounded half up; null when the count is 0. */
export const tenths = (sum: RawBuilder<unknown>, count: RawBuilder<unknown>) =>
  sql<number | null>`((20 * ${sum} + ${count}) / nullif(2 * ${count}, 0))`;

const over = (alias: string, column: string) => sql.ref(`${alias}.${column}`);

/** The sum of one evaluation's scores (the criteria left empty count nothing). */
export const scoreSum = (alias: string) =>
  sql.join(
    Object.values(CRITERION_COLUMN).map((c) => sql`coalesce(${over(alias, c)}, 0)`),
    sql` + `,
  );
/** How many criteria of one evaluation are scored. */
export const scoreCount = (alias: string) =>
  sql.join(
    Object.values(CRITERION_COLUMN).map((c) => sql`(case when ${over(alias, c)} is null then 0 else 1 end)`),
    sql` + `,
  );

/** One evaluation's overall, in tenths: the average of its scores. */
export const overallTenths = (alias: string) => tenths(sql`(${scoreSum(alias)})`, sql`(${scoreCount(alias)})`);

/** Who an evaluation is about, by name (its driver's, else its dispatcher's), as SQL text over `alias` (the search box takes text). */
export const personNameText = (alias: string) => `coalesce(
  (select d.first_name || ' ' || d.last_name from drivers d where d.id = ${alias}.driver_id),
  (select u.first_name || ' ' || u.last_name from users u where u.id = ${alias}.dispatcher_id))`;
/** Who an evaluation is about as screens show it: a driver's name tells them from a namesake (drivers/names.ts). */
export const personName = (alias: string) => sql<string>`coalesce(
  (select ${driverName('d')} from drivers d where d.id = ${sql.ref(`${alias}.driver_id`)}),
  (select u.first_name || ' ' || u.last_name from users u where u.id = ${sql.ref(`${alias}.dispatcher_id`)}))`;
