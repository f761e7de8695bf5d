import type { FastifyInstance } from 'fastify';
import type { Db } from './db/types';
import { pruneLinks } from './modules/account/tokens';
import { pruneHits } from './modules/auth/hits';
import { pruneSignInRecords } from './modules/auth/throttle';

/** How often the server prunes what only grows (README.md "Limits"); also once at start. */
export const HOUSEKEEPING_INTERVAL_MS = 15 * 60_000;

/**
 * Rows that only ever accumulate: sessions past their expiry (a revoked one too: it expires like the others),
 * sign-in failures older than the longest throttle window (for unknown e-mails too), usual addresses not used for
 * 30 days, throttle counts older than a day, account links a day past their expiry. Each statement walks an index on its
 * time column (migrations 011, 034).
 */
export async function pruneNow(db: Db, now = Date.now()): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', new Date(now).toISOString()).execute();
  await pruneSignInRecords(db, now);
  await pruneHits(db, now);
  await pruneLinks(db, now);
}

/** Runs `run` when the app is ready and then every `intervalMs`; the timer ends with the app (and keeps no process alive). */
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

/** Prunes when the app is ready and then every HOUSEKEEPING_INTERVAL_MS. */
export function registerHousekeeping(app: FastifyInstance, db: Db): void {
  registerPeriodic(app, HOUSEKEEPING_INTERVAL_MS, () =>
    pruneNow(db).catch((error: Error) => app.log.warn(`housekeeping: ${error.message}`)),
  );
}
