import { weekStart as mondayOf } from '../../../schema/period';
import { addDays } from '../../modules/finances/billing';
import { postEntries } from '../../modules/finances/ledger';
import { approve, billToSettle, buildWeek, pay } from '../../modules/finances/payBills';
import type { Db } from '../types';
import { SeededRandom } from './random';
import { transact } from '../transaction';

/** How many settled weeks the demo drivers have: a year, up to the week before last (last week's bills wait as drafts). */
export const DEMO_LEDGER_WEEKS = 52;

/**
 * A year of driver ledgers through the product's own rules (docs/product/finances.md): each week some drivers take fuel
 * advances or are reimbursed, every driver's bill is built from their delivered loads and the ledger, approved
 * and paid by ACH the Friday after; one driver is charged back a claim that leaves a week negative (carried into
 * the next week's opening), and one advance is voided. Owner-operators carry weekly insurance, ELD lease and escrow.
 * Last week's bills are built and wait as drafts for a FinanceSuper's approval, as they would on a Thursday.
 */
export async function seedDemoLedgers(db: Db, today = new Date().toISOString().slice(0, 10)): Promise<void> {
  const random = new SeededRandom(20_261_125);
  const finance = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'financesuper@haulboard.demo')
    .executeTakeFirst();
  const by = finance?.id ?? null;
  const drivers = await db
    .selectFrom('drivers')
    .select(['id', 'pay_type'])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  // Owner-operators (paid a share of the load) pay their own insurance and ELD, and build an escrow.
  for (const driver of drivers.filter((d) => d.pay_type === 'PERCENT')) {
    await db
      .updateTable('drivers')
      .set({ weekly_insurance_cents: 8_500, weekly_equipment_lease_cents: 2_500, weekly_escrow_cents: 5_000 })
      .where('id', '=', driver.id)
      .execute();
  }
  const chargedBack = drivers[3]?.id;
  const lastWeek = addDays(mondayOf(today), -14);
  for (let week = DEMO_LEDGER_WEEKS - 1; week >= -1; week--) {
    const monday = addDays(lastWeek, -7 * week);
    const advances = drivers
      .filter(() => random.next() < 0.12)
      .map((d) => ({
        driverId: d.id,
        postedOn: addDays(monday, random.int(0, 5)),
        type: 'FUEL_ADVANCE' as const,
        direction: 'DEBIT' as const,
        amountCents: random.int(5, 25) * 1_000,
        paymentMethod: 'CreditCard',
        reference: `COMDATA ${random.digits(6)}`,
        category: 'Advances',
        memo: 'Fuel advance on the road',
        postedBy: by,
      }));
    const reimbursed = drivers
      .filter(() => random.next() < 0.08)
      .map((d) => ({
        driverId: d.id,
        postedOn: addDays(monday, random.int(0, 6)),
        type: 'REIMBURSEMENT' as const,
        direction: 'CREDIT' as const,
        moneySource: 'driver' as const,
        amountCents: random.int(20, 180) * 100,
        category: 'Tolls',
        memo: 'Tolls paid by the driver',
        postedBy: by,
      }));
    const special =
      week === 30 && chargedBack
        ? [
            {
              driverId: chargedBack,
              postedOn: addDays(monday, 2),
              type: 'CLAIM_CHARGEBACK' as const,
              direction: 'DEBIT' as const,
              amountCents: 650_000,
              category: 'Claims',
              memo: 'Damage claim: the driver’s share of a scraped door and mirror',
              postedBy: by,
            },
          ]
        : [];
    const ids = await transact(db, (trx) => postEntries(trx, [...advances, ...reimbursed, ...special]));
    if (week === 20 && ids.length) await voidOne(db, ids[0], addDays(monday, 6), by);
    const built = await buildWeek(db, { weekStart: monday }, by);
    if (week < 0) break;
    const paidOn = addDays(monday, 11);
    await transact(db, async (trx) => {
      for (const id of built.built) {
        await approve(trx, await billToSettle(trx, id), by);
        await pay(
          trx,
          await billToSettle(trx, id),
          { version: 0, paymentMethod: 'ACH', reference: `ACH ${random.digits(9)}`, paidOn },
          by,
        );
        // Stamped as the week's work happened (built Monday, approved Thursday, paid Friday), not as the seed ran.
        await trx
          .updateTable('pay_bills')
          .set({
            built_at: at(addDays(monday, 7), 14),
            approved_at: at(addDays(monday, 10), 16),
            paid_at: at(paidOn, 15),
          })
          .where('id', '=', id)
          .execute();
      }
    });
  }
}

/** A moment of a day, UTC, as the stored timestamps are written. */
const at = (day: string, hour: number) => `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;

/** The demo's one void: an advance entered twice by mistake, reversed the same week (both entries stay). */
async function voidOne(db: Db, id: number, on: string, by: number | null): Promise<void> {
  await transact(db, async (trx) => {
    const entry = await trx
      .selectFrom('driver_transactions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const reason = 'Entered twice: the card slip was keyed again';
    const [reversal] = await postEntries(trx, [
      {
        driverId: entry.driver_id,
        postedOn: on,
        type: 'FUEL_ADVANCE',
        direction: 'CREDIT',
        amountCents: entry.amount_cents,
        paymentMethod: entry.payment_method,
        reference: entry.reference,
        category: entry.category,
        memo: `Void of entry #${id}: ${reason}`,
        voidsId: id,
        voidReason: reason,
        postedBy: by,
        idempotencyKey: `VOID:${id}`,
      },
    ]);
    await trx
      .updateTable('driver_transactions')
      .set({ voided_by_id: reversal, voided_at: new Date().toISOString(), void_reason: reason })
      .where('id', '=', id)
      .execute();
  });
}
