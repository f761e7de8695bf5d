import { z } from 'zod';
import { DELIVERY_KEPT_DAYS, PAUSE_AFTER_HOURS } from '../../../schema/webhooks';
import type { ServerContext } from '../../context';
import { transact } from '../../db/transaction';
import { enqueue } from '../../jobs';
import { defineJob, retryDelayMs } from '../../jobs/define';
import { type Failure, drain } from './drain';
import { pauseForFailures } from './pause';

/**
 * The webhook jobs (docs/architecture.md#jobs, docs/product/webhooks.md#delivery): an event's fan-out to its
 * subscriptions, a subscription's retry, and a sweep that restarts any subscription left waiting and prunes the log.
 */

/** Subscriptions one fan-out delivers to at a time (each in order, under its own lease). */
const FANOUT_PARALLEL = 16;
const id = z.number().int().positive();

/** Runs `work` on every item, at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * After a failure, under the subscription's lease: tried again on the queue's retry curve (e^attempts seconds, up to
 * 6.1 h between tries), until it has failed for PAUSE_AFTER_HOURS — then paused and its owner told. A 410 Gone pauses at
 * once: the receiver asks for no more.
 */
async function afterFailure(ctx: ServerContext, subscriptionId: number, failure: Failure): Promise<void> {
  const failingHours = (Date.now() - Date.parse(failure.failingSince)) / 3_600_000;
  if (failure.result.statusCode === 410 || failingHours >= PAUSE_AFTER_HOURS)
    return pauseForFailures(ctx, subscriptionId, failure.failingSince, failure.result);
  const at = new Date(Date.now() + retryDelayMs(failure.attempts));
  await transact(ctx.db, async (trx) => {
    await trx
      .updateTable('webhook_subscriptions')
      .set({ failing_since: failure.failingSince, next_attempt_at: at.toISOString() })
      .where('id', '=', subscriptionId)
      .execute();
    await enqueue(trx, deliverJob, { subscriptionId }, { runAt: at });
  });
}

export const deliverTo = (ctx: ServerContext, subscriptionId: number) =>
  drain(ctx, subscriptionId, (failed, failure) => afterFailure(ctx, failed, failure));

/** One event committed: each subscription with its delivery pending is delivered to. */
export const fanoutJob = defineJob({
  name: 'webhooks.fanout',
  payload: z.object({ eventId: id }),
  retry: { maxAttempts: 10, maxAgeMs: DELIVERY_KEPT_DAYS * 86_400_000 },
  run: async ({ eventId }, { ctx }) => {
    const rows = await ctx.db
      .selectFrom('webhook_deliveries')
      .select('subscription_id')
      .where('event_id', '=', eventId)
      .where('status', '=', 'PENDING')
      .execute();
    await eachLimited(rows, FANOUT_PARALLEL, (row) => deliverTo(ctx, row.subscription_id));
  },
});

/** A subscription's turn: at its retry time, once resumed, or for a replay. */
export const deliverJob = defineJob({
  name: 'webhooks.deliver',
  payload: z.object({ subscriptionId: id }),
  retry: { maxAttempts: 10, maxAgeMs: DELIVERY_KEPT_DAYS * 86_400_000 },
  run: ({ subscriptionId }, { ctx }) => deliverTo(ctx, subscriptionId),
});

/** How often the sweep runs, in minutes. */
const SWEEP_EVERY_MINUTES = 15;

/**
 * Every SWEEP_EVERY_MINUTES: an active subscription with deliveries waiting, not held and past its retry time, is
 * delivered to (a job lost or given up never strands one); delivered deliveries older than DELIVERY_KEPT_DAYS leave the
 * log with their attempts, and events no delivery needs any more.
 */
export const sweepJob = defineJob({
  name: 'webhooks.sweep',
  payload: z.object({}),
  retry: { maxAttempts: 3, maxAgeMs: SWEEP_EVERY_MINUTES * 60_000 },
  schedule: { everyMinutes: SWEEP_EVERY_MINUTES },
  run: async (_payload, { ctx }) => {
    const now = new Date().toISOString();
    const waiting = await ctx.db
      .selectFrom('webhook_subscriptions as s')
      .select('s.id')
      .where('s.status', '=', 'ACTIVE')
      .where((eb) => eb.or([eb('s.next_attempt_at', 'is', null), eb('s.next_attempt_at', '<=', now)]))
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('webhook_deliveries as d')
            .select('d.id')
            .whereRef('d.subscription_id', '=', 's.id')
            .where('d.status', '=', 'PENDING'),
        ),
      )
      .execute();
    await eachLimited(waiting, FANOUT_PARALLEL, (row) => deliverTo(ctx, row.id));
    await pruneDelivered(ctx, new Date(Date.now() - DELIVERY_KEPT_DAYS * 86_400_000).toISOString());
  },
});

/** The old log, in one transaction (attempts, their deliveries, then the events left without one). */
async function pruneDelivered(ctx: ServerContext, before: string): Promise<void> {
  await transact(ctx.db, async (trx) => {
    await trx
      .deleteFrom('webhook_attempts')
      .where('delivery_id', 'in', (eb) =>
        eb
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('status', '=', 'DELIVERED')
          .where('delivered_at', '<', before),
      )
      .execute();
    await trx
      .deleteFrom('webhook_deliveries')
      .where('status', '=', 'DELIVERED')
      .where('delivered_at', '<', before)
      .execute();
    await trx
      .deleteFrom('webhook_events')
      .where('created_at', '<', before)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.event_id', '=', 'webhook_events.id'),
          ),
        ),
      )
      .execute();
  });
}
