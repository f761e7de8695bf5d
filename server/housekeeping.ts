import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isPostgres } from './db/schemaHelpers';
import type { Db } from './db/types';
import { defineJob } from './jobs/define';
import { KEY_KEPT_DAYS } from './jobs/enqueue';
import { pruneLinks } from './modules/account/tokens';
import { pruneHits } from './modules/auth/hits';
import { pruneSignInRecords } from './modules/auth/throttle';

/** How often the server prunes what only grows (README.md "Limits"), in minutes; also once at start. */
export const HOUSEKEEPING_EVERY_MINUTES = 15;
const DAY_MS = 24 * 3_600_000;

/**
 * Rows that only ever accumulate: sessions past their expiry (a revoked one too: it expires like the others),
 * sign-in failures older than the longest throttle window (for unknown e-mails too), usual addresses not used for
 * 30 days, throttle counts older than a day, account links a day past their expiry, jobs' idempotency keys past
 * KEY_KEPT_DAYS and, on SQLite, jobs failed for good as long ago. Each statement walks an index on its time column
 * (migrations 011, 034, 055).
 */
export async function pruneNow(db: Db, now = Date.now()): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', new Date(now).toISOString()).execute();
  await pruneSignInRecords(db, now);
  await pruneHits(db, now);
  await pruneLinks(db, now);
  const keptSince = new Date(now - KEY_KEPT_DAYS * DAY_MS).toISOString();
  await db.deleteFrom('job_keys').where('created_at', '<', keptSince).execute();
  if (!isPostgres(db as never))
    await db.deleteFrom('jobs').where('state', '=', 'failed').where('finished_at', '<', keptSince).execute();
}

/** Prunes every HOUSEKEEPING_EVERY_MINUTES, once across servers (server/jobs). */
export const housekeepingJob = defineJob({
  name: 'housekeeping.prune',
  payload: z.object({}),
  retry: { maxAttempts: 3, maxAgeMs: HOUSEKEEPING_EVERY_MINUTES * 60_000 },
  schedule: { everyMinutes: HOUSEKEEPING_EVERY_MINUTES },
  run: (_payload, { ctx }) => pruneNow(ctx.db),
});

/**
 * Runs `run` when the app is ready and then every `intervalMs`; the timer ends with the app (and keeps no process alive).
 * For what each server does for itself (reading a cache again); work to be done once across servers is a job (server/jobs).
 */
export function registerPeriodic(app: FastifyInstance, intervalMs: number, run: () => Promise<unknown>): void {
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
  });
}
