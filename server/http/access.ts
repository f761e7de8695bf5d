import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Permission } from '../../schema/roles';
import { type TokenClaims, verifyToken } from '../auth/jwt';
import type { PermissionCatalog } from '../auth/permissions';
import { prepared } from '../db/prepared';
import type { Db } from '../db/types';
import { forbidden, unauthorized } from './errors';

/**
 * What a route needs, declared on every /api route as `config.access`:
 * - public: anyone;
 * - account: a valid token, whatever the account's state (the account-flow calls: me, logout, features);
 * - signedIn: a valid token of an active, verified, registered account;
 * - feature + permission: as signedIn, plus that permission on (any of) the feature(s), from the user's roles.
 */
export type Access =
  | { public: true }
  | { account: true }
  | { signedIn: true }
  | { feature: string | readonly string[]; permission: Permission };

export interface RouteInfo {
  method: string;
  url: string;
  access: Access;
}

export interface AuthUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  isEmailVerified: boolean;
  registrationCompleted: boolean;
}

export interface Auth {
  user: AuthUser;
  sessionId: string;
  roleIds: number[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyInstance {
    /** Every /api route with its access declaration, for the route-inventory test and the docs. */
    routeInventory: RouteInfo[];
  }
}

/** Routes of plugins we do not write ourselves (the OpenAPI viewer) are public documentation. */
const DOCUMENTATION_PREFIX = '/api/docs';

export function isAccountUsable(user: AuthUser): boolean {
  return user.isActive && user.isEmailVerified && user.registrationCompleted;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match ? match[1] : null;
  }
  return null;
}

/** One query: the session, its user and the user's roles (one row per role). Exported for the benchmark. */
export function sessionLookup(db: Db, sessionId: string, userId: number) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 'u.is_active', 'u.is_email_verified', 'u.registration_completed', 's.expires_at', 'ur.role_id'])
    .where('s.id', '=', sessionId)
    .where('s.user_id', '=', userId)
    .where('s.revoked_at', 'is', null)
    .where('u.deleted_at', 'is', null);
}

/** The lookup runs on every request: compiled once per database (prepared.ts). */
const compiledLookups = new WeakMap<Db, ReturnType<typeof compileLookup>>();
const compileLookup = (db: Db) => prepared((sessionId: string, userId: number) => sessionLookup(db, sessionId, userId));

/**
 * Tokens whose signature checked out, by their text: a client sends the same token with every request, and checking
 * it (an HMAC, two base64 and JSON decodings) costs as much as the session lookup. The same text under the same
 * secret always checks out the same; expiry is still checked on every request, and the session on every request
 * decides whether it is still valid (signed out, revoked, user deleted).
 */
const verifiedTokens = new Map<string, { secret: string; claims: TokenClaims }>();
const VERIFIED_TOKENS_MAX = 10_000;

function verifiedClaims(token: string, secret: string): TokenClaims | null {
  const known = verifiedTokens.get(token);
  if (known && known.secret === secret) return known.claims.exp > Math.floor(Date.now() / 1000) ? known.claims : null;
  const verified = verifyToken(token, secret);
  if (!verified.ok) return null;
  if (verifiedTokens.size >= VERIFIED_TOKENS_MAX) verifiedTokens.clear();
  verifiedTokens.set(token, { secret, claims: verified.claims });
  return verified.claims;
}

export async function authenticate(db: Db, secret: string, token: string | null): Promise<Auth | null> {
  if (!token) return null;
  const claims = verifiedClaims(token, secret);
  if (!claims) return null;
  const userId = Number(claims.sub);
  if (!Number.isSafeInteger(userId)) return null;
  let lookup = compiledLookups.get(db);
  if (!lookup) compiledLookups.set(db, (lookup = compileLookup(db)));
  const { rows } = await db.executeQuery(lookup(claims.jti, userId));
  const row = rows[0];
  if (!row || row.expires_at <= new Date().toISOString()) return null;
  return {
    sessionId: claims.jti,
    roleIds: rows.flatMap((r) => (r.role_id === null ? [] : [r.role_id])),
    user: {
      id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, isActive: row.is_active === 1,
      isEmailVerified: row.is_email_verified === 1, registrationCompleted: row.registration_completed === 1,
    },
  };
}

/**
 * One mechanism for every route: a route without a declaration cannot be registered, and every request is
 * checked against its route's declaration before its body is read.
 */
export function registerAccessControl(app: FastifyInstance, db: Db, secret: string, catalog: PermissionCatalog): void {
  app.decorateRequest('auth', null);
  const inventory: RouteInfo[] = [];
  app.decorate('routeInventory', inventory);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (!route.config?.access) {
      if (!route.url.startsWith(DOCUMENTATION_PREFIX)) {
        throw new Error(`Route ${String(route.method)} ${route.url} declares no access: add config.access`);
      }
      route.config = { ...route.config, access: { public: true } };
    }
    for (const method of [route.method].flat()) inventory.push({ method: String(method), url: route.url, access: route.config.access! });
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || 'public' in access) return;
    const auth = await authenticate(db, secret, bearerToken(request));
    if (!auth) throw unauthorized('Your session has ended or the token is not valid. Sign in again.');
    request.auth = auth;
    if ('account' in access) return;
    if (!isAccountUsable(auth.user)) throw forbidden('Your account is not active yet');
    if ('signedIn' in access) return;
    const features = typeof access.feature === 'string' ? [access.feature] : access.feature;
    if (!(await catalog.allows(auth.roleIds, features, access.permission))) throw forbidden();
  });
}

/** The signed-in user of a protected route (the access hook guarantees it). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized();
  return request.auth.user;
}
