/**
 * Webhooks (docs/product/webhooks.md) in Chromium against the real server: an administrator is refused a private
 * address, then subscribes a local receiver with private addresses allowed, copies the secret shown once, sends a test
 * event and sees it delivered in the log; an order moved on the API arrives signed with that secret; the receiver
 * failing shows the failure and its next try; Pause and Resume; the log fits a phone. E2E_SCREENSHOTS=1 saves the
 * screens.
 */
import { describe, expect, it } from 'vitest';
import { startReceiver, verifySignature } from '../helpers/webhookReceiver';
import { demoUser, screenshots, signIn, useE2E, visible } from './helpers';

const e2e = useE2E();

describe('webhooks', () => {
  it('an administrator subscribes a receiver, copies the secret, tests it and reads the log', async () => {
    const receiver = await startReceiver();
    try {
      const { page } = e2e;
      await e2e.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseUrl });
      await signIn(page, demoUser('Administrator'), { at: '/app/webhooks/create' });
      const address = page.getByRole('textbox', { name: 'Receiver address' });
      await visible(address);
      await address.fill('http://10.0.0.1/hook');
      await page.getByRole('checkbox', { name: 'Order status changed' }).check();
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await visible(page.getByText(/10\.0\.0\.1 is a private or local address/));

      await address.fill(receiver.url);
      await page.getByRole('textbox', { name: 'Description' }).fill('Accounting sync');
      await page.getByLabel('Allow private addresses').check();
      await page.getByRole('button', { name: 'Subscribe' }).click();
      const dialog = page.getByRole('dialog', { name: 'Copy the signing secret now' });
      await visible(dialog);
      const secret = await dialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
      expect(secret).toMatch(/^whsec_/);
      await dialog.getByRole('button', { name: 'Copy Signing secret' }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await dialog.getByRole('button', { name: 'I have copied it' }).click();
      await page.waitForURL(/\/app\/webhooks\/\d+$/);
      const id = Number(page.url().split('/').pop());

      // A test event, delivered and logged.
      await page.getByRole('button', { name: 'Send test' }).click();
      await expect.poll(() => receiver.received.length).toBe(1);
      expect(receiver.received[0].event.type).toBe('webhook.ping');
      expect(verifySignature(secret, receiver.received[0])).toBe(true);
      const log = page.getByRole('table', { name: 'Deliveries' });
      await expect.poll(() => log.getByRole('row', { name: /Test event/ }).count(), { timeout: 15_000 }).toBe(1);
      await expect
        .poll(() => log.getByRole('row', { name: /Test event/ }).innerText(), { timeout: 15_000 })
        .toMatch(/Delivered/);
      await page.getByRole('button', { name: 'Details of Test event' }).click();
      await visible(page.getByText(/"type":"webhook.ping"/));
      await screenshots(page, 'webhook');
      // Opened on a phone, the log and a delivery's details fit the screen: nothing past the right edge, nothing to
      // scroll sideways (resources/webhooks/DeliveryLog.tsx leaves columns out there); Replay is in the details.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await page.getByRole('button', { name: 'Details of Test event' }).click();
      await visible(page.getByText(/"type":"webhook.ping"/));
      const overflow = () =>
        log.evaluate((table) => {
          const root = document.documentElement;
          const box = table.parentElement!;
          return Math.max(root.scrollWidth - root.clientWidth, box.scrollWidth - box.clientWidth);
        });
      await expect.poll(overflow).toBe(0);
      await visible(page.getByRole('button', { name: 'Replay Test event' }));
      await page.setViewportSize({ width: 1280, height: 900 });

      // An order moved: signed with the same secret. Then the receiver fails: the page says so and when it tries again.
      const admin = await e2e.apiLogin(demoUser('Administrator'));
      const list = (await e2e.api('GET', '/api/BookOrder/filter-books?Size=100', { token: admin })).body.value.items;
      const order = list.find((row: { status: string }) => row.status === 'ASSIGNED');
      const move = async (status: string) => {
        const current = (await e2e.api('GET', `/api/BookOrder/${order.id}`, { token: admin })).body.value;
        const moved = await e2e.api('POST', `/api/BookOrder/${order.id}/status`, {
          token: admin,
          body: { status, version: current.version },
        });
        expect(moved.status).toBe(200);
      };
      await move('ON_HOLD');
      await expect.poll(() => receiver.received.length).toBe(2);
      expect(receiver.received[1].event.data).toMatchObject({ orderId: order.id, from: 'ASSIGNED', to: 'ON_HOLD' });
      expect(verifySignature(secret, receiver.received[1])).toBe(true);
      receiver.answer = () => 503;
      await move('ASSIGNED');
      await expect.poll(() => receiver.received.length).toBe(3);
      await page.reload();
      await visible(page.getByText(/Failing since .* the next try is at/));
      await screenshots(page, 'webhook-failing');

      // Paused by hand, resumed: what waited is delivered.
      receiver.answer = () => 200;
      await page.getByRole('button', { name: 'Pause' }).click();
      await visible(page.getByText(/Paused: nothing is sent/));
      await page.getByRole('button', { name: 'Resume' }).click();
      await expect.poll(() => receiver.received.filter((got) => got.status === 200).length).toBe(3);
      const hook = (await e2e.api('GET', `/api/Webhooks/${id}`, { token: admin })).body.value;
      expect(hook).toMatchObject({ status: 'ACTIVE', pendingCount: 0, failingSince: null });

      // The secret rotated: the new one shown once, different from the first.
      await page.reload();
      await page.getByRole('button', { name: 'Rotate secret' }).click();
      await page
        .getByRole('dialog', { name: 'Rotate the signing secret' })
        .getByRole('button', { name: 'Rotate' })
        .click();
      const rotated = page.getByRole('dialog', { name: 'The new signing secret' });
      await visible(rotated);
      const next = await rotated.getByRole('textbox', { name: 'Signing secret' }).inputValue();
      expect(next).toMatch(/^whsec_/);
      expect(next).not.toBe(secret);
    } finally {
      await receiver.close();
    }
  });
});
