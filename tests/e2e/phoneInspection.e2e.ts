/**
 * The driver's phone with no signal (resources/myLoads/inspect): at a 390 px phone, the network switched off, a
 * driver inspects two vehicles at pickup — photos, a damage marked on the drawing with its own photo, the VIN
 * confirmed, the customer's signature — kills the page, reopens it with still no network and finds everything; back
 * online, the phone sends it all, and the server holds every photo byte for byte (SHA-256 compared) and exactly one of
 * each. The order is then Picked up, and the dispatcher's board, open all along, shows it there with its progress.
 */
import crypto from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { InspectionDto } from '../../schema/vehicleInspections';
import { WAIT, demoUser, poll, signIn, useE2E, visible } from './helpers';

const e2e = useE2E();
const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
});

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
/** A real JPEG of one colour per photo, as a phone's camera would hand the page a file. */
const photo = async (n: number) => ({
  name: `photo-${n}.jpg`,
  mimeType: 'image/jpeg',
  buffer: await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: (n * 53) % 256, g: (n * 97) % 256, b: 120 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer(),
});

/** Gives the demo driver an order of two vehicles picking up today, through the API as the administrator. */
async function twoCarLoad() {
  const admin = await e2e.apiLogin(demoUser('Administrator'));
  const driver = await e2e.apiLogin(demoUser('Driver'));
  const me = (await e2e.api('GET', '/api/Driver/report-summary', { token: driver })).body.value;
  const list = await e2e.api('GET', '/api/BookOrder/filter-books?filtered=all&status=NEW&size=100', { token: admin });
  const item = list.body.value.items.find((one: { vehicleCount: number }) => one.vehicleCount >= 2);
  const order = (await e2e.api('GET', `/api/BookOrder/${item.id}`, { token: admin })).body.value;
  const today = new Date().toLocaleDateString('en-CA');
  const saved = await e2e.api('PUT', `/api/BookOrder/${item.id}`, {
    token: admin,
    body: {
      ...order,
      driverId: me.driverId,
      vehicles: order.vehicles.slice(0, 2),
      pickup: { ...order.pickup, date: today, dateTo: null, dateType: 'EXACT' },
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return {
    admin,
    id: item.id as number,
    orderNumber: order.orderNumber as string,
    vins: [0, 1].map((i) => order.vehicles[i].vin as string),
  };
}

async function newContext(width: number) {
  const context = await e2e.browser.newContext({
    baseURL: e2e.baseUrl,
    viewport: { width: 1280, height: 900 },
    geolocation: { latitude: 32.7767, longitude: -96.797, accuracy: 12 },
    permissions: ['geolocation'],
  });
  context.setDefaultTimeout(WAIT);
  contexts.push(context);
  const page = await context.newPage();
  return { context, page, width };
}

/** Draws a signature: a few strokes across the pad, as a finger would. */
async function sign(page: Page) {
  const pad = page.locator('#signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++)
    await page.mouse.move(box.x + 20 + step * 22, box.y + box.height * (0.7 - 0.4 * Math.sin(step / 2)), { steps: 3 });
  await page.mouse.up();
}

const inspectUrl = (id: number, vin: string) => `/app/my-loads/${id}/inspect/PICKUP/${vin}`;

describe('The driver’s phone with no signal', () => {
  it('inspects two cars offline, survives a killed page, and the server gets every photo once, byte for byte', async () => {
    const load = await twoCarLoad();

    // The dispatcher's board, open all along, filtered to this order.
    const office = await newContext(1280);
    await office.context.addInitScript(
      (filter) => sessionStorage.setItem('dispatch-board-filter', filter),
      JSON.stringify({ filtered: 'all', search: load.orderNumber }),
    );
    await signIn(office.page, demoUser('Administrator'), { at: '/app/kanban' });
    const boardCard = (column: string) =>
      office.page.locator(`[data-column="${column}"] [data-order="${load.orderNumber}"]`);
    await visible(boardCard('ASSIGNED'));

    // The driver has used the app before: signed in, its worker in control, the load and its screens opened once.
    const { context, page } = await newContext(390);
    await signIn(page, demoUser('Driver'));
    await page.setViewportSize({ width: 390, height: 844 });
    await poll(() =>
      page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration('/app/'))?.active),
    ).toBe(true);
    await page.reload();
    await poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).toMatch(
      /\/app\/sw\.js$/,
    );
    await page.goto(`/app/my-loads/${load.id}`);
    await visible(page.getByText(load.vins[1]));
    await page.getByTestId(`inspect-PICKUP-${load.vins[0]}`).click();
    await visible(page.getByRole('heading', { name: 'Damage' }));
    await page
      .getByRole('main')
      .getByRole('link', { name: `Load ${load.orderNumber}` })
      .click();
    await visible(page.getByText(load.vins[1]));

    await context.setOffline(true);
    const sent: Record<string, string[]> = { [load.vins[0]]: [], [load.vins[1]]: [] };

    // The first car: VIN, two photos, a dent on the driver's side with its own photo, the customer's signature.
    await page.getByTestId(`inspect-PICKUP-${load.vins[0]}`).click();
    await page.getByLabel('Last 6 of the VIN').fill(load.vins[0].slice(-6));
    await visible(page.getByTestId('vin-confirmed'));
    for (const n of [1, 2]) {
      const file = await photo(n);
      sent[load.vins[0]].push(sha256(file.buffer));
      await page.getByTestId('photo-input').setInputFiles(file);
      await poll(() => page.getByTestId('photo-count').textContent()).toBe(`${n} photo${n > 1 ? 's' : ''}`);
    }
    const side = page.locator('svg[data-view="LEFT"]');
    const box = (await side.boundingBox())!;
    await side.click({ position: { x: box.width * 0.4, y: box.height * 0.45 } });
    const dialog = page.getByRole('dialog', { name: 'Damage' });
    await dialog.getByLabel('Type').click();
    await page.getByRole('option', { name: 'DT · Dent' }).click();
    const damagePhoto = await photo(3);
    sent[load.vins[0]].push(sha256(damagePhoto.buffer));
    await dialog.getByTestId('damage-photo-input').setInputFiles(damagePhoto);
    await poll(() => dialog.getByTestId('damage-photo-count').textContent()).toBe('1 photo of it');
    await dialog.getByRole('button', { name: 'Save damage' }).click();
    await visible(page.getByTestId('damage-list').getByText(/Driver side: Left front door · Dent/));
    await page.getByLabel('Odometer (miles)').fill('48,213');
    await page.getByLabel('Name of who signs').fill('Pat Shipper');
    await sign(page);
    await page.getByRole('button', { name: 'Complete the inspection' }).click();
    await visible(page.getByTestId('signed').getByText(/Signed on this phone/));
    await visible(page.getByTestId('sync-state').getByText(/No network/));

    // The second car: VIN, one photo, nobody there to sign.
    await page.goto(`/app/my-loads/${load.id}`).catch(() => undefined);
    await page.goto(inspectUrl(load.id, load.vins[1]));
    await page.getByLabel('Last 6 of the VIN').fill(load.vins[1].slice(-6));
    const last = await photo(4);
    sent[load.vins[1]].push(sha256(last.buffer));
    await page.getByTestId('photo-input').setInputFiles(last);
    await poll(() => page.getByTestId('photo-count').textContent()).toBe('1 photo');
    await page.getByLabel('Customer not available (you sign)').check();
    await sign(page);
    await page.getByRole('button', { name: 'Complete the inspection' }).click();
    await visible(page.getByTestId('signed'));
    await visible(page.getByTestId('sync-state').getByText(/4 photos/));

    // The page is killed; reopened with still no network, everything is there, from the phone.
    await page.close();
    const reopened = await context.newPage();
    await reopened.setViewportSize({ width: 390, height: 844 });
    await reopened.goto(inspectUrl(load.id, load.vins[0]));
    await visible(reopened.getByTestId('signed').getByText(/Signed on this phone/));
    await poll(() => reopened.getByTestId('photo-count').textContent()).toBe('3 photos');
    await visible(reopened.getByTestId('damage-list').getByText(/Left front door · Dent/));
    await poll(() =>
      reopened
        .locator('[data-testid="photo-grid"] img')
        .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth === 640)),
    ).toBe(true);
    // The office has nothing of it yet (the first car's inspection was opened online: saved empty, no photo).
    const before = (await e2e.api('GET', `/api/BookOrder/${load.id}/inspections`, { token: load.admin })).body
      .value as InspectionDto[];
    expect(before.flatMap((one) => [...one.photos, ...(one.completedAt ? [one] : [])])).toEqual([]);

    // Back online: the phone sends it all, once.
    await context.setOffline(false);
    await visible(reopened.getByTestId('sync-state').getByText('Everything is at the office.'));
    if (process.env.E2E_SHOTS)
      await reopened.screenshot({ path: `${process.env.E2E_SHOTS}/inspection-synced-390.png`, fullPage: true });
    const inspections = (await e2e.api('GET', `/api/BookOrder/${load.id}/inspections`, { token: load.admin })).body
      .value as InspectionDto[];
    expect(inspections).toHaveLength(2);
    for (const inspection of inspections) {
      expect(inspection.completedAt).not.toBeNull();
      const photos = inspection.photos.filter((one) => one.view !== 'SIGNATURE');
      expect(photos.map((one) => one.sha256).sort()).toEqual([...sent[inspection.vin]].sort());
      // Byte for byte: each photo read back from the server hashes as taken.
      for (const one of photos) {
        const bytes = await fetch(`${e2e.baseUrl}/api/BookOrder/${load.id}/inspections/photos/${one.id}`, {
          headers: { authorization: `Bearer ${load.admin}` },
        });
        expect(sha256(Buffer.from(await bytes.arrayBuffer()))).toBe(one.sha256);
      }
    }
    const first = inspections.find((one) => one.vin === load.vins[0])!;
    expect(first).toMatchObject({ signerName: 'Pat Shipper', odometer: 48_213, vinConfirmed: true });
    expect(first.damages).toHaveLength(1);
    expect(first.damages[0]).toMatchObject({ view: 'LEFT', kind: 'DT' });
    expect(first.damages[0].photoKeys).toHaveLength(1);
    expect(first.position).toMatchObject({ latitudeE6: 32_776_700, longitudeE6: -96_797_000 });
    expect(inspections.find((one) => one.vin === load.vins[1])).toMatchObject({ customerNotAvailable: true });

    // The order is Picked up; the board, open all along, moved the card there with its progress.
    const order = (await e2e.api('GET', `/api/BookOrder/${load.id}`, { token: load.admin })).body.value;
    expect(order).toMatchObject({ status: 'PICKED_UP', inspected: { pickup: 2, delivery: 0 } });
    await visible(
      boardCard('PICKED_UP').getByTestId('card-inspected').getByText('Inspected: pickup 2 of 2 · delivery 0 of 2'),
    );
  });
});
