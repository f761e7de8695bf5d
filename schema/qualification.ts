import { z } from 'zod';
import { businessDate, textRule } from './common';
import { EXPIRY_WINDOW_DAYS, addMonths, daysBetween } from './expiry';

/**
 * The driver qualification file (docs/product/driver-qualification.md): the items 49 CFR 391.51(b) asks a carrier to
 * keep for each driver, and the Clearinghouse query where the company requires it. This is the vocabulary the server
 * (server/modules/qualification) and the screens share: the items, when each falls due, its state, how long a
 * replaced one is kept.
 */
export const QUALIFICATION_API = '/api/DriverQualification';

export const QUALIFICATION_ITEMS = [
  'APPLICATION',
  'MVR_AT_HIRE',
  'ROAD_TEST',
  'MEDICAL_CARD',
  'ANNUAL_REVIEW',
  'VIOLATIONS',
  'CLEARINGHOUSE',
] as const;
export type QualificationItem = (typeof QUALIFICATION_ITEMS)[number];

/**
 * Each item: its words, the rule it answers, how it falls due (`everyMonths` after the last one, or on the
 * medical card's own expiry), and how long a replaced one is kept: `keepYears` from its own date (391.51(d)), or
 * for the rest as long as the driver is employed and three years after (391.51(c)).
 */
export const QUALIFICATION_ITEM_INFO: Record<
  QualificationItem,
  { label: string; rule: string; everyMonths: number | null; keepYears: number | null; expires?: true }
> = {
  APPLICATION: { label: 'Application for employment', rule: '391.21', everyMonths: null, keepYears: null },
  MVR_AT_HIRE: {
    label: 'Motor vehicle records at hire (each state, 3 years)',
    rule: '391.23',
    everyMonths: null,
    keepYears: null,
  },
  ROAD_TEST: {
    label: 'Road test certificate or equivalent',
    rule: '391.31 / 391.33',
    everyMonths: null,
    keepYears: null,
  },
  MEDICAL_CARD: {
    label: "Medical examiner's certificate",
    rule: '391.43',
    everyMonths: null,
    keepYears: 3,
    expires: true,
  },
  ANNUAL_REVIEW: { label: 'Annual review of the driving record', rule: '391.25', everyMonths: 12, keepYears: 3 },
  VIOLATIONS: { label: 'Annual list of violations', rule: '391.27', everyMonths: 12, keepYears: 3 },
  CLEARINGHOUSE: {
    label: 'Drug and alcohol Clearinghouse query',
    rule: '382.701',
    everyMonths: 12,
    keepYears: 3,
  },
};

/** Years a file is kept after the driver leaves (391.51(c)). */
export const KEEP_AFTER_EMPLOYMENT_YEARS = 3;

/** The company setting (a company_settings row): whether the Clearinghouse query is on every driver's checklist. */
export const CLEARINGHOUSE_SETTING = 'qualification_clearinghouse_required';

export const QUALIFICATION_STATES = ['missing', 'due', 'complete'] as const;
export type QualificationState = (typeof QUALIFICATION_STATES)[number];
export const QUALIFICATION_STATE_LABELS: Record<QualificationState, string> = {
  missing: 'Missing or expired',
  due: `Due within ${EXPIRY_WINDOW_DAYS} days`,
  complete: 'Complete',
};

/** One record of an item: the current one, or one replaced and kept for its legal time. */
export interface QualificationRecordDto {
  id: number;
  item: QualificationItem;
  doneOn: string;
  /** The medical card's last valid day. */
  expiresOn: string | null;
  /** When the medical examiner was found on the National Registry (391.23(m)). */
  registryVerifiedOn: string | null;
  notes: string | null;
  checkedBy: string | null;
  checkedAt: string;
  replacedAt: string | null;
  /** The first day it may be deleted (null: while the driver is employed, and three years after). */
  keepUntil: string | null;
  documents: { id: number; fileName: string; contentType: string; sizeBytes: number }[];
  version: number;
}

export interface QualificationItemDto {
  item: QualificationItem;
  label: string;
  rule: string;
  state: QualificationState;
  /** When it must be done again (null: once, or never done). */
  dueOn: string | null;
  daysLeft: number | null;
  /** What is wrong in words ("Expired 11/02/2026", "No registry check"), null when complete. */
  problem: string | null;
  current: QualificationRecordDto | null;
  replaced: QualificationRecordDto[];
}

export interface QualificationFileDto {
  driverId: number;
  driverName: string;
  hiredOn: string | null;
  terminatedOn: string | null;
  state: QualificationState;
  items: QualificationItemDto[];
  canUpdate: boolean;
}

/** One driver on the fleet-wide view. */
export interface QualificationRowDto {
  driverId: number;
  driverName: string;
  state: QualificationState;
  missing: string[];
  due: { item: string; dueOn: string }[];
  nextDueOn: string | null;
}

/** When an item falls due from its current record (null: it does not recur). */
export function dueOnOf(item: QualificationItem, doneOn: string, expiresOn: string | null): string | null {
  const info = QUALIFICATION_ITEM_INFO[item];
  if (info.expires) return expiresOn;
  return info.everyMonths ? addMonths(doneOn, info.everyMonths) : null;
}

/** An item's state today: missing (none, or past due), due (within the window), or complete. */
export function itemState(
  item: QualificationItem,
  current: { doneOn: string; expiresOn: string | null; registryVerifiedOn: string | null } | null,
  today: string,
): { state: QualificationState; dueOn: string | null; daysLeft: number | null; problem: string | null } {
  if (!current) return { state: 'missing', dueOn: null, daysLeft: null, problem: 'Not on file' };
  const dueOn = dueOnOf(item, current.doneOn, current.expiresOn);
  const daysLeft = dueOn ? daysBetween(today, dueOn) : null;
  if (item === 'MEDICAL_CARD' && !dueOn)
    return { state: 'missing', dueOn, daysLeft, problem: 'No expiry date on file' };
  if (daysLeft !== null && daysLeft < 0)
    return { state: 'missing', dueOn, daysLeft, problem: `Past due since ${dueOn}` };
  if (item === 'MEDICAL_CARD' && !current.registryVerifiedOn)
    return { state: 'missing', dueOn, daysLeft, problem: 'National Registry not verified' };
  if (daysLeft !== null && daysLeft <= EXPIRY_WINDOW_DAYS)
    return { state: 'due', dueOn, daysLeft, problem: `Due ${dueOn}` };
  return { state: 'complete', dueOn, daysLeft, problem: null };
}

/** A file's state: its worst item's. */
export const fileState = (states: readonly QualificationState[]): QualificationState =>
  states.includes('missing') ? 'missing' : states.includes('due') ? 'due' : 'complete';

/**
 * The first day a record may be deleted: `keepYears` after its own date, or three years after the driver left
 * (391.51(c)); null while the driver is employed.
 */
export function keepUntilOf(item: QualificationItem, doneOn: string, terminatedOn: string | null): string | null {
  const years = QUALIFICATION_ITEM_INFO[item].keepYears;
  const fromEmployment = terminatedOn ? addMonths(terminatedOn, KEEP_AFTER_EMPLOYMENT_YEARS * 12) : null;
  if (!years) return fromEmployment;
  return addMonths(doneOn, years * 12);
}

/** Reminders before an item falls due, in days: each sent once (docs/product/driver-qualification.md#reminders). */
export const REMINDER_DAYS = [30, 14, 3] as const;

const notes = z.string().trim().superRefine(textRule()).max(1000, 'At most 1,000 characters');

/** A new record of an item: it replaces the current one, which is kept. */
export const qualificationRecordBody = z
  .object({
    item: z.enum(QUALIFICATION_ITEMS, { message: 'Choose an item of the qualification file' }),
    doneOn: businessDate,
    expiresOn: businessDate.nullish(),
    registryVerifiedOn: businessDate.nullish(),
    notes: notes.nullish(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.item === 'MEDICAL_CARD' && !body.expiresOn)
      ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: 'Enter the date the medical card expires' });
    if (body.item !== 'MEDICAL_CARD' && (body.expiresOn || body.registryVerifiedOn))
      ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: 'Only the medical card has an expiry date' });
    if (body.expiresOn && body.expiresOn < body.doneOn)
      ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: 'The card cannot expire before the examination' });
  });
export type QualificationRecordBody = z.output<typeof qualificationRecordBody>;

export const qualificationListQuery = z
  .object({
    state: z.enum(QUALIFICATION_STATES).optional(),
    search: z.string().trim().superRefine(textRule()).max(200).optional(),
  })
  .strict();

export const qualificationSettingsBody = z.object({ clearinghouseRequired: z.boolean() }).strict();

/** The file's name as downloaded. */
export const qualificationFileName = (driverName: string, today: string) =>
  `qualification-file-${driverName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${today}.zip`;
