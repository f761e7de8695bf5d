import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { ServerContext } from '../context';

/**
 * Work that must happen later and survive a restart (docs/architecture.md#jobs), declared once: its name, the schema
 * of its payload, what runs it, how long it is retried, and for periodic work how often. The same definition runs on
 * graphile-worker over PostgreSQL (server/jobs/postgres.ts) and in-process over the jobs table on SQLite
 * (server/jobs/embedded.ts).
 */
export interface JobDefinition<P = unknown> {
  /** Unique; also graphile-worker's task identifier (printable ASCII). */
  name: string;
  /** The payload as stored (JSON): checked at enqueue, and again before each run. */
  payload: z.ZodType<P>;
  run(payload: P, job: JobRun): Promise<void>;
  retry: RetryPolicy;
  /** Periodic work: a run every `everyMinutes`, once across servers, on the clock (UTC); also one at each start. */
  schedule?: { everyMinutes: number };
}

/**
 * A failed run is tried again after a pause that grows exponentially with the attempts made — graphile-worker's own
 * curve, kept on SQLite too so that both databases retry alike (retryDelayMs) — until `maxAttempts` runs in all, and
 * never once the job is older than `maxAgeMs` (it is given up: logged, and kept as failed on SQLite).
 */
export interface RetryPolicy {
  maxAttempts: number;
  maxAgeMs: number;
}

/** What a run is given: the server's context and log, and which attempt this is (1 for the first). */
export interface JobRun {
  ctx: ServerContext;
  log: FastifyBaseLogger;
  attempt: number;
}

/** Thrown by a run that will never succeed (a recipient the mail server refuses for good): no more attempts. */
export class GiveUp extends Error {}

/**
 * The pause before the next attempt once `attempts` have failed: e^min(attempts, 10) seconds (2.7 s, 7.4 s, 20 s …
 * up to 6.1 h), graphile-worker's failJob. Sums: 3.6 h after 9 failures, 28 h after 13, 4.2 days after 25.
 */
export const retryDelayMs = (attempts: number) => Math.round(Math.exp(Math.min(attempts, 10)) * 1000);

/** Periods a cron line can say exactly: a divisor of an hour, or whole hours that divide a day. */
function checkPeriod(name: string, everyMinutes: number): void {
  const fits =
    Number.isInteger(everyMinutes) &&
    everyMinutes > 0 &&
    (60 % everyMinutes === 0 || (everyMinutes % 60 === 0 && 1440 % everyMinutes === 0));
  if (!fits)
    throw new Error(`job ${name}: everyMinutes ${everyMinutes} must divide an hour, or be hours dividing a day`);
}

/** The cron line of a period (graphile-worker's crontab syntax, UTC). */
export function cronOf(everyMinutes: number): string {
  if (everyMinutes < 60) return `*/${everyMinutes} * * * *`;
  return everyMinutes === 60 ? '0 * * * *' : `0 */${everyMinutes / 60} * * *`;
}

/** The next run of a period after `now` (ms since the epoch), on the same clock as cronOf: multiples of the period. */
export function nextSlot(now: number, everyMinutes: number): number {
  const period = everyMinutes * 60_000;
  return (Math.floor(now / period) + 1) * period;
}

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  if (!/^[\x21-\x7e]{1,128}$/.test(definition.name))
    throw new Error(`job name "${definition.name}" is not plain ASCII`);
  if (definition.schedule) checkPeriod(definition.name, definition.schedule.everyMinutes);
  return definition;
}

// Definitions of any payload live in one list; their run() takes what their own schema parsed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJob = JobDefinition<any>;

/** How a run ended, for the queue that ran it: done, given up for good, or failed (to be tried again if allowed). */
export type Outcome = { kind: 'done' } | { kind: 'gave up'; reason: string } | { kind: 'failed'; error: Error };

/**
 * One run of a job, the same on both queues: a payload its schema refuses, or a job older than its max age, is
 * given up without running; GiveUp from the run is given up; any other error is a failure.
 */
export async function runJob(
  definition: AnyJob,
  payload: unknown,
  attempt: { number: number; createdAt: Date },
  context: { ctx: ServerContext; log: FastifyBaseLogger },
): Promise<Outcome> {
  const log = context.log.child({ job: definition.name, attempt: attempt.number });
  const age = Date.now() - attempt.createdAt.getTime();
  if (age > definition.retry.maxAgeMs)
    return gaveUp(log, `older than its ${Math.round(definition.retry.maxAgeMs / 3_600_000)} h`);
  const parsed = definition.payload.safeParse(payload);
  if (!parsed.success) return gaveUp(log, `its payload does not fit its schema: ${parsed.error.message}`);
  try {
    await definition.run(parsed.data, { ctx: context.ctx, log, attempt: attempt.number });
    return { kind: 'done' };
  } catch (error) {
    if (error instanceof GiveUp) return gaveUp(log, error.message);
    const failure = error instanceof Error ? error : new Error(String(error));
    log.warn({ error: failure.message }, 'job failed; it is tried again later if its retries allow');
    return { kind: 'failed', error: failure };
  }
}

function gaveUp(log: FastifyBaseLogger, reason: string): Outcome {
  log.error({ reason }, 'job given up');
  return { kind: 'gave up', reason };
}
