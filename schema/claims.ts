/**
 * The vocabulary of cargo claims (docs/product/claims.md; the rules are 49 CFR 370 and 49 U.S.C. 14706, restated in
 * docs/product/claims.md#claim-deadlines): what a claim is about, how urgent, where it stands, the steps each type of
 * claim is worked through, and the legal deadlines. The ClaimTracker dropdowns answer these lists;
 * schema/resources/claims.ts and server/modules/claims use them.
 *
 * Claimant companies are free text (a dealer, an owner or an insurer files as often as a shipper or broker of ours);
 * get-claim-companies offers the shippers' and brokers' names and the claimants already used, so the usual ones are
 * picked rather than typed.
 */
type Labels<V extends readonly string[]> = { readonly [K in V[number]]: string };

export const CLAIM_TYPES = ['DAMAGE', 'LOSS', 'THEFT', 'DELAY', 'OTHER'] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number];
export const CLAIM_TYPE_LABELS: Labels<typeof CLAIM_TYPES> = {
  DAMAGE: 'Damage',
  LOSS: 'Loss (not delivered)',
  THEFT: 'Theft',
  DELAY: 'Delay',
  OTHER: 'Other',
};

export const CLAIM_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export const CLAIM_PRIORITY_LABELS: Labels<typeof CLAIM_PRIORITIES> = {
  LOW: 'Low',
  MEDIUM: 'Medium',
  HIGH: 'High',
  URGENT: 'Urgent',
};

/**
 * Where a claim stands, in the order it moves. The three decisions 49 CFR 370.9 allows — pay (APPROVED), decline, or
 * a firm compromise offer (OFFERED) — are statuses of their own; SETTLED means the claimant was paid, CLOSED that
 * nothing more happens (recovery done, or declined and not contested). A claim is reopened by setting an earlier
 * status (the timeline keeps every change).
 */
export const CLAIM_STATUSES = [
  'RECEIVED',
  'ACKNOWLEDGED',
  'INVESTIGATING',
  'APPROVED',
  'OFFERED',
  'DECLINED',
  'SETTLED',
  'CLOSED',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_STATUS_LABELS: Labels<typeof CLAIM_STATUSES> = {
  RECEIVED: 'Received',
  ACKNOWLEDGED: 'Acknowledged',
  INVESTIGATING: 'Investigating',
  APPROVED: 'Approved',
  OFFERED: 'Compromise offered',
  DECLINED: 'Declined',
  SETTLED: 'Settled (paid)',
  CLOSED: 'Closed',
};
/** The decisions the decision step records (49 CFR 370.9: pay, decline, or make a firm compromise offer). */
export const CLAIM_DECISIONS = ['APPROVED', 'OFFERED', 'DECLINED'] as const;
export type ClaimDecision = (typeof CLAIM_DECISIONS)[number];

/** The steps a claim is worked through; each type takes those of its template, in this order. */
export const CLAIM_STEPS = [
  'ACKNOWLEDGE',
  'COLLECT_DOCUMENTS',
  'DRIVER_STATEMENT',
  'POLICE_REPORT',
  'INSPECTION',
  'DECISION',
  'PAYMENT',
  'RECOVERY',
] as const;
export type ClaimStep = (typeof CLAIM_STEPS)[number];
export const CLAIM_STEP_LABELS: Labels<typeof CLAIM_STEPS> = {
  ACKNOWLEDGE: 'Acknowledge in writing',
  COLLECT_DOCUMENTS: 'Collect photos and bill of lading',
  DRIVER_STATEMENT: 'Driver statement',
  POLICE_REPORT: 'Police report',
  INSPECTION: 'Inspection and repair estimate',
  DECISION: 'Decision (pay, decline or offer)',
  PAYMENT: 'Pay the claimant',
  RECOVERY: 'Recover from insurance or driver',
};

interface StepTemplate {
  step: ClaimStep;
  after: readonly ClaimStep[];
  dueDays: number | null;
}
const ack: StepTemplate = { step: 'ACKNOWLEDGE', after: [], dueDays: 30 };
const docs: StepTemplate = { step: 'COLLECT_DOCUMENTS', after: ['ACKNOWLEDGE'], dueDays: 45 };
const statement: StepTemplate = { step: 'DRIVER_STATEMENT', after: ['ACKNOWLEDGE'], dueDays: 45 };
const decision = (after: ClaimStep[]): StepTemplate => ({ step: 'DECISION', after, dueDays: 120 });
const payment: StepTemplate = { step: 'PAYMENT', after: ['DECISION'], dueDays: null };
const recovery: StepTemplate = { step: 'RECOVERY', after: ['PAYMENT'], dueDays: null };

/**
 * The steps of each claim type, each with the steps it waits for and its due date in days after receipt (the
 * acknowledgment's 30 and the decision's 120 are the law's; the others are the team's own pace). Damage needs an
 * inspection or estimate; theft a police report; a loss or delay neither.
 */
export const STEP_TEMPLATES: { readonly [T in ClaimType]: readonly StepTemplate[] } = {
  DAMAGE: [
    ack,
    docs,
    statement,
    { step: 'INSPECTION', after: ['COLLECT_DOCUMENTS'], dueDays: 60 },
    decision(['COLLECT_DOCUMENTS', 'DRIVER_STATEMENT', 'INSPECTION']),
    payment,
    recovery,
  ],
  LOSS: [ack, docs, statement, decision(['COLLECT_DOCUMENTS', 'DRIVER_STATEMENT']), payment, recovery],
  THEFT: [
    ack,
    docs,
    statement,
    { step: 'POLICE_REPORT', after: ['ACKNOWLEDGE'], dueDays: 45 },
    decision(['COLLECT_DOCUMENTS', 'DRIVER_STATEMENT', 'POLICE_REPORT']),
    payment,
    recovery,
  ],
  DELAY: [ack, docs, decision(['COLLECT_DOCUMENTS']), payment],
  OTHER: [ack, docs, decision(['COLLECT_DOCUMENTS']), payment],
};

/** The status a step's completion moves a claim to when the claim is still before it (never backwards). */
export const STEP_MOVES_TO: Partial<Record<ClaimStep, ClaimStatus>> = {
  ACKNOWLEDGE: 'ACKNOWLEDGED',
  COLLECT_DOCUMENTS: 'INVESTIGATING',
  DRIVER_STATEMENT: 'INVESTIGATING',
  POLICE_REPORT: 'INVESTIGATING',
  INSPECTION: 'INVESTIGATING',
  PAYMENT: 'SETTLED',
};
export const statusRank = (status: string) => CLAIM_STATUSES.indexOf(status as ClaimStatus);
/** Statuses after which nothing more is owed to the claimant: the claim is finished. */
export const FINISHED_CLAIM_STATUSES: readonly ClaimStatus[] = ['SETTLED', 'CLOSED', 'DECLINED'];

// ------------------------------------------------------------------------------------------------------------------
// Deadlines. Dates are ISO days ('2026-05-31'), worked out in UTC so a time zone never moves them.

const parts = (day: string) => day.split('-').map(Number) as [number, number, number];
const iso = (date: Date) => date.toISOString().slice(0, 10);

export function plusDays(day: string, days: number): string {
  const [y, m, d] = parts(day);
  return iso(new Date(Date.UTC(y, m - 1, d + days)));
}

/**
 * The same day `months` later; when that month has no such day (the 29th–31st), its last day. So 05/31 + 9 months is
 * 02/28, or 02/29 in a leap year; 11/30 + 3 is 02/28 (02/29). Never rolls into the month after.
 */
export function plusMonths(day: string, months: number): string {
  const [y, m, d] = parts(day);
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return iso(new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))));
}

/** 49 CFR 370.5: acknowledged in writing within 30 days of receipt. */
export const ACKNOWLEDGE_DAYS = 30;
/** 49 CFR 370.9: paid, declined or offered within 120 days of receipt. */
export const DECIDE_DAYS = 120;
/** 49 CFR 370.9(b): past 120 days, the claimant is told why in writing, and again every 60 days. */
export const STATUS_LETTER_DAYS = 60;
/** 49 U.S.C. 14706(e): a claim may be filed for at least 9 months after delivery. */
export const FILING_MONTHS = 9;
/** How far ahead a deadline is "due soon", stands out in the list and is told to the assignee. */
export const DUE_SOON_DAYS = 7;

export const acknowledgeBy = (receivedOn: string) => plusDays(receivedOn, ACKNOWLEDGE_DAYS);
export const decideBy = (receivedOn: string) => plusDays(receivedOn, DECIDE_DAYS);
/** The last day a claim may be filed: 9 months after delivery, by plusMonths' rule (the day itself counts). */
export const filingDeadline = (deliveredOn: string) => plusMonths(deliveredOn, FILING_MONTHS);
/** The next written status letter owed for a claim still undecided past 120 days: 120 + 60k days after receipt. */
export function nextStatusLetter(receivedOn: string, today: string): string | null {
  const decide = decideBy(receivedOn);
  if (today <= decide) return null;
  let due = decide;
  while (due < today) due = plusDays(due, STATUS_LETTER_DAYS);
  return due;
}

export type DeadlineState = 'OVERDUE' | 'DUE_SOON' | 'ON_TRACK' | 'DONE';
/**
 * Where a claim stands against the law: the next deadline not yet met (acknowledge, then decide), and whether it has
 * passed (OVERDUE), falls within 7 days (DUE_SOON) or not (ON_TRACK); DONE once it is decided.
 */
export function deadlineOf(
  receivedOn: string,
  acknowledged: boolean,
  decided: boolean,
  today: string,
): { state: DeadlineState; nextDeadline: string | null; what: 'ACKNOWLEDGE' | 'DECIDE' | null } {
  if (decided) return { state: 'DONE', nextDeadline: null, what: null };
  const ackBy = acknowledgeBy(receivedOn);
  const [nextDeadline, what] = acknowledged
    ? [decideBy(receivedOn), 'DECIDE' as const]
    : [ackBy, 'ACKNOWLEDGE' as const];
  // An unacknowledged claim past its decision date too is overdue on both; the earlier date is the one shown.
  const state =
    today > nextDeadline ? 'OVERDUE' : nextDeadline <= plusDays(today, DUE_SOON_DAYS) ? 'DUE_SOON' : 'ON_TRACK';
  return { state, nextDeadline, what };
}

/** 'CLM-2026-00017': the year the claim was entered and its id. */
export const claimNumberOf = (id: number, createdAt: string) =>
  `CLM-${createdAt.slice(0, 4)}-${String(id).padStart(5, '0')}`;
/** The id a typed claim number names ('CLM-2026-00017', '00017', '17'), or null. */
export function claimIdOf(text: string): number | null {
  const match = /(\d+)\s*$/.exec(text.trim());
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? id : null;
}
