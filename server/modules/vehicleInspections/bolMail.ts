import type { FastifyBaseLogger } from 'fastify';
import { bolFileName } from '../../../schema/bol';
import { dateIn } from '../../../schema/businessDay';
import { countText, usDate } from '../../../schema/format';
import { INSPECTION_STAGE_LABELS, type InspectionStage } from '../../../schema/vehicleInspections';
import type { ServerContext } from '../../context';
import { transact } from '../../db/transaction';
import { audit } from '../audit/audit';
import { mailerOf } from '../mail/mailer';
import { createLink, linkUrl } from './bolLinks';
import { billPdf } from './bolPdf';

/**
 * Mails an order's bill of lading at a stage to its shipper's and broker's e-mail addresses
 * (docs/product/vehicle-inspections.md#bill-of-lading-mail): the PDF attached and a fresh online link (the default
 * days) in the words, through the mail outbox (server/modules/mail/mailer.ts: the SMTP send a job of the same transaction, and
 * the in-app mailbox of the order's dispatcher when no mail server is set).
 *
 * Once per order and stage, however often and wherever it is called: the bol_mailings row (unique on the order and
 * the stage) is written in the same transaction as the link and the messages, so of two calls at once — on one
 * server or two sharing PostgreSQL — one commits and sends, the other finds the row and sends nothing. An order
 * without either address is not recorded as mailed: a later call, once an address is known, sends it.
 */

export type BolMailResult =
  | { sent: true; recipients: string[]; linkId: number }
  | { sent: false; reason: 'mailed already' | 'no addresses' | 'no such order' };

const mailed = async (ctx: ServerContext, orderId: number, stage: InspectionStage) =>
  !!(await ctx.db
    .selectFrom('bol_mailings')
    .select('id')
    .where('book_order_id', '=', orderId)
    .where('stage', '=', stage)
    .executeTakeFirst());

export async function mailBol(
  ctx: ServerContext,
  orderId: number,
  stage: 'PICKUP' | 'DELIVERY',
  log: FastifyBaseLogger,
): Promise<BolMailResult> {
  const { db } = ctx;
  const order = await db
    .selectFrom('book_orders as o')
    .leftJoin('shippers as s', 's.id', 'o.shipper_id')
    .leftJoin('brokers as b', 'b.id', 'o.broker_id')
    .select([
      'o.dispatcher_id',
      's.name as shipperName',
      's.contact_name as shipperContact',
      's.email as shipperEmail',
      'b.name as brokerName',
      'b.email as brokerEmail',
    ])
    .where('o.id', '=', orderId)
    .where('o.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!order) return { sent: false, reason: 'no such order' };
  // Each address once (the shipper and the broker may share one), with the name the message greets.
  const recipients = new Map<string, string>();
  for (const [email, name] of [
    [order.shipperEmail, order.shipperContact || order.shipperName],
    [order.brokerEmail, order.brokerName],
  ] as const) {
    const address = email?.trim().toLowerCase();
    if (address && !recipients.has(address)) recipients.set(address, name?.trim() || 'there');
  }
  if (!recipients.size) return { sent: false, reason: 'no addresses' };
  // Most second calls stop here, before the PDF is drawn; the unique key below decides the rest.
  if (await mailed(ctx, orderId, stage)) return { sent: false, reason: 'mailed already' };

  const { bill, pdf } = await billPdf(ctx, orderId, stage);
  const mailer = mailerOf(ctx);
  const outbox = mailer.outbox();
  const to = [...recipients.keys()];
  const linkId = await transact(db, async (trx) => {
    const row = await trx
      .insertInto('bol_mailings')
      .values({
        book_order_id: orderId,
        stage,
        link_id: null,
        recipients: JSON.stringify(to),
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(['book_order_id', 'stage']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return null;
    const link = await createLink(trx, { orderId, stage, createdBy: null });
    await trx.updateTable('bol_mailings').set({ link_id: link.id }).where('id', '=', row.id).execute();
    const url = linkUrl(ctx.config.publicUrl, link.token);
    for (const [address, name] of recipients)
      await outbox.add(trx, {
        to: address,
        userId: Number(order.dispatcher_id),
        template: {
          kind: 'billOfLading',
          name,
          company: bill.companyName,
          orderNumber: bill.orderNumber,
          stage: INSPECTION_STAGE_LABELS[stage],
          vehicles: countText(bill.vehicles.length, 'vehicle'),
          link: url,
          expiresOn: usDate(dateIn(link.expiresAt, bill.timeZone)),
          hash: bill.hash,
        },
        attachments: [{ filename: bolFileName(bill.orderNumber, stage), content: pdf, contentType: 'application/pdf' }],
      });
    await audit(trx, null, {
      action: 'mail',
      entity: 'bol',
      entityId: orderId,
      after: { stage, recipients: to, linkId: link.id, hash: bill.hash },
    });
    return link.id;
  });
  if (linkId === null) return { sent: false, reason: 'mailed already' };
  log.info({ orderId, stage, recipients: to.length }, 'bill of lading mailed');
  return { sent: true, recipients: to, linkId };
}
