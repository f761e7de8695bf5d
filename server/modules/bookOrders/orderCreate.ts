import type { FastifyRequest } from 'fastify';
import type { BookOrderInput } from '../../../schema/bookOrders';
import type { Db } from '../../db/types';
import type { DialectName } from '../../db';
import { audit } from '../audit/audit';
import { syncBrokerFee } from '../brokerFees/sync';
import { enforceBookingRules } from '../dispatchRules/enforce';
import { orderAssignedToDriver } from '../notifications/events';
import { rememberCities } from './cities';
import { findDuplicates, refuseDuplicates } from './duplicates';
import { orderColumns, orderNumberOf, searchText, vehicleColumns } from './mapping';
import { checkReferences, indexSearch } from './queries';
import { adjustTotals, readTotalsRow } from './totals';
import { orderAssigned, orderCreated } from '../webhooks/catalogue';

/**
 * Books one load inside the caller's transaction (the create route; the CSV import books many in one): its
 * references checked, likely duplicates refused unless allowed, the dispatch rules (server/modules/dispatchRules), the
 * row and its number, vehicles, first history row, search index, totals, broker fee, audit, webhook events, and the
 * driver's notice (delivered by the caller once committed).
 */
export async function createOrderInside(trx: Db, dialect: DialectName, request: FastifyRequest, input: BookOrderInput) {
  await checkReferences(trx, input);
  if (!input.allowDuplicate)
    refuseDuplicates(
      await findDuplicates(trx, {
        loadBoard: input.loadBoard,
        loadId: input.externalLoadId,
        vins: input.vehicles.map((v) => v.vin),
      }),
      input.loadBoard,
    );
  const now = new Date().toISOString();
  const placeholder = `pending-${request.id}`;
  const { id } = await trx
    .insertInto('book_orders')
    .values({
      ...orderColumns(input),
      order_number: placeholder,
      status: input.driverId ? 'ASSIGNED' : 'NEW',
      payment_status: 'UNPAID',
      has_manager_review: 0,
      approved: 0,
      search_text: '',
      created_by: request.auth!.user.id,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  // The dispatch rules (the driver's credentials, the broker's authority), once the order has an id to audit an override by.
  await enforceBookingRules(trx, request, input, { id, before: null });
  const orderNumber = orderNumberOf(id);
  const text = searchText(orderNumber, input);
  await trx
    .updateTable('book_orders')
    .set({ order_number: orderNumber, search_text: text })
    .where('id', '=', id)
    .execute();
  await trx.insertInto('book_order_vehicles').values(vehicleColumns(id, input.vehicles)).execute();
  await trx
    .insertInto('book_order_status_history')
    .values({
      book_order_id: id,
      from_status: null,
      to_status: input.driverId ? 'ASSIGNED' : 'NEW',
      at: now,
      actor_id: request.auth!.user.id,
      note: null,
    })
    .execute();
  await indexSearch(trx, dialect, id, text);
  await rememberCities(trx, [input.pickup.city, input.delivery.city]);
  await adjustTotals(trx, null, await readTotalsRow(trx, id));
  await syncBrokerFee(trx, id, request);
  await audit(trx, request, {
    action: 'create',
    entity: 'book_order',
    entityId: id,
    after: { orderNumber, ...input },
  });
  await orderCreated(trx, id, input.driverId ? 'ASSIGNED' : 'NEW');
  if (input.driverId) await orderAssigned(trx, id, input.driverId, null);
  const deliveries = input.driverId
    ? await orderAssignedToDriver(trx, {
        id,
        orderNumber,
        driverId: input.driverId,
        pickup: input.pickup,
        delivery: input.delivery,
      })
    : [];
  return { id, deliveries };
}
