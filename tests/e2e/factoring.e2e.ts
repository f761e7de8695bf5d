/**
 * Factoring (docs/product/factoring.md) in Chromium: the manager sets a factoring company on a broker, invoices that
 * broker's delivered load (the invoice takes the broker's factor), sees the notice of assignment on the PDF (drawn to
 * a PNG with pdftoppm when it is there, E2E_SCREENSHOTS keeps it), sends the invoice, makes a schedule of accounts of
 * it, downloads the schedule's PDF and CSV, records the factor's funding, and reads what the factor owes.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../helpers/pdf';
import { demoUser, poll, signIn, useE2E, visible } from './helpers';
import { main, pick, toast } from './records';

const e2e = useE2E();
const SHOTS = process.env.E2E_SCREENSHOTS ? fs.mkdtempSync(path.join(os.tmpdir(), 'factoring-e2e-')) : null;

/** The PDF's first page as a PNG beside the journey's screenshots (pdftoppm, when installed). */
function firstPagePng(pdf: Buffer, name: string) {
  if (!SHOTS) return;
  const file = path.join(SHOTS, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', file, path.join(SHOTS, name)]);
  } catch {
    // No pdftoppm here: the PDF stays for a reader.
  }
}

/** The screen at 1440 and 390 px wide (E2E_SCREENSHOTS), then back at the journey's width. */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('factoring', () => {
  it('a broker’s factor on its invoice, the notice on the PDF, a schedule with PDF and CSV, the funding and what the factor owes', async () => {
    const { page, api } = e2e;
    const manager = await e2e.apiLogin(demoUser('Manager'));
    const onTheRoad = await api('GET', '/api/BookOrder/filter-books?status=PICKED_UP&filtered=all&size=1', {
      token: manager,
    });
    const order = onTheRoad.body.value.items[0];
    expect(order, JSON.stringify(onTheRoad.body)).toBeDefined();
    const delivered = await api('POST', `/api/BookOrder/${order.id}/status`, {
      token: manager,
      body: { status: 'DELIVERED', version: order.version },
    });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    const texas = (await api('GET', '/api/Reference/states', { token: manager })).body.value.find(
      (s: { abbreviation: string }) => s.abbreviation === 'TX',
    );
    const factor = await api('POST', '/api/FactoringCompanies', {
      token: manager,
      body: {
        name: 'Lone Star Freight Capital',
        billingEmail: 'funding@lonestarfreight.example',
        phone: '2145550100',
        address: 'PO Box 650443',
        city: 'Dallas',
        stateId: texas.id,
        zip: '75265',
        advancePercent: 90,
        feePercent: 3,
        active: true,
      },
    });
    expect(factor.status, JSON.stringify(factor.body)).toBe(200);
    const factorId = factor.body.value.id;

    // The broker's form: its factoring company.
    await signIn(page, demoUser('Manager'), { at: `/app/management/brokers/${order.brokerId}/edit` });
    await pick(main(page), /Factoring company/, 'Lone Star');
    await main(page).getByRole('button', { name: 'Save' }).click();
    await poll(
      async () =>
        (await api('GET', `/api/Brokers/${order.brokerId}`, { token: manager })).body.value.factoringCompanyId,
    ).toBe(factorId);

    // Invoiced from its book order: the invoice takes the broker's factor and says where to pay.
    await page.goto(`/app/books/bookorders/${order.id}/edit`);
    await main(page).getByRole('link', { name: 'Invoice', exact: true }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/app/management/invoices/create');
    await visible(main(page).getByRole('checkbox', { name: new RegExp(order.orderNumber) }));
    await shoot(page, 'invoice-create');
    await main(page).getByRole('button', { name: 'Make the draft' }).click();
    await poll(() => new URL(page.url()).pathname).toMatch(/^\/app\/management\/invoices\/\d+$/);
    const invoiceId = Number(new URL(page.url()).pathname.split('/').pop());
    await visible(main(page).getByText('Assigned to Lone Star Freight Capital: the customer pays it, not us.'));
    await visible(main(page).getByText(/Pay to: Lone Star Freight Capital, PO Box 650443, Dallas, TX 75265/));
    await visible(main(page).getByText('Not factored', { exact: true }));
    await shoot(page, 'invoice');

    // The PDF carries the notice, prominent.
    const pdf = Buffer.from(
      await (
        await fetch(`${e2e.baseUrl}/api/Invoices/${invoiceId}/pdf`, { headers: { authorization: `Bearer ${manager}` } })
      ).arrayBuffer(),
    );
    const words = pdfText(pdf);
    expect(words).toContain('PAY TO (THIS INVOICE IS ASSIGNED)');
    expect(words).toContain('Lone Star Freight Capital');
    expect(words).toContain('Dallas, TX 75265');
    firstPagePng(pdf, 'invoice');

    // Sent: to the broker's billing addresses and to the factor.
    await main(page).getByRole('button', { name: 'Send' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
    await visible(toast(page, 'Invoice sent'));
    const sent = (await api('GET', `/api/Invoices/${invoiceId}`, { token: manager })).body.value;
    expect(sent.sentTo).toContain('funding@lonestarfreight.example');

    // A schedule of accounts for the factor, of that invoice.
    await page.goto(`/app/management/factoring-schedules/create?factoringCompanyId=${factorId}`);
    await main(page)
      .getByRole('checkbox', { name: new RegExp(sent.numberText) })
      .check();
    await main(page).getByRole('button', { name: 'Make the schedule' }).click();
    await poll(() => new URL(page.url()).pathname).toMatch(/^\/app\/management\/factoring-schedules\/\d+$/);
    const heading = main(page).getByRole('heading', { level: 1 });
    await visible(heading);
    const scheduleText = (await heading.innerText()).split(' · ')[0];
    expect(scheduleText).toMatch(/^SCH-\d+$/);
    await visible(main(page).getByRole('link', { name: sent.numberText }));

    const [pdfDownload] = await Promise.all([
      page.waitForEvent('download'),
      main(page).getByRole('button', { name: 'Download the PDF' }).click(),
    ]);
    expect(pdfDownload.suggestedFilename()).toBe(`${scheduleText}.pdf`);
    const schedulePdf = fs.readFileSync(await pdfDownload.path());
    expect(pdfText(schedulePdf)).toContain('SCHEDULE OF ACCOUNTS');
    firstPagePng(schedulePdf, 'schedule');
    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      main(page).getByRole('button', { name: 'Download the CSV' }).click(),
    ]);
    expect(csvDownload.suggestedFilename()).toBe(`${scheduleText}.csv`);
    const lines = fs
      .readFileSync(await csvDownload.path(), 'utf8')
      .trim()
      .split('\r\n');
    const total = (sent.totalCents / 100).toFixed(2);
    expect(lines[0]).toBe('Schedule,Date,Factor,Invoice,Debtor,Invoice date,Amount');
    expect(lines[1]).toContain(`${sent.numberText},`);
    expect(lines[2]).toMatch(new RegExp(`^${scheduleText},.*,Total,,,${total}$`));

    // The factor pays: the form starts with its terms (90% advance, 3% fee, the reserve the rest).
    await main(page).getByRole('button', { name: 'Record the funding' }).click();
    const funding = page.getByRole('dialog');
    const reserveCents = sent.totalCents - Math.round(sent.totalCents * 0.9) - Math.round(sent.totalCents * 0.03);
    await poll(() => funding.getByRole('textbox', { name: /Reserve/ }).inputValue()).toBe(
      (reserveCents / 100).toFixed(2),
    );
    await funding.getByRole('button', { name: 'Record the funding' }).click();
    await visible(toast(page, 'Funding recorded'));
    await visible(main(page).getByText('Funded', { exact: true }));
    const owed = `$${(reserveCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    await shoot(page, 'schedule');

    // What the factor owes: its reserve, on the factoring companies' page, and the invoice is factored.
    await page.goto('/app/management/factoring-companies');
    const books = main(page).getByRole('table', { name: 'What the factors owe' });
    const row = books.getByRole('row').filter({ hasText: 'Lone Star Freight Capital' });
    await visible(row);
    await poll(() => row.innerText()).toContain(owed);
    await shoot(page, 'factors');
    await page.goto(`/app/management/factoring-companies/${factorId}/edit`);
    await visible(main(page).getByText('Books with this factor'));
    await shoot(page, 'factor');
    await page.goto('/app/management/factoring-schedules');
    await visible(main(page).getByText(scheduleText));
    await shoot(page, 'schedules');
    await page.goto(`/app/management/factoring-schedules/create?factoringCompanyId=${factorId}`);
    await visible(main(page).getByText('This factor has no sent invoice waiting for a schedule.'));
    await shoot(page, 'schedule-create');
    await page.goto(`/app/management/invoices/${invoiceId}`);
    await visible(main(page).getByText('Factored', { exact: true }));
    await visible(main(page).getByRole('link', { name: `On schedule ${scheduleText}` }));
    if (SHOTS) console.log(`[factoring] screenshots and PDF pages in ${SHOTS}`);
  });
});
