import { z } from 'zod';
import { businessDate, idText, pagingQuery } from './common';

/**
 * The accounting export (docs/product/accounting-export.md), shared by server/modules/accountingExport and
 * resources/accountingExport: a period's customers, items, invoices, credit notes and payments for QuickBooks, each
 * carried once per format.
 */
export const ACCOUNTING_FORMATS = ['IIF', 'QBO_CSV'] as const;
export type AccountingFormat = (typeof ACCOUNTING_FORMATS)[number];
export const ACCOUNTING_FORMAT_LABELS: Record<AccountingFormat, string> = {
  IIF: 'QuickBooks Desktop (IIF)',
  QBO_CSV: 'QuickBooks Online (CSV)',
};

/** What an export carries, by kind; the counts the history shows. */
export const ENTITY_KINDS = [
  'ACCOUNT',
  'CUSTOMER',
  'ITEM',
  'INVOICE',
  'CREDIT_NOTE',
  'PAYMENT',
  'PAYMENT_REVERSAL',
] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];
export type AccountingExportCounts = Record<EntityKind, number>;
export const ENTITY_KIND_LABELS: Record<EntityKind, [singular: string, plural: string]> = {
  ACCOUNT: ['account', 'accounts'],
  CUSTOMER: ['customer', 'customers'],
  ITEM: ['item', 'items'],
  INVOICE: ['invoice', 'invoices'],
  CREDIT_NOTE: ['credit note', 'credit notes'],
  PAYMENT: ['payment', 'payments'],
  PAYMENT_REVERSAL: ['payment reversal', 'payment reversals'],
};

/** The files of an export: one IIF file, or QuickBooks Online's import files, one per list (no zip library here). */
export const EXPORT_FILE_KINDS = ['iif', 'customers', 'products', 'invoices', 'journal'] as const;
export type ExportFileKind = (typeof EXPORT_FILE_KINDS)[number];

/** The accounts QuickBooks names by default; a line without an income account of its own goes to DEFAULT_INCOME. */
export const ACCOUNTS = {
  receivable: 'Accounts Receivable',
  undeposited: 'Undeposited Funds',
  defaultIncome: 'Freight Income',
} as const;
/** The item of a linehaul line when no linehaul product names one (schema/products.ts ORDER_PRICE). */
export const LINEHAUL_ITEM = 'Linehaul';

/** The longest period one export covers: a year and a day (a leap year's). */
export const MAX_EXPORT_DAYS = 366;

export const accountingExportBody = z
  .object({ format: z.enum(ACCOUNTING_FORMATS), from: businessDate, to: businessDate })
  .superRefine((body, ctx) => {
    if (body.to < body.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The period ends before it starts' });
    else if ((Date.parse(body.to) - Date.parse(body.from)) / 86_400_000 >= MAX_EXPORT_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `A period is at most ${MAX_EXPORT_DAYS} days` });
  });
export type AccountingExportBody = z.output<typeof accountingExportBody>;

export const accountingExportListQuery = z.object({
  ...pagingQuery(20, 100),
  format: z.enum(ACCOUNTING_FORMATS).optional(),
});

export const exportFileParams = z.object({
  id: idText,
  kind: z.enum(EXPORT_FILE_KINDS),
});

export interface AccountingExportFileDto {
  kind: ExportFileKind;
  fileName: string;
  rows: number;
  sizeBytes: number;
}

export interface AccountingExportDto {
  id: number;
  format: AccountingFormat;
  from: string;
  to: string;
  counts: AccountingExportCounts;
  files: AccountingExportFileDto[];
  createdAt: string;
  createdBy: string | null;
}

/** POST's answer: the export, and whether it is an earlier one given again because nothing changed since. */
export interface AccountingExportResult {
  export: AccountingExportDto;
  reused: boolean;
}

export const ACCOUNTING_EXPORT_ROUTE = '/app/finances/accounting-export';
export const accountingExportFileApi = (id: number, kind: ExportFileKind) =>
  `/api/AccountingExports/${id}/files/${kind}`;
