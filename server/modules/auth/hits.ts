import type { Db } from '../../db/types';

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
 * Registrations per address (issue 25.7): each one notifies every administrator, and without reCAPTCHA nothing else
 * stops a script from signing up all day.
 */
export const REGISTRATIONS_PER_ADDRESS: HitLimit = { kind: 'register', count: 10, windowMs: 60 * 60_000 };
/** Hits are kept this long, longer than any window. */
export const HIT_RETENTION_MS = 24 * 60 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

/** Seconds until the next event is allowed, or 0 when it is allowed now. */
export async function secondsUntilAllowed(db: Db, limit: HitLimit, key: string, now = Date.now()): Promise<number> {
  const hits = await db
    .selectFrom('throttle_hits').select('at')
    .where('kind', '=', limit.kind).where('key', '=', key).where('at', '>', iso(now - limit.windowMs))
    .orderBy('at', 'desc').limit(limit.count)
    .execute();
  if (hits.length < limit.count) return 0;
  return Math.max(1, Math.ceil((Date.parse(hits[hits.length - 1].at) + limit.windowMs - now) / 1000));
}

/**
 * Takes one of the limit's events for `key` before the work it guards, so that requests arriving together cannot all
 * pass a check made before any of them is counted: the hit is written first and the window counted after, so of any
 * two requests the later to count sees the other. Returns the hit's id (give it back with `releaseHit` if the event
 * does not happen after all), or the seconds to wait when the limit is reached (nothing is then kept).
 */
export async function takeHit(db: Db, limit: HitLimit, key: string, now = Date.now()): Promise<{ id: number } | { wait: number }> {
  const { id } = await db.insertInto('throttle_hits').values({ kind: limit.kind, key, at: iso(now) }).returning('id').executeTakeFirstOrThrow();
  const hits = await db
    .selectFrom('throttle_hits').select('at')
    .where('kind', '=', limit.kind).where('key', '=', key).where('at', '>', iso(now - limit.windowMs))
    .orderBy('at', 'asc').limit(limit.count + 1)
    .execute();
  if (hits.length <= limit.count) return { id };
  await releaseHit(db, id);
  return { wait: Math.max(1, await secondsUntilAllowed(db, limit, key, now)) };
}

/** Gives back a hit taken for an event that did not happen (a refused registration costs nothing). */
export async function releaseHit(db: Db, id: number): Promise<void> {
  await db.deleteFrom('throttle_hits').where('id', '=', id).execute();
}

export async function pruneHits(db: Db, now = Date.now()): Promise<void> {
  await db.deleteFrom('throttle_hits').where('at', '<=', iso(now - HIT_RETENTION_MS)).execute();
}
