import type { IncomingHttpHeaders } from 'node:http';
import { verifyToken } from '../../auth/jwt';
import type { Db } from '../../db/types';
import { authenticate, isAccountUsable } from '../../http/access';
import type { Identity } from './hub';

/**
 * The hub's token: `Authorization: Bearer …` (Node clients, negotiate from browsers) or the `access_token` query
 * (browsers cannot set headers on a WebSocket). Never logged: the request log masks access_token.
 */
export function hubToken(
  headers: IncomingHttpHeaders,
  query: URLSearchParams | Record<string, unknown>,
): string | null {
  const header = headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match ? match[1] : null;
  }
  const value = query instanceof URLSearchParams ? query.get('access_token') : query.access_token;
  return typeof value === 'string' && value ? value : null;
}

/**
 * The same checks as a signed-in API call (a live session of an active, verified, registered account): null
 * when the token is missing, malformed, expired or revoked, or the account may not be used.
 */
export async function identify(db: Db, secret: string, token: string | null): Promise<Identity | null> {
  if (!token) return null;
  const auth = await authenticate(db, secret, token);
  if (!auth || !isAccountUsable(auth.user)) return null;
  const verified = verifyToken(token, secret);
  if (!verified.ok) return null;
  const { id, firstName, lastName } = auth.user;
  return {
    user: { userId: id, firstName, lastName },
    sessionId: auth.sessionId,
    expiresAt: verified.claims.exp * 1000,
  };
}
