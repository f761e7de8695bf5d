/**
 * The dispatcher salary report (docs/analytics.md#dispatcher-salary), in Chromium against the real server with the demo
 * data: a dispatcher sees only their own salary report — one row, theirs, with their rule and pay, no dispatcher to
 * pick — and asking the API for another dispatcher gives them nothing of the other's; a manager sees every dispatcher,
 * the one without a rule saying so, and opens the pay rules from the report.
 */
import { describe, expect, it } from 'vitest';
import { demoUser, pathname, poll, screenTitle, signIn, useE2E, visible } from './helpers';
import { apiGet, main } from './records';

const e2e = useE2E();
const REPORT = '/app/reports/dispatcher-salary-report';
const API = '/api/Reports/dispatcher-salary-report';

interface Answer {
  rows: { dispatcherId: number; name: string; rule: string | null; pay: number | null }[];
}
const money = (dollars: number) =>
  `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('the dispatcher salary report', () => {
  it('a dispatcher sees only their own salary report', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('Dispatcher'));
    const myId: number = (await e2e.api('GET', '/api/token/me', { token })).body.data.id;
    const everyone = await apiGet<Answer>(e2e, await e2e.apiLogin(demoUser('Administrator')), API);
    const mine = everyone.rows.find((row) => row.dispatcherId === myId)!;
    const others = everyone.rows.filter((row) => row.dispatcherId !== myId);
    expect(mine, 'the demo dispatcher has loads in the period').toBeDefined();
    expect(others.length).toBeGreaterThan(0);

    await page.goto(REPORT);
    await visible(screenTitle(page, 'Dispatcher Salary'));
    const table = main(page).getByRole('table', { name: 'Dispatcher Salary' });
    const row = table.getByRole('row').filter({ hasText: mine.name });
    await visible(row);
    await poll(() => row.innerText()).toContain(money(mine.pay!));
    // Heading, their row and the totals: nobody else's.
    await poll(() => table.getByRole('row').count()).toBe(3);
    for (const other of others) expect(await table.getByRole('row').filter({ hasText: other.name }).count()).toBe(0);
    // No dispatcher to pick: the report is theirs.
    expect(await main(page).getByRole('combobox', { name: 'Dispatcher' }).count()).toBe(0);
    await visible(main(page).getByText('You see your own pay only.'));

    // The API gives them nothing of another's: refused when asked by id, only their own rows otherwise.
    const asked = await e2e.api('GET', `${API}?dispatcherId=${others[0].dispatcherId}`, { token });
    expect(asked.status).toBe(403);
    expect(JSON.stringify(asked.body)).not.toContain(others[0].name);
    const weekly = await apiGet<Answer>(e2e, token, `${API}?groupBy=week`);
    expect(weekly.rows.length).toBeGreaterThan(0);
    expect(weekly.rows.every((one) => one.dispatcherId === myId)).toBe(true);
    const rules = await apiGet<{ items: { dispatcherId: number }[] }>(e2e, token, '/api/DispatcherPayRules?size=500');
    expect(rules.items.every((rule) => rule.dispatcherId === myId)).toBe(true);
  });

  it('a manager sees every dispatcher, the one without a rule saying so, and opens the pay rules', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('Manager'));
    const answer = await apiGet<Answer>(e2e, token, API);
    const missing = answer.rows.find((row) => row.pay === null)!;
    expect(missing, 'the demo has a dispatcher without a rule').toBeDefined();
    await page.goto(REPORT);
    const table = main(page).getByRole('table', { name: 'Dispatcher Salary' });
    await poll(() => table.getByRole('row').count()).toBe(answer.rows.length + 2);
    await poll(() => table.getByRole('row').filter({ hasText: missing.name }).innerText()).toContain(
      'No pay rule: add one',
    );
    await main(page).getByRole('link', { name: 'Pay rules' }).click();
    await poll(() => pathname(page)).toBe('/app/management/dispatcher-pay-rules');
    await visible(
      main(page)
        .getByRole('button', { name: /create/i })
        .or(main(page).getByRole('link', { name: /create/i }))
        .first(),
    );
  });
});
