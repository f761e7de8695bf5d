import { Readable } from 'node:stream';
import type { ExplainReason } from '../../../schema/bank';
import { addDays, todayIso } from '../../../schema/expiry';
import { importBankCsv } from '../../modules/bank/importer';
import { confirmMatch, explainRow, type Who } from '../../modules/bank/matching';
import { type ItemRow, brokerFeeItems, orderItems, payBillItems } from '../../modules/bank/openItems';
import { suggest } from '../../modules/bank/suggestions';
import type { Db } from '../types';
import { type ChaseLine, achCredit, achDebit, bankNoise, chaseCheckingCsv } from './bankExport';
import { SeededRandom } from './random';

/** How far back the demo's bank export goes, and what of it the banker has matched already. */
const DAYS = 365;
const MATCHED_BEFORE = 30;

/** How the banker explains the rows no item stands for. */
const EXPLAINED_BY_TYPE: Record<string, { reason: ExplainReason; note: string }> = {
  FEE_TRANSACTION: { reason: 'BANK_FEE', note: 'Chase fees' },
  ACCT_XFER: { reason: 'TRANSFER', note: 'To savings' },
  MISC_CREDIT: { reason: 'INTEREST', note: 'Monthly interest' },
  DEBIT_CARD: { reason: 'OTHER', note: 'Fuel on the company debit card' },
};

/**
 * A year of the demo company's Chase checking account, imported as the Banking user would: brokers paying their
 * delivered loads by ACH (some one load per payment, some several), the drivers' pay by ACH, broker fees paid, and
 * rows no item explains (fees, transfers, fuel on the debit card). Rows older than a month are matched already, as
 * the suggestions propose, and fees, transfers, interest and card purchases explained; the last month is left to do.
 */
export async function seedDemoBank(db: Db, today = todayIso()): Promise<void> {
  const random = new SeededRandom(15_015);
  const from = addDays(today, -DAYS);
  const lines: ChaseLine[] = [];
  const inWindow = (day: string | null): day is string => !!day && day >= from && day <= addDays(today, -1);

  // Brokers pay most loads within a few days of the due date, several loads in one ACH now and then.
  const due = ((await orderItems(db).execute()) as ItemRow[]).filter(
    (o) => inWindow(o.expected_on) && o.expected_on! <= addDays(today, -3) && random.next() < 0.8,
  );
  const byBroker = new Map<number, ItemRow[]>();
  for (const order of due) byBroker.set(order.party_id!, [...(byBroker.get(order.party_id!) ?? []), order]);
  for (const orders of byBroker.values()) {
    orders.sort((a, b) => a.expected_on!.localeCompare(b.expected_on!));
    for (let i = 0; i < orders.length;) {
      const chunk = orders.slice(i, i + (random.next() < 0.25 ? random.int(2, 3) : 1));
      i += chunk.length;
      const postedOn = addDays(chunk[chunk.length - 1].expected_on!, random.int(0, 4));
      if (postedOn >= today) continue;
      const cents = chunk.reduce((sum, o) => sum + Number(o.amount_cents), 0);
      lines.push({
        postedOn,
        description: achCredit(
          random,
          chunk[0].party ?? 'BROKER',
          postedOn,
          chunk.length === 1 ? chunk[0].label : undefined,
        ),
        cents,
        type: 'ACH_CREDIT',
      });
    }
  }
  // Payroll and broker fees leave the account the day after they are paid.
  for (const bill of (await payBillItems(db).execute()) as ItemRow[]) {
    if (!inWindow(bill.expected_on)) continue;
    lines.push({
      postedOn: addDays(bill.expected_on, 1),
      description: achDebit(bill.party ?? '', bill.expected_on, bill.reference ?? random.digits(15), 'PAYROLL'),
      cents: -Number(bill.amount_cents),
      type: 'ACH_DEBIT',
    });
  }
  for (const fee of (await brokerFeeItems(db).execute()) as ItemRow[]) {
    if (!inWindow(fee.expected_on)) continue;
    lines.push({
      postedOn: addDays(fee.expected_on, 1),
      description: achDebit(fee.party ?? '', fee.expected_on, fee.reference ?? random.digits(15), 'BROKER FEE'),
      cents: -Number(fee.amount_cents),
      type: 'ACH_DEBIT',
    });
  }
  lines.push(...bankNoise(random, from, addDays(today, -1)));

  const banker = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'banking@haulboard.demo')
    .executeTakeFirst();
  const who: Who = { request: null, userId: banker?.id ?? null };
  const csv = chaseCheckingCsv(lines);
  await importBankCsv(db, Readable.from([csv]), {
    fileName: `Chase1234_Activity_${today.replace(/-/g, '')}.CSV`,
    userId: who.userId,
  });

  const settled = await db
    .selectFrom('bank_transactions')
    .select(['id', 'version', 'type', 'posted_on', 'description', 'amount_cents', 'matched_cents', 'check_number'])
    .where('state', '=', 'OPEN')
    .where('posted_on', '<', addDays(today, -MATCHED_BEFORE))
    .orderBy('posted_on')
    .orderBy('id')
    .execute();
  for (const row of settled) {
    const explained = EXPLAINED_BY_TYPE[row.type ?? ''];
    if (explained) {
      await explainRow(db, who, row.id, { version: Number(row.version), ...explained });
      continue;
    }
    const { proposal } = await suggest(db, row, today);
    if (proposal) await confirmMatch(db, who, row.id, { version: Number(row.version), lines: proposal.lines });
  }
}
