import { type RawBuilder, sql } from 'kysely';
import { EVALUATION_CRITERIA } from '../../../schema/resources/evaluations';
import { type ReportRow, REPORTS, previousRange } from '../../../schema/reports';
import { CRITERION_COLUMN, scoreCount, scoreSum, tenths } from '../evaluations/scores';
import { type DayRange, type Report, type ReportRun, byText } from './frame';
import { nameOf, peopleNames } from './orderFigures';

/**
 * The evaluation report (/app/reports/evaluation-report): per driver (or per dispatcher, the other view) evaluated in
 * the period or the previous one, the number of their evaluations dated in the period, the average of each criterion
 * of their role and the overall — the average of every score they were given, so each score weighs the same — and the
 * overall of the previous period of the same length. Averages are worked out and rounded to a tenth in SQL
 * (evaluations/scores.ts); the totals are the same averages over everyone in the report. Best overall first.
 *
 * Filters: the driver filter keeps that driver's evaluations; the dispatcher filter keeps that dispatcher's, and in
 * the driver view the drivers assigned to that dispatcher on some day of the period (their team). A dispatcher's
 * evaluation is never a driver's, so the dispatcher view with a driver filter is empty: a driver who sees only their
 * own report (reports/scope.ts) never sees their dispatchers' evaluations.
 */

type Person = 'driver' | 'dispatcher';

/** The averages of the evaluations the filters keep in a range: per person, or over everyone. */
async function averages(
  run: ReportRun,
  person: Person,
  range: DayRange,
  perPerson: boolean,
): Promise<Record<string, unknown>[]> {
  const { filters } = run;
  const own = sql.ref(`e.${person}_id`);
  const wheres: RawBuilder<unknown>[] = [
    sql`e.deleted_at is null`,
    sql`${own} is not null`,
    sql`e.evaluated_on >= ${range.from}`,
    sql`e.evaluated_on <= ${range.to}`,
  ];
  if (filters.driverId !== undefined)
    wheres.push(person === 'driver' ? sql`e.driver_id = ${filters.driverId}` : sql`1 = 0`);
  if (filters.dispatcherId !== undefined) {
    wheres.push(
      person === 'dispatcher'
        ? sql`e.dispatcher_id = ${filters.dispatcherId}`
        : sql`e.driver_id in (select a.driver_id from driver_dispatcher_assignments a
          where a.dispatcher_id = ${filters.dispatcherId} and a.starts_on <= ${run.range.to} and (a.ends_on is null or a.ends_on >= ${run.range.from}))`,
    );
  }
  const criteria = EVALUATION_CRITERIA.map((c) => {
    const column = sql.ref(`e.${CRITERION_COLUMN[c.key]}`);
    return sql`${tenths(sql`sum(${column})`, sql`count(${column})`)} as ${sql.ref(c.key)}`;
  });
  const { rows } = await sql<Record<string, unknown>>`
    select ${perPerson ? own : sql`null`} as person, count(*) as evaluations, ${sql.join(criteria)},
      ${tenths(sql`sum(${scoreSum('e')})`, sql`sum(${scoreCount('e')})`)} as overall
    from evaluations e
    where ${sql.join(wheres, sql` and `)}
    ${perPerson ? sql`group by ${own}` : sql``}`.execute(run.db);
  return rows;
}

/** Tenths from SQL as the figure (PostgreSQL's bigint arrives as text); null stays null (nothing scored). */
const figure = (value: unknown) => (value === null || value === undefined ? null : Number(value) / 10);

function scoresOf(row: Record<string, unknown> | undefined, person: Person): ReportRow {
  const scores: ReportRow = { evaluations: Number(row?.evaluations ?? 0) };
  for (const c of EVALUATION_CRITERIA)
    if ((c.for as readonly string[]).includes(person.toUpperCase())) scores[c.key] = figure(row?.[c.key]);
  scores.overall = figure(row?.overall);
  return scores;
}

export const evaluationReport: Report = {
  definition: REPORTS.evaluations,
  async answer(run) {
    const person: Person = run.groupBy === 'dispatcher' ? 'dispatcher' : 'driver';
    const before = previousRange(run.range);
    const [now, then, [all], [allBefore]] = await Promise.all([
      averages(run, person, run.range, true),
      averages(run, person, before, true),
      averages(run, person, run.range, false),
      averages(run, person, before, false),
    ]);
    const current = new Map(now.map((row) => [Number(row.person), row]));
    const previous = new Map(then.map((row) => [Number(row.person), row]));
    const ids = [...new Set([...current.keys(), ...previous.keys()])];
    const names = await peopleNames(run, person, ids);
    const idKey = person === 'driver' ? 'driverId' : 'dispatcherId';
    // Each row carries its person and days: the screen drills from it to those evaluations.
    const rows = ids
      .map((id): ReportRow => ({
        [idKey]: id,
        name: nameOf(names, id),
        ...scoresOf(current.get(id), person),
        previousOverall: figure(previous.get(id)?.overall),
        from: run.range.from,
        to: run.range.to,
      }))
      .sort((a, b) => Number(b.overall ?? -1) - Number(a.overall ?? -1) || byText(String(a.name), String(b.name)));
    return {
      ...run.range,
      rows,
      totals: { ...scoresOf(all, person), previousOverall: figure(allBefore?.overall) },
      previous: { ...before, totals: scoresOf(allBefore, person) },
    };
  },
};
