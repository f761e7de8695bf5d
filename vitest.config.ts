import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

/** The server test files that replace a module with vi.mock (read from the files, so a new one is found). */
const SERVER_TESTS = 'tests/server';
const REPLACES_A_MODULE = fs
  .readdirSync(SERVER_TESTS, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `${SERVER_TESTS}/${file}`)
  .filter((file) => /\bvi\.(do)?mock\(/.test(fs.readFileSync(file, 'utf8')));

/** A project of server tests: Node, forked workers, a minute per test, the run's database templates (unless not). */
function serverProject(
  name: string,
  files: { include?: string[]; exclude?: string[]; isolate?: boolean; templates?: boolean },
) {
  return {
    test: {
      name,
      include: files.include ?? [`${SERVER_TESTS}/**/*.test.ts`],
      exclude: files.exclude ?? [],
      isolate: files.isolate ?? true,
      environment: 'node',
      // Makes the databases the test servers start from, once per run (tests/helpers/databaseTemplates.ts).
      globalSetup: files.templates === false ? [] : ['tests/helpers/databaseTemplates.ts'],
      // Puts back, before each file, what the last one in the same worker may have changed.
      setupFiles: ['tests/helpers/freshFile.ts'],
      testTimeout: 60_000,
      hookTimeout: 60_000,
      pool: 'forks' as const,
    },
  };
}

const { version } = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(version) },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // The screen tests (tests/unit/screens) render whole screens in jsdom and type with userEvent: on two cores
          // busy with the server tests beside them, one such test took over vitest's default 5 s in CI.
          testTimeout: 30_000,
        },
      },
      // The server tests share their worker's loaded modules from file to file (isolate: false): importing the server
      // again for each of some hundred files took about a third of their time. A file that replaces a module
      // (vi.mock) needs its own, so it runs in the isolated project below.
      serverProject('server', { exclude: REPLACES_A_MODULE, isolate: false }),
      // Its few files start from nothing rather than make the templates a second time.
      serverProject('server-isolated', { include: REPLACES_A_MODULE, templates: false }),
      {
        // Chromium journeys against the real server and the built app (tests/run.mjs builds it first). Each file has its
        // own server, data directory, scratch PostgreSQL databases and browser, so two run at once. Two keep both cores
        // busy (the whole run: 2,996 s of CPU in 1,530 s here, 87% of it Chromium's), so a third would only slow each
        // journey: what shortens the run is less for Chromium to draw (a load of the app costs about 3 s of CPU here, a
        // move inside it under 1 s).
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          // As the server tests: each file's server starts on a copy of the run's seeded database, and the files share
          // their worker's loaded modules (the server and playwright took about 6 s to import per file).
          globalSetup: ['tests/e2e/journeyTemplate.ts'],
          setupFiles: ['tests/helpers/freshFile.ts'],
          isolate: false,
          // Doubled in CI with the journeys' waits (tests/e2e/helpers.ts, WAIT).
          testTimeout: process.env.CI ? 240_000 : 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        // The accessibility walk (every role, every screen, two widths): too long for npm test on two cores, so it runs
        // on its own (`npm run walk:a11y`), with the journeys' settings.
        test: {
          name: 'walk',
          include: ['tests/e2e/**/*.walk.ts'],
          environment: 'node',
          testTimeout: 900_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
