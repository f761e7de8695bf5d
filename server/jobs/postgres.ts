import { Logger, type Runner, type TaskList, parseCronItems, run, runMigrations } from 'graphile-worker';
import { sql } from 'kysely';
import pg from 'pg';
import { cronOf, runJob } from './define';
import { IDLE_TIMEOUT_MS, type JobQueue, type QueueOptions } from './queue';

/**
 * Installs or upgrades graphile-worker's schema (graphile_worker) with its own migrator, which takes care of servers
 * starting at once; createServer and npm run migrate call it after our migrations, before anything may enqueue.
 */
export async function migrateQueue(databaseUrl: string): Promise<void> {
  const pool = queuePool(databaseUrl, 1, () => undefined);
  try {
    await runMigrations({ pgPool: pool, logger: quietLogger });
  } finally {
    await pool.end();
  }
}

const quietLogger = new Logger(() => () => undefined);

/**
 * The queue's own pool. A connection the server drops (restart, pg_terminate_backend) emits 'error' on the pool or on
 * the client; unhandled, that would end the process: the pool discards it, and graphile-worker connects again.
 */
function queuePool(databaseUrl: string, max: number, warn: (message: string) => void): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  const onError = (error: Error) => warn(`job queue: PostgreSQL closed a connection: ${error.message}`);
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return pool;
}

/**
 * The queue on PostgreSQL (docs/architecture.md#jobs): graphile-worker, on its own small pool. Every server runs a
 * worker; a job is taken by one of them (SKIP LOCKED), the NOTIFY of add_job wakes them at the commit, and a periodic
 * job is added once per slot across all servers by its cron (known_crontabs). A failed run is retried by the library
 * with its own backoff (retryDelayMs says the same curve), up to the definition's maxAttempts.
 */
export function postgresQueue({ ctx, log, definitions, concurrency = 4 }: QueueOptions): JobQueue {
  const databaseUrl = ctx.config.databaseUrl!;
  const taskList: TaskList = {};
  for (const definition of definitions) {
    taskList[definition.name] = async (payload, helpers) => {
      const outcome = await runJob(
        definition,
        payload,
        { number: helpers.job.attempts, createdAt: new Date(helpers.job.created_at) },
        { ctx, log },
      );
      // Thrown, the library records the error and schedules the next attempt; given up, the job is done with.
      if (outcome.kind === 'failed') throw outcome.error;
    };
  }
  const cron = parseCronItems(
    definitions
      .filter((d) => d.schedule)
      .map((d) => ({
        task: d.name,
        identifier: d.name,
        match: cronOf(d.schedule!.everyMinutes),
        options: { backfillPeriod: 0, maxAttempts: d.retry.maxAttempts },
      })),
  );
  // The library's lines go to the server's log; its routine ones (connected, cron ticks) only at debug level.
  const logger = new Logger((scope) => (level, message, meta) => {
    const line = { ...scope, ...meta, queue: 'graphile-worker' };
    if (level === 'error') log.error(line, message);
    else if (level === 'warning') log.warn(line, message);
    else log.debug(line, message);
  });
  let pool: pg.Pool | null = null;
  let runner: Runner | null = null;
  const names = definitions.map((d) => d.name);

  return {
    async start() {
      pool = queuePool(databaseUrl, concurrency + 2, (message) => log.warn(message));
      runner = await run({
        pgPool: pool,
        taskList,
        parsedCronItems: cron,
        concurrency,
        noHandleSignals: true,
        pollInterval: 2000,
        logger,
      });
    },
    async stop() {
      const stopping = runner;
      runner = null;
      await stopping?.stop();
      await pool?.end();
      pool = null;
    },
    async idle() {
      const end = Date.now() + IDLE_TIMEOUT_MS;
      for (;;) {
        const { rows } = await sql<{ busy: number }>`select count(*)::int as busy from graphile_worker.jobs
          where task_identifier in (${sql.join(names)})
            and (locked_at is not null or (run_at <= now() and attempts < max_attempts))`.execute(ctx.db);
        if (!rows[0].busy) return;
        if (Date.now() > end) throw new Error(`job queue: ${rows[0].busy} jobs still due or running after 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
