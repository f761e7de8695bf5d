import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { VIN_CHECK_MESSAGE, VIN_PATTERN, VIN_SHAPE_MESSAGE, isValidVin } from '../../../schema/vin';
import { type ServerContext, ok } from '../../context';
import { ApiError, badRequest } from '../../http/errors';
import { VinCatalog } from './catalog';

const vinParams = z.object({ vin: z.string().max(40) });

/**
 * GET /api/Vin/{vin}: year, make, model and body type of a VIN, from the national VIN database kept on this server
 * (server/modules/vin/catalog.ts). The order form asks it as soon as a VIN is whole (docs/product/book-orders.md#vin).
 */
export default async function vinRoutes(app: FastifyInstance, ctx: ServerContext) {
  const catalog = new VinCatalog(ctx.config.dataDir);
  app.get<{ Params: z.infer<typeof vinParams> }>(
    '/api/Vin/:vin',
    {
      config: { access: { feature: 'BookOrders', permission: 'Read' } },
      schema: {
        tags: ['Book orders'],
        summary: 'What a VIN says of its vehicle: year, make, model, body type',
        params: vinParams,
      },
    },
    async (request) => {
      const vin = request.params.vin.trim().toUpperCase();
      if (!VIN_PATTERN.test(vin)) throw badRequest(VIN_SHAPE_MESSAGE, 'vin');
      if (!isValidVin(vin)) throw badRequest(VIN_CHECK_MESSAGE, 'vin');
      const decoded = await catalog.decode(vin);
      if (!decoded)
        throw new ApiError(404, 'The VIN database knows nothing of this VIN; type the vehicle in', 'not_found');
      return ok(decoded);
    },
  );
}
