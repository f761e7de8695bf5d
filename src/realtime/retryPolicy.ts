/**
 * When the hub client tries again after losing (or failing to open) its connection: right away, then after 2, 5,
 * 10 and 30 s, then every 30 s for ever. Every wait but the first gets ±20 % jitter, so that a restarted server is
 * not hit by all its clients in the same second. Nothing is retried once the session is gone (no token, an expired
 * one, or a 401 from the hub): the session watch sends the user to /login instead.
 */
export const RETRY_DELAYS_MS = [0, 2_000, 5_000, 10_000, 30_000] as const;
export const JITTER = 0.2;

/** The wait before try number `attempt` (0 = the first retry). `random` returns [0, 1) like Math.random. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)];
  return Math.round(base * (1 + JITTER * (2 * random() - 1)));
}

/** A refusal of the token, as @microsoft/signalr reports it (negotiate or WebSocket upgrade answered 401). */
export function isUnauthorized(error: unknown): boolean {
  if (!error) return false;
  const status = (error as { statusCode?: number }).statusCode;
  return (
    status === 401 ||
    /Status code '401'|\b401\b.*Unauthorized|Unauthorized.*\b401\b/i.test(String((error as Error).message ?? error))
  );
}

/** The shape of @microsoft/signalr's IRetryPolicy, without importing the library (it is loaded on demand). */
export interface RetryContextLike {
  previousRetryCount: number;
  elapsedMilliseconds: number;
  retryReason: Error;
}

/** The policy given to withAutomaticReconnect: null (stop) when the session is gone, else the backoff. */
export function createRetryPolicy(sessionAlive: () => boolean, random: () => number = Math.random) {
  return {
    nextRetryDelayInMilliseconds(context: RetryContextLike): number | null {
      if (!sessionAlive() || isUnauthorized(context.retryReason)) return null;
      return retryDelay(context.previousRetryCount, random);
    },
  };
}
