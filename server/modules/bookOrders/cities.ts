import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/types';
import { containsPattern } from '../users/queries';

/**
 * The distinct cities orders go from and to. A company serves a few thousand at most, so a "contains" search over
 * this list is cheap, and the orders are then found through their (city, pickup_date) indexes.
 */
export async function rememberCities(trx: Db, cities: string[]): Promise<void> {
  const names = [...new Set(cities.filter(Boolean))];
  if (names.length)
    await trx
      .insertInto('book_order_cities')
      .values(names.map((name) => ({ name })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
}

export async function citiesMatching(db: Db, text: string): Promise<string[]> {
  const rows = await db
    .selectFrom('book_order_cities')
    .select('name')
    .where(sql<boolean>`lower(name) like ${containsPattern(text)} escape '\\'`)
    .limit(200)
    .execute();
  return rows.map((r) => r.name);
}

export async function rebuildOrderCities(db: Kysely<unknown> | Db): Promise<void> {
  const exec = db as Kysely<unknown>;
  await sql`delete from book_order_cities`.execute(exec);
  await sql`insert into book_order_cities (name) select pickup_city from book_orders union select delivery_city from book_orders`.execute(
    exec,
  );
}
