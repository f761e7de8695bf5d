import { sql } from 'kysely';
import { PING_EVENT, type WebhookEventType } from '../../../schema/webhooks';
import type { Db } from '../../db/types';
import { enqueue } from '../../jobs';
import { fanoutJob } from './jobs';

export { eventBody } from './body';

/**
 * Webhook events (docs/product/webhooks.md#events), recorded by the write they tell of, inside its transaction: the
 * event and one delivery per subscription to its type, so a rolled-back write tells no one, and deliveries are made in
 * the order the writes committed (two writes of one order take turns, so its events keep their order). One job then
 * delivers them once committed (server/modules/webhooks/jobs.ts).
 *
 * The data is thin — ids, numbers and states, never a price, a name or an address: the receiver reads the rest through
 * the API with its own access, so a webhook tells no more than its subscriber may read.
 */
export interface WebhookEvent {
  type: WebhookEventType | typeof PING_EVENT;
  /** The order it is about (orders' events, an inspection's, a claim's): kept for the log's search. */
  orderId?: number | null;
  data: Record<string, string | number | boolean | null>;
}

/** Rows per statement when making deliveries (SQLite's bound-parameter limit stays far off). */
const DELIVERY_CHUNK = 500;

/** Records `event` for its subscribers in `trx` (`only`: to one subscription, as "Send test" does). */
export async function emitWebhook(trx: Db, event: WebhookEvent, only?: number): Promise<void> {
  // A revoked app's subscriptions hear nothing more (its owner may still read them, and delete them).
  let subscribers = trx
    .selectFrom('webhook_subscriptions as s')
    .select('s.id')
    .where((eb) =>
      eb.or([
        eb('s.app_id', 'is', null),
        eb.exists(
          eb
            .selectFrom('connected_apps as a')
            .select('a.id')
            .whereRef('a.id', '=', 's.app_id')
            .where('a.revoked_at', 'is', null),
        ),
      ]),
    );
  subscribers =
    only === undefined
      ? // '_' is LIKE's any-character: escaped, the type matches only itself.
        subscribers.where(
          sql<string>`s.events`,
          'like',
          sql<string>`${`%|${event.type.replaceAll('_', '\\_')}|%`} escape '\\'`,
        )
      : subscribers.where('s.id', '=', only);
  const ids = (await subscribers.execute()).map((row) => Number(row.id));
  if (!ids.length) return;
  const now = new Date().toISOString();
  const { id } = await trx
    .insertInto('webhook_events')
    .values({
      type: event.type,
      book_order_id: event.orderId ?? null,
      data: JSON.stringify(event.data),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let start = 0; start < ids.length; start += DELIVERY_CHUNK)
    await trx
      .insertInto('webhook_deliveries')
      .values(
        ids.slice(start, start + DELIVERY_CHUNK).map((subscriptionId) => ({
          subscription_id: subscriptionId,
          event_id: Number(id),
          status: 'PENDING',
          attempts: 0,
          replay_of: null,
          created_at: now,
          delivered_at: null,
        })),
      )
      .execute();
  await enqueue(trx, fanoutJob, { eventId: Number(id) });
}
