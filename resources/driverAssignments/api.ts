import { registerRecordResource } from '../../ui/records/definitions';

/** Driver–dispatcher assignment (SPEC.md §2 Assignment): the current picture on /api/DriverAssignments/current. */
export const driverAssignmentsResource = registerRecordResource({
  name: 'management/driver-assignment',
  api: '/api/DriverAssignments',
  endpoints: { list: '/api/DriverAssignments/current' },
});
