import type { FastifyRequest } from 'fastify';
import { bookOrderInput } from '../../../schema/bookOrders';
import type { ServerContext } from '../../context';
import { transact } from '../../db/transaction';
import type { Db } from '../../db/types';
import { conflict, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { createOrderInside } from '../bookOrders/orderCreate';

/**
 * A draft's two ends (docs/product/dispatch-sheets.md#review): booked as the order the reviewer confirmed, or
 * discarded. Either moves an OPEN draft of the version the reviewer read, first thing in the transaction, so that two
 * reviewers confirming one draft at once book one order (the other gets 409 and nothing).
 */

const MOVED = (status: string) =>
  status === 'BOOKED'
    ? 'This draft was booked already: open its order from the list of booked drafts'
    : 'This draft was discarded';

async function takeOpenDraft(trx: Db, request: FastifyRequest, id: number, version: number, to: string) {
  const row = await trx
    .selectFrom('order_drafts')
    .select(['status', 'version'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Draft');
  if (row.status !== 'OPEN') throw conflict(MOVED(row.status));
  const moved = await trx
    .updateTable('order_drafts')
    .set({
      status: to,
      version: Number(row.version) + 1,
      updated_at: new Date().toISOString(),
      updated_by: request.auth!.user.id,
    })
    .where('id', '=', id)
    .where('status', '=', 'OPEN')
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1)
    throw conflict('Someone changed this draft since you opened it: reload it to see what it holds now');
}

/** Books the reviewed order and marks the draft booked with it, in one transaction. */
export async function bookDraft(
  ctx: ServerContext,
  request: FastifyRequest,
  id: number,
  body: { version: number; order: Record<string, unknown> },
) {
  // The order's own rules, as the create checks them: a ZodError is the 400 naming each field.
  const input = bookOrderInput.parse(body.order);
  return transact(ctx.db, async (trx) => {
    await takeOpenDraft(trx, request, id, body.version, 'BOOKED');
    const { id: orderId, deliveries } = await createOrderInside(trx, ctx.dialect, request, input);
    await trx.updateTable('order_drafts').set({ book_order_id: orderId }).where('id', '=', id).execute();
    await audit(trx, request, { action: 'book', entity: 'order_draft', entityId: id, after: { bookOrderId: orderId } });
    const { order_number } = await trx
      .selectFrom('book_orders')
      .select('order_number')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return { result: { id: orderId, orderNumber: order_number }, deliveries };
  });
}

export async function discardDraft(ctx: ServerContext, request: FastifyRequest, id: number, version: number) {
  await transact(ctx.db, async (trx) => {
    await takeOpenDraft(trx, request, id, version, 'DISCARDED');
    await audit(trx, request, { action: 'discard', entity: 'order_draft', entityId: id });
  });
}
