/**
 * The documentation (docs/product/administration.md#public-site) in Chromium: a visitor reads /docs/getting-started,
 * searches the documentation for "backup" and lands on that section; on /docs/feature-permissions a visitor is asked to
 * sign in for the live table, and an administrator who just changed a permission on Access Settings opens the page from
 * the screen's help button (a new tab) and finds the change in the company's live table.
 */
import { describe, expect, it } from 'vitest';
import { demoUser, pathname, poll, signIn, useE2E, visible } from './helpers';

const e2e = useE2E();

describe('the documentation', () => {
  it('a visitor reads getting started, searches for "backup" and lands on the section', async () => {
    const { page } = e2e;
    await page.goto('/docs');
    await poll(() => pathname(page)).toBe('/docs/welcome');
    await page
      .getByRole('navigation', { name: 'Documentation' })
      .getByRole('link', { name: 'Getting started' })
      .first()
      .click();
    await poll(() => pathname(page)).toBe('/docs/getting-started');
    const article = page.getByRole('article', { name: 'Getting started' });
    await visible(article.getByRole('heading', { level: 1, name: 'Getting started' }));
    await visible(article.getByRole('cell', { name: 'administrator@haulboard.demo' }));
    expect(await page.title()).toBe('Getting started · Documentation · Haulboard');

    await page.getByRole('searchbox', { name: 'Search the documentation' }).fill('backup');
    const results = page.getByRole('list', { name: 'Search results' });
    await visible(results);
    await results.getByRole('link', { name: 'Backups and restore' }).click();
    await poll(() => new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/docs/deployment#backups');
    const section = page.getByRole('heading', { level: 2, name: /^Backups and restore/ });
    await visible(section);
    // The section is where the reader's focus and eyes are: focused, and its top on the screen.
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('backups');
    const box = await section.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(300);
    await visible(page.getByText('npm run backup -- --out FILE').first());
  });

  it('a visitor is asked to sign in for the live permissions; an administrator sees the one they just changed', async () => {
    const { page, context } = e2e;
    await page.goto('/docs/feature-permissions');
    await visible(page.getByRole('heading', { level: 2, name: 'Your company’s permissions now' }));
    await visible(page.getByText(/Signed in with a role that may read Access Settings/));
    expect(await page.getByRole('table', { name: 'Permissions of each role on each screen' }).count()).toBe(0);

    await signIn(page, demoUser('Administrator'));
    const token = await e2e.apiLogin(demoUser('Administrator'));
    const roles = (await e2e.api('GET', '/api/Role/get-all-roles', { token })).body.value as {
      id: number;
      name: string;
    }[];
    await page.goto(`/app/permissions?role=${roles.find((r) => r.name === 'FleetManager')!.id}`);
    await visible(page.getByRole('heading', { name: 'What FleetManager may do' }));
    await page.getByRole('checkbox', { name: 'Read on Bank for FleetManager' }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'All changes saved' }));

    // The screen's help opens its documentation in a new tab: for Access Settings, this page. The top bar slides away
    // while the page is scrolled down (the matrix is long); back at the top it is there to click.
    await page.evaluate(() => window.scrollTo(0, 0));
    await visible(page.getByRole('banner').getByRole('link', { name: 'Help on this screen (opens in a new tab)' }));
    const [docs] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('banner').getByRole('link', { name: 'Help on this screen (opens in a new tab)' }).click(),
    ]);
    await docs.waitForURL('**/docs/feature-permissions');
    const table = docs.getByRole('region', { name: 'Permissions of each role on each screen' });
    await visible(table);
    const cell = table.locator('tr[data-feature="MatchTransactions"] td[data-role="FleetManager"]');
    await poll(() => cell.textContent()).toContain('Read');
    expect(await cell.locator('[aria-hidden="true"]').textContent()).toBe('R');
    // A role that was not changed keeps its defaults beside it.
    expect(
      await table
        .locator('tr[data-feature="MatchTransactions"] td[data-role="Banking"] [aria-hidden="true"]')
        .textContent(),
    ).toBe('RCUDE');
    await docs.close();
  });
});
