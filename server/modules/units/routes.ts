import type { FastifyInstance } from 'fastify';
import { expiryItems } from '../../../schema/expiry';
import { type UnitDto, type UnitInput, type UnitsQuery, unitInput, unitsQuery, unitUpdate } from '../../../schema/fleet';
import type { ServerContext } from '../../context';
import { badRequest, conflict } from '../../http/errors';
import { coversSql } from '../assignments/dates';
import { openAssignmentsOf } from '../assignments/holdings';
import { equals, expiringWhere, recordMeta } from '../records/query';
import { carrierReference, stateReference } from '../records/references';
import { registerRecord } from '../records/routes';

/** Vehicles (feature Vehicles): trucks and trailers, with the driver each one is assigned to today. */
export default async function unitRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  registerRecord<UnitDto, UnitInput, UnitsQuery>(app, ctx, {
    label: 'Vehicle', path: '/api/Units', table: 'units', entity: 'unit', csvName: 'vehicles',
    access: { read: ['Vehicles'], write: ['Vehicles'] },
    schemas: { create: unitInput, update: unitUpdate, query: unitsQuery },
    select: (query, today) =>
      query
        .leftJoin('carriers as c', 'c.id', 'r.carrier_id')
        .leftJoin('states as st', 'st.id', 'r.plate_state_id')
        .leftJoin('unit_assignments as a', (join) => join.onRef('a.unit_id', '=', 'r.id').on(coversSql('a', today)))
        .leftJoin('drivers as d', 'd.id', 'a.driver_id')
        .selectAll('r')
        .select(['c.name as carrierName', 'st.abbreviation as plateState', 'a.driver_id as driverId', 'd.first_name as driverFirst', 'd.last_name as driverLast']),
    toDto: (r, _children, today) => ({
      ...recordMeta(r), unitType: r.unit_type, unitNumber: r.unit_number, vin: r.vin, make: r.make, model: r.model, year: r.year, plate: r.plate,
      plateStateId: r.plate_state_id, plateState: r.plateState ?? null, capacity: r.capacity, carrierId: r.carrier_id, carrierName: r.carrierName ?? null,
      registrationExpiresOn: r.registration_expires_on, annualInspectionDueOn: r.annual_inspection_due_on, status: r.status,
      driverId: r.driverId ?? null, driverName: r.driverId ? `${r.driverFirst} ${r.driverLast}` : null,
      expiry: expiryItems({ registrationExpiresOn: r.registration_expires_on, annualInspectionDueOn: r.annual_inspection_due_on }, today),
    }),
    columns: (u) => ({
      unit_type: u.unitType, unit_number: u.unitNumber, vin: u.vin, make: u.make, model: u.model, year: u.year, plate: u.plate, plate_state_id: u.plateStateId,
      capacity: u.capacity, carrier_id: u.carrierId, registration_expires_on: u.registrationExpiresOn, annual_inspection_due_on: u.annualInspectionDueOn, status: u.status,
    }),
    search: ['r.unit_number', 'r.vin', 'r.plate', 'r.make', 'r.model'],
    filters: {
      unitType: equals('r.unit_type'),
      status: equals('r.status'),
      carrierId: equals('r.carrier_id'),
      expiring: expiringWhere(['r.registration_expires_on', 'r.annual_inspection_due_on']),
      assigned: (assigned, today) => (eb) => {
        const holders = db.selectFrom('unit_assignments as ua').select('ua.unit_id').where('ua.unit_id', 'is not', null).where(coversSql('ua', today));
        return eb('r.id', assigned ? 'in' : 'not in', holders);
      },
    },
    sorts: {
      unitNumber: ['r.unit_number'], unitType: ['r.unit_type', 'r.unit_number'], year: ['r.year'], status: ['r.status'],
      registrationExpiresOn: ['r.registration_expires_on'], annualInspectionDueOn: ['r.annual_inspection_due_on'], createdAt: ['r.created_at'], id: [],
    },
    defaultSort: 'unitNumber',
    references: [carrierReference((u) => u.carrierId), stateReference('plateStateId', (u) => u.plateStateId)],
    unique: [
      { field: 'unitNumber', expression: 'unit_number', value: (u) => u.unitNumber, scope: (u) => ({ unit_type: u.unitType }), message: (u) => `There is already a ${u.unitType.toLowerCase()} numbered ${u.unitNumber}` },
      { field: 'vin', expression: 'vin', value: (u) => u.vin, message: (u) => `Another vehicle has VIN ${u.vin}` },
    ],
    beforeWrite: async (trx, { action, input, before }) => {
      if (action === 'update' && before && input && before.unitType !== input.unitType) {
        const used = await trx.selectFrom('unit_assignments').select('id').where('unit_id', '=', before.id).executeTakeFirst();
        if (used) throw badRequest('A vehicle that has been assigned keeps its type; add a new vehicle instead', 'unitType');
      }
      if (action === 'delete' && before) {
        const open = await openAssignmentsOf(trx, { unitId: before.id });
        if (open.length) throw conflict(`${before.unitType} ${before.unitNumber} is assigned to ${open.join(', ')}; end the assignment first`);
      }
    },
    csv: [
      ['Type', (u) => u.unitType], ['Unit number', (u) => u.unitNumber], ['VIN', (u) => u.vin], ['Year', (u) => u.year], ['Make', (u) => u.make], ['Model', (u) => u.model],
      ['Plate', (u) => u.plate], ['Plate state', (u) => u.plateState], ['Capacity', (u) => u.capacity], ['Carrier', (u) => u.carrierName], ['Status', (u) => u.status],
      ['Registration expires', (u) => u.registrationExpiresOn], ['Annual inspection due', (u) => u.annualInspectionDueOn], ['Driver', (u) => u.driverName],
      ['Expiry', (u) => u.expiry.map((e) => `${e.field} ${e.state}`).join('; ')], ['Deleted', (u) => (u.deleted ? 'yes' : 'no')],
    ],
  });
}
