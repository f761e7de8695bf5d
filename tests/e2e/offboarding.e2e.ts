/**
 * Driver off-boarding (docs/product/people.md#people), in Chromium against the real server with the demo data: a
 * manager opens the drivers being off-boarded, opens one, sees the steps the data still blocks (with why), ticks a step
 * with a note, and after a reload it is still done, by them.
 */
import { describe, expect, it } from 'vitest';
import { demoUser, pathname, poll, screenTitle, signIn, useE2E, visible } from './helpers';
import { answerOf, main } from './records';

const e2e = useE2E();
const LIST = '/app/reports/driver-off-boarding';

describe('driver off-boarding', () => {
  it('a manager ticks a step of a terminated driver’s checklist, and it stays done with their name', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('Manager'));
    const me = (await e2e.api('GET', '/api/token/me', { token })).body.data as { firstName: string; lastName: string };
    await page.goto(LIST);
    await visible(screenTitle(page, 'Driver Off-boarding'));
    // The first driver of the list (those with steps left, soonest terminated first).
    const first = main(page).getByRole('row').nth(1);
    await visible(first);
    const name = (await first.getByRole('cell').first().innerText()).trim();
    await first.click();
    await poll(() => pathname(page)).toMatch(new RegExp(`^${LIST}/\\d+$`));
    await visible(screenTitle(page, `Off-boarding: ${name}`));
    const checklist = main(page).getByRole('list', { name: 'Off-boarding checklist' });

    // The settlement step waits for the balance: disabled, saying what is owed.
    const settlement = checklist.getByRole('checkbox', { name: 'Final settlement paid (balance $0.00)' });
    const balance = (await e2e.api('GET', `/api/OffBoarding/${pathname(page).split('/').pop()}`, { token })).body.value
      .balance as number;
    if (balance !== 0) {
      await expect.poll(() => settlement.isDisabled()).toBe(true);
      expect(await settlement.getAttribute('aria-describedby')).toBeTruthy();
      await expect
        .poll(async () =>
          main(page)
            .locator(`#${await settlement.getAttribute('aria-describedby')}`)
            .innerText(),
        )
        .toMatch(/still owes|still owed|owes the driver/);
    }

    // A step only a person can confirm: ticked with a note.
    await checklist.getByRole('checkbox', { name: 'ELD, keys, permits and company documents returned' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('ELD unit 4471 and both keys returned');
    expect(
      await answerOf(
        page,
        'POST',
        /^\/api\/OffBoarding\/\d+\/steps$/,
        dialog.getByRole('button', { name: 'Mark done' }),
      ),
    ).toBe(200);
    await page.reload();
    const ticked = main(page)
      .getByRole('list', { name: 'Off-boarding checklist' })
      .getByRole('checkbox', { name: 'ELD, keys, permits and company documents returned' });
    await poll(() => ticked.isChecked()).toBe(true);
    await expect
      .poll(async () =>
        main(page)
          .locator(`#${await ticked.getAttribute('aria-describedby')}`)
          .innerText(),
      )
      .toMatch(new RegExp(`Done by ${me.firstName} ${me.lastName}, .* — ELD unit 4471 and both keys returned`));
    await visible(main(page).getByRole('heading', { name: 'Checklist: 1 of 8 done' }));
  });
});
