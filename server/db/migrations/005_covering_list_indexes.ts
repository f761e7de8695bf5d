import { type Kysely, sql } from 'kysely';
import { recreateCoveringIndex } from '../frozen/schemaHelpers';

/**
 * Every list request also totals its whole filtered set (count, price, broker fee). With those columns in the
 * filter indexes the totals are read from the index alone instead of from every matching row: at 1M orders the
 * default filter's totals went from ~128 ms to ~3 ms in the benchmark.
 */
const FILTER_INDEXES: [string, string | null][] = [
  ['book_orders_pickup', null],
  ['book_orders_dispatcher', 'dispatcher_id'],
  ['book_orders_driver', 'driver_id'],
  ['book_orders_status', 'status'],
  ['book_orders_broker', 'broker_id'],
  ['book_orders_shipper', 'shipper_id'],
  ['book_orders_carrier', 'carrier_id'],
  ['book_orders_load_board', 'load_board'],
  ['book_orders_payment_method', 'payment_method'],
  ['book_orders_pickup_state', 'pickup_state_id'],
  ['book_orders_delivery_state', 'delivery_state_id'],
  ['book_orders_review', 'has_manager_review'],
  ['book_orders_approved', 'approved'],
  ['book_orders_pay_on_pickup', 'pay_on_pickup'],
  ['book_orders_pay_on_delivery', 'pay_on_delivery'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, column] of FILTER_INDEXES)
    await recreateCoveringIndex(db, name, column ? `${column}, pickup_date, id` : 'pickup_date, id');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, column] of FILTER_INDEXES) {
    await sql`DROP INDEX ${sql.ref(name)}`.execute(db);
    await sql
      .raw(`CREATE INDEX ${name} ON book_orders (${column ? `${column}, pickup_date` : 'pickup_date, id'})`)
      .execute(db);
  }
}
