import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { businessDate, idParams } from '../../../schema/common';
import { type ServerContext, ok } from '../../context';
import { notFound } from '../../http/errors';
import { covers } from './dates';

const onDayQuery = z.object({ on: businessDate });

/**
 * GET /api/UnitAssignments/driver/{id}/on?on=YYYY-MM-DD: the truck and trailer a driver is assigned on a day, for the
 * order form, which takes them for the load's pickup date. Null where the driver has none that day.
 */
export function unitsOnDayRoute(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  app.get<{ Params: z.output<typeof idParams>; Querystring: z.output<typeof onDayQuery> }>(
    '/api/UnitAssignments/driver/:id/on',
    {
      config: { access: { feature: 'BookOrders', permission: 'Read' } },
      schema: {
        tags: ['Unit assignments'],
        summary: "A driver's truck and trailer on a day (the order form's pickup date)",
        params: idParams,
        querystring: onDayQuery,
      },
    },
    async (request) => {
      const driver = await db
        .selectFrom('drivers')
        .select('id')
        .where('id', '=', request.params.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!driver) throw notFound('Driver');
      const rows = await db
        .selectFrom('unit_assignments as a')
        .select(['a.kind', 'a.unit_id'])
        .where('a.driver_id', '=', driver.id)
        .where('a.kind', 'in', ['Truck', 'Trailer'])
        .where((eb) => covers(eb, 'a', request.query.on))
        .orderBy('a.starts_on', 'desc')
        .execute();
      const unitOf = (kind: string) => rows.find((row) => row.kind === kind)?.unit_id ?? null;
      return ok({ driverId: driver.id, on: request.query.on, truckId: unitOf('Truck'), trailerId: unitOf('Trailer') });
    },
  );
}
