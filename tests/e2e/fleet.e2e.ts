/**
 * People and fleet (docs/product/people.md), fleet side, in Chromium against the real server with the demo data: a
 * fleet manager adds a truck (the VIN check digit refused as typed), adds a fuel card, and gives both to a driver in
 * one action, and the history shows it; expiring units stand out and filter; two tabs editing one truck get the
 * conflict without losing what was typed; a read-only role sees no create or delete.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CurrentUnitsDto, UnitAssignmentDto } from '../../schema/assignments';
import type { FuelCardDto } from '../../schema/resources/fuelCards';
import type { UnitDto } from '../../schema/resources/vehicles';
import type { ListPage } from '../../schema/records';
import { isValidVin, vinCheckDigit } from '../../schema/vin';
import { demoUser, gone, pathname, poll, signIn, useE2E, visible } from './helpers';
import { answerOf, apiGet, localDay, main, pick, signOut, toast, urlFilter, usDay } from './records';

const e2e = useE2E();

const VEHICLES = '/app/management/vehicles';
const FUEL_CARDS = '/app/management/fuel-cards';
const UNIT_BOARD = '/app/management/vehicle-and-card-assignment';
const EDIT = (list: string) => new RegExp(`^${list}/(\\d+)/edit$`);

/** A VIN with a right check digit, and the same VIN with a wrong one. */
function vins(serial: number) {
  const draft = `1FUJGLDR0NL${String(serial).padStart(6, '0')}`;
  const digit = vinCheckDigit(draft);
  const good = draft.slice(0, 8) + digit + draft.slice(9);
  const bad = draft.slice(0, 8) + ((Number(digit === 'X' ? 10 : digit) + 1) % 10) + draft.slice(9);
  return { good, bad };
}
const CHECK_DIGIT_MESSAGE = 'The VIN check digit does not match; check the VIN';
const saveButton = (page: import('playwright-core').Page) =>
  main(page).getByRole('button', { name: 'Save', exact: true });

describe('fleet', () => {
  it('a fleet manager adds a truck and a fuel card and assigns both to a driver in one action', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('FleetManager'));
    const serial = Date.now() % 1_000_000;
    const unitNumber = `E2E${serial % 10_000}`;
    const { good, bad } = vins(serial);
    expect(isValidVin(good) && !isValidVin(bad)).toBe(true);

    // The vehicles list, then its create screen.
    await page.goto(VEHICLES);
    await visible(main(page).getByRole('cell', { name: 'T100', exact: true }));
    await main(page).getByRole('link', { name: 'Create' }).click();
    await page.waitForURL((url) => url.pathname === `${VEHICLES}/create`);

    // A VIN with a wrong check digit is refused as soon as the field is left, before anything is sent.
    const vin = main(page).getByRole('textbox', { name: /^VIN/ });
    await vin.fill(bad);
    await vin.press('Tab');
    await visible(main(page).getByText(CHECK_DIGIT_MESSAGE));
    await vin.fill(good);
    await gone(main(page).getByText(CHECK_DIGIT_MESSAGE));
    await main(page)
      .getByRole('textbox', { name: /^Unit number/ })
      .fill(unitNumber);
    await main(page).getByRole('spinbutton', { name: /^Year/ }).fill('2022');
    await main(page).getByRole('textbox', { name: /^Make/ }).fill('Freightliner');
    await main(page)
      .getByRole('textbox', { name: /^Model/ })
      .fill('Cascadia');
    await pick(main(page), /^Carrier/);
    expect(await answerOf(page, 'POST', /^\/api\/Units$/, saveButton(page))).toBe(200);
    await page.waitForURL((url) => EDIT(VEHICLES).test(url.pathname));
    const truckId = Number(EDIT(VEHICLES).exec(pathname(page))?.[1]);
    const truck = await apiGet<UnitDto>(e2e, token, `/api/Units/${truckId}`);
    expect(truck).toMatchObject({
      unitType: 'Truck',
      unitNumber,
      vin: good,
      year: 2022,
      make: 'Freightliner',
      status: 'ACTIVE',
      driverId: null,
    });

    // A fuel card, from the link the vehicles list offers.
    await page.goto(VEHICLES);
    await main(page).getByRole('link', { name: 'Fuel cards' }).click();
    await page.waitForURL((url) => url.pathname === FUEL_CARDS);
    // The fuel-card list itself (its screen loads on demand; until then the vehicles list is still there).
    await visible(
      main(page)
        .getByRole('cell', { name: /^•••• \d{4}$/ })
        .first(),
    );
    await main(page).getByRole('link', { name: 'Create' }).click();
    await page.waitForURL((url) => url.pathname === `${FUEL_CARDS}/create`);
    const last4 = String(1000 + (serial % 9000));
    await main(page)
      .getByRole('textbox', { name: /^Card number/ })
      .fill(`7083 0500 9911 ${last4}`);
    await main(page)
      .getByLabel(/^Expires/)
      .fill(localDay(2 * 365));
    expect(await answerOf(page, 'POST', /^\/api\/FuelCards$/, saveButton(page))).toBe(200);
    await page.waitForURL((url) => EDIT(FUEL_CARDS).test(url.pathname));
    const cardId = Number(EDIT(FUEL_CARDS).exec(pathname(page))?.[1]);
    const card = await apiGet<FuelCardDto>(e2e, token, `/api/FuelCards/${cardId}`);
    // Only the last 4 digits are kept.
    expect(card).toMatchObject({ cardLast4: last4, maskedNumber: `•••• ${last4}`, driverId: null });
    expect(JSON.stringify(card)).not.toContain('99911');

    // A driver who has neither a truck nor a card today.
    const current = await apiGet<ListPage<CurrentUnitsDto>>(e2e, token, '/api/UnitAssignments/current?size=500');
    const driver = current.items.find((row) => !row.truck && !row.fuelCard);
    expect(driver, 'a demo driver without a truck and a card').toBeDefined();

    // One action: truck and card from today.
    await page.goto(UNIT_BOARD);
    await main(page)
      .getByRole('button', { name: `Assign: ${driver!.driverName}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Assign ${driver!.driverName}` });
    await visible(dialog);
    await pick(dialog, /^Truck/, unitNumber);
    await pick(dialog, /^Fuel card/, last4);
    expect(await dialog.getByLabel(/^Starts on/).inputValue()).toBe(localDay());
    expect(
      await answerOf(page, 'POST', /^\/api\/UnitAssignments$/, dialog.getByRole('button', { name: 'Assign' })),
    ).toBe(200);
    await gone(dialog);
    await visible(toast(page, 'Assignment saved'));

    // The server holds it, and the board, the truck and the card all say so.
    const after = await apiGet<ListPage<CurrentUnitsDto>>(
      e2e,
      token,
      `/api/UnitAssignments/current?driverId=${driver!.driverId}`,
    );
    expect(after.items[0]).toMatchObject({
      truck: { itemId: truckId, label: unitNumber, startsOn: localDay() },
      fuelCard: { itemId: cardId, label: `•••• ${last4}` },
    });
    expect((await apiGet<UnitDto>(e2e, token, `/api/Units/${truckId}`)).driverId).toBe(driver!.driverId);
    expect((await apiGet<FuelCardDto>(e2e, token, `/api/FuelCards/${cardId}`)).driverId).toBe(driver!.driverId);
    const row = main(page).getByRole('row').filter({ hasText: driver!.driverName });
    await visible(row.getByRole('link', { name: unitNumber }));
    await visible(row.getByRole('link', { name: `•••• ${last4}` }));

    // The dated history of the driver: both, current, from today.
    await row.getByRole('button', { name: `History: ${driver!.driverName}` }).click();
    const history = page.getByRole('dialog', { name: `History of ${driver!.driverName}` });
    await visible(history);
    for (const label of [unitNumber, `•••• ${last4}`]) {
      const line = history.getByRole('row').filter({ hasText: label });
      await visible(line);
      expect(await line.innerText()).toContain(usDay(localDay()));
      expect(await line.innerText()).toContain('Current');
    }
    const api = await apiGet<ListPage<UnitAssignmentDto>>(
      e2e,
      token,
      `/api/UnitAssignments/history?driverId=${driver!.driverId}`,
    );
    expect(
      api.items
        .filter((a) => a.current)
        .map((a) => a.label)
        .sort(),
    ).toEqual([unitNumber, `•••• ${last4}`].sort());
  });

  it('units with a registration or inspection due or past stand out, and the expiring filter lists exactly them', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('FleetManager'));
    const expiring = await apiGet<ListPage<UnitDto>>(e2e, token, '/api/Units?expiring=true&size=500');
    expect(expiring.totalCount).toBeGreaterThan(0);
    expect(expiring.items.every((unit) => unit.expiry.length > 0)).toBe(true);

    await page.goto(VEHICLES);
    // An expiring row says so in words (not only by colour).
    const first = expiring.items[0];
    const row = main(page)
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: first.unitNumber, exact: true }) });
    await visible(row.getByText(/(expired on|due) \d{2}\/\d{2}\/\d{4}/).first());

    await main(page).getByLabel('Expiring or expired').check();
    await poll(() => main(page).locator('tbody tr').count(), 'rows of the expiring filter').toBe(expiring.totalCount);
    for (const unit of expiring.items)
      await visible(main(page).getByRole('cell', { name: unit.unitNumber, exact: true }));
  });

  it('two tabs edit the same truck: the second save gets the conflict, keeps what was typed, and saves on their version', async () => {
    const { page: tabA, context } = e2e;
    const token = await signIn(tabA, demoUser('FleetManager'));
    const units = await apiGet<ListPage<UnitDto>>(e2e, token, '/api/Units?unitType=Truck&size=1&sort=id');
    const before = units.items[0];
    const tabB = await context.newPage();
    for (const tab of [tabA, tabB]) {
      await tab.goto(`${VEHICLES}/${before.id}/edit`);
      await poll(() => main(tab).getByRole('textbox', { name: /^Make/ }).inputValue()).toBe(before.make);
    }
    await main(tabA)
      .getByRole('textbox', { name: /^Plate$/ })
      .fill('E2E 100');
    expect(await answerOf(tabA, 'PUT', /^\/api\/Units\/\d+$/, saveButton(tabA))).toBe(200);

    const model = main(tabB).getByRole('textbox', { name: /^Model/ });
    await model.fill('Cascadia Evolution');
    expect(await answerOf(tabB, 'PUT', /^\/api\/Units\/\d+$/, saveButton(tabB))).toBe(409);
    const alert = main(tabB).getByRole('alert').filter({ hasText: 'Someone else changed this record' });
    await visible(alert);
    expect(await model.inputValue()).toBe('Cascadia Evolution');
    await alert.getByRole('button', { name: 'Keep my changes on their version' }).click();
    await gone(alert);
    expect(await answerOf(tabB, 'PUT', /^\/api\/Units\/\d+$/, saveButton(tabB))).toBe(200);
    const after = await apiGet<UnitDto>(e2e, token, `/api/Units/${before.id}`);
    expect(after).toMatchObject({ plate: 'E2E 100', model: 'Cascadia Evolution', version: before.version + 2 });
  });

  it('a fleet manager saves a filter of the vehicles list, signs out and in, and gets the same rows from it', async () => {
    const { page } = e2e;
    const fleetManager = demoUser('FleetManager');
    const token = await signIn(page, fleetManager, { at: VEHICLES });
    await visible(main(page).getByRole('cell', { name: 'T100', exact: true }));
    // Trailers whose registration or inspection needs attention: a one-click filter and the expiring switch.
    await page.getByRole('button', { name: 'Trailer', exact: true }).click();
    await poll(() => urlFilter(page).unitType).toBe('Trailer');
    await main(page).getByLabel('Expiring or expired').check();
    await poll(() => urlFilter(page).expiring).toBe(true);
    const expected = await apiGet<ListPage<UnitDto>>(e2e, token, '/api/Units?unitType=Trailer&expiring=true&size=500');
    expect(expected.totalCount).toBeGreaterThan(0);
    await poll(() => main(page).locator('tbody tr').count(), 'rows of the filtered list').toBe(expected.totalCount);
    const rowsOf = async () =>
      (await main(page).locator('tbody tr td:first-child').allInnerTexts()).map((t) => t.trim());
    const before = await rowsOf();
    expect(before).toEqual(expected.items.map((u) => u.unitNumber));

    const name = `Trailers due ${Date.now() % 10_000}`;
    await page.getByRole('button', { name: 'Save the current filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save the current filters' });
    await dialog.getByRole('textbox', { name: 'Filter name' }).fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await gone(dialog);
    await visible(toast(page, 'Filter saved'));

    // A new session starts unfiltered; the saved filter brings back the same rows.
    await signOut(page);
    await signIn(page, fleetManager, { at: VEHICLES });
    await visible(main(page).getByRole('cell', { name: 'T100', exact: true }));
    expect(urlFilter(page).unitType).toBeUndefined();
    await page.getByRole('button', { name, exact: true }).click();
    await poll(() => urlFilter(page)).toMatchObject({ unitType: 'Trailer', expiring: true });
    await poll(rowsOf, 'rows of the saved filter').toEqual(before);
  });

  it('a role that may only read vehicles searches the list and exports it as CSV, with no create and no delete', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('ClaimTrackerTeam'), { at: VEHICLES });
    await visible(main(page).getByRole('cell', { name: 'T100', exact: true }));
    await visible(main(page).getByRole('button', { name: 'Export CSV' }));
    expect(await main(page).getByRole('link', { name: 'Create' }).count()).toBe(0);
    expect(await main(page).getByRole('button', { name: 'Delete' }).count()).toBe(0);
    // The search box, then the CSV of what it found (the whole filtered set, not the page).
    await main(page).getByRole('textbox', { name: 'Unit number, VIN, make, model, plate' }).fill('TR1');
    const found = await apiGet<ListPage<UnitDto>>(e2e, token, '/api/Units?search=TR1&size=1');
    expect(found.totalCount).toBeGreaterThan(1);
    await poll(() => main(page).locator('tbody tr').count(), 'rows found by the search').toBe(
      Math.min(found.totalCount, 50),
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main(page).getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^vehicles-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs
      .readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines.length - 1).toBe(found.totalCount);
    // The create screen itself is refused.
    await page.goto(`${VEHICLES}/create`);
    await visible(page.getByText("403: You don't have permission to visit this page"));
  });
});
