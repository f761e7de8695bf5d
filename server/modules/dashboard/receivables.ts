import { sql } from 'kysely';
import type { OrderListFilter, ReceivablesTile } from '../../../schema/dashboard';
import { fromCents } from '../../../schema/money';
import type { Db } from '../../db/types';
import { BOOK_ORDERS_ROUTE } from './orderCounts';

/** The list filter of the COD figure; the query below has the same conditions. */
const COD_FILTER: OrderListFilter = { filtered: 'all', status: 'PICKED_UP', payOnDelivery: true };

/**
 * AR: delivered or invoiced orders not paid yet, their price. The literal conditions here and below are those of the
 * partial indexes of migration 023, so each figure is read from its small index alone.
 */
export function receivable(db: Db) {
  return db
    .selectFrom('book_orders')
    .select(({ fn }) => [fn.countAll<number>().as('count'), fn.sum<number>('price_cents').as('cents')])
    .where(sql<boolean>`payment_status <> 'PAID' AND deleted_at IS NULL`)
    .where('status', 'in', ['DELIVERED', 'INVOICED']);
}

/** COD to collect: loads on the road to be paid on delivery (nothing records a COD as collected before that). */
export function codOnTheRoad(db: Db) {
  return db
    .selectFrom('book_orders')
    .select(({ fn }) => [fn.countAll<number>().as('count'), fn.sum<number>('cod_amount_cents').as('cents')])
    .where(sql<boolean>`pay_on_delivery = 1 AND deleted_at IS NULL`)
    .where('status', '=', 'PICKED_UP');
}

export async function receivablesTile(db: Db): Promise<ReceivablesTile> {
  const [ar, cod] = await Promise.all([
    receivable(db).executeTakeFirstOrThrow(),
    codOnTheRoad(db).executeTakeFirstOrThrow(),
  ]);
  return {
    route: BOOK_ORDERS_ROUTE,
    ar: { count: Number(ar.count), amount: fromCents(Number(ar.cents ?? 0)) },
    cod: { count: Number(cod.count), amount: fromCents(Number(cod.cents ?? 0)), filter: COD_FILTER },
  };
}
