/**
 * Inspections for the claims team (docs/product/vehicle-inspections.md#inspections-for-staff, docs/product/claims.md)
 * in Chromium against the real server: a driver inspects a vehicle at pickup (one old chip on the hood) and at
 * delivery (the same chip and a new dent) through the phone's API, with real photos; a claims team member opens the
 * order, sees both inspections side by side with the dent marked new, opens a claim from it and lands on the claim's
 * own address, where the claim shows both inspections again with the photos (drawn, not broken), and the damage links
 * to the claim. INSPECTION_SHOTS=<dir> also saves the screens at 1440 and 390 px wide.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoUser, otherBrowsers, poll, signIn, useE2E, visible } from './helpers';
import { type Damage, assignToDriver, inspect, key } from './inspections';
import { apiGet, main } from './records';

const e2e = useE2E();
const browser = otherBrowsers(e2e);
const SHOTS = process.env.INSPECTION_SHOTS;
/** Every photo in the scope has drawn its pixels (fetched with the token, shown from memory). */
async function photosDrawn(scope: Locator, at_least: number) {
  const images = scope.locator('img[src^="blob:"]');
  await poll(() => images.count()).toBeGreaterThanOrEqual(at_least);
  await poll(() =>
    images.evaluateAll((all) =>
      all.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
    ),
  ).toBe(true);
}

/** Screenshots of a part of the page at 1440 and at 390 px wide, when INSPECTION_SHOTS names a folder. */
async function shoot(page: Page, part: Locator, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // On a phone the sidebar, open on the desktop, would cover the screen as a drawer: a reload starts it closed.
    if (width < 600) await page.reload();
    await visible(part);
    await part.scrollIntoViewIfNeeded();
    await photosDrawn(part, 1);
    await poll(() => page.locator('.MuiSnackbar-root').count()).toBe(0);
    // A window as tall as the page: an element taller than the window would be shot in pieces, with the top bar and
    // the form's sticky toolbar drawn over it.
    await page.setViewportSize({ width, height: await page.evaluate(() => document.documentElement.scrollHeight) });
    await part.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The window as it is (a dialog), once its opening transition is over, when INSPECTION_SHOTS names a folder. */
async function shootWindow(page: Page, name: string) {
  if (!SHOTS) return;
  await poll(() => page.locator('.MuiDialog-container').evaluate((node) => getComputedStyle(node).opacity)).toBe('1');
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`) });
}

describe('inspections for the claims team', () => {
  it('a claims user sees an order’s inspections side by side, opens claims from the new delivery damages, and the claims show them', async () => {
    const { page } = e2e;
    const driver = await e2e.apiLogin(demoUser('Driver'));
    const { orderId, orderNumber, vehicles } = await assignToDriver(e2e, driver);
    const vin = vehicles[0].vin;
    const damage = (view: string, area: string, kind: string, x: number, y: number): Damage => ({
      clientKey: key(`${area}${kind}`),
      view,
      x,
      y,
      area,
      kind,
      severity: '2',
      photoKeys: [key('p'), key('p')],
    });
    // A chip on the hood at pickup and again at delivery (not new); a dent and a scratch found at delivery (new).
    await inspect(e2e, driver, orderId, vin, 'PICKUP', [damage('FRONT', '02', 'CH', 500, 300)], {
      signerName: 'Dana Whitfield',
    });
    await inspect(
      e2e,
      driver,
      orderId,
      vin,
      'DELIVERY',
      [
        damage('FRONT', '02', 'CH', 520, 310),
        damage('RIGHT', '13', 'DT', 560, 520),
        damage('REAR', '07', 'SC', 300, 700),
      ],
      { customerNotAvailable: true },
    );

    // A manager (who edits orders and files claims) on the order's screen.
    await signIn(page, demoUser('Manager'), { at: `/app/books/bookorders/${orderId}` });
    const section = page.getByRole('region', { name: 'Inspections', exact: true });
    await visible(section);
    const many = vehicles.length === 1 ? 'vehicle' : 'vehicles';
    await visible(section.getByText(`Pickup: 1 of ${vehicles.length} ${many} inspected`));
    await visible(section.getByText(`Delivery: 1 of ${vehicles.length} ${many} inspected`));
    const car = section.getByRole('region', { name: `Inspections of ${vin} side by side` });
    if (!(await car.isVisible())) await section.getByRole('button', { name: new RegExp(vin) }).click();
    await visible(car);
    await visible(car.getByText(/Signed by Dana Whitfield/));
    await visible(car.getByText(/Customer not available/));
    await expect(car.getByText('New at delivery', { exact: true }).count()).resolves.toBe(2);
    const right = car.getByRole('region', { name: 'Right side: at pickup and at delivery' });
    await visible(right.getByText('New at delivery', { exact: true }));
    // The hood's chip was there at pickup: not new, nothing to claim.
    const front = car.getByRole('region', { name: 'Front: at pickup and at delivery' });
    await expect(front.getByText('New at delivery', { exact: true }).count()).resolves.toBe(0);
    await photosDrawn(right, 2);
    await shoot(page, section, 'order-inspections');

    // A photo larger.
    await right.getByRole('button', { name: /^Show larger: Delivery photo 1 of Right front door/ }).click();
    const viewer = page.getByRole('dialog', { name: /Delivery photo 1 of Right front door/ });
    await photosDrawn(viewer, 1);
    await shootWindow(page, 'photo-viewer');
    await viewer.getByRole('button', { name: 'Close' }).click();

    // A claim from the dent: it opens at the claim's own address.
    await right.getByRole('button', { name: 'Open a claim', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Open a claim for ${vin}` });
    await expect(dialog.getByRole('checkbox', { name: /Right front door · Dent/ }).isChecked()).resolves.toBe(true);
    await expect(dialog.getByRole('checkbox', { name: /Rear bumper · Scratch/ }).isChecked()).resolves.toBe(false);
    await shootWindow(page, 'open-claim-dialog');
    await dialog.getByRole('button', { name: 'Open the claim' }).click();
    const claimAddress = /^\/app\/reports\/claims-tracker\/\d+\/edit$/;
    await poll(() => new URL(page.url()).pathname).toMatch(claimAddress);
    const claimsToken = await e2e.apiLogin(demoUser('ClaimTrackerTeam'));
    type Claim = {
      claimNumber: string;
      vins: string[];
      bookOrderId: number;
      documentCount: number;
      description: string;
    };
    const first = await apiGet<Claim>(
      e2e,
      claimsToken,
      `/api/ClaimTracker/${new URL(page.url()).pathname.split('/').at(-2)}`,
    );
    expect(first).toMatchObject({ vins: [vin], bookOrderId: orderId, documentCount: 2 });
    expect(first.description).toMatch(/Right front door · Dent/);

    // The claim's screen: both inspections side by side, with the photos, the dent linked to this claim.
    const onClaim = page.getByRole('region', { name: 'Inspections at pickup and delivery' });
    const compared = onClaim.getByRole('region', { name: `Inspections of ${vin} side by side` });
    await visible(compared);
    await visible(compared.getByRole('link', { name: `On claim ${first.claimNumber}` }));
    await photosDrawn(compared, 12);
    await shoot(page, onClaim, 'claim-inspections');

    // The claims team, who read orders without editing them, find the order's inspections on a new claim's form.
    const team = await browser();
    await signIn(team, demoUser('ClaimTrackerTeam'), { at: '/app/reports/claims-tracker/create' });
    const orderBox = main(team).getByRole('combobox', { name: /^Order number/ });
    await orderBox.fill(orderNumber.slice(0, -1));
    await team.getByRole('option', { name: new RegExp(orderNumber) }).click();
    const ofOrder = team.getByRole('region', { name: `Inspections of order ${orderNumber}` });
    const again = ofOrder.getByRole('region', { name: `Inspections of ${vin} side by side` });
    // The vehicle's own section header (its photos' buttons name the VIN too): opened unless it opened by itself.
    const header = ofOrder.getByRole('button', { name: new RegExp(`^${vin} · `) });
    await visible(header);
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    await visible(again.getByRole('link', { name: `On claim ${first.claimNumber}` }));
    const rear = again.getByRole('region', { name: 'Rear: at pickup and at delivery' });
    await rear.getByRole('button', { name: 'Open a claim', exact: true }).click();
    await team
      .getByRole('dialog', { name: `Open a claim for ${vin}` })
      .getByRole('button', { name: 'Open the claim' })
      .click();
    await poll(() => new URL(team.url()).pathname).toMatch(claimAddress);
    const second = await apiGet<Claim>(
      e2e,
      claimsToken,
      `/api/ClaimTracker/${new URL(team.url()).pathname.split('/').at(-2)}`,
    );
    expect(second.claimNumber).not.toBe(first.claimNumber);
    expect(second.description).toMatch(/Rear bumper · Scratch/);
    const secondOnClaim = team.getByRole('region', { name: 'Inspections at pickup and delivery' });
    await visible(secondOnClaim.getByRole('link', { name: `On claim ${second.claimNumber}` }));
    await photosDrawn(secondOnClaim, 12);
  });
});
