import type { FastifyRequest } from 'fastify';
import type { Scopes } from '../../schema/connectedApps';
import { NAV_FEATURES } from '../../schema/resources';
import type { Permission } from '../../schema/roles';
import type { PermissionCatalog } from './permissions';

export interface AuthUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  isEmailVerified: boolean;
  registrationCompleted: boolean;
}

/** The connected app an application token was issued to. */
export interface AppPrincipal {
  id: number;
  name: string;
  scopes: Scopes;
  ratePerMinute: number;
  /** The roles of the administrator the app acts for, now: the app holds its scopes only where they hold them too. */
  ownerRoleIds: number[];
}

/** Who calls: a person signed in, or a connected app acting for the administrator who registered it. */
export interface Auth {
  /** A person; for an app, the administrator who registered it (created_by columns and the audit name them). */
  user: AuthUser;
  sessionId: string;
  /** A person's roles; none for an app (refusalOf decides what an app may do). */
  roleIds: number[];
  app?: AppPrincipal;
}

/** A resource's sidebar entry has its screen's permissions (PermissionCatalog): an app's scope on the screen covers it. */
const governing = (key: string) => NAV_FEATURES.find((nav) => nav.key === key)?.parent ?? key;

/**
 * Why a principal may not do `permission` on any of the features, or null when it may:
 * - roles: a person whose roles do not give it;
 * - scope: an app whose scopes do not include it;
 * - owner: an app whose scopes include it but whose administrator no longer holds it (demoted, or the matrix changed).
 * An app's permissions are its scopes intersected with what the administrator it acts for holds now.
 */
export async function refusalOf(
  catalog: PermissionCatalog,
  auth: Auth | null,
  features: readonly string[],
  permission: Permission,
): Promise<'roles' | 'scope' | 'owner' | null> {
  if (!auth) return 'roles';
  const app = auth.app;
  if (!app) return (await catalog.allows(auth.roleIds, features, permission)) ? null : 'roles';
  const scoped = features.filter(
    (key) => Object.hasOwn(app.scopes, governing(key)) && app.scopes[governing(key)].includes(permission),
  );
  if (!scoped.length) return 'scope';
  return (await catalog.allows(app.ownerRoleIds, scoped, permission)) ? null : 'owner';
}

/**
 * Whether the caller of a request holds `permission` on any of the features: the one check for routes and for the
 * record-level rules inside them (whose money, whose report), for people and apps alike. Never read request.auth.roleIds
 * for a permission: an app's are empty.
 */
export async function requestAllows(
  catalog: PermissionCatalog,
  request: FastifyRequest,
  features: readonly string[],
  permission: Permission,
): Promise<boolean> {
  return (await refusalOf(catalog, request.auth, features, permission)) === null;
}
