import { REPORTS, type ReportRow } from '../../../schema/reports';
import { type Report, byText, columnsFor, totalsOf, weeksOf } from './frame';
import { NO_SUMS, type OrderSums, addSums, nameOf, orderColumns, orderFigures, peopleNames } from './orderFigures';

/**
 * The weekly report: one row per week (every week of the period, empty ones too), or per dispatcher or driver in a
 * week (those with loads) — loads, vehicles, gross, broker fees, clean gross, COD collected, paid and unpaid of the
 * booked orders picked up in the week (orderFigures says which orders and what each figure is). Grouped, the chart is
 * the weeks' sums; a row carries the person's id (dispatcherId / driverId; null for the loads without a driver).
 */
export const weeklyReport: Report = {
  definition: REPORTS.weeklyReport,
  async answer(run) {
    const { range, groupBy } = run;
    const by = groupBy === 'week' ? undefined : groupBy;
    const figures = await orderFigures(run, { range, by, perWeek: true });
    const byWeek = new Map<string, OrderSums>();
    for (const f of figures) byWeek.set(f.week!, addSums(byWeek.get(f.week!) ?? NO_SUMS, f));
    const weekRows: ReportRow[] = weeksOf(range).map((week) => ({
      week,
      ...orderColumns(byWeek.get(week) ?? NO_SUMS),
    }));

    let rows = weekRows;
    if (by) {
      const names = await peopleNames(
        run,
        by,
        figures.map((f) => f.person!),
      );
      const idKey = by === 'dispatcher' ? 'dispatcherId' : 'driverId';
      rows = figures
        .map((f) => ({ week: f.week, name: nameOf(names, f.person!), [idKey]: f.person || null, ...orderColumns(f) }))
        .sort((a, b) => byText(a.week!, b.week!) || byText(a.name, b.name));
    }
    return {
      ...range,
      rows,
      ...(by ? { chart: weekRows } : {}),
      totals: totalsOf(columnsFor(REPORTS.weeklyReport, groupBy), weekRows),
    };
  },
};
