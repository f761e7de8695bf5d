import { type Kysely, sql } from 'kysely';
import { isPostgres, withId } from '../frozen/schemaHelpers';

/**
 * The job queue (server/jobs, docs/architecture.md#jobs):
 * - job_keys, on both databases: the idempotency keys of jobs enqueued with one, taken in the enqueuing write's
 *   transaction, so a second enqueue with the same key (while the key is kept) adds nothing;
 * - jobs and job_schedules, on SQLite only: the embedded queue that runs the jobs in-process (a job's state pending →
 *   running (locked_by: which queue of the process runs it) → deleted once done, or failed with its last error;
 *   attempts and the time it may run next) and the next
 *   run of each periodic job. On PostgreSQL the queue is graphile-worker's own schema (graphile_worker), installed by
 *   its migrator when a server starts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await db.schema
    .createTable('job_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await run(`CREATE INDEX job_keys_created_at ON job_keys (created_at)`);
  if (isPostgres(db)) return;

  await withId(db, db.schema.createTable('jobs'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await run(`CREATE INDEX jobs_due ON jobs (state, run_at)`);
  await db.schema
    .createTable('job_schedules')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_run_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await db.schema.dropTable('job_schedules').execute();
    await db.schema.dropTable('jobs').execute();
  }
  await db.schema.dropTable('job_keys').execute();
}
