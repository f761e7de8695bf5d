import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../http/access';
import type { Db } from '../../db/types';
import { notFound } from '../../http/errors';
import { audit } from '../audit/audit';

/**
 * What the public links of an order share (the bill of lading's, server/modules/vehicleInspections/bolRoutes.ts, and
 * the tracking page's, server/modules/tracking/routes.ts): the live order a staff request names, and revoking one.
 */

/** The order of a staff request: not deleted, else 404. */
export async function liveOrder(db: Db, orderId: number) {
  const order = await db
    .selectFrom('book_orders')
    .select(['id', 'order_number'])
    .where('id', '=', orderId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!order) throw notFound('Book order');
  return order;
}

/** Revokes one of the order's links inside `trx`, audited; a link revoked already is left as it is. */
export async function revokeOrderLink(
  trx: Db,
  request: FastifyRequest,
  link: { table: 'bol_links' | 'tracking_links'; entity: string; orderId: number; linkId: number },
): Promise<void> {
  await liveOrder(trx, link.orderId);
  const row = await trx
    .selectFrom(link.table)
    .select(['id', 'revoked_at'])
    .where('id', '=', link.linkId)
    .where('book_order_id', '=', link.orderId)
    .executeTakeFirst();
  if (!row) throw notFound('Link');
  if (row.revoked_at) return;
  const at = new Date().toISOString();
  await trx
    .updateTable(link.table)
    .set({ revoked_at: at, revoked_by: currentUser(request).id })
    .where('id', '=', link.linkId)
    .where('revoked_at', 'is', null)
    .execute();
  await audit(trx, request, {
    action: 'revoke',
    entity: link.entity,
    entityId: link.linkId,
    before: { revokedAt: null },
    after: { orderId: link.orderId, revokedAt: at },
  });
}
