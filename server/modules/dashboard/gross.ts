import type { GrossTile, GrossTotals, GrossWeek } from '../../../schema/dashboard';
import { addDays } from '../../../schema/expiry';
import { weekStart } from '../../../schema/period';
import { fromCents } from '../../../schema/money';
import { reportRange } from '../../../schema/reports';
import type { Db } from '../../db/types';
import { BOOK_ORDERS_ROUTE } from './orderCounts';

const WEEKS = 12;

interface Sums {
  loads: number;
  price: number;
  fee: number;
  milesLoads: number;
  milesPrice: number;
  miles: number;
}
const empty = (): Sums => ({ loads: 0, price: 0, fee: 0, milesLoads: 0, milesPrice: 0, miles: 0 });

/**
 * Count, price, fee and the miles of the orders with a distance, per pickup day, from the list's per-day totals
 * (bookOrders/totals.ts): every live order (dim 'all') less the cancelled ones (dim 'status', CANCELLED). Two keys of
 * the table's primary key, a day range each.
 */
export function dayTotals(db: Db, from: string, to: string) {
  return db
    .selectFrom('book_order_totals')
    .select(['day', 'dim', 'count', 'price_cents', 'fee_cents', 'miles_count', 'miles_price_cents', 'miles'])
    .where((eb) =>
      eb.or([
        eb.and([eb('dim', '=', 'all'), eb('value', '=', '')]),
        eb.and([eb('dim', '=', 'status'), eb('value', '=', 'CANCELLED')]),
      ]),
    )
    .where('day', '>=', from)
    .where('day', '<=', to);
}

function figures(sums: Sums): GrossTotals {
  return {
    loads: sums.loads,
    gross: fromCents(sums.price),
    brokerFees: fromCents(sums.fee),
    cleanGross: fromCents(sums.price - sums.fee),
    loadsWithMiles: sums.milesLoads,
    grossWithMiles: fromCents(sums.milesPrice),
    miles: sums.miles,
    revenuePerMile: sums.miles > 0 ? fromCents(Math.round(sums.milesPrice / sums.miles)) : null,
  };
}

/** Gross, clean gross and revenue per mile by Monday-to-Sunday week, for the 12 weeks ending with this one. */
export async function grossTile(db: Db, today: string): Promise<GrossTile> {
  const { from, to } = reportRange('last_12_weeks', today);
  const mondays = Array.from({ length: WEEKS }, (_, index) => addDays(from, 7 * index));
  const byWeek = new Map(mondays.map((monday) => [monday, empty()]));
  for (const row of await dayTotals(db, from, to).execute()) {
    const sums = byWeek.get(weekStart(row.day))!;
    const sign = row.dim === 'all' ? 1 : -1;
    sums.loads += sign * Number(row.count);
    sums.price += sign * Number(row.price_cents);
    sums.fee += sign * Number(row.fee_cents);
    sums.milesLoads += sign * Number(row.miles_count);
    sums.milesPrice += sign * Number(row.miles_price_cents);
    sums.miles += sign * Number(row.miles);
  }
  const all = empty();
  const weeks = mondays.map((monday): GrossWeek => {
    const sums = byWeek.get(monday)!;
    for (const key of Object.keys(all) as (keyof Sums)[]) all[key] += sums[key];
    const sunday = addDays(monday, 6);
    return {
      week: monday,
      to: sunday,
      ...figures(sums),
      filter: { filtered: 'custom', from: monday, to: sunday, hideCancelled: true },
    };
  });
  return { route: BOOK_ORDERS_ROUTE, from, to, weeks, totals: figures(all) };
}
