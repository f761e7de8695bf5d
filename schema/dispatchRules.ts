import { z } from 'zod';
import { businessDate, idText, textRule } from './common';

/**
 * The rules a booking or an assignment must pass (docs/product/compliance.md): the driver's credentials valid through
 * the load's delivery, the credentials the company marks required on file, and the broker's operating authority
 * active in the imported FMCSA files. A write that breaks one is refused 409 naming the rule and the date, unless an
 * administrator sends `complianceOverride` with a reason (audited, for that one order).
 */
export const DISPATCH_RULES = [
  'DRIVER_CREDENTIAL_EXPIRED',
  'DRIVER_CREDENTIAL_MISSING',
  'DRIVER_REVIEW_OVERDUE',
  'DRIVER_QUALIFICATION_MISSING',
  'BROKER_AUTHORITY_INACTIVE',
] as const;
export type DispatchRule = (typeof DISPATCH_RULES)[number];

export interface RefusalDto {
  rule: DispatchRule;
  /** The order's field the rule is about. */
  field: 'driverId' | 'brokerId';
  /** What is refused, in words: who, what, the date. */
  message: string;
  /** The date the rule turns on (an expiry, a review due, the file's date), YYYY-MM-DD, or null (nothing on file). */
  date: string | null;
}

/** The answer of a check before saving: what a save would refuse, and whether this user may override it. */
export interface DispatchCheckDto {
  refusals: RefusalDto[];
  canOverride: boolean;
}

/** The refused write's error code (server/http/errors.ts ApiError), so that a screen can offer the override. */
export const COMPLIANCE_CODE = 'compliance';

export const OVERRIDE_REASON_MAX = 500;
export const OVERRIDE_MESSAGES = {
  reason: 'Say why this order goes ahead despite the rule (at least 10 characters)',
  onlyAdministrators: 'Only an administrator can override a dispatch rule',
  onlyAdministratorsRules: 'Only an administrator can change the dispatch rules',
} as const;

/** An administrator's override of the rules for one order, with the reason kept in the audit trail. */
export const complianceOverride = z
  .object({
    reason: z
      .string()
      .trim()
      .superRefine(textRule())
      .min(10, OVERRIDE_MESSAGES.reason)
      .max(OVERRIDE_REASON_MAX, `At most ${OVERRIDE_REASON_MAX} characters`),
  })
  .strict();
export type ComplianceOverride = z.output<typeof complianceOverride>;

/**
 * Credentials the company may require on file before a driver is dispatched (company setting, administrators):
 * each beyond the expiry rule, which applies to every date on file. `qualificationFile` asks for every item of the
 * driver qualification file (schema/qualification.ts) on file and not past due.
 */
export const REQUIRED_CREDENTIALS = ['cdl', 'medicalCard', 'mvr', 'qualificationFile'] as const;
export type RequiredCredential = (typeof REQUIRED_CREDENTIALS)[number];
export const REQUIRED_CREDENTIAL_LABELS: Record<RequiredCredential, string> = {
  cdl: 'CDL number and expiry date',
  medicalCard: 'Medical card expiry date',
  mvr: 'MVR review within the last 12 months',
  qualificationFile: 'Qualification file with no item missing or past due (49 CFR 391.51)',
};

export interface DispatchRulesDto {
  required: RequiredCredential[];
  updatedAt: string | null;
  updatedBy: string | null;
  canChange: boolean;
}

export const dispatchRulesBody = z
  .object({ required: z.array(z.enum(REQUIRED_CREDENTIALS)).max(REQUIRED_CREDENTIALS.length) })
  .strict();
export type DispatchRulesBody = z.output<typeof dispatchRulesBody>;

/** GET /api/BookOrder/dispatch-check: what saving these parties on these dates would refuse. */
export const dispatchCheckQuery = z
  .object({
    driverId: idText.optional(),
    brokerId: idText.optional(),
    pickupDate: businessDate.optional(),
    deliveryDate: businessDate.optional(),
    /** The order being edited: a party it already has is not checked again (the rules apply when one is chosen). */
    orderId: idText.optional(),
  })
  .strict();
export type DispatchCheckQuery = z.output<typeof dispatchCheckQuery>;
