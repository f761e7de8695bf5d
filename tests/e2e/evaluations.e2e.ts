/**
 * Evaluations (docs/analytics.md#evaluations), in Chromium against the real server with the demo data: a manager opens
 * the evaluation report, narrows it to a driver, enters an evaluation with "Evaluate…" (the form starts with that
 * driver; the scores are radio groups a keyboard can set), the report reads again with one more evaluation and the
 * overall the server works out; the name opens that driver's evaluations of the period, the new one listed. The
 * dispatcher view shows the dispatchers' criteria and no driver filter.
 */
import { describe, expect, it } from 'vitest';
import { demoUser, pathname, poll, screenTitle, signIn, useE2E, visible } from './helpers';
import { answerOf, apiGet, main, pick, urlFilter } from './records';

const e2e = useE2E();
const REPORT = '/app/reports/evaluation-report';

interface ReportAnswer {
  rows: { driverId?: number; name: string; evaluations: number; overall: number | null }[];
}

describe('the evaluation report', () => {
  it("a manager evaluates a driver from the report and drills to the driver's evaluations", async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('Manager'));
    const today = await page.evaluate(() =>
      new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10),
    );
    const before = await apiGet<ReportAnswer>(
      e2e,
      token,
      `/api/Reports/evaluation-report?filtered=this_year&today=${today}`,
    );
    // A driver the picker lists, under a name no other driver has.
    const names = await apiGet<{ id: number; name: string }[]>(e2e, token, '/api/Driver/GetAllNames');
    const person = before.rows
      .filter((r) => names.filter((d) => d.name === r.name).length === 1 && names.some((d) => d.id === r.driverId))
      .pop()!;

    await page.goto(`${REPORT}?period=this_year`);
    await visible(screenTitle(page, 'Evaluation'));
    const table = main(page).getByRole('table', { name: 'Evaluation' });
    await visible(table.getByRole('row').filter({ hasText: person.name }).first());
    await pick(main(page), /^Driver/, person.name);
    await poll(() => new URL(page.url()).searchParams.get('driverId')).toBe(String(person.driverId));
    const row = table.getByRole('row').filter({ hasText: person.name }).first();
    await poll(async () => table.getByRole('row').count()).toBe(3);

    // Evaluate…: the dialog starts with the driver the report is narrowed to.
    await main(page).getByRole('button', { name: 'Evaluate…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Evaluate…' });
    await visible(dialog);
    await poll(() => dialog.getByRole('combobox', { name: /^Driver/ }).inputValue()).toBe(person.name);
    expect(await dialog.getByRole('radio', { name: 'Dispatcher' }).isChecked()).toBe(false);
    // A dispatcher's criteria are not asked of a driver.
    expect(await dialog.getByText('Load planning').count()).toBe(0);
    // Scores by keyboard: Safety 5, On-time 4, Damage-free left N/A, Communication 4, Paperwork 2 → (5+4+4+2)/4 = 3.75 → 3.8.
    const score = async (criterion: string, value: number) => {
      const group = dialog.getByRole('group', { name: criterion, exact: true });
      await group.getByRole('radio', { name: new RegExp(`^${value} — `) }).focus();
      await page.keyboard.press('Space');
      expect(await group.getByRole('radio', { name: new RegExp(`^${value} — `) }).isChecked()).toBe(true);
    };
    await score('Safety', 5);
    await score('On-time pickup and delivery', 4);
    await score('Communication', 4);
    await score('Paperwork and POD', 2);
    await dialog.getByLabel('Comments').fill('Two PODs sent a day late');
    expect(
      await answerOf(page, 'POST', /^\/api\/Evaluations$/, dialog.getByRole('button', { name: 'Evaluate…' })),
    ).toBe(200);
    await poll(() => dialog.count()).toBe(0);

    // The report reads again: one more evaluation, the overall as the server works it out.
    const after = await apiGet<ReportAnswer>(
      e2e,
      token,
      `/api/Reports/evaluation-report?filtered=this_year&today=${today}&driverId=${person.driverId}`,
    );
    expect(after.rows[0].evaluations).toBe(person.evaluations + 1);
    await poll(() => row.getByRole('cell').first().innerText()).toBe(String(person.evaluations + 1));
    const overall = await row.getByRole('cell').nth(6).innerText();
    expect(overall).toBe(String(after.rows[0].overall));

    // The name opens the driver's evaluations of the period, the new one first.
    await row.getByRole('link', { name: person.name }).click();
    await poll(() => pathname(page)).toBe(`${REPORT}/evaluations`);
    expect(urlFilter(page)).toMatchObject({
      driverId: person.driverId,
      filtered: 'custom',
      from: `${today.slice(0, 4)}-01-01`,
    });
    await visible(screenTitle(page, 'Evaluations'));
    const list = main(page).getByRole('table');
    await poll(async () => (await list.getByRole('row').count()) - 1).toBe(person.evaluations + 1);
    await visible(list.getByRole('row').filter({ hasText: '3.8' }).first());

    // The dispatcher view: the dispatchers' criteria, no driver filter.
    await page.goto(`${REPORT}?period=this_year&groupBy=dispatcher`);
    await visible(table.getByRole('columnheader', { name: 'Load planning' }));
    expect(await table.getByRole('columnheader', { name: 'Safety' }).count()).toBe(0);
    expect(
      await main(page)
        .getByRole('combobox', { name: /^Driver/ })
        .count(),
    ).toBe(0);
  });
});
