/** The write routes fuzzed on SQLite (tests/server/fuzz/writeRoutes.ts); PostgreSQL has a file of its own. */
import { checkDiscovery, fuzzEveryWriteRoute, fuzzValuesAtEdges } from './fuzz/writeRoutes';

checkDiscovery();
fuzzEveryWriteRoute('sqlite');
fuzzValuesAtEdges('sqlite');
