/**
 * Receivables (docs/product/receivables.md) in Chromium: three delivered loads of one broker are invoiced in one batch
 * (dated 100 days ago) and sent; the finance user opens Receivables, finds the broker past due with its balance in
 * "over 90 days", drills down to its page (the three invoices), downloads the statement of account as a PDF; a
 * dispatcher booking a load for that broker reads how it pays under the broker picker.
 * E2E_SCREENSHOTS_DIR=<dir> saves the screens at 1440 and 390 px wide there.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../schema/businessDay';
import { addDays } from '../../schema/expiry';
import { usCents } from '../../schema/format';
import { demoUser, poll, signIn, useE2E, visible } from './helpers';
import { main, pick, signOut } from './records';

const e2e = useE2E();
const shots = process.env.E2E_SCREENSHOTS_DIR;

async function shoot(name: string) {
  if (!shots) return;
  const { page } = e2e;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('receivables', () => {
  it('a broker billed 100 days ago shows past due; its page lists the invoices; its statement downloads; booking warns', async () => {
    const { page, api } = e2e;
    const finance = await e2e.apiLogin(demoUser('Finance'));
    const delivered = await api('GET', '/api/BookOrder/filter-books?status=DELIVERED&filtered=all&size=200', {
      token: finance,
    });
    const byBroker = new Map<number, { id: number; brokerId: number }[]>();
    for (const order of delivered.body.value.items as { id: number; brokerId: number }[])
      byBroker.set(order.brokerId, [...(byBroker.get(order.brokerId) ?? []), order]);
    const [brokerId, orders] = [...byBroker.entries()].find(([, list]) => list.length >= 3)!;
    const made = await api('POST', '/api/Invoices/batch', {
      token: finance,
      body: { orderIds: orders.slice(0, 3).map((o) => o.id), issuedOn: addDays(todayIso(), -100) },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    let total = 0;
    for (const invoice of made.body.value.made as { invoiceId: number }[]) {
      const sent = await api('POST', `/api/Invoices/${invoice.invoiceId}/send`, {
        token: finance,
        body: { version: 1 },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      total += sent.body.value.balanceCents;
    }
    const broker = (await api('GET', `/api/Receivables/broker/${brokerId}`, { token: finance })).body.value as {
      name: string;
      pastDueCents: number;
    };
    expect(broker.pastDueCents).toBe(total);

    // The list: the broker with its balance, all of it past due and over 90 days.
    await signIn(page, demoUser('Finance'), { at: '/app/management/customers' });
    const row = main(page).getByRole('row').filter({ hasText: broker.name });
    await visible(row);
    expect(await row.innerText()).toContain(usCents(total));
    await visible(main(page).getByText(/^Open \$/));
    await shoot('receivables-list');

    // Only past due keeps it; a name search finds it.
    await main(page).getByLabel('Only past due').check();
    await poll(() => new URL(page.url()).search).toContain('pastDue');
    await visible(row);

    // Its page: the figures and the three invoices.
    await row.click();
    await poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(
      `/app/management/customers/${brokerId}?kind=broker`,
    );
    await visible(main(page).getByRole('heading', { level: 1, name: broker.name }));
    const invoices = main(page).getByRole('table', { name: 'Invoices' });
    await visible(invoices.getByText(made.body.value.made[0].numberText));
    expect(await invoices.getByRole('row').count()).toBe(4);
    await visible(main(page).getByText('Over 90 days'));
    await shoot('receivables-customer');

    // The statement of account downloads as a PDF.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main(page).getByRole('button', { name: 'Statement of account (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Statement .*\.pdf$/);
    const file = await download.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(file!).subarray(0, 5).toString()).toBe('%PDF-');
    if (shots) await download.saveAs(path.join(shots, 'statement.pdf'));

    // A dispatcher booking a load for that broker: how it pays shows under the picker.
    await signOut(page);
    await signIn(page, demoUser('Dispatcher'), { at: '/app/books/bookorders/create' });
    await pick(main(page), /^Broker/, broker.name);
    const hint = main(page).getByTestId('broker-pays');
    await visible(hint);
    await poll(() => hint.innerText()).toContain(`${usCents(total)} past due`);
    expect(await hint.innerText()).toContain('No payment in the last 12 months');
    await shoot('receivables-booking');
  });
});
