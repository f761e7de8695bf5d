import { addDays, todayIso } from '../../../schema/expiry';
import type { BrokerFeeMethod } from '../../../schema/resources/brokerFees';
import type { Db } from '../types';
import { SeededRandom } from './random';
import { transact } from '../transaction';

/**
 * The demo orders' broker fees as a finance desk leaves them: fees due more than six weeks ago all but paid, nine in
 * ten of the weeks before, half of the last two weeks', a few paid a little early; the rest due, some overdue. Most
 * are paid by ACH (with the trace number the bank prints), some by check (the company's check numbers, in order), a
 * few by Zelle. The fees themselves come with the orders (backfillBrokerFees in seedDemoOrders).
 */
export async function seedBrokerFeePayments(db: Db, today = todayIso()): Promise<void> {
  const random = new SeededRandom(15_004);
  const payer = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'financesuper@haulboard.demo')
    .executeTakeFirst();
  await transact(db, async (trx) => {
    const fees = await trx
      .selectFrom('broker_fee_transactions')
      .select(['id', 'due_on'])
      .where('status', '=', 'DUE')
      .orderBy('due_on')
      .orderBy('id')
      .execute();
    let checkNumber = 10_412;
    const now = new Date().toISOString();
    for (const fee of fees) {
      const age = Math.round((Date.parse(today) - Date.parse(fee.due_on)) / 86_400_000);
      const share = age > 45 ? 0.995 : age > 14 ? 0.9 : age > 0 ? 0.5 : age > -4 ? 0.15 : 0;
      if (random.next() >= share) continue;
      const paidOn = [addDays(fee.due_on, random.int(-2, 4)), today].sort()[0];
      const roll = random.next();
      const method: BrokerFeeMethod = roll < 0.8 ? 'ACH' : roll < 0.95 ? 'Check' : 'Zelle';
      // An ACH trace is the originating bank's 8-digit routing prefix and a 7-digit sequence.
      const reference =
        method === 'ACH'
          ? `02100002${random.digits(7)}`
          : method === 'Check'
            ? String(checkNumber++)
            : `ZL${random.digits(9)}`;
      await trx
        .updateTable('broker_fee_transactions')
        .set({
          status: 'PAID',
          paid_on: paidOn,
          paid_by: payer?.id ?? null,
          payment_method: method,
          reference,
          version: 2,
          updated_at: now,
        })
        .where('id', '=', fee.id)
        .execute();
    }
  });
}
