import type { TestProject } from 'vitest/node';
import { makeDatabaseTemplates } from '../helpers/databaseTemplates';
import { JOURNEY_TIME_ZONE } from '../helpers/testTimeZone';

/**
 * vitest's globalSetup of the journeys: the embedded database migrated and seeded once per run, in the journeys' zone,
 * for each journey file's server to start on a copy (tests/e2e/helpers.ts) instead of making it again.
 */
export default function journeyTemplate(project: TestProject): Promise<() => Promise<void>> {
  return makeDatabaseTemplates(project, { timeZone: JOURNEY_TIME_ZONE, postgres: false });
}
