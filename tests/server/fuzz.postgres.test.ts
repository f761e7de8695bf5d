/** The write routes fuzzed on PostgreSQL (tests/server/fuzz/writeRoutes.ts), when TEST_DATABASE_URL names a server. */
import { describe } from 'vitest';
import { DATABASES } from '../helpers/server';
import { fuzzEveryWriteRoute, fuzzValuesAtEdges } from './fuzz/writeRoutes';

describe.skipIf(!DATABASES.includes('postgres'))('on PostgreSQL', () => {
  fuzzEveryWriteRoute('postgres');
  fuzzValuesAtEdges('postgres');
});
