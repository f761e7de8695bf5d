import type { CurrentUser, FeatureGroup } from '../dataProvider/session';

/**
 * Route access as docs/routing.md#how-addresses-work describes it, as pure functions of the cached feature list.
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
  const segments = pathname
    .split('?')[0]
    .split('#')[0]
    .split('/')
    .filter(Boolean)
    .filter((segment) => !ID_SEGMENT.test(segment));
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
  for (const group of groups)
    for (const feature of group.features) if (stripSlash(feature.uri) === path) return feature;
  return undefined;
}

/** Routes every signed-in user may open (the screens marked Any). */
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
export const MY_LOADS_PATH = '/app/my-loads';
export const BANK_PATH = '/app/finances/match-transactions';
export const FLEET_OWNER_PATH = '/app/my-fleet';

/**
 * The book order list filtered to the orders the user dispatches: the list's own dispatcher filter, carried in the
 * address the way react-admin keeps a list's filter, so the user sees it set and may clear it.
 */
export function myOrdersPath(userId: number): string {
  const filter = JSON.stringify({ filtered: 'current', dispatcherId: userId });
  return `${BOOK_ORDERS_PATH}?filter=${encodeURIComponent(filter)}`;
}

type LandingUser = Pick<CurrentUser, 'userType' | 'roles'> & { id?: number };

/** The screens of the user's work, best first (docs/routing.md#where-signing-in-lands). */
function workScreens(user: LandingUser): string[] {
  const holds = (role: string) => user.roles.includes(role);
  const type = user.userType ?? null;
  const screens: string[] = [];
  if (type === 'driver' || (!type && holds('Driver'))) screens.push(MY_LOADS_PATH, DRIVER_REPORT_PATH);
  if (holds('Dispatcher') && user.id !== undefined) screens.push(myOrdersPath(user.id));
  if (holds('Banking')) screens.push(BANK_PATH);
  if (type === 'fleetOwner' || holds('FleetOwner')) screens.push(FLEET_OWNER_PATH);
  if (type && ['dispatch', 'carrier', 'fleetOwner'].includes(type)) screens.push(DASHBOARD_PATH);
  return screens;
}

/**
 * Where /app (exact) leads (docs/routing.md#where-signing-in-lands): a driver to their loads (else their report); a
 * Dispatcher to the orders they dispatch; Banking to the bank; a fleet owner to their fleet; dispatch, carrier and
 * fleetOwner user types to the dashboard; everyone else to the feature titled dashboard, else their first feature,
 * else book orders. A screen the user may not open is passed over, so nobody lands on a 403.
 */
export function landingPath(user: LandingUser | null, groups: FeatureGroup[]): string {
  const features = groups.flatMap((group) => group.features);
  const work = user ? workScreens(user).find((path) => canAccessPath(path, groups)) : undefined;
  if (work) return work;
  const dashboard = features.find((feature) => feature.title.trim().toLowerCase() === 'dashboard');
  if (dashboard) return dashboard.uri;
  if (features.length) return features[0].uri;
  return BOOK_ORDERS_PATH;
}

const ORDER_ADDRESS = /^\/app\/books\/bookorders\/(\d+)(\/edit)?\/?$/;

/**
 * Where an order's address leads a user who may not open the book orders but reads My Loads (a notification or a chat
 * link sent before the driver's view existed): the driver's view of the same order. Null: no other place.
 */
export function orderFallbackPath(pathname: string, groups: FeatureGroup[]): string | null {
  const id = ORDER_ADDRESS.exec(pathname)?.[1];
  if (!id || canAccessPath(pathname, groups) || !canAccessPath(MY_LOADS_PATH, groups)) return null;
  return `${MY_LOADS_PATH}/${id}`;
}

/** The account-flow page a user must see first (docs/authentication.md#account-states), or null once fully active. */
export function accountFlowPath(
  user: Pick<CurrentUser, 'isEmailVerified' | 'registrationCompleted' | 'isActive'> | null,
): string | null {
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
 * The account flow's redirects both ways (docs/product/accounts.md#accounts), for a signed-in user at an /app address:
 * an account that is not yet usable goes to its step unless it opens that step, its account page or its mailbox; a
 * usable account leaves the flow's pages for /app. Null: stay.
 */
export function accountFlowRedirect(user: Parameters<typeof accountFlowPath>[0], pathname: string): string | null {
  const required = accountFlowPath(user);
  if (required) return pathname === required || OPEN_DURING_FLOW.test(pathname) ? null : required;
  return ACCOUNT_FLOW_PAGES.includes(pathname) ? '/app' : null;
}
