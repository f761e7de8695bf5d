import { sql } from 'kysely';
import { isPostgres } from '../db/schemaHelpers';
import { afterCommit } from '../db/transaction';
import type { Db } from '../db/types';
import type { JobDefinition } from './define';

export interface EnqueueOptions {
  /** Not before this instant (default: now). */
  runAt?: Date;
  /**
   * An idempotency key: a job with a key already taken (while job_keys keeps it, KEY_KEPT_DAYS) is not enqueued again,
   * whatever its payload.
   */
  key?: string;
}

/** How long an idempotency key is kept (server/housekeeping.ts prunes older ones). */
export const KEY_KEPT_DAYS = 30;

/** The embedded queues of this process, woken when a write that enqueued has committed (server/jobs/embedded.ts). */
const wakers = new Set<() => void>();
export function onEnqueued(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}
export const wakeQueues = () => wakers.forEach((wake) => wake());

/**
 * Adds a job in the caller's write transaction (`transact`, server/db/transaction.ts), so that it exists exactly when
 * the write does: a rolled-back write (or an attempt run again) leaves no job behind, a committed one always has its
 * job. Returns false when its key was taken already (nothing added).
 *
 * PostgreSQL: graphile-worker's add_job, whose NOTIFY reaches the workers of every server at the commit.
 * SQLite: a row of jobs; the queues of this process are woken once the write has committed.
 */
export async function enqueue<P>(
  trx: Db,
  definition: JobDefinition<P>,
  payload: P,
  options: EnqueueOptions = {},
): Promise<boolean> {
  // First: outside transact() this throws before anything is written.
  afterCommit(trx, wakeQueues);
  const checked = definition.payload.parse(payload);
  const now = new Date().toISOString();
  if (options.key !== undefined) {
    const taken = await trx
      .insertInto('job_keys')
      .values({ key: options.key, job: definition.name, created_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!taken) return false;
  }
  const runAt = options.runAt ?? new Date();
  if (isPostgres(trx as never)) {
    await sql`select graphile_worker.add_job(${definition.name}, ${JSON.stringify(checked)}::json, run_at => ${runAt.toISOString()}::timestamptz, max_attempts => ${definition.retry.maxAttempts}::int)`.execute(
      trx,
    );
  } else {
    await trx
      .insertInto('jobs')
      .values({
        name: definition.name,
        payload: JSON.stringify(checked),
        state: 'pending',
        run_at: runAt.toISOString(),
        max_attempts: definition.retry.maxAttempts,
        last_error: null,
        created_at: now,
        finished_at: null,
      })
      .execute();
  }
  return true;
}
