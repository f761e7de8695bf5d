import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

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
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // Chromium journeys against the real server and the built app (tests/run.mjs builds it first). Each file has its
        // own server, data directory, scratch PostgreSQL databases and browser, so two run at once: a journey mostly
        // waits (for the screen, the hub, the server), and two workers took the journeys from 651 s to 442 s here (about
        // 40% of the two cores busy); three gave 406 s under more load, not worth the risk to timing.
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
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
