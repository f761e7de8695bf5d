import type { FastifyInstance } from 'fastify';
import { type ShipperDto, type ShipperInput, type ShippersQuery, shipperInput, shippersQuery, shipperUpdate } from '../../../schema/people';
import type { ServerContext } from '../../context';
import { equals, recordMeta } from '../records/query';
import { registerRecord } from '../records/routes';
import { stateReference } from '../records/references';

/** Shippers (feature Shippers): the places cars are picked up from or delivered to on a load's behalf. */
export default async function shipperRoutes(app: FastifyInstance, ctx: ServerContext) {
  registerRecord<ShipperDto, ShipperInput, ShippersQuery>(app, ctx, {
    label: 'Shipper', path: '/api/Shipper', table: 'shippers', entity: 'shipper', csvName: 'shippers',
    access: { read: ['Shippers'], write: ['Shippers'] },
    schemas: { create: shipperInput, update: shipperUpdate, query: shippersQuery },
    select: (query) => query.leftJoin('states as st', 'st.id', 'r.state_id').selectAll('r').select('st.abbreviation as state'),
    toDto: (r) => ({
      ...recordMeta(r), name: r.name, contactName: r.contact_name, phone: r.phone, email: r.email, address: r.address, city: r.city,
      stateId: r.state_id, state: r.state ?? null, zip: r.zip,
    }),
    columns: (s) => ({ name: s.name, contact_name: s.contactName, phone: s.phone, email: s.email, address: s.address, city: s.city, state_id: s.stateId, zip: s.zip }),
    search: ['r.name', 'r.contact_name', 'r.email', 'r.city', 'r.phone'],
    filters: { stateId: equals('r.state_id'), city: (city) => (eb) => eb(eb.fn('lower', ['r.city']), '=', city.toLowerCase()) },
    sorts: { name: ['r.name'], city: ['r.city'], createdAt: ['r.created_at'], id: [] },
    defaultSort: 'name',
    references: [stateReference('stateId', (s) => s.stateId)],
    unique: [{ field: 'name', expression: 'lower(name)', value: (s) => s.name.toLowerCase(), message: (s) => `A shipper named ${s.name} already exists` }],
    csv: [
      ['Name', (s) => s.name], ['Contact', (s) => s.contactName], ['Phone', (s) => s.phone], ['E-mail', (s) => s.email], ['Address', (s) => s.address],
      ['City', (s) => s.city], ['State', (s) => s.state], ['ZIP', (s) => s.zip], ['Deleted', (s) => (s.deleted ? 'yes' : 'no')],
    ],
  });
}
