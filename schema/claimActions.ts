import { z } from 'zod';
import { businessDate } from './common';
import { CLAIM_DECISIONS } from './claims';
import { PAYMENT_METHODS } from './reference';
import { money } from './money';

/**
 * What the claims tracker's actions send (docs/product/claims.md): completing a step, charging the claim back to the
 * driver, and recording a payment to the claimant. The server validates with these, and the screens' dialogs check as
 * you type with the same rules.
 */
const version = z.number().int().positive().optional();

export const claimStepCompleteBody = z
  .object({
    note: z.string().trim().max(1000, 'The note is at most 1,000 characters').nullish(),
    /** The decision step's outcome (49 CFR 370.9: pay, decline or a firm compromise offer). */
    decision: z.enum(CLAIM_DECISIONS, { error: 'Choose the decision' }).nullish(),
    /** The decision step's approved (or offered) amount, in dollars. */
    approvedAmount: money('The amount approved').nullish(),
    version,
  })
  .strict();

export const claimStepUndoBody = z.object({ version }).strict();

export const claimChargebackBody = z
  .object({
    amount: money('The chargeback', { max: 1_000_000 }),
    postedOn: businessDate.optional(),
    version,
  })
  .strict();

export const claimSettleBody = z
  .object({
    amount: money('The payment', { min: 0.01 }),
    paidOn: businessDate,
    method: z.enum(PAYMENT_METHODS, { error: 'Choose how it was paid' }),
    reference: z.string().trim().max(80, 'The reference is at most 80 characters').nullish(),
    version,
  })
  .strict();

export const claimCommentBody = z
  .object({ body: z.string().trim().min(1, 'Write the comment').max(4000, 'A comment is at most 4,000 characters') })
  .strict();
