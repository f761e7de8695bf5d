import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../frozen/schemaHelpers';

/**
 * The dispatch board (server/modules/bookOrders/board.ts) reads each status column for one dispatcher,
 * driver or carrier: its first cards by pickup date, its count and its total price. The single-filter indexes
 * serve a status or a dispatcher, not both: at 1M orders a dispatcher's board ("mine", their default) walked all
 * their current orders of every status, for each of the five columns (~670 ms p50 with 10 clients). With the status
 * in the key and the totals' columns carried, each column is one range of one index, read in order.
 */
const INDEXES: [name: string, column: string][] = [
  ['book_orders_dispatcher_status', 'dispatcher_id'],
  ['book_orders_driver_status', 'driver_id'],
  ['book_orders_carrier_status', 'carrier_id'],
];
const COVERED = 'deleted_at, price_cents, broker_fee_cents';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, column] of INDEXES) {
    await sql
      .raw(
        isPostgres(db)
          ? `CREATE INDEX ${name} ON book_orders (${column}, status, pickup_date, id) INCLUDE (${COVERED})`
          : `CREATE INDEX ${name} ON book_orders (${column}, status, pickup_date, id, ${COVERED})`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await sql`DROP INDEX ${sql.ref(name)}`.execute(db);
}
