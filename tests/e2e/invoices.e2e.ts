/**
 * Getting paid (docs/product/invoices.md), in Chromium with a real SMTP server: a load is inspected and delivered, the
 * finance user invoices it from its book order (with a fuel surcharge), sends it — the message and its PDF, with the
 * delivery's bill of lading after the invoice, arrive at the mail server, the PDF is the one the invoice keeps — and
 * voids it by a credit note, which gives the load back to Delivered. Billed again, the broker pays it short: banking matches the deposit on the bench naming the difference,
 * the invoice shows what is still open and why; the rest paid a week later makes the invoice and the load Paid. The
 * broker's receivable follows: what it owes, its aging, its days to pay and its short-paid share.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { pdfText } from '../helpers/pdf';
import { mailServer, until } from '../helpers/smtp';
import { demoUser, poll, signIn, useE2E, visible } from './helpers';
import { assignToDriver, inspect } from './inspections';
import { localDay, main, signOut, toast } from './records';

const smtp = await mailServer(false);
afterAll(() => smtp.close());
const e2e = useE2E({
  env: (baseUrl) => ({
    SMTP_URL: smtp.startTlsUrl,
    MAIL_FROM: 'Haulboard Billing <billing@haulboard.example.com>',
    PUBLIC_URL: baseUrl,
  }),
});

describe('invoices', () => {
  it('a delivered load invoiced, sent through the mail server with its PDF, then voided by a credit note', async () => {
    const { page, api } = e2e;
    // A load of the demo driver, inspected and signed for at pickup and delivery through the phone's API: its bill
    // of lading follows the invoice. The order moves along as the inspections complete; what is left, the manager does.
    const manager = await e2e.apiLogin(demoUser('Manager'));
    const driver = await e2e.apiLogin(demoUser('Driver'));
    const assigned = await assignToDriver(e2e, driver);
    for (const stage of ['PICKUP', 'DELIVERY'] as const)
      for (const { vin } of assigned.vehicles)
        await inspect(e2e, driver, assigned.orderId, vin, stage, [], { signerName: 'Dana Whitfield' });
    let order = (await api('GET', `/api/BookOrder/${assigned.orderId}`, { token: manager })).body.value;
    for (const next of ['PICKED_UP', 'DELIVERED'] as const) {
      if (order.status === 'DELIVERED' || (next === 'PICKED_UP' && order.status !== 'ASSIGNED')) continue;
      const moved = await api('POST', `/api/BookOrder/${order.id}/status`, {
        token: manager,
        body: { status: next, version: order.version },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      order = moved.body.value;
    }
    expect(order.status).toBe('DELIVERED');
    // The broker's addresses: its billing contacts' (or its own) are where the invoice goes.
    const broker = (await api('GET', `/api/Brokers/${order.brokerId}`, { token: manager })).body.value;
    const addresses = [broker.email, ...broker.contacts.map((c: { email: string | null }) => c.email)]
      .filter(Boolean)
      .map((a: string) => a.toLowerCase());

    await signIn(page, demoUser('Finance'), { at: `/app/management/orders/${order.id}` });
    await poll(() => new URL(page.url()).pathname).toBe(`/app/books/bookorders/${order.id}/edit`);
    await main(page).getByRole('link', { name: 'Invoice', exact: true }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/app/management/invoices/create');
    const line = main(page).getByRole('checkbox', { name: new RegExp(order.orderNumber) });
    await visible(line);
    expect(await line.isChecked()).toBe(true);
    await main(page)
      .getByRole('checkbox', { name: /Fuel surcharge/ })
      .check();
    await main(page).getByRole('button', { name: 'Make the draft' }).click();
    await poll(() => new URL(page.url()).pathname).toMatch(/^\/app\/management\/invoices\/\d+$/);
    const invoiceId = Number(new URL(page.url()).pathname.split('/').pop());
    const heading = main(page).getByRole('heading', { level: 1 });
    await visible(heading);
    const numberText = (await heading.innerText()).split(' · ')[0];
    expect(numberText).toMatch(/^INV-\d+$/);
    await visible(main(page).getByText('Draft', { exact: true }));
    await visible(main(page).getByText(/Fuel surcharge \(4\.5% of linehaul\)/));

    // Send, confirmed: the mail server gets the invoice with its PDF; the order is Invoiced.
    await main(page).getByRole('button', { name: 'Send' }).click();
    const confirm = page.getByRole('dialog');
    await visible(confirm.getByText(/billing addresses of/));
    await confirm.getByRole('button', { name: 'Send' }).click();
    await visible(toast(page, 'Invoice sent'));
    const finance = await e2e.apiLogin(demoUser('Finance'));
    const sentTo: string[] = (await api('GET', `/api/Invoices/${invoiceId}`, { token: finance })).body.value.sentTo;
    expect(sentTo.length).toBeGreaterThan(0);
    expect(addresses).toEqual(expect.arrayContaining(sentTo));
    const billing = sentTo[0];
    await visible(main(page).getByText(`Sent to ${sentTo.join(', ')}`, { exact: false }));
    const mail = await until(
      () => smtp.arrived.find((m) => m.to.includes(billing) && m.subject.startsWith(`Invoice ${numberText}`)),
      `invoice ${numberText} at the mail server`,
    );
    expect(mail.subject).toMatch(/: \$[\d,]+\.\d\d due \d\d\/\d\d\/\d{4}$/);
    expect(mail.text).toContain(`Please quote ${numberText} with your payment.`);
    const [pdf] = mail.attachments;
    expect(pdf).toMatchObject({ filename: `${numberText}.pdf`, contentType: 'application/pdf' });
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf.content), 'the delivery bill of lading follows the invoice').toMatch(/Bill of lading/i);
    // The invoice shows exactly what was sent.
    const kept = await fetch(`${e2e.baseUrl}/api/Invoices/${invoiceId}/pdf`, {
      headers: { authorization: `Bearer ${finance}` },
    });
    expect(Buffer.from(await kept.arrayBuffer()).equals(pdf.content)).toBe(true);
    const invoiced = await api('GET', `/api/BookOrder/${order.id}`, { token: manager });
    expect(invoiced.body.value.status).toBe('INVOICED');

    // Void by a credit note, with a reason: the credit note shows, the order is Delivered again.
    await main(page).getByRole('button', { name: 'Void' }).click();
    const voiding = page.getByRole('dialog');
    await voiding.getByRole('textbox', { name: /Reason/ }).fill('Billed at the wrong rate');
    await voiding.getByRole('button', { name: 'Void' }).click();
    await visible(toast(page, 'Invoice voided'));
    await visible(main(page).getByText(/Voided by credit note CN-\d+ \(\$[\d,]+\.\d\d\).*Billed at the wrong rate/));
    await visible(main(page).getByText('Void', { exact: true }));
    const back = await api('GET', `/api/BookOrder/${order.id}`, { token: manager });
    expect(back.body.value.status).toBe('DELIVERED');

    // Billed again and sent; the broker pays it short by ACH, and the rest a week later.
    // What the broker owes before: its receivable moves with this invoice (docs/product/receivables.md).
    const receivable = async () =>
      (await api('GET', `/api/Receivables/broker/${order.brokerId}`, { token: finance })).body.value as {
        openCents: number;
        age0to30: number;
        age31to60: number;
        avgDaysToPay: number | null;
        paidCount: number;
        shortPaidShare: number | null;
      };
    const owedBefore = await receivable();
    // Billed 20 days ago; paid short 12 days ago and the rest 5 days ago: 15 days to pay.
    const [billedOn, shortOn, restOn] = [localDay(-20), localDay(-12), localDay(-5)];
    const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
    const again = await api('POST', '/api/Invoices', {
      token: finance,
      body: { payerKind: 'BROKER', payerId: order.brokerId, orderIds: [order.id], issuedOn: billedOn },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const rebilled = again.body.value;
    const resent = await api('POST', `/api/Invoices/${rebilled.id}/send`, {
      token: finance,
      body: { version: rebilled.version },
    });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    const shortCents = 12_500;
    // 20 days old: in the 0–30 column.
    const owedSent = await receivable();
    expect(owedSent.openCents - owedBefore.openCents).toBe(rebilled.totalCents);
    expect(owedSent.age0to30 - owedBefore.age0to30).toBe(rebilled.totalCents);
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    const banking = await e2e.apiLogin(demoUser('Banking'));
    const imported = await fetch(`${e2e.baseUrl}/api/TransactionsMatching/import?fileName=short-pay.csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${banking}`, 'content-type': 'text/csv' },
      body: [
        'Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #',
        `CREDIT,${us(shortOn)},"ORIG CO NAME:${broker.name.toUpperCase()} REMITTANCE ${rebilled.numberText}",${dollars(rebilled.totalCents - shortCents)},ACH_CREDIT,,,`,
        `CREDIT,${us(restOn)},"ORIG CO NAME:${broker.name.toUpperCase()} BALANCE",${dollars(shortCents)},ACH_CREDIT,,,`,
      ].join('\n'),
    });
    expect(imported.status).toBe(200);
    const importId = ((await imported.json()) as { value: { id: number } }).value.id;
    const rows = (
      await api('GET', `/api/TransactionsMatching/transactions?importId=${importId}&sort=postedOn`, { token: banking })
    ).body.value.items as { id: number; amount: number }[];
    const [shortRow, restRow] = [...rows].sort((a, b) => b.amount - a.amount);

    await signOut(page);
    await signIn(page, demoUser('Banking'));
    // The short deposit: its invoice is suggested by number; the difference is named as it is matched.
    await page.goto(`/app/finances/match-transactions/${shortRow.id}`);
    const pick = page.getByRole('checkbox', { name: `Pick Invoice: ${rebilled.numberText}` }).first();
    await visible(pick);
    await visible(page.getByText(/Invoice number in the description/).first());
    await pick.check();
    await page
      .getByRole('textbox', { name: `What is the difference?, Invoice: ${rebilled.numberText}` })
      .fill('Damage deduction');
    await page.getByRole('button', { name: /^Confirm \$/ }).click();
    await visible(toast(page, 'Match confirmed'));
    await visible(page.getByText('Fully matched'));

    await page.goto(`/app/management/invoices/${rebilled.id}`);
    await visible(main(page).getByText('Partially paid', { exact: true }));
    await visible(main(page).getByText(`Paid short: $${dollars(shortCents)} is still open (Damage deduction).`));
    await visible(main(page).getByRole('table', { name: 'Payments' }).getByText(us(shortOn)));
    expect((await api('GET', `/api/BookOrder/${order.id}`, { token: manager })).body.value.paymentStatus).toBe(
      'PARTIALLY_PAID',
    );
    expect((await receivable()).openCents - owedBefore.openCents, 'only the short part is still owed').toBe(shortCents);

    // The rest: the invoice is Paid, on the day of that deposit, and so is its load.
    await page.goto(`/app/finances/match-transactions/${restRow.id}`);
    await page.getByRole('searchbox', { name: 'Find an item' }).fill(rebilled.numberText);
    await page
      .getByRole('checkbox', { name: `Pick Invoice: ${rebilled.numberText}` })
      .first()
      .check();
    await page.getByRole('button', { name: /^Confirm \$/ }).click();
    await visible(toast(page, 'Match confirmed'));
    await page.goto(`/app/management/invoices/${rebilled.id}`);
    await visible(main(page).getByText('Paid', { exact: true }).first());
    await visible(
      main(page).getByText(`Paid short at first (Damage deduction); the rest was paid, the last on ${us(restOn)}.`),
    );
    await poll(async () => main(page).getByRole('table', { name: 'Payments' }).getByRole('row').count()).toBe(3);
    // On a phone the paid invoice fits the screen: its tables scroll inside the card.
    await page.setViewportSize({ width: 390, height: 844 });
    await poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const paid = (await api('GET', `/api/BookOrder/${order.id}`, { token: manager })).body.value;
    expect([paid.status, paid.paymentStatus]).toEqual(['PAID', 'PAID']);
    // Paid in full 15 days after it was billed, and short at first: the broker's record says so.
    const owedAfter = await receivable();
    expect(owedAfter.openCents).toBe(owedBefore.openCents);
    expect(owedAfter.paidCount).toBe(owedBefore.paidCount + 1);
    if (owedBefore.paidCount === 0) expect([owedAfter.avgDaysToPay, owedAfter.shortPaidShare]).toEqual([15, 100]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signOut(page);
    await signIn(page, demoUser('Finance'), { at: `/app/management/customers/${order.brokerId}?kind=broker` });
    await visible(main(page).getByText(`${owedAfter.avgDaysToPay} days (${owedAfter.paidCount} paid)`));
  });
});
