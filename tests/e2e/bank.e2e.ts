/**
 * Bank matching (docs/product/bank.md) in Chromium against the real server: the Banking user imports a 500-row Chase
 * checking export and imports it again (nothing added, and the screen says so), accepts suggested matches, confirms one
 * ACH deposit against three book orders, undoes a match and explains a bank fee; the orders show paid in the book-order
 * list; a FinanceSuper marks a broker fee paid and the banker finds it among the items to match.
 */
import { describe, expect, it } from 'vitest';
import type { OpenItemDto } from '../../schema/bank';
import { type ChaseLine, achCredit, bankNoise, chaseCheckingCsv } from '../../server/db/seed/bankExport';
import { SeededRandom } from '../../server/db/seed/random';
import { demoUser, poll, signIn, useE2E, visible } from './helpers';
import { apiGet, localDay, main, signOut, toast } from './records';

const e2e = useE2E();
const BANK = '/app/finances/match-transactions';
const cents = (dollars: number) => Math.round(dollars * 100);
const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

describe('bank matching', () => {
  it('imports an export twice, accepts suggestions, settles three orders with one ACH, undoes a match, explains a fee; a paid broker fee is there to match', async () => {
    const { page } = e2e;
    const bankingToken = await e2e.apiLogin(demoUser('Banking'));
    const open = (
      await apiGet<{ items: OpenItemDto[] }>(
        e2e,
        bankingToken,
        '/api/TransactionsMatching/open-items?type=BOOK_ORDER&size=200',
      )
    ).items.filter((o) => o.left === o.amount);
    // Two loads paid one by one (found by their order number and broker), three paid by one ACH, and noise up to 500 rows.
    const [single1, single2, ...rest] = open;
    const three = rest.slice(0, 3);
    expect(three).toHaveLength(3);
    const random = new SeededRandom(500);
    const yesterday = localDay(-1);
    const onOrBefore = (day: string | null) => (day && day < yesterday ? day : yesterday);
    const lines: ChaseLine[] = [
      ...[single1, single2].map((o) => ({
        postedOn: onOrBefore(o.expectedOn),
        description: achCredit(random, o.party ?? '', onOrBefore(o.expectedOn), o.label.replace(/^Order /, '')),
        cents: cents(o.left),
        type: 'ACH_CREDIT',
      })),
      {
        postedOn: yesterday,
        description: achCredit(random, 'CENTRAL DISPATCH PAY', yesterday, 'BATCH-THREE'),
        cents: three.reduce((sum, o) => sum + cents(o.left), 0),
        type: 'ACH_CREDIT',
      },
      { postedOn: yesterday, description: 'OVERDRAFT ITEM FEE', cents: -3400, type: 'FEE_TRANSACTION' },
    ];
    const noise = bankNoise(random, localDay(-200), localDay(-2), 3);
    lines.push(...noise.slice(0, 500 - lines.length));
    expect(lines).toHaveLength(500);
    const file = { name: 'Chase1234_Activity.CSV', mimeType: 'text/csv', buffer: Buffer.from(chaseCheckingCsv(lines)) };

    // Import, then the same file again: the second adds nothing and says so.
    await signIn(page, demoUser('Banking'), { at: BANK });
    await page.getByTestId('bank-import-file').setInputFiles(file);
    await visible(main(page).getByText('Chase1234_Activity.CSV: 500 rows read, 500 added, 0 already imported.'));
    await page.getByTestId('bank-import-file').setInputFiles(file);
    await visible(
      main(page).getByText('Chase1234_Activity.CSV: all 500 rows were already imported. Nothing was added.'),
    );

    // Accept the suggestion on the two single payments, from the keyboard.
    const openRow = async (search: string, state: string | undefined = 'TODO') => {
      await page.goto(`${BANK}?filter=${encodeURIComponent(JSON.stringify({ search, state }))}`);
      await main(page)
        .getByRole('cell', { name: new RegExp(search) })
        .first()
        .click();
      await visible(page.locator('#bank-row-title'));
    };
    for (const order of [single1, single2]) {
      await openRow(order.label.replace(/^Order /, ''));
      await visible(page.getByTestId('left-to-allocate'));
      await visible(page.getByText(/^Suggested: /));
      await page.keyboard.press('a');
      await visible(toast(page, 'Match confirmed'));
      await visible(page.getByText('Fully matched'));
    }

    // One ACH for three loads: find each, pick it; what is left to allocate comes to $0.00; Enter confirms.
    await openRow('BATCH-THREE');
    const total = three.reduce((sum, o) => sum + o.left, 0);
    await expect(page.getByTestId('left-to-allocate').textContent()).resolves.toContain(money(total));
    for (const order of three) {
      const number = order.label.replace(/^Order /, '');
      await page.getByRole('searchbox', { name: 'Find an item' }).fill(number);
      await page.getByRole('checkbox', { name: new RegExp(`Pick Book order: Order ${number}`) }).check();
    }
    await poll(async () => page.getByTestId('left-to-allocate').textContent()).toContain('$0.00');
    await page.keyboard.press('Enter');
    await visible(toast(page, 'Match confirmed'));
    await visible(page.getByText('Fully matched'));
    await poll(() => page.getByTestId('bank-match').getByRole('link').count()).toBe(3);

    // Undo the second single payment's match, with a reason; its order is unpaid again.
    await openRow(single2.label.replace(/^Order /, ''), 'MATCHED');
    await page.getByRole('button', { name: 'Undo' }).click();
    const undo = page.getByRole('dialog', { name: 'Undo this match' });
    await undo.getByRole('textbox', { name: /Why/ }).fill('Paid by the shipper, not this broker');
    await undo.getByRole('button', { name: 'Undo match' }).click();
    await visible(toast(page, 'Match undone'));
    await visible(page.getByText(/Paid by the shipper, not this broker/));
    await visible(page.getByTestId('left-to-allocate'));

    // Explain the fee from the keyboard.
    await openRow('OVERDRAFT ITEM FEE');
    await page.keyboard.press('e');
    const explain = page.getByRole('dialog', { name: 'Explain this row' });
    await explain.getByRole('button', { name: 'Explain' }).click();
    await visible(toast(page, 'Row explained'));
    await visible(page.getByText(/Explained as Bank fee/));

    // The book-order list shows the three and the first single paid, the undone one not.
    const paid = await apiGet<{ items: { itemId: number }[] }>(
      e2e,
      bankingToken,
      '/api/TransactionsMatching/open-items?type=BOOK_ORDER&size=200',
    );
    for (const order of [single1, ...three]) expect(paid.items.some((i) => i.itemId === order.itemId)).toBe(false);
    expect(paid.items.some((i) => i.itemId === single2.itemId)).toBe(true);
    await page.waitForLoadState('networkidle');
    await signOut(page);
    await signIn(page, demoUser('Dispatcher'));
    const number = three[0].label.replace(/^Order /, '');
    await page.goto(
      `/app/books/bookorders?filter=${encodeURIComponent(JSON.stringify({ search: number, filtered: 'all' }))}`,
    );
    const orderRow = main(page).getByRole('row').filter({ hasText: number });
    await visible(orderRow);
    await visible(orderRow.getByText('Paid', { exact: true }));
    await page.waitForLoadState('networkidle');
    await signOut(page);

    // A FinanceSuper marks a broker fee paid; the banker finds it among the items to match, money out.
    const financeToken = await e2e.apiLogin(demoUser('FinanceSuper'));
    const fees = (
      await apiGet<{ items: { id: number; version: number; orderNumber: string; amount: number }[] }>(
        e2e,
        financeToken,
        '/api/Brokers/v2/fee/transactions-filtered?Status=DUE&Size=5',
      )
    ).items;
    const fee = fees[0];
    const paidFee = await e2e.api('POST', `/api/Brokers/v2/fee/${fee.id}/pay`, {
      token: financeToken,
      body: { version: fee.version, paidOn: yesterday, paymentMethod: 'ACH', reference: 'FEE-TRACE-1' },
    });
    expect(paidFee.status, JSON.stringify(paidFee.body)).toBe(200);
    await signIn(page, demoUser('Banking'));
    await openRow('MONTHLY SERVICE FEE');
    await page.getByRole('searchbox', { name: 'Find an item' }).fill('FEE-TRACE-1');
    await visible(
      page.getByRole('checkbox', { name: new RegExp(`Pick Broker fee: Broker fee, order ${fee.orderNumber}`) }),
    );
  });
});
