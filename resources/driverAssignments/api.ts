import { registerRecordResource } from '../../ui/records/definitions';

/** Driver–dispatcher assignment (docs/product/people.md#assignments): now, from /api/DriverAssignments/current. */
export const driverAssignmentsResource = registerRecordResource({
  name: 'management/driver-assignment',
  api: '/api/DriverAssignments',
  endpoints: { list: '/api/DriverAssignments/current' },
});
