import { registerRecordResource } from '../../src/common/records/recordResource';

/** The company's operating authorities (SPEC.md §2 Carrier management) on /api/Carriers. */
export const carriersResource = registerRecordResource({ name: 'management/carrier-management', api: '/api/Carriers' });
