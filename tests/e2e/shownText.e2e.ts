import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { monthText } from '../../schema/format';
import { rawParts, schemaCodes } from '../helpers/rawText';
import { demoUser, signIn, useE2E, visible } from './helpers';
import { localDay, main } from './records';

/**
 * What people read on their main screens — lists, the bank, reports, the dashboard, the audit trail, the mailbox, the
 * notifications panel — shows dates as 12/02/2026 and enums by their labels: no stored date (2026-12-02) and no schema
 * code (ACH_DEBIT) in the visible text (tests/helpers/rawText.ts gathers the codes from schema/). What people typed
 * into a field is the field's value, not its text, so it is never read here; descriptions a bank wrote are not codes
 * of ours.
 */
const e2e = useE2E();
let codes: ReadonlySet<string>;
beforeAll(async () => {
  codes = await schemaCodes();
});

/** The screen once its data is drawn: no skeleton or progress bar left, and its text the same twice in a row. */
async function shownText(page: Page): Promise<string> {
  await page.waitForLoadState('networkidle');
  const busy = page.locator('#main .MuiSkeleton-root, #main [role="progressbar"]');
  await expect.poll(() => busy.count(), { timeout: 20_000 }).toBe(0);
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await page.locator('body').innerText();
        const same = now === last;
        last = now;
        return same;
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(true);
  return last;
}

/** Opens each screen and collects, per screen, what reads raw. */
async function rawOnScreens(page: Page, routes: readonly string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const route of routes) {
    await page.goto(route);
    await visible(main(page));
    const raw = rawParts(await shownText(page), codes);
    if (raw.length) found[route] = raw;
  }
  return found;
}

describe('dates and enums on the screens', () => {
  it('an administrator’s lists, reports and dashboard show no stored dates or codes', async () => {
    const { page } = e2e;
    await signIn(page, demoUser('administrator'));
    expect(
      await rawOnScreens(page, [
        '/app/books/bookorders',
        '/app/finances/driver-transactions',
        '/app/finances/pay-driver-bills',
        '/app/reports/claims-tracker',
        '/app/management/ticket-management',
        '/app/dashboard',
        '/app/reports/dashboard',
        '/app/reports/weekly-report',
        '/app/reports/driver-license',
        '/app/audit-trail',
        '/app/mail/all',
        '/app/received-emails',
      ]),
    ).toEqual({});
  }, 240_000);

  it('banking’s bank list and a bank row show the bank’s types by their labels', async () => {
    const { page, baseUrl, apiLogin } = e2e;
    // A debit card row and an ACH row, as the bank's checking export has them.
    const day = localDay(-3);
    const usDay = `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
    const imported = await fetch(`${baseUrl}/api/TransactionsMatching/import?fileName=types.csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await apiLogin(demoUser('banking'))}`, 'content-type': 'text/csv' },
      body: [
        'Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #',
        `DEBIT,${usDay},"SHOWN TEXT FUEL STOP 4411",-85.20,DEBIT_CARD,,,`,
        `DEBIT,${usDay},"SHOWN TEXT ORIG CO NAME:ACME PAYROLL",-412.00,ACH_DEBIT,,,`,
      ].join('\n'),
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    await signIn(page, demoUser('banking'));
    expect(await rawOnScreens(page, ['/app/finances/match-transactions'])).toEqual({});
    // On the bench each row's Type reads in words (schema/bank.ts BANK_TYPE_LABELS).
    for (const [row, label] of [
      ['SHOWN TEXT FUEL STOP', 'Debit card'],
      ['SHOWN TEXT ORIG CO NAME', 'ACH debit'],
    ] as const) {
      await page.goto('/app/finances/match-transactions');
      await main(page).getByRole('row').filter({ hasText: row }).first().click();
      await visible(page.locator('#bank-row-title'));
      const text = await shownText(page);
      expect(rawParts(text, codes)).toEqual([]);
      expect(text).toContain(label);
    }
  }, 240_000);

  it('a driver’s notification of a new load gives its dates as 12/02/2026', async () => {
    const { page, api, apiLogin } = e2e;
    const admin = await apiLogin(demoUser('administrator'));
    const driverToken = await apiLogin(demoUser('driver'));
    const [me] = (await api('GET', '/api/Driver/GetAllNames', { token: driverToken })).body.value;
    const board = (await api('GET', '/api/BookOrder/board', { token: admin })).body.value;
    const [first] = board.columns.find((c: { status: string }) => c.status === 'NEW').items;
    const order = (await api('GET', `/api/BookOrder/${first.id}`, { token: admin })).body.value;
    const assigned = await api('PUT', `/api/BookOrder/${first.id}`, {
      token: admin,
      body: { ...order, driverId: me.id },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);

    await signIn(page, demoUser('driver'));
    await page.getByRole('button', { name: /Notifications/ }).click();
    const panel = page.getByRole('dialog');
    const item = panel.getByText(`Book order ${order.orderNumber} assigned to you`);
    await visible(item);
    const text = await panel.innerText();
    const usDay = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
    expect(text).toContain(`on ${usDay(order.pickup.date)}`);
    expect(rawParts(text, codes)).toEqual([]);
  }, 240_000);
});

describe('report charts and comparisons', () => {
  it('the weekly report’s legend lists the series in the order of its bars', async () => {
    const { page } = e2e;
    await signIn(page, demoUser('administrator'), { at: '/app/reports/weekly-report' });
    const legend = page.locator('.recharts-legend-item-text');
    await visible(legend.first());
    expect(await legend.allInnerTexts()).toEqual(['Gross', 'Clean gross']);
  }, 120_000);

  it('this month is compared with last month by its name', async () => {
    const { page } = e2e;
    await signIn(page, demoUser('administrator'), { at: '/app/reports/dashboard' });
    const today = localDay();
    const lastMonth = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1));
    const text = await shownText(page);
    expect(text).toContain(`${monthText(today)} · compared with ${monthText(lastMonth.toISOString())}`);
    expect(text).not.toMatch(/-\d+(\.\d)? %/);
  }, 120_000);
});
