import { z } from 'zod';
import { defineJob } from '../../jobs/define';
import { todayIso } from '../../../schema/businessDay';
import { usDate } from '../../../schema/format';
import type { TrackingNoticeKind } from '../../../schema/tracking';
import type { ServerContext } from '../../context';
import { transact } from '../../db/transaction';
import type { Db } from '../../db/types';
import { mailerOf } from '../mail/mailer';
import { documentCompany } from '../vehicleInspections/bol';
import { dateText } from './eta';
import { liveLink, trackingUrl } from './links';
import { addressesToMail, recipientsOf, unsubscribeToken } from './recipients';
import { trackingOrders, trackingState } from './view';

/**
 * Customer notices (docs/product/tracking.md#notices): mail to the order's shipper and broker addresses when it is
 * picked up, delivered, and when its estimate slips past the promised window — each once per order and kind, with
 * the order's live tracking link (made if there is none) and an opt-out. The tracking_notices row (unique on the order
 * and the kind) is written in the same transaction as the messages (the outbox of server/modules/mail/mailer.ts), so
 * a transaction run again or a second server finds it and sends nothing.
 */

type Event = TrackingNoticeKind | 'LINK';

/**
 * Writes the messages of one event in `trx` (the mail outbox queues their sending in the same transaction). A notice (not LINK) is recorded
 * first and sent only when this call recorded it. Answers the addresses mailed, or null when it was sent before.
 */
export async function mailTracking(
  ctx: ServerContext,
  trx: Db,
  orderId: number,
  event: Event,
  createdBy: number | null = null,
): Promise<string[] | null> {
  const now = new Date();
  let noticeId: number | null = null;
  if (event !== 'LINK') {
    const row = await trx
      .insertInto('tracking_notices')
      .values({ book_order_id: orderId, kind: event, recipients: '[]', created_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['book_order_id', 'kind']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return null;
    noticeId = Number(row.id);
  }
  const order = await trackingOrders(trx).where('o.id', '=', orderId).executeTakeFirst();
  if (!order) return [];
  const recipients = addressesToMail(await recipientsOf(trx, orderId));
  if (!recipients.length) return [];
  const link = await liveLink(trx, ctx, orderId, createdBy);
  const timeZone = ctx.companyZone.timeZone;
  const { eta } = trackingState(order, now, timeZone);
  const company = documentCompany(order.carrier);
  const outbox = mailerOf(ctx).outbox();
  for (const recipient of recipients)
    await outbox.add(trx, {
      to: recipient.email,
      userId: Number(order.dispatcher_id),
      template: {
        kind: 'tracking',
        name: recipient.name,
        company,
        orderNumber: order.order_number,
        event,
        route: `${order.pickup_city}, ${order.pickupState ?? ''} → ${order.delivery_city}, ${order.deliveryState ?? ''}`,
        eta: eta.date && event !== 'DELIVERED' ? usDate(eta.date) : null,
        window: dateText({
          date: order.delivery_date,
          dateTo: order.delivery_date_to,
          dateType: order.delivery_date_type,
        }),
        link: trackingUrl(ctx.config.publicUrl, link.token),
        unsubscribe: `${ctx.config.publicUrl}/track/unsubscribe/${unsubscribeToken(ctx, recipient.id)}`,
      },
    });
  const to = recipients.map((one) => one.email);
  if (noticeId !== null)
    await trx
      .updateTable('tracking_notices')
      .set({ recipients: JSON.stringify(to) })
      .where('id', '=', noticeId)
      .execute();
  return to;
}

/** The notice a status move sends, inside the write that moved it (Picked up and Delivered; others send none). */
export async function noticeStatusMove(ctx: ServerContext, trx: Db, orderId: number, status: string): Promise<void> {
  if (status === 'PICKED_UP' || status === 'DELIVERED') await mailTracking(ctx, trx, orderId, status);
}

/**
 * The estimate check (docs/product/tracking.md#eta-slip), run periodically: each order on the road whose estimate,
 * made from the miles left, is past the last day of its delivery window — while that day is today or later, the
 * promise still ahead — gets the ETA_SLIPPED notice once. Only orders whose customers heard of the pickup (its notice
 * row) are checked: a slip is news against the estimate they were given, and loads picked up before notices existed
 * are left alone. Answers how many orders were noticed.
 */
export async function checkSlippedEtas(ctx: ServerContext): Promise<number> {
  const now = new Date();
  const timeZone = ctx.companyZone.timeZone;
  const today = todayIso(now, timeZone);
  const candidates = await trackingOrders(ctx.db)
    .where('o.status', 'in', ['PICKED_UP', 'ON_HOLD'])
    .where('o.pickup_actual_at', 'is not', null)
    .where((eb) => eb.or([eb('o.delivery_date_to', '>=', today), eb('o.delivery_date', '>=', today)]))
    .where(({ and, not, exists, selectFrom }) => {
      const notice = (kind: TrackingNoticeKind) =>
        exists(
          selectFrom('tracking_notices as n')
            .select('n.id')
            .whereRef('n.book_order_id', '=', 'o.id')
            .where('n.kind', '=', kind),
        );
      return and([notice('PICKED_UP'), not(notice('ETA_SLIPPED'))]);
    })
    .execute();
  let sent = 0;
  for (const candidate of candidates) {
    const state = trackingState(candidate, now, timeZone);
    if (!state.slipped || !state.windowEnd || state.windowEnd < today) continue;
    const mailed = await transact(ctx.db, async (trx) => {
      // Read again inside the write: the order may have moved since the list was read.
      const order = await trackingOrders(trx).where('o.id', '=', candidate.id).executeTakeFirst();
      if (!order || !trackingState(order, now, timeZone).slipped) return null;
      return mailTracking(ctx, trx, Number(order.id), 'ETA_SLIPPED');
    });
    if (mailed !== null) sent++;
  }
  return sent;
}

/** The estimate check every 15 minutes, once across servers and at each start (server/jobs). */
export const slippedEtasJob = defineJob({
  name: 'tracking.slipped-etas',
  payload: z.object({}),
  retry: { maxAttempts: 3, maxAgeMs: 15 * 60_000 },
  schedule: { everyMinutes: 15 },
  run: async (_payload, { ctx }) => {
    await checkSlippedEtas(ctx);
  },
});
