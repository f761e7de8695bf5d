import { z } from 'zod';
import { addDays } from './expiry';
import { businessDate, idText, pagingQuery, queryBoolean } from './common';
import { type InvoiceStatus, type PayerKind, PAYER_KINDS } from './invoices';

/**
 * Receivables (docs/product/receivables.md), shared by server/modules/receivables and resources/receivables: what
 * each paying customer (a broker or a shipper with invoices) owes, how old it is and how it pays.
 *
 * The contract with bank matching (migration 050):
 * - an invoice is open when it is Sent or Partially paid; its balance is total − paid − credited;
 * - past due: the balance of open invoices whose due day is before the business day (todayIso());
 * - aging: the open balance by whole days since the invoice's date, 0–30, 31–60, 61–90 and over 90;
 * - days to pay: paid_on − issued_on of the invoices paid within the last 12 months, averaged;
 * - short-paid share: short_paid invoices among those issued within the last 12 months that received a payment.
 */
export const RECEIVABLES_ROUTE = '/app/management/customers';

/** The statuses that owe money: Draft is not billed yet, Paid and Void owe nothing. */
export const OPEN_STATUSES = ['SENT', 'PARTIALLY_PAID'] as const satisfies readonly InvoiceStatus[];

export const AGING_BUCKETS = ['age0to30', 'age31to60', 'age61to90', 'age90plus'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_LABELS: Record<AgingBucket, string> = {
  age0to30: '0–30 days',
  age31to60: '31–60 days',
  age61to90: '61–90 days',
  age90plus: 'Over 90 days',
};

/**
 * The first day of each bucket's range of issue days, counted back from today: an invoice issued `today − 30` is 30
 * days old (0–30), one issued `today − 31` is in 31–60. Invoices dated after today are 0–30.
 */
export function agingEdges(today: string) {
  return { d30: addDays(today, -30), d60: addDays(today, -60), d90: addDays(today, -90) };
}

/** The bucket of one invoice issued on `issuedOn`, as the list sums it. */
export function agingBucketOf(issuedOn: string, today: string): AgingBucket {
  const { d30, d60, d90 } = agingEdges(today);
  if (issuedOn >= d30) return 'age0to30';
  if (issuedOn >= d60) return 'age31to60';
  if (issuedOn >= d90) return 'age61to90';
  return 'age90plus';
}

/** The same day a year before (Feb 29 → Feb 28): the last 12 months are the days after it up to today. */
export function yearBefore(today: string): string {
  const [y, m, d] = today.split('-').map(Number);
  const day = Math.min(d, new Date(Date.UTC(y - 1, m, 0)).getUTCDate());
  return `${y - 1}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A customer's key among the list's rows (each row needs one id): "broker-12", "shipper-7". */
export const customerKey = (kind: PayerKind, id: number) => `${kind.toLowerCase()}-${id}`;
export function parseCustomerKey(key: string): { kind: PayerKind; id: number } | null {
  const match = /^(broker|shipper)-(\d{1,10})$/.exec(key);
  if (!match || Number(match[2]) < 1 || Number(match[2]) > 2_147_483_647) return null;
  return { kind: match[1].toUpperCase() as PayerKind, id: Number(match[2]) };
}
/**
 * A customer's page: /app/management/customers/12?kind=broker. The id stays a plain number in the path, as every
 * screen's address has it (authProvider/access.ts reads the screen from the path without its ids).
 */
export const customerPath = (kind: PayerKind, id: number) => `${RECEIVABLES_ROUTE}/${id}?kind=${kind.toLowerCase()}`;

/** A customer's path segment in the API: /api/Receivables/broker/12. */
export const CUSTOMER_KINDS = ['broker', 'shipper'] as const;
export const customerParams = z.object({ kind: z.enum(CUSTOMER_KINDS), id: idText });
export const kindOfParam = (kind: (typeof CUSTOMER_KINDS)[number]): PayerKind => kind.toUpperCase() as PayerKind;

/** The figures the list sorts by (each a column of the list). */
export const RECEIVABLE_SORTS = [
  'name',
  'openCents',
  'pastDueCents',
  'age0to30',
  'age31to60',
  'age61to90',
  'age90plus',
  'openCount',
  'avgDaysToPay',
  'shortPaidShare',
] as const;
export type ReceivableSort = (typeof RECEIVABLE_SORTS)[number];

/** GET /api/Receivables: search by name; payer kind, only past due, only with a balance combine. */
export const receivablesQuery = z.object({
  ...pagingQuery(25, 500),
  payerKind: z.enum(PAYER_KINDS).optional(),
  pastDue: queryBoolean.optional(),
  withBalance: queryBoolean.optional(),
});

export interface ReceivableRowDto {
  /** customerKey: broker-12. */
  id: string;
  payerKind: PayerKind;
  payerId: number;
  name: string;
  termsDays: number;
  openCents: number;
  pastDueCents: number;
  age0to30: number;
  age31to60: number;
  age61to90: number;
  age90plus: number;
  openCount: number;
  /** Average days to pay over the last 12 months, one decimal; null when nothing was paid in them. */
  avgDaysToPay: number | null;
  paidCount: number;
  /** Short-paid share over the last 12 months, a percent with one decimal; null when nothing received a payment. */
  shortPaidShare: number | null;
  receivedCount: number;
}

/** Over every customer the filters find. */
export interface ReceivableTotals {
  openCents: number;
  pastDueCents: number;
  age0to30: number;
  age31to60: number;
  age61to90: number;
  age90plus: number;
}

/** A customer's invoices (open and paid), newest first; open=true keeps the open ones. */
export const customerInvoicesQuery = z.object({
  ...pagingQuery(25, 500),
  open: queryBoolean.optional(),
});
export const customerPaymentsQuery = z.object({ ...pagingQuery(25, 500) });

/** The statement's period of payments: by default the last 90 days up to today. */
export const statementQuery = z.object({ from: businessDate.optional(), to: businessDate.optional() });
export const STATEMENT_DAYS = 90;

export interface CustomerInvoiceDto {
  id: number;
  numberText: string;
  status: InvoiceStatus;
  issuedOn: string;
  dueOn: string;
  totalCents: number;
  paidCents: number;
  creditedCents: number;
  /** What it still owes: 0 unless open. */
  balanceCents: number;
  paidOn: string | null;
  shortPaid: boolean;
  /** Days since the invoice's date, for open ones. */
  ageDays: number | null;
  pastDue: boolean;
}

export interface CustomerPaymentDto {
  /** The match line's id. */
  id: number;
  postedOn: string;
  invoiceId: number;
  invoiceNumberText: string;
  amountCents: number;
  description: string;
}

/** The booking form's fact about a broker (GET /api/Receivables/booking-hint/{brokerId}). */
export interface PayerRecordDto {
  brokerId: number;
  termsDays: number;
  avgDaysToPay: number | null;
  paidCount: number;
  pastDueCents: number;
  openCents: number;
  /** Pays late: on average more than SLOW_PAYER_DAYS days past its terms (isSlowPayer). */
  slow: boolean;
}

/** How many days beyond its terms a customer's average may run before the booking form calls it a slow payer. */
export const SLOW_PAYER_DAYS = 15;
export const isSlowPayer = (avgDaysToPay: number | null, termsDays: number) =>
  avgDaysToPay !== null && avgDaysToPay > termsDays + SLOW_PAYER_DAYS;
