import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expiryItems } from '../../../schema/expiry';
import { type DriverDto, type DriverInput, type DriversQuery, driverInput, driversQuery, driverUpdate, payRateFromStored, payRateToStored } from '../../../schema/people';
import type { ServerContext } from '../../context';
import { badRequest, conflict } from '../../http/errors';
import { openAssignmentsOf } from '../assignments/holdings';
import { equals, expiringWhere, recordMeta } from '../records/query';
import { carrierReference, stateReference } from '../records/references';
import { registerRecord } from '../records/routes';

/** Read with any screen that shows drivers; written with Vehicles (fleet) or Users (people). */
export const DRIVER_ACCESS = { read: ['Users', 'Vehicles', 'DriverAssignment', 'VehicleAndCardAssignment'], write: ['Vehicles', 'Users'] } as const;

export default async function driverRoutes(app: FastifyInstance, ctx: ServerContext) {
  registerRecord<DriverDto, DriverInput, DriversQuery>(app, ctx, {
    label: 'Driver', path: '/api/Driver', table: 'drivers', entity: 'driver', csvName: 'drivers',
    access: DRIVER_ACCESS,
    schemas: { create: driverInput, update: driverUpdate, query: driversQuery },
    select: (query) =>
      query
        .leftJoin('carriers as c', 'c.id', 'r.carrier_id')
        .leftJoin('states as st', 'st.id', 'r.cdl_state_id')
        .leftJoin('users as u', 'u.id', 'r.user_id')
        .selectAll('r')
        .select(['c.name as carrierName', 'st.abbreviation as cdlState', 'u.email as userEmail']),
    toDto: (r, _children, today) => ({
      ...recordMeta(r), userId: r.user_id, userEmail: r.userEmail ?? null, carrierId: r.carrier_id, carrierName: r.carrierName ?? null,
      firstName: r.first_name, lastName: r.last_name, name: `${r.first_name} ${r.last_name}`, email: r.email, phone: r.phone, phoneCountry: r.phone_country,
      driverType: r.driver_type, cdlClass: r.cdl_class, cdlNumber: r.cdl_number, cdlStateId: r.cdl_state_id, cdlState: r.cdlState ?? null,
      cdlExpiresOn: r.cdl_expires_on, medicalCardExpiresOn: r.medical_card_expires_on, mvrCheckedOn: r.mvr_checked_on, hiredOn: r.hired_on,
      terminatedOn: r.terminated_on, status: r.terminated_on && r.terminated_on <= today ? 'TERMINATED' : 'ACTIVE', payType: r.pay_type,
      payRate: payRateFromStored(r.pay_rate), expiry: expiryItems({ cdlExpiresOn: r.cdl_expires_on, medicalCardExpiresOn: r.medical_card_expires_on }, today),
    }),
    columns: (d) => ({
      user_id: d.userId, carrier_id: d.carrierId, first_name: d.firstName, last_name: d.lastName, email: d.email, phone: d.phone, phone_country: d.phoneCountry,
      driver_type: d.driverType, cdl_class: d.cdlClass, cdl_number: d.cdlNumber, cdl_state_id: d.cdlStateId, cdl_expires_on: d.cdlExpiresOn,
      medical_card_expires_on: d.medicalCardExpiresOn, mvr_checked_on: d.mvrCheckedOn, hired_on: d.hiredOn, terminated_on: d.terminatedOn,
      pay_type: d.payType, pay_rate: payRateToStored(d.payRate),
    }),
    search: [`r.first_name || ' ' || r.last_name`, 'r.email', 'r.phone', 'r.cdl_number'],
    filters: {
      carrierId: equals('r.carrier_id'),
      driverType: equals('r.driver_type'),
      cdlClass: equals('r.cdl_class'),
      terminated: (terminated, today) => (eb) =>
        terminated ? eb('r.terminated_on', '<=', today) : eb.or([eb('r.terminated_on', 'is', null), eb('r.terminated_on', '>', today)]),
      expiring: expiringWhere(['r.cdl_expires_on', 'r.medical_card_expires_on']),
    },
    sorts: {
      name: [sql`lower(r.last_name)`, sql`lower(r.first_name)`], hiredOn: ['r.hired_on'], cdlExpiresOn: ['r.cdl_expires_on'],
      medicalCardExpiresOn: ['r.medical_card_expires_on'], driverType: ['r.driver_type'], createdAt: ['r.created_at'], id: [],
    },
    defaultSort: 'name',
    references: [carrierReference((d) => d.carrierId), stateReference('cdlStateId', (d) => d.cdlStateId)],
    unique: [
      { field: 'userId', expression: 'user_id', value: (d) => d.userId, message: () => 'This user is already linked to another driver' },
      { field: 'cdlNumber', expression: 'cdl_number', value: (d) => d.cdlNumber, scope: (d) => ({ cdl_state_id: d.cdlStateId }), message: (d) => `Another driver has CDL ${d.cdlNumber} of that state` },
    ],
    beforeWrite: async (trx, { action, input, before }) => {
      if (input?.userId) {
        const user = await trx
          .selectFrom('users as u').innerJoin('user_roles as ur', 'ur.user_id', 'u.id').innerJoin('roles as ro', 'ro.id', 'ur.role_id')
          .select('u.id').where('u.id', '=', input.userId).where('u.deleted_at', 'is', null).where('ro.name', '=', 'Driver').executeTakeFirst();
        if (!user) throw badRequest('Link a user who holds the Driver role', 'userId');
      }
      if (action === 'delete' && before) await refuseWhileHolding(trx, before.id, before.name);
    },
    csv: [
      ['First name', (d) => d.firstName], ['Last name', (d) => d.lastName], ['Status', (d) => d.status], ['Type', (d) => d.driverType], ['Carrier', (d) => d.carrierName],
      ['E-mail', (d) => d.email], ['Phone', (d) => d.phone], ['Phone country', (d) => d.phoneCountry], ['CDL class', (d) => d.cdlClass], ['CDL number', (d) => d.cdlNumber],
      ['CDL state', (d) => d.cdlState], ['CDL expires', (d) => d.cdlExpiresOn], ['Medical card expires', (d) => d.medicalCardExpiresOn], ['MVR checked', (d) => d.mvrCheckedOn],
      ['Hired', (d) => d.hiredOn], ['Terminated', (d) => d.terminatedOn], ['Pay type', (d) => d.payType], ['Pay rate', (d) => d.payRate],
      ['Expiry', (d) => d.expiry.map((e) => `${e.field} ${e.state}`).join('; ')], ['Deleted', (d) => (d.deleted ? 'yes' : 'no')],
    ],
  });
}

/** A driver who still holds a dispatcher, unit or card cannot be deleted: the assignments end first. */
async function refuseWhileHolding(trx: Parameters<typeof openAssignmentsOf>[0], driverId: number, name: string) {
  const open = await openAssignmentsOf(trx, { driverId });
  if (open.length) throw conflict(`${name} still has ${open.join(', ')}; end those assignments first`);
}
