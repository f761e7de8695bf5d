import { z } from 'zod';
import { businessDate, idText, idValue, pagingQuery, textRule } from './common';
import type { FeatureDefinition } from './features';
import { money } from './money';

/**
 * Factoring (docs/product/factoring.md), shared by server/modules/factoring, the invoices and the factoring screens
 * (resources/factoringCompanies, resources/factoringSchedules):
 * the notice an assigned invoice carries, the schedules of accounts sent to a factor, and what the factor pays.
 */

/** The notice of assignment a factoring company prints unless it gives its own words. */
export const DEFAULT_NOTICE_OF_ASSIGNMENT =
  'NOTICE OF ASSIGNMENT: This account has been assigned to and is payable only to the factoring company named above. ' +
  'Payment to any other party will not discharge this debt. Please remit payment to the address shown and report any ' +
  'claim or dispute to the factoring company at once.';

export const SCHEDULE_STATUSES = ['OPEN', 'FUNDED', 'CANCELLED'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export const SCHEDULE_STATUS_LABELS: Record<ScheduleStatus, string> = {
  OPEN: 'Sent, not funded',
  FUNDED: 'Funded',
  CANCELLED: 'Cancelled',
};
export const SCHEDULE_STATUS_COLOURS: Record<ScheduleStatus, 'default' | 'info' | 'success' | 'error'> = {
  OPEN: 'info',
  FUNDED: 'success',
  CANCELLED: 'default',
};

/** An entry of a schedule's books: the factor's funding of it, or a release of reserve. Never deleted. */
export const ENTRY_KINDS = ['FUNDING', 'RELEASE'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
export const ENTRY_KIND_LABELS: Record<EntryKind, string> = { FUNDING: 'Funding', RELEASE: 'Reserve released' };

/** The factoring screens (schema/features.ts Factoring, its schedules' sidebar entry). */
export const FACTORING_COMPANIES_ROUTE = '/app/management/factoring-companies';
export const SCHEDULES_ROUTE = '/app/management/factoring-schedules';

/** The schedules' sidebar entry, under the Factoring feature (schema/resources/index.ts SCREEN_NAV_FEATURES). */
export const SCHEDULES_NAV: FeatureDefinition & { parent: string } = {
  key: 'FactoringSchedules',
  title: 'Factoring schedules',
  uri: SCHEDULES_ROUTE,
  icon: 'RequestQuote',
  section: 'Management',
  roles: {},
  parent: 'Factoring',
};

export const scheduleNumberText = (number: number) => `SCH-${number}`;
export const scheduleFileName = (number: number, ext: 'pdf' | 'csv') => `${scheduleNumberText(number)}.${ext}`;

/**
 * The funding split by the factor's percentages (hundredths of a percent): advance and fee each rounded once to the
 * cent, the reserve what is left, so the three always add up to the total.
 */
export function fundingSplit(totalCents: number, advanceHundredths: number, feeHundredths: number) {
  const advanceCents = Math.round((totalCents * advanceHundredths) / 10_000);
  const feeCents = Math.min(Math.round((totalCents * feeHundredths) / 10_000), totalCents - advanceCents);
  return { advanceCents, feeCents, reserveCents: totalCents - advanceCents - feeCents };
}

const text = (max: number) => z.string().trim().superRefine(textRule()).max(max);

/** POST /api/FactoringSchedules: the factor and its sent invoices on no live schedule. */
export const scheduleCreateBody = z.object({
  factoringCompanyId: idValue,
  invoiceIds: z.array(idValue).min(1, 'Choose at least one sent invoice').max(200),
  scheduleOn: businessDate.optional(),
});
export type ScheduleCreateBody = z.infer<typeof scheduleCreateBody>;

export const scheduleVersionBody = z.object({ version: z.number().int().min(1) });

/** The factor's funding of a schedule, in dollars (schema/money.ts); all three or none (the factor's percentages). */
export const fundingBody = scheduleVersionBody.extend({
  advance: money('Advance').optional(),
  fee: money('Fee').optional(),
  reserve: money('Reserve').optional(),
  fundedOn: businessDate.optional(),
  note: text(500).optional().nullable(),
});
export const releaseBody = scheduleVersionBody.extend({
  amount: money('Amount released', { min: 0.01 }),
  releasedOn: businessDate.optional(),
  note: text(500).optional().nullable(),
});
export const reverseBody = scheduleVersionBody.extend({
  reason: text(500).min(3, 'Say why the entry is reversed'),
});

export const scheduleListQuery = z.object({
  factoringCompanyId: idText.optional(),
  status: z.enum(SCHEDULE_STATUSES).optional(),
  ...pagingQuery(),
});
export const eligibleQuery = z.object({ factoringCompanyId: idText });

export interface ScheduleInvoiceDto {
  invoiceId: number;
  number: number;
  numberText: string;
  debtor: string;
  issuedOn: string;
  amountCents: number;
}

export interface ScheduleEntryDto {
  id: number;
  kind: EntryKind;
  enteredOn: string;
  advanceCents: number;
  feeCents: number;
  reserveCents: number;
  /** A release: the reserve released (negative when it reverses one). */
  releasedCents: number;
  note: string | null;
  reversesId: number | null;
  reversedById: number | null;
  createdAt: string;
}

export interface ScheduleDto {
  id: number;
  number: number;
  numberText: string;
  factoringCompanyId: number;
  factoringCompanyName: string;
  scheduleOn: string;
  status: ScheduleStatus;
  totalCents: number;
  invoiceCount: number;
  /** The live funding's split (0 when none), the reserve released so far, and what the factor still holds. */
  advanceCents: number;
  feeCents: number;
  reserveCents: number;
  releasedCents: number;
  owedCents: number;
  /** The split the factor's percentages give: what the funding form starts with. */
  suggested: { advanceCents: number; feeCents: number; reserveCents: number };
  invoices: ScheduleInvoiceDto[];
  entries: ScheduleEntryDto[];
  createdAt: string;
  version: number;
}

/** What a factor owes the carrier: the reserve it holds less what it released, over its funded schedules. */
export interface FactorBooksDto {
  factoringCompanyId: number;
  name: string;
  active: boolean;
  scheduledCents: number;
  advanceCents: number;
  feeCents: number;
  reserveCents: number;
  releasedCents: number;
  owedCents: number;
}
