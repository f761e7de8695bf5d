import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, type TestServer, startTestServer, tableNames } from '../helpers/server';

/**
 * The test servers start from the run's template (tests/helpers/databaseTemplates.ts): that start must find the same
 * database a start from nothing makes, or every test on a copy tests something no installation has.
 */
async function rowCounts(server: TestServer): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  // The job tables change on their own, as periodic jobs run (server/jobs/embedded.ts), and so does SQLite's own
  // bookkeeping of them (sqlite_sequence holds a row per table that has had an AUTOINCREMENT id).
  for (const table of (await tableNames(server.db)).filter((name) => !/^(jobs|job_schedules|sqlite_.*)$/.test(name))) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(server.db);
    counts[table] = Number(rows[0].n);
  }
  return counts;
}

describe.each(DATABASES)('a test server on %s', (kind) => {
  let copied: TestServer;
  let fresh: TestServer;
  beforeAll(async () => {
    copied = await startTestServer(kind);
    // Naming a seeding setting, even at its usual value, makes the start begin from an empty database.
    fresh = await startTestServer(kind, { DEMO_DATA: 'true' });
  });
  afterAll(async () => {
    await copied?.close();
    await fresh?.close();
  });

  it('starts from the template, and a start naming a seeding setting from nothing', () => {
    expect(copied.fromTemplate).toBe(true);
    expect(fresh.fromTemplate).toBe(false);
  });

  it('finds the same tables with the same number of rows as a start from nothing', async () => {
    // Each start runs the periodic jobs once (server/jobs/define.ts): count after they are done.
    await Promise.all([copied.app.jobs.idle(), fresh.app.jobs.idle()]);
    const [onCopy, onFresh] = await Promise.all([rowCounts(copied), rowCounts(fresh)]);
    const differing = Object.keys({ ...onCopy, ...onFresh }).filter((table) => onCopy[table] !== onFresh[table]);
    expect(differing.map((table) => `${table}: ${onCopy[table]} on the copy, ${onFresh[table]} from nothing`)).toEqual(
      [],
    );
  });

  it('signs the demo users in with their own secret', async () => {
    const token = await copied.login('administrator@haulboard.demo');
    expect((await fresh.call({ url: '/api/Auth/features/get', token })).status).toBe(401);
    expect((await copied.call({ url: '/api/Auth/features/get', token })).status).toBe(200);
  });
});
