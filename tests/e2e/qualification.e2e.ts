/**
 * The driver qualification file (docs/product/driver-qualification.md), in Chromium against the real server with the
 * demo data: a fleet manager fills part of a driver's file, finds the driver among the files due soon, opens the file,
 * records the medical card in the dialog, downloads the ZIP for an auditor (cover PDF and the paper inside), and sees
 * the state on the driver's page; a driver reads their own file.
 */
import fs from 'node:fs';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths } from '../../schema/expiry';
import { usDate } from '../../schema/format';
import { localToday } from '../../ui/assignments/dates';
import { pdfText } from '../helpers/pdf';
import { demoUser, otherBrowsers, pathname, poll, screenTitle, screenshots, signIn, useE2E, visible } from './helpers';
import { main } from './records';
import { axeFindings } from './accessibilityChecks';

const e2e = useE2E();
const another = otherBrowsers(e2e);
const LIST = '/app/reports/driver-qualification';

describe('the driver qualification file', () => {
  it('a fleet manager finds a file due soon, records the medical card, downloads the file; the driver reads theirs', async () => {
    const { page } = e2e;
    const today = localToday();
    const token = await signIn(page, demoUser('FleetManager'));
    const drivers = (await e2e.api('GET', '/api/DriverQualification?state=missing', { token })).body.value.items as {
      driverId: number;
      driverName: string;
    }[];
    const { driverId, driverName } = drivers[0];
    const record = (body: Record<string, unknown>) =>
      e2e.api('POST', `/api/DriverQualification/${driverId}/records`, { token, body });
    for (const item of ['APPLICATION', 'MVR_AT_HIRE', 'ROAD_TEST'])
      expect((await record({ item, doneOn: addDays(today, -500) })).status).toBe(200);
    expect((await record({ item: 'ANNUAL_REVIEW', doneOn: addDays(addMonths(today, -12), 12) })).status).toBe(200);
    expect(
      (await record({ item: 'VIOLATIONS', doneOn: addDays(today, -40), notes: 'No violations in the year' })).status,
    ).toBe(200);
    const card = {
      item: 'MEDICAL_CARD',
      doneOn: addMonths(today, -23),
      expiresOn: addDays(today, 9),
      registryVerifiedOn: addMonths(today, -23),
    };
    const added = await record(card);
    // The card's scan, as a fleet manager's phone takes it.
    const scan = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#dde8f4' } })
      .png()
      .toBuffer();
    const medical = added.body.value.file.items.find((i: { item: string }) => i.item === 'MEDICAL_CARD').current.id;
    const upload = await fetch(
      `${e2e.baseUrl}/api/Documents?ownerType=qualificationItem&ownerId=${medical}&fileName=medical-card.png`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
        body: scan,
      },
    );
    expect(upload.status).toBe(200);

    await page.goto(LIST);
    await visible(screenTitle(page, 'Qualification Files'));
    // What each file misses is read in the error colour on the dark card: nothing serious for axe-core.
    await visible(
      main(page)
        .getByText(/Application for employment/)
        .first(),
    );
    expect(await axeFindings(page, { role: 'FleetManager', route: LIST, width: page.viewportSize()!.width })).toEqual(
      [],
    );
    await page.getByRole('combobox', { name: 'Show' }).click();
    await page.getByRole('option', { name: 'Due within 30 days' }).click();
    const row = main(page).getByRole('link', { name: new RegExp(driverName) });
    await visible(row);
    await screenshots(page, 'qualification-fleet');
    await row.click();
    await poll(() => pathname(page)).toBe(`${LIST}/${driverId}`);
    await visible(screenTitle(page, `Qualification file: ${driverName}`));
    const medicalCard = main(page).locator('[data-item="MEDICAL_CARD"]');
    await visible(medicalCard.getByText(`Due ${usDate(addDays(today, 9))}`));

    // The renewed card: recorded in the dialog; the old one is kept under the previous records.
    await medicalCard.getByRole('button', { name: 'Record new' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Expires on').fill(addMonths(today, 24));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(medicalCard.getByText('Previous records (1)'));
    await visible(medicalCard.getByText('Complete'));
    await screenshots(page, 'qualification-driver');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main(page).getByRole('button', { name: 'Download file' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^qualification-file-.*\.zip$/);
    const zip = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
    const names = Object.keys(zip);
    expect(names[0]).toBe('cover.pdf');
    const paper = names.find((n) => n.startsWith('04-medical-card/') && n.endsWith('medical-card.png'))!;
    expect(Buffer.from(zip[paper])).toEqual(scan);
    const cover = Buffer.from(zip['cover.pdf']);
    if (process.env.E2E_SCREENSHOTS_DIR)
      fs.writeFileSync(`${process.env.E2E_SCREENSHOTS_DIR}/qualification-cover.pdf`, cover);
    const text = pdfText(cover).replace(/\s+/g, ' ');
    expect(text).toContain('DRIVER QUALIFICATION FILE');
    expect(text).toContain(driverName);
    expect(text).toContain(`expires ${usDate(addMonths(today, 24))}`);

    // On the driver's own page: the file's state and what is open, and the link to it.
    await page.goto(`/app/management/drivers/${driverId}/edit`);
    const summary = main(page).getByTestId('qualification-summary');
    await visible(summary.getByRole('link', { name: 'Qualification file' }));
    await screenshots(page, 'qualification-driver-page');

    // A driver: their own file, read-only, and nobody else's.
    const phone = await another();
    const driverToken = await signIn(phone, demoUser('Driver'), { at: '/app/my-qualification' });
    await visible(screenTitle(phone, 'My qualification file'));
    await visible(main(phone).getByRole('button', { name: 'Download file' }));
    expect(
      await main(phone)
        .getByRole('button', { name: /^Record/ })
        .count(),
    ).toBe(0);
    await screenshots(phone, 'qualification-mine');
    expect((await e2e.api('GET', `/api/DriverQualification/${driverId}`, { token: driverToken })).status).toBe(403);
  });
});
