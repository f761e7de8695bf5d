import type { Db } from '../../db/types';

/** Per-account login throttling: 10 failures within 15 minutes lock that e-mail until the oldest one ages out. */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;

/** Seconds until the next attempt is allowed, or 0 when it is allowed now. */
export async function secondsUntilAllowed(db: Db, email: string, now = Date.now()): Promise<number> {
  const since = new Date(now - WINDOW_MS).toISOString();
  const failures = await db
    .selectFrom('login_failures')
    .select('at')
    .where('email', '=', email)
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .limit(MAX_FAILURES)
    .execute();
  if (failures.length < MAX_FAILURES) return 0;
  const oldestCounted = Date.parse(failures[failures.length - 1].at);
  return Math.max(1, Math.ceil((oldestCounted + WINDOW_MS - now) / 1000));
}

export async function recordFailure(db: Db, email: string): Promise<void> {
  const now = Date.now();
  await db.deleteFrom('login_failures').where('email', '=', email).where('at', '<=', new Date(now - WINDOW_MS).toISOString()).execute();
  await db.insertInto('login_failures').values({ email, at: new Date(now).toISOString() }).execute();
}

export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}
