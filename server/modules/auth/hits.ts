import type { Db } from '../../db/types';
import { transact } from '../../db/transaction';

/**
 * Throttles other than sign-in's: at most `count` events of a kind per key (e.g. per client address) within a
 * window, counted in throttle_hits (migration 011) so that servers sharing a PostgreSQL database count together.
 */
export interface HitLimit {
  kind: string;
  count: number;
  windowMs: number;
}

/**
 * Registrations per address (README.md "Limits"): each one notifies every administrator, and without reCAPTCHA nothing
 * else stops a script from signing up all day.
 */
export const REGISTRATIONS_PER_ADDRESS: HitLimit = { kind: 'register', count: 10, windowMs: 60 * 60_000 };
/** Hits are kept this long, longer than any window. */
export const HIT_RETENTION_MS = 24 * 60 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

/** Seconds until the next event is allowed, or 0 when it is allowed now. */
export async function secondsUntilAllowed(db: Db, limit: HitLimit, key: string, now = Date.now()): Promise<number> {
  const hits = await db
    .selectFrom('throttle_hits')
    .select('at')
    .where('kind', '=', limit.kind)
    .where('key', '=', key)
    .where('at', '>', iso(now - limit.windowMs))
    .orderBy('at', 'desc')
    .limit(limit.count)
    .execute();
  if (hits.length < limit.count) return 0;
  return Math.max(1, Math.ceil((Date.parse(hits[hits.length - 1].at) + limit.windowMs - now) / 1000));
}

/**
 * Takes one of the limit's events for `key` before the work it guards: counted and written in one transaction, one
 * request per key at a time (PostgreSQL: a lock on the key for the transaction, so servers sharing the database queue
 * too; SQLite writes one transaction at a time anyway). Written first and counted after, thirty requests arriving
 * together each saw the other twenty-nine and all were refused. Returns the hit's id (give it back with `releaseHit` if
 * the event does not happen after all), or the seconds to wait when the limit is reached (nothing is then kept).
 */
export async function takeHit(
  db: Db,
  limit: HitLimit,
  key: string,
  now = Date.now(),
): Promise<{ id: number } | { wait: number }> {
  return transact(db, async (trx) => {
    const wait = await secondsUntilAllowed(trx, limit, key, now);
    if (wait > 0) return { wait };
    const { id } = await trx
      .insertInto('throttle_hits')
      .values({ kind: limit.kind, key, at: iso(now) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id };
  });
}

/** A limit applied to one key: the account's verification messages, one client address's reset requests… */
export interface HitCheck {
  limit: HitLimit;
  key: string;
}

/** Seconds until every check allows the next event (0: now). */
export async function secondsUntilAllAllow(db: Db, checks: readonly HitCheck[], now = Date.now()): Promise<number> {
  let wait = 0;
  for (const { limit, key } of checks) wait = Math.max(wait, await secondsUntilAllowed(db, limit, key, now));
  return wait;
}

/**
 * takeHit for several limits at once, inside the caller's transaction, so that the events are kept only if the work
 * they guard commits (a refused request leaves none). The longest wait decides, and nothing is written while any
 * limit says wait. One event is written per kind and key, however many limits read them (a cool-down and an hourly
 * cap of the same kind count the same rows). Returns the seconds to wait, 0 when the events were taken.
 */
export async function takeHitsIn(trx: Db, checks: readonly HitCheck[], now = Date.now()): Promise<number> {
  const events = [
    ...new Map(checks.map((c) => [`${c.limit.kind}:${c.key}`, { kind: c.limit.kind, key: c.key }])).entries(),
  ].sort(([a], [b]) => (a < b ? -1 : 1));
  // Always in the same order, so two requests sharing keys never wait for each other's locks in a circle.
  const wait = await secondsUntilAllAllow(trx, checks, now);
  if (wait > 0) return wait;
  await trx
    .insertInto('throttle_hits')
    .values(events.map(([, event]) => ({ ...event, at: iso(now) })))
    .execute();
  return 0;
}

/** Gives back a hit taken for an event that did not happen (a refused registration costs nothing). */
export async function releaseHit(db: Db, id: number): Promise<void> {
  await db.deleteFrom('throttle_hits').where('id', '=', id).execute();
}

export async function pruneHits(db: Db, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('throttle_hits')
    .where('at', '<=', iso(now - HIT_RETENTION_MS))
    .execute();
}
