import { z } from 'zod';
import { listQuery } from './records';

/**
 * Driver off-boarding (/app/reports/driver-off-boarding, docs/product/people.md#people): for a driver who is terminated
 * or leaving (a termination date, past or coming), the final picture — ending balance, escrow due back, units and fuel
 * cards still assigned, open tickets and claims — and the checklist that closes them, each step with who did it and
 * when.
 *
 * A step with something outstanding in the data (escrow still held, a truck still assigned …) cannot be ticked until
 * that is resolved where it lives (the ledger, the assignment board, the ticket, the claim): the checklist records that
 * someone checked, it does not paper over what is still open. The other steps are things only a person can confirm.
 */
export const OFFBOARDING_STEPS = [
  { key: 'final_settlement', label: 'Final settlement paid (balance $0.00)', checks: 'balance' },
  { key: 'escrow_returned', label: 'Escrow returned or applied', checks: 'escrow' },
  { key: 'units_returned', label: 'Truck and trailer returned', checks: 'units' },
  { key: 'fuel_cards_returned', label: 'Fuel cards taken back and blocked', checks: 'fuelCards' },
  { key: 'tickets_resolved', label: 'Tickets resolved', checks: 'tickets' },
  { key: 'claims_closed', label: 'Claims closed', checks: 'claims' },
  { key: 'equipment_returned', label: 'ELD, keys, permits and company documents returned', checks: null },
  { key: 'records_filed', label: 'Driver qualification file closed (kept three years, 49 CFR 391.51)', checks: null },
] as const;
export type OffBoardingStepKey = (typeof OFFBOARDING_STEPS)[number]['key'];
export const OFFBOARDING_STEP_KEYS = OFFBOARDING_STEPS.map((step) => step.key) as [
  OffBoardingStepKey,
  ...OffBoardingStepKey[],
];

/** Which drivers the list shows: those with steps left (the default), those done, or all of them. */
export const OFFBOARDING_STATES = ['open', 'done', 'all'] as const;
export const OFFBOARDING_SORTS = ['name', 'terminatedOn', 'balance', 'escrow', 'stepsDone'] as const;

export const offBoardingQuery = listQuery(OFFBOARDING_SORTS, { state: z.enum(OFFBOARDING_STATES).default('open') });
export type OffBoardingQuery = z.output<typeof offBoardingQuery>;

/** A step ticked, with a note (what was returned, the check number …). */
export const stepBody = z
  .object({ step: z.enum(OFFBOARDING_STEP_KEYS), note: z.string().trim().max(500).optional() })
  .strict();

/** What is still open for a driver (money in dollars, as every DTO). */
export interface Outstanding {
  /** What the company owes the driver (below zero: what the driver owes). */
  balance: number;
  /** Escrow the company holds for the driver. */
  escrow: number;
  units: string[];
  fuelCards: string[];
  tickets: { id: number; title: string; status: string }[];
  claims: { id: number; claimNumber: string; status: string }[];
}

export interface OffBoardingStep {
  key: OffBoardingStepKey;
  label: string;
  /** What keeps it from being ticked, in words; null when nothing does. */
  blockedBy: string | null;
  doneBy: string | null;
  doneAt: string | null;
  note: string | null;
}

/** A row of the list: the driver, the money, how many things are open and how many steps are done. */
export interface OffBoardingRow {
  id: number;
  name: string;
  terminatedOn: string;
  balance: number;
  escrow: number;
  openItems: number;
  stepsDone: number;
  steps: number;
}

/** A driver's off-boarding, on its own screen. */
export interface OffBoardingDto extends Outstanding {
  id: number;
  name: string;
  terminatedOn: string;
  steps: OffBoardingStep[];
}
