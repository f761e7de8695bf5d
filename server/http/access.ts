import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_MESSAGES, featureTitles } from '../../schema/connectedApps';
import type { Permission } from '../../schema/roles';
import { type TokenClaims, verifyToken } from '../auth/jwt';
import type { PermissionCatalog } from '../auth/permissions';
import { type Auth, type AuthUser, refusalOf } from '../auth/principal';
import { prepared } from '../db/prepared';
import type { Db } from '../db/types';
import { registerAppCallAudit } from '../modules/connectedApps/calls';
import { AppRateLimiter } from '../modules/connectedApps/rateLimit';
import { appAuth } from '../modules/connectedApps/tokens';
import { ApiError, forbidden, unauthorized } from './errors';

/**
 * What a route needs, declared on every /api and /apps route as `config.access`:
 * - public: anyone;
 * - account: a valid token, whatever the account's state (the account-flow calls: me, logout, features);
 * - signedIn: a valid token of an active, verified, registered account;
 * - feature + permission: as signedIn, plus that permission on (any of) the feature(s), from the user's roles.
 * An application token (a connected app's, POST /apps/auth-token) reaches only feature routes within its scopes:
 * account and signedIn routes are for people and answer it 403.
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

export type { AppPrincipal, Auth, AuthUser } from '../auth/principal';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyInstance {
    /** Every /api and /apps route with its access declaration, for the route-inventory test and the docs. */
    routeInventory: RouteInfo[];
  }
}

/** Routes of plugins we do not write ourselves (the OpenAPI viewer) are public documentation. */
const DOCUMENTATION_PREFIX = '/api/docs';
/** The paths under access control: the API, and the connected apps' token exchange (/apps/auth-token). */
const CONTROLLED = /^\/(api|apps)(\/|$)/;

export function isAccountUsable(
  user: Pick<AuthUser, 'isActive' | 'isEmailVerified' | 'registrationCompleted'>,
): boolean {
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
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.is_active',
      'u.is_email_verified',
      'u.registration_completed',
      's.expires_at',
      'ur.role_id',
    ])
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

/** A person's token: its session, live. An application token is not one (null): the hub and people's calls refuse it. */
export async function authenticate(db: Db, secret: string, token: string | null): Promise<Auth | null> {
  if (!token) return null;
  const claims = verifiedClaims(token, secret);
  if (!claims || claims.app !== undefined) return null;
  return sessionAuth(db, claims);
}

async function sessionAuth(db: Db, claims: TokenClaims): Promise<Auth | null> {
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
      id: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      isActive: row.is_active === 1,
      isEmailVerified: row.is_email_verified === 1,
      registrationCompleted: row.registration_completed === 1,
    },
  };
}

/** A person's or an app's token, whichever it is. */
async function requestAuth(db: Db, secret: string, token: string | null): Promise<Auth | null> {
  const claims = token ? verifiedClaims(token, secret) : null;
  if (!claims) return null;
  return claims.app === undefined ? sessionAuth(db, claims) : appAuth(db, claims);
}

/**
 * An application token's call: a feature route within the app's scopes and its administrator's permissions, within
 * the app's rate. Its principal is the administrator (request.auth.user), with the app beside it.
 */
async function checkAppCall(
  reply: FastifyReply,
  access: Access,
  auth: Auth,
  catalog: PermissionCatalog,
  limiter: AppRateLimiter,
) {
  const app = auth.app!;
  const wait = limiter.take(app.id, app.ratePerMinute);
  if (wait > 0) {
    reply.header('Retry-After', String(wait));
    throw new ApiError(429, APP_MESSAGES.rateLimited(app.ratePerMinute, wait), 'rate_limited');
  }
  if (!('feature' in access)) throw forbidden(APP_MESSAGES.forPeople);
  if (!isAccountUsable(auth.user)) throw forbidden(APP_MESSAGES.ownerInactive);
  const features = typeof access.feature === 'string' ? [access.feature] : access.feature;
  const refusal = await refusalOf(catalog, auth, features, access.permission);
  if (refusal === 'owner') throw forbidden(APP_MESSAGES.ownerLacks(access.permission, featureTitles(features)));
  if (refusal) throw forbidden(APP_MESSAGES.outOfScope(access.permission, featureTitles(features)));
}

/**
 * One mechanism for every route: a route without a declaration cannot be registered, and every request is
 * checked against its route's declaration before its body is read.
 */
export function registerAccessControl(app: FastifyInstance, db: Db, secret: string, catalog: PermissionCatalog): void {
  app.decorateRequest('auth', null);
  const inventory: RouteInfo[] = [];
  app.decorate('routeInventory', inventory);
  // Per server (app): each test server, and each server of a deployment, counts its own calls.
  const limiter = new AppRateLimiter();
  registerAppCallAudit(app, db);

  app.addHook('onRoute', (route) => {
    if (!CONTROLLED.test(route.url)) return;
    if (!route.config?.access) {
      if (!route.url.startsWith(DOCUMENTATION_PREFIX)) {
        throw new Error(`Route ${String(route.method)} ${route.url} declares no access: add config.access`);
      }
      route.config = { ...route.config, access: { public: true } };
    }
    for (const method of [route.method].flat())
      inventory.push({ method: String(method), url: route.url, access: route.config.access! });
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access || 'public' in access) return;
    const auth = await requestAuth(db, secret, bearerToken(request));
    if (!auth) throw unauthorized('Your session has ended or the token is not valid. Sign in again.');
    request.auth = auth;
    if (auth.app) return checkAppCall(reply, access, auth, catalog, limiter);
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
