import type { FastifyRequest } from 'fastify';
import { ok } from '../../context';
import { transact } from '../../db/transaction';
import type { Db } from '../../db/types';
import { conflict, badRequest, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { syncBrokerFee } from '../brokerFees/sync';
import type { OrderStatus } from '../../../schema/bookOrders';
import { toOrderDto } from './mapping';
import { orderByIdQueries } from './queries';
import { adjustTotals, readTotalsRow } from './totals';
import { orderStatusChanged } from '../webhooks/catalogue';

/**
 * Reading an order whole and writing it under its version (the book-order routes, and the driver's completed
 * inspections that move an order along, server/modules/vehicleInspections/roadStatus.ts): every write of an order
 * goes through guardedWrite, so its totals, broker fee, audit and version stay one rule.
 */
export function orderWrites(db: Db) {
  const byId = orderByIdQueries(db);
  async function loadOrder(executor: Db, id: number) {
    const [row] = (await executor.executeQuery(byId.order(id))).rows;
    if (!row) return null;
    return toOrderDto(row, (await executor.executeQuery(byId.vehicles(id))).rows);
  }
  const mustLoad = async (executor: Db, id: number) => {
    const order = await loadOrder(executor, id);
    if (!order) throw notFound('Book order');
    return order;
  };

  /**
   * The guarded write's work inside a transaction the caller runs (an invoice sent or voided moves its orders in its
   * own transaction, server/modules/invoices): { stale } when the order is no longer at `version`.
   */
  async function writeInside(
    trx: Db,
    request: FastifyRequest,
    id: number,
    version: number,
    action: string,
    write: (trx: Db, before: NonNullable<Awaited<ReturnType<typeof loadOrder>>>) => Promise<void>,
  ) {
    const before = await mustLoad(trx, id);
    if (before.version !== version) return { stale: before };
    // A deleted order is read-only until restored.
    if (before.deleted && action !== 'restore')
      throw badRequest('This order is deleted; restore it before changing it');
    // The version moves first: it takes the row's lock (PostgreSQL), so a second writer of the same version waits,
    // then finds it stale before writing anything.
    const bumped = await trx
      .updateTable('book_orders')
      .set({ version: version + 1, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(bumped.numUpdatedRows) !== 1) return { stale: await mustLoad(trx, id) };
    const totalsBefore = await readTotalsRow(trx, id);
    await write(trx, before);
    // The order's broker fee follows it (amount, broker, due date, cancelled or deleted), in this transaction.
    await syncBrokerFee(trx, id, request);
    await adjustTotals(trx, totalsBefore, await readTotalsRow(trx, id));
    const after = await mustLoad(trx, id);
    await audit(trx, request, { action, entity: 'book_order', entityId: id, before, after });
    return { after };
  }

  /** A write guarded by the version the client read: a stale one is a 409 carrying the current record. */
  async function guardedWrite(
    request: FastifyRequest,
    id: number,
    version: number,
    action: string,
    write: (trx: Db, before: NonNullable<Awaited<ReturnType<typeof loadOrder>>>) => Promise<void>,
  ) {
    const result = await transact(db, (trx) => writeInside(trx, request, id, version, action, write));
    if ('stale' in result)
      throw conflict(
        'Someone else changed this order since you opened it. Reload it to see their changes; what you typed is kept.',
        { current: result.stale },
      );
    return ok(result.after);
  }

  return { loadOrder, mustLoad, guardedWrite, writeInside };
}

/**
 * Moves an order to `status` inside a guarded write (the transition already checked): the moment it was picked up or
 * delivered, paid when it is Paid, a row of its status history, and its webhook event.
 */
export async function writeStatus(
  trx: Db,
  before: { id: number; status: string },
  status: OrderStatus,
  actorId: number | null,
  note: string | null | undefined,
) {
  const now = new Date().toISOString();
  const actual =
    status === 'PICKED_UP' ? { pickup_actual_at: now } : status === 'DELIVERED' ? { delivery_actual_at: now } : {};
  const paid = status === 'PAID' ? { payment_status: 'PAID' } : {};
  await trx
    .updateTable('book_orders')
    .set({ status, ...actual, ...paid })
    .where('id', '=', before.id)
    .execute();
  await trx
    .insertInto('book_order_status_history')
    .values({
      book_order_id: before.id,
      from_status: before.status,
      to_status: status,
      at: now,
      actor_id: actorId,
      note,
    })
    .execute();
  await orderStatusChanged(trx, before.id, before.status, status);
}
