/**
 * The accessibility walk: every role signs in and opens every signed-in screen the server lists for it (the same
 * feature list the sidebar draws, so a new screen is walked without editing this file), at 1440 × 900 and at a
 * 390 × 844 phone. On each settled screen axe-core runs and every serious or critical violation is a finding; on the
 * phone every visible control must also be at least 44 × 44 px (docs/product/accessibility.md).
 *
 * WALK_SCREENSHOTS=<dir> also writes each screen as <dir>/<role>/<route>-<width>.png (what the viewport shows), to be
 * looked at by a person, and each role's findings as <dir>/<role>.json. WALK_ROLES=Driver,Banking walks only those.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ROLES, demoEmail } from '../../server/db/seed';
import { type FeatureGroup, journeyContext, screenTitle, signIn, storageItem, useE2E, WAIT } from './helpers';
import { type Finding, axeFindings, tapTargetFindings } from './accessibilityChecks';

const e2e = useE2E();
const SHOTS = process.env.WALK_SCREENSHOTS;

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/** The screens a role's sidebar offers, from the server's feature list (docs/product/shell.md#sidebar). */
async function signedInRoutes(token: string): Promise<string[]> {
  const response = await e2e.api('GET', '/api/Auth/features/get', { token });
  expect(response.status).toBe(200);
  const uris = (response.body.value as FeatureGroup[]).flatMap((g) => g.features.map((f) => f.uri));
  return [...new Set(uris)].filter((uri) => uri.startsWith('/app/'));
}

/**
 * Waits until the screen has drawn its data: its title is there and nothing shows a skeleton or a progress bar.
 * Returns what was still loading after the journeys' wait (itself a finding), or null once settled.
 */
async function settle(page: Page): Promise<string | null> {
  const deadline = Date.now() + WAIT;
  await screenTitle(page)
    .first()
    .waitFor({ state: 'visible' })
    .catch(() => undefined);
  let quiet = 0;
  let loading: string[] = [];
  while (Date.now() < deadline) {
    loading = await page.evaluate(() =>
      [...document.querySelectorAll('[role="progressbar"], .MuiSkeleton-root, [aria-busy="true"]')]
        .filter((el) => el.checkVisibility({ visibilityProperty: true }))
        .map((el) => el.outerHTML.slice(0, 120)),
    );
    // Two quiet looks in a row: a list that has just answered may draw its next request's skeleton a frame later.
    quiet = loading.length ? 0 : quiet + 1;
    if (quiet >= 2) return null;
    await page.waitForTimeout(150);
  }
  return loading.join(' ') || 'no title';
}

/**
 * A phone's sidebar is a drawer over the screen; left open it hides the whole screen from assistive technology
 * (aria-hidden on the app) and from taps. Closes it, and says whether it was open.
 */
async function closeDrawer(page: Page): Promise<boolean> {
  const drawer = page.locator('.MuiDrawer-modal');
  if (!(await drawer.count())) return false;
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' }).catch(() => undefined);
  return true;
}

const slug = (uri: string) => uri.replace(/^\/app\//, '').replace(/[^a-z0-9]+/gi, '-');

describe('every signed-in screen of every role passes axe-core, and phone controls are big enough to tap', () => {
  const only = process.env.WALK_ROLES?.split(',');
  for (const role of DEMO_ROLES.filter((r) => !only || only.includes(r))) {
    it(`for ${role}`, { timeout: 900_000 }, async () => {
      const context = await journeyContext(e2e.browser, e2e.baseUrl, { viewport: WIDTHS[0] });
      const page = await context.newPage();
      const findings: Finding[] = [];
      try {
        await signIn(page, demoEmail(role));
        const routes = await signedInRoutes((await storageItem(page, 'accessToken'))!);
        expect(routes.length, `${role} has no screen`).toBeGreaterThan(0);
        for (const viewport of WIDTHS) {
          await page.setViewportSize(viewport);
          for (const uri of routes) {
            // A fresh load: an in-app navigation could be judged on the previous screen while the next one's code arrives.
            await page.goto(uri, { waitUntil: 'domcontentloaded' });
            const where = { role, route: uri, width: viewport.width };
            const loading = await settle(page);
            if (loading) findings.push({ ...where, rule: 'still-loading', target: loading, impact: 'serious' });
            if (await closeDrawer(page))
              findings.push({ ...where, rule: 'drawer-left-open', target: '.MuiDrawer-modal', impact: 'serious' });
            if (SHOTS) {
              const file = path.join(SHOTS, role, `${slug(uri)}-${viewport.width}.png`);
              fs.mkdirSync(path.dirname(file), { recursive: true });
              await page.screenshot({ path: file });
            }
            findings.push(...(await axeFindings(page, where)));
            if (viewport.width < 600) findings.push(...(await tapTargetFindings(page, where)));
            // Written after every screen, so that a walk cut short still tells what it found.
            if (SHOTS) fs.writeFileSync(path.join(SHOTS, `${role}.json`), JSON.stringify(findings, null, 1));
          }
        }
      } finally {
        await context.close();
      }
      expect(findings.map(describeFinding)).toEqual([]);
    });
  }
});

const describeFinding = (f: Finding) => `${f.role} ${f.route} @${f.width}: ${f.rule} (${f.impact}) ${f.target}`;
