import { type RawBuilder, sql } from 'kysely';
import { REPORTS, type ReportRow } from '../../../schema/reports';
import type { PayType } from '../../../schema/resources/drivers';
import { badRequest } from '../../http/errors';
import { loadPayCents } from '../finances/billing';
import { type Report, type ReportRun, dollars, mondayOf, weekNumber, weeksOf } from './frame';

/**
 * The driver report: one driver's loads picked up in the period (booked orders: not deleted, not cancelled; the
 * other filters narrow them too), by pickup day — order number, pickup and delivery days, the route, the vehicles
 * ('2021 Toyota Camry; …'), the status, the price, and the driver's pay for the load by their pay rule today
 * (finances/billing.ts loadPayCents: a percent of the price, flat, or per straight-line mile; null when the rule does not
 * give it: hourly pay, a ZIP unknown). The chart is the pay, price and loads per week of the period.
 * A driver gets their own (the frame's scope); anyone else names the driver.
 */

/** The vehicles of the order as one text, in their order on the load. */
const vehiclesText = (run: ReportRun) =>
  run.dialect === 'postgres'
    ? sql<
        string | null
      >`(select string_agg(v.year || ' ' || v.make || ' ' || v.model, '; ' order by v.position) from book_order_vehicles v where v.book_order_id = o.id)`
    : sql<
        string | null
      >`(select group_concat(v.year || ' ' || v.make || ' ' || v.model, '; ') from (select year, make, model from book_order_vehicles where book_order_id = o.id order by position) v)`;

/** A driver's pay rule as the report applies it. */
type PayRule = { payType: PayType; payRate: number };

/**
 * The period's loads, price and pay per week of one driver, summed in SQL (a month of a busy driver is thousands of
 * loads): the pay by the driver's rule as loadPayCents works it out per load, over the loads it gives a pay for. Read
 * from the driver's index alone (migration 063 put the status and miles in it).
 */
export function weeklyLoadSums(run: ReportRun, driverId: number, rule: PayRule | null) {
  const { db, range, filters } = run;
  const payCents: RawBuilder<number | null> = !rule
    ? sql`null`
    : // Numeric before multiplying: PostgreSQL's integers overflow at $7,669 × 28.00 %.
      rule.payType === 'PERCENT'
      ? sql`sum(round(cast(o.price_cents as numeric) * ${sql.lit(rule.payRate)} / 10000.0))`
      : rule.payType === 'FLAT'
        ? sql`count(*) * ${sql.lit(rule.payRate)}`
        : rule.payType === 'PER_MILE'
          ? sql`sum(round(cast(o.route_miles as numeric) * ${sql.lit(rule.payRate)}))`
          : sql`null`;
  const week = weekNumber(run.dialect, 'o.pickup_date');
  let byWeek = db
    .selectFrom('book_orders as o')
    .select([
      week.as('week'),
      sql<number>`count(*)`.as('loads'),
      sql<number>`sum(o.price_cents)`.as('price'),
      payCents.as('pay'),
      sql<number>`count(o.route_miles)`.as('rated'),
    ])
    .where('o.driver_id', '=', driverId)
    .where('o.pickup_date', '>=', range.from)
    .where('o.pickup_date', '<=', range.to)
    .where('o.deleted_at', 'is', null)
    .where('o.status', '<>', 'CANCELLED')
    .groupBy(week);
  if (filters.dispatcherId !== undefined) byWeek = byWeek.where('o.dispatcher_id', '=', filters.dispatcherId);
  if (filters.carrierId !== undefined) byWeek = byWeek.where('o.carrier_id', '=', filters.carrierId);
  return byWeek;
}

export const driverLoads: Report = {
  definition: REPORTS.driverLoads,
  async answer(run) {
    const { db, range, filters } = run;
    if (filters.driverId === undefined) throw badRequest('Choose the driver whose loads to show', 'driverId');
    const driver = await db
      .selectFrom('drivers')
      .select(['pay_type', 'pay_rate'])
      .where('id', '=', filters.driverId)
      .executeTakeFirst();
    const rule: PayRule | null = driver
      ? { payType: driver.pay_type as PayType, payRate: Number(driver.pay_rate) }
      : null;
    const payOf = (o: { price_cents: unknown; pickup_zip: string | null; delivery_zip: string | null }) =>
      rule
        ? loadPayCents(rule, { priceCents: Number(o.price_cents), fromZip: o.pickup_zip, toZip: o.delivery_zip })
        : null;

    const sums = driver ? await weeklyLoadSums(run, filters.driverId, rule).execute() : [];
    const weeks = new Map(weeksOf(range).map((monday) => [monday, { week: monday, loads: 0, price: 0, pay: 0 }]));
    let [loads, priceCents, payTotal, paid] = [0, 0, 0, 0];
    for (const row of sums) {
      const point = weeks.get(mondayOf(row.week))!;
      // Per-mile pay is given only for loads whose distance is known; the other rules give one for every load.
      const rated =
        rule?.payType === 'PER_MILE' ? Number(row.rated) : rule && rule.payType !== 'HOURLY' ? Number(row.loads) : 0;
      point.loads = Number(row.loads);
      point.price = Number(row.price);
      point.pay = Number(row.pay ?? 0);
      [loads, priceCents, payTotal, paid] = [
        loads + point.loads,
        priceCents + point.price,
        payTotal + point.pay,
        paid + rated,
      ];
    }

    // The rows shown: one page of them (every one for the CSV), with the route and vehicles.
    let page = db
      .selectFrom('book_orders as o')
      .innerJoin('states as ps', 'ps.id', 'o.pickup_state_id')
      .innerJoin('states as ds', 'ds.id', 'o.delivery_state_id')
      .select([
        'o.id',
        'o.order_number',
        'o.pickup_date',
        'o.delivery_date',
        'o.pickup_city',
        'ps.abbreviation as pickupState',
        'o.delivery_city',
        'ds.abbreviation as deliveryState',
        'o.pickup_zip',
        'o.delivery_zip',
        'o.status',
        'o.price_cents',
        vehiclesText(run).as('vehicles'),
      ])
      .where('o.driver_id', '=', filters.driverId)
      .where('o.pickup_date', '>=', range.from)
      .where('o.pickup_date', '<=', range.to)
      .where('o.deleted_at', 'is', null)
      .where('o.status', '<>', 'CANCELLED')
      .orderBy('o.pickup_date')
      .orderBy('o.id');
    if (filters.dispatcherId !== undefined) page = page.where('o.dispatcher_id', '=', filters.dispatcherId);
    if (filters.carrierId !== undefined) page = page.where('o.carrier_id', '=', filters.carrierId);
    if (run.page !== undefined) page = page.limit(run.size).offset((run.page - 1) * run.size);
    const details = driver && loads ? await page.execute() : [];
    const rows: ReportRow[] = details.map((o) => {
      const pay = payOf(o);
      return {
        id: o.id,
        orderNumber: o.order_number,
        pickupDate: o.pickup_date,
        deliveryDate: o.delivery_date,
        route: `${o.pickup_city}, ${o.pickupState} → ${o.delivery_city}, ${o.deliveryState}`,
        vehicles: o.vehicles ?? '',
        status: o.status,
        price: dollars(o.price_cents),
        pay: pay === null ? null : dollars(pay),
      };
    });
    const chart = [...weeks.values()].map((point) => ({
      ...point,
      price: dollars(point.price),
      pay: dollars(point.pay),
    }));
    // A pay column with loads but no pay by rule at all totals null (as totalsOf does).
    const totals = { loads, price: dollars(priceCents), pay: loads && !paid ? null : dollars(payTotal) };
    return {
      ...range,
      rows,
      chart,
      totals,
      total: loads,
      ...(run.page === undefined ? {} : { page: run.page, size: run.size }),
    };
  },
};
