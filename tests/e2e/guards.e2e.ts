/**
 * Journeys 3 and 4 and the other route guards (docs/routing.md#how-addresses-work): the 403 page, unknown paths, an API
 * 401, signed-in users on /login, the /app/reports redirect and a new registration's account flow.
 */
import { describe, expect, it } from 'vitest';
import {
  demoUser,
  gone,
  pathname,
  poll,
  screenTitle,
  settledAt,
  sidebar,
  signIn,
  storageItem,
  submitSignIn,
  useE2E,
  visible,
} from './helpers';
import { main } from './records';

const e2e = useE2E();

const FORBIDDEN = "403: You don't have permission to visit this page";
const NOT_FOUND = '404: The page you are looking for isn’t here';
const SESSION_KEYS = ['accessToken', 'user', 'features'];

const sessionStorageKeys = () =>
  e2e.page.evaluate((keys) => keys.filter((key) => localStorage.getItem(key) !== null), SESSION_KEYS);

describe('forbidden and unknown routes', () => {
  it('a dispatcher sees the 403 page on a screen they may not read, with a way back home, and /404 on an unknown /app path', async () => {
    const { page } = e2e;
    await signIn(page, demoUser('Dispatcher'));
    await page.goto('/app/permissions');
    await visible(page.getByRole('heading', { name: FORBIDDEN }));
    // The URL stays where the user asked to go; the page explains instead.
    expect(pathname(page)).toBe('/app/permissions');
    const back = page
      .getByRole('link', { name: 'Back to home' })
      .or(page.getByRole('button', { name: 'Back to home' }));
    await visible(back);
    await back.click();
    await poll(() => pathname(page)).toBe('/app/books/bookorders');
    await gone(page.getByRole('heading', { name: FORBIDDEN }));

    // A record's address is matched by its screen: a Users edit URL is the Users screen, which a dispatcher may not read.
    await page.goto('/app/management/user-management/7/edit');
    await visible(page.getByRole('heading', { name: FORBIDDEN }));

    await page.goto('/app/definitely-not-a-page');
    await poll(() => pathname(page)).toBe('/404');
    await visible(page.getByRole('heading', { name: NOT_FOUND }));
  });

  it('for an administrator, ids and trailing edit segments are stripped before matching the feature; /login and /register lead into /app; /app/reports and /app/books redirect to their first screen', async () => {
    const { page } = e2e;
    await signIn(page, demoUser('Administrator'));
    // A 24-hex id and a trailing "edit": matched as /app/finances/driver-transactions, which the administrator reads;
    // the entry's screen opens and says there is no such entry (the API refuses an id that is not a number).
    await page.goto('/app/finances/driver-transactions/0123456789abcdef01234567/edit');
    await visible(page.getByText('Element does not exist'));
    expect(await page.getByRole('heading', { name: FORBIDDEN }).count()).toBe(0);
    // The same for a numeric id: the user's edit form opens.
    await page.goto('/app/management/user-management/7/edit');
    await visible(page.getByRole('textbox', { name: 'First name' }));
    expect(await page.getByRole('heading', { name: FORBIDDEN }).count()).toBe(0);

    // Signed in, the sign-in and registration pages send the user into the app.
    await page.goto('/login');
    await poll(() => pathname(page)).toBe('/app/dashboard');
    expect(await page.getByRole('heading', { name: 'Sign in to Haulboard' }).count()).toBe(0);
    await page.goto('/register');
    await poll(() => pathname(page)).toBe('/app/dashboard');

    await page.goto('/app/reports');
    await poll(() => pathname(page)).toBe('/app/reports/dashboard');
    await visible(screenTitle(page, 'Reports Dashboard'));
    expect(await page.getByRole('heading', { name: FORBIDDEN }).count()).toBe(0);
    await page.goto('/app/books');
    await poll(() => pathname(page)).toBe('/app/books/bookorders');
    await visible(screenTitle(page, 'Book Orders'));
  });

  it('an unknown path outside /app ends at /404, signed in or not', async () => {
    const { page } = e2e;
    await page.goto('/nowhere');
    await poll(() => pathname(page)).toBe('/404');
    await visible(page.getByRole('heading', { name: NOT_FOUND }));
    await signIn(page, demoUser('Driver'));
    await page.goto('/nowhere/at/all');
    await poll(() => pathname(page)).toBe('/404');
    await visible(page.getByRole('heading', { name: NOT_FOUND }));
  });

  it('/app without a session sends the visitor to /login, and the visitor stays there', async () => {
    const { page } = e2e;
    await page.goto('/app/books/bookorders');
    await settledAt(page, '/login');
    await visible(page.getByRole('heading', { name: 'Sign in to Haulboard' }));
  });
});

describe('an API 401 signs the user out', () => {
  it('after the session is revoked server-side, a reload ends at /login with the session storage cleared; signing in again returns to the filtered list', async () => {
    const { page } = e2e;
    const filteredList = `/app/books/bookorders?filter=${encodeURIComponent(JSON.stringify({ search: 'Houston' }))}`;
    const token = await signIn(page, demoUser('Finance'), { at: filteredList });
    expect(page.url()).toBe(new URL(filteredList, page.url()).href);
    expect(await sessionStorageKeys()).toEqual(SESSION_KEYS);
    const logout = await e2e.api('POST', '/api/token/logout', { token });
    expect(logout.status).toBe(200);
    // The token is dead on the server at once.
    expect((await e2e.api('GET', '/api/token/me', { token })).status).toBe(401);

    await page.reload();
    await settledAt(page, '/login');
    await visible(page.getByRole('heading', { name: 'Sign in to Haulboard' }));
    expect(await sessionStorageKeys()).toEqual([]);

    // The sign-in form remembers the page the session ended on, query included.
    await submitSignIn(page, demoUser('Finance'));
    await poll(() => page.url()).toBe(new URL(filteredList, page.url()).href);
    await visible(screenTitle(page, 'Book Orders'));
    // The list itself is searched, not only titled: the box holds the term and the rows match it.
    expect(await page.getByRole('textbox', { name: 'Order, VIN, broker, shipper, city' }).inputValue()).toBe('Houston');
    await visible(main(page).getByRole('row').filter({ hasText: 'Houston' }).first());
  });

  it('after the session is revoked server-side, the open page ends at /login with the session storage cleared, without a reload', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('Manager'));
    // Wait for the live connection, so the revocation reaches the page through it.
    await visible(page.getByRole('button', { name: /^Online contacts/ }));
    expect((await e2e.api('POST', '/api/token/logout', { token })).status).toBe(200);

    // The hub closes the revoked session's socket; the client checks its token before reconnecting (401) and the
    // session watch signs the page out — no click, no reload.
    await settledAt(page, '/login');
    await visible(page.getByRole('heading', { name: 'Sign in to Haulboard' }));
    expect(await sessionStorageKeys()).toEqual([]);
  });
});

describe('logout', () => {
  it('Logout in the account menu ends the session on the server and leaves the visitor signed out at /login', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('Dispatcher'));
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    // Logout goes straight to the sign-in page, and stays there.
    await settledAt(page, '/login');
    await visible(page.getByRole('heading', { name: 'Sign in to Haulboard' }));
    expect(await sessionStorageKeys()).toEqual([]);
    expect((await e2e.api('GET', '/api/token/me', { token })).status).toBe(401);
  });
});

describe('other guards', () => {
  it('a newly registered user lands on /app/verify-account and cannot leave it for a screen', async () => {
    const { page } = e2e;
    const email = `new.driver.${Date.now()}@example.com`;
    await page.goto('/register');
    await visible(page.getByRole('heading', { name: 'Create your account' }));
    await page.getByRole('textbox', { name: 'First name' }).fill('Nora');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Newcomer');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('combobox', { name: /I am a/ }).click();
    await page.getByRole('option', { name: 'Driver' }).click();
    await page.getByLabel(/^Password/).fill('a-long-password');
    await page.getByRole('button', { name: 'Create account' }).click();

    await poll(() => pathname(page)).toBe('/app/verify-account');
    await visible(page.getByRole('heading', { level: 1, name: 'Verify your e-mail address' }));
    expect(await storageItem(page, 'accessToken')).toBeTruthy();
    // An unverified account sees only its account page: a screen URL sends it back.
    await page.goto('/app/books/bookorders');
    await poll(() => pathname(page)).toBe('/app/verify-account');
    // And no group management for an unusable account (docs/product/shell.md#sidebar).
    expect(await sidebar(page).getByRole('button', { name: 'Manage groups' }).count()).toBe(0);
  });
});
