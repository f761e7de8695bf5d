import { z } from 'zod';
import { businessDate } from '../common';
import { choice, computed, date, fixed, integer, money, reference, text } from '../define/fields';
import { defineResource, only } from '../define/resource';
import { todayIso } from '../expiry';
import { version } from '../records';

/**
 * Broker fees (docs/product/finances.md#broker-fees): what the company owes the broker of a book order
 * for the load, paid out of the bank. One per order with a broker fee, written by the order's own writes
 * (server/modules/brokerFees/sync.ts): DUE from the order's delivery date plus its payment terms, following the
 * order's amount, broker and dates while DUE; CANCELLED when the order's fee goes to 0, or the order is cancelled or
 * deleted (DUE again when it comes back); PAID once, by a person, with the method and the reference the bank shows —
 * a paid fee never changes. Overdue is not stored: a DUE fee whose due date is past.
 */
export const BROKER_FEE_STATUSES = ['DUE', 'PAID', 'CANCELLED'] as const;
export type BrokerFeeStatus = (typeof BROKER_FEE_STATUSES)[number];
export const BROKER_FEE_STATUS_LABELS: Record<BrokerFeeStatus, string> = {
  DUE: 'Due',
  PAID: 'Paid',
  CANCELLED: 'Cancelled',
};

/** How the company pays a broker: money out of the bank (schema/reference.ts PAYMENT_METHODS, the ones that fit). */
export const BROKER_FEE_METHODS = ['ACH', 'Check', 'eCheck', 'Zelle', 'CreditCard'] as const;
export type BrokerFeeMethod = (typeof BROKER_FEE_METHODS)[number];
export const BROKER_FEE_METHOD_LABELS: Record<BrokerFeeMethod, string> = {
  ACH: 'ACH',
  Check: 'Check',
  eCheck: 'eCheck',
  Zelle: 'Zelle',
  CreditCard: 'Credit card',
};
/** Methods whose payment the bank shows by a number the payer must keep: the ACH trace, the check number. */
export const REFERENCE_REQUIRED: readonly BrokerFeeMethod[] = ['ACH', 'Check', 'eCheck'];

const BY_THE_ORDER = 'follows its book order: change the order';

export const brokerFees = defineResource({
  route: '/app/broker-fee',
  api: '/api/Brokers/v2/fee',
  listApi: '/api/Brokers/v2/fee/transactions-filtered',
  table: 'broker_fee_transactions',
  entity: 'broker_fee',
  singular: 'Broker fee',
  plural: 'Broker fees',
  access: 'BrokerFee',
  appendOnly: true,
  fields: {
    // The order's id, and its number (one join, in the server extension).
    bookOrderId: fixed(integer({ label: 'Order', required: true, min: 1, list: false, csv: false }), BY_THE_ORDER),
    orderNumber: computed<string>({ label: 'Order', shows: { target: 'bookOrders', idField: 'bookOrderId' } }),
    brokerId: fixed(reference('brokers', { label: 'Broker', required: true, filter: true }), BY_THE_ORDER),
    amount: fixed(money({ label: 'Amount', required: true, min: 0.01, sort: true }), BY_THE_ORDER),
    dueOn: fixed(date({ label: 'Due', required: true, sort: true }), BY_THE_ORDER),
    status: fixed(
      choice(BROKER_FEE_STATUSES, {
        label: 'Status',
        labels: BROKER_FEE_STATUS_LABELS,
        colours: { DUE: 'warning', PAID: 'success', CANCELLED: 'default' },
        filter: true,
      }),
    ),
    overdue: computed<boolean>({ label: 'Overdue', list: false, csv: false }),
    paidOn: fixed(date({ label: 'Paid on', sort: true })),
    paymentMethod: fixed(
      choice(BROKER_FEE_METHODS, { label: 'Method', labels: BROKER_FEE_METHOD_LABELS, required: false }),
    ),
    reference: fixed(text({ label: 'Reference', max: 60, search: true })),
    paidBy: computed<string | null>({ label: 'Paid by', list: 'hide' }),
  },
  filters: { overdue: only.flag('Overdue') },
  storage: { paid_by: { type: 'integer', notNull: false } },
  defaultSort: '-dueOn',
  recordTitle: 'id',
  searchHint: 'Order, broker, reference',
  loadProblem: 'Broker Fee A problem occurred - contact the administrator',
});
export type BrokerFeeDto = typeof brokerFees.types.dto;

/** The totals above the list: of every fee the filter finds (not only the page), in dollars. */
export interface BrokerFeeTotals {
  /** DUE fees (overdue ones included). */
  due: number;
  /** DUE fees whose due date is past. */
  overdue: number;
  paid: number;
}

/** POST /api/Brokers/v2/fee/{id}/pay: when, how and the bank's reference, with the version the user saw. */
export const payBrokerFeeBody = z
  .object({
    version,
    paidOn: businessDate,
    paymentMethod: z.enum(BROKER_FEE_METHODS, {
      error: `Choose how the fee was paid: ${BROKER_FEE_METHODS.join(', ')}`,
    }),
    reference: z
      .string()
      .trim()
      .max(60, 'At most 60 characters')
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((body, ctx) => {
    if (body.paidOn > todayIso())
      ctx.addIssue({ code: 'custom', path: ['paidOn'], message: 'A payment is dated today or earlier' });
    if (REFERENCE_REQUIRED.includes(body.paymentMethod) && !body.reference) {
      ctx.addIssue({
        code: 'custom',
        path: ['reference'],
        message: body.paymentMethod === 'ACH' ? 'Enter the ACH trace number' : 'Enter the check number',
      });
    }
  });
export type PayBrokerFeeBody = z.output<typeof payBrokerFeeBody>;
