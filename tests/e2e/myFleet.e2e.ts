/**
 * A fleet owner's own fleet (docs/product/accounts.md#fleet-owners), in Chromium against the real server with the demo
 * data: an account not linked yet is told to ask the administrator; an administrator links it to a carrier on the
 * Users edit screen; the fleet owner then sees that carrier's units, drivers, loads and settlements and nobody
 * else's, at 1440 px and on a 390 px phone (cards, tabs of at least 44 × 44 px).
 */
import { describe, expect, it } from 'vitest';
import type { FleetLoadDto, FleetUnitDto } from '../../schema/fleetOwner';
import type { ListPage } from '../../schema/records';
import type { UserDto } from '../../schema/resources/users';
import { demoUser, gone, journeyContext, poll, signIn, useE2E, visible } from './helpers';
import { apiGet, main, pick, toast } from './records';

const e2e = useE2E();
const MY_FLEET = '/app/my-fleet';
const USERS = '/app/management/user-management';

interface Carrier {
  id: number;
  code: string;
  name: string;
}

async function fleetOwner(token: string): Promise<UserDto> {
  const found = await apiGet<ListPage<UserDto>>(e2e, token, `/api/User?search=${demoUser('FleetOwner')}`);
  return found.items.find((u) => u.email === demoUser('FleetOwner'))!;
}

/** The demo fleet owner's link as the administrator sets it through the API (the set-up, not the journey). */
async function linkThroughApi(token: string, carrierId: number | null) {
  const u = await fleetOwner(token);
  const response = await e2e.api('PUT', `/api/User/${u.id}`, {
    token,
    body: {
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      phone: u.phone,
      roleIds: u.roleIds,
      isActive: u.isActive,
      version: u.version,
      carrierId,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** Unit numbers of a carrier, as the company's own Vehicles list has them. */
async function unitNumbers(token: string, carrierId: number): Promise<string[]> {
  const units = await apiGet<ListPage<FleetUnitDto>>(e2e, token, `/api/Units?carrierId=${carrierId}&size=500`);
  return units.items.map((u) => u.unitNumber);
}

describe('my fleet', () => {
  it('an administrator links a fleet owner to a carrier; the fleet owner then sees only that carrier', async () => {
    const { page, browser } = e2e;
    const admin = await e2e.apiLogin(demoUser('Administrator'));
    const carriers = await e2e.api('GET', '/api/Carriers/dropdown-list', { token: admin });
    const list = (carriers.body as { data: Carrier[] }).data;
    const shipops = list.find((c) => c.code === 'shipops')!;
    const select = list.find((c) => c.code === 'select')!;
    await linkThroughApi(admin, null);

    // Not linked: the screen says what to do, and lists nothing.
    const ownerContext = await journeyContext(browser, e2e.baseUrl, { viewport: { width: 1440, height: 900 } });
    const owner = await ownerContext.newPage();
    await signIn(owner, demoUser('FleetOwner'));
    const listCalls: string[] = [];
    owner.on('request', (r) => {
      if (/\/api\/FleetOwner\/(units|drivers|loads|settlements)/.test(r.url())) listCalls.push(r.url());
    });
    await owner.goto(MY_FLEET);
    await visible(main(owner).getByRole('heading', { name: 'Your account is not linked to a carrier yet' }));
    await visible(main(owner).getByText(/An administrator links a fleet owner’s account to their carrier/));
    expect(listCalls).toEqual([]);

    // The administrator links the account on the Users edit screen.
    await signIn(page, demoUser('Administrator'));
    const user = await fleetOwner(admin);
    await page.goto(`${USERS}/${user.id}`);
    await pick(main(page), /^Fleet owner of carrier/, shipops.name);
    await main(page).getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, /saved|updated/i));
    expect((await fleetOwner(admin)).carrierId).toBe(shipops.id);

    // The fleet owner sees that carrier's units, and none of another carrier's.
    await owner.goto(MY_FLEET);
    await visible(main(owner).getByRole('heading', { name: shipops.name }));
    const tabs = main(owner).getByRole('tablist', { name: 'My Fleet' });
    await visible(tabs.getByRole('tab', { name: 'Units', selected: true }));
    const own = await unitNumbers(admin, shipops.id);
    const others = await unitNumbers(admin, select.id);
    expect(own.length).toBeGreaterThan(0);
    const table = main(owner).getByRole('table');
    await visible(table.getByRole('cell', { name: own[0], exact: true }));
    // The first page: the carrier's units only, as many as a page holds.
    const shown = (await table.locator('tbody tr td:first-child').allInnerTexts()).map((t) => t.trim());
    expect(shown.length).toBe(Math.min(own.length, 25));
    for (const number of shown) expect(own).toContain(number);
    for (const number of others) expect(shown).not.toContain(number);

    // The search box narrows the carrier's units; another carrier's unit is not found.
    const search = main(owner).getByRole('textbox', { name: /Search unit number/ });
    await search.fill(others[0]);
    await visible(main(owner).getByText('No units of this carrier match.'));
    await search.fill(own[0]);
    await visible(table.getByRole('cell', { name: own[0], exact: true }));

    // Loads: only the carrier's drivers'.
    await tabs.getByRole('tab', { name: 'Loads' }).click();
    await poll(() => new URL(owner.url()).searchParams.get('tab')).toBe('loads');
    const ownerToken = await e2e.apiLogin(demoUser('FleetOwner'));
    const loads = await apiGet<ListPage<FleetLoadDto>>(e2e, ownerToken, '/api/FleetOwner/loads?size=25');
    expect(loads.totalCount).toBeGreaterThan(0);
    await visible(main(owner).getByRole('cell', { name: loads.items[0].orderNumber, exact: true }));
    const drivers = new Set(
      (await apiGet<ListPage<{ name: string }>>(e2e, admin, `/api/Driver?carrierId=${shipops.id}&size=500`)).items.map(
        (d) => d.name,
      ),
    );
    const driverCells = await main(owner).locator('tbody tr td:nth-child(5)').allInnerTexts();
    expect(driverCells.length).toBeGreaterThan(0);
    for (const name of driverCells) expect(drivers).toContain(name.trim());

    // Drivers and settlements have their tabs too.
    await tabs.getByRole('tab', { name: 'Drivers' }).click();
    await visible(main(owner).getByRole('columnheader', { name: 'Medical card expires' }));
    const names = await main(owner).locator('tbody tr td:first-child').allInnerTexts();
    for (const name of names) expect(drivers).toContain(name.trim());
    await tabs.getByRole('tab', { name: 'Settlements' }).click();
    // The journeys' demo data has no pay bills unless a week is built: the tab says what the API says.
    const bills = await apiGet<ListPage<unknown>>(e2e, ownerToken, '/api/FleetOwner/settlements');
    await visible(
      bills.totalCount
        ? main(owner).getByRole('columnheader', { name: 'Closing balance' })
        : main(owner).getByText('No settlements of this carrier’s drivers match.'),
    );
    await ownerContext.close();
    await linkThroughApi(admin, select.id);
  });

  it('on a 390 px phone: cards of the carrier’s records, tabs and search big enough to tap', async () => {
    const { page: phone } = e2e;
    const admin = await e2e.apiLogin(demoUser('Administrator'));
    await signIn(phone, demoUser('FleetOwner'));
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${MY_FLEET}?tab=drivers`);
    const carrier = await apiGet<Carrier>(e2e, await e2e.apiLogin(demoUser('FleetOwner')), '/api/FleetOwner/carrier');
    await visible(main(phone).getByRole('heading', { name: carrier.name }));
    const tabs = main(phone).getByRole('tablist', { name: 'My Fleet' });
    await visible(tabs.getByRole('tab', { name: 'Drivers', selected: true }));
    // Cards, not a table: one per driver, headed by the name.
    await gone(main(phone).getByRole('table'));
    const drivers = (
      await apiGet<ListPage<{ name: string }>>(e2e, admin, `/api/Driver?carrierId=${carrier.id}&size=500`)
    ).items.map((d) => d.name);
    const cards = main(phone).getByRole('listitem');
    await visible(cards.first());
    const headings = await cards.getByRole('heading').allInnerTexts();
    expect(headings.length).toBeGreaterThan(0);
    for (const name of headings) expect(drivers).toContain(name.trim());
    // Nothing wider than the phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const target of [
      ...(await tabs.getByRole('tab').all()),
      main(phone).locator('form .MuiInputBase-root').first(),
    ]) {
      const box = (await target.boundingBox())!;
      expect(box.width, await target.innerText()).toBeGreaterThanOrEqual(44);
      expect(box.height, await target.innerText()).toBeGreaterThanOrEqual(44);
    }
  });
});
