/**
 * The accounting export (docs/product/accounting-export.md) in Chromium: last month's sent invoice goes to QuickBooks as
 * IIF — exported, downloaded, the invoice in it; exported again, the same export (nothing new); the broker's deposit
 * matched to it by the banker, the next export carries the payment alone; then as QuickBooks Online CSV files, the invoice lines downloaded; the history lists both exports. E2E_SCREENSHOTS=1 keeps the screen
 * at 1440 and 390 px in the temporary folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoUser, signIn, useE2E, visible } from './helpers';
import { localDay, main, usDay } from './records';
import { CHECKING_HEADER } from '../helpers/bankRows';

const e2e = useE2E();

/** The file a click downloads: its suggested name and text. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), text: fs.readFileSync(await download.path(), 'latin1') };
}

async function keep(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(os.tmpdir(), `accounting-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('accounting export', () => {
  it('exports last month as IIF and as QuickBooks Online CSV, downloads them, and gives the same export again', async () => {
    const { page, api } = e2e;
    // A delivered load billed last month and sent.
    const finance = await e2e.apiLogin(demoUser('Finance'));
    const found = await api('GET', '/api/BookOrder/filter-books?status=DELIVERED&filtered=all&size=20', {
      token: finance,
    });
    const order = found.body.value.items.find((o: { brokerId: number | null }) => o.brokerId);
    expect(order, JSON.stringify(found.body)).toBeDefined();
    const today = localDay();
    const lastMonth = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 10));
    const made = await api('POST', '/api/Invoices', {
      token: finance,
      body: {
        payerKind: 'BROKER',
        payerId: order.brokerId,
        orderIds: [order.id],
        issuedOn: lastMonth.toISOString().slice(0, 10),
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const invoice = made.body.value;
    const sent = await api('POST', `/api/Invoices/${invoice.id}/send`, {
      token: finance,
      body: { version: invoice.version },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    await signIn(page, demoUser('Finance'), { at: '/app/finances/accounting-export' });
    await visible(main(page).getByText('No exports yet', { exact: false }));
    await visible(main(page).getByRole('radio', { name: 'QuickBooks Desktop (IIF)' }));
    expect(await main(page).getByRole('radio', { name: 'QuickBooks Desktop (IIF)' }).isChecked()).toBe(true);

    // IIF: the export says what it carried; its file holds the invoice after the lists.
    await main(page).getByRole('button', { name: 'Export', exact: true }).click();
    const done = main(page)
      .getByRole('status')
      .filter({ hasText: /Export #\d+ made: 1 invoice/ });
    await visible(done);
    const iif = await downloaded(page, () => done.getByRole('button', { name: /quickbooks\.iif/ }).click());
    expect(iif.name).toMatch(/^export-\d+-quickbooks\.iif$/);
    const lines = iif.text.split('\r\n');
    const invoiceRow = lines.findIndex(
      (l) => l.startsWith('TRNS\tINVOICE\t') && l.includes(`\t${invoice.numberText}\t`),
    );
    expect(invoiceRow).toBeGreaterThan(lines.indexOf('!ENDTRNS'));
    expect(lines.indexOf('!ENDTRNS')).toBeGreaterThan(lines.findIndex((l) => l.startsWith('!CUST\t')));
    await keep(page, 'made');

    // Again: nothing new, the same export and the same bytes.
    await main(page).getByRole('button', { name: 'Export', exact: true }).click();
    const again = main(page)
      .getByRole('status')
      .filter({ hasText: /Nothing new since export #\d+/ });
    await visible(again);
    const iifAgain = await downloaded(page, () => again.getByRole('button', { name: /quickbooks\.iif/ }).click());
    expect(iifAgain.text).toBe(iif.text);

    // The broker pays: the deposit, imported and matched to the invoice by the banker, is the next export's only row.
    const banking = await e2e.apiLogin(demoUser('Banking'));
    const paidOn = lastMonth.toISOString().slice(0, 10).replace(/-10$/, '-20');
    const file = `${CHECKING_HEADER}\nCREDIT,${usDay(paidOn)},"ACME PAYMENT ${invoice.numberText}",${(invoice.totalCents / 100).toFixed(2)},ACH_CREDIT,,,`;
    const imported = await fetch(`${e2e.baseUrl}/api/TransactionsMatching/import?fileName=e2e.csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${banking}`, 'content-type': 'text/csv' },
      body: file,
    });
    expect(imported.status).toBe(200);
    const importId = ((await imported.json()) as { value: { id: number } }).value.id;
    const rows = await api('GET', `/api/TransactionsMatching/transactions?importId=${importId}`, { token: banking });
    const deposit = rows.body.value.items[0];
    const matched = await api('POST', `/api/TransactionsMatching/transactions/${deposit.id}/matches`, {
      token: banking,
      body: {
        version: deposit.version,
        lines: [{ itemType: 'INVOICE', itemId: invoice.id, amount: invoice.totalCents / 100 }],
      },
    });
    expect(matched.status, JSON.stringify(matched.body)).toBe(200);
    await main(page).getByRole('button', { name: 'Export', exact: true }).click();
    const paid = main(page)
      .getByRole('status')
      .filter({ hasText: /Export #\d+ made: 1 payment\./ });
    await visible(paid);
    const payment = await downloaded(page, () => paid.getByRole('button', { name: /quickbooks\.iif/ }).click());
    expect(payment.text).toMatch(/^TRNS\tPAYMENT\t\d\d\/20\/\d{4}\tUndeposited Funds\t/m);
    expect(payment.text).not.toContain('TRNS\tINVOICE');

    // QuickBooks Online: four files; the invoice's lines in its import's columns.
    await main(page).getByRole('radio', { name: 'QuickBooks Online (CSV)' }).check();
    await main(page).getByRole('button', { name: 'Export', exact: true }).click();
    const csvDone = main(page)
      .getByRole('status')
      .filter({ hasText: /Export #\d+ made: 1 invoice/ });
    await visible(csvDone);
    const invoices = await downloaded(page, () => csvDone.getByRole('button', { name: /invoices\.csv/ }).click());
    expect(invoices.text.split('\r\n')[0]).toBe(
      'InvoiceNo,Customer,InvoiceDate,DueDate,Terms,Memo,Item(Product/Service),ItemDescription,ItemQuantity,ItemRate,ItemAmount',
    );
    expect(invoices.text).toContain(`${invoice.numberText},`);

    // The history: both exports, newest first, each with its files to download again.
    const history = main(page).getByRole('table', { name: 'Exports' });
    await visible(history.getByRole('cell', { name: 'QuickBooks Online (CSV)' }));
    expect(await history.getByRole('row').count()).toBe(4);
    const firstId = /^export-(\d+)-/.exec(iif.name)![1];
    const fromHistory = await downloaded(page, () =>
      history.getByRole('button', { name: `Download quickbooks.iif of export #${firstId}`, exact: true }).click(),
    );
    expect(fromHistory.name).toBe(iif.name);
    expect(fromHistory.text).toBe(iif.text);
    await keep(page, 'history');
  });
});
