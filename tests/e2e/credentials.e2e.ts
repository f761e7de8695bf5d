/**
 * The credentials report (docs/analytics.md#credentials), in Chromium against the real server with the demo data: a
 * fleet manager opens the credentials report, finds a driver's past-due medical card, opens the driver from the row,
 * renews the card, and back on the report the row has left the past-due group.
 */
import { describe, expect, it } from 'vitest';
import { type DriverDto, drivers } from '../../schema/resources/drivers';
import { demoUser, pathname, poll, screenTitle, signIn, useE2E, visible } from './helpers';
import { answerOf, apiGet, localDay, main, usDay } from './records';

const e2e = useE2E();
const REPORT = '/app/reports/driver-license';

/** The fields a driver is written with (its DTO also carries names, states and the expiry the server adds). */
const inputOf = (driver: DriverDto) =>
  Object.fromEntries(
    Object.entries(driver).filter(([key]) => key in drivers.fields && key !== 'name' && key !== 'status'),
  );

describe('the credentials report', () => {
  it('a fleet manager renews a past-due medical card from the report, and the row leaves the past-due group', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('FleetManager'));
    // A driver whose medical card ran out three days ago (written through the API, as the office left it).
    const driver = await apiGet<DriverDto>(e2e, token, '/api/Driver/7');
    const lapsed = localDay(-3);
    const written = await e2e.api('PUT', '/api/Driver/7', {
      token,
      body: { ...inputOf(driver), medicalCardExpiresOn: lapsed, version: driver.version },
    });
    expect(written.status, JSON.stringify(written.body)).toBe(200);

    await page.goto(REPORT);
    await visible(screenTitle(page, 'Driver License'));
    const table = main(page).getByRole('table', { name: 'Driver License' });
    const row = table.getByRole('row').filter({ hasText: driver.name }).filter({ hasText: 'Medical card' });
    await visible(row);
    await expect.poll(() => row.innerText()).toMatch(new RegExp(`${usDay(lapsed)}\\s+-3\\s+Past due`));

    // The name opens the driver, to renew.
    await row.getByRole('link', { name: driver.name }).click();
    await poll(() => pathname(page)).toBe('/app/management/drivers/7/edit');
    const renewed = localDay(2 * 365);
    const input = main(page).getByLabel(/^Medical card expires/);
    await visible(input);
    await input.fill(renewed);
    expect(
      await answerOf(page, 'PUT', /^\/api\/Driver\/7$/, main(page).getByRole('button', { name: 'Save', exact: true })),
    ).toBe(200);

    // Back on the report: two years on is beyond every period, so the driver's medical card is in none of its groups.
    await page.goto(REPORT);
    await visible(table.getByRole('row').nth(1));
    expect(
      await table.getByRole('row').filter({ hasText: driver.name }).filter({ hasText: 'Medical card' }).count(),
    ).toBe(0);
    // The past-due group still lists the others: the report did not simply come back empty.
    expect(await table.getByRole('row').filter({ hasText: 'Past due' }).count()).toBeGreaterThan(0);
  });
});
