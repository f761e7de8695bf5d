import { registerRecordResource } from '../../src/common/records/recordResource';

const USERS = '/app/management/user-management';
const VEHICLES = '/app/management/vehicles';

/**
 * Drivers on /api/Driver. No screen of SPEC.md §2 of their own: read with any screen that shows drivers, written
 * with Vehicles (fleet) or Users (people), as the server's routes declare (server/modules/drivers).
 */
export const driversResource = registerRecordResource({
  name: 'management/drivers',
  api: '/api/Driver',
  features: { read: [VEHICLES, USERS, '/app/management/driver-assignment', '/app/management/vehicle-and-card-assignment'], write: [VEHICLES, USERS] },
});
