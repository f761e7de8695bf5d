/**
 * The claims tracker (docs/product/claims.md) in Chromium against the real server: a claims team member files a claim
 * on an order typed by its number and completed from the suggestions, works its steps in order (a skipped step is
 * refused, naming what it waits for), records the decision, charges the driver back (twice the same amount: one ledger
 * entry) and pays the claimant; the status chart counts the claim as settled, and the driver's ledger shows the
 * chargeback once.
 */
import { describe, expect, it } from 'vitest';
import { filingDeadline } from '../../schema/claims';
import { demoUser, gone, poll, signIn, useE2E, visible } from './helpers';
import { apiGet, choose, localDay, main, toast } from './records';

const e2e = useE2E();
const SCREEN = '/app/reports/claims-tracker';
type Order = {
  id: number;
  orderNumber: string;
  deliveredOn: string | null;
  driverId: number | null;
  driverName: string | null;
  vehicles: { id: number; vin: string; year: number | null; make: string | null; model: string | null }[];
};
type StatusCount = { status: string; name: string; count: number };
type Entry = { id: number; amount: number; status: string; type: string };

describe('claims tracker', () => {
  it('a claims team member opens a claim from a typed order number, works its steps in order, charges back and settles it', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('ClaimTrackerTeam'));
    // An order still inside its 9 months to file, with a driver and vehicles.
    let order: Order | undefined;
    for (const prefix of ['HB00019', 'HB00018', 'HB00017', 'HB00016', 'HB00015', 'HB00014']) {
      const orders = await apiGet<Order[]>(e2e, token, `/api/ClaimTracker/get-orderIds?startsWith=${prefix}`);
      order = orders.find(
        (o) => o.deliveredOn && filingDeadline(o.deliveredOn) >= localDay() && o.driverId && o.vehicles.length,
      );
      if (order) break;
    }
    expect(order, 'a delivered order inside its filing window').toBeDefined();
    const { orderNumber, driverId, vehicles } = order!;
    const settledCount = async () =>
      (await apiGet<StatusCount[]>(e2e, token, '/api/ClaimTracker/get-claim-statuses-chart')).find(
        (s) => s.status === 'SETTLED',
      )!.count;
    const settledBefore = await settledCount();

    // File the claim: the order number typed in part, completed from the suggestions.
    await page.goto(`${SCREEN}/create`);
    const orderBox = main(page).getByRole('combobox', { name: /^Order number/ });
    await orderBox.fill(orderNumber.slice(0, -2));
    await page.getByRole('option', { name: new RegExp(orderNumber) }).click();
    await visible(main(page).getByText(/file by/));
    await main(page)
      .getByRole('textbox', { name: /^Claimant company/ })
      .fill('Summit Honda of Dallas');
    await choose(main(page), /^Type/, 'Damage');
    await main(page).getByRole('button', { name: 'Add', exact: true }).click();
    const [car] = vehicles;
    await choose(
      main(page),
      /^Vehicle of the order/,
      `${car.vin} · ${[car.year, car.make, car.model].filter(Boolean).join(' ')}`,
    );
    await main(page)
      .getByRole('textbox', { name: /^Damage/ })
      .fill('Dented driver door');
    await main(page)
      .getByRole('spinbutton', { name: /^Claimed/ })
      .fill('1500');
    await main(page).getByRole('button', { name: 'Save' }).click();
    // The saved claim opens at its own address (a reload or a shared link shows it), not at a create address.
    await poll(() => new URL(page.url()).pathname).toMatch(new RegExp(`^${SCREEN}/\\d+/edit$`));
    const claimId = Number(new URL(page.url()).pathname.split('/').at(-2));
    const claim = await apiGet<{ claimNumber: string; driverId: number; orderNumber: string; vins: string[] }>(
      e2e,
      token,
      `/api/ClaimTracker/${claimId}`,
    );
    expect(claim).toMatchObject({ driverId, orderNumber, vins: [vehicles[0].vin] });

    // Skipping to the decision is refused, naming what it waits for.
    const steps = main(page).getByRole('list', { name: /steps done/ });
    const step = (name: RegExp) => steps.getByRole('checkbox', { name });
    await visible(steps);
    await step(/^Decision/).click();
    await visible(
      main(page)
        .getByRole('alert')
        .filter({ hasText: /waits for “Collect photos and bill of lading”/ }),
    );
    await expect(step(/^Decision/).isChecked()).resolves.toBe(false);

    // The steps in order, each ticked as soon as the one before shows done: the claim's own re-read after each write
    // is held back here, and the next write must still carry the version the last one answered with (not a 409).
    const claimPath = `**/api/ClaimTracker/${claimId}`;
    await page.route(claimPath, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      // The journey may have moved on (unrouted, or the page gone) while this read was held: then it is not ours.
      await route.continue().catch(() => undefined);
    });
    for (const name of [/^Acknowledge in writing/, /^Collect photos/, /^Driver statement/, /^Inspection and repair/]) {
      await step(name).click();
      await poll(() => step(name).isChecked()).toBe(true);
    }
    await page.unroute(claimPath);
    await step(/^Decision/).click();
    const decide = page.getByRole('dialog', { name: /^Decision on/ });
    await choose(decide, /^Decision/, 'Approved');
    await decide.getByRole('textbox', { name: /^Amount approved/ }).fill('1200');
    await decide.getByRole('button', { name: 'Record the decision' }).click();
    await gone(decide);
    await poll(() => step(/^Decision/).isChecked()).toBe(true);

    // The driver's chargeback, twice the same amount; then the payment to the claimant.
    await main(page).getByRole('tab', { name: 'Money' }).click();
    for (let time = 0; time < 2; time++) {
      await main(page).getByRole('button', { name: 'Charge back to driver' }).click();
      const dialog = page.getByRole('dialog', { name: /back to the driver/ });
      await dialog.getByRole('textbox', { name: /^Amount/ }).fill('250');
      await dialog.getByRole('button', { name: 'Charge back to driver' }).click();
      await gone(dialog);
    }
    await visible(main(page).getByRole('link', { name: /^Ledger entry #\d+/ }));
    await main(page).getByRole('button', { name: 'Record payment' }).click();
    const pay = page.getByRole('dialog', { name: /^Payment to the claimant/ });
    await expect(pay.getByRole('textbox', { name: /^Amount/ }).inputValue()).resolves.toBe('1200');
    await pay.getByRole('textbox', { name: /^Reference/ }).fill('CHK-20417');
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await visible(toast(page, 'Payment recorded'));
    await visible(main(page).getByText(/\$1,200\.00 · .* · Check CHK-20417/));

    // The payment waits in bank matching for its bank line.
    const banking = await e2e.apiLogin(demoUser('Banking'));
    const items = await apiGet<{ items: { itemType: string; amount: number; party: string }[] }>(
      e2e,
      banking,
      '/api/TransactionsMatching/open-items?type=CLAIM_SETTLEMENT&search=CHK-20417',
    );
    expect(items.items.map((i) => [i.itemType, i.amount, i.party])).toEqual([
      ['CLAIM_SETTLEMENT', 1200, 'Summit Honda of Dallas'],
    ]);

    // The list: the status chart counts it as settled; its panel tells the story.
    expect(await settledCount()).toBe(settledBefore + 1);
    await page.goto(SCREEN);
    const byStatus = main(page).getByRole('table', { name: 'Claims by status' });
    await poll(async () =>
      (await byStatus.getByRole('row', { name: /^Settled \(paid\)/ }).innerText()).replace(/\s+/g, ' ').trim(),
    ).toBe(`Settled (paid) ${settledBefore + 1}`);
    await main(page).getByText(claim.claimNumber).click();
    const panel = page.getByRole('dialog', { name: `Claim ${claim.claimNumber}` });
    await visible(panel.getByText('Settled (paid)').first());
    await panel.getByRole('tab', { name: 'Timeline' }).click();
    await visible(panel.getByText(/^Paid \$1,200\.00 to Summit Honda of Dallas/));
    await visible(panel.getByText(/^Charged back to the driver: \$250\.00/));

    // The driver's ledger shows the chargeback once.
    const ledger = await apiGet<{ items: Entry[] }>(
      e2e,
      token,
      `/api/DriverTransactions?driverId=${driverId}&type=CLAIM_CHARGEBACK&filtered=all`,
    );
    expect(ledger.items.filter((e) => e.status === 'POSTED').map((e) => e.amount)).toEqual([250]);
    await page.goto(
      `/app/finances/driver-transactions?filter=${encodeURIComponent(JSON.stringify({ driverId, type: 'CLAIM_CHARGEBACK', filtered: 'all' }))}`,
    );
    // The ledger names a claim by its id (Claim #17), as it names tickets and citations.
    const rows = main(page)
      .getByRole('row')
      .filter({ hasText: `Claim #${claimId}` });
    await visible(rows.first());
    expect(await rows.count()).toBe(1);
    await visible(rows.getByText('$250.00'));
  });
});
