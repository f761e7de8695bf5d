import { z } from 'zod';
import { businessDate, idText } from './common';
import type { Basic, ChallengeStatus } from './tickets';

/**
 * The safety picture: a driver's or a carrier's roadside-inspection violations of the last 24 months, weighted as
 * FMCSA's SMS method does (docs/product/tickets.md#safety says how), per BASIC:
 * who and what drives the carrier's figures, and the DataQs challenges by status. Weighted sums only — not FMCSA's
 * measures (which divide by a normaliser) nor its percentiles (which rank within peer groups).
 *
 * GET /api/Tickets/safety?driverId=… or ?carrierId=… (exactly one), optionally asOf=YYYY-MM-DD (default today).
 */

/** The months an inspection counts for (the SMS window), and the time weights' bands within it. */
export const SAFETY_WINDOW_MONTHS = 24;
/** Out of service adds this to a violation's severity weight (SMS OOS_Weight). */
export const OOS_WEIGHT = 2;
/** One inspection's severity weights in one BASIC add up to at most this, before the time weight. */
export const INSPECTION_BASIC_CAP = 30;
/** How many drivers and codes the answer lists (the largest first). */
export const SAFETY_TOP_DRIVERS = 10;
export const SAFETY_TOP_CODES = 10;

/**
 * The day `months` calendar months before `day` (the same day of the month, or the month's last day when it has
 * fewer): the rule schema/tickets.ts timeWeight draws its bands with. An inspection counts when its date is after
 * safetyWindowStart(asOf) and not after asOf.
 */
export function monthsBefore(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1 - months, 1));
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(d, lastDay));
  return date.toISOString().slice(0, 10);
}
/** The last day that no longer counts: inspections dated after it (and up to asOf) are in the window. */
export const safetyWindowStart = (asOf: string) => monthsBefore(asOf, SAFETY_WINDOW_MONTHS);

/** The query: exactly one of driverId and carrierId (400 naming the field otherwise). */
export const safetyQuery = z
  .object({ driverId: idText.optional(), carrierId: idText.optional(), asOf: businessDate.optional() })
  .strict()
  .superRefine((query, ctx) => {
    if (query.driverId !== undefined && query.carrierId !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['carrierId'],
        message: 'Ask for a driver or a carrier, not both: leave out carrierId or driverId',
      });
    } else if (query.driverId === undefined && query.carrierId === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['driverId'],
        message: 'Choose a driver (driverId) or a carrier (carrierId)',
      });
    }
  });
export type SafetyQuery = z.output<typeof safetyQuery>;

/** One BASIC's figures: the SMS-weighted sum and what it is made of. */
export interface SafetyBasicRow {
  basic: Basic;
  name: string;
  /** Σ over the inspections of min(30, Σ (severity + 2 if out of service)) × time weight. */
  weight: number;
  /** Inspections with at least one violation in this BASIC. */
  inspections: number;
  /** Violations in this BASIC (a code once per inspection). */
  violations: number;
  /** Of them, out of service. */
  oosViolations: number;
}

/** A driver's share of a carrier's picture (driverId null: inspections whose ticket names no driver). */
export interface SafetyDriverRow {
  driverId: number | null;
  driverName: string | null;
  /** The driver's weighted sum in each of the seven BASICs. */
  weights: Record<Basic, number>;
  total: number;
  inspections: number;
  violations: number;
  oosViolations: number;
}

/** A violation code's share: how often it was cited, and the weight it contributed. */
export interface SafetyCodeRow {
  violationNumberId: number;
  code: string;
  description: string;
  basic: Basic;
  basicName: string;
  severity: number;
  /** Inspections that cited it (once per inspection). */
  count: number;
  oosCount: number;
  /**
   * Its part of the BASIC's weighted sum: (severity + OOS) × time weight, scaled down by the inspection's 30 cap when
   * the cap applied (so the codes' weights add up to the BASIC's), to two decimals.
   */
  weight: number;
}

/** A DataQs challenge still to decide (TO_FILE or FILED) of an inspection in the window. */
export interface SafetyOpenChallenge {
  inspectionReportId: number;
  reportNumber: string;
  ticketId: number;
  inspectedOn: string;
  driverId: number | null;
  driverName: string | null;
  status: ChallengeStatus;
  statusName: string;
  /** YYYY-MM-DD, or null when none is set. */
  deadline: string | null;
  /** The inspection's weighted sum (all BASICs) that an accepted challenge would remove. */
  weight: number;
}

export interface SafetyPicture {
  subject: { kind: 'driver' | 'carrier'; id: number; name: string };
  asOf: string;
  /** The inspections' dates counted: from (inclusive, 24 months back) to asOf (inclusive). */
  window: { from: string; to: string };
  /** The time-weight bands: inspections dated from … to … weigh `weight` (3, 2, 1). */
  timeWeights: { weight: 3 | 2 | 1; from: string; to: string }[];
  /** Inspections in the window (any challenge except ACCEPTED, which removes its inspection), with and without violations. */
  inspections: number;
  inspectionsWithViolations: number;
  /** The seven BASICs' weighted sums added up. */
  totalWeight: number;
  /** The seven BASICs, in schema/tickets.ts BASICS order. */
  basics: SafetyBasicRow[];
  /** A carrier's drivers by weighted sum, largest first (at most SAFETY_TOP_DRIVERS); null for a driver. */
  drivers: SafetyDriverRow[] | null;
  /** The codes by weight contributed, largest first (at most SAFETY_TOP_CODES). */
  codes: SafetyCodeRow[];
  challenges: {
    /** Every status, in CHALLENGE_STATUSES order: how many inspections of the window have it (ACCEPTED included). */
    byStatus: { status: ChallengeStatus; name: string; count: number }[];
    /** TO_FILE and FILED, the nearest deadline first (none set last). */
    open: SafetyOpenChallenge[];
  };
}

/** A bar's width in percent of the largest value (0 when there is none), for the screen's rows. */
export const barPercent = (value: number, largest: number) =>
  largest > 0 ? Math.max(0, Math.min(100, Math.round((value / largest) * 1000) / 10)) : 0;
