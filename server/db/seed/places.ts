import { zipsOf } from '../../places';
import { CITIES } from './names';

export interface SeedPlace {
  city: string;
  zips: readonly string[];
}

let places: Record<string, SeedPlace[]> | null = null;

/**
 * The demo's cities by state, each with its ZIPs from the ZIP table, so that a seeded address's city, state and ZIP
 * always agree. Built once, on first use; a city the table does not know stops the seed rather than seeding no ZIP.
 */
export function seedPlaces(): Record<string, SeedPlace[]> {
  if (places) return places;
  const built: Record<string, SeedPlace[]> = {};
  for (const [state, cities] of Object.entries(CITIES)) {
    built[state] = cities.map((city) => {
      const zips = zipsOf(city, state);
      if (!zips.length)
        throw new Error(`The ZIP table has no ${city}, ${state}: name the city as USPS does (server/db/seed/names.ts)`);
      return { city, zips };
    });
  }
  places = built;
  return places;
}
