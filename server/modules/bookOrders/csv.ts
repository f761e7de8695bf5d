import type { BookOrderFilter } from '../../../schema/bookOrders';
import { plainCents } from '../../../schema/format';
import type { DialectName } from '../../db';
import type { Db } from '../../db/types';
import { csvCell } from '../../http/csv';
import { applyFilter, selectOrders } from './queries';
import type { SearchMatches } from './search';

const COLUMNS: [string, (row: Record<string, unknown>) => unknown][] = [
  ['Order number', (r) => r.order_number],
  ['Status', (r) => r.status],
  ['Load board', (r) => r.load_board],
  ['External load id', (r) => r.external_load_id],
  ['Broker', (r) => r.brokerName],
  ['Shipper', (r) => r.shipperName],
  ['Carrier', (r) => r.carrierName],
  ['Dispatcher', (r) => r.dispatcherName],
  ['Driver', (r) => r.driverName],
  ['Truck', (r) => r.truckNumber],
  ['Trailer', (r) => r.trailerNumber],
  ['Trailer type', (r) => r.trailer_type],
  ['Pickup date', (r) => r.pickup_date],
  ['Pickup city', (r) => r.pickup_city],
  ['Pickup state', (r) => r.pickupState],
  ['Delivery date', (r) => r.delivery_date],
  ['Delivery city', (r) => r.delivery_city],
  ['Delivery state', (r) => r.deliveryState],
  ['Vehicles', (r) => r.vehicle_count],
  ['Price', (r) => plainCents(Number(r.price_cents))],
  ['Broker fee', (r) => plainCents(Number(r.broker_fee_cents))],
  ['Local fee', (r) => plainCents(Number(r.local_fee_cents))],
  ['COD amount', (r) => plainCents(Number(r.cod_amount_cents))],
  ['Payment method', (r) => r.payment_method],
  ['Pay on pickup', (r) => (r.pay_on_pickup ? 'yes' : 'no')],
  ['Pay on delivery', (r) => (r.pay_on_delivery ? 'yes' : 'no')],
  ['Payment status', (r) => r.payment_status],
  ['Manager review', (r) => (r.has_manager_review ? 'yes' : 'no')],
  ['Approved', (r) => (r.approved ? 'yes' : 'no')],
  ['Deleted', (r) => (r.deleted_at ? 'yes' : 'no')],
];

/** One cell quoting rule for every CSV the server writes (server/http/csv.ts). */
export { csvCell };

const BATCH = 1000;

/**
 * Every order the filter selects, oldest pickup first, read in keyset batches of 1,000 so that 100k rows never
 * sit in memory at once (works the same on both databases, no cursor needed).
 */
export async function* csvLines(
  db: Db,
  dialect: DialectName,
  filter: BookOrderFilter,
  matches: SearchMatches,
): AsyncGenerator<string> {
  yield '\uFEFF' + COLUMNS.map(([name]) => csvCell(name)).join(',') + '\r\n';
  let after: { date: string; id: number } | null = null;
  for (;;) {
    let query = applyFilter(db, dialect, selectOrders(db), filter, undefined, matches);
    if (after) {
      const { date, id } = after;
      query = query.where((eb) =>
        eb.or([eb('o.pickup_date', '>', date), eb.and([eb('o.pickup_date', '=', date), eb('o.id', '>', id)])]),
      );
    }
    const rows = (await query
      .orderBy('o.pickup_date', 'asc')
      .orderBy('o.id', 'asc')
      .limit(BATCH)
      .execute()) as unknown as Record<string, unknown>[];
    if (!rows.length) return;
    yield rows.map((row) => COLUMNS.map(([, get]) => csvCell(get(row))).join(',')).join('\r\n') + '\r\n';
    const last = rows[rows.length - 1];
    after = { date: String(last.pickup_date), id: Number(last.id) };
    if (rows.length < BATCH) return;
  }
}
