import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_FLOW_PAGES,
  accountFlowPath,
  accountFlowRedirect,
  canAccessPath,
  landingPath,
  myOrdersPath,
  normalisePath,
  orderFallbackPath,
} from '../../authProvider/access';
import { ANY_ROUTES, isKnownRoute } from '../../authProvider/routes';
import type { FeatureGroup } from '../../dataProvider/session';

const feature = (id: number, title: string, uri: string, permissions = ['Read']) => ({
  id,
  title,
  uri,
  icon: 'Article',
  parentFeatureId: null,
  permissions,
});
const groups = (...features: ReturnType<typeof feature>[]): FeatureGroup[] => [
  { id: 1, name: 'General', isDefaultgroup: true, features },
];

describe('path normalisation (docs/routing.md: numeric or 24-hex ids and trailing edit, view, details, update or new are stripped)', () => {
  it.each([
    ['/app/books/bookorders', '/app/books/bookorders', 'Read'],
    ['/app/books/bookorders/', '/app/books/bookorders', 'Read'],
    ['/app/books/bookorders/123/edit', '/app/books/bookorders', 'Read'],
    ['/app/management/user-management/42/edit', '/app/management/user-management', 'Read'],
    ['/app/management/shipper-management/5f1e3c9a2b4d6e8f0a1b2c3d/view', '/app/management/shipper-management', 'Read'],
    ['/app/finances/driver-transactions/9/details', '/app/finances/driver-transactions', 'Read'],
    ['/app/management/vehicles/7/update', '/app/management/vehicles', 'Read'],
    ['/app/management/vehicles/new', '/app/management/vehicles', 'Read'],
    ['/app/books/bookorders/create', '/app/books/bookorders', 'Create'],
    ['/app/reports/claims-tracker/create/15', '/app/reports/claims-tracker', 'Create'],
    ['/app/books/bookorders/123/EDIT', '/app/books/bookorders', 'Read'],
    ['/app/books/bookorders?status=NEW', '/app/books/bookorders', 'Read'],
    // A 23-character hex segment is not an id.
    ['/app/x/5f1e3c9a2b4d6e8f0a1b2c3', '/app/x/5f1e3c9a2b4d6e8f0a1b2c3', 'Read'],
    ['/app/editor', '/app/editor', 'Read'],
  ])('%s → %s (%s)', (input, path, permission) => {
    expect(normalisePath(input)).toEqual({ path, permission });
  });
});

describe('canAccess: Read on the matching feature, or a route marked Any', () => {
  const bookOrders = groups(
    feature(1, 'Book Orders', '/app/books/bookorders', ['Read', 'Update']),
    feature(2, 'Users', '/app/management/user-management'),
  );
  it.each([
    ['/app/books/bookorders', true],
    ['/app/books/bookorders/77/edit', true],
    ['/app/books/bookorders/create', false], // Read and Update only: no Create
    ['/app/management/user-management/3/edit', true],
    ['/app/permissions', false],
    ['/app/books', false],
    ['/app/books/bookorders-archive', false],
    ['/app/account', true], // Any
    ['/app/under-construction', true], // Any
    ['/app/chat/new', false], // the Chat feature's screens need Read on Chat
    ['/app/projects/browse', true], // template area, Any
  ])('%s → %s', (path, allowed) => {
    expect(canAccessPath(path, bookOrders, ANY_ROUTES)).toBe(allowed);
  });
  it('opens the chat screens, a new conversation and a thread, with Read on Chat', () => {
    const chat = groups(feature(3, 'Chat', '/app/chat', ['Read']));
    for (const path of ['/app/chat', '/app/chat/new', '/app/chat/42'])
      expect(canAccessPath(path, chat, ANY_ROUTES), path).toBe(true);
  });
  it('needs Create for a create screen', () => {
    expect(
      canAccessPath(
        '/app/books/bookorders/create',
        groups(feature(1, 'Book Orders', '/app/books/bookorders', ['Read', 'Create'])),
        ANY_ROUTES,
      ),
    ).toBe(true);
  });
  it('refuses a feature listed without Read', () => {
    expect(
      canAccessPath(
        '/app/books/bookorders',
        groups(feature(1, 'Book Orders', '/app/books/bookorders', ['Export'])),
        ANY_ROUTES,
      ),
    ).toBe(false);
  });
  it('refuses everything but Any routes with no features', () => {
    expect(canAccessPath('/app/dashboard', [], ANY_ROUTES)).toBe(false);
    expect(canAccessPath('/app/account', [], ANY_ROUTES)).toBe(true);
  });
});

describe('landing at /app (docs/routing.md#where-signing-in-lands)', () => {
  const dashboard = feature(10, 'Dashboard', '/app/dashboard');
  const books = feature(1, 'Book Orders', '/app/books/bookorders');
  const driverReport = feature(7, 'Driver Report', '/app/reports/driver-report');
  const myLoads = feature(8, 'My Loads', '/app/my-loads');
  const bank = feature(20, 'Bank', '/app/finances/match-transactions');
  const chat = feature(30, 'Chat', '/app/chat');
  const myFleet = feature(40, 'My Fleet', '/app/my-fleet');
  const user = (userType: string | null, roles: string[] = [], id = 12) => ({ userType, roles, id });
  const mine = '/app/books/bookorders?filter=%7B%22filtered%22%3A%22current%22%2C%22dispatcherId%22%3A12%7D';
  it.each([
    ['the feature titled dashboard', user(null, ['Manager']), groups(books, dashboard), '/app/dashboard'],
    [
      'the title match ignores case',
      user(null),
      groups(books, feature(10, 'DASHBOARD', '/app/dashboard')),
      '/app/dashboard',
    ],
    ['else the first permitted feature', user(null), groups(driverReport, books), '/app/reports/driver-report'],
    ['else the book orders list', user(null), [], '/app/books/bookorders'],
    [
      'a driver goes to their loads',
      user('driver', ['Driver']),
      groups(dashboard, driverReport, myLoads),
      '/app/my-loads',
    ],
    ['a Driver role without a user type too', user(null, ['Driver']), groups(books, myLoads), '/app/my-loads'],
    [
      'a driver without My Loads goes to the driver report',
      user('driver', ['Driver']),
      groups(dashboard, driverReport),
      '/app/reports/driver-report',
    ],
    ['a Dispatcher goes to the orders they dispatch', user('dispatch', ['Dispatcher']), groups(books, chat), mine],
    ['a Dispatcher role of any user type too', user(null, ['Dispatcher']), groups(chat, books, dashboard), mine],
    [
      'a Dispatcher who may not read book orders falls through',
      user('dispatch', ['Dispatcher']),
      groups(chat, dashboard),
      '/app/dashboard',
    ],
    ['Banking goes to the bank', user(null, ['Banking']), groups(chat, bank), '/app/finances/match-transactions'],
    ['Banking without the bank falls through', user(null, ['Banking']), groups(chat), '/app/chat'],
    ['a fleet owner goes to their fleet', user('fleetOwner', ['FleetOwner']), groups(chat, myFleet), '/app/my-fleet'],
    ['the FleetOwner role without a user type too', user(null, ['FleetOwner']), groups(chat, myFleet), '/app/my-fleet'],
    [
      'a fleet owner without that screen goes to the dashboard as before',
      user('fleetOwner', ['FleetOwner']),
      groups(chat, dashboard),
      '/app/dashboard',
    ],
    ['dispatch user type → dashboard', user('dispatch'), groups(books, dashboard), '/app/dashboard'],
    ['carrier user type → dashboard', user('carrier'), groups(books, dashboard), '/app/dashboard'],
    ['fleetOwner user type → dashboard', user('fleetOwner'), groups(books, dashboard), '/app/dashboard'],
    ['a driver without their screens falls through', user('driver'), groups(books), '/app/books/bookorders'],
  ])('%s', (_name, who, available, expected) => {
    expect(landingPath(who, available)).toBe(expected);
  });

  it('the orders one dispatches: the list’s own filter in its address', () => {
    const url = new URL(myOrdersPath(12), 'http://x');
    expect(url.pathname).toBe('/app/books/bookorders');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ filtered: 'current', dispatcherId: 12 });
    expect(myOrdersPath(12)).toBe(mine);
  });
});

describe('an order’s address for whoever reads My Loads instead of book orders', () => {
  const books = feature(1, 'Book Orders', '/app/books/bookorders');
  const myLoads = feature(8, 'My Loads', '/app/my-loads');
  it.each([
    ['the edit screen of an order', '/app/books/bookorders/42/edit', groups(myLoads), '/app/my-loads/42'],
    ['the order without /edit', '/app/books/bookorders/42', groups(myLoads), '/app/my-loads/42'],
    ['not when the user opens book orders', '/app/books/bookorders/42/edit', groups(books, myLoads), null],
    ['not without My Loads', '/app/books/bookorders/42/edit', groups(), null],
    ['not the list or the create screen', '/app/books/bookorders/create', groups(myLoads), null],
    ['not another screen', '/app/management/user-management/42/edit', groups(myLoads), null],
  ])('%s', (_name, path, available, expected) => {
    expect(orderFallbackPath(path, available)).toBe(expected);
  });
});

describe('account flow (docs/authentication.md#account-states)', () => {
  // Every combination of the three flags, the order of the steps deciding: verify, then complete, then wait.
  const states = [false, true].flatMap((isEmailVerified) =>
    [false, true].flatMap((registrationCompleted) =>
      [false, true].map((isActive) => ({ isEmailVerified, registrationCompleted, isActive })),
    ),
  );
  const stepOf = (s: (typeof states)[number]) =>
    !s.isEmailVerified
      ? '/app/verify-account'
      : !s.registrationCompleted
        ? '/app/complete-register'
        : !s.isActive
          ? '/app/activation-pending'
          : null;
  it.each(states.map((s) => [JSON.stringify(s), s] as const))(
    '%s: its step, and the redirects both ways from every kind of page',
    (_name, state) => {
      const step = stepOf(state);
      expect(accountFlowPath(state)).toBe(step);
      for (const page of ACCOUNT_FLOW_PAGES)
        expect(accountFlowRedirect(state, page), page).toBe(step ? (page === step ? null : step) : '/app');
      // Screens wait for a usable account; the account page and the mailbox stay open all along.
      for (const page of ['/app/books/bookorders', '/app/management/user-management/3/edit', '/app'])
        expect(accountFlowRedirect(state, page), page).toBe(step);
      for (const page of ['/app/account', '/app/received-emails', '/app/received-emails/4', '/app/mail/all'])
        expect(accountFlowRedirect(state, page), page).toBeNull();
    },
  );
  it('no signed-in user: no step (the sign-in guard decides)', () => {
    expect(accountFlowPath(null)).toBeNull();
  });
});

describe('known routes', () => {
  it.each([
    ['/app/books/bookorders', true],
    ['/app/books/bookorders/12/edit', true],
    ['/app/management/vehicles/create', true],
    ['/app/reports/claims-tracker/create/3', true],
    ['/app/account', true],
    ['/app/some/new/feature', false],
  ])('%s → %s', (path, known) => {
    expect(isKnownRoute(path)).toBe(known);
  });
});
