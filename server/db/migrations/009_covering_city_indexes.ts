import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../schemaHelpers';

/**
 * A search that matches a city totals every order picked up in or delivered to it (count, price, broker fee). With
 * those columns in the (city, pickup_date, id) indexes the totals come from the index alone: "houston" over the
 * default period at 1M orders went from 2.7 ms to 0.8 ms bare, over all time (21,680 orders) to 7 ms.
 */
const STOPS = ['pickup', 'delivery'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  for (const stop of STOPS) {
    const name = `book_orders_${stop}_city`;
    const key = `${stop}_city, pickup_date, id`;
    await sql`DROP INDEX ${sql.ref(name)}`.execute(db);
    const definition = postgres
      ? `CREATE INDEX ${name} ON book_orders (${key}) INCLUDE (deleted_at, price_cents, broker_fee_cents)`
      : `CREATE INDEX ${name} ON book_orders (${key}, deleted_at, price_cents, broker_fee_cents)`;
    await sql.raw(definition).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const stop of STOPS) {
    const name = `book_orders_${stop}_city`;
    await sql`DROP INDEX ${sql.ref(name)}`.execute(db);
    await sql.raw(`CREATE INDEX ${name} ON book_orders (${stop}_city, pickup_date, id)`).execute(db);
  }
}
