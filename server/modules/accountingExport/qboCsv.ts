import { ACCOUNTS } from '../../../schema/accountingExport';
import { csvLine } from '../../http/csv';
import { type Carried, type ExportFile, amountText, qbDate } from './carried';

/**
 * The CSV files QuickBooks Online imports (docs/product/accounting-export.md#csv), one per list since no zip library
 * is in the project: customers and products (Settings › Import data), invoices (its invoice import: one row per line,
 * the invoice's fields repeated, recognised by its column names), and a journal of what its CSV imports take no
 * other way — credit notes, payments and the reversals of undone payments — as journal entries (Settings › Import
 * data › Journal entries), each balanced, the receivable lines naming the customer.
 */
const csv = (kind: ExportFile['kind'], header: string[], data: unknown[][]): ExportFile => ({
  kind,
  fileName: `${kind}.csv`,
  contentType: 'text/csv',
  bytes: Buffer.from([header, ...data].map(csvLine).join(''), 'utf8'),
  rows: data.length,
});

export function qboCsvFiles(carried: Carried): ExportFile[] {
  const customers = csv(
    'customers',
    ['Name', 'Company', 'Email', 'Phone', 'Street', 'City', 'State', 'ZIP', 'Country', 'Terms'],
    carried.customers.map((c) => [c.name, c.name, c.email, c.phone, c.street, c.city, c.state, c.zip, 'USA', c.terms]),
  );
  const products = csv(
    'products',
    ['Product/Service Name', 'Type', 'Sales Description', 'Sales Price / Rate', 'Income Account'],
    carried.items.map((i) => [
      i.name,
      'Service',
      i.description,
      i.priceCents === null ? '' : amountText(i.priceCents),
      i.account,
    ]),
  );
  const invoices = csv(
    'invoices',
    [
      'InvoiceNo',
      'Customer',
      'InvoiceDate',
      'DueDate',
      'Terms',
      'Memo',
      'Item(Product/Service)',
      'ItemDescription',
      'ItemQuantity',
      'ItemRate',
      'ItemAmount',
    ],
    carried.invoices.flatMap((i) =>
      i.lines.map((l) => [
        i.docNumber,
        i.customer,
        qbDate(i.date),
        qbDate(i.dueOn),
        i.terms,
        i.memo,
        l.item,
        l.description,
        l.quantity,
        amountText(l.unitCents),
        amountText(l.amountCents),
      ]),
    ),
  );
  const ar = ACCOUNTS.receivable;
  const deposit = carried.depositAccount.name;
  const entry = (no: string, date: string, account: string, debit: number, credit: number, memo: string, name = '') => [
    no,
    qbDate(date),
    account,
    debit ? amountText(debit) : '',
    credit ? amountText(credit) : '',
    memo,
    name,
  ];
  const journal = csv(
    'journal',
    ['Journal No', 'Journal Date', 'Account Name', 'Debits', 'Credits', 'Description', 'Name'],
    [
      ...carried.creditNotes.flatMap((c) => [
        ...c.lines.map((l) => entry(c.docNumber, c.date, l.account, l.amountCents, 0, `${c.memo} (${l.item})`)),
        entry(c.docNumber, c.date, ar, 0, c.amountCents, c.memo, c.customer),
      ]),
      ...carried.payments.flatMap((p) => [
        entry(p.docNumber, p.date, deposit, p.amountCents, 0, p.memo),
        entry(p.docNumber, p.date, ar, 0, p.amountCents, p.memo, p.customer),
      ]),
      ...carried.reversals.flatMap((p) => [
        entry(p.docNumber, p.date, ar, p.amountCents, 0, p.memo, p.customer),
        entry(p.docNumber, p.date, deposit, 0, p.amountCents, p.memo),
      ]),
    ],
  );
  return [customers, products, invoices, journal];
}
