import type { CurrentUser, FeatureGroup } from '../dataProvider/session';

/**
 * Route access as SPEC.md §2 "Route guards" defines it, as pure functions of the cached feature list.
 * Before matching, numeric or 24-hex ids and trailing edit, view, details, update or new segments are stripped.
 * A trailing "create" is stripped too and then needs Create (not just Read) on the feature: a user who may only
 * read book orders has no business on the create screen.
 */
const ID_SEGMENT = /^(\d+|[0-9a-fA-F]{24})$/;
const TRAILING_SEGMENTS = new Set(['edit', 'view', 'details', 'update', 'new']);

export interface NormalisedPath {
  path: string;
  permission: 'Read' | 'Create';
}

export function normalisePath(pathname: string): NormalisedPath {
  const segments = pathname.split('?')[0].split('#')[0].split('/').filter(Boolean).filter((segment) => !ID_SEGMENT.test(segment));
  while (segments.length && TRAILING_SEGMENTS.has(segments[segments.length - 1].toLowerCase())) segments.pop();
  let permission: NormalisedPath['permission'] = 'Read';
  if (segments.length && segments[segments.length - 1].toLowerCase() === 'create') {
    segments.pop();
    permission = 'Create';
  }
  return { path: '/' + segments.join('/'), permission };
}

const stripSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The feature whose uri matches the normalised path, if the user has it. */
export function findFeature(pathname: string, groups: FeatureGroup[]) {
  const { path } = normalisePath(pathname);
  for (const group of groups) for (const feature of group.features) if (stripSlash(feature.uri) === path) return feature;
  return undefined;
}

/** Routes every signed-in user may open (SPEC.md "marked Any"). */
export function isOpenToAny(pathname: string, anyRoutes: readonly string[]): boolean {
  const { path } = normalisePath(pathname);
  return anyRoutes.some((route) => path === route || path.startsWith(route + '/'));
}

export function canAccessPath(pathname: string, groups: FeatureGroup[], anyRoutes: readonly string[] = []): boolean {
  if (isOpenToAny(pathname, anyRoutes)) return true;
  const { permission } = normalisePath(pathname);
  const feature = findFeature(pathname, groups);
  return !!feature && feature.permissions.includes('Read') && feature.permissions.includes(permission);
}

export const BOOK_ORDERS_PATH = '/app/books/bookorders';
export const DRIVER_REPORT_PATH = '/app/reports/driver-report';
export const DASHBOARD_PATH = '/app/dashboard';

/**
 * Where /app (exact) leads (SPEC.md §2): drivers to their report; dispatch, carrier and fleetOwner user types to
 * the dashboard; everyone else to the feature titled dashboard, else their first feature, else book orders.
 * A user-type target the user may not open falls through to the feature rules, so nobody lands on a 403.
 */
export function landingPath(user: Pick<CurrentUser, 'userType' | 'roles'> | null, groups: FeatureGroup[]): string {
  const features = groups.flatMap((group) => group.features);
  const byType =
    user?.userType === 'driver' || (!user?.userType && user?.roles.includes('Driver'))
      ? DRIVER_REPORT_PATH
      : ['dispatch', 'carrier', 'fleetOwner'].includes(user?.userType ?? '')
        ? DASHBOARD_PATH
        : null;
  if (byType && canAccessPath(byType, groups)) return byType;
  const dashboard = features.find((feature) => feature.title.trim().toLowerCase() === 'dashboard');
  if (dashboard) return dashboard.uri;
  if (features.length) return features[0].uri;
  return BOOK_ORDERS_PATH;
}

/** The account-flow page a user must see first (SPEC.md §4), or null when the account is fully active. */
export function accountFlowPath(user: Pick<CurrentUser, 'isEmailVerified' | 'registrationCompleted' | 'isActive'> | null): string | null {
  if (!user) return null;
  if (!user.isEmailVerified) return '/app/verify-account';
  if (!user.registrationCompleted) return '/app/complete-register';
  if (!user.isActive) return '/app/activation-pending';
  return null;
}

export const ACCOUNT_FLOW_PAGES = ['/app/verify-account', '/app/complete-register', '/app/activation-pending'];
/** What an account still in its flow may open besides its step: its profile and its mailbox (where the verification message waits). */
const OPEN_DURING_FLOW = /^\/app\/(account|received-emails|mail)(\/|$)/;

/**
 * SPEC.md §4's redirects both ways, for a signed-in user at an /app address: an account that is not yet usable goes to
 * its step unless it opens that step, its account page or its mailbox; a usable account leaves the flow's pages for
 * /app. Null: stay.
 */
export function accountFlowRedirect(user: Parameters<typeof accountFlowPath>[0], pathname: string): string | null {
  const required = accountFlowPath(user);
  if (required) return pathname === required || OPEN_DURING_FLOW.test(pathname) ? null : required;
  return ACCOUNT_FLOW_PAGES.includes(pathname) ? '/app' : null;
}
