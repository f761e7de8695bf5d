/**
 * Journey: the dispatch rules and vetting (docs/product/compliance.md). A manager imports the FMCSA census from the
 * brokers list and sees a broker's vetting on its record, its inactive authority and missing bond said; on the
 * dispatch board a dispatcher picking a driver whose medical card expired is told why and cannot assign, and an
 * administrator assigns anyway with a reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoUser, journeyContext, poll, signIn, useE2E, visible } from './helpers';

const e2e = useE2E();
const FIXTURES = path.resolve(__dirname, '../fixtures/fmcsa');
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** A record read and written back with some fields changed, as its edit form would. */
async function change(url: string, token: string, values: Record<string, unknown>) {
  const read = await e2e.api('GET', url, { token });
  const saved = await e2e.api('PUT', url, { token, body: { ...read.body.value, ...values } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.value;
}

describe('dispatch rules and vetting', () => {
  it('imports the census from the brokers list and shows a broker’s authority, bond and census record', async () => {
    const { page, baseUrl } = e2e;
    const manager = await e2e.apiLogin(demoUser('Manager'));
    for (const name of ['carrier.csv', 'insurance.csv']) {
      const response = await fetch(`${baseUrl}/api/Vetting/imports?fileName=${name}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${manager}`, 'content-type': 'text/csv' },
        body: fs.readFileSync(path.join(FIXTURES, name)),
      });
      expect(response.status).toBe(202);
    }
    const broker = (await e2e.api('GET', '/api/Brokers?size=1&sort=id', { token: manager })).body.value.items[0];
    await change(`/api/Brokers/${broker.id}`, manager, { mcNumber: '123452', usdotNumber: '3100002' });

    await signIn(page, demoUser('Manager'), { at: '/app/management/brokers' });
    await page.getByRole('button', { name: 'Import FMCSA files' }).click();
    await page.getByTestId('fmcsa-import-file').setInputFiles(path.join(FIXTURES, 'census.csv'));
    await visible(page.getByText(/census\.csv: done, 5 rows read, 4 added/));
    await page.getByRole('button', { name: 'Close' }).click();

    await page.goto(`/app/management/brokers/${broker.id}/edit`);
    const vetting = page.getByRole('complementary', { name: 'FMCSA vetting' });
    await visible(vetting.getByText('No active authority'));
    await visible(vetting.getByText('MC-123452'));
    await visible(vetting.getByText(/Not on file \(required\)/));
    await visible(vetting.getByText('HARBOR LINE BROKERAGE INC'));
  });

  it('refuses a driver whose medical card expired on the board, and lets an administrator assign anyway with a reason', async () => {
    const { page, browser, baseUrl } = e2e;
    const admin = await e2e.apiLogin(demoUser('Administrator'));
    const orders = await e2e.api('GET', '/api/BookOrder/filter-books?status=NEW&size=1&sort=pickupDate', {
      token: admin,
    });
    const order = orders.body.value.items[0];
    const driver = (await e2e.api('GET', '/api/Driver/GetAllNames', { token: admin })).body.value[0];
    await change(`/api/Driver/${driver.id}`, admin, { medicalCardExpiresOn: yesterday() });

    const openDialog = async (p: typeof page) => {
      await p.goto('/app/kanban');
      await p.getByRole('button', { name: `Actions for order ${order.orderNumber}` }).click();
      await p.getByRole('menuitem', { name: 'Assign driver…' }).click();
      const dialog = p.getByRole('dialog');
      await dialog.getByRole('combobox').fill(driver.name);
      await p.getByRole('option', { name: driver.name }).first().click();
      await visible(dialog.getByText(/Expired medical card: the medical card of .* expired on/));
      return dialog;
    };

    const dispatcherContext = await journeyContext(browser, baseUrl);
    const dispatcherPage = await dispatcherContext.newPage();
    await signIn(dispatcherPage, demoUser('DispatchManager'));
    const refused = await openDialog(dispatcherPage);
    await visible(refused.getByText('Only an administrator can override a dispatch rule.'));
    expect(await refused.getByRole('button', { name: 'Assign' }).isDisabled()).toBe(true);
    await dispatcherContext.close();

    await signIn(page, demoUser('Administrator'));
    const dialog = await openDialog(page);
    const anyway = dialog.getByRole('button', { name: 'Assign anyway' });
    expect(await anyway.isDisabled()).toBe(true);
    await dialog.getByLabel(/Reason to override/).fill('Renewed card seen this morning, copy in the file');
    await anyway.click();
    await poll(
      async () => (await e2e.api('GET', `/api/BookOrder/${order.id}`, { token: admin })).body.value.driverId,
    ).toBe(driver.id);
  });
});
