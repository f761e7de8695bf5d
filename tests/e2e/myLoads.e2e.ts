/**
 * My Loads (docs/routing.md#screen-my-loads): a driver lands on their loads, a notification about a load opens it,
 * an order's old address leads there, and no screen of the driver's sidebar calls an API the driver cannot read.
 */
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  type FeatureGroup,
  demoUser,
  pathname,
  poll,
  screenTitle,
  signIn,
  storageItem,
  useE2E,
  visible,
} from './helpers';

const e2e = useE2E();

const inDays = (n: number) => {
  const day = new Date(Date.now() + n * 86_400_000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};

/** Gives the demo driver an order picking up tomorrow, through the API as the administrator (so they are notified). */
async function assignToDriver(): Promise<{ id: number; orderNumber: string; vin: string }> {
  const admin = await e2e.apiLogin(demoUser('Administrator'));
  const driverToken = await e2e.apiLogin(demoUser('Driver'));
  const me = await e2e.api('GET', '/api/Driver/report-summary', { token: driverToken });
  expect(me.status).toBe(200);
  const list = await e2e.api('GET', '/api/BookOrder/filter-books?filtered=all&status=NEW&size=1', { token: admin });
  const id = list.body.value.items[0].id as number;
  const order = (await e2e.api('GET', `/api/BookOrder/${id}`, { token: admin })).body.value;
  const body = {
    ...order,
    driverId: me.body.value.driverId,
    pickup: { ...order.pickup, date: inDays(1), dateTo: null, dateType: 'EXACT' },
    delivery: { ...order.delivery, date: inDays(3), dateTo: null, dateType: 'EXACT' },
    codAmount: 350,
    payOnDelivery: true,
  };
  const saved = await e2e.api('PUT', `/api/BookOrder/${id}`, { token: admin, body });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { id, orderNumber: order.orderNumber, vin: order.vehicles[0].vin };
}

/** Every API answer of the page from now on, to look for refusals. */
function recordAnswers(page: Page): Response[] {
  const answers: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/')) answers.push(response);
  });
  return answers;
}
const refused = (answers: Response[]) =>
  answers.filter((r) => r.status() === 401 || r.status() === 403).map((r) => `${r.status()} ${r.url()}`);

describe('My Loads', () => {
  it('on a phone: the driver lands on their loads, the notification opens the load, the old order address leads there', async () => {
    const { page } = e2e;
    const load = await assignToDriver();
    const answers = recordAnswers(page);
    // Signed in at the desktop size (the sign-in helper waits for the sidebar), then /app again on a phone.
    await signIn(page, demoUser('Driver'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app');
    await poll(() => pathname(page)).toBe('/app/my-loads');
    await visible(screenTitle(page, 'My Loads'));
    const card = page.getByRole('link', { name: new RegExp(load.orderNumber) });
    await visible(card);
    const box = (await card.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);

    // The bell's notification opens the driver's view of the load, not the book order's edit screen.
    await page.getByRole('button', { name: /Notifications/ }).click();
    await page.getByText(`Book order ${load.orderNumber} assigned to you`).click();
    await poll(() => pathname(page)).toBe(`/app/my-loads/${load.id}`);
    await visible(screenTitle(page, `Load ${load.orderNumber}`));
    await visible(page.getByText(load.vin));
    await visible(page.getByRole('heading', { name: 'What to collect' }));
    await visible(page.getByText('$350.00 · at delivery'));
    for (const link of await page.locator('main a[href^="tel:"]').all()) {
      const target = (await link.boundingBox())!;
      expect(target.height).toBeGreaterThanOrEqual(44);
    }

    // An order's address from before (an older notification, a chat link) leads to the same view.
    await page.goto(`/app/books/bookorders/${load.id}/edit`);
    await poll(() => pathname(page)).toBe(`/app/my-loads/${load.id}`);
    await visible(page.getByText(load.vin));
    expect(refused(answers)).toEqual([]);
  });

  it('a load that is not the driver’s says so, and the desktop shows the loads as a table', async () => {
    const { page } = e2e;
    await signIn(page, demoUser('Driver'));
    await poll(() => pathname(page)).toBe('/app/my-loads');
    await visible(page.getByRole('table', { name: 'My Loads' }));
    await page.goto('/app/my-loads/987654');
    await visible(page.getByText('This load is not one of yours, or it no longer exists.'));
  });

  it('the driver walks every screen of their sidebar and no API answers 401 or 403', async () => {
    const { page } = e2e;
    const answers = recordAnswers(page);
    const token = await signIn(page, demoUser('Driver'));
    await poll(() => pathname(page)).toBe('/app/my-loads');
    const groups = (await e2e.api('GET', '/api/Auth/features/get', { token })).body.value as FeatureGroup[];
    const screens = groups.flatMap((group) => group.features.map((feature) => feature.uri));
    expect(screens).toContain('/app/my-loads');
    const first = (await e2e.api('GET', '/api/MyLoads', { token })).body.value.items[0];
    if (first) screens.push(`/app/my-loads/${first.id}`);
    for (const screen of screens) {
      await page.goto(screen);
      await visible(screenTitle(page));
      await page.waitForLoadState('networkidle').catch(() => undefined);
      expect(
        await page.getByRole('heading', { name: "403: You don't have permission to visit this page" }).count(),
        screen,
      ).toBe(0);
    }
    expect(answers.length).toBeGreaterThan(screens.length);
    expect(refused(answers)).toEqual([]);
    expect(await storageItem(page, 'accessToken')).toBeTruthy();
  });
});
