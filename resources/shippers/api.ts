import { registerRecordResource } from '../../src/common/records/recordResource';

/** Shippers (SPEC.md §2 Management) on /api/Shipper. */
export const shippersResource = registerRecordResource({ name: 'management/shipper-management', api: '/api/Shipper' });
