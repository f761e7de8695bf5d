import { sql } from 'kysely';
import { weekStart } from '../../../schema/period';
import { REPORTS, type ReportRow } from '../../../schema/reports';
import type { PayType } from '../../../schema/resources/drivers';
import { badRequest } from '../../http/errors';
import { loadPayCents } from '../finances/billing';
import { type Report, type ReportRun, dollars, weeksOf } from './frame';

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
    const rule = driver ? { payType: driver.pay_type as PayType, payRate: Number(driver.pay_rate) } : null;
    const payOf = (o: { price_cents: unknown; pickup_zip: string | null; delivery_zip: string | null }) =>
      (rule ? loadPayCents(rule, { priceCents: Number(o.price_cents), fromZip: o.pickup_zip, toZip: o.delivery_zip }) : null);

    // Every load of the period, lightly (no joins): the totals and the chart are the whole period's.
    let loads = db.selectFrom('book_orders as o')
      .select(['o.id', 'o.pickup_date', 'o.price_cents', 'o.pickup_zip', 'o.delivery_zip'])
      .where('o.driver_id', '=', filters.driverId)
      .where('o.pickup_date', '>=', range.from).where('o.pickup_date', '<=', range.to)
      .where('o.deleted_at', 'is', null).where('o.status', '<>', 'CANCELLED')
      .orderBy('o.pickup_date').orderBy('o.id');
    if (filters.dispatcherId !== undefined) loads = loads.where('o.dispatcher_id', '=', filters.dispatcherId);
    if (filters.carrierId !== undefined) loads = loads.where('o.carrier_id', '=', filters.carrierId);
    const all = driver ? await loads.execute() : [];

    const weeks = new Map(weeksOf(range).map((week) => [week, { week, loads: 0, price: 0, pay: 0 }]));
    const weekOfDay = new Map<string, string>();
    let [priceCents, payCents, paid] = [0, 0, 0];
    for (const load of all) {
      const day = load.pickup_date;
      if (!weekOfDay.has(day)) weekOfDay.set(day, weekStart(day));
      const week = weeks.get(weekOfDay.get(day)!)!;
      const pay = payOf(load);
      week.loads += 1;
      week.price += Number(load.price_cents);
      week.pay += pay ?? 0;
      priceCents += Number(load.price_cents);
      if (pay !== null) [payCents, paid] = [payCents + pay, paid + 1];
    }

    // The rows shown: one page of them (every one for the CSV), with the route and vehicles.
    const shown = run.page === undefined ? all : all.slice((run.page - 1) * run.size, run.page * run.size);
    const details = shown.length ? await db.selectFrom('book_orders as o')
      .innerJoin('states as ps', 'ps.id', 'o.pickup_state_id')
      .innerJoin('states as ds', 'ds.id', 'o.delivery_state_id')
      .select([
        'o.id', 'o.order_number', 'o.pickup_date', 'o.delivery_date', 'o.pickup_city', 'ps.abbreviation as pickupState', 'o.delivery_city',
        'ds.abbreviation as deliveryState', 'o.pickup_zip', 'o.delivery_zip', 'o.status', 'o.price_cents', vehiclesText(run).as('vehicles'),
      ])
      .where('o.id', 'in', shown.map((load) => load.id))
      .orderBy('o.pickup_date').orderBy('o.id')
      .execute() : [];
    const rows: ReportRow[] = details.map((o) => {
      const pay = payOf(o);
      return {
        id: o.id, orderNumber: o.order_number, pickupDate: o.pickup_date, deliveryDate: o.delivery_date,
        route: `${o.pickup_city}, ${o.pickupState} → ${o.delivery_city}, ${o.deliveryState}`, vehicles: o.vehicles ?? '', status: o.status,
        price: dollars(o.price_cents), pay: pay === null ? null : dollars(pay),
      };
    });
    const chart = [...weeks.values()].map((week) => ({ ...week, price: dollars(week.price), pay: dollars(week.pay) }));
    // A pay column with loads but no pay by rule at all totals null (as totalsOf does).
    const totals = { loads: all.length, price: dollars(priceCents), pay: all.length && !paid ? null : dollars(payCents) };
    return { ...range, rows, chart, totals, total: all.length, ...(run.page === undefined ? {} : { page: run.page, size: run.size }) };
  },
};
