/**
 * Broker fees (docs/product/finances.md#broker-fees) in Chromium against the real server: a FinanceSuper opens the
 * broker fees, keeps the due ones, marks one paid by ACH with its trace number (the dialog refuses it without one, as
 * typed), and finds it paid with its reference while the totals move by its amount; a DispatchManager reads the list
 * without the button.
 */
import { describe, expect, it } from 'vitest';
import type { BrokerFeeDto, BrokerFeeTotals } from '../../schema/resources/brokerFees';
import { demoUser, gone, poll, signIn, useE2E, visible } from './helpers';
import { apiGet, main, signOut, toast, urlFilter } from './records';

const e2e = useE2E();
const SCREEN = '/app/broker-fee';
const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
type Page = { items: BrokerFeeDto[]; totalCount: number; totals: BrokerFeeTotals };

describe('broker fees', () => {
  it('a FinanceSuper keeps the due fees, marks one paid by ACH with its trace number, and finds it paid with the totals moved', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('FinanceSuper'));
    const before = await apiGet<Page>(e2e, token, '/api/Brokers/v2/fee/transactions-filtered?Status=DUE&Size=1');
    const paidBefore = (await apiGet<Page>(e2e, token, '/api/Brokers/v2/fee/transactions-filtered?Size=1')).totals.paid;
    const [fee] = before.items;

    await page.goto(SCREEN);
    const totals = main(page).getByRole('status');
    await visible(totals.getByText(`Paid ${money(paidBefore)}`));
    // The side panel's Due keeps the due fees; the newest due date first, as the server lists them.
    await main(page).getByRole('button', { name: 'Due', exact: true }).click();
    await poll(() => urlFilter(page).status).toBe('DUE');
    await visible(totals.getByText(`${before.totalCount} fees`));
    await visible(totals.getByText(`Due ${money(before.totals.due)}`));
    const row = main(page).getByRole('row').filter({ hasText: fee.orderNumber });
    await visible(row.getByRole('link', { name: fee.orderNumber }));
    await row.getByRole('button', { name: 'Mark paid' }).click();

    const dialog = page.getByRole('dialog', { name: `Broker fee of order ${fee.orderNumber}` });
    await visible(dialog.getByText(`The company pays ${fee.brokerName} ${money(fee.amount)}`));
    const reference = dialog.getByRole('textbox', { name: /^Reference/ });
    // ACH starts chosen; without its trace number the payment is not sent.
    await dialog.getByRole('button', { name: `Mark ${money(fee.amount)} paid` }).click();
    await visible(dialog.getByText('Enter the ACH trace number'));
    await reference.fill('021000029912345');
    await gone(dialog.getByText('Enter the ACH trace number'));
    await dialog.getByRole('button', { name: `Mark ${money(fee.amount)} paid` }).click();
    await visible(toast(page, 'Broker fee marked paid'));
    await gone(dialog);

    // It leaves the due fees, whose total drops by its amount.
    const dueAfter = Math.round((before.totals.due - fee.amount) * 100) / 100;
    await visible(totals.getByText(`Due ${money(dueAfter)}`));
    await visible(totals.getByText(`${before.totalCount - 1} fees`));
    await gone(main(page).getByRole('link', { name: fee.orderNumber, exact: true }));

    // Found by its reference among the paid: Paid, by ACH, today; the paid total grew by its amount.
    await main(page).getByRole('button', { name: 'Paid', exact: true }).click();
    await poll(() => urlFilter(page).status).toBe('PAID');
    // The filter bar shows it too before the search is typed (typed sooner, the bar would send its older status).
    await visible(main(page).getByRole('combobox', { name: 'Status' }).filter({ hasText: 'Paid' }));
    await main(page)
      .getByRole('textbox', { name: /Order, broker, reference/ })
      .fill('021000029912345');
    await poll(() => urlFilter(page).search).toBe('021000029912345');
    const paidRow = main(page).getByRole('row').filter({ hasText: fee.orderNumber });
    await visible(paidRow.getByText('Paid', { exact: true }));
    await visible(paidRow.getByText('ACH', { exact: true }));
    await visible(paidRow.getByText('021000029912345'));
    await visible(totals.getByText(`Paid ${money(fee.amount)}`));
    const paid = await apiGet<BrokerFeeDto>(e2e, token, `/api/Brokers/v2/fee/${fee.id}`);
    expect(paid).toMatchObject({
      status: 'PAID',
      paymentMethod: 'ACH',
      reference: '021000029912345',
      amount: fee.amount,
      version: fee.version + 1,
    });
    expect(
      (await apiGet<Page>(e2e, token, '/api/Brokers/v2/fee/transactions-filtered?Size=1')).totals.paid,
    ).toBeCloseTo(paidBefore + fee.amount, 2);
    await signOut(page);

    // A DispatchManager reads the fees but does not pay them.
    await signIn(page, demoUser('DispatchManager'), {
      at: `${SCREEN}?filter=${encodeURIComponent(JSON.stringify({ status: 'DUE' }))}`,
    });
    await visible(
      main(page)
        .getByRole('status')
        .getByText(`${before.totalCount - 1} fees`),
    );
    await visible(main(page).getByRole('row').nth(1));
    expect(await main(page).getByRole('button', { name: 'Mark paid' }).count()).toBe(0);
  });
});
