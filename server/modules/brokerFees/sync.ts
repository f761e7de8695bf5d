import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { addDays } from '../../../schema/expiry';
import { usCents, usDate } from '../../../schema/format';
import type { BrokerFeeStatus } from '../../../schema/resources/brokerFees';
import { isPostgres } from '../../db/schemaHelpers';
import type { Db } from '../../db/types';
import { ApiError } from '../../http/errors';
import { audit } from '../audit/audit';

/**
 * A book order's broker fee kept in step with the order (schema/resources/brokerFees.ts), inside the order's own
 * write: the order's writes call `syncBrokerFee` after changing it, so the fee and the order commit or fail together.
 *
 * - An order owes its fee when the fee is above 0 and the order is neither cancelled nor deleted.
 * - A DUE fee follows the order: its amount, broker and due date (the delivery date plus the order's payment terms).
 * - An order that no longer owes it cancels a DUE fee (which keeps the amount it had); owing it again makes it DUE.
 * - A PAID fee never changes: the order may be cancelled or deleted (the payment stays as it was made), but its fee
 *   and broker are refused (409 naming the field) — the money left the bank as it is recorded.
 */

/** The due date of an order's fee: its delivery date plus its payment terms. */
export const feeDueOn = (deliveryDate: string, termsDays: number) => addDays(deliveryDate, termsDays);

type FeeRow = {
  id: number;
  version: number;
  broker_id: number;
  amount_cents: number;
  due_on: string;
  status: string;
  paid_on: string | null;
};

export async function syncBrokerFee(trx: Db, orderId: number, request: FastifyRequest | null): Promise<void> {
  const order = await trx
    .selectFrom('book_orders')
    .select(['broker_id', 'broker_fee_cents', 'delivery_date', 'payment_terms_days', 'status', 'deleted_at'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const fee: FeeRow | undefined = await trx
    .selectFrom('broker_fee_transactions')
    .select(['id', 'version', 'broker_id', 'amount_cents', 'due_on', 'status', 'paid_on'])
    .where('book_order_id', '=', orderId)
    .executeTakeFirst();
  const owed = order.broker_fee_cents > 0 && order.status !== 'CANCELLED' && order.deleted_at === null;
  const terms = {
    broker_id: order.broker_id,
    amount_cents: order.broker_fee_cents,
    due_on: feeDueOn(order.delivery_date, order.payment_terms_days),
  };
  const now = new Date().toISOString();

  if (!fee) {
    if (!owed) return;
    const created = await trx
      .insertInto('broker_fee_transactions')
      .values({
        book_order_id: orderId,
        ...terms,
        status: 'DUE',
        paid_on: null,
        paid_by: null,
        payment_method: null,
        reference: null,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, request, { action: 'create', entity: 'broker_fee', entityId: created.id, after: created });
    return;
  }

  if (fee.status === 'PAID') {
    const paid = `The broker fee of this order was paid on ${usDate(fee.paid_on)} (${usCents(fee.amount_cents)})`;
    if (order.broker_fee_cents !== fee.amount_cents)
      throw new ApiError(409, `${paid}: it stays ${usCents(fee.amount_cents)}`, 'conflict', 'brokerFee');
    if (order.broker_id !== fee.broker_id)
      throw new ApiError(409, `${paid} to this order's broker: the broker stays`, 'conflict', 'brokerId');
    return;
  }

  const status: BrokerFeeStatus = owed ? 'DUE' : 'CANCELLED';
  const next = owed ? { status, ...terms } : { status };
  const changed = Object.entries(next).filter(([column, value]) => fee[column as keyof FeeRow] !== value);
  if (!changed.length) return;
  await trx
    .updateTable('broker_fee_transactions')
    .set({ ...next, version: fee.version + 1, updated_at: now })
    .where('id', '=', fee.id)
    .execute();
  const action = status === fee.status ? 'update' : status === 'CANCELLED' ? 'cancel' : 'reopen';
  await audit(trx, request, {
    action,
    entity: 'broker_fee',
    entityId: fee.id,
    before: fee,
    after: { ...fee, ...next, version: fee.version + 1 },
  });
}

/**
 * Gives every order that owes a broker fee and has none its DUE fee, in one statement: the migration that made the
 * table, the demo seed and the bulk order load (which write orders without the order routes).
 */
export async function backfillBrokerFees(db: Kysely<unknown> | Db): Promise<void> {
  const exec = db as Kysely<unknown>;
  const dueOn = isPostgres(exec)
    ? sql`to_char(o.delivery_date::date + o.payment_terms_days, 'YYYY-MM-DD')`
    : sql`date(o.delivery_date, '+' || o.payment_terms_days || ' days')`;
  const now = new Date().toISOString();
  await sql`
    insert into broker_fee_transactions (book_order_id, broker_id, amount_cents, due_on, status, created_at, updated_at)
    select o.id, o.broker_id, o.broker_fee_cents, ${dueOn}, 'DUE', ${now}, ${now}
    from book_orders o
    where o.broker_fee_cents > 0 and o.deleted_at is null and o.status <> 'CANCELLED'
      and not exists (select 1 from broker_fee_transactions f where f.book_order_id = o.id)`.execute(exec);
}
