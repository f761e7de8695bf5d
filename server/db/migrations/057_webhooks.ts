import { type Kysely, sql } from 'kysely';
import { withId } from '../frozen/schemaHelpers';

/**
 * Webhooks (server/modules/webhooks, docs/product/webhooks.md):
 * - webhook_subscriptions: a URL and the events it gets ('|order.created|claim.opened|'), who subscribed (a person, or
 *   the connected app acting for them), its state, and the delivery's own bookkeeping: since when it fails, when it is
 *   tried again, and the lease one worker takes to deliver its events in order. The signing secret is never stored: it
 *   is the HMAC of the row's salt under the server's secret (as tracking tokens, migration 056); a rotation keeps the
 *   previous salt signing until previous_until;
 * - webhook_events: what happened (its type, and its data as JSON: every subscription gets the same body), written in the transaction of the write;
 * - webhook_deliveries: one event to one subscription, made in that same transaction (so deliveries follow the
 *   order the writes committed in); unique per subscription and event but for replays;
 * - webhook_attempts: each answer of the receiver (or why there was none), the delivery log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);

  await withId(db, db.schema.createTable('webhook_subscriptions'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('paused_reason', 'text')
    .addColumn('allow_private', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('salt', 'text', (c) => c.notNull())
    .addColumn('previous_salt', 'text')
    .addColumn('previous_until', 'text')
    .addColumn('secret_rotated_at', 'text')
    .addColumn('failing_since', 'text')
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_delivery_at', 'text')
    .addColumn('lease_token', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('app_id', 'integer', (c) => c.references('connected_apps.id'))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await run(`CREATE INDEX webhook_subscriptions_status ON webhook_subscriptions (status)`);

  await withId(db, db.schema.createTable('webhook_events'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('book_order_id', 'integer')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await run(`CREATE INDEX webhook_events_created_at ON webhook_events (created_at)`);

  await withId(db, db.schema.createTable('webhook_deliveries'))
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('webhook_subscriptions.id'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('webhook_events.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('replay_of', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'text')
    .execute();
  await run(
    `CREATE UNIQUE INDEX webhook_deliveries_once ON webhook_deliveries (subscription_id, event_id) WHERE replay_of IS NULL`,
  );
  // The next delivery of a subscription (its pending ones, oldest first) and its log (newest first).
  await run(`CREATE INDEX webhook_deliveries_queue ON webhook_deliveries (subscription_id, status, id)`);
  await run(`CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id)`);

  await withId(db, db.schema.createTable('webhook_attempts'))
    .addColumn('delivery_id', 'integer', (c) => c.notNull().references('webhook_deliveries.id'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('response', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .execute();
  await run(`CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id)`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['webhook_attempts', 'webhook_deliveries', 'webhook_events', 'webhook_subscriptions'])
    await db.schema.dropTable(table).execute();
}
