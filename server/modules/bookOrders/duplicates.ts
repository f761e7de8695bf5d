import {
  type DuplicateDto,
  type DuplicateReason,
  OPEN_ORDER_STATUSES,
  duplicateText,
} from '../../../schema/duplicates';
import type { OrderStatus } from '../../../schema/bookOrders';
import type { Db } from '../../db/types';
import { conflict } from '../../http/errors';

/** At most this many of each kind are named: enough to see it is a duplicate and open it. */
const SHOWN = 5;

/**
 * Orders a load being booked likely repeats (docs/product/book-orders.md#duplicates): the same load board and load
 * id (a deleted or cancelled order is not one), or one of its VINs on an open order. Each read is one range of an
 * index (book_orders_external_load, book_order_vehicles_vin).
 */
export async function findDuplicates(
  db: Db,
  load: { loadBoard?: string | null; loadId?: string | null; vins: readonly string[]; exceptId?: number | null },
): Promise<DuplicateDto[]> {
  const loadId = load.loadId?.trim();
  const vins = [...new Set(load.vins.map((v) => v.trim().toUpperCase()).filter((v) => v.length === 17))];
  const except = load.exceptId ?? 0;
  const [sameLoad, sameVin] = await Promise.all([
    load.loadBoard && loadId
      ? db
          .selectFrom('book_orders')
          .select(['id', 'order_number', 'status'])
          .where('external_load_id', '=', loadId)
          .where('load_board', '=', load.loadBoard)
          .where('deleted_at', 'is', null)
          .where('status', '<>', 'CANCELLED')
          .where('id', '<>', except)
          .orderBy('id', 'desc')
          .limit(SHOWN)
          .execute()
      : [],
    vins.length
      ? db
          .selectFrom('book_order_vehicles as v')
          .innerJoin('book_orders as o', 'o.id', 'v.book_order_id')
          .select(['o.id', 'o.order_number', 'o.status', 'v.vin'])
          .where('v.vin', 'in', vins)
          .where('o.status', 'in', OPEN_ORDER_STATUSES)
          .where('o.deleted_at', 'is', null)
          .where('o.id', '<>', except)
          .orderBy('o.id', 'desc')
          .limit(SHOWN)
          .execute()
      : [],
  ]);
  const of = (
    row: { id: number; order_number: string; status: string },
    reason: DuplicateReason,
    vin: string | null,
  ) => ({
    id: Number(row.id),
    orderNumber: row.order_number,
    status: row.status as OrderStatus,
    reason,
    vin,
  });
  return [...sameLoad.map((row) => of(row, 'LOAD_ID', null)), ...sameVin.map((row) => of(row, 'VIN', row.vin))];
}

/** The create's guard: likely duplicates are a 409 naming them, unless the dispatcher said it is not one. */
export function refuseDuplicates(duplicates: DuplicateDto[], loadBoard: string) {
  if (!duplicates.length) return;
  throw conflict(
    `This load looks booked already: ${duplicates.map((d) => duplicateText(d, loadBoard)).join('; ')}. Open it, or tick "Not a duplicate" to book it anyway.`,
    { duplicates },
  );
}
