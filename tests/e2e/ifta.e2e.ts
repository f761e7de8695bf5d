/**
 * IFTA (docs/product/ifta.md) in Chromium: last quarter's return, every state flagged for want of a rate; a fuel card
 * company's export previewed (its bad line named) and imported; the quarter's rates read from a CSV into the table
 * and saved; the quarter closed as filed; its PDF and CSV downloaded, as filed. E2E_SCREENSHOTS_DIR=<dir> keeps the
 * screen at 1440 and 390 px, open and closed, and the PDF, there.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { IFTA_STATES, previousQuarter, quarterLabel, quarterOf, quarterRange } from '../../schema/ifta';
import { demoUser, gone, signIn, useE2E, visible } from './helpers';
import { localDay, main, toast, usDay } from './records';

const e2e = useE2E();
const shots = process.env.E2E_SCREENSHOTS_DIR;

async function keep(page: Page, name: string) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(shots, `ifta-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The file a click downloads: its suggested name and bytes. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(await download.path()) };
}

describe('IFTA', () => {
  it('imports the fuel card’s export, loads the rates from CSV, closes last quarter and downloads its return', async () => {
    const { page } = e2e;
    const quarter = previousQuarter(quarterOf(localDay()));
    const { from } = quarterRange(quarter);
    const day = (n: number) => usDay(`${from.slice(0, 8)}${String(n).padStart(2, '0')}`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ifta-e2e-'));
    const fuel = path.join(dir, 'efs-transactions.csv');
    fs.writeFileSync(
      fuel,
      [
        'Card #,Tran Date,Tran Time,Invoice,Unit,Driver Name,Location Name,City,State/ Prov,Item,Unit Price,Qty,Amt,Currency',
        `7083050000005678,${day(3)},07:10,E2E-1,T-7,JANE DOE,Pilot #12,Dallas,TX,ULSD,3.999,120.250,480.88,USD`,
        `7083050000005678,${day(3)},07:10,E2E-1,T-7,JANE DOE,Pilot #12,Dallas,TX,DEFD,4.500,5.000,22.50,USD`,
        `7083050000005678,${day(9)},12:40,E2E-2,T-7,JANE DOE,Love's #88,Joplin,MO,ULSD,3.879,140.000,543.06,USD`,
        `7083050000005678,${day(15)},18:05,E2E-3,T-7,JANE DOE,TA #4,Denver,CO,ULSD,4.119,98.500,405.72,USD`,
        `7083050000005678,${day(21)},06:30,E2E-4,T-7,JANE DOE,Petro #9,Ontario,CA,ULSD,5.299,1O5.000,556.40,USD`,
      ].join('\r\n'),
    );
    const rates = path.join(dir, 'ifta-rates.csv');
    fs.writeFileSync(
      rates,
      [
        'Jurisdiction,Rate',
        ...IFTA_STATES.map((state, i) => `${state},0.${String(1800 + i * 37).padStart(4, '0')}`),
      ].join('\n'),
    );

    await signIn(page, demoUser('Finance'), { at: '/app/finances/ifta' });
    await visible(main(page).getByText(/No rate loaded for .*: their tax is not computed, never guessed/));
    await visible(main(page).getByText(/Miles without any diesel bought/));
    expect(await main(page).getByRole('combobox', { name: 'Quarter' }).innerText()).toContain(quarterLabel(quarter));
    expect(await main(page).getByRole('button', { name: 'Close quarter' }).isDisabled()).toBe(true);

    // The fuel card's export: previewed (the DEF line is not fuel; the misprinted quantity is named by its line).
    await main(page).getByTestId('ifta-fuel-file').setInputFiles(fuel);
    await visible(
      main(page).getByText('efs-transactions.csv: 5 lines — 3 to add, 0 already imported, 1 not fuel, 1 refused.'),
    );
    await visible(main(page).getByText('Line 6: Qty is "1O5.000", not gallons with at most three decimals'));
    await main(page).getByRole('button', { name: 'Import 3 lines' }).click();
    await visible(toast(page, '3 fuel lines added'));
    await gone(main(page).getByText(/Miles without any diesel bought/));
    await visible(main(page).getByText(/efs-transactions\.csv: 3 added, 0 already there, 1 refused/));

    // The rates: read from the CSV into the table, checked, saved.
    await main(page).getByTestId('ifta-rates-file').setInputFiles(rates);
    await visible(toast(page, `${IFTA_STATES.length} rates read from the file; check them and save`));
    expect(await main(page).getByRole('textbox', { name: 'Rate for Texas' }).inputValue()).toBe(
      `0.${String(1800 + IFTA_STATES.indexOf('TX') * 37).padStart(4, '0')}`,
    );
    await main(page).getByRole('button', { name: 'Save rates' }).click();
    await visible(toast(page, 'Rates saved.'));
    await gone(main(page).getByText(/No rate loaded for/));
    await visible(main(page).getByRole('row', { name: /TX · Texas/ }));
    await keep(page, 'open');

    // Closed as filed.
    await main(page).getByRole('button', { name: 'Close quarter' }).click();
    const dialog = page.getByRole('dialog', { name: `Close ${quarterLabel(quarter)} as filed?` });
    await dialog.getByRole('button', { name: 'Close as filed' }).click();
    await visible(toast(page, `${quarterLabel(quarter)} is closed as filed.`));
    await visible(main(page).getByText('Closed as filed', { exact: true }));
    await visible(main(page).getByText(/\d\d\/\d\d\/\d{4}, .* by .* · /));
    await gone(main(page).getByRole('button', { name: 'Close quarter' }));
    expect(await main(page).getByRole('textbox', { name: 'Rate for Texas' }).isDisabled()).toBe(true);
    await keep(page, 'closed');

    // The return as filed, as PDF and CSV.
    const pdf = await downloaded(page, () => main(page).getByRole('button', { name: 'PDF' }).click());
    expect(pdf.name).toBe(`IFTA-${quarter}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    if (shots) fs.writeFileSync(path.join(shots, `IFTA-${quarter}.pdf`), pdf.bytes);
    const csv = await downloaded(page, () => main(page).getByRole('button', { name: 'CSV' }).click());
    expect(csv.name).toBe(`IFTA-${quarter}.csv`);
    const lines = csv.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Quarter,Status,State,Miles,Taxable gallons,Tax-paid gallons/);
    expect(lines.find((l) => l.includes(',TX,'))).toMatch(
      new RegExp(`^${quarter},CLOSED,TX,\\d+,\\d+,120,-?\\d+,0\\.`),
    );
    expect(lines.at(-1)).toMatch(new RegExp(`^${quarter},CLOSED,TOTAL,\\d+,,359,,,-?\\d+\\.\\d\\d,\\d+\\.\\d\\d$`));
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
