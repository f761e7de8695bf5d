import { registerRecordResource } from '../../ui/records/definitions';

/** Vehicle-and-card assignment (docs/product/people.md#assignments): now, from /api/UnitAssignments/current. */
export const unitAssignmentsResource = registerRecordResource({
  name: 'management/vehicle-and-card-assignment',
  api: '/api/UnitAssignments',
  endpoints: { list: '/api/UnitAssignments/current' },
});
