import crypto from 'node:crypto';

/**
 * HS256 JSON Web Tokens. The algorithm is pinned: a token whose header names anything else ("none" included)
 * is refused before its signature is looked at.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export interface TokenClaims {
  sub: string;
  jti: string;
  iat: number;
  exp: number;
  /** An application token (POST /apps/auth-token): the connected app's id; sub is the administrator it acts for. */
  app?: number;
  /** An application token: the generation of the app's secret it was issued for (a rotation's grace ends it). */
  gen?: number;
}

function sign(input: string, secret: string): string {
  return crypto.createHmac('sha256', secret).update(input).digest('base64url');
}

export function signToken(claims: TokenClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${HEADER}.${payload}.${sign(`${HEADER}.${payload}`, secret)}`;
}

export type VerifyResult =
  { ok: true; claims: TokenClaims } | { ok: false; reason: 'malformed' | 'algorithm' | 'signature' | 'expired' };

export function verifyToken(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) return { ok: false, reason: 'malformed' };
  const [header, payload, signature] = parts;
  let parsedHeader: unknown;
  let claims: Partial<TokenClaims>;
  try {
    parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<TokenClaims>;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!parsedHeader || typeof parsedHeader !== 'object' || (parsedHeader as { alg?: unknown }).alg !== 'HS256') {
    return { ok: false, reason: 'algorithm' };
  }
  const expected = Buffer.from(sign(`${header}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given))
    return { ok: false, reason: 'signature' };
  if (!claims || typeof claims.sub !== 'string' || typeof claims.jti !== 'string' || typeof claims.exp !== 'number') {
    return { ok: false, reason: 'malformed' };
  }
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims: claims as TokenClaims };
}
