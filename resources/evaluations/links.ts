import type { ReportColumn, ReportRow } from '../../schema/reports';
import { evaluations } from '../../schema/resources/evaluations';

/** The evaluations list, filtered (react-admin reads the list's filter from the address). */
export const evaluationsPath = (filter: Record<string, unknown> = {}) =>
  `${evaluations.route}${Object.keys(filter).length ? `?filter=${encodeURIComponent(JSON.stringify(filter))}` : ''}`;

/** A person's row of the report (their name, their count) opens their evaluations of the report's days. */
export function evaluationsLink(column: ReportColumn, row: ReportRow): string | undefined {
  if (column.key !== 'name' && column.key !== 'evaluations') return undefined;
  const person =
    row.driverId != null
      ? { driverId: row.driverId }
      : row.dispatcherId != null
        ? { dispatcherId: row.dispatcherId }
        : null;
  if (!person || !row.from || !row.to) return undefined;
  return evaluationsPath({ ...person, filtered: 'custom', from: row.from, to: row.to });
}
