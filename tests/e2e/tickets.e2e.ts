/**
 * Tickets (docs/product/tickets.md) in Chromium against the real server: a safety manager records a roadside stop in
 * the new-ticket steps — a Level I inspection with two violations, one out of service, with the scanned report
 * attached, and a citation split 60/40 — then marks the citation paid; the driver's ledger shows the driver's share
 * once, and the driver's BASIC picture grows by the SMS weights of the two violations.
 */
import { describe, expect, it } from 'vitest';
import type { SafetyPicture } from '../../schema/safety';
import { demoUser, gone, poll, signIn, useE2E, visible } from './helpers';
import { apiGet, choose, main, pick, toast } from './records';

const e2e = useE2E();
const SCREEN = '/app/management/ticket-management';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
type Code = { id: number; code: string; severity: number; basic: string };
type Entry = { id: number; amount: number; status: string; type: string };

describe('tickets', () => {
  it('a safety manager records an inspection and a 60/40 citation, marks it paid; the share posts once and the BASIC picture changes', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('Manager'));
    const [driver] = await apiGet<{ id: number; name: string }[]>(e2e, token, '/api/Driver/GetAllNames');
    const codes = await apiGet<Code[]>(e2e, token, '/api/Tickets/get-all-violation-number-dropdown');
    const lamps = codes.find((c) => c.code === '393.9H')!;
    const tread = codes.find((c) => c.code === '393.75C-TAOTD-LT2/32')!;
    const safetyOf = () => apiGet<SafetyPicture>(e2e, token, `/api/Tickets/safety?driverId=${driver.id}`);
    const maintenance = (picture: SafetyPicture) => picture.basics.find((b) => b.basic === 'VEHICLE_MAINTENANCE')!;
    const before = maintenance(await safetyOf());

    await page.goto(SCREEN);
    await main(page).getByRole('button', { name: 'New ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'New ticket' });
    // Step 1: the ticket.
    await choose(dialog, /^Type/, 'Roadside inspection');
    await pick(dialog, /^Driver/, driver.name);
    await pick(dialog, /^State/, 'TX');
    await dialog.getByRole('switch', { name: /More fields/ }).check();
    await dialog.getByRole('textbox', { name: /^Report number/ }).fill('TX0042317');
    await dialog.getByRole('button', { name: 'Next' }).click();

    // Step 2: the citation, 60/40, the split shown as it is typed.
    await visible(dialog.getByRole('textbox', { name: /^Citation number/ }));
    await dialog.getByRole('textbox', { name: /^Citation number/ }).fill('tx-88123');
    await dialog.getByRole('spinbutton', { name: /^Amount/ }).fill('250.25');
    await dialog.getByRole('spinbutton', { name: /^Driver share/ }).fill('60');
    await visible(dialog.getByText('Driver 60% · company 40%: the driver pays $150.15 of $250.25.'));
    await dialog.getByRole('button', { name: 'Next' }).click();

    // Step 3: the Level I inspection, two violations (one out of service) and the scanned report.
    await dialog.getByRole('switch', { name: 'The truck was inspected' }).check();
    await dialog.getByRole('textbox', { name: /^Report number/ }).fill('TX-INSP-77');
    await choose(dialog, /^Level/, 'I — North American Standard');
    await choose(dialog, /^Category/, 'Vehicle Maintenance');
    const rows = dialog.locator('.RaSimpleFormIterator-line');
    for (const [index, code] of [lamps, tread].entries()) {
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await poll(() => rows.count()).toBe(index + 1);
      await pick(rows.nth(index), /^Violation/, code.code);
    }
    await rows
      .nth(0)
      .getByRole('switch', { name: /Out of service/ })
      .check();
    await dialog
      .getByTestId('document-files')
      .last()
      .setInputFiles({ name: 'inspection-TX-INSP-77.pdf', mimeType: 'application/pdf', buffer: PDF });
    await visible(dialog.getByText('inspection-TX-INSP-77.pdf', { exact: true }));
    await dialog.getByRole('button', { name: 'Create ticket' }).click();
    await visible(dialog.getByText('TX0042317 created.'));
    await dialog.getByRole('link', { name: 'Open the ticket' }).click();

    // The ticket shows both; the inspection is out of service and carries the scan.
    const citationLink = main(page).getByRole('link', { name: /^TX-88123 · \$250\.25/ });
    await visible(citationLink);
    await visible(main(page).getByText('Out of service'));
    const inspections = await apiGet<{
      items: { id: number; oos: boolean; documentCount: number; violations: unknown[] }[];
    }>(e2e, token, '/api/InspectionReports?search=TX-INSP-77');
    expect(inspections.items).toHaveLength(1);
    expect(inspections.items[0]).toMatchObject({ oos: true, documentCount: 1 });
    expect(inspections.items[0].violations).toHaveLength(2);

    // Mark the citation paid: the driver's share posts to the ledger.
    await citationLink.click();
    await choose(main(page), /^Payment/, 'Paid');
    await main(page).getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Citation saved'));
    // Saved, the citation returns to its ticket.
    await citationLink.click();
    await visible(main(page).getByText(/The driver’s share of \$150\.15 is on the driver’s ledger/));

    // The driver's ledger has it once.
    const ledger = await apiGet<{ items: Entry[] }>(
      e2e,
      token,
      `/api/DriverTransactions?driverId=${driver.id}&type=TICKET_SHARE&filtered=all`,
    );
    expect(ledger.items.map((e) => [e.amount, e.status])).toEqual([[150.15, 'POSTED']]);
    await page.goto(
      `/app/finances/driver-transactions?filter=${encodeURIComponent(JSON.stringify({ driverId: driver.id, type: 'TICKET_SHARE', filtered: 'all' }))}`,
    );
    await visible(main(page).getByRole('row').filter({ hasText: 'Ticket share' }).first());
    expect(await main(page).getByRole('row').filter({ hasText: 'Ticket share' }).count()).toBe(1);
    await visible(main(page).getByRole('row').filter({ hasText: 'Ticket share' }).getByText('$150.15'));

    // The driver's Vehicle Maintenance picture grew by (6 + 2) × 3 and 8 × 3 (an inspection of today weighs 3).
    const after = maintenance(await safetyOf());
    const added = (lamps.severity + 2 + tread.severity) * 3;
    expect(after.weight - before.weight).toBe(added);
    await page.goto(`${SCREEN}/safety?driverId=${driver.id}`);
    const row = main(page).getByRole('row').filter({ hasText: 'Vehicle Maintenance' });
    await visible(row.getByText(String(after.weight), { exact: true }));
    await gone(main(page).getByLabel('Loading the safety picture'));
  });
});
