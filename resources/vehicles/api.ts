import { registerRecordResource } from '../../src/common/records/recordResource';

/** Trucks and trailers (SPEC.md §2 Vehicles) on /api/Units. */
export const vehiclesResource = registerRecordResource({ name: 'management/vehicles', api: '/api/Units' });
