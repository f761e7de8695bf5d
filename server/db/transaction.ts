import { type Kysely, sql } from 'kysely';
import { ApiError } from '../http/errors';
import { isPostgres } from './schemaHelpers';

/**
 * The one way to write (docs/architecture.md, "Concurrency"): every write that reads something and writes on the
 * strength of it runs in `transact`.
 *
 * - PostgreSQL: SERIALIZABLE. The database itself refuses any interleaving that no one-at-a-time order could have
 *   given (a total read by two writers, a week approved while an entry is posted into it), whatever the module reads,
 *   so a new module cannot forget a lock. A refused attempt (serialization failure 40001, deadlock 40P01) is run again
 *   from the start on a fresh snapshot, a bounded number of times with a growing random pause; when the attempts are
 *   spent the caller gets a 409 and nothing was written.
 * - SQLite: one writer at a time already (one connection, Kysely's mutex), so a transaction never needs a retry.
 *
 * Because an attempt may run again, the work must do nothing outside the database that it cannot take back: work that
 * must happen once and survive a restart (mail to SMTP) is a job enqueued in the transaction (server/jobs/enqueue.ts);
 * effects of this process (hub messages, caches) are registered with `afterCommit` and run only after the attempt that
 * committed.
 */

/** Attempts in all, the first included. Twenty writers of one row at once need at most about twenty. */
export const MAX_ATTEMPTS = 30;
/** The pause before attempt n (ms) is random up to min(PAUSE_CAP_MS, PAUSE_BASE_MS · 2^n). */
const PAUSE_BASE_MS = 2;
const PAUSE_CAP_MS = 100;

/**
 * PostgreSQL's answers that mean "this attempt lost a race; the same work may succeed when run again": a serialization
 * failure, a deadlock, and shared memory for predicate locks running out (53200: it is one table for every serializable
 * transaction of the server, kept until the transactions that overlapped them end, so it frees up as others finish;
 * docs/deployment.md says how to size max_pred_locks_per_transaction).
 */
const RETRYABLE = new Set(['40001', '40P01', '53200']);
export const isRetryable = (error: unknown) => RETRYABLE.has(String((error as { code?: unknown } | null)?.code ?? ''));

export const busy = () =>
  new ApiError(409, 'Others were saving the same records at this moment and nothing was saved. Try again.', 'conflict');

/** Effects of the attempt under way, per transaction object: dropped with an attempt that rolled back. */
const pending = new WeakMap<object, (() => void)[]>();

/** Runs `effect` once the transaction `trx` has committed (never, if it rolls back or is run again). */
export function afterCommit<DB>(trx: Kysely<DB>, effect: () => void): void {
  const effects = pending.get(trx);
  if (!effects) throw new Error('afterCommit needs a transaction started by transact()');
  effects.push(effect);
}

export interface TransactOptions {
  /**
   * For work that consumes one-shot input (a request body streamed into the rows): run it once; a lost race is the
   * 409 at once instead of a second attempt on input that is gone.
   */
  once?: boolean;
}

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(PAUSE_CAP_MS, PAUSE_BASE_MS * 2 ** attempt)));

export async function transact<DB, T>(
  db: Kysely<DB>,
  work: (trx: Kysely<DB>) => Promise<T>,
  options: TransactOptions = {},
): Promise<T> {
  const postgres = isPostgres(db as Kysely<unknown>);
  const attempts = postgres && !options.once ? MAX_ATTEMPTS : 1;
  for (let attempt = 1; ; attempt++) {
    let effects: (() => void)[] = [];
    try {
      const builder = postgres ? db.transaction().setIsolationLevel('serializable') : db.transaction();
      const result = await builder.execute(async (trx) => {
        effects = [];
        pending.set(trx, effects);
        return work(trx);
      });
      for (const effect of effects) effect();
      return result;
    } catch (error) {
      if (!postgres || !isRetryable(error)) throw error;
      if (attempt >= attempts) throw busy();
      await pause(attempt);
    }
  }
}

/** What serializable writes want of PostgreSQL's predicate-lock table under load (docs/deployment.md). */
export const RECOMMENDED_PRED_LOCKS = 256;

/** PostgreSQL: a warning when max_pred_locks_per_transaction is below what a busy office needs; null when it is enough. */
export async function predicateLockWarning(db: Kysely<unknown>): Promise<string | null> {
  if (!isPostgres(db)) return null;
  const { rows } = await sql<{
    setting: string;
  }>`select setting from pg_settings where name = 'max_pred_locks_per_transaction'`.execute(db);
  const setting = Number(rows[0]?.setting ?? RECOMMENDED_PRED_LOCKS);
  return setting >= RECOMMENDED_PRED_LOCKS
    ? null
    : `PostgreSQL's max_pred_locks_per_transaction is ${setting}; with several people saving at once, set it to ${RECOMMENDED_PRED_LOCKS} or more (docs/deployment.md, "PostgreSQL")`;
}
