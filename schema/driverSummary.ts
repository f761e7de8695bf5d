import { z } from 'zod';
import { businessDate, idText } from './common';

/** GET /api/Driver/report-summary (docs/analytics.md#driver-report): what a driver's report shows beside their loads. */
export const driverSummaryQuery = z.object({ driverId: idText.optional(), today: businessDate.optional() }).strict();

export interface DriverSummary {
  driverId: number;
  driverName: string;
  /** Their next loads to pick up (today on, not yet picked up), soonest first. */
  nextPickups: {
    id: number;
    orderNumber: string;
    pickupDate: string;
    from: string;
    to: string;
    vehicles: number;
    status: string;
  }[];
  /** Their CDL and medical card: the date and whether it is expired, due within 30 days, or fine (null). */
  expirations: { what: string; on: string | null; state: 'expired' | 'due' | null }[];
}
