import { type Kysely, sql } from 'kysely';
import { isPostgres, withId, withRecordColumns } from '../frozen/schemaHelpers';

/** Book orders with their vehicles and status history, saved list filters, and the search index. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const stop = (prefix: string) => (table: ReturnType<typeof db.schema.createTable>) =>
    table
      .addColumn(`${prefix}_venue`, 'text')
      .addColumn(`${prefix}_address`, 'text', (c) => c.notNull())
      .addColumn(`${prefix}_city`, 'text', (c) => c.notNull())
      .addColumn(`${prefix}_state_id`, 'integer', (c) => c.notNull().references('states.id'))
      .addColumn(`${prefix}_zip`, 'text')
      .addColumn(`${prefix}_contact_name`, 'text')
      .addColumn(`${prefix}_contact_phone`, 'text')
      .addColumn(`${prefix}_date_type`, 'text', (c) => c.notNull())
      .addColumn(`${prefix}_date`, 'text', (c) => c.notNull())
      .addColumn(`${prefix}_date_to`, 'text')
      .addColumn(`${prefix}_actual_at`, 'text');

  let orders = withId(db, db.schema.createTable('book_orders'))
    .addColumn('order_number', 'text', (c) => c.notNull().unique())
    .addColumn('load_board', 'text', (c) => c.notNull())
    .addColumn('external_load_id', 'text')
    .addColumn('broker_id', 'integer', (c) => c.notNull().references('brokers.id'))
    .addColumn('shipper_id', 'integer', (c) => c.notNull().references('shippers.id'))
    .addColumn('carrier_id', 'integer', (c) => c.notNull().references('carriers.id'))
    .addColumn('dispatcher_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('driver_id', 'integer', (c) => c.references('drivers.id'))
    .addColumn('truck_id', 'integer', (c) => c.references('units.id'))
    .addColumn('trailer_id', 'integer', (c) => c.references('units.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('trailer_type', 'text', (c) => c.notNull()) as unknown as ReturnType<typeof db.schema.createTable>;
  orders = stop('delivery')(stop('pickup')(orders));
  await withRecordColumns(
    orders
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('broker_fee_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('local_fee_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cod_amount_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('payment_method', 'text', (c) => c.notNull())
      .addColumn('pay_on_pickup', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pay_on_delivery', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('payment_terms_days', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('UNPAID'))
      .addColumn('has_manager_review', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('approved', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('approved_by', 'integer', (c) => c.references('users.id'))
      .addColumn('approved_at', 'text')
      .addColumn('notes', 'text')
      .addColumn('vehicle_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_by', 'integer', (c) => c.references('users.id')) as never,
  ).execute();

  // Every list filter is an equality on one column plus the period on the pickup date: one index each.
  const indexes: [string, string[]][] = [
    ['book_orders_pickup', ['pickup_date', 'id']],
    ['book_orders_dispatcher', ['dispatcher_id', 'pickup_date']],
    ['book_orders_driver', ['driver_id', 'pickup_date']],
    ['book_orders_status', ['status', 'pickup_date']],
    ['book_orders_broker', ['broker_id', 'pickup_date']],
    ['book_orders_shipper', ['shipper_id', 'pickup_date']],
    ['book_orders_carrier', ['carrier_id', 'pickup_date']],
    ['book_orders_load_board', ['load_board', 'pickup_date']],
    ['book_orders_payment_method', ['payment_method', 'pickup_date']],
    ['book_orders_pickup_state', ['pickup_state_id', 'pickup_date']],
    ['book_orders_delivery_state', ['delivery_state_id', 'pickup_date']],
    ['book_orders_review', ['has_manager_review', 'pickup_date']],
    ['book_orders_approved', ['approved', 'pickup_date']],
    ['book_orders_pay_on_pickup', ['pay_on_pickup', 'pickup_date']],
    ['book_orders_pay_on_delivery', ['pay_on_delivery', 'pickup_date']],
    ['book_orders_created', ['created_at']],
  ];
  for (const [name, columns] of indexes) await db.schema.createIndex(name).on('book_orders').columns(columns).execute();

  await withId(db, db.schema.createTable('book_order_vehicles'))
    .addColumn('book_order_id', 'integer', (c) => c.notNull().references('book_orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('vin', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('make', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('color', 'text')
    .addColumn('inoperable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lot_number', 'text')
    .addColumn('stock_number', 'text')
    .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('book_order_vehicles_order')
    .on('book_order_vehicles')
    .columns(['book_order_id', 'position'])
    .execute();
  await db.schema.createIndex('book_order_vehicles_vin').on('book_order_vehicles').column('vin').execute();

  await withId(db, db.schema.createTable('book_order_status_history'))
    .addColumn('book_order_id', 'integer', (c) => c.notNull().references('book_orders.id').onDelete('cascade'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id'))
    .addColumn('note', 'text')
    .execute();
  await db.schema
    .createIndex('book_order_status_history_order')
    .on('book_order_status_history')
    .columns(['book_order_id', 'at'])
    .execute();

  await withId(db, db.schema.createTable('saved_filters'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('filter', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('saved_filters_user_name', ['user_id', 'resource', 'name'])
    .execute();

  // Search finds an order by any part of its number, a VIN or a city: a trigram index makes "contains" fast.
  if (isPostgres(db)) {
    // Migrations run in a transaction: a savepoint keeps a refused CREATE EXTENSION from aborting it.
    await sql`SAVEPOINT trigram`.execute(db);
    try {
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
      await sql`CREATE INDEX book_orders_search_trgm ON book_orders USING gin (search_text gin_trgm_ops)`.execute(db);
      await sql`RELEASE SAVEPOINT trigram`.execute(db);
    } catch {
      // Without the extension (no privilege) search still works, by scanning.
      await sql`ROLLBACK TO SAVEPOINT trigram`.execute(db);
    }
  } else {
    await sql`CREATE VIRTUAL TABLE book_order_search USING fts5(text, tokenize = 'trigram')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await sql`DROP TABLE book_order_search`.execute(db);
  for (const table of ['saved_filters', 'book_order_status_history', 'book_order_vehicles', 'book_orders'])
    await db.schema.dropTable(table).execute();
}
