import { sql } from 'kysely';
import { idParams } from '../../../schema/common';
import { todayIso } from '../../../schema/expiry';
import { usDate } from '../../../schema/format';
import { fromCents } from '../../../schema/money';
import {
  BROKER_FEE_STATUSES,
  BROKER_FEE_STATUS_LABELS,
  type BrokerFeeTotals,
  type PayBrokerFeeBody,
  brokerFees,
  payBrokerFeeBody,
} from '../../../schema/resources/brokerFees';
import { ok } from '../../context';
import { conflict } from '../../http/errors';
import type { RecordExtension } from '../records/fromDefinition';
import { fullName } from '../records/query';

type Query = (typeof brokerFees)['types']['query'];

/**
 * Broker fees (schema/resources/brokerFees.ts) on the server: read through the record list (and the original API's
 * transactions-filtered, the same list) with the totals due, overdue and paid of the filtered set; written only by
 * their orders (sync.ts) and by a payment, once. There is no undo of a payment here: a paid fee is an item of bank
 * matching, and its correction belongs there.
 */
export function brokerFeeExtension(): RecordExtension<typeof brokerFees> {
  return {
    customWrites: true,
    // The order's number and who marked it paid, one join each.
    select: (query) =>
      query
        .innerJoin('book_orders as bo', 'bo.id', 'r.book_order_id')
        .leftJoin('users as pb', 'pb.id', 'r.paid_by')
        .select(['bo.order_number as orderNumber', fullName('pb').as('paidByName')]),
    computed: (r, _children, today) => ({
      orderNumber: r.orderNumber as string,
      overdue: r.status === 'DUE' && (r.due_on as string) < today,
      paidBy: (r.paidByName as string | null) ?? null,
    }),
    search: [
      '(select o.order_number from book_orders o where o.id = r.book_order_id)',
      '(select b.name from brokers b where b.id = r.broker_id)',
    ],
    filters: {
      overdue: (overdue, today) => (eb) =>
        overdue
          ? eb.and([eb('r.status', '=', 'DUE'), eb('r.due_on', '<', today)])
          : eb.or([eb('r.status', '<>', 'DUE'), eb('r.due_on', '>=', today)]),
    },
    listExtras: async (rows) => {
      const today = todayIso();
      const cents = (status: string, overdue = false) =>
        sql<number>`sum(case when r.status = ${status}${overdue ? sql` and r.due_on < ${today}` : sql``} then r.amount_cents else 0 end)`;
      const sums = (await rows
        .select([
          cents('DUE').as('due'),
          cents('DUE', true).as('overdue'),
          cents('PAID').as('paid'),
          sql<number>`count(*)`.as('n'),
        ])
        .executeTakeFirst()) as Record<'due' | 'overdue' | 'paid' | 'n', unknown> | undefined;
      const totals: BrokerFeeTotals = {
        due: fromCents(Number(sums?.due ?? 0)),
        overdue: fromCents(Number(sums?.overdue ?? 0)),
        paid: fromCents(Number(sums?.paid ?? 0)),
      };
      return { totals, totalCount: Number(sums?.n ?? 0) };
    },
    routes: (app, _ctx, records) => {
      const tags = ['Broker fees'];
      app.get(
        '/api/Brokers/v2/fee/transaction-statuses',
        {
          config: records.access('Read', true),
          schema: {
            tags,
            summary: 'The statuses of a broker fee: DUE (overdue when its due date is past), PAID, CANCELLED',
          },
        },
        async () => ok(BROKER_FEE_STATUSES.map((code) => ({ code, name: BROKER_FEE_STATUS_LABELS[code] }))),
      );

      app.get<{ Querystring: Query }>(
        '/api/Brokers/v2/fee/transactions-filtered',
        {
          config: records.access('Read', true),
          schema: {
            tags,
            summary:
              'Broker fees by Page, Size, Search (order number, broker, reference), Status, brokerId, overdue and Sort; totals due, overdue and paid of the filtered set',
            querystring: brokerFees.query,
          },
        },
        async (request) => records.list(request.query, request),
      );

      app.post<{ Params: { id: number }; Body: PayBrokerFeeBody & { version: number } }>(
        '/api/Brokers/v2/fee/:id/pay',
        {
          config: records.access('Update'),
          schema: {
            tags,
            summary:
              'Mark a due fee paid: when, how and the reference the bank shows (ACH trace, check number). Send the version you read; once only',
            params: idParams,
            body: payBrokerFeeBody,
          },
        },
        async (request) => {
          const { version, paidOn, paymentMethod, reference } = request.body;
          return ok(
            await records.guarded(
              request,
              request.params.id,
              'pay',
              async (trx, before) => {
                if (before.status === 'PAID')
                  throw conflict(
                    `This broker fee is already paid (${usDate(before.paidOn)}, ${before.paymentMethod}${before.reference ? ` ${before.reference}` : ''})`,
                  );
                if (before.status === 'CANCELLED')
                  throw conflict('This broker fee is cancelled: its order no longer owes it');
                await trx
                  .updateTable('broker_fee_transactions')
                  .set({
                    status: 'PAID',
                    paid_on: paidOn,
                    paid_by: request.auth?.user.id ?? null,
                    payment_method: paymentMethod,
                    reference,
                  })
                  .where('id', '=', before.id)
                  .execute();
              },
              version,
            ),
          );
        },
      );
    },
  };
}
