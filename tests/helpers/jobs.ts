import { sql } from 'kysely';
import type { TestServer } from './server';

/**
 * The job queue in tests (server/jobs): instead of waiting for a clock, make what waits due now, then wait until the
 * queue is idle (server.app.jobs.idle()).
 */

/** Every job waiting for its next attempt (or a later time) becomes due now; returns how many. */
export async function hurryJobs(server: TestServer): Promise<number> {
  if (server.kind === 'postgres') {
    // graphile-worker's table (test only): waiting jobs, not locked, with attempts left; the NOTIFY wakes the workers.
    const { rows } = await sql<{ n: number }>`with hurried as (
        update graphile_worker._private_jobs set run_at = now()
        where locked_at is null and attempts < max_attempts and run_at > now() returning 1)
      select count(*)::int as n from hurried`.execute(server.db);
    await sql`select pg_notify('jobs:insert', ${JSON.stringify({ count: rows[0].n })})`.execute(server.db);
    return rows[0].n;
  }
  const now = new Date().toISOString();
  const hurried = await server.db
    .updateTable('jobs')
    .set({ run_at: now })
    .where('state', '=', 'pending')
    .where('run_at', '>', now)
    .executeTakeFirst();
  return Number(hurried.numUpdatedRows);
}

/**
 * A periodic job's next run, now: on SQLite its schedule row falls due (the queue's own path); on PostgreSQL the cron
 * item is checked to be registered with graphile-worker and one run is added as its cron would add it.
 */
export async function runPeriodicNow(server: TestServer, name: string): Promise<void> {
  if (server.kind === 'postgres') {
    const { rows } = await sql<{
      identifier: string;
    }>`select identifier from graphile_worker._private_known_crontabs where identifier = ${name}`.execute(server.db);
    if (!rows.length) throw new Error(`no cron item ${name}`);
    await sql`select graphile_worker.add_job(${name}, '{}'::json)`.execute(server.db);
  } else {
    const due = await server.db
      .updateTable('job_schedules')
      .set({ next_run_at: new Date(0).toISOString() })
      .where('name', '=', name)
      .executeTakeFirst();
    if (!Number(due.numUpdatedRows)) throw new Error(`no schedule ${name}`);
  }
  await server.app.jobs.idle();
}

/** Waiting, failed or running jobs of a name: on SQLite the jobs table, on PostgreSQL graphile-worker's jobs. */
export async function jobsOf(
  server: TestServer,
  name: string,
): Promise<{ attempts: number; lastError: string | null; due: boolean }[]> {
  const { rows } =
    server.kind === 'postgres'
      ? await sql<{ attempts: number; lastError: string | null; due: boolean }>`select attempts,
          last_error as "lastError", run_at <= now() as due from graphile_worker.jobs where task_identifier = ${name}`.execute(
          server.db,
        )
      : await sql<{ attempts: number; lastError: string | null; due: number }>`select attempts, last_error as lastError,
          run_at <= ${new Date().toISOString()} as due from jobs where name = ${name}`.execute(server.db);
  return rows.map((r) => ({ attempts: r.attempts, lastError: r.lastError, due: !!r.due }));
}
