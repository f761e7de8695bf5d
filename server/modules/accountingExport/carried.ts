import type { Account, CreditNote, Customer, Invoice, Item, Payment } from './collect';

/** What one export carries, in the order it is written: the lists first, then the transactions. */
export interface Carried {
  accounts: Account[];
  customers: Customer[];
  items: Item[];
  invoices: Invoice[];
  creditNotes: CreditNote[];
  payments: Payment[];
  reversals: Payment[];
  depositAccount: Account;
}

/** A file of an export: its kind, name, bytes and the rows of data it holds. */
export interface ExportFile {
  kind: 'iif' | 'customers' | 'products' | 'invoices' | 'journal';
  fileName: string;
  contentType: string;
  bytes: Buffer;
  rows: number;
}

/** Cents as QuickBooks reads an amount: 1234.56, -12.50; exact (no floating point on the way). */
export function amountText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A business date (YYYY-MM-DD) as QuickBooks US reads it: MM/DD/YYYY. */
export const qbDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
