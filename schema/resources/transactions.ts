import { z } from 'zod';
import {
  choice,
  computed,
  computedChoice,
  date,
  fixed,
  integer,
  money,
  reference,
  text,
  writeOnly,
} from '../define/fields';
import { defineResource, only } from '../define/resource';
import { MONEY_SOURCES, PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from '../reference';
import { version } from '../records';

/**
 * The driver ledger (docs/product/finances.md#ledger): append-only. The balance of a driver is what the company owes
 * them: credits (load pay, reimbursements, escrow released …) less debits (advances, deductions, payments made to
 * them …). An entry's money never changes after posting; a correction is a void, a reversing entry that points to the
 * original, and both stay.
 */
export const TRANSACTION_TYPES = [
  'LOAD_PAY',
  'FUEL_ADVANCE',
  'FUEL_PURCHASE',
  'INSURANCE',
  'EQUIPMENT_LEASE',
  'ESCROW_DEPOSIT',
  'ESCROW_RELEASE',
  'REIMBURSEMENT',
  'TICKET_SHARE',
  'CLAIM_CHARGEBACK',
  'PAYMENT',
  'ADJUSTMENT',
  'OPENING_BALANCE',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  LOAD_PAY: 'Load pay',
  FUEL_ADVANCE: 'Fuel advance',
  FUEL_PURCHASE: 'Fuel purchase',
  INSURANCE: 'Insurance',
  EQUIPMENT_LEASE: 'ELD / equipment lease',
  ESCROW_DEPOSIT: 'Escrow deposit',
  ESCROW_RELEASE: 'Escrow release',
  REIMBURSEMENT: 'Reimbursement',
  TICKET_SHARE: 'Ticket share',
  CLAIM_CHARGEBACK: 'Claim chargeback',
  PAYMENT: 'Payment to driver',
  ADJUSTMENT: 'Adjustment',
  OPENING_BALANCE: 'Opening balance',
};
export const DIRECTIONS = ['CREDIT', 'DEBIT'] as const;
export type Direction = (typeof DIRECTIONS)[number];
/** Which way each type usually goes (the post dialog starts with it): credit = the company owes the driver more. */
export const DEFAULT_DIRECTION: Record<TransactionType, Direction> = {
  LOAD_PAY: 'CREDIT',
  FUEL_ADVANCE: 'DEBIT',
  FUEL_PURCHASE: 'DEBIT',
  INSURANCE: 'DEBIT',
  EQUIPMENT_LEASE: 'DEBIT',
  ESCROW_DEPOSIT: 'DEBIT',
  ESCROW_RELEASE: 'CREDIT',
  REIMBURSEMENT: 'CREDIT',
  TICKET_SHARE: 'DEBIT',
  CLAIM_CHARGEBACK: 'DEBIT',
  PAYMENT: 'DEBIT',
  ADJUSTMENT: 'CREDIT',
  OPENING_BALANCE: 'CREDIT',
};
/** What an entry came from (its link); its pay bill is where it was settled. */
export const LINK_TYPES = ['BOOK_ORDER', 'TICKET', 'CITATION', 'CLAIM', 'BANK'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** GET /api/Invoices/get-category-types: the accounting categories an entry may be filed under. */
export const TRANSACTION_CATEGORIES = [
  'Linehaul',
  'Fuel',
  'Tolls',
  'Repairs and maintenance',
  'Insurance',
  'Equipment lease',
  'Escrow',
  'Permits and fees',
  'Fines and tickets',
  'Claims',
  'Advances',
  'Payroll',
  'Other',
] as const;
/** The category an entry of a type starts with. */
export const DEFAULT_CATEGORY: Record<TransactionType, (typeof TRANSACTION_CATEGORIES)[number]> = {
  LOAD_PAY: 'Linehaul',
  FUEL_ADVANCE: 'Advances',
  FUEL_PURCHASE: 'Fuel',
  INSURANCE: 'Insurance',
  EQUIPMENT_LEASE: 'Equipment lease',
  ESCROW_DEPOSIT: 'Escrow',
  ESCROW_RELEASE: 'Escrow',
  REIMBURSEMENT: 'Other',
  TICKET_SHARE: 'Fines and tickets',
  CLAIM_CHARGEBACK: 'Claims',
  PAYMENT: 'Payroll',
  ADJUSTMENT: 'Other',
  OPENING_BALANCE: 'Other',
};

/** Why the money of an entry is refused on update. */
const POSTED = 'cannot change after posting: void the entry and post a corrected one';

const MONEY_SOURCE_CODES = MONEY_SOURCES.map((s) => s.code) as ['company', 'driver'];
const label = <T extends string>(values: readonly T[]) =>
  Object.fromEntries(values.map((v) => [v, v])) as unknown as Record<T, string>;

export const transactions = defineResource({
  route: '/app/finances/driver-transactions',
  api: '/api/DriverTransactions',
  table: 'driver_transactions',
  entity: 'driver_transaction',
  singular: 'Transaction',
  plural: 'Transactions',
  // Read with the finance screens; a driver reads their own through the driver report (server scope).
  access: {
    read: ['DriverTransactions', 'PayDriverBills', 'DriverBalance', 'DriverReport'],
    write: ['DriverTransactions'],
  },
  appendOnly: true,
  period: { field: 'postedOn', default: 'this_month' },
  sections: { entry: 'Entry', notes: 'Reference and notes' },
  fields: {
    postedOn: fixed(date({ label: 'Posted', required: true, sort: true }), POSTED),
    driverId: fixed(reference('drivers', { label: 'Driver', required: true, filter: true }), POSTED),
    type: fixed(
      choice(TRANSACTION_TYPES, { label: 'Type', labels: TRANSACTION_TYPE_LABELS, sort: true, filter: true }),
      POSTED,
    ),
    direction: fixed(
      choice(DIRECTIONS, {
        label: 'Direction',
        labels: { CREDIT: 'Credit', DEBIT: 'Debit' },
        colours: { CREDIT: 'success', DEBIT: 'warning' },
        filter: true,
      }),
      POSTED,
    ),
    amount: fixed(
      money({ label: 'Amount', required: true, min: 0.01, max: 1_000_000, sort: true, range: true }),
      POSTED,
    ),
    moneySource: fixed(
      choice(MONEY_SOURCE_CODES, {
        label: 'Money source',
        labels: { company: 'Company money', driver: 'Driver’s own money' },
        default: 'company',
        filter: true,
        list: 'hide',
      }),
      POSTED,
    ),
    paymentMethod: fixed(
      choice(PAYMENT_METHODS, {
        label: 'Payment method',
        labels: PAYMENT_METHOD_LABELS,
        required: false,
        filter: true,
        list: 'hide',
      }),
      POSTED,
    ),
    reference: text({ label: 'Reference', max: 60, search: true, section: 'notes', help: 'Check no., ACH trace …' }),
    category: choice(TRANSACTION_CATEGORIES, {
      label: 'Category',
      labels: label(TRANSACTION_CATEGORIES),
      required: false,
      filter: true,
      list: 'hide',
      section: 'notes',
    }),
    memo: text({ label: 'Memo', max: 500, search: true, multiline: true, list: 'hide', section: 'notes' }),
    linkType: fixed(
      choice(LINK_TYPES, {
        label: 'Linked to',
        labels: {
          BOOK_ORDER: 'Book order',
          TICKET: 'Ticket',
          CITATION: 'Citation',
          CLAIM: 'Claim',
          BANK: 'Bank match',
        },
        required: false,
        filter: true,
        list: false,
      }),
      POSTED,
    ),
    linkId: fixed(integer({ label: 'Linked record', min: 1, filter: true, list: false }), POSTED),
    linkLabel: computed<string | null>({ label: 'Linked record' }),
    status: computedChoice(['POSTED', 'VOIDED', 'VOID'], {
      label: 'Status',
      labels: { POSTED: 'Posted', VOIDED: 'Voided', VOID: 'Void' },
      colours: { VOIDED: 'default', VOID: 'info' },
    }),
    voidsId: computed<number | null>({ label: 'Voids entry', list: false }),
    voidedById: computed<number | null>({ label: 'Voided by entry', list: false }),
    voidReason: computed<string | null>({ label: 'Void reason', list: false }),
    payBillId: computed<number | null>({ label: 'Pay bill', list: 'hide' }),
    postedBy: computed<string | null>({ label: 'Posted by', list: 'hide' }),
    idempotencyKey: writeOnly(
      z
        .string()
        .trim()
        .min(8, 'An idempotency key has 8 to 80 characters')
        .max(80)
        .regex(/^[\w:.-]+$/, 'An idempotency key is letters, digits and :.-_')
        .optional(),
      { label: 'Idempotency key', form: false },
    ),
  },
  filters: { payBillId: only.id('Pay bill'), voided: only.yesNo('Voided') },
  storage: {
    voids_id: { type: 'integer', notNull: false },
    voided_by_id: { type: 'integer', notNull: false },
    void_reason: { type: 'text', notNull: false },
    voided_at: { type: 'text', notNull: false },
    pay_bill_id: { type: 'integer', notNull: false },
    posted_by: { type: 'integer', notNull: false },
    idempotency_key: { type: 'text', notNull: false },
  },
  rules: (t, ctx) => {
    if ((t.linkType === null) !== (t.linkId === null))
      ctx.addIssue({
        code: 'custom',
        path: [t.linkType === null ? 'linkType' : 'linkId'],
        message: 'A link names both what it is and which one',
      });
    if (t.type === 'PAYMENT' && !t.paymentMethod)
      ctx.addIssue({ code: 'custom', path: ['paymentMethod'], message: 'Choose how the driver was paid' });
  },
  formDefaults: { type: 'FUEL_ADVANCE', direction: 'DEBIT' },
  defaultSort: '-postedOn',
  recordTitle: 'id',
});
export type TransactionDto = typeof transactions.types.dto;
export type TransactionInput = typeof transactions.types.input;

/** POST /api/DriverTransactions/{id}/void: why, and the version the user saw. */
export const voidBody = z.object({
  version,
  reason: z
    .string({ error: 'Say why the entry is voided' })
    .trim()
    .min(3, 'Say why the entry is voided (3 to 300 characters)')
    .max(300, 'Say why the entry is voided (3 to 300 characters)'),
});
/** The answer of GET /api/Invoices/get-category-types: every category, and the one a type starts with. */
export const categoryTypesQuery = z.object({ type: z.enum(TRANSACTION_TYPES).optional() });
/** The ledger list's totals of the whole filtered set, in dollars. */
export interface LedgerTotals {
  credits: number;
  debits: number;
  /** Credits less debits: what the company owes the drivers listed, over the entries listed. */
  net: number;
}
