import type { FastifyInstance } from 'fastify';
import { type BrokerContactDto, type BrokerDto, type BrokerInput, type BrokersQuery, brokerInput, brokersQuery, brokerUpdate } from '../../../schema/people';
import type { ServerContext } from '../../context';
import { childRows } from '../records/children';
import { equals, recordMeta } from '../records/query';
import { stateReference } from '../records/references';
import { registerRecord } from '../records/routes';

/** Brokers (feature Brokers): MC/USDOT numbers, payment terms, status and a list of contacts. */
export default async function brokerRoutes(app: FastifyInstance, ctx: ServerContext) {
  const contacts = childRows<BrokerInput, BrokerContactDto>({
    table: 'broker_contacts', parent: 'broker_id',
    toDto: (c) => ({ name: c.name, phone: c.phone, email: c.email, role: c.role }),
    toRows: (b) => b.contacts.map((c) => ({ name: c.name, phone: c.phone, email: c.email, role: c.role })),
  });
  registerRecord<BrokerDto, BrokerInput, BrokersQuery>(app, ctx, {
    label: 'Broker', path: '/api/Brokers', table: 'brokers', entity: 'broker', csvName: 'brokers',
    access: { read: ['Brokers'], write: ['Brokers'] },
    schemas: { create: brokerInput, update: brokerUpdate, query: brokersQuery },
    select: (query) => query.leftJoin('states as st', 'st.id', 'r.state_id').selectAll('r').select('st.abbreviation as state'),
    toDto: (r, children) => ({
      ...recordMeta(r), name: r.name, mcNumber: r.mc_number, usdotNumber: r.usdot_number, phone: r.phone, email: r.email, address: r.address,
      city: r.city, stateId: r.state_id, state: r.state ?? null, zip: r.zip, paymentTermsDays: r.payment_terms_days, status: r.status,
      contacts: (children as BrokerContactDto[] | undefined) ?? [],
    }),
    columns: (b) => ({
      name: b.name, mc_number: b.mcNumber, usdot_number: b.usdotNumber, phone: b.phone, email: b.email, address: b.address, city: b.city,
      state_id: b.stateId, zip: b.zip, payment_terms_days: b.paymentTermsDays, status: b.status,
    }),
    children: contacts,
    search: ['r.name', 'r.mc_number', 'r.usdot_number', 'r.email', 'r.city'],
    filters: { status: equals('r.status'), stateId: equals('r.state_id') },
    sorts: { name: ['r.name'], mcNumber: ['r.mc_number'], paymentTermsDays: ['r.payment_terms_days'], status: ['r.status'], createdAt: ['r.created_at'], id: [] },
    defaultSort: 'name',
    references: [stateReference('stateId', (b) => b.stateId)],
    unique: [
      { field: 'name', expression: 'lower(name)', value: (b) => b.name.toLowerCase(), message: (b) => `A broker named ${b.name} already exists` },
      { field: 'mcNumber', expression: 'mc_number', value: (b) => b.mcNumber, message: (b) => `Another broker has MC number ${b.mcNumber}` },
      { field: 'usdotNumber', expression: 'usdot_number', value: (b) => b.usdotNumber, message: (b) => `Another broker has USDOT number ${b.usdotNumber}` },
    ],
    csv: [
      ['Name', (b) => b.name], ['MC number', (b) => b.mcNumber], ['USDOT number', (b) => b.usdotNumber], ['Status', (b) => b.status],
      ['Payment terms (days)', (b) => b.paymentTermsDays], ['Phone', (b) => b.phone], ['E-mail', (b) => b.email], ['Address', (b) => b.address],
      ['City', (b) => b.city], ['State', (b) => b.state], ['ZIP', (b) => b.zip],
      ['Contacts', (b) => b.contacts.map((c) => [c.name, c.role, c.phone, c.email].filter(Boolean).join(' / ')).join('; ')],
      ['Deleted', (b) => (b.deleted ? 'yes' : 'no')],
    ],
  });
}
