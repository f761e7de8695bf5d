import { z } from 'zod';
import { businessDate, idText } from './common';
import { money } from './money';
import { PERIODS } from './period';
import { listQuery } from './records';

/**
 * Bank exports (docs/product/bank.md#bank-exports): the layouts Haulboard reads and a bank row as it
 * reads it, whichever layout it came in.
 */

/** Chase checking/savings and Chase credit card "Download account activity" CSV. */
export const BANK_LAYOUTS = ['CHASE_CHECKING', 'CHASE_CARD'] as const;
export type BankLayout = (typeof BANK_LAYOUTS)[number];

/**
 * The checking export's Type column as people read it (the card's own types — Sale, Payment, Return — read as they
 * are); a type not listed reads in words (schema/format.ts enumLabel).
 */
export const BANK_TYPE_LABELS: Readonly<Record<string, string>> = {
  ACH_CREDIT: 'ACH credit',
  ACH_DEBIT: 'ACH debit',
  ACCT_XFER: 'Account transfer',
  ATM: 'ATM',
  ATM_DEPOSIT: 'ATM deposit',
  BILLPAY: 'Bill pay',
  CHECK_DEPOSIT: 'Check deposit',
  CHECK_PAID: 'Check paid',
  DEBIT_CARD: 'Debit card',
  DEPOSIT: 'Deposit',
  FEE_TRANSACTION: 'Fee',
  LOAN_PMT: 'Loan payment',
  MISC_CREDIT: 'Other credit',
  MISC_DEBIT: 'Other debit',
  QUICKPAY_CREDIT: 'QuickPay credit',
  QUICKPAY_DEBIT: 'QuickPay debit',
  REFUND_TRANSACTION: 'Refund',
  WIRE_INCOMING: 'Incoming wire',
  WIRE_OUTGOING: 'Outgoing wire',
};

/** The checking export's Details column. */
export const CHECKING_DETAILS = ['DEBIT', 'CREDIT', 'CHECK', 'DSLIP'] as const;

export interface BankRow {
  /** The line of the file it came from (the header is line 1). */
  line: number;
  layout: BankLayout;
  /** The day the bank posted it, ISO (Posting Date; the card's Post Date). */
  postedOn: string;
  /** The card's Transaction Date, ISO; null for checking. */
  transactionOn: string | null;
  description: string;
  /** Signed integer cents: negative is money out of the account. */
  amountCents: number;
  /** Checking's Details (DEBIT, CREDIT, CHECK, DSLIP); null for the card. */
  details: string | null;
  /** The bank's Type (ACH_CREDIT …; the card's Sale, Payment …). */
  type: string | null;
  /** The card's Category. */
  category: string | null;
  /** Checking's running balance in cents; null where the bank left it blank. */
  balanceCents: number | null;
  checkNumber: string | null;
  memo: string | null;
}

/**
 * Matching (docs/product/bank.md#bank-matching): what Haulboard expects to move money through the bank. Money in: an
 * invoice's payment from its broker or shipper, or an order's that is not invoiced (COD and checks the driver
 * collected are deposited against it too). Money out: a paid pay bill's payment to its driver, a paid broker fee.
 */
export const MATCH_ITEM_TYPES = ['INVOICE', 'BOOK_ORDER', 'PAY_BILL', 'BROKER_FEE', 'CLAIM_SETTLEMENT'] as const;
export type MatchItemType = (typeof MATCH_ITEM_TYPES)[number];
export const MATCH_ITEM_LABELS: Record<MatchItemType, string> = {
  INVOICE: 'Invoice',
  BOOK_ORDER: 'Book order',
  PAY_BILL: 'Driver payment',
  BROKER_FEE: 'Broker fee',
  CLAIM_SETTLEMENT: 'Claim payment',
};
/** Which way each kind of item moves money: invoices and book orders are paid in, the others paid out. */
export const ITEM_DIRECTION: Record<MatchItemType, 'IN' | 'OUT'> = {
  INVOICE: 'IN',
  BOOK_ORDER: 'IN',
  PAY_BILL: 'OUT',
  BROKER_FEE: 'OUT',
  CLAIM_SETTLEMENT: 'OUT',
};

/** A bank row's state: nothing applied yet, part of it, all of it, or explained without an item. */
export const BANK_ROW_STATES = ['OPEN', 'PARTIAL', 'MATCHED', 'EXPLAINED'] as const;
export type BankRowState = (typeof BANK_ROW_STATES)[number];
export const BANK_ROW_STATE_LABELS: Record<BankRowState, string> = {
  OPEN: 'Unmatched',
  PARTIAL: 'Partly matched',
  MATCHED: 'Matched',
  EXPLAINED: 'Explained',
};

/** Why a bank row needs no item. */
export const EXPLAIN_REASONS = ['BANK_FEE', 'TRANSFER', 'INTEREST', 'OWNER', 'OTHER'] as const;
export type ExplainReason = (typeof EXPLAIN_REASONS)[number];
export const EXPLAIN_REASON_LABELS: Record<ExplainReason, string> = {
  BANK_FEE: 'Bank fee',
  TRANSFER: 'Transfer between accounts',
  INTEREST: 'Interest',
  OWNER: "Owner's draw or contribution",
  OTHER: 'Other',
};

/** An amount applied: money as everywhere (two decimals at most, finite, in range), and more than nothing. */
const applied = (label: string) => money(label).refine((v) => v > 0, `${label} must be more than $0.00`);
/** The bank rows list: date filters (`get-chase-transactions-date-filters`), state (TODO: not yet matched or explained), money in or out, search. */
export const bankRowsQuery = listQuery(
  ['postedOn', 'amount', 'left'],
  {
    state: z.enum([...BANK_ROW_STATES, 'TODO']).optional(),
    direction: z.enum(['IN', 'OUT']).optional(),
    filtered: z.enum(PERIODS).default('all'),
    from: businessDate.optional(),
    to: businessDate.optional(),
    importId: idText.optional(),
    /** A month of the exports (YYYY-MM, from get-chase-transactions-date-filters): instead of a period. */
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month as YYYY-MM')
      .optional(),
  },
  200,
);
export type BankRowsQuery = z.output<typeof bankRowsQuery>;

/** Open items to pick by hand (when no suggestion fits). */
export const openItemsQuery = listQuery(
  ['expectedOn', 'left'],
  {
    type: z.enum(MATCH_ITEM_TYPES).optional(),
    direction: z.enum(['IN', 'OUT']).optional(),
  },
  200,
);
export type OpenItemsQuery = z.output<typeof openItemsQuery>;

export const matchBody = z
  .object({
    version: z.number().int().min(1),
    lines: z
      .array(
        z
          .object({
            itemType: z.enum(MATCH_ITEM_TYPES),
            itemId: z.number().int().positive(),
            amount: applied('Amount'),
            /** An invoice paid short: what the difference is (a damage deduction, a quick-pay fee). */
            shortReason: z.string().trim().min(3, 'Say what the difference is').max(200).optional(),
          })
          .strict(),
      )
      .min(1, 'Choose at least one item')
      .max(200, 'At most 200 items in one match'),
    note: z.string().trim().max(500).optional(),
  })
  .strict();
export type MatchBody = z.output<typeof matchBody>;

export const undoBody = z.object({ reason: z.string().trim().min(3, 'Say why the match is undone').max(500) }).strict();
export const explainBody = z
  .object({
    version: z.number().int().min(1),
    reason: z.enum(EXPLAIN_REASONS),
    note: z.string().trim().max(500).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.reason === 'OTHER' && !body.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Say what this row is' });
  });
export const unexplainBody = z.object({ version: z.number().int().min(1) }).strict();
export const dateFiltersQuery = z.object({ state: z.enum([...BANK_ROW_STATES, 'TODO']).optional() });

/** An open item as matching shows it. */
export interface OpenItemDto {
  itemType: MatchItemType;
  itemId: number;
  direction: 'IN' | 'OUT';
  label: string;
  party: string | null;
  reference: string | null;
  amount: number;
  settled: number;
  left: number;
  /** When the money should move: an order's due date (delivery + terms), a bill's or fee's payment day. */
  expectedOn: string | null;
  ageDays: number | null;
}

export interface SuggestionDto extends OpenItemDto {
  score: number;
  reasons: string[];
}

/** A bank row on the matching screen. Amounts in dollars, signed: negative is money out. */
export interface BankRowDto {
  id: number;
  version: number;
  importId: number;
  layout: BankLayout;
  postedOn: string;
  transactionOn: string | null;
  description: string;
  amount: number;
  direction: 'IN' | 'OUT';
  /** What is applied to items, and what is left to apply (both positive). */
  matched: number;
  left: number;
  state: BankRowState;
  details: string | null;
  type: string | null;
  category: string | null;
  checkNumber: string | null;
  balance: number | null;
  memo: string | null;
  explainReason: ExplainReason | null;
  explainNote: string | null;
  explainedBy: string | null;
  explainedAt: string | null;
}

export interface MatchLineDto {
  itemType: MatchItemType;
  itemId: number;
  label: string;
  amount: number;
}
export interface MatchDto {
  id: number;
  amount: number;
  note: string | null;
  matchedAt: string;
  matchedBy: string | null;
  undoneAt: string | null;
  undoneBy: string | null;
  undoReason: string | null;
  lines: MatchLineDto[];
}

/** Days since: the unmatched report's age buckets. */
export const AGE_BUCKETS = [
  { key: 'd0_30', label: '0–30 days', upTo: 30 },
  { key: 'd31_60', label: '31–60 days', upTo: 60 },
  { key: 'd61_90', label: '61–90 days', upTo: 90 },
  { key: 'd90', label: 'Over 90 days', upTo: null },
] as const;
