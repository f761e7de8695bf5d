import { z } from 'zod';
import { businessDate, idValue } from '../common';
import { MAX_MONEY } from '../money';
import { version } from '../records';
import { choice, computed, date, fixed, money, reference, rows, text } from '../define/fields';
import { defineResource } from '../define/resource';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from '../reference';
import { DIRECTIONS, TRANSACTION_TYPES, TRANSACTION_TYPE_LABELS } from './transactions';

/**
 * Weekly settlements (docs/product/finances.md#pay-bills): one per driver and week (Monday to Sunday), built from the
 * ledger and the week's delivered book orders. DRAFT (rebuilt at will) → APPROVED (frozen: its lines are posted to the
 * ledger) → PAID (the payment entry posted once). The bill's net is its opening (what the last bill carried) plus its
 * credits less its debits; paying settles a positive net, a negative one carries into the next week's opening.
 */
export const BILL_STATUSES = ['DRAFT', 'APPROVED', 'PAID'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];
export const LINE_KINDS = ['OPENING', 'LOAD_PAY', 'DEDUCTION', 'ENTRY', 'PAYMENT'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

const signedDollars = (label: string) => money({ label, required: true, min: -MAX_MONEY });

export const payBills = defineResource({
  route: '/app/finances/pay-driver-bills',
  api: '/api/PayBills',
  table: 'pay_bills',
  entity: 'pay_bill',
  singular: 'Pay bill',
  plural: 'Pay bills',
  access: { read: ['PayDriverBills', 'DriverReport'], write: ['PayDriverBills'] },
  appendOnly: true,
  period: { field: 'weekStart', default: 'last_week' },
  sections: { bill: 'Pay bill', lines: 'Lines' },
  fields: {
    weekStart: fixed(date({ label: 'Week of', required: true, sort: true })),
    driverId: fixed(reference('drivers', { label: 'Driver', required: true, filter: true })),
    status: fixed(
      choice(BILL_STATUSES, {
        label: 'Status',
        labels: { DRAFT: 'Draft', APPROVED: 'Approved', PAID: 'Paid' },
        colours: { DRAFT: 'info', APPROVED: 'warning', PAID: 'success' },
        default: 'DRAFT',
        filter: true,
        sort: true,
      }),
    ),
    opening: fixed(signedDollars('Opening balance')),
    credits: fixed(money({ label: 'Credits', required: true })),
    debits: fixed(money({ label: 'Debits', required: true })),
    net: fixed(signedDollars('Net')),
    paid: fixed(money({ label: 'Paid', required: true, list: 'hide' })),
    closing: fixed(signedDollars('Closing balance')),
    paymentMethod: fixed(
      choice(PAYMENT_METHODS, {
        label: 'Paid by',
        labels: PAYMENT_METHOD_LABELS,
        required: false,
        list: 'hide',
      }),
    ),
    paymentReference: fixed(text({ label: 'Payment reference', max: 60, list: 'hide', search: true })),
    paidOn: fixed(date({ label: 'Paid on', list: 'hide' })),
    builtAt: computed<string>({ label: 'Built', list: false }),
    approvedAt: computed<string | null>({ label: 'Approved', list: false }),
    approvedBy: computed<string | null>({ label: 'Approved by', list: 'hide' }),
    paidAt: computed<string | null>({ label: 'Paid at', list: false }),
    paidBy: computed<string | null>({ label: 'Paid by user', list: 'hide' }),
    lines: rows(
      {
        kind: choice(LINE_KINDS, {
          label: 'Line',
          labels: {
            OPENING: 'Opening balance',
            LOAD_PAY: 'Load pay',
            DEDUCTION: 'Deduction',
            ENTRY: 'Ledger entry',
            PAYMENT: 'Payment',
          },
        }),
        type: choice(TRANSACTION_TYPES, { label: 'Type', labels: TRANSACTION_TYPE_LABELS, required: false }),
        direction: choice(DIRECTIONS, { label: 'Direction', labels: { CREDIT: 'Credit', DEBIT: 'Debit' } }),
        amount: money({ label: 'Amount', required: true }),
        description: text({ label: 'Description', max: 300, required: true }),
        detail: text({ label: 'Detail', max: 2000, list: false }),
        postedOn: date({ label: 'Date', list: false }),
        transactionId: reference('transactions', { label: 'Ledger entry', list: false }),
        bookOrderId: reference('bookOrders', { label: 'Book order', list: false }),
      },
      {
        label: 'Lines',
        table: 'pay_bill_lines',
        parent: 'pay_bill_id',
        max: 1000,
        section: 'lines',
        list: false,
        csv: false,
      },
    ),
  },
  storage: {
    built_at: { type: 'text', notNull: true },
    built_by: { type: 'integer', notNull: false },
    approved_at: { type: 'text', notNull: false },
    approved_by: { type: 'integer', notNull: false },
    paid_at: { type: 'text', notNull: false },
    paid_by: { type: 'integer', notNull: false },
  },
  defaultSort: '-weekStart',
  recordTitle: 'weekStart',
});
export type PayBillDto = typeof payBills.types.dto;
export type PayBillLine = PayBillDto['lines'][number];

/** POST /api/PayBills/build: the drafts of a week, for every active driver or the ones named. */
export const buildBillsBody = z.object({
  weekStart: businessDate.refine((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1, 'A week starts on a Monday'),
  driverIds: z.array(idValue).min(1).max(5000).optional(),
});
/** POST /api/PayBills/{id}/approve and /rebuild: the version the user saw. */
export const billVersionBody = z.object({ version });
/** POST /api/PayBills/{id}/pay: how and when, with the version the user saw. */
export const payBillBody = z.object({
  version,
  // Required when the net is positive (the server says so, naming the field): a week closed at zero or less pays nothing.
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  reference: z.string().trim().min(1, 'Enter the payment reference (check number, ACH trace …)').max(60).optional(),
  paidOn: businessDate,
});
