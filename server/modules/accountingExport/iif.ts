import { ACCOUNTS } from '../../../schema/accountingExport';
import { type Carried, type ExportFile, amountText, qbDate } from './carried';
import type { Line } from './collect';

/**
 * The IIF file QuickBooks Desktop imports (File › Utilities › Import › IIF Files; docs/product/accounting-export.md#iif):
 * tab-separated rows, each keyword row (!ACCNT, !CUST, !INVITEM, !TRNS/!SPL/!ENDTRNS) naming the columns of the rows
 * of its kind below it. The lists come first, so every account, customer and item a transaction names is defined
 * before it (or was in an earlier export). Each transaction is a TRNS row, its SPL rows and ENDTRNS, and its amounts
 * add up to zero: a positive amount debits its account, a negative one credits it.
 */
const HEADERS = {
  ACCNT: ['NAME', 'ACCNTTYPE'],
  CUST: ['NAME', 'BADDR1', 'BADDR2', 'BADDR3', 'EMAIL', 'PHONE1'],
  INVITEM: ['NAME', 'INVITEMTYPE', 'DESC', 'ACCNT', 'PRICE'],
  TRNS: ['TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO', 'DUEDATE'],
  SPL: ['TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO', 'INVITEM', 'QNTY', 'PRICE'],
} as const;

/**
 * A field as IIF takes it: no tab or line break (they would split the row), no double quote (QuickBooks reads quotes
 * as a field's wrapping), in the Windows character set QuickBooks reads: curly quotes and dashes made plain, accents
 * dropped, anything else non-ASCII a question mark.
 */
export function iifField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value)
    .replace(/[\t\r\n]+/g, ' ')
    .replace(/[‘’]/g, "'")
    .replace(/[“”"]/g, "'")
    .replace(/[–—]/g, '-')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?')
    .trim();
}

type Row = (string | number | null | undefined)[];
const row = (cells: Row) => cells.map(iifField).join('\t');

/** The SPL rows of sale lines: the income credited (negative) for an invoice, debited back for a credit memo. */
function saleSplits(type: 'INVOICE' | 'CREDIT MEMO', date: string, name: string, docNumber: string, lines: Line[]) {
  const sign = type === 'INVOICE' ? -1 : 1;
  return lines.map((l) =>
    row([
      'SPL',
      type,
      qbDate(date),
      l.account,
      name,
      amountText(sign * l.amountCents),
      docNumber,
      l.description,
      l.item,
      String(sign * l.quantity),
      amountText(l.unitCents),
    ]),
  );
}

export function iifFile(carried: Carried): ExportFile {
  const out: string[] = [];
  let rows = 0;
  const section = (keyword: keyof typeof HEADERS, data: string[]) => {
    if (!data.length) return;
    out.push(row([`!${keyword}`, ...HEADERS[keyword]]), ...data);
    rows += data.length;
  };
  section(
    'ACCNT',
    carried.accounts.map((a) => row(['ACCNT', a.name, a.type])),
  );
  section(
    'CUST',
    carried.customers.map((c) =>
      row([
        'CUST',
        c.name,
        c.name,
        c.street,
        [c.city, [c.state, c.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
        c.email,
        c.phone,
      ]),
    ),
  );
  section(
    'INVITEM',
    carried.items.map((i) =>
      row(['INVITEM', i.name, 'SERV', i.description, i.account, i.priceCents === null ? '' : amountText(i.priceCents)]),
    ),
  );

  const transactions: string[] = [];
  const trns = (cells: Row) => transactions.push(row(['TRNS', ...cells]));
  const spl = (cells: Row) => transactions.push(row(['SPL', ...cells]));
  const end = () => transactions.push('ENDTRNS');
  const ar = ACCOUNTS.receivable;
  const deposit = carried.depositAccount.name;
  for (const i of carried.invoices) {
    trns(['INVOICE', qbDate(i.date), ar, i.customer, amountText(i.totalCents), i.docNumber, i.memo, qbDate(i.dueOn)]);
    transactions.push(...saleSplits('INVOICE', i.date, i.customer, i.docNumber, i.lines));
    end();
  }
  for (const c of carried.creditNotes) {
    trns(['CREDIT MEMO', qbDate(c.date), ar, c.customer, amountText(-c.amountCents), c.docNumber, c.memo, '']);
    transactions.push(...saleSplits('CREDIT MEMO', c.date, c.customer, c.docNumber, c.lines));
    end();
  }
  for (const p of carried.payments) {
    trns(['PAYMENT', qbDate(p.date), deposit, p.customer, amountText(p.amountCents), p.docNumber, p.memo, '']);
    spl(['PAYMENT', qbDate(p.date), ar, p.customer, amountText(-p.amountCents), p.docNumber, p.memo, '', '', '']);
    end();
  }
  // An undone payment that already went: a journal entry that takes it back (the customer owes it again).
  for (const p of carried.reversals) {
    trns(['GENERAL JOURNAL', qbDate(p.date), deposit, '', amountText(-p.amountCents), p.docNumber, p.memo, '']);
    spl([
      'GENERAL JOURNAL',
      qbDate(p.date),
      ar,
      p.customer,
      amountText(p.amountCents),
      p.docNumber,
      p.memo,
      '',
      '',
      '',
    ]);
    end();
  }
  if (transactions.length) {
    out.push(row(['!TRNS', ...HEADERS.TRNS]), row(['!SPL', ...HEADERS.SPL]), '!ENDTRNS', ...transactions);
    rows += transactions.length;
  }
  return {
    kind: 'iif',
    fileName: 'quickbooks.iif',
    contentType: 'text/plain',
    bytes: Buffer.from(out.map((line) => `${line}\r\n`).join(''), 'latin1'),
    rows,
  };
}
