import { registerRecordResource } from '../../ui/records/definitions';

/** Vehicle-and-card assignment (SPEC.md §2 Assignment): the current picture on /api/UnitAssignments/current. */
export const unitAssignmentsResource = registerRecordResource({
  name: 'management/vehicle-and-card-assignment',
  api: '/api/UnitAssignments',
  endpoints: { list: '/api/UnitAssignments/current' },
});
