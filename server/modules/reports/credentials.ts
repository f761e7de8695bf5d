import { sql } from 'kysely';
import { REFERENCE_TARGETS, type ReferenceTarget } from '../../../schema/define/references';
import { DUE_GROUPS, REPORTS, type ReportRow, dueGroupOf } from '../../../schema/reports';
import { PERIODIC_REVIEWS, addMonths, daysBetween } from '../../../schema/expiry';
import { RECORD_RESOURCES } from '../../../schema/resources';
import { REFERENCE_SQL } from '../records/references';
import { type Report, byText } from './frame';

/**
 * The credentials report (/app/reports/driver-license): every date marked `expires` in the record definitions — a
 * driver's CDL and medical card, a unit's registration and annual inspection, a carrier's insurance, a fuel card —
 * and every periodic review (a driver's MVR, schema/expiry.ts) due on or before the period's last day (past due included), of records that are not deleted; soonest first, in the
 * groups of DUE_GROUPS. Each row names its record (`route` and `id`) so the screen opens it to renew.
 */

/** How a record of a table is named: as the reference target over that table names it (what the pickers show). */
function holderTarget(table: string): ReferenceTarget {
  const target = (Object.keys(REFERENCE_TARGETS) as ReferenceTarget[]).find(
    (key) => REFERENCE_TARGETS[key].table === table,
  );
  if (!target)
    throw new Error(`no reference target names the records of ${table}: add one to schema/define/references.ts`);
  return target;
}

/**
 * One date of one list: what the query's rows point back to by their `part`. A date that expires is due on itself; a
 * periodic review (PERIODIC_REVIEWS) `months` after it.
 */
const PARTS = [
  ...RECORD_RESOURCES.flatMap((def) =>
    def.expiring.map((date) => ({ def, label: date.label, column: date.column, months: 0 })),
  ),
  ...PERIODIC_REVIEWS.map((review) => ({
    def: RECORD_RESOURCES.find((def) => def.table === review.table)!,
    label: review.label,
    column: review.column,
    months: review.everyMonths,
  })),
].map((part) => ({ ...part, holder: REFERENCE_SQL[holderTarget(part.def.table)].display('r') }));

export const credentials: Report = {
  definition: REPORTS.credentials,
  async answer({ db, range, today }) {
    const selects = PARTS.map(({ def, column, months, holder }, part) => {
      const on = sql.ref(`r.${column}`);
      // Due by the period's end: a review when its date is that many months before the end.
      const last = months ? addMonths(range.to, -months) : range.to;
      return sql`select ${sql.lit(part)} as part, r.id as id, ${holder} as holder, ${on} as dated from ${sql.table(def.table)} as r where r.deleted_at is null and ${on} <= ${last}`;
    });
    const { rows: found } = await sql<{
      part: number;
      id: number;
      holder: string;
      dated: string;
    }>`${sql.join(selects, sql` union all `)}`.execute(db);
    const rows: ReportRow[] = found
      .map((row) => {
        const { def, label, months } = PARTS[Number(row.part)];
        const expiresOn = months ? addMonths(row.dated, months) : row.dated;
        const daysLeft = daysBetween(today, expiresOn);
        return {
          holder: row.holder,
          credential: label,
          list: def.plural,
          expiresOn,
          daysLeft,
          due: dueGroupOf(daysLeft).label,
          route: def.route,
          id: Number(row.id),
        };
      })
      .sort((a, b) => byText(a.expiresOn, b.expiresOn) || byText(a.holder, b.holder) || a.id - b.id);
    // The chart: how many in each group the period reaches (an empty group shows as nothing rather than missing).
    const horizon = daysBetween(today, range.to);
    const chart = DUE_GROUPS.filter((_group, index) => index === 0 || DUE_GROUPS[index - 1].lastDay < horizon).map(
      (group) => ({ due: group.label, credentials: rows.filter((row) => row.due === group.label).length }),
    );
    return { from: range.from, to: range.to, rows, chart, totals: {} };
  },
};
