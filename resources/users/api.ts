import { registerRecordResource } from '../../src/common/records/recordResource';

/** Users (SPEC.md §2 Management) on /api/User. */
export const usersResource = registerRecordResource({ name: 'management/user-management', api: '/api/User' });
