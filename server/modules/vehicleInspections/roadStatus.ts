import type { FastifyRequest } from 'fastify';
import { type OrderStatus, STATUS_TRANSITIONS } from '../../../schema/bookOrders';
import { INSPECTION_STAGE_LABELS, type InspectionStage } from '../../../schema/vehicleInspections';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/types';
import { ApiError } from '../../http/errors';
import type { OrderDto } from '../bookOrders/mapping';
import { orderWrites, writeStatus } from '../bookOrders/orderWrites';
import { noticeStatusMove } from '../tracking/notices';

/** The status an order reaches when every vehicle is inspected at the stop, and the column that counts them. */
const REACHED: Record<InspectionStage, { status: OrderStatus; counter: 'pickup_inspected' | 'delivery_inspected' }> = {
  PICKUP: { status: 'PICKED_UP', counter: 'pickup_inspected' },
  DELIVERY: { status: 'DELIVERED', counter: 'delivery_inspected' },
};
/** A write that found the order changed meanwhile is tried again, this many times in all. */
const ATTEMPTS = 5;

/** How many of the order's vehicles have a completed inspection at the stage. */
export async function inspectedCount(db: Db, orderId: number, stage: InspectionStage): Promise<number> {
  const row = await db
    .selectFrom('vehicle_inspections as i')
    .innerJoin('book_order_vehicles as v', (join) =>
      join.onRef('v.book_order_id', '=', 'i.book_order_id').onRef('v.vin', '=', 'i.vin'),
    )
    .select((eb) => eb.fn.count<number>('i.id').distinct().as('n'))
    .where('i.book_order_id', '=', orderId)
    .where('i.stage', '=', stage)
    .where('i.completed_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The statuses still short of each one the road reaches: an order is never moved back (Delivered to Picked up). */
const SHORT_OF: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
  PICKED_UP: ['ASSIGNED', 'ON_HOLD'],
  DELIVERED: ['ASSIGNED', 'ON_HOLD', 'PICKED_UP'],
};

/**
 * The statuses an order passes to reach `target` from `from` (Assigned → Picked up → Delivered), each an allowed
 * transition (schema/bookOrders.ts STATUS_TRANSITIONS); empty when it is there or beyond, or cannot get there.
 */
export function pathTo(from: OrderStatus, target: OrderStatus): OrderStatus[] {
  if (!SHORT_OF[target]?.includes(from)) return [];
  if (STATUS_TRANSITIONS[from].includes(target)) return [target];
  if (target === 'DELIVERED' && STATUS_TRANSITIONS[from].includes('PICKED_UP')) return ['PICKED_UP', 'DELIVERED'];
  return [];
}

/**
 * Status from the road (docs/product/vehicle-inspections.md#status-from-the-road): after a completed inspection, the
 * order's count of vehicles inspected at that stop is written, and when it reaches every vehicle the order moves to
 * Picked up or Delivered, with a history row by the driver. The write goes through the order's guarded write (its
 * version, totals and audit), tried again when the order changed meanwhile — two vehicles completed at once both see
 * the count, and the second finds the status already moved. The dispatch board hears of it like any other write.
 */
export async function afterInspectionCompleted(
  ctx: ServerContext,
  request: FastifyRequest,
  orderId: number,
  stage: InspectionStage,
): Promise<{ everyVehicle: boolean }> {
  const { mustLoad, guardedWrite } = orderWrites(ctx.db);
  const { status: target, counter } = REACHED[stage];
  for (let attempt = 1; ; attempt++) {
    const order = await mustLoad(ctx.db, orderId);
    const inspected = await inspectedCount(ctx.db, orderId, stage);
    const everyVehicle = inspected >= order.vehicleCount;
    const path = everyVehicle ? pathTo(order.status as OrderStatus, target) : [];
    if (order.inspected[stage === 'PICKUP' ? 'pickup' : 'delivery'] === inspected && !path.length)
      return { everyVehicle };
    try {
      const { value } = await guardedWrite(request, orderId, order.version, 'inspection', async (trx, before) => {
        await trx
          .updateTable('book_orders')
          .set({ [counter]: inspected })
          .where('id', '=', orderId)
          .execute();
        let from = before.status;
        for (const status of path) {
          await writeStatus(
            trx,
            { id: orderId, status: from },
            status,
            request.auth!.user.id,
            `Every vehicle inspected at ${INSPECTION_STAGE_LABELS[stage].toLowerCase()} (driver's phone)`,
          );
          await noticeStatusMove(ctx, trx, orderId, status);
          from = status;
        }
      });
      ctx.orderChanges.changed(value as OrderDto);
      return { everyVehicle };
    } catch (error) {
      if (!(error instanceof ApiError && error.statusCode === 409) || attempt >= ATTEMPTS) throw error;
    }
  }
}
