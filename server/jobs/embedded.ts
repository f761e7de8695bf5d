import crypto from 'node:crypto';
import { sql } from 'kysely';
import { transact } from '../db/transaction';
import { type AnyJob, nextSlot, retryDelayMs, runJob } from './define';
import { onEnqueued } from './enqueue';
import { IDLE_TIMEOUT_MS, type JobQueue, type QueueOptions } from './queue';

/** The longest sleep between two looks at the table (a job enqueued by this process wakes it at once). */
const MAX_SLEEP_MS = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** The queues running in this process: a row locked by none of them was cut short by a stop of the process. */
const live = new Set<string>();

/**
 * The queue on SQLite, in this process (docs/architecture.md#jobs): claims due rows of `jobs` (one statement, so two
 * app instances on one file never take the same row), runs them, deletes a done one, and on a failure records the
 * error and sets the next attempt by retryDelayMs, or marks it failed when its retries are spent. Periodic jobs
 * become rows when their job_schedules time comes. It sleeps until the next due time, and is woken by a commit that
 * enqueued (server/jobs/enqueue.ts).
 */
export function embeddedQueue({ ctx, log, definitions, concurrency = 4 }: QueueOptions): JobQueue {
  const { db } = ctx;
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const running = new Set<Promise<void>>();
  const id = crypto.randomUUID();
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;
  let looking: Promise<void> | null = null;
  let lookAgain = false;

  const periodic = definitions.filter((d) => d.schedule);
  // Never empty (an IN list must not be): a name no job has stands for none.
  const periodicNames = periodic.length ? periodic.map((d) => d.name) : [''];

  /** Periodic jobs whose time has come become rows; the schedule moves on in the same transaction. */
  async function scheduleDue(now: number): Promise<void> {
    if (!periodic.length) return;
    const rows = await db.selectFrom('job_schedules').select(['name', 'next_run_at']).execute();
    const nextRuns = new Map(rows.map((r) => [r.name, r.next_run_at]));
    for (const definition of periodic) {
      const known = nextRuns.get(definition.name);
      if (known !== undefined && known > iso(now)) continue;
      const next = iso(nextSlot(now, definition.schedule!.everyMinutes));
      await transact(db, async (trx) => {
        const row = await trx
          .selectFrom('job_schedules')
          .select('next_run_at')
          .where('name', '=', definition.name)
          .executeTakeFirst();
        if (!row) {
          await trx.insertInto('job_schedules').values({ name: definition.name, next_run_at: next }).execute();
          return;
        }
        if (row.next_run_at > iso(now)) return;
        await trx.updateTable('job_schedules').set({ next_run_at: next }).where('name', '=', definition.name).execute();
        await trx
          .insertInto('jobs')
          .values({
            name: definition.name,
            payload: '{}',
            state: 'pending',
            run_at: iso(now),
            max_attempts: definition.retry.maxAttempts,
            last_error: null,
            created_at: iso(now),
            finished_at: null,
          })
          .execute();
      });
    }
  }

  async function claim() {
    const now = iso(Date.now());
    return db
      .updateTable('jobs')
      .set((eb) => ({ state: 'running', locked_by: id, attempts: eb('attempts', '+', 1) }))
      .where('state', '=', 'pending')
      .where('id', '=', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('state', '=', 'pending')
          .where('run_at', '<=', now)
          .where('name', 'in', [...byName.keys()])
          .orderBy('run_at')
          .orderBy('id')
          .limit(1),
      )
      .returningAll()
      .executeTakeFirst();
  }

  async function runRow(row: NonNullable<Awaited<ReturnType<typeof claim>>>): Promise<void> {
    const definition = byName.get(row.name) as AnyJob;
    const outcome = await runJob(
      definition,
      JSON.parse(row.payload),
      { number: row.attempts, createdAt: new Date(row.created_at) },
      { ctx, log },
    );
    const now = Date.now();
    if (outcome.kind === 'done') {
      await db.deleteFrom('jobs').where('id', '=', row.id).execute();
      return;
    }
    const error = outcome.kind === 'gave up' ? outcome.reason : outcome.error.message;
    const again = outcome.kind === 'failed' && row.attempts < row.max_attempts;
    await db
      .updateTable('jobs')
      .set(
        again
          ? { state: 'pending', locked_by: null, last_error: error, run_at: iso(now + retryDelayMs(row.attempts)) }
          : { state: 'failed', locked_by: null, last_error: error, finished_at: iso(now) },
      )
      .where('id', '=', row.id)
      .execute();
  }

  /** Starts what is due, up to `concurrency` runs; each run that ends looks again. */
  async function look(): Promise<void> {
    await scheduleDue(Date.now());
    while (!stopped && running.size < concurrency) {
      const row = await claim();
      if (!row) break;
      const run = runRow(row)
        .catch((error: Error) =>
          log.error({ job: row.name, error: error.message }, 'job queue: could not record a run'),
        )
        .finally(() => {
          running.delete(run);
          wake();
        });
      running.add(run);
    }
    await sleepUntilDue();
  }

  /** Until the next due job or schedule; not while every run is taken (the end of a run looks again). */
  async function sleepUntilDue(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (stopped || running.size >= concurrency) return;
    const { rows } = await sql<{ at: string | null }>`select min(at) as at from (
      select min(run_at) as at from jobs where state = 'pending' and name in (${sql.join([...byName.keys()])})
      union all select min(next_run_at) from job_schedules where name in (${sql.join(periodicNames)})) as due`.execute(
      db,
    );
    const at = rows[0]?.at ? Date.parse(rows[0].at) : Infinity;
    const ms = Math.max(0, Math.min(MAX_SLEEP_MS, at - Date.now()));
    timer = setTimeout(wake, ms);
    timer.unref();
  }

  /** One look at a time; a wake during a look makes another right after it. */
  function wake(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (looking) {
      lookAgain = true;
      return looking;
    }
    looking = (async () => {
      try {
        do {
          lookAgain = false;
          await look();
        } while (lookAgain && !stopped);
      } catch (error) {
        log.error({ error: (error as Error).message }, 'job queue: could not look for due jobs');
      } finally {
        looking = null;
      }
    })();
    return looking;
  }

  return {
    async start() {
      // Runs cut short by a stop of the process: their job may or may not have finished, so it runs again.
      live.add(id);
      await db
        .updateTable('jobs')
        .set({ state: 'pending', locked_by: null })
        .where('state', '=', 'running')
        .where((eb) => eb.or([eb('locked_by', 'is', null), eb('locked_by', 'not in', [...live])]))
        .execute();
      stopped = false;
      unsubscribe = onEnqueued(() => void wake());
      void wake();
    },
    async stop() {
      stopped = true;
      unsubscribe?.();
      if (timer) clearTimeout(timer);
      timer = null;
      await looking;
      await Promise.allSettled([...running]);
      live.delete(id);
    },
    async idle() {
      const end = Date.now() + IDLE_TIMEOUT_MS;
      for (;;) {
        await wake();
        if (running.size) await Promise.race(running);
        else {
          const due = await db
            .selectFrom('jobs')
            .select('id')
            .where('state', 'in', ['pending', 'running'])
            .where('run_at', '<=', iso(Date.now()))
            .where('name', 'in', [...byName.keys()])
            .executeTakeFirst();
          if (!due && !running.size) return;
        }
        if (Date.now() > end) throw new Error('job queue: still busy after 30 s');
      }
    },
  };
}
