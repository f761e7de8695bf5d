import { z } from 'zod';
import type { OrderStatus } from './bookOrders';
import { idParams, idText } from './common';

/**
 * Tracking links and customer notices (docs/product/tracking.md): a page without sign-in where the shipper and the
 * broker see where their load is — status in their words, the stops' cities, dates, an estimate of delivery, the last
 * known city and, once delivered, the bill of lading — and the mail they get when it moves. What both sides share.
 */

/** The customer's words for an order's status (never the internal ones: Invoiced and Paid are Delivered to them). */
export const TRACKING_STATUSES = ['BOOKED', 'SCHEDULED', 'PICKED_UP', 'DELIVERED', 'ON_HOLD', 'CANCELLED'] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

export const TRACKING_STATUS_OF: Record<OrderStatus, TrackingStatus> = {
  NEW: 'BOOKED',
  ASSIGNED: 'SCHEDULED',
  PICKED_UP: 'PICKED_UP',
  DELIVERED: 'DELIVERED',
  INVOICED: 'DELIVERED',
  PAID: 'DELIVERED',
  ON_HOLD: 'ON_HOLD',
  CANCELLED: 'CANCELLED',
};

/** A status's words for the customer; `detail` in the singular and the plural where the vehicles' count changes it. */
export const TRACKING_STATUS_WORDS: Record<
  TrackingStatus,
  { title: string; detail: string | { one: string; many: string } }
> = {
  BOOKED: { title: 'Booked', detail: 'The carrier has your order and is planning its pickup.' },
  SCHEDULED: { title: 'Scheduled for pickup', detail: 'A truck is assigned and on its way to the pickup.' },
  PICKED_UP: {
    title: 'Picked up',
    detail: {
      one: 'Your vehicle is on the truck, on the way to the delivery.',
      many: 'Your vehicles are on the truck, on the way to the delivery.',
    },
  },
  DELIVERED: {
    title: 'Delivered',
    detail: { one: 'Your vehicle was delivered.', many: 'Your vehicles were delivered.' },
  },
  ON_HOLD: { title: 'On hold', detail: 'The carrier has paused this order; they will tell you what comes next.' },
  CANCELLED: { title: 'Cancelled', detail: 'This order was cancelled.' },
};

/**
 * A status's detail for the vehicles a page shows: singular for one (a link for one vehicle, or a load of one), plural
 * for several.
 */
export function trackingStatusDetail(status: TrackingStatus, vehiclesShown: number): string {
  const { detail } = TRACKING_STATUS_WORDS[status];
  if (typeof detail === 'string') return detail;
  return vehiclesShown === 1 ? detail.one : detail.many;
}

/**
 * How the estimate of delivery is made (docs/product/tracking.md#eta): before pickup, the delivery date or window the
 * order promises; once picked up, the straight-line miles left from the last known city to the delivery ZIP times a
 * road factor, driven at an average speed for so many hours a day, never earlier than the window's first day.
 */
export const ETA_RULE = { averageMph: 50, drivingHoursPerDay: 10, roadFactor: 1.2 } as const;

/**
 * Days a link keeps working after the delivery (a company setting, 0 to 90; 14 unless an administrator chose): 0 stops
 * it at the delivery.
 */
export const TRACKING_DAYS = { min: 0, max: 90, default: 14 } as const;

/** How often the page reads its state again, in seconds. */
export const TRACKING_REFRESH_SECONDS = 20;

/** A stop as the customer sees it: the city and state only, with its date or window. */
export interface TrackingStop {
  city: string;
  state: string;
  /** The first day (YYYY-MM-DD) and, for a window, the last. */
  date: string;
  dateTo: string | null;
  /** "Estimated 03/14/2026", "03/14/2026 – 03/16/2026", "No later than 03/16/2026". */
  dateText: string;
}

/**
 * The public JSON of a tracking link (GET /track/{token}/state): nothing else ever leaves the server through it — no
 * driver, phone, address, coordinates, price, fee, customer or note. tests/server/tracking.test.ts holds every key
 * to an allow-list.
 */
export interface TrackingView {
  company: string;
  orderNumber: string;
  status: TrackingStatus;
  statusText: string;
  statusDetail: string;
  pickup: TrackingStop;
  delivery: TrackingStop;
  /** When it was picked up and delivered (instants), once it was. */
  pickedUpAt: string | null;
  deliveredAt: string | null;
  /** The estimate of delivery: a day, how it reads, and how it was made. */
  eta: { date: string | null; text: string; basis: string };
  /** The last city the load was known in, and since when (null before pickup). */
  lastKnown: { city: string; state: string; at: string | null; source: 'phone' | 'pickup' | 'delivery' } | null;
  /** "2019 Honda Accord". */
  vehicles: string[];
  /** The delivery's bill of lading (PDF), once delivered. */
  bolUrl: string | null;
  /** When the link stops working (set once delivered). */
  expiresAt: string | null;
  refreshSeconds: number;
}

export const TRACKING_LINK_STATUSES = ['active', 'expired', 'revoked'] as const;
export type TrackingLinkStatus = (typeof TRACKING_LINK_STATUSES)[number];

/** The order's tracking link as staff see it: the address while it works (staff may copy it again). */
export interface TrackingLinkDto {
  id: number;
  orderId: number;
  /** The one vehicle it is for; null: the whole order. */
  vin: string | null;
  url: string | null;
  createdAt: string;
  /** Who made it; null when a notice made it. */
  createdBy: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
  expiresAt: string | null;
  status: TrackingLinkStatus;
}

/** What the order's page shows: its links (newest first), the addresses notices go to, and what was sent. */
export interface TrackingDto {
  links: TrackingLinkDto[];
  recipients: { email: string; optedOut: boolean }[];
  notices: { kind: TrackingNoticeKind; at: string; recipients: string[] }[];
}

/** The notices each order sends once: picked up, delivered, delivery estimate past the window. */
export const TRACKING_NOTICE_KINDS = ['PICKED_UP', 'DELIVERED', 'ETA_SLIPPED'] as const;
export type TrackingNoticeKind = (typeof TRACKING_NOTICE_KINDS)[number];

/** POST /api/BookOrder/{id}/tracking-links?vin=…: the link for one vehicle of the order (without: the order's). */
export const trackingLinkQuery = z.object({ vin: z.string().trim().toUpperCase().min(1).max(17).optional() }).strict();
export type TrackingLinkQuery = z.output<typeof trackingLinkQuery>;

/** POST /api/BookOrder/{id}/tracking-links/{linkId}/revoke. */
export const trackingLinkParams = idParams.extend({ linkId: idText });
export type TrackingLinkParams = z.output<typeof trackingLinkParams>;

/** A link's token in its address: 32 bytes, base64url (43 characters). */
export const trackingToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/**
 * POST /api/MyLoads/{orderId}/position: where the driver's phone is, in whole millionths of a degree (a body's
 * fractional numbers are money only); only the nearest city is kept.
 */
export const positionBody = z
  .object({
    latitudeE6: z.number().int().min(-90_000_000).max(90_000_000),
    longitudeE6: z.number().int().min(-180_000_000).max(180_000_000),
  })
  .strict();
export type PositionBody = z.output<typeof positionBody>;
export const positionParams = z.object({ orderId: idText });

/** GET/PUT /api/Company/tracking (administrators change it). */
export interface TrackingSettingsDto {
  daysAfterDelivery: number;
  canChange: boolean;
}
export const trackingSettingsBody = z
  .object({
    daysAfterDelivery: z
      .number()
      .int('The days are a whole number')
      .min(TRACKING_DAYS.min, `From ${TRACKING_DAYS.min} to ${TRACKING_DAYS.max} days`)
      .max(TRACKING_DAYS.max, `From ${TRACKING_DAYS.min} to ${TRACKING_DAYS.max} days`),
  })
  .strict();
export type TrackingSettingsBody = z.output<typeof trackingSettingsBody>;

export const TRACKING_MESSAGES = {
  expired: 'This tracking link has expired: the delivery is complete. Ask the carrier if you need more.',
  revoked: 'This tracking link was turned off by the carrier. Ask them for a new one.',
  unknown: 'There is no tracking link at this address. Check that you copied all of it.',
  tooManyRequests: 'Too many requests from your address. Wait a minute and try again.',
  noAddresses: 'The shipper and broker of this order have no e-mail address (or asked for no mail)',
  onlyAdministrators: "Only an administrator can change the company's tracking settings",
} as const;
