/**
 * Rough edges a new user met, in Chromium against the real server with the demo data: the driver report's ledger
 * follows the report's period (resources/driverReport); the dispatcher salary report asks a driver or a banker for no
 * list they may not read (ui/reports/ReportFilters.tsx); the Access Settings Save bar stays in view down the matrix; a
 * filter bar's period select lines up with the search box beside it (ui/records/PeriodFilter.tsx).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { reportRange } from '../../schema/reports';
import { demoUser, pathname, poll, signIn, useE2E, visible } from './helpers';
import { localDay, main } from './records';

const e2e = useE2E();

/** The API paths the page asks from now on, with their status. */
function apiCalls(page: Page) {
  const seen: { path: string; query: URLSearchParams; status: number }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/'))
      seen.push({ path: url.pathname, query: url.searchParams, status: response.status() });
  });
  return seen;
}

describe('rough edges', () => {
  it('the driver report’s ledger and statements are of the period chosen above them, not of all time', async () => {
    const { page } = e2e;
    await signIn(page, demoUser('Driver'));
    const calls = apiCalls(page);
    await page.goto('/app/reports/driver-report?period=last_month');
    await visible(main(page).getByRole('heading', { name: 'Ledger of the period' }));
    const range = reportRange('last_month', localDay());
    for (const path of ['/api/DriverTransactions', '/api/PayBills']) {
      // Each list answers on its own time: wait for each, not for one and then read the other.
      await poll(() => calls.filter((call) => call.path === path).length, path).toBeGreaterThan(0);
      const asked = calls.filter((call) => call.path === path);
      for (const call of asked) {
        expect(call.query.get('filtered'), path).toBe('custom');
        expect([call.query.get('from'), call.query.get('to')], path).toEqual([range.from, range.to]);
      }
    }
  });

  it.each(['Driver', 'Banking'])(
    'a %s opens the dispatcher salary report: no carrier picker, no call refused, no permission message',
    async (role) => {
      const { page } = e2e;
      await signIn(page, demoUser(role));
      const calls = apiCalls(page);
      await page.goto('/app/reports/dispatcher-salary-report');
      await poll(() => pathname(page)).toBe('/app/reports/dispatcher-salary-report');
      await visible(main(page).getByRole('combobox', { name: 'Period' }));
      await page.waitForLoadState('networkidle');
      expect(calls.filter((call) => call.path === '/api/Carriers/dropdown-list')).toEqual([]);
      expect(calls.filter((call) => call.status === 403).map((call) => call.path)).toEqual([]);
      expect(await main(page).getByRole('combobox', { name: 'Carrier' }).count()).toBe(0);
      expect(await page.getByText('You don’t have permission', { exact: false }).count()).toBe(0);
      expect(await page.getByText("You don't have permission", { exact: false }).count()).toBe(0);
      // The report's rows are there, and their counts link nowhere: the book orders behind them are not theirs to read.
      await visible(main(page).getByRole('table').getByRole('row').nth(1));
      expect(await main(page).locator('a[href^="/app/books/bookorders"]').count()).toBe(0);
    },
  );

  it('the Access Settings Save bar stays in view at the bottom of the matrix while a change is unsaved', async () => {
    const { page } = e2e;
    await signIn(page, demoUser('Administrator'), { at: '/app/permissions' });
    await main(page)
      .getByRole('button', { name: /^FleetManager/ })
      .first()
      .click();
    await page.getByRole('checkbox', { name: 'Read on Bank for FleetManager' }).check();
    await visible(page.getByRole('status').filter({ hasText: '1 unsaved change' }));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    // The button is on screen and nothing covers it: a click there reaches it.
    await poll(() =>
      page.getByRole('button', { name: 'Save changes' }).evaluate((button) => {
        const r = button.getBoundingClientRect();
        if (r.bottom <= 0 || r.top >= window.innerHeight) return 'off screen';
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit && button.contains(hit) ? 'in view' : 'covered';
      }),
    ).toBe('in view');
  });

  it('a filter bar’s period select sits on the line of the search box beside it, not lower', async () => {
    const { page } = e2e;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, demoUser('Administrator'), { at: '/app/books/bookorders' });
    const period = main(page).getByRole('combobox', { name: 'Period' });
    const search = main(page).locator('input[name="search"]');
    await visible(period);
    await visible(search);
    // Each field's outline: where a user sees the field begin and end.
    const outline = async (field: typeof search) =>
      (await field.locator('xpath=ancestor::div[contains(@class,"MuiInputBase-root")][1]').boundingBox())!;
    const [select, box] = [await outline(period), await outline(search)];
    expect(Math.abs(select.y - box.y), `top ${select.y} vs ${box.y}`).toBeLessThanOrEqual(1);
    expect(
      Math.abs(select.y + select.height - (box.y + box.height)),
      `bottom ${select.y + select.height} vs ${box.y + box.height}`,
    ).toBeLessThanOrEqual(1);
  });
});
