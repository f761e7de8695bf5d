import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { idParams } from '../../../schema/common';
import { type MyLoad, OPEN_STATUSES } from '../../../schema/myLoads';
import { ok, type ServerContext } from '../../context';
import type { Db } from '../../db/types';
import { currentUser } from '../../http/access';
import { notFound } from '../../http/errors';
import { toOrderDto } from '../bookOrders/mapping';
import { selectOrders, today } from '../bookOrders/queries';
import { ownDriverId } from '../finances/scope';
import { inspectionTypesOf } from '../vehicleInspections/requirements';
import type { InspectionType } from '../../../schema/inspectionTypes';

/** The most loads the list shows: a driver's open loads are a handful; a long tail helps nobody on a phone. */
const MAX_LOADS = 100;
const TAGS = ['My loads'];
const access = { access: { feature: 'MyLoads', permission: 'Read' } } as const;

type Order = ReturnType<typeof toOrderDto>;
type Vehicles = NonNullable<Order['vehicles']>;

/** The driver's view of an order: the road's facts and what to collect, never the company's price or fees. */
function myLoadOf(order: Order, vehicles: Vehicles, inspectionType: InspectionType): MyLoad {
  const stop = ({ stateId: _stateId, actualAt: _actualAt, ...rest }: Order['pickup']) => rest;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status as MyLoad['status'],
    trailerType: order.trailerType,
    shipperName: order.shipperName,
    brokerName: order.brokerName,
    dispatcherName: order.dispatcherName,
    truckNumber: order.truckNumber,
    trailerNumber: order.trailerNumber,
    pickup: stop(order.pickup),
    delivery: stop(order.delivery),
    vehicles: vehicles.map(({ price: _price, ...vehicle }) => vehicle),
    notes: order.notes,
    codAmount: order.codAmount,
    paymentMethod: order.paymentMethod,
    payOnPickup: order.payOnPickup,
    payOnDelivery: order.payOnDelivery,
    paymentTermsDays: order.paymentTermsDays,
    inspectionType,
  };
}

/** Orders (with their vehicles, in their order on the load) as the driver sees them. */
async function myLoadsOf(db: Db, rows: Parameters<typeof toOrderDto>[0][]): Promise<MyLoad[]> {
  const ids = rows.map((row) => row.id);
  const vehicles = ids.length
    ? await db
        .selectFrom('book_order_vehicles')
        .selectAll()
        .where('book_order_id', 'in', ids)
        .orderBy('book_order_id')
        .orderBy('position')
        .execute()
    : [];
  const types = await inspectionTypesOf(db, ids);
  return rows.map((row) => {
    const order = toOrderDto(
      row,
      vehicles.filter((v) => Number(v.book_order_id) === Number(row.id)),
    );
    return myLoadOf(order, order.vehicles ?? [], types.get(Number(row.id))!);
  });
}

/**
 * A driver's own loads (docs/routing.md#screen-my-loads). The driver is the one linked to the signed-in user
 * (finances/scope.ts ownDriverId), whatever the request says; an order of another driver, deleted, or not there is the
 * same 404, so nobody learns which order numbers exist.
 */
export default async function myLoadsRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  app.get(
    '/api/MyLoads',
    {
      config: access,
      schema: {
        tags: TAGS,
        summary:
          'The signed-in driver’s loads of today and ahead: not yet delivered, or delivering today or later (soonest pickup first)',
      },
    },
    async (request) => {
      const driverId = await ownDriverId(db, currentUser(request).id);
      if (driverId === null) return ok({ linked: false, items: [] as MyLoad[] });
      const day = today();
      const rows = await selectOrders(db)
        .where('o.driver_id', '=', driverId)
        .where('o.deleted_at', 'is', null)
        .where('o.status', '<>', 'CANCELLED')
        .where((eb) => eb.or([eb('o.status', 'in', [...OPEN_STATUSES]), eb('o.delivery_date', '>=', day)]))
        .orderBy('o.pickup_date')
        .orderBy('o.id')
        .limit(MAX_LOADS)
        .execute();
      return ok({ linked: true, items: await myLoadsOf(db, rows as never) });
    },
  );

  app.get<{ Params: z.output<typeof idParams> }>(
    '/api/MyLoads/:id',
    {
      config: access,
      schema: {
        tags: TAGS,
        summary: 'One of the signed-in driver’s loads: stops, contacts, vehicles, what to collect',
        params: idParams,
      },
    },
    async (request) => {
      const driverId = await ownDriverId(db, currentUser(request).id);
      const row =
        driverId === null
          ? undefined
          : await selectOrders(db)
              .where('o.id', '=', request.params.id)
              .where('o.driver_id', '=', driverId)
              .where('o.deleted_at', 'is', null)
              .executeTakeFirst();
      if (!row) throw notFound('Load');
      const [load] = await myLoadsOf(db, [row as never]);
      return ok(load);
    },
  );
}
