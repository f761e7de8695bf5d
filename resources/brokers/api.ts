import { registerRecordResource } from '../../src/common/records/recordResource';

/** Brokers (SPEC.md §2 Management) on /api/Brokers. */
export const brokersResource = registerRecordResource({ name: 'management/brokers', api: '/api/Brokers' });
