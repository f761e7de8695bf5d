import crypto from 'node:crypto';
import type { Scopes } from '../../../schema/connectedApps';
import { type TokenClaims, signToken } from '../../auth/jwt';
import { prepared } from '../../db/prepared';
import type { Db } from '../../db/types';
import type { Auth } from '../../auth/principal';

/** Signs an application token (like a session token, with the app and its secret's generation as claims). */
export function issueAppToken(
  secret: string,
  app: { id: number; ownerId: number; generation: number; tokenMinutes: number },
  now = Date.now(),
) {
  const iat = Math.floor(now / 1000);
  const exp = iat + app.tokenMinutes * 60;
  const applicationToken = signToken(
    { sub: String(app.ownerId), jti: crypto.randomUUID(), iat, exp, app: app.id, gen: app.generation },
    secret,
  );
  return { applicationToken, expiresAt: new Date(exp * 1000).toISOString() };
}

/**
 * One query per call: the app, unrevoked, with the administrator it acts for and that administrator's roles now (one
 * row per role). Read on every call rather than cached, so that a revocation, a rotation's end of grace, an owner's
 * deactivation or lost role stop the app's tokens at once on every server sharing the database.
 */
export function appLookup(db: Db, appId: number) {
  return db
    .selectFrom('connected_apps as a')
    .innerJoin('users as u', 'u.id', 'a.created_by')
    .leftJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .select([
      'a.name as app_name',
      'a.scopes',
      'a.secret_generation',
      'a.previous_secret_until',
      'a.rate_per_minute',
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.is_active',
      'u.is_email_verified',
      'u.registration_completed',
      'ur.role_id',
    ])
    .where('a.id', '=', appId)
    .where('a.revoked_at', 'is', null)
    .where('u.deleted_at', 'is', null);
}

const compiledLookups = new WeakMap<Db, ReturnType<typeof compileLookup>>();
const compileLookup = (db: Db) => prepared((appId: number) => appLookup(db, appId));

/** Parsed scopes by their stored text: the same few texts arrive with every call. */
const parsedScopes = new Map<string, Scopes>();
function scopesOf(text: string): Scopes {
  let scopes = parsedScopes.get(text);
  if (!scopes) {
    if (parsedScopes.size > 1000) parsedScopes.clear();
    parsedScopes.set(text, (scopes = JSON.parse(text) as Scopes));
  }
  return scopes;
}

/**
 * The principal of an application token whose signature and expiry checked out: the administrator who registered the
 * app as the user (created_by columns and the audit name them), no roles of its own (anything that reads roleIds
 * directly finds none and refuses: the app's permissions are server/auth/principal.ts's to decide), and the app with
 * its scopes and its owner's roles. Null when the app is revoked or gone, the owner deleted, or the token was issued for
 * a secret that no longer works (replaced, and its grace over).
 */
export async function appAuth(db: Db, claims: TokenClaims, now = Date.now()): Promise<Auth | null> {
  const userId = Number(claims.sub);
  if (!Number.isSafeInteger(claims.app) || !Number.isSafeInteger(claims.gen) || !Number.isSafeInteger(userId))
    return null;
  let lookup = compiledLookups.get(db);
  if (!lookup) compiledLookups.set(db, (lookup = compileLookup(db)));
  const { rows } = await db.executeQuery(lookup(claims.app!));
  const row = rows[0];
  if (!row || row.id !== userId) return null;
  const current = claims.gen === row.secret_generation;
  const inGrace =
    claims.gen === row.secret_generation - 1 &&
    row.previous_secret_until !== null &&
    row.previous_secret_until > new Date(now).toISOString();
  if (!current && !inGrace) return null;
  return {
    sessionId: `app:${claims.jti}`,
    roleIds: [],
    user: {
      id: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      isActive: row.is_active === 1,
      isEmailVerified: row.is_email_verified === 1,
      registrationCompleted: row.registration_completed === 1,
    },
    app: {
      id: claims.app!,
      name: row.app_name,
      scopes: scopesOf(row.scopes),
      ratePerMinute: row.rate_per_minute,
      ownerRoleIds: rows.flatMap((r) => (r.role_id === null ? [] : [r.role_id])),
    },
  };
}
