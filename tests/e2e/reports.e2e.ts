/**
 * Dashboards and reports (docs/analytics.md) in Chromium against the real server: the administrator lands on the
 * dashboard, sees this week's loads by status and the gross chart, clicks a figure and lands on the book-order list
 * showing the same count; a driver lands on their report and sees only their own loads; a manager exports the weekly
 * finance report as CSV.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DashboardSummary } from '../../schema/dashboard';
import type { ReportAnswer } from '../../schema/reports';
import { demoUser, pathname, poll, signIn, useE2E, visible } from './helpers';
import { apiGet, localDay, main } from './records';

const e2e = useE2E();
const STATUS_WORDS: Record<string, string> = {
  NEW: 'New',
  ASSIGNED: 'Assigned',
  PICKED_UP: 'Picked up',
  DELIVERED: 'Delivered',
  INVOICED: 'Invoiced',
  PAID: 'Paid',
  ON_HOLD: 'On hold',
  CANCELLED: 'Cancelled',
};

describe('dashboards and reports', () => {
  it('the administrator lands on the dashboard; a status count and a week’s loads open the list with the same count', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('Administrator'));
    await poll(() => pathname(page)).toBe('/app/dashboard');
    const summary = await apiGet<DashboardSummary>(e2e, token, `/api/Dashboard/summary?today=${localDay()}`);
    await visible(main(page).getByRole('heading', { name: 'This week’s loads by status' }));
    await visible(main(page).getByRole('heading', { name: 'Gross and clean gross, last 12 weeks' }));
    // The weeks' table says what the chart draws: 12 weeks and a total.
    const weeks = main(page).getByRole('table', { name: 'Gross and clean gross, last 12 weeks' });
    await poll(() => weeks.getByRole('row').count()).toBe(1 + 12 + 1);

    // The busiest status of the week: its count opens the book orders with the same count.
    const busiest = [...summary.loads!.thisWeek.byStatus].sort((a, b) => b.count - a.count)[0];
    expect(busiest.count).toBeGreaterThan(0);
    await main(page)
      .getByRole('link', { name: `${STATUS_WORDS[busiest.status]}: ${busiest.count}` })
      .click();
    await poll(() => pathname(page)).toBe('/app/books/bookorders');
    expect(JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}')).toMatchObject({
      status: busiest.status,
      filtered: 'this_week',
    });
    await visible(main(page).getByText(`${busiest.count} orders`, { exact: true }));

    // Back on the dashboard, a week's Loads in the gross table opens that week's booked loads (the cancelled ones
    // left out, as the dashboard counts), the week's dates in the filter's From and To.
    await page.goBack();
    const week = summary.gross!.weeks.filter((w) => w.loads > 0).at(-2)!;
    const usDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
    await weeks
      .getByRole('row')
      .filter({ hasText: usDay(week.week) })
      .getByRole('link', { name: String(week.loads) })
      .click();
    await poll(() => pathname(page)).toBe('/app/books/bookorders');
    expect(JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}')).toEqual({
      filtered: 'custom',
      from: week.week,
      to: week.to,
      hideCancelled: true,
    });
    await visible(main(page).getByText(`${week.loads} orders`, { exact: true }));
    await poll(() => main(page).getByRole('textbox', { name: 'From', exact: true }).inputValue()).toBe(week.week);
    await poll(() => main(page).getByRole('textbox', { name: 'To', exact: true }).inputValue()).toBe(week.to);
    const withoutCancelled = main(page).getByRole('switch', { name: 'Without cancelled' });
    await visible(withoutCancelled);
    expect(await withoutCancelled.isChecked()).toBe(true);
  });

  it('a driver opens their report and sees only their own loads', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('Driver'));
    // A driver lands on their loads (tests/e2e/myLoads.e2e.ts); the report is one tap away.
    await poll(() => pathname(page)).toBe('/app/my-loads');
    await page.goto('/app/reports/driver-report');
    const own = await apiGet<ReportAnswer>(
      e2e,
      token,
      `/api/Reports/driver-loads?filtered=this_year&today=${localDay()}`,
    );
    expect(own.rows.length).toBeGreaterThan(0);
    // Another driver's loads of the year, as the administrator sees them.
    const admin = await e2e.apiLogin(demoUser('Administrator'));
    const drivers = await apiGet<{ id: number }[]>(e2e, admin, '/api/Driver/GetAllNames');
    let others: ReportAnswer | undefined;
    let otherDriver = 0;
    for (const driver of drivers) {
      const answer = await apiGet<ReportAnswer>(
        e2e,
        admin,
        `/api/Reports/driver-loads?filtered=this_year&driverId=${driver.id}&today=${localDay()}`,
      );
      if (answer.rows.length && answer.rows[0].orderNumber !== own.rows[0].orderNumber) {
        [others, otherDriver] = [answer, driver.id];
        break;
      }
    }
    expect(others).toBeDefined();

    await page.goto('/app/reports/driver-report?period=this_year');
    const table = main(page).getByRole('table', { name: 'Driver Report' });
    await poll(() => table.locator('tbody tr').count()).toBe(own.rows.length);
    const shown = (await table.locator('tbody tr th').allInnerTexts()).map((text) => text.trim());
    expect(shown).toEqual(own.rows.map((row) => row.orderNumber));
    expect(shown).not.toContain(others!.rows[0].orderNumber);
    // Asking for another driver by hand never shows theirs.
    const asked = await e2e.api(
      'GET',
      `/api/Reports/driver-loads?filtered=this_year&driverId=${otherDriver}&today=${localDay()}`,
      { token },
    );
    if (asked.status === 200)
      expect(asked.body.value.rows.map((row: { orderNumber: string }) => row.orderNumber)).toEqual(
        own.rows.map((row) => row.orderNumber),
      );
    else expect(asked.status).toBe(403);
  });

  it('a manager exports the weekly finance report as CSV: the rows on screen are the rows in the file', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('Manager'));
    const answer = await apiGet<ReportAnswer>(e2e, token, `/api/Reports/weekly-finance?today=${localDay()}`);
    await page.goto('/app/reports/weekly-finance');
    const table = main(page).getByRole('table', { name: 'Weekly Finance' });
    await poll(() => table.locator('tbody tr').count()).toBe(answer.rows.length);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main(page).getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^weekly-finance-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const lines = fs
      .readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter(Boolean);
    expect(lines[0]).toContain('Week of');
    expect(lines[0]).toContain('Clean gross');
    expect(lines).toHaveLength(1 + answer.rows.length);
  });
});
