import type { FastifyRequest } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import { addDays, todayIso } from '../../../schema/expiry';
import { weekStart } from '../../../schema/period';
import { fromCents, toCents } from '../../../schema/money';
import {
  REPORT_PAGE_SIZE,
  REPORT_PERIOD_LABELS,
  type ReportAnswer,
  type ReportColumn,
  type ReportDefinition,
  type ReportGrouping,
  type ReportQuery,
  type ReportRow,
  daysIn,
  periodsOf,
  reportRange,
} from '../../../schema/reports';
import type { ServerContext } from '../../context';
import type { DialectName } from '../../db';
import type { Db } from '../../db/types';
import { badRequest } from '../../http/errors';
import { reportScope, scopedDriverId } from './scope';

/**
 * The frame every report runs in (schema/reports.ts): the query read once — the period as days, the filters, the
 * grouping, the caller's driver scope — and the pieces the reports share (weeks, totals, money).
 */

export interface ReportFilters {
  dispatcherId?: number;
  /** A driver's own when the caller sees only theirs (scope.ts); -1 for such an account with no driver record: nobody's rows. */
  driverId?: number;
  carrierId?: number;
}

export interface DayRange {
  from: string;
  to: string;
}

export interface ReportRun {
  db: Db;
  dialect: DialectName;
  range: DayRange;
  /** The user's day: what "elapsed" means for empty days. */
  today: string;
  filters: ReportFilters;
  groupBy: ReportGrouping;
  /** The page of rows asked for (paged reports) and its size; page undefined: every row (the CSV export). */
  page?: number;
  size: number;
}

/** A report: its definition (the contract) and how it answers. */
export interface Report {
  definition: ReportDefinition;
  answer(run: ReportRun): Promise<ReportAnswer>;
  /** The run of a request when the report limits its rows otherwise than by the driver scope (the dispatcher salary report); runOf when absent. */
  runOf?(
    ctx: Pick<ServerContext, 'db' | 'dialect' | 'permissions'>,
    request: FastifyRequest,
    query: ReportQuery,
  ): Promise<ReportRun>;
}

/** The run of one request: the caller's driver scope (scope.ts), then the run of the query under it. */
export async function runOf(
  ctx: Pick<ServerContext, 'db' | 'dialect' | 'permissions'>,
  request: FastifyRequest,
  report: ReportDefinition,
  query: ReportQuery,
): Promise<ReportRun> {
  return makeRun(ctx, report, query, await reportScope(ctx, request));
}

/** The period from the user's day (the report's own period when none is asked), the grouping checked against the report, a driver's scope applied. */
export function makeRun(
  ctx: Pick<ServerContext, 'db' | 'dialect'>,
  report: ReportDefinition,
  query: ReportQuery,
  scope: { driverId: number | null } | null,
): ReportRun {
  const groupings = report.groupings ?? [];
  if (query.groupBy && !groupings.includes(query.groupBy)) {
    throw badRequest(
      groupings.length ? `This report groups by ${groupings.join(', ')}` : 'This report is not grouped',
      'groupBy',
    );
  }
  const period = query.filtered ?? report.defaultPeriod;
  if (!periodsOf(report).includes(period))
    throw badRequest(
      `Choose one of this report's periods: ${periodsOf(report)
        .map((p) => REPORT_PERIOD_LABELS[p])
        .join('; ')}`,
      'filtered',
    );
  const today = query.today ?? todayIso();
  const filters: ReportFilters = {
    dispatcherId: query.dispatcherId,
    driverId: query.driverId,
    carrierId: query.carrierId,
  };
  if (scope) filters.driverId = scopedDriverId(scope, query.driverId) ?? -1;
  return {
    db: ctx.db,
    dialect: ctx.dialect,
    range: reportRange(period, today, query.from, query.to),
    today,
    filters,
    groupBy: query.groupBy ?? groupings[0] ?? 'week',
    page: query.page,
    size: query.size ?? REPORT_PAGE_SIZE,
  };
}

const DAY = 86_400_000;

/** Cents as the API sends money: dollars (PostgreSQL sums come back as text). */
export const dollars = (cents: unknown) => fromCents(Number(cents ?? 0));

/**
 * The week of a day column in SQL, as a number: weeks since the one of 1970-01-01, Monday to Sunday (as schema/period.ts
 * weekStart); mondayOf gives its Monday. A number, not the Monday's text: SQLite groups a year of days per driver
 * (15,000 rows) in 7 ms this way, 10 ms with date() per row.
 */
export function weekNumber(dialect: DialectName, column: string): RawBuilder<number> {
  // Day 0 (1970-01-01) is a Thursday: three days on, every week starts on a multiple of seven.
  return dialect === 'postgres'
    ? sql<number>`((cast(${sql.ref(column)} as date) - date '1970-01-01' + 3) / 7)`
    : sql<number>`((unixepoch(${sql.ref(column)}) / 86400 + 3) / 7)`;
}

const mondays = new Map<number, string>();
/** The Monday of a weekNumber (remembered: a grouped year asks for the same 53 thousands of times). */
export function mondayOf(week: unknown): string {
  const number = Number(week);
  let monday = mondays.get(number);
  if (monday === undefined) mondays.set(number, (monday = new Date((number * 7 - 3) * DAY).toISOString().slice(0, 10)));
  return monday;
}

/** Text order without a locale's rules (week days and names sort fast; names are compared as typed). */
export const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The Mondays of the weeks a range touches, in order (the first and last may be partly outside the range). */
export function weeksOf(range: DayRange): string[] {
  const weeks: string[] = [];
  for (let week = weekStart(range.from); week <= range.to; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

/** The days of a range up to the user's today: those that can have been loaded or empty (none in a future range). */
export function elapsedDays(range: DayRange, today: string): number {
  const last = range.to < today ? range.to : today;
  return last < range.from ? 0 : daysIn({ from: range.from, to: last });
}

/** The columns that apply to a grouping (a column `only` for others is left out). */
export const columnsFor = (report: ReportDefinition, grouping: ReportGrouping): readonly ReportColumn[] =>
  report.columns.filter((column) => !column.only || column.only.includes(grouping));

/**
 * The totals row: each count and money column summed (unless it says total: false), to the cent; the values that are
 * null (not known) are left out, and a column with rows but no value at all totals null.
 */
export function totalsOf(columns: readonly ReportColumn[], rows: readonly ReportRow[]): ReportRow {
  const totals: ReportRow = {};
  for (const column of columns) {
    if ((column.kind !== 'count' && column.kind !== 'money') || column.total === false) continue;
    const values = rows.map((row) => row[column.key]).filter((value): value is number => typeof value === 'number');
    // Money is added in cents, exactly (each value is whole cents).
    const sum =
      column.kind === 'money'
        ? fromCents(values.reduce((a, b) => a + toCents(b), 0))
        : values.reduce((a, b) => a + b, 0);
    totals[column.key] = rows.length && !values.length ? null : sum;
  }
  return totals;
}

/** gross / vehicles to the cent; null without vehicles. */
export const perVehicle = (gross: number, vehicles: number) =>
  vehicles ? fromCents(Math.round(toCents(gross) / vehicles)) : null;

/** The change from `previous` to `current` in percent, one decimal (12.5 = up 12.5%); null when there was nothing before. */
export const percentChange = (current: number, previous: number) =>
  previous ? Math.round(((current - previous) / previous) * 1000) / 10 : null;
