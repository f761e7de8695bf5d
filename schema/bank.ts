/**
 * Bank exports (issue 15, ../shared/reference/bank-exports.md): the layouts Haulboard reads and a bank row as it
 * reads it, whichever layout it came in.
 */

/** Chase checking/savings and Chase credit card "Download account activity" CSV. */
export const BANK_LAYOUTS = ['CHASE_CHECKING', 'CHASE_CARD'] as const;
export type BankLayout = (typeof BANK_LAYOUTS)[number];

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
