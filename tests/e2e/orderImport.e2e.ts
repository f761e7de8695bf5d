/**
 * Loads from a CSV file (docs/product/book-orders.md#csv-import) in Chromium: a dispatcher opens Import CSV on the
 * book orders, chooses a file of three loads — one ready, one with an unknown broker whose name carries markup (shown
 * as text, never as markup), one with a bad date — sees each load's problems by line and column, books the ready one
 * and finds it on the list; the same file again shows that load as likely booked already.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ORDER_CSV_COLUMNS } from '../../schema/orderImport';
import { makeVin } from '../helpers/records';
import { demoUser, signIn, useE2E, visible } from './helpers';
import { main, toast } from './records';

const e2e = useE2E();
const shots = process.env.E2E_SCREENSHOTS_DIR;

describe('loads from a CSV file', () => {
  it('previews a file of three loads, books the ready one, and flags it as booked when the file comes again', async () => {
    const { page, api } = e2e;
    const token = await e2e.apiLogin(demoUser('Dispatcher'));
    const manager = await e2e.apiLogin(demoUser('Manager'));
    // The dropdowns answer { value } or, for carriers, { data }.
    const first = async (url: string) => {
      const body = (await api('GET', url, { token: manager })).body as {
        value?: { name: string }[];
        data?: { name: string }[];
      };
      return (body.value ?? body.data ?? [])[0].name;
    };
    const names: Record<string, string> = {
      broker: await first('/api/Brokers/dropdown-list'),
      shipper: await first('/api/Shipper/get-all-shippers-dropdown'),
      carrier: await first('/api/Carriers/dropdown-list'),
      dispatcher: demoUser('Dispatcher'),
    };
    const loadId = `E2E-CSV-${Date.now()}`;
    const rows: Record<string, string>[] = [
      { ref: 'R1', loadId, vin: makeVin(810_001) },
      { ref: 'R2', loadId: `${loadId}-2`, vin: makeVin(810_002), broker: '<img src=x onerror=alert(1)>Nobody' },
      { ref: 'R3', loadId: `${loadId}-3`, vin: makeVin(810_003), pickupDate: '02/30/2026' },
    ];
    const cell = (v: string) => (/[",<]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
    const csv = [
      ORDER_CSV_COLUMNS.map((c) => c.header).join(','),
      ...rows.map((row) => ORDER_CSV_COLUMNS.map((c) => cell(row[c.key] ?? names[c.key] ?? c.example)).join(',')),
    ].join('\r\n');
    const file = { name: 'loads.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };
    let alerted = false;
    page.on('dialog', (dialog) => {
      alerted = true;
      void dialog.dismiss();
    });

    await signIn(page, demoUser('Dispatcher'), { at: '/app/books/bookorders' });
    await main(page).getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book loads from a CSV file' });
    await dialog.getByTestId('order-import-file').setInputFiles(file);
    await visible(dialog.getByText('loads.csv: 3 loads, 1 ready to book'));
    const loads = dialog.getByRole('table', { name: 'Loads in the file' });
    await visible(loads.getByRole('row').filter({ hasText: 'R1' }).getByText('Ready'));
    await visible(loads.getByText(/Line 3, Broker: No broker named “<img src=x onerror=alert\(1\)>Nobody”/));
    await visible(loads.getByText(/Line 4, Pickup date: “02\/30\/2026” is not a date as MM\/DD\/YYYY/));
    expect(await loads.locator('img').count(), 'the sheet’s text is never markup').toBe(0);
    if (shots)
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(shots, `order-import-${width}.png`), fullPage: width > 400 });
      }
    await page.setViewportSize({ width: 1280, height: 900 });

    await dialog.getByRole('button', { name: 'Book 1 ready load' }).click();
    await visible(toast(page, '1 load booked, 2 left out'));
    const found = (
      await api('GET', `/api/BookOrder/filter-books?search=${encodeURIComponent(loadId)}&filtered=all`, { token })
    ).body.value.items as { orderNumber: string; externalLoadId: string }[];
    expect(found.map((o) => o.externalLoadId)).toEqual([loadId]);
    await visible(main(page).getByRole('cell', { name: found[0].orderNumber }));

    // The same file again: the booked load is a likely duplicate, linked; nothing is ready.
    await main(page).getByRole('button', { name: 'Import CSV' }).click();
    await dialog.getByTestId('order-import-file').setInputFiles(file);
    await visible(dialog.getByText('loads.csv: 3 loads, 0 ready to book'));
    await visible(loads.getByRole('link', { name: `${found[0].orderNumber} has the same load id` }));
    expect(await dialog.getByRole('button', { name: 'Book 0 ready loads' }).isDisabled()).toBe(true);
    expect(alerted).toBe(false);
  });
});
