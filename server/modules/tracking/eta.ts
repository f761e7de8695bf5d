import { dateIn } from '../../../schema/businessDay';
import { usDate, usNumber } from '../../../schema/format';
import { ETA_RULE, type TrackingStatus } from '../../../schema/tracking';
import { milesBetween } from '../../places';

/** A stop's promise: its first day, its last for a window, and the kind of date. */
export interface StopDates {
  date: string;
  dateTo: string | null;
  dateType: string;
}

const DATE_WORDS: Record<string, string> = {
  EXACT: 'On',
  ESTIMATED: 'Estimated',
  NO_EARLIER_THAN: 'No earlier than',
  NO_LATER_THAN: 'No later than',
};

/** "Estimated 03/14/2026", "Estimated 03/14/2026 – 03/16/2026", "No later than 03/16/2026". */
export function dateText(stop: StopDates): string {
  const days =
    stop.dateTo && stop.dateTo !== stop.date ? `${usDate(stop.date)} – ${usDate(stop.dateTo)}` : usDate(stop.date);
  return `${DATE_WORDS[stop.dateType] ?? 'Estimated'} ${days}`;
}

/** The last day the delivery promise allows; null for "no earlier than", which promises no end. */
export const windowEnd = (stop: StopDates) => (stop.dateType === 'NO_EARLIER_THAN' ? null : (stop.dateTo ?? stop.date));

export interface Eta {
  date: string | null;
  text: string;
  basis: string;
  /** Made from the miles left (not the promise): only such an estimate can slip past the window. */
  fromMiles: boolean;
}

/**
 * The estimate of delivery (docs/product/tracking.md#eta):
 * - delivered: the day it was delivered;
 * - not picked up yet (or on hold before pickup): the delivery date or window the order promises;
 * - on the road: from now, the straight-line miles from the last known city's ZIP centroid to the delivery ZIP's,
 *   times ETA_RULE.roadFactor, at ETA_RULE.averageMph for ETA_RULE.drivingHoursPerDay hours a day (a driving day's
 *   hours, then the rest of the day off), and never earlier than the window's first day. Without both points, the
 *   promise.
 */
export function estimateDelivery(input: {
  status: TrackingStatus;
  onTheRoad: boolean;
  delivery: StopDates;
  deliveredAt: string | null;
  from: { lat: number; lon: number; city: string } | null;
  to: { lat: number; lon: number } | null;
  now: Date;
  timeZone: string;
}): Eta {
  const { delivery, timeZone } = input;
  if (input.status === 'DELIVERED') {
    const day = input.deliveredAt ? dateIn(input.deliveredAt, timeZone) : delivery.date;
    return { date: day, text: `Delivered ${usDate(day)}`, basis: 'The day it was delivered.', fromMiles: false };
  }
  if (input.status === 'CANCELLED')
    return { date: null, text: 'No delivery', basis: 'The order was cancelled.', fromMiles: false };
  const promise: Eta = {
    date: delivery.dateTo ?? delivery.date,
    text: dateText(delivery),
    basis: 'The delivery date the order promises.',
    fromMiles: false,
  };
  if (!input.onTheRoad || !input.from || !input.to) return promise;
  const miles = milesBetween(input.from, input.to) * ETA_RULE.roadFactor;
  const hours = miles / ETA_RULE.averageMph;
  const days = Math.floor(hours / ETA_RULE.drivingHoursPerDay);
  const rest = hours - days * ETA_RULE.drivingHoursPerDay;
  const arrival = new Date(input.now.getTime() + (days * 24 + rest) * 3_600_000);
  const estimated = dateIn(arrival, timeZone);
  const date = estimated < delivery.date ? delivery.date : estimated;
  return {
    date,
    text: usDate(date),
    basis: `About ${usNumber(Math.round(miles))} road miles left from ${input.from.city}, at ${ETA_RULE.averageMph} mph for ${ETA_RULE.drivingHoursPerDay} hours a day; never before the delivery window opens.`,
    fromMiles: true,
  };
}
