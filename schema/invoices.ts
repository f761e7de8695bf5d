import { z } from 'zod';
import { businessDate, idText, idValue, pagingQuery, textRule } from './common';
import { PERIODS } from './period';

/**
 * Invoices (docs/product/invoices.md), shared by server/modules/invoices and resources/invoices. Partially paid and
 * Paid are set by bank matching (server/modules/bank/invoicePayments.ts), from the deposits matched to the invoice.
 */
export const INVOICE_STATUSES = ['DRAFT', 'SENT', 'PARTIALLY_PAID', 'PAID', 'VOID'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  DRAFT: 'Draft',
  SENT: 'Sent',
  PARTIALLY_PAID: 'Partially paid',
  PAID: 'Paid',
  VOID: 'Void',
};
export const INVOICE_STATUS_COLOURS: Record<InvoiceStatus, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  DRAFT: 'default',
  SENT: 'info',
  PARTIALLY_PAID: 'warning',
  PAID: 'success',
  VOID: 'error',
};

/** Who pays an invoice: the orders' broker, or their shipper. */
export const PAYER_KINDS = ['BROKER', 'SHIPPER'] as const;
export type PayerKind = (typeof PAYER_KINDS)[number];
export const PAYER_KIND_LABELS: Record<PayerKind, string> = { BROKER: 'Broker', SHIPPER: 'Shipper' };

export const LINE_KINDS = ['LINEHAUL', 'PRODUCT'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/** The days of quick pay: paid within two days, usually for a fee the broker keeps. */
export const QUICK_PAY_DAYS = 2;
/** Payment terms as the trade says them: COD (0 days), quick pay, net 15/30/45 (any other count: "Net n"). */
export function termsText(days: number): string {
  if (days === 0) return 'COD';
  if (days === QUICK_PAY_DAYS) return 'Quick pay';
  return `Net ${days}`;
}

/** The invoices' screen (schema/features.ts), and a new invoice for one delivered order of a broker (its Invoice action). */
export const INVOICES_ROUTE = '/app/management/invoices';
export const newInvoiceAddress = (orderId: number, brokerId: number) =>
  `${INVOICES_ROUTE}/create?orderId=${orderId}&brokerId=${brokerId}`;

/** "INV-1042", "CN-7": how numbers read on screens, in the PDF and in mail (and bank matching's search, as SQL). */
export const INVOICE_NUMBER_PREFIX = 'INV-';
export const invoiceNumberText = (number: number) => `${INVOICE_NUMBER_PREFIX}${number}`;
export const creditNoteNumberText = (number: number) => `CN-${number}`;
export const invoiceFileName = (number: number) => `${invoiceNumberText(number)}.pdf`;

const text = (max: number) => z.string().trim().superRefine(textRule()).max(max);

/** POST /api/Invoices: one payer, its delivered orders not on a live invoice, and products to add. */
export const invoiceCreateBody = z.object({
  payerKind: z.enum(PAYER_KINDS),
  payerId: idValue,
  orderIds: z.array(idValue).min(1, 'Choose at least one delivered order').max(100),
  products: z
    .array(z.object({ productId: idValue, quantity: z.number().int().min(1).max(1000).optional() }))
    .max(50)
    .default([]),
  issuedOn: businessDate.optional(),
  notes: text(1000).optional().nullable(),
  /** The factor the invoice is assigned to (docs/product/factoring.md#per-invoice): left out, the payer's; null, none. */
  factoringCompanyId: idValue.nullable().optional(),
});
export type InvoiceCreateBody = z.infer<typeof invoiceCreateBody>;

/** POST /api/Invoices/batch: one draft per delivered order, to each order's broker (or shipper). */
export const INVOICE_BATCH_MAX = 500;
export const invoiceBatchBody = z.object({
  payerKind: z.enum(PAYER_KINDS).default('BROKER'),
  orderIds: z
    .array(idValue)
    .min(1, 'Choose at least one delivered order')
    .max(INVOICE_BATCH_MAX, `At most ${INVOICE_BATCH_MAX} orders at once`),
  issuedOn: businessDate.optional(),
});
export type InvoiceBatchBody = z.output<typeof invoiceBatchBody>;
export interface InvoiceBatchDto {
  made: { orderId: number; invoiceId: number; number: number; numberText: string }[];
  refused: { orderId: number; status: number; message: string }[];
}

/** A write on one invoice, guarded by the version the client read. */
export const invoiceVersionBody = z.object({ version: z.number().int().min(1) });
/** PUT /api/Invoices/{id}/factoring: a draft's factor, or none (null or left out). */
export const invoiceFactoringBody = invoiceVersionBody.extend({ factoringCompanyId: idValue.nullable().default(null) });
export const invoiceVoidBody = invoiceVersionBody.extend({
  reason: text(500).min(3, 'Say why the invoice is voided'),
});

export const invoiceListQuery = z.object({
  ...pagingQuery(),
  status: z.enum(INVOICE_STATUSES).optional(),
  brokerId: idText.optional(),
  shipperId: idText.optional(),
  /** The issue day's period (schema/period.ts), as every list names it. */
  filtered: z.enum(PERIODS).default('all'),
  from: businessDate.optional(),
  to: businessDate.optional(),
});

/** GET /api/Invoices/billable?payerKind&payerId: the payer's delivered orders on no live invoice. */
export const billableQuery = z.object({ payerKind: z.enum(PAYER_KINDS), payerId: idText });

export interface InvoiceLineDto {
  position: number;
  kind: LineKind;
  orderId: number | null;
  orderNumber: string | null;
  productId: number | null;
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

export interface InvoicePaymentDto {
  matchId: number;
  bankTransactionId: number;
  postedOn: string;
  description: string;
  amountCents: number;
}

export interface InvoiceDto {
  id: number;
  number: number;
  numberText: string;
  payerKind: PayerKind;
  payerId: number;
  payerName: string;
  status: InvoiceStatus;
  issuedOn: string;
  termsDays: number;
  terms: string;
  dueOn: string;
  subtotalCents: number;
  totalCents: number;
  paidCents: number;
  creditedCents: number;
  balanceCents: number;
  /** The bank day of the payment that cleared it; null while anything is left. */
  paidOn: string | null;
  /** A payment left a balance (the customer paid short), and the words the banker gave the difference. */
  shortPaid: boolean;
  shortReason: string | null;
  notes: string | null;
  orders: { id: number; orderNumber: string }[];
  lines: InvoiceLineDto[];
  sentAt: string | null;
  sentTo: string[];
  hasSentPdf: boolean;
  voidedAt: string | null;
  creditNote: { number: number; numberText: string; amountCents: number; reason: string; createdAt: string } | null;
  /** The deposits matched to it (server/modules/bank/invoicePayments.ts), oldest first; undone ones left out. */
  payments: InvoicePaymentDto[];
  /** The factor the invoice is assigned to (docs/product/factoring.md#notice), and its live schedule if any. */
  factoring: InvoiceFactoringDto | null;
  /** On a schedule the factor has funded (its status stays what payments make it). */
  factored: boolean;
  createdAt: string;
  version: number;
}

export interface InvoiceFactoringDto {
  id: number;
  name: string;
  /** The remit-to address as lines, and the notice of assignment the PDF prints. */
  remitTo: string[];
  noticeText: string;
  schedule: { id: number; number: number; numberText: string; status: string } | null;
}

export interface BillableOrderDto {
  id: number;
  orderNumber: string;
  deliveryDate: string | null;
  vehicleCount: number;
  priceCents: number;
}
