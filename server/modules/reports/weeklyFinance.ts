import { sql } from 'kysely';
import { toCents } from '../../../schema/money';
import { REPORTS, type ReportRow } from '../../../schema/reports';
import {
  type Report,
  type ReportFilters,
  type ReportRun,
  dollars,
  mondayOf,
  totalsOf,
  weekNumber,
  weeksOf,
} from './frame';
import { NO_SUMS, type OrderSums, orderColumns, orderFigures } from './orderFigures';

/**
 * The weekly finance report: one row per week of the period. The orders' figures are the weekly report's (booked
 * orders by pickup week); the money that moved is dated by when it moved:
 * - driverPay: LOAD_PAY credits on the driver ledger posted in the week (a pay bill posts a load's pay on its delivery
 *   day); deductions: every other debit but payments (advances, fuel, insurance, lease, escrow deposits, tickets,
 *   chargebacks …); paidToDrivers: PAYMENT debits. Voided entries and the voids themselves are left out, as if the
 *   pair had never been posted; deleted entries too.
 * - collected: what bank matching applied to book orders (active matches, not undone), by the bank row's posting day.
 * - margin: clean gross less driver pay.
 * Filtered by dispatcher or carrier, only what belongs to their orders is known: the pay of their loads (the entry's
 * link) and the bank money applied to them; deductions and payments to drivers belong to no order and are null.
 */

/** The entry or bank line (its order's id in `idColumn`) is of an order of the filters: one lookup by the order's key. */
function ofFilteredOrder(idColumn: string, filters: ReportFilters) {
  const conditions = (
    [
      ['dispatcher_id', filters.dispatcherId],
      ['driver_id', filters.driverId],
      ['carrier_id', filters.carrierId],
    ] as const
  )
    .filter(([, id]) => id !== undefined)
    .map(([column, id]) => sql`and ${sql.ref(`o.${column}`)} = ${id}`);
  return sql<boolean>`exists (select 1 from book_orders o where o.id = ${sql.ref(idColumn)} ${sql.join(conditions, sql` `)})`;
}

/** A week's ledger sums in cents; null: not known under the filter. */
interface LedgerWeek {
  payCents: number;
  deductionsCents: number | null;
  paymentsCents: number | null;
}

/** Whether the run's filters are of orders (dispatcher, carrier): then only the pay of their loads is known. */
const filtersByOrder = (filters: ReportFilters) =>
  filters.dispatcherId !== undefined || filters.carrierId !== undefined;

/**
 * The ledger's sums per week in SQL, from the live entries of the period: read from the index of those entries by
 * posting day (migration 064) alone.
 */
export function ledgerWeeksQuery(run: ReportRun) {
  const { db, dialect, range, filters } = run;
  let query = db
    .selectFrom('driver_transactions as t')
    .select([
      weekNumber(dialect, 't.posted_on').as('week'),
      sql<number>`sum(case when t.type = 'LOAD_PAY' and t.direction = 'CREDIT' then t.amount_cents else 0 end)`.as(
        'pay',
      ),
      sql<number>`sum(case when t.direction = 'DEBIT' and t.type <> 'PAYMENT' then t.amount_cents else 0 end)`.as(
        'deductions',
      ),
      sql<number>`sum(case when t.direction = 'DEBIT' and t.type = 'PAYMENT' then t.amount_cents else 0 end)`.as(
        'payments',
      ),
    ])
    .where('t.posted_on', '>=', range.from)
    .where('t.posted_on', '<=', range.to)
    .where('t.voids_id', 'is', null)
    .where('t.voided_by_id', 'is', null)
    .where('t.deleted_at', 'is', null)
    .groupBy(weekNumber(dialect, 't.posted_on'));
  if (filters.driverId !== undefined) query = query.where('t.driver_id', '=', filters.driverId);
  if (filtersByOrder(filters))
    query = query
      .where('t.link_type', '=', 'BOOK_ORDER')
      .where('t.type', '=', 'LOAD_PAY')
      .where(ofFilteredOrder('t.link_id', { ...filters, driverId: undefined }));
  return query;
}

/** The ledger's sums per week (ledgerWeeksQuery); deductions and payments null when the filters are of orders. */
async function ledgerByWeek(run: ReportRun): Promise<Map<string, LedgerWeek>> {
  const byOrder = filtersByOrder(run.filters);
  const rows = await ledgerWeeksQuery(run).execute();
  return new Map(
    rows.map((r) => [
      mondayOf(r.week),
      {
        payCents: Number(r.pay),
        deductionsCents: byOrder ? null : Number(r.deductions),
        paymentsCents: byOrder ? null : Number(r.payments),
      },
    ]),
  );
}

/** What bank matching applied to book orders per week of the bank rows (of the filtered orders only, when filtered). */
async function collectedByWeek(run: ReportRun): Promise<Map<string, number>> {
  const { db, dialect, range, filters } = run;
  let query = db
    .selectFrom('bank_transactions as b')
    .innerJoin('bank_matches as m', 'm.bank_transaction_id', 'b.id')
    .innerJoin('bank_match_lines as l', 'l.match_id', 'm.id')
    .select([weekNumber(dialect, 'b.posted_on').as('week'), sql<number>`sum(l.amount_cents)`.as('collected')])
    .where('b.posted_on', '>=', range.from)
    .where('b.posted_on', '<=', range.to)
    .where('m.undone_at', 'is', null)
    .where('l.item_type', '=', 'BOOK_ORDER')
    .groupBy(weekNumber(dialect, 'b.posted_on'));
  if (filters.dispatcherId !== undefined || filters.driverId !== undefined || filters.carrierId !== undefined)
    query = query.where(ofFilteredOrder('l.item_id', filters));
  return new Map((await query.execute()).map((r) => [mondayOf(r.week), Number(r.collected)]));
}

export const weeklyFinance: Report = {
  definition: REPORTS.weeklyFinance,
  async answer(run) {
    const { range } = run;
    const [figures, ledger, collected] = await Promise.all([
      orderFigures(run, { range, perWeek: true }),
      ledgerByWeek(run),
      collectedByWeek(run),
    ]);
    const orders = new Map<string, OrderSums>(figures.map((f) => [f.week!, f]));
    const byOrder = filtersByOrder(run.filters);
    const rows: ReportRow[] = weeksOf(range).map((week) => {
      const { loads, gross, brokerFees, cleanGross, codCollected } = orderColumns(orders.get(week) ?? NO_SUMS);
      const moved: LedgerWeek = ledger.get(week) ?? {
        payCents: 0,
        deductionsCents: byOrder ? null : 0,
        paymentsCents: byOrder ? null : 0,
      };
      const driverPay = dollars(moved.payCents);
      return {
        week,
        loads,
        gross,
        brokerFees,
        cleanGross,
        driverPay,
        deductions: moved.deductionsCents === null ? null : dollars(moved.deductionsCents),
        paidToDrivers: moved.paymentsCents === null ? null : dollars(moved.paymentsCents),
        collected: dollars(collected.get(week) ?? 0),
        codCollected,
        margin: dollars(toCents(cleanGross) - moved.payCents),
      };
    });
    return { ...range, rows, totals: totalsOf(REPORTS.weeklyFinance.columns, rows) };
  },
};
