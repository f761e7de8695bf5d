import type { OrderStatus } from '../../../schema/bookOrders';
import {
  TRACKING_REFRESH_SECONDS,
  TRACKING_STATUS_OF,
  TRACKING_STATUS_WORDS,
  type TrackingView,
  trackingStatusDetail,
} from '../../../schema/tracking';
import type { Db } from '../../db/types';
import { zipInfo } from '../../places';
import { documentCompany } from '../vehicleInspections/bol';
import { type Eta, dateText, estimateDelivery, windowEnd } from './eta';

/**
 * What a tracking link shows (docs/product/tracking.md#page), read by one query and put together from the allowed
 * fields alone: the columns it selects are the whole of what can leave — no driver, phone, address, price, fee,
 * customer or note is ever read here.
 */

/** The columns of orders that tracking reads (the page, the notices, the periodic estimate check). */
export const trackingOrders = (db: Db) =>
  db
    .selectFrom('book_orders as o')
    .leftJoin('states as ps', 'ps.id', 'o.pickup_state_id')
    .leftJoin('states as ds', 'ds.id', 'o.delivery_state_id')
    .leftJoin('carriers as c', 'c.id', 'o.carrier_id')
    .leftJoin('tracking_positions as p', 'p.book_order_id', 'o.id')
    .select([
      'o.id',
      'o.order_number',
      'o.status',
      'o.dispatcher_id',
      'o.pickup_city',
      'ps.abbreviation as pickupState',
      'o.pickup_zip',
      'o.pickup_date',
      'o.pickup_date_to',
      'o.pickup_date_type',
      'o.pickup_actual_at',
      'o.delivery_city',
      'ds.abbreviation as deliveryState',
      'o.delivery_zip',
      'o.delivery_date',
      'o.delivery_date_to',
      'o.delivery_date_type',
      'o.delivery_actual_at',
      'c.name as carrier',
      'p.city as positionCity',
      'p.state as positionState',
      'p.zip as positionZip',
      'p.at as positionAt',
    ])
    .where('o.deleted_at', 'is', null);

export type TrackingRow = Awaited<ReturnType<ReturnType<typeof trackingOrders>['executeTakeFirstOrThrow']>>;

const zip5 = (zip: string | null) => /^\d{5}/.exec(zip ?? '')?.[0] ?? null;
const pointOf = (zip: string | null) => {
  const five = zip5(zip);
  return five ? zipInfo(five) : null;
};

/** The order's state on the road: the customer's status, the last known city and the estimate. */
export function trackingState(row: TrackingRow, now: Date, timeZone: string) {
  const status = TRACKING_STATUS_OF[row.status as OrderStatus] ?? 'BOOKED';
  const delivered = status === 'DELIVERED';
  // On hold after pickup is still on the truck.
  const onTheRoad = status === 'PICKED_UP' || (status === 'ON_HOLD' && !!row.pickup_actual_at);
  const phone =
    onTheRoad && row.positionAt && (!row.pickup_actual_at || row.positionAt >= row.pickup_actual_at)
      ? { city: row.positionCity!, state: row.positionState!, at: row.positionAt, zip: row.positionZip }
      : null;
  const lastKnown: TrackingView['lastKnown'] = delivered
    ? { city: row.delivery_city, state: row.deliveryState ?? '', at: row.delivery_actual_at, source: 'delivery' }
    : phone
      ? { city: phone.city, state: phone.state, at: phone.at, source: 'phone' }
      : onTheRoad
        ? { city: row.pickup_city, state: row.pickupState ?? '', at: row.pickup_actual_at, source: 'pickup' }
        : null;
  const from = onTheRoad ? pointOf(phone ? phone.zip : row.pickup_zip) : null;
  const delivery = { date: row.delivery_date, dateTo: row.delivery_date_to, dateType: row.delivery_date_type };
  const eta: Eta = estimateDelivery({
    status,
    onTheRoad,
    delivery,
    deliveredAt: row.delivery_actual_at,
    from: from && lastKnown ? { lat: from.lat, lon: from.lon, city: `${lastKnown.city}, ${lastKnown.state}` } : null,
    to: pointOf(row.delivery_zip),
    now,
    timeZone,
  });
  const end = windowEnd(delivery);
  return { status, lastKnown, eta, slipped: eta.fromMiles && !!eta.date && !!end && eta.date > end, windowEnd: end };
}

/** The public JSON of a link: the allowed fields only. */
export function trackingView(
  row: TrackingRow,
  vehicles: string[],
  link: { bolUrl: string; expiresAt: string | null },
  now: Date,
  timeZone: string,
): TrackingView {
  const { status, lastKnown, eta } = trackingState(row, now, timeZone);
  const stop = (city: string, state: string | null, date: string, dateTo: string | null, dateType: string) => ({
    city,
    state: state ?? '',
    date,
    dateTo,
    dateText: dateText({ date, dateTo, dateType }),
  });
  return {
    company: documentCompany(row.carrier),
    orderNumber: row.order_number,
    status,
    statusText: TRACKING_STATUS_WORDS[status].title,
    statusDetail: trackingStatusDetail(status, vehicles.length),
    pickup: stop(row.pickup_city, row.pickupState, row.pickup_date, row.pickup_date_to, row.pickup_date_type),
    delivery: stop(
      row.delivery_city,
      row.deliveryState,
      row.delivery_date,
      row.delivery_date_to,
      row.delivery_date_type,
    ),
    pickedUpAt: status === 'BOOKED' || status === 'SCHEDULED' ? null : row.pickup_actual_at,
    deliveredAt: status === 'DELIVERED' ? row.delivery_actual_at : null,
    eta: { date: eta.date, text: eta.text, basis: eta.basis },
    lastKnown,
    vehicles,
    bolUrl: status === 'DELIVERED' ? link.bolUrl : null,
    expiresAt: link.expiresAt,
    refreshSeconds: TRACKING_REFRESH_SECONDS,
  };
}

/** "2019 Honda Accord" for each vehicle, in their order on the load (with `vin`: that vehicle's alone). */
export async function vehicleNames(db: Db, orderId: number, vin: string | null = null): Promise<string[]> {
  let rows = db
    .selectFrom('book_order_vehicles')
    .select(['year', 'make', 'model'])
    .where('book_order_id', '=', orderId);
  if (vin !== null) rows = rows.where('vin', '=', vin);
  const named = await rows.orderBy('position').orderBy('id').execute();
  return named.map((row) => [row.year, row.make, row.model].filter(Boolean).join(' '));
}
