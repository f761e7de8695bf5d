/**
 * Driver finances (docs/product/finances.md) in Chromium against the real server: a finance clerk posts a fuel advance;
 * a FinanceSuper builds that driver's bill of the week, approves it and pays it by ACH with a reference; the ledger,
 * the balance and the statement PDF say the same; a voided entry shows as a pair and the balance returns; the driver
 * sees only their own; a Dispatcher is refused the screens.
 */
import { describe, expect, it } from 'vitest';
import type { DriverBalanceDto } from '../../schema/balances';
import { addDays } from '../../schema/expiry';
import { weekStart } from '../../schema/period';
import type { PayBillDto } from '../../schema/resources/payBills';
import type { TransactionDto } from '../../schema/resources/transactions';
import { pdfText } from '../helpers/pdf';
import { demoUser, gone, poll, signIn, useE2E, visible } from './helpers';
import { apiGet, localDay, main, pick, signOut, toast, usDay } from './records';

const e2e = useE2E();
const LEDGER = '/app/finances/driver-transactions';
const BILLS = '/app/finances/pay-driver-bills';
const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

describe('driver finances', () => {
  it('a fuel advance is posted, billed, approved and paid by ACH; ledger, balance and PDF agree; a void pairs and the balance returns', async () => {
    const { page } = e2e;
    const driverToken = await e2e.apiLogin(demoUser('Driver'));
    const [own] = (
      await apiGet<{ items: DriverBalanceDto[] }>(e2e, driverToken, '/api/Driver/get-balances-state?status=all')
    ).items;
    const today = localDay();

    // Finance posts a fuel advance from the ledger's dialog.
    const financeToken = await signIn(page, demoUser('Finance'), { at: LEDGER });
    await main(page).getByRole('button', { name: 'Post an entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post an entry' });
    await dialog.getByLabel(/^Posted/).fill(today);
    await pick(dialog, /^Driver/, own.driverName);
    await dialog.getByRole('spinbutton', { name: /^Amount/ }).fill('150.25');
    await dialog.getByRole('textbox', { name: /^Memo/ }).fill('Pilot, Amarillo TX');
    await dialog.getByRole('button', { name: 'Post an entry' }).click();
    await visible(toast(page, /created/i));
    const [advance] = (
      await apiGet<{ items: TransactionDto[] }>(
        e2e,
        financeToken,
        `/api/DriverTransactions?driverId=${own.driverId}&type=FUEL_ADVANCE&filtered=all`,
      )
    ).items;
    expect(advance).toMatchObject({ amount: 150.25, direction: 'DEBIT', memo: 'Pilot, Amarillo TX', postedOn: today });
    await signOut(page);

    // A FinanceSuper builds the week, approves and pays the driver's bill by ACH.
    const bossToken = await signIn(page, demoUser('FinanceSuper'), { at: BILLS });
    await main(page).getByRole('button', { name: 'Build a week' }).click();
    const build = page.getByRole('dialog', { name: 'Build the pay bills of a week' });
    await build.getByLabel('Week of (a Monday)').fill(weekStart(today));
    await build.getByRole('button', { name: 'Build a week' }).click();
    await visible(build.getByText(/^Built \d+/));
    await build.getByRole('button', { name: 'Close' }).click();
    const [draft] = (
      await apiGet<{ items: PayBillDto[] }>(e2e, bossToken, `/api/PayBills?driverId=${own.driverId}&filtered=this_week`)
    ).items;
    expect(draft.lines.some((l) => l.kind === 'ENTRY' && l.amount === 150.25)).toBe(true);
    await page.goto(`${BILLS}/${draft.id}/show`);
    await visible(main(page).getByRole('heading', { name: `Settlement statement: ${own.driverName}` }));
    // Approving posts to the ledger: it asks first, saying whose ledger, which week and the net; Escape posts nothing.
    await main(page).getByRole('button', { name: 'Approve' }).click();
    const confirm = page.getByRole('dialog', { name: `Approve the pay bill of ${own.driverName}?` });
    await visible(confirm);
    const said = await confirm.innerText();
    expect(said).toContain(`Week of ${usDay(draft.weekStart)} to ${usDay(addDays(draft.weekStart, 6))}`);
    expect(said).toContain(`posted to ${own.driverName}’s ledger`);
    expect(said).toContain(`Net: ${money(draft.net)}`);
    await page.keyboard.press('Escape');
    await gone(confirm);
    expect((await apiGet<PayBillDto>(e2e, bossToken, `/api/PayBills/${draft.id}`)).status).toBe('DRAFT');
    await main(page).getByRole('button', { name: 'Approve' }).click();
    await confirm.getByRole('button', { name: 'Approve and post' }).click();
    await main(page).getByRole('button', { name: 'Pay' }).click();
    const payDialog = page.getByRole('dialog', { name: `Pay ${own.driverName}` });
    await payDialog.getByRole('textbox', { name: /^Reference/ }).fill('ACH 0009120044');
    await payDialog.getByRole('button', { name: `Pay ${money(draft.net)}` }).click();
    await visible(main(page).getByText(`Paid by ACH, reference ACH 0009120044, on ${usDay(today)}.`));

    // The bill, the ledger, the balance and the PDF agree to the cent.
    const paid = await apiGet<PayBillDto>(e2e, bossToken, `/api/PayBills/${draft.id}`);
    expect(paid).toMatchObject({
      status: 'PAID',
      paid: draft.net,
      closing: 0,
      paymentMethod: 'ACH',
      paymentReference: 'ACH 0009120044',
    });
    const [payment] = (
      await apiGet<{ items: TransactionDto[] }>(
        e2e,
        bossToken,
        `/api/DriverTransactions?driverId=${own.driverId}&type=PAYMENT&filtered=all`,
      )
    ).items;
    expect(payment).toMatchObject({
      amount: draft.net,
      direction: 'DEBIT',
      reference: 'ACH 0009120044',
      payBillId: draft.id,
    });
    const balanceOf = async () =>
      (
        await apiGet<{ items: DriverBalanceDto[] }>(
          e2e,
          bossToken,
          `/api/Driver/get-balances-state?driverId=${own.driverId}&status=all&filtered=all`,
        )
      ).items[0].ending;
    expect(await balanceOf()).toBe(0);
    const pdf = await page.evaluate(async (url) => {
      const token = localStorage.getItem('accessToken') ?? '';
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      return Array.from(new Uint8Array(await response.arrayBuffer()));
    }, `/api/PayBills/${draft.id}/statement.pdf`);
    const text = pdfText(Buffer.from(pdf));
    expect(text).toContain(own.driverName);
    expect(text).toContain(money(draft.net));
    expect(text).toContain('ACH 0009120044');
    expect(text).toContain('150.25');

    // A void: the advance and its reversal are both listed, and the driver is owed the advance back.
    await page.goto(`${LEDGER}/${advance.id}/edit`);
    await main(page).getByRole('button', { name: 'Void' }).click();
    const voidDialog = page.getByRole('dialog', { name: `Void entry #${advance.id}` });
    await voidDialog.getByRole('textbox', { name: /Why is it voided/ }).fill('Card slip keyed twice');
    await voidDialog.getByRole('button', { name: 'Void' }).click();
    await visible(main(page).getByText(/This entry voids another: Card slip keyed twice/));
    await poll(balanceOf).toBe(150.25);
    await page.goto(
      `${LEDGER}?filter=${encodeURIComponent(JSON.stringify({ driverId: own.driverId, voided: 'true', filtered: 'all' }))}`,
    );
    await poll(() =>
      main(page)
        .getByRole('cell', { name: /\$150\.25/ })
        .count(),
    ).toBe(2);
    await signOut(page);
  });

  it('a driver sees only their own balance and ledger; a Dispatcher is refused the finance screens', async () => {
    const { page } = e2e;
    const driverToken = await signIn(page, demoUser('Driver'));
    const [own] = (
      await apiGet<{ items: DriverBalanceDto[] }>(e2e, driverToken, '/api/Driver/get-balances-state?status=all')
    ).items;
    await page.goto('/app/reports/driver-report');
    await visible(main(page).getByRole('heading', { name: own.driverName }));
    await visible(main(page).getByRole('heading', { name: 'Ledger' }));
    const other = await e2e.api('GET', `/api/Driver/get-balances-state?status=all&driverId=${own.driverId + 1}`, {
      token: driverToken,
    });
    expect(other.body.value.items.map((b: DriverBalanceDto) => b.driverId)).not.toContain(own.driverId + 1);
    await signOut(page);

    await signIn(page, demoUser('Dispatcher'));
    for (const path of [LEDGER, BILLS, '/app/reports/driver-balance']) {
      await page.goto(path);
      await visible(page.getByText("403: You don't have permission to visit this page"));
    }
  });
});
