import { z } from 'zod';
import { LOAD_BOARDS } from './reference';
import type { OrderStatus } from './bookOrders';
import { idText } from './common';

/**
 * Likely duplicates of a load being booked (docs/product/book-orders.md#duplicates): an order of the same load board
 * with the same load id, or an open order already carrying one of its VINs. Shown with a link as the dispatcher
 * types; the create refuses them (409) until the dispatcher says the load is not a duplicate.
 */

/** Orders still to be moved: a VIN on one of them is a car already booked. */
export const OPEN_ORDER_STATUSES = [
  'NEW',
  'ASSIGNED',
  'PICKED_UP',
  'ON_HOLD',
] as const satisfies readonly OrderStatus[];

export const DUPLICATE_REASONS = ['LOAD_ID', 'VIN'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export interface DuplicateDto {
  id: number;
  orderNumber: string;
  status: OrderStatus;
  reason: DuplicateReason;
  /** The VIN both carry (reason VIN). */
  vin: string | null;
}

/** GET /api/BookOrder/duplicates: what the form has typed so far. */
export const duplicatesQuery = z.object({
  loadBoard: z.enum(LOAD_BOARDS).optional(),
  loadId: z.string().trim().max(60).optional(),
  vin: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.string().trim().toUpperCase().max(17)).max(12)),
  /** The order being edited, which is not its own duplicate. */
  exceptId: idText.optional(),
});
export type DuplicatesQuery = z.output<typeof duplicatesQuery>;

/** How a duplicate reads: "HB0001234 has the same Central Dispatch load id", "HB0001234 already carries VIN …". */
export const duplicateText = (d: DuplicateDto, loadBoard?: string) =>
  d.reason === 'LOAD_ID'
    ? `${d.orderNumber} has the same ${loadBoard ? `${loadBoard} ` : ''}load id`
    : `${d.orderNumber} already carries VIN ${d.vin}`;
