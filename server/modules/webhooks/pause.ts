import { PAUSE_AFTER_HOURS } from '../../../schema/webhooks';
import { personName } from '../../../schema/format';
import type { ServerContext } from '../../context';
import { transact } from '../../db/transaction';
import { mailerOf } from '../mail/mailer';
import { createNotifications } from '../notifications/store';
import type { SendResult } from './send';

/** The subscription's page in the app, where its owner resumes it. */
export const webhookPath = (id: number) => `/app/webhooks/${id}`;

/** Why the failures paused it, as its owner reads it. */
function reasonOf(result: SendResult, failingSince: string): string {
  if (result.statusCode === 410) return 'The receiver answered 410 Gone: it asks for no more deliveries.';
  const last = result.error ?? `The receiver answered ${result.statusCode}`;
  return `Every delivery has failed since ${new Date(failingSince).toUTCString()} (over ${PAUSE_AFTER_HOURS} hours); the last: ${last}.`;
}

/**
 * A subscription that keeps failing is paused (nothing more is sent, events still wait for it) and whoever subscribed
 * it is told in the app and by mail, in one transaction.
 */
export async function pauseForFailures(
  ctx: ServerContext,
  subscriptionId: number,
  failingSince: string,
  result: SendResult,
): Promise<void> {
  const reason = reasonOf(result, failingSince);
  const deliveries = await transact(ctx.db, async (trx) => {
    const subscription = await trx
      .updateTable('webhook_subscriptions')
      .set({ status: 'PAUSED', paused_reason: reason, failing_since: failingSince, next_attempt_at: null })
      .where('id', '=', subscriptionId)
      .where('status', '=', 'ACTIVE')
      .returning(['url', 'created_by'])
      .executeTakeFirst();
    if (!subscription) return [];
    const owner = await trx
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name'])
      .where('id', '=', subscription.created_by)
      .executeTakeFirstOrThrow();
    const mailer = mailerOf(ctx);
    await mailer.outbox().add(trx, {
      to: owner.email,
      userId: owner.id,
      template: {
        kind: 'webhookPaused',
        name: personName(owner.first_name, owner.last_name),
        url: subscription.url,
        reason,
        link: mailer.link(webhookPath(subscriptionId)),
      },
    });
    return createNotifications(trx, [owner.id], {
      type: 'webhookPaused',
      title: 'A webhook was paused',
      body: `${subscription.url}: ${reason}`,
      link: webhookPath(subscriptionId),
    });
  });
  ctx.realtime.deliver(deliveries);
}
