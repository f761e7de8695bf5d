import { REPORTS, type ReportDefinition, type ReportRow, previousRange } from '../../../schema/reports';
import { type Report, type ReportRun, byText, elapsedDays, percentChange, perVehicle, totalsOf } from './frame';
import {
  NO_SUMS,
  type OrderFigures,
  type OrderSums,
  type Person,
  addSums,
  nameOf,
  orderColumns,
  orderFigures,
  peopleNames,
} from './orderFigures';

/**
 * The management views (reports/dashboard per dispatcher, dashboard-alternative per driver): one row per person with
 * loads in the period or the previous one (the period of the same length just before), their booked orders' loads,
 * vehicles, gross, broker fees and clean gross (orderFigures), and:
 * - perVehicle: gross / vehicles;
 * - loadedDays: the days of the period up to today with at least one load picked up (by the driver; booked for the
 *   dispatcher); emptyDays: the other days of the period up to today (days still ahead are neither);
 * - previousGross: the person's gross in the previous period; grossChange: the change in percent (12.5 = up 12.5%),
 *   null when the previous gross is 0.
 * Rows go by gross, largest first. The loads without a driver are a row of their own ("No driver", no days) in the
 * driver view, so its totals are the company's. The answer's `previous` has the previous period's totals.
 */

function personRow(
  person: Person,
  figures: OrderSums & { loadedDays: number | null },
  previous: OrderSums,
  name: string,
  id: number | null,
  elapsed: number,
): ReportRow {
  const columns = orderColumns(figures);
  const before = orderColumns(previous);
  return {
    [person === 'dispatcher' ? 'dispatcherId' : 'driverId']: id,
    name,
    loads: columns.loads,
    vehicles: columns.vehicles,
    gross: columns.gross,
    brokerFees: columns.brokerFees,
    cleanGross: columns.cleanGross,
    perVehicle: perVehicle(columns.gross, columns.vehicles),
    loadedDays: figures.loadedDays,
    emptyDays: figures.loadedDays === null ? null : Math.max(0, elapsed - figures.loadedDays),
    previousGross: before.gross,
    grossChange: percentChange(columns.gross, before.gross),
  };
}

/** The totals of one period's figures: the sums, with the ratios of the sums. */
function periodTotals(definition: ReportDefinition, rows: readonly ReportRow[]): ReportRow {
  const totals = totalsOf(definition.columns, rows);
  return {
    ...totals,
    perVehicle: perVehicle(Number(totals.gross ?? 0), Number(totals.vehicles ?? 0)),
    grossChange: percentChange(Number(totals.gross ?? 0), Number(totals.previousGross ?? 0)),
  };
}

function perPerson(definition: ReportDefinition, person: Person): Report {
  return {
    definition,
    async answer(run: ReportRun) {
      const { range, today } = run;
      const before = previousRange(range);
      const [now, then] = await Promise.all([
        orderFigures(run, { range, by: person, perWeek: false, elapsedTo: today }),
        orderFigures(run, { range: before, by: person, perWeek: false }),
      ]);
      const current = new Map<number, OrderFigures>(now.map((f) => [f.person!, f]));
      const previous = new Map<number, OrderFigures>(then.map((f) => [f.person!, f]));
      const ids = [...new Set([...current.keys(), ...previous.keys()])];
      const names = await peopleNames(run, person, ids);
      const elapsed = elapsedDays(range, today);
      const rows = ids
        .map((id) => {
          const figures = current.get(id) ?? { ...NO_SUMS, loadedDays: 0 };
          const days = id === 0 ? null : figures.loadedDays;
          return personRow(
            person,
            { ...figures, loadedDays: days },
            previous.get(id) ?? NO_SUMS,
            nameOf(names, id),
            id || null,
            elapsed,
          );
        })
        .sort((a, b) => Number(b.gross) - Number(a.gross) || byText(String(a.name), String(b.name)));

      const { loads, vehicles, gross, brokerFees, cleanGross } = orderColumns(
        then.reduce<OrderSums>((sum, f) => addSums(sum, f), NO_SUMS),
      );
      return {
        ...range,
        rows,
        totals: periodTotals(definition, rows),
        previous: {
          ...before,
          totals: { loads, vehicles, gross, brokerFees, cleanGross, perVehicle: perVehicle(gross, vehicles) },
        },
      };
    },
  };
}

export const byDispatcher = perPerson(REPORTS.byDispatcher, 'dispatcher');
export const byDriver = perPerson(REPORTS.byDriver, 'driver');
