import { sql } from 'kysely';
import { weekStart } from '../../../schema/period';
import { REPORTS, type ReportRow } from '../../../schema/reports';
import type { PayType } from '../../../schema/resources/drivers';
import { badRequest } from '../../http/errors';
import { loadPayCents } from '../finances/billing';
import { type Report, type ReportRun, dollars, totalsOf, weeksOf } from './frame';

/**
 * The driver report: one driver's loads picked up in the period (booked orders: not deleted, not cancelled; the
 * other filters narrow them too), by pickup day — order number, pickup and delivery days, the route, the vehicles
 * ('2021 Toyota Camry; …'), the status, the price, and the driver's pay for the load by their pay rule today
 * (finances/billing.ts loadPayCents: a percent of the price, flat, or per straight-line mile; null when the rule does not
 * give it: hourly pay, a ZIP unknown). The chart is the pay, price and loads per week of the period.
 * A driver gets their own (the frame's scope); anyone else names the driver.
 */

/** The vehicles of the order as one text, in their order on the load. */
const vehiclesText = (run: ReportRun) => (run.dialect === 'postgres'
  ? sql<string | null>`(select string_agg(v.year || ' ' || v.make || ' ' || v.model, '; ' order by v.position) from book_order_vehicles v where v.book_order_id = o.id)`
  : sql<string | null>`(select group_concat(v.year || ' ' || v.make || ' ' || v.model, '; ') from (select year, make, model from book_order_vehicles where book_order_id = o.id order by position) v)`);

export const driverLoads: Report = {
  definition: REPORTS.driverLoads,
  async answer(run) {
    const { db, range, filters } = run;
    if (filters.driverId === undefined) throw badRequest('Choose the driver whose loads to show', 'driverId');
    const driver = await db.selectFrom('drivers').select(['pay_type', 'pay_rate']).where('id', '=', filters.driverId).executeTakeFirst();
    let query = db.selectFrom('book_orders as o')
      .innerJoin('states as ps', 'ps.id', 'o.pickup_state_id')
      .innerJoin('states as ds', 'ds.id', 'o.delivery_state_id')
      .select([
        'o.id', 'o.order_number', 'o.pickup_date', 'o.delivery_date', 'o.pickup_city', 'ps.abbreviation as pickupState', 'o.delivery_city',
        'ds.abbreviation as deliveryState', 'o.pickup_zip', 'o.delivery_zip', 'o.status', 'o.price_cents', vehiclesText(run).as('vehicles'),
      ])
      .where('o.driver_id', '=', filters.driverId)
      .where('o.pickup_date', '>=', range.from).where('o.pickup_date', '<=', range.to)
      .where('o.deleted_at', 'is', null).where('o.status', '<>', 'CANCELLED')
      .orderBy('o.pickup_date').orderBy('o.id');
    if (filters.dispatcherId !== undefined) query = query.where('o.dispatcher_id', '=', filters.dispatcherId);
    if (filters.carrierId !== undefined) query = query.where('o.carrier_id', '=', filters.carrierId);
    const orders = driver ? await query.execute() : [];

    const rule = driver ? { payType: driver.pay_type as PayType, payRate: Number(driver.pay_rate) } : null;
    const rows: ReportRow[] = orders.map((o) => {
      const pay = rule ? loadPayCents(rule, { priceCents: Number(o.price_cents), fromZip: o.pickup_zip, toZip: o.delivery_zip }) : null;
      return {
        id: o.id, orderNumber: o.order_number, pickupDate: o.pickup_date, deliveryDate: o.delivery_date,
        route: `${o.pickup_city}, ${o.pickupState} → ${o.delivery_city}, ${o.deliveryState}`, vehicles: o.vehicles ?? '', status: o.status,
        price: dollars(o.price_cents), pay: pay === null ? null : dollars(pay),
      };
    });

    const weeks = new Map(weeksOf(range).map((week) => [week, { week, loads: 0, price: 0, pay: 0 }]));
    const weekOfDay = new Map<string, string>();
    for (const row of rows) {
      const day = String(row.pickupDate);
      if (!weekOfDay.has(day)) weekOfDay.set(day, weekStart(day));
      const week = weeks.get(weekOfDay.get(day)!)!;
      week.loads += 1;
      week.price = Math.round((week.price + Number(row.price)) * 100) / 100;
      week.pay = Math.round((week.pay + Number(row.pay ?? 0)) * 100) / 100;
    }
    return { ...range, rows, chart: [...weeks.values()], totals: { loads: rows.length, ...totalsOf(REPORTS.driverLoads.columns, rows) } };
  },
};
