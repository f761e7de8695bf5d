import { FEATURES } from '../schema/features';
import { NAV_FEATURES, RECORD_RESOURCES } from '../schema/resources';
import { type FeatureGroup, getGroups } from '../dataProvider/session';

/**
 * The app's routes as data, shared by the guards, the sidebar and the router (src/admin/appRoutes.tsx).
 * Paths are absolute; ":param" marks a parameter.
 */

/** Marked Any (docs/routing.md#how-addresses-work): open to every signed-in user (account pages and template areas). */
export const ANY_ROUTES = [
  '/app/account',
  '/app/verify-account',
  '/app/complete-register',
  '/app/activation-pending',
  '/app/received-emails',
  '/app/under-construction',
  '/app/forbidden',
  '/app/mail',
  '/app/projects',
  '/app/social',
  '/app/extra',
  '/app/management/orders',
] as const;

/** The app's screens beyond the features' own (a create or edit screen of a feature: docs/routing.md#every-screen). */
const SUB_ROUTES = [
  '/app/books/bookorders/create',
  '/app/books/bookorders/:id/edit',
  '/app/reports/claims-tracker/create',
  '/app/reports/claims-tracker/create/:id',
  '/app/finances/driver-transactions/:id/edit',
  '/app/reports/driver-off-boarding/:id',
  '/app/management/invoices/create',
  '/app/management/invoices/:id',
  '/app/management/customers/:id',
  '/app/management/factoring-schedules/create',
  '/app/management/factoring-schedules/:id',
] as const;

/**
 * Screens that belong to a feature (each needs Read on it): every feature's own (schema/features.ts), every
 * resource's sidebar entry, every record resource's list, create and edit (schema/resources), and the other
 * sub-screens above. Derived, so a feature cannot lack its route.
 */
export const FEATURE_ROUTES: readonly string[] = [
  ...new Set([
    ...FEATURES.map((feature) => feature.uri),
    ...NAV_FEATURES.map((feature) => feature.uri),
    ...RECORD_RESOURCES.flatMap((def) => [def.route, `${def.route}/create`, `${def.route}/:id/edit`]),
    ...SUB_ROUTES,
  ]),
];

function matches(pattern: string, path: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = path.split('?')[0].split('/').filter(Boolean);
  return a.length === b.length && a.every((segment, i) => segment.startsWith(':') || segment === b[i]);
}

/** Whether a path (a feature's uri, say) is a screen this app has; otherwise links go to under-construction. */
export function isKnownRoute(path: string): boolean {
  return FEATURE_ROUTES.some((pattern) => matches(pattern, path)) || ANY_ROUTES.some((route) => path === route);
}

export const UNDER_CONSTRUCTION_PATH = '/app/under-construction';

/**
 * react-admin resources → the feature paths whose permissions govern them. Most resources belong to one screen;
 * a few records (drivers, fuel cards) serve several: read with any of `read`, written with any of `write`, as the
 * server's routes declare them.
 */
export interface ResourceFeatures {
  read: readonly string[];
  write: readonly string[];
}
const RESOURCE_PATHS = new Map<string, ResourceFeatures>();
export function registerResourcePath(resource: string, path: string | ResourceFeatures): void {
  RESOURCE_PATHS.set(resource, typeof path === 'string' ? { read: [path], write: [path] } : path);
}

const WRITES = ['Create', 'Update', 'Delete'];

/**
 * The one feature path that governs `resource` for a user with these groups: the first write feature that lets
 * the user change something, else the first feature the user may read (so a fleet manager's drivers follow
 * Vehicles, and a dispatch manager, who only reads them, gets read-only screens).
 */
export function governingPath(resource: string, groups: FeatureGroup[]): string | undefined {
  const governance = RESOURCE_PATHS.get(resource);
  if (!governance) return undefined;
  const features = groups.flatMap((group) => group.features);
  const grants = (path: string) => features.find((feature) => feature.uri === path)?.permissions ?? [];
  return (
    governance.write.find((path) => grants(path).some((permission) => WRITES.includes(permission))) ??
    governance.read.find((path) => grants(path).includes('Read')) ??
    governance.read[0]
  );
}

export function resourcePath(resource: string): string | undefined {
  return governingPath(resource, getGroups());
}
