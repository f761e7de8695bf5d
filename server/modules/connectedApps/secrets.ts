import crypto from 'node:crypto';

/** Public: names the app in every exchange. */
export const newClientId = () => `hbapp_${crypto.randomBytes(12).toString('base64url')}`;
/** 32 random bytes: the secret the administrator hands to the integrator, shown once. */
export const newSecret = () => `hbsk_${crypto.randomBytes(32).toString('base64url')}`;

/**
 * What is stored of a secret: HMAC-SHA256 keyed with the app's client id. A password needs a slow hash (scrypt) because
 * people choose guessable ones; this secret is 256 random bits, so no dictionary or brute force reaches it from its
 * hash, and a fast hash loses nothing — while a slow one would make the public exchange an easy way to burn the
 * server's CPU. Keyed by the client id, a hash copied onto another app's row does not verify there. Not keyed with the
 * JWT secret: changing JWT_SECRET must not break every integration.
 */
export const secretHash = (clientId: string, secret: string) =>
  crypto.createHmac('sha256', clientId).update(secret).digest('base64url');

/** Whether `secret` is the one whose hash is stored, in constant time. */
export function secretMatches(storedHash: string, clientId: string, secret: string): boolean {
  const given = Buffer.from(secretHash(clientId, secret));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
}

/** Two texts compared in constant time (the caller id). */
export function sameText(a: string, b: string): boolean {
  const x = crypto.createHash('sha256').update(a).digest();
  const y = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(x, y);
}
