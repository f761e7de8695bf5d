import { z } from 'zod';
import type { DeadlineState } from './claims';
import { type OrderStatus } from './bookOrders';
import { businessDate } from './common';
import type { FeatureKey } from './features';
import type { Period } from './period';

/**
 * The landing dashboard (docs/analytics.md#dashboard; GET /api/Dashboard/summary, server/modules/dashboard): "how are
 * we doing, and what needs me now". Each tile is in the answer only when the caller may read its feature (the sidebar's
 * rule): a user without it gets no such key at all, not zeros. Every count comes with the list that explains it — its
 * route and the filter to open it with (the book-order list: /app/books/bookorders?filter=<json of the filter>),
 * counted with that list's own rule so that the list shows the same number.
 *
 * Money is in dollars with two decimals, as everywhere in the API; days are YYYY-MM-DD.
 */

export const dashboardQuery = z
  .object({
    /** The user's today (their time zone decides what "today" and "this week" are); the server's day when absent. */
    today: businessDate.optional(),
  })
  .strict();
export type DashboardQuery = z.output<typeof dashboardQuery>;

/** Which feature each book-order, claims and tickets tile needs Read on. The expirations are per list (their resource's readers). */
export const DASHBOARD_TILE_FEATURES = {
  loads: ['BookOrders'],
  gross: ['BookOrders'],
  waiting: ['BookOrders'],
  // AR and COD are book-order fields (price, payment status, COD) that whoever reads the order list sees.
  receivables: ['BookOrders'],
  claims: ['ClaimsTracker'],
  tickets: ['TicketManagement'],
} as const satisfies Record<string, readonly FeatureKey[]>;

/**
 * A filter of the book-order list (schema/bookOrders.ts bookOrderFilter), as the screen puts it in the list's URL;
 * the toggles are `true` when on and left out when off (dataProvider toApiQuery).
 */
export interface OrderListFilter {
  filtered: Period;
  from?: string;
  to?: string;
  status?: OrderStatus;
  showNotApproved?: true;
  /** Booked loads only, as the gross weeks count them. */
  hideCancelled?: true;
  hasManagerReview?: true;
  payOnDelivery?: true;
}

/** A count of book orders and the list filter that shows the same count. */
export interface OrderCount {
  count: number;
  filter: OrderListFilter;
}

export interface StatusCount extends OrderCount {
  status: OrderStatus;
}

/** Loads picked up in a period (the list's period is the pickup date), all of them and per status (every status, zeros too). */
export interface LoadsPeriod extends OrderCount {
  from: string;
  to: string;
  byStatus: StatusCount[];
}

export interface LoadsTile {
  /** The book-order list's route. */
  route: string;
  today: LoadsPeriod;
  thisWeek: LoadsPeriod;
}

/** One Monday-to-Sunday week of pickups, cancelled and deleted orders left out. */
export interface GrossWeek {
  /** Its Monday. */
  week: string;
  /** Its Sunday. */
  to: string;
  loads: number;
  gross: number;
  brokerFees: number;
  /** Gross less broker fees. */
  cleanGross: number;
  /** The loads whose distance is known (both ZIPs in the ZIP table, not the same point), their gross and miles. */
  loadsWithMiles: number;
  grossWithMiles: number;
  miles: number;
  /** grossWithMiles / miles, to the cent; null when no load of the week has a distance. */
  revenuePerMile: number | null;
  /** The week in the list (its totals include the cancelled loads this leaves out: the list has no "not cancelled"). */
  filter: OrderListFilter;
}

export type GrossTotals = Omit<GrossWeek, 'week' | 'to' | 'filter'>;

export interface GrossTile {
  route: string;
  /** Monday of the first of the 12 weeks, Sunday of this week. */
  from: string;
  to: string;
  /** Oldest first, 12 weeks, weeks without loads included. */
  weeks: GrossWeek[];
  totals: GrossTotals;
}

export interface WaitingTile {
  route: string;
  /** Orders not approved yet (any period, any status the list shows), not deleted. */
  approval: OrderCount;
  /** Orders flagged for a manager's review, not deleted. */
  managerReview: OrderCount;
}

/** What expires on a list: each date field's expired and due counts (a record may count under two fields). */
export interface ExpiringField {
  /** The DTO field, e.g. 'cdlExpiresOn', 'insurance.expiresOn'. */
  field: string;
  /** What expires: 'CDL', 'Medical card', 'Registration' … */
  label: string;
  /** Before today. */
  expired: number;
  /** From today to today + 30 days. */
  due: number;
}

export interface ExpiringList {
  /** The list's react-admin name ('management/drivers'). */
  list: string;
  title: string;
  route: string;
  filter: { expiring: true };
  /** Records with at least one date expired or due: what the list shows with the filter. */
  count: number;
  fields: ExpiringField[];
}

export interface ExpirationsTile {
  windowDays: number;
  /** Only the lists the caller may read; the tile is left out when that is none. */
  lists: ExpiringList[];
}

export interface ClaimDeadline {
  id: number;
  claimNumber: string;
  claimantCompany: string;
  nextDeadline: string;
  what: 'ACKNOWLEDGE' | 'DECIDE';
  deadlineState: DeadlineState;
}

export interface ClaimsTile {
  /** The claims list (it has no filter for open or overdue claims: the items link to their claim). */
  route: string;
  /** Not settled, closed or declined, not deleted. */
  open: number;
  overdue: number;
  dueSoon: number;
  /** The open claims with a deadline still to meet, soonest first, five at most. */
  next: ClaimDeadline[];
}

export interface CourtDate {
  citationId: number;
  citationNumber: string;
  ticketId: number;
  ticketTitle: string;
  courtDate: string;
  driverName: string | null;
}

export interface TicketsTile {
  route: string;
  citationsRoute: string;
  courtDays: number;
  /** Hearings still pending with a court date from today to today + courtDays (live citations of live tickets). */
  courtDates: { citations: number; tickets: number; next: CourtDate[] };
  /** Citations not paid yet (not deleted): what the citations list shows with the filter. */
  unpaid: { count: number; amount: number; filter: { paymentStatus: 'UNPAID' } };
}

export interface ReceivablesTile {
  route: string;
  /**
   * Accounts receivable: orders DELIVERED or INVOICED whose payment status is not PAID, not deleted; their price
   * (a partly paid order counts whole). The book-order list cannot filter by payment status: no link.
   */
  ar: { count: number; amount: number };
  /**
   * COD to collect: orders on the road (PICKED_UP) to be paid on delivery, their COD amount. Nothing records a COD
   * as collected, so a load's COD is outstanding until it is delivered.
   */
  cod: OrderCount & { amount: number };
}

export interface DashboardSummary {
  /** The day the figures are for. */
  today: string;
  loads?: LoadsTile;
  gross?: GrossTile;
  waiting?: WaitingTile;
  expirations?: ExpirationsTile;
  claims?: ClaimsTile;
  tickets?: TicketsTile;
  receivables?: ReceivablesTile;
}
