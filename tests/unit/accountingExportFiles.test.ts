import { describe, expect, it } from 'vitest';
import { type Carried, amountText, qbDate } from '../../server/modules/accountingExport/carried';
import { depositAccount } from '../../server/modules/accountingExport/collect';
import { iifField, iifFile } from '../../server/modules/accountingExport/iif';
import { qboCsvFiles } from '../../server/modules/accountingExport/qboCsv';

/**
 * The accounting export's writers (docs/product/accounting-export.md#iif, #csv) on a made-up period: amounts and dates
 * as QuickBooks reads them, IIF fields that cannot break a row, every transaction balanced, the deposit account.
 */
const line = (item: string, amountCents: number, account = 'Freight Income') => ({
  item,
  description: `${item} “quoted”\tand tabbed`,
  quantity: 1,
  unitCents: amountCents,
  amountCents,
  account,
});
const carried: Carried = {
  accounts: [
    { name: 'Accounts Receivable', type: 'AR' },
    { name: 'Undeposited Funds', type: 'OCASSET' },
    { name: 'Freight Income', type: 'INC' },
  ],
  customers: [
    {
      name: 'Café Motors',
      street: '1 Main St',
      city: 'Tulsa',
      state: 'OK',
      zip: '74105',
      email: null,
      phone: null,
      terms: 'Net 30',
    },
  ],
  items: [{ name: 'Linehaul', description: 'Transport', account: 'Freight Income', priceCents: null }],
  invoices: [
    {
      id: 1,
      docNumber: 'INV-1001',
      customer: 'Cafe Motors',
      date: '2026-10-05',
      dueOn: '2026-11-04',
      terms: 'Net 30',
      memo: 'Order HB1',
      lines: [line('Linehaul', 100_05), line('Linehaul', 50_00)],
      totalCents: 150_05,
    },
  ],
  creditNotes: [
    {
      id: 1,
      docNumber: 'CN-1',
      invoiceNumber: 'INV-1001',
      customer: 'Cafe Motors',
      date: '2026-10-06',
      memo: 'Voids INV-1001',
      lines: [line('Linehaul', 150_05)],
      amountCents: 150_05,
    },
  ],
  payments: [
    {
      id: 7,
      docNumber: 'PMT-7',
      invoiceNumber: 'INV-1001',
      customer: 'Cafe Motors',
      date: '2026-10-20',
      amountCents: 99_99,
      memo: 'x',
    },
  ],
  reversals: [
    {
      id: 7,
      docNumber: 'PMT-7-R',
      invoiceNumber: 'INV-1001',
      customer: 'Cafe Motors',
      date: '2026-10-21',
      amountCents: 99_99,
      memo: 'y',
    },
  ],
  depositAccount: { name: 'Undeposited Funds', type: 'OCASSET' },
};
const toCents = (text: string) => Math.round(Number(text) * 100);

describe('accounting export files', () => {
  it('writes amounts and dates as QuickBooks reads them', () => {
    expect([amountText(0), amountText(5), amountText(123456), amountText(-1250)]).toEqual([
      '0.00',
      '0.05',
      '1234.56',
      '-12.50',
    ]);
    expect(qbDate('2026-03-09')).toBe('03/09/2026');
  });

  it('keeps IIF fields on one row in plain characters', () => {
    expect(iifField('Café “Prime”\tMotors\r\nInc – 2')).toBe("Cafe 'Prime' Motors Inc - 2");
    expect(iifField('Tokyo 東京')).toBe('Tokyo ??');
  });

  it('balances every IIF transaction and defines the lists first', () => {
    const file = iifFile(carried);
    const rows = file.bytes.toString('latin1').split('\r\n').filter(Boolean);
    expect(rows.findIndex((r) => r.startsWith('!TRNS'))).toBeGreaterThan(
      rows.findIndex((r) => r.startsWith('INVITEM')),
    );
    expect(rows.every((r) => r.split('\t').length > 0 && !/[^\x20-\x7e\t]/.test(r))).toBe(true);
    const header = rows.find((r) => r.startsWith('!TRNS'))!.split('\t');
    const amountAt = header.indexOf('AMOUNT');
    const types: string[] = [];
    let sum = 0;
    for (const row of rows.slice(rows.indexOf('!ENDTRNS') + 1)) {
      const cells = row.split('\t');
      if (cells[0] === 'ENDTRNS') {
        expect(sum).toBe(0);
        continue;
      }
      if (cells[0] === 'TRNS') {
        types.push(cells[1]);
        sum = 0;
      }
      sum += toCents(cells[amountAt]);
    }
    expect(types).toEqual(['INVOICE', 'CREDIT MEMO', 'PAYMENT', 'GENERAL JOURNAL']);
  });

  it('balances every journal entry of the QuickBooks Online files', () => {
    const journal = qboCsvFiles(carried).find((f) => f.kind === 'journal')!;
    const [, ...rows] = journal.bytes.toString('utf8').trim().split('\r\n');
    const sums = new Map<string, number>();
    for (const row of rows) {
      const cells = row.split(',');
      sums.set(cells[0], (sums.get(cells[0]) ?? 0) + toCents(cells[3] || '0') - toCents(cells[4] || '0'));
    }
    expect([...sums.keys()]).toEqual(['CN-1', 'PMT-7', 'PMT-7-R']);
    expect([...sums.values()].every((sum) => sum === 0)).toBe(true);
  });

  it('deposits to Undeposited Funds unless a bank account is named', () => {
    expect(depositAccount({})).toEqual({ name: 'Undeposited Funds', type: 'OCASSET' });
    expect(depositAccount({ ACCOUNTING_DEPOSIT_ACCOUNT: ' Chase Checking ' })).toEqual({
      name: 'Chase Checking',
      type: 'BANK',
    });
  });
});
