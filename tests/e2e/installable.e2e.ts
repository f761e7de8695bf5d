/**
 * Journey: the installable app (docs/product/shell.md#installable) on the built app served by the real server.
 *
 * Lighthouse 12 dropped its PWA category and the installable-manifest audit; that audit read Chrome's own verdict,
 * which the DevTools protocol gives directly: Page.getInstallabilityErrors. It is asked in a persistent Chromium
 * profile, as a person's browser is (an incognito context, like Playwright's newContext, is never installable).
 * Also: manifest and icons, the service worker's headers and that it never answers /api or /notify, the install
 * banner (dismissal remembered), and that the first page loads neither the hub client nor Firebase.
 *
 * E2E_SCREENSHOTS_DIR=<dir> saves a screenshot of the install banner there.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, type Page, type Response, chromium } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIST_DIR } from '../../server/app';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  WAIT,
  demoUser,
  gone,
  poll,
  signIn,
  storageItem,
  useE2E,
  visible,
} from './helpers';

const e2e = useE2E();

let profileDir = '';
let persistent: BrowserContext | null = null;

beforeEach(() => {
  profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-profile-'));
});
afterEach(async () => {
  await persistent?.close();
  persistent = null;
  fs.rmSync(profileDir, { recursive: true, force: true });
});

/** A Chromium with a real (temporary) profile: service workers, install offers and installability as for a person. */
async function profileBrowser(): Promise<Page> {
  persistent = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    baseURL: e2e.baseUrl,
    viewport: { width: 1280, height: 900 },
  });
  persistent.setDefaultTimeout(WAIT);
  return persistent.pages()[0] ?? persistent.newPage();
}

/** Chrome's installability verdict for the page (what Lighthouse's installable-manifest audit reported). */
async function installabilityErrors(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    return installabilityErrors.map((error) =>
      [error.errorId, ...error.errorArguments.map((a) => `${a.name}=${a.value}`)].join(' '),
    );
  } finally {
    await cdp.detach();
  }
}

/** Width, height and colour type from a PNG's IHDR (colour type 2 is RGB: no transparency at all). */
function pngHeader(bytes: Buffer) {
  expect(
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    'PNG signature',
  ).toBe(true);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), colourType: bytes[25] };
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

describe('manifest and icons', () => {
  it('the manifest names the app, starts and stays in /app/, runs standalone in the theme colour, with 192, 512 and maskable icons', async () => {
    const response = await fetch(`${e2e.baseUrl}/app/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/manifest+json');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      id: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: ManifestIcon[];
    };
    expect(manifest).toMatchObject({
      name: 'Haulboard',
      short_name: 'Haulboard',
      start_url: '/app/',
      scope: '/app/',
      display: 'standalone',
    });

    // index.html links it, and its theme-color is the manifest's.
    const html = await (await fetch(`${e2e.baseUrl}/app/dashboard`)).text();
    expect(html).toContain('<link rel="manifest" href="/app/manifest.webmanifest">');
    expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);

    const icon = (size: string, purpose: string) =>
      manifest.icons.find((i) => i.sizes === size && (i.purpose ?? 'any').split(' ').includes(purpose));
    const wanted = [icon('192x192', 'any'), icon('512x512', 'any'), icon('512x512', 'maskable')];
    expect(wanted.every(Boolean), JSON.stringify(manifest.icons)).toBe(true);
    for (const entry of wanted as ManifestIcon[]) {
      const url = new URL(entry.src, `${e2e.baseUrl}/app/manifest.webmanifest`);
      const image = await fetch(url);
      expect(image.status, url.pathname).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      const header = pngHeader(Buffer.from(await image.arrayBuffer()));
      expect(`${header.width}x${header.height}`, url.pathname).toBe(entry.sizes);
      // A maskable icon is cropped to any shape: it must be full-bleed, without transparent corners.
      if (entry.purpose === 'maskable') expect(header.colourType, 'maskable icon is opaque RGB').toBe(2);
    }
  });

  it('the service worker and its push script are checked on every load, never cached for a year, never replaced by index.html', async () => {
    for (const file of ['sw.js', 'push-sw.js']) {
      const response = await fetch(`${e2e.baseUrl}/app/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type'), file).toContain('javascript');
      expect(response.headers.get('cache-control'), file).toBe('no-cache');
      expect(await response.text(), file).not.toContain('<!doctype html>');
    }
    // The built worker: a navigation fallback that leaves out the server's own pages (vite.config.ts SERVER_ONLY):
    // the API, the hub and the bills of lading's public pages.
    const worker = await (await fetch(`${e2e.baseUrl}/app/sw.js`)).text();
    expect(worker).toContain('NavigationRoute');
    const denylist = /denylist:\[([^\]]*)\]/.exec(worker)?.[1] ?? '';
    for (const path of ['api', 'notify', 'bol']) expect(denylist).toContain(`/^\\/${path}(\\/|$)/`);
  });
});

describe('installability in Chromium', () => {
  it('Chrome finds no installability error on the signed-in app, and the service worker never answers /api or /notify', async () => {
    const page = await profileBrowser();
    await signIn(page, demoUser('Administrator'));
    expect(await installabilityErrors(page)).toEqual([]);

    // The worker is registered by the signed-in layout; after a reload it controls the page.
    await poll(() =>
      page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration('/app/'))?.active),
    ).toBe(true);
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.reload();
    await visible(page.getByRole('navigation', { name: 'Main navigation' }));
    await poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(
      `${e2e.baseUrl}/app/sw.js`,
    );
    await page.waitForLoadState('networkidle');
    const health = await page.evaluate(async () => (await fetch('/api/health')).status);
    expect(health).toBe(200);
    await page.waitForLoadState('networkidle');

    const fromWorker = (prefix: string) =>
      responses
        .filter((r) => new URL(r.url()).pathname.startsWith(prefix) && r.fromServiceWorker())
        .map((r) => r.url());
    const seen = (prefix: string) => responses.filter((r) => new URL(r.url()).pathname.startsWith(prefix)).length;
    // The hub connects once the page is idle (src/realtime), which may come after the network first went quiet.
    await poll(() => seen('/api/'), 'API calls after the reload').toBeGreaterThan(0);
    await poll(() => seen('/notify'), 'the hub was contacted after the reload').toBeGreaterThan(0);
    expect(fromWorker('/api/')).toEqual([]);
    expect(fromWorker('/notify')).toEqual([]);
    // The worker does serve the app itself (so the check above is not vacuous).
    expect(fromWorker('/app/').length).toBeGreaterThan(0);
    expect(await installabilityErrors(page)).toEqual([]);
  });

  it('an active user is offered to install; closing the banner is remembered across reloads', async () => {
    const page = await profileBrowser();
    await signIn(page, demoUser('Dispatcher'));
    const banner = page.getByRole('region', { name: 'Install' });
    await visible(banner);
    const dir = process.env.E2E_SCREENSHOTS_DIR;
    if (dir) {
      fs.mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: path.join(dir, 'install-banner.png') });
    }
    await banner.getByRole('button', { name: 'Not now' }).click();
    await gone(banner);
    expect(await storageItem(page, 'installPrompt')).toBe('dismissed');
    await page.reload();
    await visible(page.getByRole('navigation', { name: 'Main navigation' }));
    // The browser offers again on every load; the app keeps quiet.
    await page.waitForLoadState('networkidle');
    expect(await banner.count()).toBe(0);
  });

  it('no banner where the browser makes no offer (incognito is never installable)', async () => {
    const { page } = e2e;
    await signIn(page, demoUser('Dispatcher'));
    expect(await installabilityErrors(page)).toContain('in-incognito');
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('region', { name: 'Install' }).count()).toBe(0);
  });
});

/** The JavaScript files a module brought into the build (its chunk and the chunks only it imports), from .vite/manifest.json. */
function chunkOf(source: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(DIST_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in the build manifest: was it renamed?`);
  return `/app/${entry.file}`;
}

describe('what the first page downloads', () => {
  it('/login loads neither the hub client nor Firebase; the signed-in shell loads the hub client, and Firebase only when configured', async () => {
    const hubClient = chunkOf('node_modules/@microsoft/signalr/dist/esm/index.js');
    const firebase = chunkOf('src/push/firebaseMessaging.ts');
    const { page } = e2e;
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));

    await page.goto('/login');
    await visible(page.getByRole('button', { name: 'Sign in' }));
    await page.waitForLoadState('networkidle');
    expect(requested.filter((p) => p.endsWith('.js')).length).toBeGreaterThan(0);
    expect(requested).not.toContain(hubClient);
    expect(requested).not.toContain(firebase);

    await signIn(page, demoUser('Administrator'));
    // The hub connects once the first screen has rendered and the browser is idle (2 s at most).
    await poll(() => requested).toContain(hubClient);
    // This build has no VITE_FIREBASE_* settings (the repository ships none): not a byte of Firebase.
    expect(requested).not.toContain(firebase);
  });
});
