/**
 * Shared set-up of the end-to-end journeys: one fresh server (own temporary DATA_DIR, demo data) and one Chromium
 * per file, a fresh browser context per test, and a sign-in that goes through the real /login form.
 *
 * The app must have been built first (`npm run build`): the server reads dist/index.html when it starts.
 * CHROMIUM_PATH picks the browser (default /usr/bin/chromium). For debugging only: E2E_DEBUG=1 logs each page's API
 * calls, navigations and console; E2E_SCREENSHOTS=1 saves a screenshot of each failed test into the temp directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Frame,
  type Locator,
  type Page,
  chromium,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { loadConfig } from '../../server/config';
import { DIST_DIR } from '../../server/app';
import { DATABASE_FILE } from '../../server/db/backup';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { createServer } from '../../server/server';
import { databaseTemplates, startsLikeTemplate, testServerSettings } from '../helpers/databaseTemplates';
import { freePort } from '../helpers/hub';
import { JOURNEY_TIME_ZONE } from '../helpers/testTimeZone';

export { DEMO_PASSWORD };

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/**
 * How long a single wait may take; generous for 2 slow cores, far below the test timeout. CI shares its machine with
 * other work (a whole run there has taken three times as long as here), so its waits are twice as long: a ceiling on
 * waiting, never a claim about speed. The test timeout in vitest.config.ts follows the same rule.
 */
export const WAIT = process.env.CI ? 30_000 : 15_000;

/** vitest's retrying assertion with the journeys' wait: `await poll(() => pathname(page)).toBe('/404')`. */
export const poll = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, { timeout: WAIT, interval: 100, message });
/** Waits until the element is visible (playwright-core has no web-first expect). */
export const visible = (locator: Locator) => locator.waitFor({ state: 'visible' });

/**
 * With E2E_SCREENSHOTS_DIR=<dir>, the page as it is now at 1440 and 390 px wide (full height) as <name>-<width>.png,
 * for a person to look at; then back to `restoreWidth`. Without it, nothing.
 */
export async function screenshots(page: Page, name: string, restoreWidth = 1440) {
  const dir = process.env.E2E_SCREENSHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: restoreWidth, height: 900 });
}
/** Waits until no element matches (or the one that does is hidden). */
export const gone = (locator: Locator) => locator.first().waitFor({ state: 'hidden' });

export interface ApiResponse {
  status: number;
  body: any;
}

export interface E2E {
  baseUrl: string;
  browser: Browser;
  /** The current test's context and page (fresh for every test). */
  context: BrowserContext;
  page: Page;
  /** A call to the running server from Node, with an optional bearer token. */
  api(method: string, url: string, options?: { token?: string; body?: unknown }): Promise<ApiResponse>;
  /** Sign in from Node (not through the page) and return the token. */
  apiLogin(email: string, password?: string): Promise<string>;
}

/** The demo user of a role: administrator@haulboard.demo … */
export const demoUser = (role: string) => `${role.toLowerCase()}@haulboard.demo`;

/**
 * Registers the hooks of one journey file: server and browser before all, a new context and page before each test,
 * everything closed after. Returns an object whose fields are filled in by those hooks.
 */
/**
 * A browser context as the journeys use it: 1280 × 900 unless the test says otherwise, the journeys' waits, and the
 * system asking for reduced motion, so menus, dialogs and collapsing groups appear and go at once
 * (docs/settings.md#display) and no step clicks into, or waits on, one still growing or fading.
 */
export async function journeyContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
    ...options,
  });
  context.setDefaultTimeout(WAIT);
  context.setDefaultNavigationTimeout(WAIT);
  return context;
}

export interface E2EOptions {
  /** Settings of the file's server besides the defaults, from the address it will listen on (PUBLIC_URL, say). */
  env?: (baseUrl: string) => Record<string, string>;
}

export function useE2E(options: E2EOptions = {}): E2E {
  const state = {} as E2E;
  let dataDir = '';
  let closeServer: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(DIST_DIR, 'index.html')))
      throw new Error('dist/index.html is missing: run `npm run build` before the journeys');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-e2e-'));
    // Settings that name the server's own address need the port before the server starts.
    const port = options.env ? await freePort() : 0;
    const env = options.env?.(`http://127.0.0.1:${port}`) ?? {};
    // The run's migrated, seeded database (tests/e2e/journeyTemplate.ts), unless the file's settings would seed another.
    const template = startsLikeTemplate(env, {}) ? databaseTemplates() : null;
    if (template) fs.copyFileSync(template.sqliteFile, path.join(dataDir, DATABASE_FILE));
    const { app } = await createServer(
      loadConfig({ ...testServerSettings(dataDir, undefined, JOURNEY_TIME_ZONE), PORT: '0', ...env }),
      { logger: false },
    );
    closeServer = () => app.close();
    await app.listen({ port, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the server is not listening on a TCP port');
    state.baseUrl = `http://127.0.0.1:${address.port}`;
    state.browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    state.api = async (method, url, { token, body } = {}) => {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(state.baseUrl + url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, body: parsed };
    };
    state.apiLogin = async (email, password = DEMO_PASSWORD) => {
      const response = await state.api('POST', '/api/Auth/login', { body: { email, password } });
      if (response.status !== 200)
        throw new Error(`login ${email}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body.value as string;
    };
  });

  beforeEach(async () => {
    state.context = await journeyContext(state.browser, state.baseUrl);
    state.page = await state.context.newPage();
    watchNavigations(state.page);
    if (process.env.E2E_DEBUG) {
      const t0 = Date.now();
      const page = state.page;
      const log = (message: string) =>
        console.log(`[e2e ${Date.now() - t0}ms ${new URL(page.url() || 'about:blank').pathname}] ${message}`);
      page.on(
        'response',
        (r) =>
          r.url().includes('/api/') &&
          log(`${r.request().method()} ${r.url().replace(state.baseUrl, '')} → ${r.status()}`),
      );
      page.on('framenavigated', (frame) => frame === page.mainFrame() && log('navigated'));
      page.on('console', (m) => log(`console.${m.type()}: ${m.text().slice(0, 300)}`));
      page.on('pageerror', (e) => log(`pageerror: ${e.message}`));
    }
  });

  afterEach(async (testContext) => {
    const failed = testContext.task.result?.state === 'fail' && !!state.page && !state.page.isClosed();
    if (failed) {
      // What the page showed when the test failed, as text in the test's output: a run elsewhere (CI) keeps no file.
      const shown = await state.page
        .locator('body')
        .ariaSnapshot({ timeout: 5_000 })
        .catch((error: Error) => `(no snapshot: ${error.message})`);
      // Its start (the frame, the screen) and its end (menus and dialogs open in portals at the end of the body).
      const text = shown.length > 8_000 ? `${shown.slice(0, 4_000)}\n  …\n${shown.slice(-4_000)}` : shown;
      console.log(`The page at ${pathname(state.page)} when "${testContext.task.name}" failed:\n${text}`);
    }
    if (failed && process.env.E2E_SCREENSHOTS) {
      const file = path.join(os.tmpdir(), `haulboard-e2e-${testContext.task.name.replace(/[^a-z0-9]+/gi, '-')}.png`);
      await state.page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    }
    await state.context?.close();
  });

  afterAll(async () => {
    await state.browser?.close();
    await closeServer?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  return state;
}

/**
 * Other browsers of a test (another person, a private window, a phone, a user of a second server), each a context of
 * its own at 1280 × 900, closed after the test. Call once per file, at its top.
 */
export function otherBrowsers(e2e: E2E): (baseUrl?: string) => Promise<Page> {
  const open: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
  });
  return async (baseUrl = e2e.baseUrl) => {
    const context = await journeyContext(e2e.browser, baseUrl);
    open.push(context);
    return context.newPage();
  };
}

/** The sidebar of the signed-in layout. */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
/** A sidebar group's open/close button, by the group's name. */
export const groupToggle = (page: Page, name: string) =>
  sidebar(page).locator(`li[data-group-id][aria-label="${name}"]`).getByRole('button').first();

/**
 * Opens (or closes) a sidebar group by its button. On a busy machine the landing screen may still be settling when the
 * click lands, and the sidebar follows the screen's group: a click that did not take is clicked again, as a person
 * would, once it is clear it did not take (never while it may still be applying, which would undo it).
 */
export async function setGroupOpen(toggle: Locator, open = true): Promise<void> {
  const wanted = String(open);
  for (let attempt = 0; attempt < 4; attempt++) {
    if ((await toggle.getAttribute('aria-expanded')) === wanted) return;
    await toggle.click();
    await expect
      .poll(() => toggle.getAttribute('aria-expanded'), { timeout: WAIT / 3, interval: 100 })
      .toBe(wanted)
      .catch(() => undefined);
  }
  await poll(() => toggle.getAttribute('aria-expanded')).toBe(wanted);
}
/** The current screen's title in the top bar (react-admin's title slot, set by every screen). */
export const screenTitle = (page: Page, name?: string) =>
  page.getByRole('banner').getByRole('heading', name === undefined ? {} : { name, exact: true });

/** Fills in and sends the sign-in form the page shows. */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in through the real /login form and waits until the app has left /login and the sidebar has loaded.
 * Returns the token the app stored. With `at` (a path in the app, query included), it opens that link signed out, as
 * from a bookmark: the app sends it to the sign-in form and, once signed in, back to the link (src/admin/AdminApp.tsx),
 * which saves loading the app a second time.
 */
export async function signIn(
  page: Page,
  email: string,
  { password = DEMO_PASSWORD, at }: { password?: string; at?: string } = {},
): Promise<string> {
  await page.goto(at ?? '/login');
  await page.waitForURL((url) => url.pathname === '/login');
  await submitSignIn(page, email, password);
  const arrived = at ? new URL(at, page.url()).pathname : null;
  await page.waitForURL((url) => (arrived ? url.pathname === arrived : url.pathname.startsWith('/app/')));
  await sidebar(page).getByText('Data loaded success').waitFor({ state: 'attached' });
  // The landing redirect and the session check it triggers are done: nothing is in flight any more.
  await page.waitForLoadState('networkidle');
  const token = await storageItem(page, 'accessToken');
  if (!token) throw new Error(`no accessToken stored after signing in as ${email}`);
  return token;
}

/** Main-frame navigations (history changes included) of each page, to catch redirect loops. */
interface NavigationRecord {
  count: number;
  throttled: boolean;
  /** Resolves once the page looks caught in a redirect loop. */
  loop: Promise<void>;
}
const navigations = new WeakMap<Page, NavigationRecord>();

/** A normal journey navigates a few dozen times at most; a redirect loop does it hundreds of times a second. */
const MAX_NAVIGATIONS_PER_TEST = 60;

function watchNavigations(page: Page): void {
  let loopDetected!: () => void;
  const loop = new Promise<void>((resolve) => {
    loopDetected = resolve;
  });
  const record: NavigationRecord = { count: 0, throttled: false, loop };
  navigations.set(page, record);
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && ++record.count > MAX_NAVIGATIONS_PER_TEST) loopDetected();
  });
  // Chromium's own loop guard: "Throttling navigation to prevent the browser from hanging."
  page.on('console', (message) => {
    if (message.text().includes('Throttling navigation')) {
      record.throttled = true;
      loopDetected();
    }
  });
}

/**
 * The page gets to `path` and stays there: no redirect loop on the way (a loop that Chromium throttled looks quiet,
 * hence the count) and no navigation elsewhere within `quietMs`. The one fixed wait of the journeys: "nothing happens"
 * has no event to wait for.
 */
export async function settledAt(page: Page, path: string, quietMs = 750): Promise<void> {
  const record = navigations.get(page)!;
  const arrived = page
    .waitForURL((url) => url.pathname === path)
    .then(
      () => 'arrived' as const,
      () => 'timeout' as const,
    );
  const outcome = await Promise.race([arrived, record.loop.then(() => 'loop' as const)]);
  expect(record.throttled, 'Chromium throttled the navigations of this page: a redirect loop').toBe(false);
  expect(
    record.count,
    `a redirect loop: the page navigated ${record.count} times (now at ${pathname(page)})`,
  ).toBeLessThanOrEqual(MAX_NAVIGATIONS_PER_TEST);
  expect(outcome, `expected to get to ${path}, still at ${pathname(page)}`).toBe('arrived');
  const seen: string[] = [];
  const onNavigated = (frame: Frame) => {
    // A repeated redirect to the same page is harmless; going anywhere else is not.
    const to = new URL(frame.url()).pathname;
    if (frame === page.mainFrame() && to !== path) seen.push(to);
  };
  page.on('framenavigated', onNavigated);
  try {
    await page.waitForTimeout(quietMs);
  } finally {
    page.off('framenavigated', onNavigated);
  }
  expect(record.count, `a redirect loop: the page navigated ${record.count} times`).toBeLessThanOrEqual(
    MAX_NAVIGATIONS_PER_TEST,
  );
  expect(
    seen.length,
    `expected to stay at ${path}, but navigated ${seen.length} times: ${[...new Set(seen)].join(', ')}`,
  ).toBe(0);
  expect(pathname(page)).toBe(path);
}

export const storageItem = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
export const pathname = (page: Page) => new URL(page.url()).pathname;

export interface FeatureGroup {
  id: number;
  name: string;
  isDefaultgroup: boolean;
  features: { id: number; title: string; uri: string; permissions: string[] }[];
}
