/**
 * People and fleet (docs/product/people.md), people side, in Chromium against the real server with the demo data: a
 * dispatch manager moves a driver to another dispatcher in one action and the history shows both (an overlapping start
 * is refused in the server's words); an administrator activates a new registration, who can then sign in; a deactivated
 * user's open session is refused on its next call; a one-time password link sets a password on the public page.
 */
import { describe, expect, it } from 'vitest';
import type { CurrentDispatcherDto, DispatcherAssignmentDto } from '../../schema/assignments';
import type { UserDto } from '../../schema/resources/users';
import type { ListPage } from '../../schema/records';
import { demoUser, gone, journeyContext, pathname, poll, sidebar, signIn, useE2E, visible } from './helpers';
import { answerOf, apiGet, localDay, main, pick, toast, usDay } from './records';

const e2e = useE2E();

const DRIVER_BOARD = '/app/management/driver-assignment';
const USERS = '/app/management/user-management';
const SHIPPERS = '/app/management/shipper-management';

async function userByEmail(token: string, email: string): Promise<UserDto> {
  const page = await apiGet<ListPage<UserDto>>(
    e2e,
    token,
    `/api/User?search=${encodeURIComponent(email)}&showDeleted=true`,
  );
  const user = page.items.find((u) => u.email === email);
  expect(user, email).toBeDefined();
  return user!;
}

describe('people', () => {
  it('a dispatch manager moves a driver to another dispatcher; the history shows both, and an overlap is refused', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('DispatchManager'));
    const current = await apiGet<ListPage<CurrentDispatcherDto>>(e2e, token, '/api/DriverAssignments/current?size=500');
    // A driver dispatched since before today, with nothing booked ahead.
    const driver = current.items.find(
      (row) => row.dispatcherId && row.startsOn && row.startsOn < localDay() && !row.next,
    )!;
    expect(driver, 'a demo driver with a dispatcher').toBeDefined();
    const dispatchers = await apiGet<{ id: number; name: string }[]>(e2e, token, '/api/Dispatcher/GetAllNames');
    const next = dispatchers.find((d) => d.id !== driver.dispatcherId)!;

    await page.goto(DRIVER_BOARD);
    const row = main(page).getByRole('row').filter({ hasText: driver.driverName });
    await visible(row.getByRole('cell', { name: driver.dispatcherName!, exact: true }));
    await row.getByRole('button', { name: `Reassign: ${driver.driverName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Assign ${driver.driverName}` });
    await visible(dialog.getByText(`Now: ${driver.dispatcherName}`));
    await pick(dialog, /^Dispatcher/, next.name);
    expect(
      await answerOf(page, 'POST', /^\/api\/DriverAssignments$/, dialog.getByRole('button', { name: 'Assign' })),
    ).toBe(200);
    await gone(dialog);
    await visible(toast(page, 'Assignment saved'));
    await visible(row.getByRole('cell', { name: next.name, exact: true }));

    // The history: the new dispatcher from today (current, open), the old one until yesterday.
    await row.getByRole('button', { name: `History: ${driver.driverName}` }).click();
    const history = page.getByRole('dialog', { name: `History of ${driver.driverName}` });
    await visible(history);
    const newLine = history.getByRole('row').filter({ hasText: next.name }).filter({ hasText: 'Current' });
    const oldLine = history
      .getByRole('row')
      .filter({ hasText: driver.dispatcherName! })
      .filter({ hasText: usDay(driver.startsOn!) });
    await visible(newLine);
    expect(await newLine.innerText()).toMatch(new RegExp(`${usDay(localDay())}[\\s\\S]*Open`));
    expect(await newLine.innerText()).toContain('Current');
    await visible(oldLine);
    expect(await oldLine.innerText()).toContain(usDay(localDay(-1)));
    const api = await apiGet<ListPage<DispatcherAssignmentDto>>(
      e2e,
      token,
      `/api/DriverAssignments/history?driverId=${driver.driverId}`,
    );
    expect(api.items.slice(0, 2).map((a) => [a.dispatcherName, a.startsOn, a.endsOn])).toEqual([
      [next.name, localDay(), null],
      [driver.dispatcherName, driver.startsOn, localDay(-1)],
    ]);
    await page.keyboard.press('Escape');
    await gone(history);

    // Back to the first dispatcher from yesterday: that overlaps what was just saved, and the server says so in
    // the dialog, with nothing written.
    await row.getByRole('button', { name: `Reassign: ${driver.driverName}` }).click();
    await visible(dialog);
    await pick(dialog, /^Dispatcher/, driver.dispatcherName!);
    await dialog.getByLabel(/^Starts on/).fill(localDay(-1));
    expect(
      await answerOf(page, 'POST', /^\/api\/DriverAssignments$/, dialog.getByRole('button', { name: 'Assign' })),
    ).toBe(409);
    const refusal = dialog.getByRole('alert');
    await visible(refusal);
    expect((await refusal.innerText()).length).toBeGreaterThan(10);
    const unchanged = await apiGet<ListPage<DispatcherAssignmentDto>>(
      e2e,
      token,
      `/api/DriverAssignments/history?driverId=${driver.driverId}`,
    );
    expect(unchanged.totalCount).toBe(api.totalCount);
  });

  it('an administrator activates a new registration, who can then sign in', async () => {
    const { page, browser, baseUrl } = e2e;
    const email = `new.dispatcher.${Date.now()}@example.com`;
    const password = 'a-long-enough-password';
    const registered = await e2e.api('POST', '/api/token/register', {
      body: {
        email,
        firstname: 'Nia',
        lastname: 'Okafor',
        userType: 'dispatch',
        password,
        googleRecaptchaToken: null,
        AccountId: 1,
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);

    // Before activation the new user only gets the account-flow pages (docs/product/accounts.md), not the app.
    const newcomer = await journeyContext(browser, baseUrl);
    const theirPage = await newcomer.newPage();
    await theirPage.goto('/login');
    await theirPage.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await theirPage.getByLabel(/^Password/).fill(password);
    await theirPage.getByRole('button', { name: 'Sign in' }).click();
    await theirPage.waitForURL((url) =>
      /^\/app\/(verify-account|complete-register|activation-pending)$/.test(url.pathname),
    );
    await newcomer.close();

    // The newcomer has not finished (accountFlow.e2e.ts goes through the whole flow to "Waiting for activation"); the
    // administrator, who knows them, finds the registration in progress, opens it and activates it all the same.
    const token = await signIn(page, demoUser('Administrator'), { at: USERS });
    await page.getByRole('button', { name: 'Registration in progress' }).first().click();
    // Wait for the filtered list itself (the whole list shows the newcomer too, and is replaced as the filter lands).
    const waiting = await apiGet<ListPage<UserDto>>(e2e, token, '/api/User?registering=true&size=500');
    await poll(() => main(page).locator('tbody tr').count(), 'registrations in progress').toBe(waiting.totalCount);
    const cell = main(page).getByRole('cell', { name: email, exact: true });
    await visible(cell);
    await cell.click();
    await page.waitForURL((url) => new RegExp(`^${USERS}/\\d+/edit$`).test(url.pathname));
    // The edit screen of a waiting registration offers Activate (and no Deactivate).
    await visible(main(page).getByRole('button', { name: 'Activate' }));
    expect(await main(page).getByRole('button', { name: 'Deactivate' }).count()).toBe(0);
    expect(
      await answerOf(
        page,
        'POST',
        /^\/api\/User\/\d+\/activate$/,
        main(page).getByRole('button', { name: 'Activate' }),
      ),
    ).toBe(200);
    await visible(toast(page, 'User activated'));
    await visible(main(page).getByRole('button', { name: 'Deactivate' }));
    expect(await userByEmail(token, email)).toMatchObject({ isActive: true, isPending: false, roles: ['Dispatcher'] });

    // Now the user signs in to the app proper.
    const again = await journeyContext(browser, baseUrl);
    const signedIn = await again.newPage();
    await signIn(signedIn, email, { password });
    expect(pathname(signedIn)).not.toBe('/app/activation-pending');
    await visible(sidebar(signedIn).getByRole('link', { name: 'Book Orders' }));
    await again.close();
  });

  it("a deactivated user's open session is refused on its next call", async () => {
    const { page: admin, browser, baseUrl } = e2e;
    const email = demoUser('Dispatcher3');
    const userContext = await journeyContext(browser, baseUrl);
    const userPage = await userContext.newPage();
    const userToken = await signIn(userPage, email, { at: '/app/books/bookorders' });
    await visible(userPage.locator('#main').getByRole('columnheader', { name: 'Order' }));

    const token = await signIn(admin, demoUser('Administrator'));
    const user = await userByEmail(token, email);
    await admin.goto(`${USERS}/${user.id}/edit`);
    expect(
      await answerOf(
        admin,
        'POST',
        /^\/api\/User\/\d+\/deactivate$/,
        main(admin).getByRole('button', { name: 'Deactivate' }),
      ),
    ).toBe(200);
    await visible(toast(admin, 'User deactivated'));

    // The user's next action: their token no longer works and they are at the sign-in page (the real-time hub may
    // have signed them out already, then there is no link left to click).
    if (pathname(userPage) !== '/login')
      await sidebar(userPage)
        .getByRole('link', { name: 'Book Orders' })
        .click({ timeout: 3000 })
        .catch(() => undefined);
    await poll(() => pathname(userPage)).toBe('/login');
    expect(await userPage.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    // And their old token is refused by the API itself.
    await userContext.close();
    expect((await e2e.api('GET', '/api/token/me', { token: userToken })).status).toBe(401);
  });

  it('the last active administrator cannot be deactivated: the server says why', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('Administrator'));
    const admins = await apiGet<ListPage<UserDto>>(e2e, token, '/api/User?isActive=true&size=500');
    const me = admins.items.find((u) => u.email === demoUser('Administrator'))!;
    expect(admins.items.filter((u) => u.roles.includes('Administrator'))).toHaveLength(1);
    await page.goto(`${USERS}/${me.id}/edit`);
    expect(
      await answerOf(
        page,
        'POST',
        /^\/api\/User\/\d+\/deactivate$/,
        main(page).getByRole('button', { name: 'Deactivate' }),
      ),
    ).toBe(400);
    // An error toast is an alert.
    await visible(page.getByRole('alert').filter({ hasText: 'This is the last active administrator' }));
    expect((await userByEmail(token, me.email)).isActive).toBe(true);
  });

  it('a one-time password link sets a new password on the public page, once', async () => {
    const { page, browser, baseUrl } = e2e;
    const email = demoUser('Driver2');
    const token = await signIn(page, demoUser('Administrator'));
    const user = await userByEmail(token, email);
    await page.goto(`${USERS}/${user.id}/edit`);
    // A driver's user links to the driver record.
    await visible(main(page).getByRole('link', { name: 'Driver record' }));
    await main(page).getByRole('button', { name: 'Password link' }).click();
    const dialog = page.getByRole('dialog', { name: 'One-time password link' });
    const link = await dialog.getByRole('textbox').inputValue();
    expect(link).toMatch(/\/reset-password\?token=[\w-]{20,}$/);

    const visitor = await journeyContext(browser, baseUrl);
    const theirs = await visitor.newPage();
    await theirs.goto(new URL(link).pathname + new URL(link).search);
    await theirs.getByLabel(/^New password/).fill('short');
    await theirs.getByLabel(/^Repeat the new password/).fill('short');
    await theirs.getByRole('button', { name: 'Save the new password' }).click();
    await visible(theirs.getByText('Use at least 8 characters'));
    await theirs.getByLabel(/^New password/).fill('a-brand-new-password');
    await theirs.getByLabel(/^Repeat the new password/).fill('a-brand-new-password');
    await theirs.getByRole('button', { name: 'Save the new password' }).click();
    await visible(theirs.getByText('Your password is set. You can sign in now.'));
    // Used once: the same link is refused.
    await theirs.goto(new URL(link).pathname + new URL(link).search);
    await theirs.getByLabel(/^New password/).fill('another-new-password');
    await theirs.getByLabel(/^Repeat the new password/).fill('another-new-password');
    await theirs.getByRole('button', { name: 'Save the new password' }).click();
    await visible(theirs.getByRole('alert').filter({ hasText: 'invalid or has expired' }));
    await signIn(theirs, email, { password: 'a-brand-new-password' });
    await visitor.close();
  });

  it('a dispatch manager deletes a shipper from the list, finds it with "Include deleted" and restores it', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('DispatchManager'));
    const [shipper] = (
      await apiGet<ListPage<{ id: number; name: string }>>(e2e, token, '/api/Shipper?size=1&sort=name')
    ).items;
    await page.goto(SHIPPERS);
    const search = main(page).getByRole('textbox', { name: 'Name, contact, phone, e-mail, city' });
    await search.fill(shipper.name);
    const row = main(page)
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: shipper.name, exact: true }) });
    await poll(() => main(page).locator('tbody tr').count(), 'rows found by the search').toBe(1);
    expect(await answerOf(page, 'DELETE', /^\/api\/Shipper\/\d+$/, row.getByRole('button', { name: 'Delete' }))).toBe(
      200,
    );
    await visible(toast(page, 'Deleted'));
    await gone(row);
    expect((await apiGet<{ deleted: boolean }>(e2e, token, `/api/Shipper/${shipper.id}`)).deleted).toBe(true);

    // Deleted records are listed on request, say so in words, and come back with Restore.
    await main(page).getByLabel('Include deleted').check();
    await visible(row.getByText('Deleted', { exact: true }));
    expect(
      await answerOf(page, 'POST', /^\/api\/Shipper\/\d+\/restore$/, row.getByRole('button', { name: 'Restore' })),
    ).toBe(200);
    await visible(toast(page, 'Restored'));
    await visible(row.getByRole('button', { name: 'Delete' }));
    expect((await apiGet<{ deleted: boolean }>(e2e, token, `/api/Shipper/${shipper.id}`)).deleted).toBe(false);
  });
});
