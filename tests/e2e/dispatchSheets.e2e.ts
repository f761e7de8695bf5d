/**
 * Dispatch sheets (docs/product/dispatch-sheets.md#drafts) in Chromium: a dispatcher drops three sheets of three
 * layouts onto the screen, each becomes a draft; the review of one shows its doubtful field (a ZIP of another state)
 * listed and marked, outlines on the sheet where it was read, and takes the fix; the broker and shipper the sheets
 * name are added from them; each draft is booked and its order found on the list and on the dispatch board. The same
 * sheet dropped again is shown as the same file and as a likely duplicate of the order it became. A note with markup
 * stays text.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SheetFacts } from '../../schema/dispatchSheets';
import type { OrderDraftSummaryDto } from '../../schema/orderDrafts';
import { randomFacts, sheetPdf } from '../helpers/dispatchSheets';
import { demoUser, screenshots, signIn, useE2E, visible } from './helpers';
import { localDay, main, pick, toast } from './records';

const e2e = useE2E();

/** A sheet of today's load: its own load id, picked up today and delivered in two days. */
function todaysFacts(layout: SheetFacts['layout'], seed: number, tag: string): SheetFacts {
  const facts = randomFacts(layout, seed);
  facts.fields.loadId = tag;
  facts.fields['pickup.date'] = localDay(0);
  facts.fields['delivery.date'] = localDay(2);
  delete facts.fields['pickup.dateTo'];
  delete facts.fields['delivery.dateTo'];
  return facts;
}

/** Drops files on the drop zone as a desktop would: a drop event whose data holds the PDFs. */
async function drop(page: Page, files: { name: string; bytes: Buffer }[]) {
  const transfer = await page.evaluateHandle(
    (list) => {
      const data = new DataTransfer();
      for (const file of list)
        data.items.add(
          new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name, {
            type: 'application/pdf',
          }),
        );
      return data;
    },
    files.map((f) => ({ name: f.name, base64: f.bytes.toString('base64') })),
  );
  await page.getByTestId('sheet-drop').dispatchEvent('drop', { dataTransfer: transfer });
}

describe('dispatch sheets', () => {
  it('reads three dropped sheets into drafts, books them after review, and flags a sheet dropped again', async () => {
    const { page, api } = e2e;
    const token = await e2e.apiLogin(demoUser('Dispatcher'));
    const stamp = String(Date.now()).slice(-7);
    const facts = [
      todaysFacts('centralDispatch', 201, `7${stamp}1`),
      todaysFacts('superDispatch', 202, `7${stamp}2`),
      todaysFacts('rateConfirmation', 203, `7${stamp}3`),
    ];
    // The rate confirmation delivers to a ZIP of another state than its city's: the reader must doubt it.
    const doubtful = facts[2];
    const rightZip = doubtful.fields['delivery.zip']!;
    doubtful.fields['delivery.zip'] = doubtful.fields['delivery.state'] === 'AK' ? '10001' : '99501';
    facts[1].fields.notes = '<img src=x onerror=alert(1)> Keys & gate code at the front desk.';
    const files = await Promise.all(
      facts.map(async (f, i) => ({ name: `sheet-${i + 1} ${f.layout}.pdf`, bytes: await sheetPdf(f) })),
    );
    let alerted = false;
    page.on('dialog', (dialog) => {
      alerted = true;
      void dialog.dismiss();
    });

    await signIn(page, demoUser('Dispatcher'), { at: '/app/books/dispatch-sheets' });
    await drop(page, files);
    const uploads = main(page).getByRole('list', { name: 'Reading…' });
    for (const file of files)
      await visible(uploads.getByRole('listitem').filter({ hasText: file.name }).getByText('Draft ready'));
    const drafts = (await api('GET', '/api/OrderDrafts?size=50', { token })).body.value.items as OrderDraftSummaryDto[];
    const draftOf = (f: SheetFacts) => drafts.find((d) => d.loadId === f.fields.loadId)!;
    expect(facts.map((f) => draftOf(f)?.layout)).toEqual(['centralDispatch', 'superDispatch', 'rateConfirmation']);
    await visible(main(page).getByRole('link', { name: files[2].name }));
    await screenshots(page, 'dispatch-sheets');

    const orders: string[] = [];
    for (const f of facts) {
      const draft = draftOf(f);
      await page.goto(`/app/books/dispatch-sheets/${draft.id}`);
      const form = main(page);
      await visible(form.getByRole('heading', { name: draft.fileName }));
      await visible(page.getByTestId('sheet-canvas'));
      if (f === doubtful) {
        // The doubtful ZIP is listed with how sure the reader was, marked on the form, and outlined on the sheet.
        const toCheck = form.getByRole('region', { name: 'Check these fields' });
        const zip = toCheck.getByTestId('check-delivery.zip');
        await visible(zip);
        await expect.poll(() => zip.innerText()).toMatch(/Delivery · ZIP[\s\S]*% sure · read “\d{5}”/);
        await zip.click();
        const input = form.locator('input[name="delivery.zip"]');
        await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
        await screenshots(page, 'dispatch-sheet-review');
        await input.fill(rightZip);
      }
      await form.getByRole('button', { name: 'Add as a new broker' }).click();
      await visible(toast(page, `${f.fields['broker.name']} added`));
      await form.getByRole('button', { name: 'Add as a new shipper' }).click();
      await visible(toast(page, `${f.fields['pickup.name']} added`));
      if (!(await form.getByRole('combobox', { name: /^Carrier/ }).inputValue())) await pick(form, /^Carrier/);
      if (f === facts[1]) {
        const notes = form.locator('textarea[name="notes"]');
        expect(await notes.inputValue()).toBe(f.fields.notes);
        expect(await form.locator('img[src="x"]').count(), 'a sheet’s text is never markup').toBe(0);
      }
      await form.getByRole('button', { name: 'Book order' }).click();
      const booked = toast(page, /Booked as HB\d+/);
      await visible(booked);
      orders.push((await booked.innerText()).match(/HB\d+/)![0]);
      await page.waitForURL('**/app/books/dispatch-sheets');
    }

    // The orders are on the list and on the board.
    for (const order of orders) {
      const found = (await api('GET', `/api/BookOrder/filter-books?search=${order}&filtered=all`, { token })).body.value
        .items as { orderNumber: string; externalLoadId: string }[];
      expect(found.map((o) => o.orderNumber)).toEqual([order]);
    }
    for (const order of orders) {
      const filter = JSON.stringify({ filtered: 'all', search: order });
      await page.goto(`/app/books/bookorders?filter=${encodeURIComponent(filter)}`);
      await visible(main(page).getByRole('cell', { name: order }));
    }
    await page.goto('/app/kanban');
    for (const order of orders) await visible(page.locator(`[data-column="NEW"] [data-order="${order}"]`));

    // The first sheet again: the same file as a booked draft, and the order it became as a likely duplicate.
    await page.goto('/app/books/dispatch-sheets');
    await drop(page, [files[0]]);
    const again = main(page).getByRole('listitem').filter({ hasText: files[0].name });
    await again.getByRole('link', { name: 'Review' }).click();
    await visible(main(page).getByText('This same file was uploaded before:'));
    await visible(main(page).getByRole('link', { name: `${orders[0]} has the same Central Dispatch load id` }));
    await screenshots(page, 'dispatch-sheet-duplicate');
    expect(alerted).toBe(false);
  });
});
