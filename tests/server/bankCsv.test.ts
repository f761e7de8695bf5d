import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { BankRow } from '../../schema/bank';
import { BankCsvError, readBankCsv } from '../../server/modules/bank/csv';
import { fileFingerprints } from '../../server/modules/bank/fingerprint';

/**
 * Reading the bank's CSV exports (docs/product/bank.md#bank-exports): each layout as Chase writes it
 * and as a spreadsheet saves it again, every malformed file refused at its line, and fingerprints that find the same
 * row in overlapping exports while two identical rows of one file both stay.
 */

const CHECKING = 'Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #';
const CARD = 'Transaction Date,Post Date,Description,Category,Type,Amount,Memo';

async function read(text: string | Buffer, chunk = 7): Promise<BankRow[]> {
  // In small chunks, as a network upload arrives: a field or a quote split across chunks must read the same.
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const chunks = Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) =>
    bytes.subarray(i * chunk, (i + 1) * chunk),
  );
  const rows: BankRow[] = [];
  for await (const row of readBankCsv(Readable.from(chunks))) rows.push(row);
  return rows;
}

async function refusal(text: string): Promise<BankCsvError> {
  try {
    await read(text);
  } catch (error) {
    expect(error).toBeInstanceOf(BankCsvError);
    return error as BankCsvError;
  }
  throw new Error('the file was read without a complaint');
}

describe('reading a bank export', () => {
  it('reads Chase checking as the bank writes it: quoted commas, blank balances, check numbers, the trailing comma', async () => {
    const rows = await read(
      [
        CHECKING,
        'CREDIT,11/20/2026,"ORIG CO NAME:ACME AUTO TRANSP, LLC ORIG ID:1234 ENTRY DESCR:PAYMENT",4250.00,ACH_CREDIT,18250.75,,',
        'CHECK,11/19/2026,CHECK 1043,-875.5,CHECK_PAID,,1043,',
        'DEBIT,11/18/2026,MONTHLY SERVICE FEE,-15.00,FEE_TRANSACTION,14876.25,,',
        '',
      ].join('\n'),
    );
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      line: 2,
      layout: 'CHASE_CHECKING',
      details: 'CREDIT',
      postedOn: '2026-11-20',
      description: 'ORIG CO NAME:ACME AUTO TRANSP, LLC ORIG ID:1234 ENTRY DESCR:PAYMENT',
      amountCents: 425000,
      type: 'ACH_CREDIT',
      balanceCents: 1825075,
      checkNumber: null,
      transactionOn: null,
    });
    expect(rows[1]).toMatchObject({
      line: 3,
      details: 'CHECK',
      amountCents: -87550,
      balanceCents: null,
      checkNumber: '1043',
    });
    expect(rows[2]).toMatchObject({ line: 4, amountCents: -1500, type: 'FEE_TRANSACTION' });
  });

  it('reads a file a spreadsheet saved again: byte-order mark, CRLF, no trailing comma, dates without leading zeros', async () => {
    const rows = await read(
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(`${CHECKING}\r\nDSLIP,1/5/2026,DEPOSIT ID NUMBER 4471,1200,CHECK_DEPOSIT,5200.00,\r\n`),
      ]),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        line: 2,
        details: 'DSLIP',
        postedOn: '2026-01-05',
        amountCents: 120000,
        balanceCents: 520000,
      }),
    ]);
  });

  it('reads the Chase credit card export, with and without the Memo column', async () => {
    const withMemo = await read(
      `${CARD}\n11/21/2026,11/22/2026,"PILOT #0389, AMARILLO TX",Gas,Sale,-412.37,truck T104\n11/15/2026,11/15/2026,Payment Thank You-Mobile,,Payment,2500.00,\n`,
    );
    expect(withMemo).toEqual([
      expect.objectContaining({
        layout: 'CHASE_CARD',
        transactionOn: '2026-11-21',
        postedOn: '2026-11-22',
        description: 'PILOT #0389, AMARILLO TX',
        category: 'Gas',
        type: 'Sale',
        amountCents: -41237,
        memo: 'truck T104',
        details: null,
      }),
      expect.objectContaining({ line: 3, type: 'Payment', amountCents: 250000, category: null, memo: null }),
    ]);
    const older = await read(
      'Transaction Date,Post Date,Description,Category,Type,Amount\n11/21/2026,11/22/2026,LOVES #512,Gas,Sale,-98.10\n',
    );
    expect(older).toEqual([expect.objectContaining({ amountCents: -9810, memo: null })]);
  });

  it('refuses a malformed file at its line, saying what was wrong', async () => {
    expect((await refusal('')).message).toMatch(/empty/);
    expect((await refusal('\n\n')).message).toMatch(/empty/);
    expect((await refusal(`${CHECKING}\n`)).message).toMatch(/no transactions/);
    expect((await refusal('Date,Description,Amount\n11/20/2026,FEE,-1\n')).message).toMatch(
      /^Line 1: the header is "Date,Description,Amount"; Haulboard reads Chase checking/,
    );
    expect(
      (
        await refusal(
          `${CHECKING}\nDEBIT,11/20/2026,FEE,-1.00,FEE_TRANSACTION,,,\nDEBIT,13/45/2026,FEE,-1.00,FEE_TRANSACTION,,,\n`,
        )
      ).message,
    ).toBe('Line 3: Posting Date is "13/45/2026", not a date written MM/DD/YYYY');
    expect((await refusal(`${CHECKING}\nDEBIT,02/30/2026,FEE,-1.00,FEE_TRANSACTION,,,\n`)).message).toMatch(
      /^Line 2: Posting Date is "02\/30\/2026"/,
    );
    expect((await refusal(`${CHECKING}\nDEBIT,2026-11-20,FEE,-1.00,FEE_TRANSACTION,,,\n`)).message).toMatch(
      /^Line 2: Posting Date/,
    );
    for (const amount of ['12,50', '$12.50', '1.234', 'abc', '', '1e5', 'Infinity', '-']) {
      const error = await refusal(`${CHECKING}\nDEBIT,11/20/2026,FEE,"${amount}",FEE_TRANSACTION,,,\n`);
      expect(error.message, amount).toBe(`Line 2: Amount is "${amount}", not an amount written like -1250.00`);
    }
    expect((await refusal(`${CHECKING}\nDEBIT,11/20/2026,FEE,-1.00,FEE_TRANSACTION,12.5.1,,\n`)).message).toMatch(
      /^Line 2: Balance is "12.5.1"/,
    );
    expect((await refusal(`${CHECKING}\nDEBIT,11/20/2026,FEE,-1.00\n`)).message).toBe(
      'Line 2: 4 fields where the header has 7',
    );
    expect((await refusal(`${CHECKING}\nREFUND,11/20/2026,FEE,-1.00,FEE_TRANSACTION,,,\n`)).message).toMatch(
      /^Line 2: Details is "REFUND", not one of DEBIT, CREDIT, CHECK, DSLIP/,
    );
    expect(
      (
        await refusal(
          `${CHECKING}\nDEBIT,11/20/2026,"FEE,-1.00,FEE_TRANSACTION,,,\nDEBIT,11/21/2026,FEE,-1.00,FEE_TRANSACTION,,,\n`,
        )
      ).message,
    ).toMatch(/^Line \d+: the file ends inside a quoted field/);
  });

  it('reads a large file as a stream, one row at a time', async () => {
    const lines = Array.from(
      { length: 20_000 },
      (_, i) =>
        `DEBIT,11/${String((i % 28) + 1).padStart(2, '0')}/2026,"FUEL, STOP ${i}",-${i}.${String(i % 100).padStart(2, '0')},DEBIT_CARD,,,`,
    );
    let count = 0;
    let total = 0;
    for await (const row of readBankCsv(Readable.from([CHECKING, ...lines].map((l) => `${l}\n`)))) {
      count++;
      total += row.amountCents;
    }
    expect(count).toBe(20_000);
    expect(total).toBe(-lines.reduce((sum, _, i) => sum + i * 100 + (i % 100), 0));
  });
});

describe('fingerprints of bank rows', () => {
  const prints = (rows: BankRow[]) => {
    const file = fileFingerprints();
    return rows.map((row) => file.next(row));
  };

  it('keeps two identical rows of one file, and finds both again in an overlapping export', async () => {
    const fuel = 'DEBIT,11/20/2026,PILOT 0389 AMARILLO TX,-412.37,DEBIT_CARD,,,';
    const first = prints(
      await read(`${CHECKING}\n${fuel}\n${fuel}\nDEBIT,11/19/2026,LOVES 512,-98.10,DEBIT_CARD,,,\n`),
    );
    expect(new Set(first).size).toBe(3);
    // The later export: one new row, the two fuel purchases again (now with balances), the older row left out.
    const later = prints(
      await read(
        `${CHECKING}\nCREDIT,11/21/2026,ACH PAYMENT,4250.00,ACH_CREDIT,9000.00,,\n${fuel.replace(',,,', ',8587.63,,')}\n${fuel.replace(',,,', ',9000.00,,')}\n`,
      ),
    );
    expect(later.filter((p) => first.includes(p))).toHaveLength(2);
    expect(first).not.toContain(later[0]);
  });

  it('gives the same fingerprints to the same file read twice, and different ones to rows that differ in what the bank keeps', async () => {
    const file = `${CHECKING}\nDEBIT,11/20/2026,FEE,-1.00,FEE_TRANSACTION,,,\nDEBIT,11/20/2026,FEE,-1.01,FEE_TRANSACTION,,,\nDEBIT,11/21/2026,FEE,-1.00,FEE_TRANSACTION,,,\nCHECK,11/20/2026,FEE,-1.00,CHECK_PAID,,1001,\n`;
    const once = prints(await read(file));
    expect(prints(await read(file))).toEqual(once);
    expect(new Set(once).size).toBe(4);
    // Spaces and case in the description are the same row.
    expect(prints(await read(`${CHECKING}\nDEBIT,11/20/2026,  fee ,-1.00,FEE_TRANSACTION,,,\n`))[0]).toBe(once[0]);
  });
});
