import {
  DEFAULT_GROUP_NAME,
  FEATURES,
  type FeatureDefinition,
  type FeatureKey,
  SECTIONS,
  defaultGrants,
} from '../../../schema/features';
import { NAV_FEATURES } from '../../../schema/resources';
import type { UserDto } from '../../../schema/resources/users';
import type { Permission, RoleName } from '../../../schema/roles';
import type { FeatureDto, FeatureGroupDto } from '../../../server/modules/access/layout';

/**
 * The people the fake API knows: their sign-in, their user record (/api/token/me) and the sidebar their roles give
 * them (/api/Auth/features/get), built from the seeded permission matrix of schema/features.ts as the server builds
 * it. Tokens are JWT-shaped (the app reads only exp) and live until the test ends.
 */
export interface Account {
  email: string;
  password: string;
  user: UserDto;
  groups: FeatureGroupDto[];
}

const CATALOGUE: (FeatureDefinition & { parent?: string })[] = [...FEATURES, ...NAV_FEATURES];
const idOf = (key: string) => CATALOGUE.findIndex((feature) => feature.key === key) + 1;

/** The sidebar of a set of roles: one group per section they can see, then the default group (server/modules/access). */
export function groupsFor(roles: readonly RoleName[]): FeatureGroupDto[] {
  const readable: (FeatureDto & { section: string })[] = [];
  for (const feature of CATALOGUE) {
    // A resource's own sidebar entry has its parent's permissions.
    const governing = CATALOGUE.find((f) => f.key === (feature.parent ?? feature.key))!;
    const permissions = [...new Set(roles.flatMap((role) => defaultGrants(governing, role)))];
    if (!permissions.includes('Read')) continue;
    const { key, title, uri, icon, section } = feature;
    readable.push({
      id: idOf(key),
      key,
      title,
      uri,
      icon,
      section,
      parentFeatureId: feature.parent ? idOf(feature.parent) : null,
      permissions,
    });
  }
  const groups: FeatureGroupDto[] = SECTIONS.map((section) => readable.filter((f) => f.section === section))
    .filter((features) => features.length)
    .map((features, position) => ({
      id: position + 1,
      name: features[0].section,
      isDefaultgroup: false,
      position,
      features: features.map(({ section: _, ...f }) => f),
    }));
  return [
    ...groups,
    { id: groups.length + 1, name: DEFAULT_GROUP_NAME, isDefaultgroup: true, position: groups.length, features: [] },
  ];
}

/** Whether an account holds a permission on a feature, as the server's route access checks it. */
export function holds(account: Account, key: FeatureKey, permission: Permission): boolean {
  return account.groups.some((group) =>
    group.features.some((feature) => feature.key === key && feature.permissions.includes(permission)),
  );
}

let nextUserId = 1;

/** A user who may sign in: `<role>@haulboard.demo` with the demo password unless told otherwise. */
export function account(roles: RoleName[], overrides: Partial<UserDto> & { password?: string } = {}): Account {
  const { password = 'demo-password', ...fields } = overrides;
  const id = fields.id ?? nextUserId++;
  const firstName = fields.firstName ?? roles[0];
  const lastName = fields.lastName ?? 'Demo';
  const now = new Date().toISOString();
  const user: UserDto = {
    id,
    version: 1,
    deleted: false,
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
    name: `${firstName} ${lastName}`,
    firstName,
    lastName,
    email: `${roles[0].toLowerCase()}@haulboard.demo`,
    phone: null,
    roleIds: [],
    roles,
    status: 'active',
    isActive: true,
    isPending: false,
    isRegistering: false,
    userType: null,
    avatar: null,
    isEmailVerified: true,
    registrationCompleted: true,
    hasPassword: true,
    activatedAt: now,
    accountId: 1,
    carrierId: null,
    carrierName: null,
    ...fields,
  };
  return { email: user.email, password, user, groups: groupsFor(roles) };
}

const known = new Map<string, Account>();
const sessions = new Map<string, { account: Account; exp: number }>();
const failures = new Map<string, number>();

/** Makes the accounts known to the fake API (until the test ends). */
export function register(...accounts: Account[]): void {
  for (const a of accounts) known.set(a.email, a);
}
export const findAccount = (email: string) => known.get(email);
/** Every account the fake API knows, as the server's user table holds them. */
export const knownAccounts = () => [...known.values()];

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** A session token for the account, as POST /api/Auth/login gives it. */
export function issueToken(a: Account, lifetimeSeconds = 8 * 3600): string {
  const exp = Math.floor(Date.now() / 1000) + lifetimeSeconds;
  const token = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: String(a.user.id), exp, jti: sessions.size + 1 })}.signature`;
  sessions.set(token, { account: a, exp });
  return token;
}

/** Who is calling: the account of a live bearer token, else null (the API answers 401). */
export function caller(request: Request): Account | null {
  const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
  const session = token ? sessions.get(token) : undefined;
  return session && session.exp * 1000 > Date.now() ? session.account : null;
}

export const endSession = (request: Request) =>
  sessions.delete(request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '');

/** Failed sign-ins per e-mail from this browser's address (the server's per-address count). */
export const failedSignIns = {
  count: (email: string) => failures.get(email) ?? 0,
  add: (email: string, n = 1) => failures.set(email, (failures.get(email) ?? 0) + n),
  clear: (email: string) => failures.delete(email),
};

/** Forgets every account, session and failure: each test starts with an empty server. */
export function resetAccounts(): void {
  known.clear();
  sessions.clear();
  failures.clear();
}
