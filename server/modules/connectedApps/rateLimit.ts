/**
 * Calls per minute per app, as a token bucket: an app may spend its whole minute at once, then gets calls back at its
 * rate (120 a minute: one every half second), so a steady client never meets a wall at a minute's turn.
 *
 * Kept in this process's memory: with several servers behind a load balancer each one enforces the limit on its own,
 * so an app whose calls are spread over N servers gets up to N times its rate in all. Counting in the database would
 * cost a write per call for a limit that protects the servers rather than guards a secret; the per-call audit rows are
 * there to see what an app did.
 */
export class AppRateLimiter {
  private readonly buckets = new Map<number, { tokens: number; at: number }>();

  /** Takes one call of the app's minute: 0 when allowed, otherwise the seconds until the next call is. */
  take(appId: number, perMinute: number, now = Date.now()): number {
    const perMs = perMinute / 60_000;
    const bucket = this.buckets.get(appId) ?? { tokens: perMinute, at: now };
    bucket.tokens = Math.min(perMinute, bucket.tokens + Math.max(0, now - bucket.at) * perMs);
    bucket.at = now;
    this.buckets.set(appId, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
  }
}
