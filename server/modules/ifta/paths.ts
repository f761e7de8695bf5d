import type { Db } from '../../db/types';
import { zipInfo } from '../../places';
import { zip5 } from '../bookOrders/routeMiles';
import { type Place, milesByState } from './stateMiles';

/**
 * The quarter's miles per state (docs/product/ifta.md#miles): every load delivered in the quarter (status DELIVERED,
 * INVOICED or PAID, not deleted, by its delivery date), along its route: from the pickup ZIP's centroid through the
 * places the driver's phone reported on the way (tracking_trail), when it shared them, to the delivery ZIP's. A load
 * with a stop whose ZIP is unknown has no route: it is listed, never guessed.
 */
export const DELIVERED_STATUSES = ['DELIVERED', 'INVOICED', 'PAID'] as const;

export interface QuarterMiles {
  miles: Map<string, number>;
  outside: number;
  counted: number;
  byTrail: number;
  withoutRoute: { id: number; orderNumber: string }[];
}

/** Routes measured, by their places: the same lanes come back every quarter. Oldest forgotten first. */
const measured = new Map<string, Map<string | null, number>>();
const MEASURED_MAX = 20_000;

function measure(points: Place[]): Map<string | null, number> {
  const key = points.map((p) => `${p.lat},${p.lon}`).join(';');
  let found = measured.get(key);
  if (!found) {
    found = milesByState(points);
    if (measured.size >= MEASURED_MAX) measured.delete(measured.keys().next().value!);
    measured.set(key, found);
  }
  return found;
}

const placeOf = (zip: string | null) => {
  const five = zip5(zip);
  return five ? zipInfo(five) : null;
};

/** The places each of these orders' phones reported, in order, by order. */
async function trailsOf(db: Db, ids: number[]): Promise<Map<number, string[]>> {
  const trails = new Map<number, string[]>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('tracking_trail')
      .select(['book_order_id', 'zip'])
      .where('book_order_id', 'in', ids.slice(i, i + 500))
      .orderBy('book_order_id')
      .orderBy('id')
      .execute();
    for (const row of rows) {
      const trail = trails.get(row.book_order_id) ?? [];
      trail.push(row.zip);
      trails.set(row.book_order_id, trail);
    }
  }
  return trails;
}

export async function quarterMiles(db: Db, range: { from: string; to: string }): Promise<QuarterMiles> {
  const orders = await db
    .selectFrom('book_orders')
    .select(['id', 'order_number', 'pickup_zip', 'delivery_zip'])
    .where('deleted_at', 'is', null)
    .where('status', 'in', DELIVERED_STATUSES)
    .where('delivery_date', '>=', range.from)
    .where('delivery_date', '<=', range.to)
    .orderBy('id')
    .execute();
  const trails = await trailsOf(
    db,
    orders.map((o) => o.id),
  );
  const result: QuarterMiles = { miles: new Map(), outside: 0, counted: 0, byTrail: 0, withoutRoute: [] };
  for (const order of orders) {
    const [from, to] = [placeOf(order.pickup_zip), placeOf(order.delivery_zip)];
    if (!from || !to) {
      result.withoutRoute.push({ id: order.id, orderNumber: order.order_number });
      continue;
    }
    const trail = (trails.get(order.id) ?? []).map(placeOf).filter((p) => p !== null);
    result.counted++;
    if (trail.length) result.byTrail++;
    for (const [state, miles] of measure([from, ...trail, to]))
      if (state === null) result.outside += miles;
      else result.miles.set(state, (result.miles.get(state) ?? 0) + miles);
  }
  return result;
}
