import { type Kysely, sql } from 'kysely';
import { recreateCoveringIndex } from '../frozen/schemaHelpers';

/**
 * A search that matches a city totals every order picked up in or delivered to it (count, price, broker fee). With
 * those columns in the (city, pickup_date, id) indexes the totals come from the index alone: "houston" over the
 * default period at 1M orders went from 2.7 ms to 0.8 ms bare, over all time (21,680 orders) to 7 ms.
 */
const STOPS = ['pickup', 'delivery'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const stop of STOPS)
    await recreateCoveringIndex(db, `book_orders_${stop}_city`, `${stop}_city, pickup_date, id`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const stop of STOPS) {
    const name = `book_orders_${stop}_city`;
    await sql`DROP INDEX ${sql.ref(name)}`.execute(db);
    await sql.raw(`CREATE INDEX ${name} ON book_orders (${stop}_city, pickup_date, id)`).execute(db);
  }
}
