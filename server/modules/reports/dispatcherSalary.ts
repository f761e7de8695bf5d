import { addDays } from '../../../schema/expiry';
import { percentText, usCents, usDate } from '../../../schema/format';
import { fromScaled } from '../../../schema/decimal';
import { fromCents, toCents } from '../../../schema/money';
import { REPORTS, type ReportRow, daysIn } from '../../../schema/reports';
import { OF_CLEAN_GROSS, type PayRuleKind } from '../../../schema/resources/dispatcherPayRules';
import { scopedDriverId } from './scope';
import {
  type DayRange,
  type Report,
  type ReportRun,
  byText,
  columnsFor,
  dollars,
  makeRun,
  totalsOf,
  weeksOf,
} from './frame';
import { NO_SUMS, type OrderFigures, type OrderSums, addSums, nameOf, orderFigures, peopleNames } from './orderFigures';
import { salaryScope, scopedDispatcherId } from './dispatcherSalaryScope';

/**
 * The dispatcher salary report (/app/reports/dispatcher-salary-report, docs/analytics.md): per dispatcher (and per week
 * when grouped by week) the period's booked loads, gross and clean gross (orderFigures: not deleted, not cancelled, by
 * pickup day — the weekly report's loads), the pay rule(s) in effect and the pay they make:
 * - each load is paid under the dispatcher's rule in effect on its pickup day (the latest rule effective on or before
 *   it), the rule's percent of the gross or of the clean gross;
 * - a base-plus-percent rule adds its base per week, counted by the days of the week (inside the period) it is in
 *   effect: a whole week is the whole base, a rule starting on a Thursday pays 4/7 of it that week, a month's report
 *   does not pay a base twice for the week it shares with the next month;
 * - the pay is rounded to the cent once per dispatcher and week (base and percent together); the base column is the
 *   part of it that is a base, rounded alone;
 * - loads on days without a rule are shown without pay, the row saying the rule is missing.
 * A carrier or driver filter asks what those loads earned: their percent pay, no base (the base is not a load's).
 * Rows are limited by the caller's scope (dispatcherSalaryScope.ts): a dispatcher their own, a driver their loads
 * without anyone's pay.
 */

/** A rule as the report applies it: from its day to the day before the dispatcher's next one. */
interface Rule {
  id: number;
  dispatcherId: number;
  from: string;
  kind: PayRuleKind;
  percentHundredths: number;
  baseCents: number;
}
/** A stretch of a dispatcher's days inside the period under one rule (null: no rule yet). */
interface Stretch extends DayRange {
  rule: Rule | null;
}

/** Pay in cents times this is exact: a percent is in hundredths (÷ 10,000), a base is per 7 days (÷ 7). */
const EXACT = 70_000;
const NO_RULE = 'No pay rule: add one';

/** The runs whose rows are a driver's own loads: no pay or rule shown. */
const driversRuns = new WeakSet<ReportRun>();

const rateText = (hundredths: number) => percentText(fromScaled(hundredths, 2), { digits: 2 });
/** "8% of clean gross", "$500.00 a week + 8% of clean gross". */
function ruleText(rule: Pick<Rule, 'kind' | 'percentHundredths' | 'baseCents'>): string {
  const percent = `${rateText(rule.percentHundredths)} of ${OF_CLEAN_GROSS.includes(rule.kind) ? 'clean gross' : 'gross'}`;
  return rule.kind === 'BASE_PLUS_PERCENT' ? `${usCents(rule.baseCents)} a week + ${percent}` : percent;
}

/**
 * What a row says of its stretches: the one rule; or each in turn, a change with its first day ("8% of clean gross;
 * 9% of clean gross from 09/17/2026"), and the days without one ("No pay rule before 09/30/2026; then 10% …").
 */
function rulesText(stretches: readonly Stretch[]): string {
  if (stretches.length === 1) return stretches[0].rule ? ruleText(stretches[0].rule) : NO_RULE;
  return stretches
    .map((s, index) => {
      if (!s.rule) return `No pay rule before ${usDate(addDays(s.to, 1))}`;
      if (index === 0) return ruleText(s.rule);
      return stretches[index - 1].rule ? `${ruleText(s.rule)} from ${usDate(s.from)}` : `then ${ruleText(s.rule)}`;
    })
    .join('; ');
}

/** The live rules of the dispatchers in question that start by the period's end, each dispatcher's in order. */
async function rulesOf(run: ReportRun): Promise<Map<number, Rule[]>> {
  let query = run.db
    .selectFrom('dispatcher_pay_rules')
    .select(['id', 'dispatcher_id', 'effective_from', 'kind', 'percent', 'base_cents'])
    .where('deleted_at', 'is', null)
    .where('effective_from', '<=', run.range.to);
  if (run.filters.dispatcherId !== undefined) query = query.where('dispatcher_id', '=', run.filters.dispatcherId);
  const rows = await query.orderBy('dispatcher_id').orderBy('effective_from').execute();
  const rules = new Map<number, Rule[]>();
  for (const row of rows) {
    const rule: Rule = {
      id: row.id,
      dispatcherId: row.dispatcher_id,
      from: row.effective_from,
      kind: row.kind as PayRuleKind,
      percentHundredths: Number(row.percent),
      baseCents: Number(row.base_cents ?? 0),
    };
    rules.set(rule.dispatcherId, [...(rules.get(rule.dispatcherId) ?? []), rule]);
  }
  return rules;
}

/** A dispatcher's days of the period, cut where a rule starts: the days before the first rule have none. */
function stretchesOf(rules: readonly Rule[], range: DayRange): Stretch[] {
  const stretches: Stretch[] = [];
  const firstRule = rules[0];
  if (!firstRule || firstRule.from > range.from)
    stretches.push({ rule: null, from: range.from, to: firstRule ? addDays(firstRule.from, -1) : range.to });
  rules.forEach((rule, index) => {
    const from = rule.from > range.from ? rule.from : range.from;
    const next = rules[index + 1];
    const to = next && addDays(next.from, -1) < range.to ? addDays(next.from, -1) : range.to;
    if (from <= to) stretches.push({ rule, from, to });
  });
  return stretches;
}

/** What a dispatcher earns in a week, in EXACT units, and the base part alone (cents × days); paid: some of it under a rule. */
interface WeekPay {
  exact: number;
  baseDays: number;
  paid: boolean;
}

const overlap = (a: DayRange, b: DayRange): number => {
  const from = a.from > b.from ? a.from : b.from;
  const to = a.to < b.to ? a.to : b.to;
  return from <= to ? daysIn({ from, to }) : 0;
};
const weekDays = (monday: string): DayRange => ({ from: monday, to: addDays(monday, 6) });

/** A dispatcher's pay per week (Monday) from their stretches: each stretch's loads at its rule, its base by its days. */
async function weeklyPay(
  run: ReportRun,
  dispatcherId: number,
  stretches: readonly Stretch[],
  whole: readonly OrderFigures[],
  withBase: boolean,
): Promise<Map<string, WeekPay>> {
  const weeks = new Map<string, WeekPay>();
  const add = (monday: string, exact: number, baseDays: number) => {
    const week = weeks.get(monday) ?? { exact: 0, baseDays: 0, paid: false };
    weeks.set(monday, { exact: week.exact + exact, baseDays: week.baseDays + baseDays, paid: true });
  };
  const mine = { ...run, filters: { ...run.filters, dispatcherId } };
  for (const { rule, ...days } of stretches) {
    if (!rule) continue;
    // One rule over the whole period: the period's figures are its own.
    const covers = days.from === run.range.from && days.to === run.range.to;
    const figures = covers ? whole : await orderFigures(mine, { range: days, perWeek: true });
    for (const f of figures)
      add(
        f.week!,
        rule.percentHundredths * (OF_CLEAN_GROSS.includes(rule.kind) ? f.priceCents - f.feeCents : f.priceCents) * 7,
        0,
      );
    if (!withBase || rule.kind !== 'BASE_PLUS_PERCENT') continue;
    for (const monday of weeksOf(days)) {
      const inEffect = overlap(days, weekDays(monday));
      add(monday, rule.baseCents * inEffect * 10_000, rule.baseCents * inEffect);
    }
  }
  return weeks;
}

/** The money columns of a week's pay: rounded once (half up), and the base in it rounded alone. */
function payColumns(week: WeekPay | undefined): { pay: number | null; base: number | null } {
  if (!week?.paid) return { pay: null, base: null };
  const pay = Math.floor((2 * week.exact + EXACT) / (2 * EXACT));
  const base = Math.floor((2 * week.baseDays + 7) / 14);
  // No base under a percent-only rule: nothing, rather than $0.00 of a base there is not.
  return { pay: dollars(pay), base: week.baseDays ? dollars(base) : null };
}

const moneyColumns = (sums: OrderSums) => ({
  loads: sums.loads,
  gross: dollars(sums.priceCents),
  cleanGross: dollars(sums.priceCents - sums.feeCents),
});
const sum = (values: readonly (number | null)[]) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? fromCents(known.reduce((a, b) => a + toCents(b), 0)) : null;
};

export const dispatcherSalary: Report = {
  definition: REPORTS.dispatcherSalary,

  /** The frame's run under the salary scope: a dispatcher's own rows, a driver's own loads (no pay), or everyone's. */
  async runOf(ctx, request, query) {
    const scope = await salaryScope(ctx, request);
    const run = makeRun(ctx, REPORTS.dispatcherSalary, query, null);
    if (scope && 'dispatcherId' in scope) run.filters.dispatcherId = scopedDispatcherId(scope, query.dispatcherId);
    if (scope && 'driverId' in scope) {
      run.filters.driverId = scopedDriverId(scope, query.driverId) ?? -1;
      driversRuns.add(run);
    }
    return run;
  },

  async answer(run) {
    const { range, groupBy } = run;
    const showPay = !driversRuns.has(run);
    // A base is the dispatcher's, not a load's: only when the loads are all of theirs.
    const withBase = run.filters.carrierId === undefined && run.filters.driverId === undefined;
    const [figures, rules] = await Promise.all([
      orderFigures(run, { range, by: 'dispatcher', perWeek: true }),
      showPay ? rulesOf(run) : new Map<number, Rule[]>(),
    ]);
    const byDispatcher = new Map<number, OrderFigures[]>();
    for (const f of figures) byDispatcher.set(f.person!, [...(byDispatcher.get(f.person!) ?? []), f]);
    // Who is listed: every dispatcher with loads, and those a base pays without any.
    const stretches = new Map<number, Stretch[]>();
    for (const [id, own] of rules) stretches.set(id, stretchesOf(own, range));
    const ids = [
      ...new Set([
        ...byDispatcher.keys(),
        ...(withBase
          ? [...stretches].filter(([, s]) => s.some((one) => one.rule?.kind === 'BASE_PLUS_PERCENT')).map(([id]) => id)
          : []),
      ]),
    ];
    const names = await peopleNames(run, 'dispatcher', ids);
    const pays = new Map(
      await Promise.all(
        ids.map(
          async (id) =>
            [
              id,
              showPay
                ? await weeklyPay(
                    run,
                    id,
                    stretches.get(id) ?? stretchesOf([], range),
                    byDispatcher.get(id) ?? [],
                    withBase,
                  )
                : new Map<string, WeekPay>(),
            ] as const,
        ),
      ),
    );

    const weekRows: ReportRow[] = [];
    const dispatcherRows: ReportRow[] = ids
      .map((id) => {
        const name = nameOf(names, id);
        const weeks = pays.get(id)!;
        const all = stretches.get(id) ?? stretchesOf([], range);
        const own = new Map((byDispatcher.get(id) ?? []).map((f) => [f.week!, f]));
        // The weeks with loads, or with a base to pay.
        const mondays = [...new Set([...own.keys(), ...weeks.keys()])].sort(byText);
        const paid = mondays.map((monday) => {
          const columns = payColumns(weeks.get(monday));
          const then = all.filter((stretch) => overlap(stretch, weekDays(monday)) > 0);
          weekRows.push({
            dispatcherId: id,
            name,
            week: monday,
            ...moneyColumns(own.get(monday) ?? NO_SUMS),
            rule: showPay ? rulesText(then) : null,
            ...columns,
          });
          return columns;
        });
        const sums = (byDispatcher.get(id) ?? []).reduce<OrderSums>((total, f) => addSums(total, f), NO_SUMS);
        return {
          dispatcherId: id,
          name,
          from: range.from,
          to: range.to,
          ...moneyColumns(sums),
          rule: showPay ? rulesText(all) : null,
          pay: sum(paid.map((p) => p.pay)),
          base: sum(paid.map((p) => p.base)),
        };
      })
      .sort((a, b) => byText(a.name, b.name) || a.dispatcherId - b.dispatcherId);
    weekRows.sort((a, b) => byText(String(a.week), String(b.week)) || byText(String(a.name), String(b.name)));

    const rows = groupBy === 'week' ? weekRows : dispatcherRows;
    return {
      ...range,
      rows,
      ...(groupBy === 'week' ? { chart: dispatcherRows } : {}),
      totals: totalsOf(columnsFor(REPORTS.dispatcherSalary, groupBy), rows),
    };
  },
};
