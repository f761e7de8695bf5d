import { z } from 'zod';
import { dateIn } from './businessDay';
import { idParams, idText } from './common';
import { usDate } from './format';
import { INSPECTION_STAGES, INSPECTION_STAGE_LABELS, type InspectionStage } from './vehicleInspections';

/**
 * The bill of lading (docs/product/vehicle-inspections.md#bill-of-lading): an order's vehicle inspections at one stop
 * as a document — a PDF for staff, the driver, the shipper and the broker, and an online page behind a link that
 * works without signing in until it expires or is revoked. What both sides share: the stages, the bodies, the
 * answers, the file name and how its times read.
 */

export const bolStage = z.enum(INSPECTION_STAGES, { message: 'The stage is PICKUP or DELIVERY' });
/** The stage in an address, in either case (…/bol/pickup or …/bol/PICKUP). */
const stageParam = z
  .string()
  .max(20)
  .transform((text) => text.toUpperCase())
  .pipe(bolStage);

/** GET /api/BookOrder/{id}/bol/{stage} (staff). */
export const bolParams = idParams.extend({ stage: stageParam });
export type BolParams = z.output<typeof bolParams>;
/** GET /api/MyLoads/{orderId}/bol/{stage} (the load's driver). */
export const myBolParams = z.object({ orderId: idText, stage: stageParam });
export type MyBolParams = z.output<typeof myBolParams>;
/** POST /api/BookOrder/{id}/bol-links/{linkId}/revoke. */
export const bolLinkParams = idParams.extend({ linkId: idText });
export type BolLinkParams = z.output<typeof bolLinkParams>;

/** How long a link works, in days: from 1 to 90, 30 unless asked. */
export const BOL_LINK_DAYS = { min: 1, max: 90, default: 30 } as const;

/** POST /api/BookOrder/{id}/bol-links: which stop's bill, for how many days. */
export const bolLinkBody = z
  .object({
    stage: bolStage,
    days: z
      .number()
      .int('The days are a whole number')
      .min(BOL_LINK_DAYS.min, `A link works ${BOL_LINK_DAYS.min} to ${BOL_LINK_DAYS.max} days`)
      .max(BOL_LINK_DAYS.max, `A link works ${BOL_LINK_DAYS.min} to ${BOL_LINK_DAYS.max} days`)
      .default(BOL_LINK_DAYS.default),
  })
  .strict();
export type BolLinkBody = z.output<typeof bolLinkBody>;

/** A link's token in its address: 32 random bytes, base64url (43 characters). */
export const bolToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const BOL_LINK_STATUSES = ['active', 'expired', 'revoked'] as const;
export type BolLinkStatus = (typeof BOL_LINK_STATUSES)[number];

/** A link as staff see it: never its token (only its SHA-256 is kept). */
export interface BolLinkDto {
  id: number;
  orderId: number;
  stage: InspectionStage;
  createdAt: string;
  /** Who made it; null for the link a mailed bill carries (mailedTo then names where it went). */
  createdBy: string | null;
  mailedTo: string[] | null;
  expiresAt: string;
  revokedAt: string | null;
  revokedBy: string | null;
  status: BolLinkStatus;
}

/** The answer to making a link: the link with its address, shown this once. */
export interface BolLinkCreatedDto extends BolLinkDto {
  url: string;
}

export const BOL_MESSAGES = {
  /** The one answer to a token that is unknown, expired or revoked: nobody learns which. */
  linkGone: 'This link has expired or was revoked; ask the carrier for a new one.',
  tooManyRequests: 'Too many requests from your address. Wait a minute and try again.',
} as const;

/** "Bill of lading — Pickup". */
export const bolTitle = (stage: InspectionStage) => `Bill of lading — ${INSPECTION_STAGE_LABELS[stage]}`;

/** BOL-HB0002001-pickup.pdf: the order number (letters, digits and dashes kept) and the stage. */
export const bolFileName = (orderNumber: string, stage: InspectionStage) =>
  `BOL-${orderNumber.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'order'}-${stage.toLowerCase()}.pdf`;

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as a document prints it, in the company's time zone: 12/09/2026 3:04 PM CST (the day as usDate writes
 * business dates, the clock with the zone's short name, so that a reader elsewhere knows whose 3:04 it is).
 */
export function documentTime(instant: string | null | undefined, timeZone: string): string {
  if (!instant) return '';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    clockFormats.set(timeZone, format);
  }
  return `${usDate(dateIn(date, timeZone))} ${format.format(date)}`;
}
