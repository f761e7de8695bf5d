/**
 * Getting paid, first part (docs/product/invoices.md), in Chromium with a real SMTP server: a load is delivered, the
 * finance user invoices it from its book order (with a fuel surcharge), sends it — the message and its PDF arrive at
 * the mail server, the PDF is the one the invoice keeps — and voids it by a credit note, which gives the load back to
 * Delivered.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mailServer, until } from '../helpers/smtp';
import { demoUser, poll, signIn, useE2E, visible } from './helpers';
import { main, toast } from './records';

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
    // A load on the road is delivered (by its dispatcher, through the order's own route).
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
    // The broker's addresses: its billing contacts' (or its own) are where the invoice goes.
    const broker = (await api('GET', `/api/Brokers/${order.brokerId}`, { token: manager })).body.value;
    const addresses = [broker.email, ...broker.contacts.map((c: { email: string | null }) => c.email)]
      .filter(Boolean)
      .map((a: string) => a.toLowerCase());

    await signIn(page, demoUser('Finance'));
    await page.goto(`/app/management/orders/${order.id}`);
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
  });
});
