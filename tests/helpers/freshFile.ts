import { afterAll, vi } from 'vitest';
import { setClock, setCompanyTimeZone } from '../../schema/businessDay';
import { TEST_TIME_ZONE } from './testTimeZone';

/**
 * Runs before each server test file and each journey (vitest.config.ts, setupFiles). Those files share their worker's
 * loaded modules (isolate: false, which saves importing the server again per file), so what one file set in a module
 * or in the process is put back here for the next: the company's time zone and clock (schema/businessDay.ts), the
 * environment, and the timers and spies of vitest. A journey's server then sets its own zone as it starts. It imports
 * nothing of the server: a file's vi.mock must come before the server's modules are first loaded.
 */
const environment = { ...process.env };
setCompanyTimeZone(TEST_TIME_ZONE);
setClock(null);

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
  setCompanyTimeZone(TEST_TIME_ZONE);
  setClock(null);
  vi.useRealTimers();
  vi.restoreAllMocks();
});
