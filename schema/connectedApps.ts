import { z } from 'zod';
import { missingRead } from './accessSettings';
import { pagingQuery } from './common';
import { FEATURES, type Section } from './features';
import { PERMISSIONS, type Permission } from './roles';

/**
 * Connected Apps (/app/settings, docs/authentication.md#connected-apps): applications an administrator registers so
 * that an integrator's system calls the API with a token of its own instead of a person's password. The requests, the
 * answers and the rules' wording, for the server and the screen alike.
 */

/** An application token's lifetime, in minutes. */
export const TOKEN_MINUTES = { min: 5, max: 24 * 60, default: 60 } as const;
/** Calls an app may make per minute. */
export const RATE_PER_MINUTE = { min: 1, max: 6000, default: 120 } as const;
/** How long the secret a rotation replaces keeps working, in minutes (0: it stops at once; at most 7 days). */
export const GRACE_MINUTES = { min: 0, max: 7 * 24 * 60, default: 24 * 60 } as const;
/** The grace periods the screen offers (the API takes any number of minutes in range). */
export const GRACE_CHOICES = [0, 15, 60, 24 * 60, 3 * 24 * 60, 7 * 24 * 60] as const;

/**
 * Screens that govern access itself — Access Settings, Connected Apps, the audit trail, anything of the Admin and
 * Settings sections — are never a scope: an app that could change permissions or register apps could widen its own
 * reach, and what people did is for administrators to read, not for an integration.
 */
export const UNSCOPABLE_SECTIONS: readonly Section[] = ['Admin', 'Settings'];

/** The features an app may be given, in the catalogue's order (a resource's sidebar entry follows its screen's). */
export const SCOPE_FEATURES = FEATURES.filter((feature) => !UNSCOPABLE_SECTIONS.includes(feature.section));
const SCOPE_KEYS: readonly string[] = SCOPE_FEATURES.map((feature) => feature.key);
const titleOf = (key: string) => FEATURES.find((feature) => feature.key === key)?.title ?? key;

/** An app's scopes: feature key → the permissions it has there, e.g. { "BookOrders": ["Read", "Export"] }. */
export type Scopes = Record<string, Permission[]>;

/** The scopes in one order (catalogue, then Read, Create …), empty entries dropped: stored and answered so. */
export function normalScopes(scopes: Scopes): Scopes {
  const out: Scopes = {};
  for (const key of SCOPE_KEYS) {
    const permissions = PERMISSIONS.filter((p) => scopes[key]?.includes(p));
    if (permissions.length) out[key] = permissions;
  }
  return out;
}

/** The refusals, worded once (server and screen). */
export const APP_MESSAGES = {
  /** Every failed exchange, whatever was wrong: a caller learns nothing about which part was. */
  badCredentials: 'The client id, secret key or caller id is not right, or the app was revoked',
  noScope: 'Choose at least one scope: a screen and what the app may do there',
  unknownFeature: (key: string) => `There is no screen "${key}" to give an app`,
  unscopable: (key: string) => `${titleOf(key)} is never given to an app: it governs access itself`,
  needsRead: (key: string) =>
    `Tick Read on ${titleOf(key)} too: an app cannot change, export or approve what it cannot read`,
  duplicate: 'Name each permission once',
  notHeld: (permission: string, key: string) =>
    `You do not hold ${permission} on ${titleOf(key)} yourself, so you cannot give it to an app`,
  revoked: 'This app is revoked: nothing about it can change. Register a new app instead',
  stale: 'Another administrator changed this app since you opened it. Reload to see their change',
  ownerInactive:
    'The administrator who registered this app can no longer sign in, so the app cannot act for them. Register the app again under an active administrator',
  forPeople:
    'An application token cannot call this: it is for people signed in to the app. Call the API of the app’s scopes',
  outOfScope: (permission: string, features: string) => `This app’s scopes do not include ${permission} on ${features}`,
  ownerLacks: (permission: string, features: string) =>
    `The administrator who registered this app no longer holds ${permission} on ${features}, so the app cannot either`,
  throttled: (minutes: number) => `Too many failed token requests from your address. Try again in ${minutes} minute(s)`,
  rateLimited: (perMinute: number, seconds: number) =>
    `This app may make ${perMinute} calls a minute. Try again in ${seconds} second(s)`,
} as const;

/** Titles of features by key, joined for a message ("Users or Access Settings"). */
export const featureTitles = (keys: readonly string[]) => keys.map(titleOf).join(' or ');

const scopes = z
  .record(z.string().max(60), z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length))
  .superRefine((given, ctx) => {
    const chosen = Object.entries(given).filter(([, permissions]) => permissions.length);
    if (!chosen.length) ctx.addIssue({ code: 'custom', message: APP_MESSAGES.noScope });
    for (const [key, permissions] of chosen) {
      const known = FEATURES.some((feature) => feature.key === key);
      if (!known) ctx.addIssue({ code: 'custom', path: [key], message: APP_MESSAGES.unknownFeature(key) });
      else if (!SCOPE_KEYS.includes(key))
        ctx.addIssue({ code: 'custom', path: [key], message: APP_MESSAGES.unscopable(key) });
      else if (new Set(permissions).size !== permissions.length)
        ctx.addIssue({ code: 'custom', path: [key], message: APP_MESSAGES.duplicate });
      else if (missingRead(permissions))
        ctx.addIssue({ code: 'custom', path: [key], message: APP_MESSAGES.needsRead(key) });
    }
  })
  .transform(normalScopes);

const name = z
  .string()
  .trim()
  .min(1, 'Enter a name people will recognise, e.g. the integrator’s product')
  .max(80, 'Keep the name to 80 characters');
/** The integrator's own identifier, sent again with every exchange: visible characters, no spaces. */
const callerId = z
  .string()
  .trim()
  .min(1, 'Enter the caller id the integrator will send')
  .max(100, 'Keep the caller id to 100 characters')
  .regex(/^[\x21-\x7e]+$/, 'Use letters, digits and punctuation, without spaces');
const minutes = (range: { min: number; max: number }, what: string) =>
  z
    .number(`Enter ${what} in minutes`)
    .int(`Enter ${what} as whole minutes`)
    .min(range.min, `At least ${range.min} minutes`)
    .max(range.max, `At most ${range.max} minutes`);
const tokenMinutes = minutes(TOKEN_MINUTES, 'the token lifetime');
const ratePerMinute = z
  .number('Enter the calls per minute')
  .int('Enter a whole number of calls')
  .min(RATE_PER_MINUTE.min, `At least ${RATE_PER_MINUTE.min} call a minute`)
  .max(RATE_PER_MINUTE.max, `At most ${RATE_PER_MINUTE.max} calls a minute`);
const version = z.number().int().min(1).max(2_147_483_647);

/** POST /api/ConnectedApps */
export const appCreateBody = z
  .object({
    name,
    callerId,
    scopes,
    tokenMinutes: tokenMinutes.default(TOKEN_MINUTES.default),
    ratePerMinute: ratePerMinute.default(RATE_PER_MINUTE.default),
  })
  .strict();
/** PUT /api/ConnectedApps/:id: the caller id stays what the integrator was given. */
export const appUpdateBody = z.object({ name, scopes, tokenMinutes, ratePerMinute, version }).strict();
export const graceMinutes = minutes(GRACE_MINUTES, 'the grace period');
/** POST /api/ConnectedApps/:id/rotate-secret */
export const appRotateBody = z.object({ graceMinutes: graceMinutes.default(GRACE_MINUTES.default), version }).strict();
/** POST /api/ConnectedApps/:id/revoke */
export const appRevokeBody = z.object({ version }).strict();

/** POST /apps/auth-token (the token exchange): bad shapes are 400, wrong values one 401. */
export const exchangeBody = z.object({
  clientId: z.string().min(1, 'Send clientId').max(200),
  secretKey: z.string().min(1, 'Send secretKey').max(200),
  callerId: z.string().min(1, 'Send callerId').max(200),
});

export const APP_STATUSES = ['active', 'revoked'] as const;
export type AppStatus = (typeof APP_STATUSES)[number];
export const APP_SORTS = ['name', 'callerId', 'createdAt', 'lastUsedAt', 'status'] as const;

/** GET /api/ConnectedApps */
export const appListQuery = z
  .object({
    ...pagingQuery(50, 200),
    status: z.enum([...APP_STATUSES, 'all'], 'Show active, revoked or all apps').default('all'),
  })
  .superRefine((q, ctx) => {
    if (q.sort && !(APP_SORTS as readonly string[]).includes(q.sort.replace(/^-/, '')))
      ctx.addIssue({ code: 'custom', path: ['sort'], message: `Sort by one of ${APP_SORTS.join(', ')}` });
  });

export type AppCreateBody = z.output<typeof appCreateBody>;
export type AppUpdateBody = z.output<typeof appUpdateBody>;
export type AppRotateBody = z.output<typeof appRotateBody>;
export type AppRevokeBody = z.output<typeof appRevokeBody>;
export type ExchangeBody = z.output<typeof exchangeBody>;
export type AppListQuery = z.output<typeof appListQuery>;

/** A connected app as every route answers it; its secret never (only its registration and rotation show one, once). */
export interface ConnectedAppDto {
  id: number;
  name: string;
  callerId: string;
  /** Public: the integrator sends it with the secret. */
  clientId: string;
  scopes: Scopes;
  tokenMinutes: number;
  ratePerMinute: number;
  status: AppStatus;
  createdBy: number;
  createdByName: string;
  createdAt: string;
  updatedAt: string;
  /** The last token issued or call made with one. */
  lastUsedAt: string | null;
  /** When the secret was last replaced (null: never). */
  secretRotatedAt: string | null;
  /** Until when the replaced secret still works (null: it does not). */
  previousSecretUntil: string | null;
  revokedAt: string | null;
  revokedByName: string | null;
  version: number;
}

/** The answer of a registration or a rotation: the app and its new secret, shown this once. */
export interface ConnectedAppWithSecret extends ConnectedAppDto {
  secretKey: string;
}

/** The answer of the exchange (docs/api-calls.md#envelopes: applicationToken; expiresAt is when to exchange again). */
export interface ApplicationTokenDto {
  data: { applicationToken: string; expiresAt: string };
}

/** One screen an app may be given, with the permissions the caller may give on it (what they hold themselves). */
export interface ScopeOption {
  key: string;
  title: string;
  section: Section;
  permissions: Permission[];
}

/** A short summary of scopes for a list: "Book Orders (Read, Export) · Vehicles (Read)". */
export function scopesSummary(given: Scopes): string {
  return Object.entries(given)
    .map(([key, permissions]) => `${titleOf(key)} (${permissions.join(', ')})`)
    .join(' · ');
}
