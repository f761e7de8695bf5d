/**
 * Journey: Access Settings (docs/feature-permissions.md#changing). An administrator grants Read on Bank to
 * FleetManager; a fleet manager already signed in sees the Bank link appear without signing out and opens it; the
 * administrator revokes it, the link goes and the screen answers 403; the audit trail holds both changes with their
 * before and after. And two administrators saving at once: the second is told, keeps their edits, saves them on top.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  WAIT,
  demoUser,
  otherBrowsers,
  gone,
  groupToggle,
  poll,
  setGroupOpen,
  sidebar,
  signIn,
  useE2E,
  visible,
} from './helpers';

const e2e = useE2E();
const secondPage = otherBrowsers(e2e);

/** A group of the sidebar opened (one is open at a time), so its links are on the page. */
async function openGroup(page: Page, name: string) {
  await setGroupOpen(groupToggle(page, name));
}
const bankLink = (page: Page) => sidebar(page).getByRole('link', { name: 'Bank', exact: true });

async function roleId(name: string): Promise<number> {
  const token = await e2e.apiLogin(demoUser('Administrator'));
  const roles = (await e2e.api('GET', '/api/Role/get-all-roles', { token })).body.value as {
    id: number;
    name: string;
  }[];
  return roles.find((r) => r.name === name)!.id;
}

/** Ticks or clears one box of the matrix and saves the change set. */
async function setAndSave(page: Page, box: string, on: boolean) {
  const checkbox = page.getByRole('checkbox', { name: box });
  if (on) await checkbox.check();
  else await checkbox.uncheck();
  await visible(page.getByRole('status').filter({ hasText: '1 unsaved change' }));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await visible(page.getByRole('status').filter({ hasText: 'All changes saved' }));
}

describe('Access Settings', () => {
  it('a grant reaches a signed-in fleet manager without signing out, a revoke takes it away, the audit trail keeps both', async () => {
    const fleet = await secondPage();
    const fleetToken = await signIn(fleet, demoUser('FleetManager'));
    await openGroup(fleet, 'Finances');
    await visible(sidebar(fleet).getByRole('link', { name: 'Transactions' }));
    expect(await bankLink(fleet).count()).toBe(0);

    const admin = e2e.page;
    await signIn(admin, demoUser('Administrator'), { at: `/app/permissions?role=${await roleId('FleetManager')}` });
    await visible(admin.getByRole('heading', { name: 'What FleetManager may do' }));
    await setAndSave(admin, 'Read on Bank for FleetManager', true);

    // The hub tells the fleet manager's browser: the link appears, no reload, no sign-out. A screen granted later joins
    // the default group, shown once it holds something (the user's own layout is not rearranged).
    await openGroup(fleet, 'General');
    await visible(bankLink(fleet));
    await bankLink(fleet).click();
    await fleet.waitForURL('**/app/finances/match-transactions');
    await gone(fleet.getByText("403: You don't have permission to visit this page"));
    expect(
      (await e2e.api('GET', '/api/TransactionsMatching/get-chase-transactions-date-filters', { token: fleetToken }))
        .status,
    ).toBe(200);

    await setAndSave(admin, 'Read on Bank for FleetManager', false);
    // The open Bank screen turns into the 403 page and the link leaves the sidebar; the server refuses too.
    await visible(fleet.getByText("403: You don't have permission to visit this page"));
    await poll(() => bankLink(fleet).count()).toBe(0);
    expect(
      (await e2e.api('GET', '/api/TransactionsMatching/get-chase-transactions-date-filters', { token: fleetToken }))
        .status,
    ).toBe(403);

    // Both changes in the audit trail, with before and after: on the screen, and as the API keeps them.
    const fleetRole = await roleId('FleetManager');
    await admin.goto(
      `/app/audit-trail?filter=${encodeURIComponent(JSON.stringify({ entity: 'role', entityId: String(fleetRole), action: 'permissions' }))}`,
    );
    const rows = admin.getByRole('main').locator('tbody tr:not(.RaDataTable-expandRow)');
    await poll(() => rows.count()).toBe(2);
    const [revoked, granted] = [await rows.nth(0).innerText(), await rows.nth(1).innerText()];
    expect(revoked).toMatch(/Permissions changed/);
    expect(revoked).toMatch(/FleetManager on Bank: Read\s*→/);
    expect(granted).toMatch(/FleetManager on Bank: \(empty\)\s*→\s*Read/);
    const token = await e2e.apiLogin(demoUser('Administrator'));
    const trail = (
      await e2e.api('GET', `/api/AuditLog?entity=role&entityId=${fleetRole}&action=permissions`, { token })
    ).body.value.items;
    expect(trail.map((entry: { before: object; after: object }) => [entry.before, entry.after])).toEqual([
      [{ 'FleetManager on Bank': ['Read'] }, { 'FleetManager on Bank': [] }],
      [{ 'FleetManager on Bank': [] }, { 'FleetManager on Bank': ['Read'] }],
    ]);
    await admin.getByRole('button', { name: `Changes of entry ${trail[0].id}` }).click();
    const panel = admin.getByRole('region', { name: /^Permissions changed/ });
    await visible(panel);
    expect(await panel.locator('del').first().innerText()).toContain('Read');
  });

  it('a save after another administrator’s is told so, keeps its edits on top, and saves them again', async () => {
    const page = e2e.page;
    await signIn(page, demoUser('Administrator'));
    const financeId = await roleId('Finance');
    await page.goto(`/app/permissions?role=${financeId}`);
    await page.getByRole('checkbox', { name: 'Read on Brokers for Finance' }).check();

    // Meanwhile another administrator saves a different cell.
    const token = await e2e.apiLogin(demoUser('Administrator'));
    const matrix = (await e2e.api('GET', '/api/Permission/get-features-permissions-info', { token })).body.value;
    const shippers = matrix.features.find((f: { key: string }) => f.key === 'Shippers').id;
    expect(
      (
        await e2e.api('PUT', '/api/Permission/matrix', {
          token,
          body: {
            version: matrix.version,
            changes: [{ roleId: financeId, featureId: shippers, permissions: ['Read'] }],
          },
        })
      ).status,
    ).toBe(200);

    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(page.getByText(/Another administrator saved permissions/));
    // Their change shows, this one's edit is still there and still unsaved.
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Read on Shippers for Finance' }).isChecked(), { timeout: WAIT })
      .toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Read on Brokers for Finance' }).isChecked()).toBe(true);
    await visible(page.getByRole('status').filter({ hasText: '1 unsaved change' }));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'All changes saved' }));
    const after = (await e2e.api('GET', '/api/Permission/get-features-permissions-info', { token })).body.value;
    const brokers = after.features.find((f: { key: string }) => f.key === 'Brokers').id;
    const finance = after.roles.find((r: { id: number }) => r.id === financeId);
    expect([finance.grants[brokers], finance.grants[shippers]]).toEqual([['Read'], ['Read']]);
  });
});
