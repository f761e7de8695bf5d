/**
 * Journeys 1 and 2: where each role lands after signing in, and that the sidebar shows exactly the features the
 * server returned for that user (docs/routing.md#where-signing-in-lands, docs/product/shell.md#sidebar).
 */
import { type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  type FeatureGroup,
  demoUser,
  pathname,
  poll,
  screenTitle,
  setGroupOpen,
  sidebar,
  signIn,
  storageItem,
  useE2E,
  visible,
} from './helpers';

const e2e = useE2E();

const LANDINGS: [role: string, path: string][] = [
  ['Administrator', '/app/dashboard'],
  ['Finance', '/app/dashboard'],
  ['Driver', '/app/my-loads'],
  // The orders they dispatch: the book order list with its dispatcher filter (its own journey below).
  ['Dispatcher', '/app/books/bookorders'],
  ['Banking', '/app/finances/match-transactions'],
];

/** Feature links of the sidebar in normal mode: expand each group in turn (only one is open at a time). */
async function sidebarFeatures(page: Page): Promise<{ group: string; href: string; title: string }[]> {
  const nav = sidebar(page);
  const groups = nav.locator('li[data-group-id]');
  const count = await groups.count();
  const found: { group: string; href: string; title: string }[] = [];
  for (let i = 0; i < count; i++) {
    const group = groups.nth(i);
    const name = (await group.getAttribute('aria-label')) ?? '';
    const toggle = group.getByRole('button', { name });
    const links = group.getByRole('link');
    // Open until its links show: a landing screen still settling may fold the sidebar back to its own group once.
    await poll(async () => {
      await setGroupOpen(toggle);
      return links.first().isVisible();
    }, `the links of the sidebar group ${name}`).toBe(true);
    // One group open at a time: only this group's list is there.
    await poll(() => nav.locator('li[data-group-id] ul').count()).toBe(1);
    for (const link of await links.all()) {
      found.push({
        group: name,
        href: (await link.getAttribute('href')) ?? '',
        title: (await link.innerText()).trim(),
      });
    }
  }
  return found;
}

describe('where each role lands after signing in, and its sidebar', () => {
  for (const [role, landing] of LANDINGS) {
    it(`${role} lands on ${landing}, and the sidebar shows exactly the features the server returned`, async () => {
      const { page } = e2e;
      const token = await signIn(page, demoUser(role));
      await poll(() => pathname(page)).toBe(landing);

      const response = await e2e.api('GET', '/api/Auth/features/get', { token });
      expect(response.status).toBe(200);
      const groups = response.body.value as FeatureGroup[];
      const expected = groups
        .filter((g) => g.features.length)
        .flatMap((g) => g.features.map((f) => ({ group: g.name, href: f.uri, title: f.title })));
      expect(expected.length).toBeGreaterThan(0);
      const shown = await sidebarFeatures(page);
      // Same features, same groups, same order (the server's layout order).
      expect(shown).toEqual(expected);
      expect(new Set(shown.map((f) => f.href)).size).toBe(shown.length);

      // A link opens its screen in-app and is marked as the current page.
      const last = shown[shown.length - 1];
      const link = sidebar(page).getByRole('link', { name: last.title });
      await link.click();
      await poll(() => pathname(page)).toBe(last.href);
      await visible(screenTitle(page, last.title));
      await poll(() => link.getAttribute('aria-current')).toBe('page');

      // /app (exact) leads to the landing screen again, and it opens (no 403).
      await page.goto('/app');
      await poll(() => pathname(page)).toBe(landing);
      await visible(screenTitle(page));
      expect(
        await page.getByRole('heading', { name: "403: You don't have permission to visit this page" }).count(),
      ).toBe(0);
    });
  }
});

describe('a dispatcher lands on the orders they dispatch', () => {
  it('the list opens filtered to them, and the filter clears like any other', async () => {
    const { page } = e2e;
    await signIn(page, demoUser('Dispatcher'));
    await poll(() => pathname(page)).toBe('/app/books/bookorders');
    const me = JSON.parse((await storageItem(page, 'user'))!);
    const filterOf = () => JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}');
    expect(filterOf()).toMatchObject({ dispatcherId: me.id });
    const dispatcher = page.getByRole('combobox', { name: 'Dispatcher' });
    await poll(() => dispatcher.inputValue()).toBe(`${me.firstName} ${me.lastName}`);
    await page.getByRole('button', { name: 'Remove this filter' }).first().click();
    await poll(() => filterOf().dispatcherId).toBeUndefined();
  });
});

describe('the signed-in frame', () => {
  it('a cold start asks once for the feature list and once for the landing screen’s data', async () => {
    const { page } = e2e;
    await signIn(page, demoUser('Administrator'));
    await poll(() => pathname(page)).toBe('/app/dashboard');
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname: path } = new URL(request.url());
      if (path === '/api/Auth/features/get' || path === '/api/Dashboard/summary') asked.push(path);
    });
    // The bell's list is asked for when the browser is idle after the first screen: start-up is over by then.
    const bellLoaded = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/Notifications');
    await page.reload();
    await visible(screenTitle(page, 'Dashboard'));
    await bellLoaded;
    expect(asked.sort()).toEqual(['/api/Auth/features/get', '/api/Dashboard/summary']);
  });

  it('the keyboard skips to the screen, the menu button folds the sidebar to its icons with their names on hover', async () => {
    const { page } = e2e;
    await signIn(page, demoUser('Administrator'));
    await visible(screenTitle(page, 'Dashboard'));
    // The first Tab reaches "Skip to content"; Enter, then Tab, lands inside the screen.
    await page.keyboard.press('Tab');
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await poll(() => page.evaluate(() => !!document.activeElement?.closest('#main-content'))).toBe(true);

    const close = page.getByRole('button', { name: 'Close menu' });
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    await close.click();
    const open = page.getByRole('button', { name: 'Open menu' });
    await poll(() => open.getAttribute('aria-expanded')).toBe('false');
    // Folded: as wide as the icons (the theme's closedWidth, 56, and a scroll bar when they overflow), not the open
    // width; the links named by their title, shown on hover.
    const drawer = page.locator('.RaSidebar-fixed');
    await poll(async () => ((await drawer.boundingBox())?.width ?? 0) <= 72).toBe(true);
    const link = sidebar(page).getByRole('link', { name: 'Weekly Report' });
    await link.hover();
    await visible(page.getByRole('tooltip').getByText('Weekly Report'));
    await open.click();
    await poll(async () => (await drawer.boundingBox())?.width).toBe(195);
  });
});
