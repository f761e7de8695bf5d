import type { FastifyInstance } from 'fastify';
import { expiryItems } from '../../../schema/expiry';
import { type AuthorityDto, type CarrierDto, type CarrierInput, type CarriersQuery, carrierInput, carriersQuery, carrierUpdate } from '../../../schema/people';
import { fromCents, toCents } from '../../../schema/records';
import type { ServerContext } from '../../context';
import { childRows } from '../records/children';
import { expiringWhere, recordMeta } from '../records/query';
import { registerRecord } from '../records/routes';

const insuranceExpiring = expiringWhere(['r.insurance_expires_on']);

/** Carrier management (feature CarrierManagement): the company's operating authorities and their insurance. */
export default async function carrierRoutes(app: FastifyInstance, ctx: ServerContext) {
  const authorities = childRows<CarrierInput, AuthorityDto>({
    table: 'carrier_authorities', parent: 'carrier_id',
    toDto: (a) => ({ type: a.type, docketNumber: a.docket_number, status: a.status, grantedOn: a.granted_on }),
    toRows: (c) => c.authorities.map((a) => ({ type: a.type, docket_number: a.docketNumber, status: a.status, granted_on: a.grantedOn })),
  });
  registerRecord<CarrierDto, CarrierInput, CarriersQuery>(app, ctx, {
    label: 'Carrier', path: '/api/Carriers', table: 'carriers', entity: 'carrier', csvName: 'carriers',
    access: { read: ['CarrierManagement'], write: ['CarrierManagement'] },
    schemas: { create: carrierInput, update: carrierUpdate, query: carriersQuery },
    select: (query) => query.selectAll('r'),
    toDto: (r, children, today) => {
      const insurance = r.insurance_expires_on
        ? {
          insurer: r.insurance_insurer, policyNumber: r.insurance_policy_number, cargoCoverage: fromCents(r.insurance_cargo_cents ?? 0),
          liabilityCoverage: fromCents(r.insurance_liability_cents ?? 0), expiresOn: r.insurance_expires_on,
        }
        : null;
      return {
        ...recordMeta(r), code: r.code, name: r.name, mcNumber: r.mc_number, usdotNumber: r.usdot_number,
        authorities: (children as AuthorityDto[] | undefined) ?? [], insurance, expiry: expiryItems({ 'insurance.expiresOn': r.insurance_expires_on }, today),
      };
    },
    columns: (c) => ({
      code: c.code, name: c.name, mc_number: c.mcNumber, usdot_number: c.usdotNumber, insurance_insurer: c.insurance?.insurer ?? null,
      insurance_policy_number: c.insurance?.policyNumber ?? null, insurance_cargo_cents: c.insurance ? toCents(c.insurance.cargoCoverage) : null,
      insurance_liability_cents: c.insurance ? toCents(c.insurance.liabilityCoverage) : null, insurance_expires_on: c.insurance?.expiresOn ?? null,
    }),
    children: authorities,
    search: ['r.name', 'r.code', 'r.mc_number', 'r.usdot_number', 'r.insurance_insurer'],
    filters: { insuranceExpiring, expiring: insuranceExpiring },
    sorts: { name: ['r.name'], code: ['r.code'], insuranceExpiresOn: ['r.insurance_expires_on'], createdAt: ['r.created_at'], id: [] },
    defaultSort: 'name',
    unique: [
      { field: 'code', expression: 'code', value: (c) => c.code, message: (c) => `Another carrier has the code ${c.code}` },
      { field: 'mcNumber', expression: 'mc_number', value: (c) => c.mcNumber, message: (c) => `Another carrier has MC number ${c.mcNumber}` },
      { field: 'usdotNumber', expression: 'usdot_number', value: (c) => c.usdotNumber, message: (c) => `Another carrier has USDOT number ${c.usdotNumber}` },
    ],
    csv: [
      ['Code', (c) => c.code], ['Name', (c) => c.name], ['MC number', (c) => c.mcNumber], ['USDOT number', (c) => c.usdotNumber],
      ['Authorities', (c) => c.authorities.map((a) => `${a.type} ${a.docketNumber} ${a.status}`).join('; ')],
      ['Insurer', (c) => c.insurance?.insurer], ['Policy', (c) => c.insurance?.policyNumber], ['Cargo coverage', (c) => c.insurance?.cargoCoverage.toFixed(2)],
      ['Liability coverage', (c) => c.insurance?.liabilityCoverage.toFixed(2)], ['Insurance expires', (c) => c.insurance?.expiresOn],
      ['Expiry', (c) => c.expiry.map((e) => e.state).join(' ')], ['Deleted', (c) => (c.deleted ? 'yes' : 'no')],
    ],
  });
}
