import type { FastifyInstance } from 'fastify';
import { idParams } from '../../../schema/common';
import { FLEET_TABS, type FleetListQuery, fleetListQuery } from '../../../schema/fleetOwner';
import { ok, page, type ServerContext } from '../../context';
import { notFound } from '../../http/errors';
import { FLEET_LISTS } from './lists';
import { linkedCarrier } from './scope';

const READ = { access: { feature: 'MyFleet', permission: 'Read' } } as const;
const tags = ['Fleet owner'];
const WHAT: Record<(typeof FLEET_TABS)[number], string> = {
  units: 'Unit',
  drivers: 'Driver',
  loads: 'Load',
  settlements: 'Settlement',
};

/**
 * A Fleet owner's own fleet, read-only (feature MyFleet, docs/product/accounts.md#fleet-owners): the carrier their
 * account is linked to, and that carrier's units, drivers, loads and settlements. Every query is limited to the linked
 * carrier: another carrier's record is a 404, as is any record while the account is not linked (the lists are empty).
 */
export default async function fleetOwnerRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  app.get(
    '/api/FleetOwner/carrier',
    { config: READ, schema: { tags, summary: 'The carrier the account is linked to, or null while it is not' } },
    async (request) => ok(await linkedCarrier(db, request)),
  );

  for (const tab of FLEET_TABS) {
    const list = FLEET_LISTS[tab];
    app.get<{ Querystring: FleetListQuery }>(
      `/api/FleetOwner/${tab}`,
      {
        config: READ,
        schema: { tags, summary: `The linked carrier's ${tab}, a page at a time`, querystring: fleetListQuery },
      },
      async (request) => {
        const { page: pageNumber, size } = request.query;
        const carrier = await linkedCarrier(db, request);
        if (!carrier) return page([], 0, pageNumber, size);
        const { items, totalCount } = await list.page(db, carrier.id, request.query);
        return page(items, totalCount, pageNumber, size);
      },
    );
    app.get<{ Params: { id: number } }>(
      `/api/FleetOwner/${tab}/:id`,
      { config: READ, schema: { tags, summary: `One of the linked carrier's ${tab}`, params: idParams } },
      async (request) => {
        const carrier = await linkedCarrier(db, request);
        const found = carrier ? await list.one(db, carrier.id, request.params.id) : undefined;
        if (found === undefined) throw notFound(WHAT[tab]);
        return ok(found);
      },
    );
  }
}
