import { milesBetweenZips } from '../../places';

/** The five digits the ZIP table is keyed by, of '30301' or '30301-1234'; null for anything else. */
export function zip5(zip: string | null | undefined): string | null {
  const match = /^(\d{5})(?:-?\d{4})?$/.exec(zip?.trim() ?? '');
  return match ? match[1] : null;
}

/**
 * An order's route miles (book_orders.route_miles): the straight-line miles between the centroids of its pickup and
 * delivery ZIPs, rounded; null when either ZIP is missing or not in the table. Every writer of an order's stops uses
 * this one rule (create and update through orderColumns, the seeds through generateOrder, migration 023's backfill),
 * so revenue per mile reads the same distance whichever way the order came in.
 */
export function routeMiles(
  pickupZip: string | null | undefined,
  deliveryZip: string | null | undefined,
): number | null {
  const from = zip5(pickupZip);
  const to = zip5(deliveryZip);
  if (!from || !to) return null;
  const miles = milesBetweenZips(from, to);
  return miles === null ? null : Math.round(miles);
}
