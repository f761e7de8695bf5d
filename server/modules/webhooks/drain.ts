import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { ServerContext } from '../../context';
import type { Db, WebhookSubscriptionsTable } from '../../db/types';
import { eventBody } from './body';
import { sendDelivery, type SendResult } from './send';
import { signedHeaders } from './signing';

/**
 * Delivering a subscription's events (docs/product/webhooks.md#delivery): oldest first, one at a time, stopping at the
 * first that fails — so a receiver gets the events of an order in the order they happened, and a failing receiver is
 * tried again on the retry curve rather than once per new event.
 *
 * Exactly once per event when the receiver answers 2xx, on any number of servers: only the holder of the
 * subscription's lease sends, and a delivery is marked delivered before the next is read. The lease is one conditional
 * UPDATE (taken only when free or expired, and not before the retry time): atomic on both databases, and outside
 * `transact` on purpose — every write of an order reads webhook_subscriptions at SERIALIZABLE to find its
 * subscribers, and the delivery's bookkeeping running there too would turn each delivery into a serialization conflict
 * with those writes. What it writes is only this bookkeeping, under the lease. A server that stops mid-send leaves the
 * lease to expire and the delivery pending: it is sent again (at least once), with the same webhook-id.
 */

/** How long a lease lasts: longer than a delivery may take, renewed before each one. */
const LEASE_MS = 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

/** A delivery that failed: the receiver's answer, its attempts so far, and since when the subscription fails. */
export interface Failure {
  result: SendResult;
  attempts: number;
  failingSince: string;
}

/** What becomes of a subscription after a failure (server/modules/webhooks/jobs.ts: a retry scheduled, or paused). */
export type OnFailure = (subscriptionId: number, failure: Failure) => Promise<void>;

/**
 * Delivers what waits for the subscription, unless another worker holds it, it is paused, or it waits to retry. A
 * failure stops it; `onFailure` runs while the lease is still held, so no other worker tries before the retry time.
 */
export async function drain(ctx: ServerContext, subscriptionId: number, onFailure: OnFailure): Promise<void> {
  for (;;) {
    const lease: Lease = { token: crypto.randomUUID(), renewedAt: Date.now() };
    const now = new Date().toISOString();
    const subscription = await ctx.db
      .updateTable('webhook_subscriptions')
      .set({ lease_token: lease.token, lease_until: iso(lease.renewedAt + LEASE_MS) })
      .where('id', '=', subscriptionId)
      .where('status', '=', 'ACTIVE')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
      .returning(SUBSCRIPTION)
      .executeTakeFirst();
    if (!subscription) return;
    let run: Run = { outcome: 'stopped', deliveredAt: null };
    try {
      run = await deliverInOrder(ctx, subscriptionId, subscription, lease, onFailure);
    } finally {
      // Let go; a success since the last failure ends the failing streak (a failure's own retry time stays).
      const succeeded = run.deliveredAt && run.outcome !== 'failed';
      await ctx.db
        .updateTable('webhook_subscriptions')
        .set({
          lease_token: null,
          lease_until: null,
          ...(run.deliveredAt ? { last_delivery_at: run.deliveredAt } : {}),
          ...(succeeded ? { failing_since: null, next_attempt_at: null } : {}),
        })
        .where('id', '=', subscriptionId)
        .where('lease_token', '=', lease.token)
        .execute();
    }
    // An event committed while the lease was being let go found it held and left its delivery to this worker.
    if (run.outcome !== 'all sent' || !(await hasPending(ctx.db, subscriptionId))) return;
  }
}

/** What a delivery needs of its subscription, read when the lease is taken or renewed. */
const SUBSCRIPTION = ['url', 'salt', 'previous_salt', 'previous_until', 'allow_private', 'failing_since'] as const;
type Subscription = Pick<WebhookSubscriptionsTable, (typeof SUBSCRIPTION)[number]>;

/**
 * The lease held, renewed before a delivery once RENEW_AFTER_MS have passed since it was taken or last renewed: a
 * burst of deliveries costs no extra statement each, and a pause or an edit is seen within that time.
 */
interface Lease {
  token: string;
  renewedAt: number;
}
const RENEW_AFTER_MS = 10_000;

const hasPending = async (db: Db, subscriptionId: number) =>
  !!(await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'PENDING')
    .limit(1)
    .executeTakeFirst());

/** How a run ended (stopped: the lease was lost, or the subscription paused) and when it last delivered. */
interface Run {
  outcome: 'all sent' | 'failed' | 'stopped';
  deliveredAt: string | null;
}

/** Sends the pending deliveries in order while the lease holds. */
async function deliverInOrder(
  ctx: ServerContext,
  subscriptionId: number,
  leased: Subscription,
  lease: Lease,
  onFailure: OnFailure,
): Promise<Run> {
  let subscription: Subscription | undefined = leased;
  let deliveredAt: string | null = null;
  for (;;) {
    const next = await ctx.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .select(['d.id', 'd.attempts', 'e.id as event_id', 'e.type', 'e.created_at', 'e.data'])
      .where('d.subscription_id', '=', subscriptionId)
      .where('d.status', '=', 'PENDING')
      .orderBy('d.id')
      .limit(1)
      .executeTakeFirst();
    if (!next) return { outcome: 'all sent', deliveredAt };
    if (Date.now() - lease.renewedAt > RENEW_AFTER_MS) {
      lease.renewedAt = Date.now();
      subscription = await ctx.db
        .updateTable('webhook_subscriptions')
        .set({ lease_until: iso(lease.renewedAt + LEASE_MS) })
        .where('id', '=', subscriptionId)
        .where('lease_token', '=', lease.token)
        .where('status', '=', 'ACTIVE')
        .returning(SUBSCRIPTION)
        .executeTakeFirst();
      if (!subscription) return { outcome: 'stopped', deliveredAt };
    }
    const body = eventBody({
      id: Number(next.event_id),
      type: next.type,
      created_at: next.created_at,
      data: next.data,
    });
    const headers = signedHeaders(ctx, subscription, { messageId: `evt_${next.event_id}`, body });
    const result = await sendDelivery(new URL(subscription.url), headers, body, !!subscription.allow_private);
    await recordAttempt(ctx.db, Number(next.id), result);
    if (result.ok) {
      deliveredAt = new Date().toISOString();
      continue;
    }
    await onFailure(subscriptionId, {
      result,
      attempts: next.attempts + 1,
      // A success in this run ended the earlier streak: this failure starts a new one.
      failingSince: (!deliveredAt && subscription.failing_since) || new Date().toISOString(),
    });
    return { outcome: 'failed', deliveredAt };
  }
}

/** The attempt in the log, and the delivery marked delivered (only while pending: never twice) or counted. */
async function recordAttempt(db: Db, deliveryId: number, result: SendResult): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('webhook_attempts')
    .values({
      delivery_id: deliveryId,
      at: now,
      status_code: result.statusCode,
      error: result.error,
      response: result.response,
      duration_ms: result.durationMs,
    })
    .execute();
  await db
    .updateTable('webhook_deliveries')
    .set({
      attempts: sql`attempts + 1`,
      ...(result.ok ? { status: 'DELIVERED', delivered_at: now } : {}),
    })
    .where('id', '=', deliveryId)
    .where('status', '=', 'PENDING')
    .execute();
}
