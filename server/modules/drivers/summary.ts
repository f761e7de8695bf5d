import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { type DriverSummary, driverSummaryQuery } from '../../../schema/driverSummary';
import { expiryState, todayIso } from '../../../schema/expiry';
import { ok, type ServerContext } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import { driverScope } from '../finances/scope';
import { driverName } from './names';

const NEXT_PICKUPS = 5;
const NOT_PICKED_UP = ['NEW', 'ASSIGNED', 'ON_HOLD'];

/**
 * The driver report's side cards: the driver's next pickups and their CDL and medical card dates. A driver gets their
 * own whatever they ask; staff who read every driver's finances name the driver.
 */
export default async function driverSummaryRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get<{ Querystring: z.output<typeof driverSummaryQuery> }>(
    '/api/Driver/report-summary',
    {
      config: { access: { feature: 'DriverReport', permission: 'Read' } },
      schema: {
        tags: ['Reports'],
        summary: 'A driver’s next pickups and license expirations (driverId; a driver gets their own)',
        querystring: driverSummaryQuery,
      },
    },
    async (request): Promise<{ value: DriverSummary }> => {
      const scope = await driverScope(ctx, request);
      const driverId = scope ? scope.driverId : request.query.driverId;
      if (!driverId) throw scope ? notFound('Your driver record') : badRequest('Choose the driver', 'driverId');
      const today = request.query.today ?? todayIso();
      const driver = await ctx.db
        .selectFrom('drivers as d')
        .select(['id', driverName('d').as('name'), 'cdl_expires_on', 'medical_card_expires_on'])
        .where('id', '=', driverId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!driver) throw notFound('Driver');
      // The driver's index on (driver_id, pickup_date): a range from today, the first few.
      const loads = await ctx.db
        .selectFrom('book_orders as o')
        .innerJoin('states as ps', 'ps.id', 'o.pickup_state_id')
        .innerJoin('states as ds', 'ds.id', 'o.delivery_state_id')
        .select([
          'o.id',
          'o.order_number',
          'o.pickup_date',
          'o.pickup_city',
          'ps.abbreviation as pickup_state',
          'o.delivery_city',
          'ds.abbreviation as delivery_state',
          'o.vehicle_count',
          'o.status',
        ])
        .where('o.driver_id', '=', driverId)
        .where('o.pickup_date', '>=', today)
        .where('o.deleted_at', 'is', null)
        .where('o.status', 'in', NOT_PICKED_UP)
        .orderBy('o.pickup_date')
        .orderBy('o.id')
        .limit(NEXT_PICKUPS)
        .execute();
      return ok({
        driverId: driver.id,
        driverName: driver.name,
        nextPickups: loads.map((o) => ({
          id: o.id,
          orderNumber: o.order_number,
          pickupDate: o.pickup_date,
          from: `${o.pickup_city}, ${o.pickup_state}`,
          to: `${o.delivery_city}, ${o.delivery_state}`,
          vehicles: o.vehicle_count,
          status: o.status,
        })),
        expirations: [
          { what: 'CDL', on: driver.cdl_expires_on, state: expiryState(driver.cdl_expires_on, today) },
          {
            what: 'Medical card',
            on: driver.medical_card_expires_on,
            state: expiryState(driver.medical_card_expires_on, today),
          },
        ],
      });
    },
  );
}
