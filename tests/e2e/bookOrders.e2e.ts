/**
 * Book orders (docs/product/book-orders.md) in Chromium against the real server with the demo data (2,000 seeded
 * orders). A dispatcher books a two-car load, edits it, filters the list by driver and period, saves that filter, signs
 * out and in, and applies it; a BookOrderApprover approves; finance exports the filtered set as CSV; two tabs edit the
 * same order and the second save gets the conflict (without losing what was typed). Buttons follow permissions.
 */
import fs from 'node:fs';
import { type Locator, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isValidVin, vinCheckDigit } from '../../schema/vin';
import { WAIT, demoUser, gone, pathname, poll, signIn, useE2E, visible } from './helpers';
import { choose, pick, signOut, urlFilter } from './records';

const e2e = useE2E();

const LIST = '/app/books/bookorders';
/** The edit screen of an order. */
const editUrl = (id: number) => `${LIST}/${id}/edit`;
/** Where an order's edit screen is: /app/books/bookorders/{id}/edit. */
const EDIT_PATH = /^\/app\/books\/bookorders\/(\d+)\/edit$/;
/** An order opened from the list, to edit or (for a user who may not update) to see: …/{id}/edit or …/{id}/show. */
const OPEN_PATH = /^\/app\/books\/bookorders\/(\d+)\/(edit|show)$/;

const VIN_A = '1HGCM82633A004352';
const VIN_B = '1M8GDM9AXKP042788';
/** VIN_A with its check digit (position 9) replaced by a wrong one. */
const BAD_VIN = VIN_A.slice(0, 8) + ((Number(vinCheckDigit(VIN_A)) + 1) % 10) + VIN_A.slice(9);
const CHECK_DIGIT_MESSAGE = 'The VIN check digit does not match; check the VIN';

// ---------------------------------------------------------------------------------------------------------------
// Small helpers of this file (helpers.ts belongs to the shell journeys).

/** An order as GET /api/BookOrder/{id} returns it (the fields these journeys read). */
interface Order {
  id: number;
  orderNumber: string;
  price: number;
  notes: string | null;
  approved: boolean;
  version: number;
  driverId: number | null;
  driverName: string | null;
  vehicles: { vin: string; year: number; make: string; model: string; type: string; price: number }[];
}

async function getOrder(token: string, id: number): Promise<Order> {
  const response = await e2e.api('GET', `/api/BookOrder/${id}`, { token });
  expect(response.status).toBe(200);
  return response.body.value;
}

async function findOrders(
  token: string,
  query: Record<string, string | number | boolean>,
): Promise<{ items: Order[]; totalCount: number }> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const response = await e2e.api('GET', `/api/BookOrder/filter-books?${search}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.value;
}

/** The id of the order whose edit screen the page shows. */
const editedId = (page: Page) => Number(EDIT_PATH.exec(pathname(page))?.[1]);

/** The main content (not the sidebar, top bar or toasts). */
const main = (page: Page) => page.locator('#main');

/** A form section of the order (<fieldset> with its <legend>): "Load and parties", "Pickup", "Delivery", "Price and payment". */
const section = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** The vehicle lines of the order form. */
const vehicleLines = (page: Page) => main(page).locator('.RaSimpleFormIterator-line');

/** The totals line of the list: "N orders · Price $… · Broker fees $…". */
const totalsLine = (page: Page) =>
  main(page)
    .getByRole('status')
    .filter({ hasText: /\d orders/ });
async function totals(page: Page): Promise<{ text: string; count: number }> {
  const text = (await totalsLine(page).innerText()).replace(/\s+/g, ' ').trim();
  const count = Number(/([\d,]+) orders/.exec(text)?.[1].replace(/,/g, ''));
  return { text, count };
}

/** Waits until the list shows its totals (the data of the first list call has arrived). */
const listShown = (page: Page) => visible(totalsLine(page));
/** Waits until the list's totals line shows `count` orders (react-admin keeps the old rows while a new call runs). */
const listCount = (page: Page, count: number) =>
  poll(async () => (await totals(page)).count, 'the number of orders of the totals line').toBe(count);

const saveButton = (page: Page) => main(page).getByRole('button', { name: 'Save', exact: true });
const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/** Saves the form and waits for the PUT/POST answer; returns its status. */
async function save(page: Page, method: 'POST' | 'PUT'): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === method && /\/api\/BookOrder(\/\d+)?$/.test(new URL(r.url()).pathname),
    ),
    saveButton(page).click(),
  ]);
  return response.status();
}

/** "Add filter" → one of the filters of the menu (react-admin lists them as menuitemcheckbox). */
async function addFilter(page: Page, name: string) {
  await main(page).getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('menuitemcheckbox', { name, exact: true }).click();
  await gone(page.getByRole('menu'));
}

/** Whether the locator gets hidden within `ms` (for a check that must not stop the journey). */
const hiddenWithin = (locator: Locator, ms: number) =>
  locator
    .first()
    .waitFor({ state: 'hidden', timeout: ms })
    .then(
      () => true,
      () => false,
    );

// ---------------------------------------------------------------------------------------------------------------

describe('book orders', () => {
  it('a dispatcher books a two-car load, edits it, saves a driver + period filter, signs out and in, and applies it', async () => {
    const { page } = e2e;
    expect(isValidVin(VIN_A) && isValidVin(VIN_B)).toBe(true);
    expect(isValidVin(BAD_VIN)).toBe(false);
    const dispatcher = demoUser('Dispatcher');
    let token = await signIn(page, dispatcher);

    // The list: Create is there; go to the create form from it.
    await page.goto(LIST);
    await listShown(page);
    await main(page).getByRole('link', { name: 'Create' }).click();
    await page.waitForURL((url) => url.pathname === `${LIST}/create`);

    // Parties: each dropdown is fed by the seeded master data; the dispatcher is the signed-in one by default.
    const load = section(page, 'Load and parties');
    await visible(load);
    await pick(load, /^Broker/);
    await pick(load, /^Shipper/);
    await pick(load, /^Carrier/);
    const driver = await pick(load, /^Driver/);
    await poll(() => load.getByRole('combobox', { name: /^Dispatcher/ }).inputValue()).not.toBe('');

    for (const [stop, city, state] of [
      ['Pickup', 'Dallas', 'TX'],
      ['Delivery', 'Atlanta', 'GA'],
    ] as const) {
      const group = section(page, stop);
      await group.getByRole('textbox', { name: /^Address/ }).fill(`100 Main St`);
      await group.getByRole('textbox', { name: /^City/ }).fill(city);
      await pick(group, /^State/, `${state} — `);
    }
    await section(page, 'Price and payment')
      .getByRole('spinbutton', { name: /^Price/ })
      .fill('1500');

    // First vehicle: a VIN with a wrong check digit is refused as soon as the field is left, and the message goes
    // away as the VIN is corrected.
    const first = vehicleLines(page).nth(0);
    const vin1 = first.getByRole('textbox', { name: /^VIN/ });
    await vin1.fill(BAD_VIN);
    await vin1.press('Tab');
    await visible(first.getByText(CHECK_DIGIT_MESSAGE));
    // Once shown, the message follows the typing: the form means to re-validate on change (reValidateMode), but
    // react-hook-form applies reValidateMode only after a submit; mode "onTouched" would do it. Soft, so the rest
    // of the journey still runs.
    await vin1.fill(VIN_A);
    expect
      .soft(
        await hiddenWithin(first.getByText(CHECK_DIGIT_MESSAGE), WAIT),
        'the VIN message is gone as soon as the VIN typed is valid, before leaving the field',
      )
      .toBe(true);
    await vin1.press('Tab');
    await gone(first.getByText(CHECK_DIGIT_MESSAGE));
    // The VIN fills the rest of the row from the national VIN database on the server (its body style, a coupe, too).
    await visible(first.getByText('2003 Honda Accord, from the VIN'));
    await poll(() => first.getByRole('textbox', { name: /^Model/ }).inputValue()).toBe('Accord');
    expect(await first.getByRole('textbox', { name: /^Make/ }).inputValue()).toBe('Honda');
    // The year field had the cursor (Tab after the VIN): a number field shows what it was given once left.
    const year = first.getByRole('spinbutton', { name: /^Year/ });
    await year.press('Tab');
    await poll(() => year.inputValue()).toBe('2003');
    await first.getByRole('spinbutton', { name: /^Price/ }).fill('750');

    // Second vehicle.
    await main(page).getByRole('button', { name: 'Add' }).click();
    await poll(() => vehicleLines(page).count()).toBe(2);
    const second = vehicleLines(page).nth(1);
    await second.getByRole('textbox', { name: /^VIN/ }).fill(VIN_B);
    await second.getByRole('spinbutton', { name: /^Year/ }).fill('2019');
    await second.getByRole('textbox', { name: /^Make/ }).fill('Ford');
    await second.getByRole('textbox', { name: /^Model/ }).fill('Explorer');
    await choose(second, /^Type/, 'SUV');
    await second.getByRole('spinbutton', { name: /^Price/ }).fill('750');

    expect(await save(page, 'POST')).toBe(200);
    // Lands on the new order's edit screen, titled with its order number.
    await page.waitForURL((url) => EDIT_PATH.test(url.pathname));
    const id = editedId(page);
    const created = await getOrder(token, id);
    expect(created.orderNumber).toMatch(/^HB\d+$/);
    expect(created.price).toBe(1500);
    expect(created.driverName).toBe(driver);
    expect(created.vehicles.map((v) => [v.vin, v.year, v.make, v.model, v.type])).toEqual([
      [VIN_A, 2003, 'Honda', 'Accord', 'COUPE'],
      [VIN_B, 2019, 'Ford', 'Explorer', 'SUV'],
    ]);
    await visible(page.getByText(created.orderNumber, { exact: true }).first());

    // Edit: a new price is saved (pessimistically, with the version read).
    const price = section(page, 'Price and payment').getByRole('spinbutton', { name: /^Price/ });
    await poll(() => price.inputValue()).toBe('1500');
    await price.fill('1725.5');
    expect(await save(page, 'PUT')).toBe(200);
    await poll(async () => (await getOrder(token, id)).price).toBe(1725.5);
    expect((await getOrder(token, id)).version).toBe(created.version + 1);

    // The list, filtered by this driver and this week.
    await page.goto(LIST);
    await listShown(page);
    await addFilter(page, 'Driver');
    await pick(main(page), /^Driver/, driver);
    await poll(() => urlFilter(page).driverId).toBe(created.driverId);
    // The list keeps the rows and totals it had while it asks again: wait for this week's answer before reading them.
    const thisWeek = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/BookOrder/filter-books' && url.searchParams.get('filtered') === 'this_week';
    });
    await choose(main(page), /^Period/, 'This week');
    await poll(() => urlFilter(page).filtered).toBe('this_week');
    await thisWeek;
    const filter = urlFilter(page);
    expect(filter).toMatchObject({ driverId: created.driverId, filtered: 'this_week' });
    // The list agrees with the API for the same filter (with any filter the list kept from before, such as the
    // dispatcher a Dispatcher lands filtered to), and the new order is in it.
    const expected = await findOrders(token, { ...(filter as Record<string, string | number>), size: 500 });
    expect(expected.items.map((o) => o.id)).toContain(id);
    await listCount(page, expected.totalCount);
    const filtered = await totals(page);
    await visible(main(page).getByRole('cell', { name: created.orderNumber }));

    // Save it under a name.
    const filterName = `My driver this week ${Date.now() % 10_000}`;
    await page.getByRole('button', { name: 'Save the current filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save the current filters' });
    await dialog.getByRole('textbox', { name: 'Filter name' }).fill(filterName);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await gone(dialog);
    await visible(page.getByRole('button', { name: filterName, exact: true }));

    // Sign out and in again: the saved filter is still there (it lives on the server), the list starts unfiltered.
    await signOut(page);
    token = await signIn(page, dispatcher, { at: LIST });
    await listShown(page);
    expect(urlFilter(page)).not.toMatchObject({ driverId: created.driverId });
    const savedButton = page.getByRole('button', { name: filterName, exact: true });
    await visible(savedButton);
    await savedButton.click();
    await poll(() => urlFilter(page)).toEqual(filter);
    await listShown(page);
    await poll(async () => (await totals(page)).text).toBe(filtered.text);
    await visible(main(page).getByRole('cell', { name: created.orderNumber }));
    // The filter bar shows the applied driver and period again.
    await poll(() =>
      main(page)
        .getByRole('combobox', { name: /^Driver/ })
        .inputValue(),
    ).toBe(driver);

    // Booking one of its cars again: the form says which order carries it already (opening it in a new tab), and
    // offers to book it anyway.
    await page.goto(`${LIST}/create`);
    await vehicleLines(page).nth(0).getByRole('textbox', { name: /^VIN/ }).fill(VIN_A);
    const warning = main(page).getByRole('region', { name: 'This load looks booked already' });
    const link = warning.getByRole('link', { name: `${created.orderNumber} already carries VIN ${VIN_A}` });
    await visible(link);
    expect(await link.getAttribute('target')).toBe('_blank');
    await visible(warning.getByLabel('Not a duplicate: book it anyway'));
  });

  it('a BookOrderApprover opens a not-approved order and approves it', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('BookOrderApprover'), { at: LIST });
    await listShown(page);
    // No Create for an approver (Read + Approve only).
    expect(await main(page).getByRole('link', { name: 'Create' }).count()).toBe(0);

    // Only the orders waiting for approval.
    await addFilter(page, 'Not approved');
    const toggle = main(page).getByLabel('Not approved', { exact: true });
    await visible(toggle);
    if (!(await toggle.isChecked())) await toggle.check();
    await poll(() => urlFilter(page).showNotApproved).toBe(true);
    const api = await findOrders(token, { filtered: 'current', showNotApproved: true, size: 1, sort: '-pickupDate' });
    expect(api.totalCount).toBeGreaterThan(0);
    expect(api.totalCount).toBeLessThan((await findOrders(token, { filtered: 'current', size: 1 })).totalCount);
    await listCount(page, api.totalCount);

    // Open the first one from the list (an approver may not update, so it may open read-only, but it must open).
    const first = api.items[0];
    await main(page).getByRole('cell', { name: first.orderNumber }).click();
    await page.waitForURL((url) => OPEN_PATH.test(url.pathname));
    expect(Number(OPEN_PATH.exec(pathname(page))?.[1])).toBe(first.id);
    const approve = main(page).getByRole('button', { name: 'Approve', exact: true });
    await visible(approve);
    await approve.click();
    await visible(toast(page, 'Order approved'));
    await gone(approve);
    const after = await getOrder(token, first.id);
    expect(after.approved).toBe(true);
    // Still no Delete for an approver.
    expect(await main(page).getByRole('button', { name: 'Delete' }).count()).toBe(0);
  });

  it('finance exports the filtered list as CSV: the header and one line per order of the total', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('Finance'), { at: LIST });
    await listShown(page);
    // Finance may read, update and export, not create.
    await visible(main(page).getByRole('button', { name: 'Export CSV' }));
    expect(await main(page).getByRole('link', { name: 'Create' }).count()).toBe(0);
    expect(await main(page).getByRole('button', { name: 'Create' }).count()).toBe(0);

    await choose(main(page), /^Period/, 'Last month');
    await poll(() => urlFilter(page).filtered).toBe('last_month');
    const count = (await findOrders(token, { filtered: 'last_month', size: 1 })).totalCount;
    expect(count).toBeGreaterThan(0);
    await listCount(page, count);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main(page).getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^book-orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download.path();
    const text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.split('\r\n').filter((line) => line !== '');
    expect(lines[0].split(',').slice(0, 4)).toEqual(['Order number', 'Status', 'Load board', 'External load id']);
    expect(lines[0]).toContain('Price,Broker fee');
    expect(lines.length - 1).toBe(count);
    expect(lines.slice(1).every((line) => /^HB\d+,/.test(line))).toBe(true);
    await visible(toast(page, `Exported ${count} rows`));
  });

  it('two tabs edit the same order: the second save gets the conflict, keeps what was typed, and merges on their version', async () => {
    const { page: tabA, context } = e2e;
    const token = await signIn(tabA, demoUser('Dispatcher'));
    const [order] = (await findOrders(token, { filtered: 'current', size: 1, sort: '-pickupDate' })).items;
    const before = await getOrder(token, order.id);
    const tabB = await context.newPage();

    for (const tab of [tabA, tabB]) {
      await tab.goto(editUrl(order.id));
      await poll(() =>
        section(tab, 'Price and payment')
          .getByRole('spinbutton', { name: /^Price/ })
          .inputValue(),
      ).toBe(String(before.price));
    }
    // The dispatcher may not approve or delete.
    expect(await main(tabA).getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    expect(await main(tabA).getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await visible(main(tabA).getByRole('button', { name: 'Change status' }));

    // Tab A: a new price, saved.
    const newPrice = before.price + 111;
    await section(tabA, 'Price and payment')
      .getByRole('spinbutton', { name: /^Price/ })
      .fill(String(newPrice));
    expect(await save(tabA, 'PUT')).toBe(200);
    await poll(async () => (await getOrder(token, order.id)).price).toBe(newPrice);

    // Tab B still has the old version: its notes are refused with the conflict, and what was typed stays.
    const notesB = `Gate code 4471, call before arrival (${Date.now() % 10_000})`;
    const notes = main(tabB).getByRole('textbox', { name: 'Notes' });
    await notes.fill(notesB);
    expect(await save(tabB, 'PUT')).toBe(409);
    const alert = main(tabB).getByRole('alert').filter({ hasText: 'Someone else changed this order' });
    await visible(alert);
    expect(await notes.inputValue()).toBe(notesB);
    expect((await getOrder(token, order.id)).notes).toBe(before.notes);

    // Keep my changes on their version, then save: B's notes on top of A's price (B never touched the price, so
    // keeping B's changes must not put the price B read back).
    await alert.getByRole('button', { name: 'Keep my changes on their version' }).click();
    await gone(alert);
    expect(await notes.inputValue()).toBe(notesB);
    expect(await save(tabB, 'PUT')).toBe(200);
    const after = await getOrder(token, order.id);
    expect(after.notes).toBe(notesB);
    expect(after.price).toBe(newPrice);
    expect(after.version).toBe(before.version + 2);
  });
});
