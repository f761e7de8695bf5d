/**
 * Tracking links (docs/product/tracking.md) in Chromium against the real server: a dispatcher makes and copies an
 * order's tracking link on its page; a browser with no session opens it and, without reloading, sees the status move
 * to Picked up when the driver's phone completes the pickup inspections; nothing the page renders names the driver,
 * their phone or the price; once delivered with the company's days at 0, the page says the link expired.
 * E2E_SCREENSHOTS_DIR=<dir> saves the page at 1440 and 390 px wide there.
 */
import { describe, expect, it } from 'vitest';
import { demoUser, otherBrowsers, poll, screenshots, signIn, useE2E, visible } from './helpers';
import { assignToDriver, inspect } from './inspections';

const e2e = useE2E({ env: (baseUrl) => ({ PUBLIC_URL: baseUrl }) });
const browser = otherBrowsers(e2e);
/** The page reads itself every 20 s: a move shows within one period and a little. */
const LIVE = 45_000;

describe('tracking link', () => {
  it('a dispatcher shares the link; the customer sees the pickup live, nothing personal, and the link expire', async () => {
    const { page } = e2e;
    const driver = await e2e.apiLogin(demoUser('Driver'));
    const admin = await e2e.apiLogin(demoUser('Administrator'));
    const { orderId, orderNumber, vehicles } = await assignToDriver(e2e, driver);
    const order = (await e2e.api('GET', `/api/BookOrder/${orderId}`, { token: admin })).body.value;
    if (order.status !== 'ASSIGNED') {
      const assigned = await e2e.api('POST', `/api/BookOrder/${orderId}/status`, {
        token: admin,
        body: { status: 'ASSIGNED', version: order.version },
      });
      expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    }
    const driverRecord = (await e2e.api('GET', `/api/Driver/${order.driverId}`, { token: admin })).body.value;
    const forbidden = [order.driverName, driverRecord?.phone, order.price?.toFixed?.(2)].filter(
      (text): text is string => typeof text === 'string' && text.length > 2,
    );
    expect(forbidden.length).toBeGreaterThanOrEqual(2);

    // The dispatcher makes the link on the order's page and copies it.
    await e2e.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseUrl });
    await signIn(page, demoUser('Dispatcher'), { at: `/app/books/bookorders/${orderId}` });
    const section = page.getByRole('region', { name: 'Tracking' });
    await visible(section);
    await section.getByRole('button', { name: 'Create tracking link' }).click();
    const field = section.getByRole('textbox', { name: 'Tracking link' });
    await visible(field);
    const url = await field.inputValue();
    expect(url).toMatch(/\/track\/[A-Za-z0-9_-]{43}$/);
    await section.getByRole('button', { name: 'Copy tracking link' }).first().click();
    await poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // A browser with no session opens it.
    const customer = await browser();
    await customer.goto(url);
    const status = customer.getByRole('status');
    await expect.poll(() => status.innerText()).toBe('Scheduled for pickup');
    await customer.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await screenshots(customer, 'tracking-scheduled', 1280);

    // The driver completes every pickup inspection from the phone: the page moves by itself.
    for (const vehicle of vehicles)
      await inspect(e2e, driver, orderId, vehicle.vin, 'PICKUP', [], { signerName: 'Pat Shipper' });
    await expect.poll(() => status.innerText(), { timeout: LIVE }).toBe('Picked up');
    expect(await customer.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expect
      .poll(() =>
        customer
          .getByText('Picked up 1')
          .or(customer.getByText(/^Picked up \d/))
          .count(),
      )
      .toBeGreaterThan(0);
    const rendered = await customer.locator('body').innerText();
    expect(rendered).toContain(orderNumber);
    for (const text of forbidden) expect(rendered, text).not.toContain(text);
    const html = await customer.content();
    for (const text of forbidden) expect(html, text).not.toContain(text);
    await screenshots(customer, 'tracking-picked-up', 1280);

    // Links stop at the delivery with the company's days at 0; the open page finds out on its next read.
    expect(
      (await e2e.api('PUT', '/api/Company/tracking', { token: admin, body: { daysAfterDelivery: 0 } })).status,
    ).toBe(200);
    for (const vehicle of vehicles)
      await inspect(e2e, driver, orderId, vehicle.vin, 'DELIVERY', [], { signerName: 'Pat Receiver' });
    await expect
      .poll(() => customer.getByRole('heading', { level: 1 }).innerText(), { timeout: LIVE })
      .toBe('This tracking link has expired');
    await screenshots(customer, 'tracking-expired', 1280);
  });
});
