import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  type BookOrderFilter,
  type BookOrderInput,
  STATUS_TRANSITIONS,
  type OrderStatus,
  approval,
  bookOrderFilter,
  bookOrderInput,
  bookOrderUpdate,
  managerReview,
  statusChange,
} from '../../../schema/bookOrders';
import { idParams } from '../../../schema/common';
import { fromCents } from '../../../schema/money';
import { type ServerContext, listEnvelope, ok } from '../../context';
import { compiledCache } from '../../db/prepared';
import { badRequest } from '../../http/errors';
import { paymentStatusForPrice } from '../bank/orderPayment';
import { orderAssignedToDriver } from '../notifications/events';
import type { Delivery } from '../notify/realtime';
import { csvLines } from './csv';
import { orderColumns, searchText, vehicleColumns } from './mapping';
import { rememberCities } from './cities';
import { type ListPageRow, checkReferences, indexSearch, listQueries, ownTotals, today } from './queries';
import { BY_NAME, type SearchMatches, searchMatchesQuery } from './search';
import boardRoutes from './board';
import importRoutes from './importRoutes';
import { orderWrites, writeStatus } from './orderWrites';
import { noticeStatusMove } from '../tracking/notices';
import { requireInspections } from '../vehicleInspections/requirements';
import { transact } from '../../db/transaction';
import { type DuplicatesQuery, duplicatesQuery } from '../../../schema/duplicates';
import { findDuplicates } from './duplicates';
import { createOrderInside } from './orderCreate';
import { orderAssigned, orderStatusChanged } from '../webhooks/catalogue';
import { enforceBookingRules } from '../dispatchRules/enforce';

const TAGS = ['Book orders'];
const FEATURE = 'BookOrders';
const can = (permission: 'Read' | 'Create' | 'Update' | 'Delete' | 'Export' | 'Approve') => ({
  access: { feature: FEATURE, permission },
});
type IdParams = z.output<typeof idParams>;

export default async function bookOrderRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db, dialect } = ctx;
  // The dispatch board (board.ts): its windows, and every write below sent live to the open boards.
  await boardRoutes(app, ctx);
  // Loads from a CSV file (importRoutes.ts).
  await importRoutes(app, ctx);

  // The period's dates come from today, so the day is part of the key; a search's SQL also depends on the names it matches.
  const compiledList = compiledCache(
    500,
    ({ day, f, matches }: { day: string; f: BookOrderFilter; matches: SearchMatches }) =>
      JSON.stringify([day, f, matches]),
    ({ day, f, matches }) => {
      const { totals, page } = listQueries(db, dialect, f, day, matches);
      return { totals: totals.compile(), page: page.compile() };
    },
  );
  const findSearchMatches = searchMatchesQuery(db);
  const matchesOf = (f: BookOrderFilter): Promise<SearchMatches> | SearchMatches =>
    f.search ? findSearchMatches(db, f.search) : BY_NAME;
  const { mustLoad, guardedWrite } = orderWrites(db);

  app.get<{ Querystring: BookOrderFilter }>(
    '/api/BookOrder/filter-books',
    {
      config: can('Read'),
      schema: {
        tags: TAGS,
        summary: 'Book orders by the shared list filter; totals of price and broker fee for the whole filtered set',
        querystring: bookOrderFilter,
      },
    },
    async (request, reply) => {
      const f = request.query;
      const matches = await matchesOf(f);
      const queries = compiledList({ day: today(), f, matches });
      const rows = (await db.executeQuery(queries.page)).rows as unknown as ListPageRow[];
      const totals = ownTotals(rows, f.page, f.size) ?? (await db.executeQuery(queries.totals)).rows[0];
      // Each item is JSON the database rendered (queries.ts listItemJson); they are sent without parsing.
      return reply.type('application/json; charset=utf-8').send(
        listEnvelope(`[${rows.map((row) => row.item).join(',')}]`, {
          totalCount: Number(totals.count),
          page: f.page,
          size: f.size,
          totals: { price: fromCents(Number(totals.price ?? 0)), brokerFee: fromCents(Number(totals.fee ?? 0)) },
        }),
      );
    },
  );

  app.get<{ Querystring: BookOrderFilter }>(
    '/api/BookOrder/export',
    {
      config: can('Export'),
      schema: {
        tags: TAGS,
        summary: 'CSV of every order the filter selects (streamed; paging ignored)',
        querystring: bookOrderFilter,
      },
    },
    async (request, reply) => {
      const stamp = today();
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="book-orders-${stamp}.csv"`);
      const matches = await matchesOf(request.query);
      return reply.send(Readable.from(csvLines(db, dialect, request.query, matches)));
    },
  );

  app.get<{ Params: IdParams }>(
    '/api/BookOrder/:id',
    {
      config: can('Read'),
      schema: { tags: TAGS, summary: 'One book order with its vehicles', params: idParams },
    },
    async (request) => ok(await mustLoad(db, request.params.id)),
  );

  app.get<{ Params: IdParams }>(
    '/api/BookOrder/:id/history',
    {
      config: can('Read'),
      schema: { tags: TAGS, summary: 'Status history, oldest first', params: idParams },
    },
    async (request) => {
      await mustLoad(db, request.params.id);
      const rows = await db
        .selectFrom('book_order_status_history as h')
        .leftJoin('users as u', 'u.id', 'h.actor_id')
        .select([
          'h.id',
          'h.from_status as fromStatus',
          'h.to_status as toStatus',
          'h.at',
          'h.note',
          'h.actor_id as actorId',
          'u.first_name as actorFirstName',
          'u.last_name as actorLastName',
        ])
        .where('h.book_order_id', '=', request.params.id)
        .orderBy('h.at')
        .orderBy('h.id')
        .execute();
      return ok(rows);
    },
  );

  app.get<{ Querystring: DuplicatesQuery }>(
    '/api/BookOrder/duplicates',
    {
      config: can('Read'),
      schema: {
        tags: TAGS,
        summary: 'Orders a load being typed likely repeats: same load board and load id, or a VIN on an open order',
        querystring: duplicatesQuery,
      },
    },
    async (request) => {
      const q = request.query;
      return ok(
        await findDuplicates(db, {
          loadBoard: q.loadBoard,
          loadId: q.loadId,
          vins: q.vin,
          exceptId: q.exceptId === undefined ? null : Number(q.exceptId),
        }),
      );
    },
  );

  app.post<{ Body: BookOrderInput }>(
    '/api/BookOrder',
    {
      config: can('Create'),
      schema: { tags: TAGS, summary: 'Book a load', body: bookOrderInput },
    },
    async (request) => {
      const input = request.body;
      const { id, deliveries } = await transact(db, (trx) => createOrderInside(trx, dialect, request, input));
      ctx.realtime.deliver(deliveries);
      return ok(await mustLoad(db, id));
    },
  );

  app.put<{ Params: IdParams; Body: z.output<typeof bookOrderUpdate> }>(
    '/api/BookOrder/:id',
    {
      config: can('Update'),
      schema: {
        tags: TAGS,
        summary: 'Update a book order; send the version you read (409 with the current record when stale)',
        params: idParams,
        body: bookOrderUpdate,
      },
    },
    async (request) => {
      const { version, ...input } = request.body;
      let deliveries: Delivery[] = [];
      const result = await guardedWrite(request, request.params.id, version, 'update', async (trx, before) => {
        await checkReferences(trx, input);
        // A driver or broker chosen now must pass the dispatch rules; the ones the order has are not checked again.
        await enforceBookingRules(trx, request, input, {
          id: before.id,
          before: { driverId: before.driverId, brokerId: before.brokerId },
        });
        const text = searchText(before.orderNumber, input);
        // Assigning or removing the driver moves a NEW / ASSIGNED order along, with a history row.
        const status =
          before.status === 'ASSIGNED' && !input.driverId
            ? 'NEW'
            : before.status === 'NEW' && input.driverId
              ? 'ASSIGNED'
              : before.status;
        const columns = orderColumns(input);
        // Deposits already matched to the order hold its price up and decide its payment status (an order marked PAID by
        // its status stays paid).
        const paymentStatus = await paymentStatusForPrice(trx, before.id, columns.price_cents ?? 0);
        const payment = paymentStatus && status !== 'PAID' ? { payment_status: paymentStatus } : {};
        await trx
          .updateTable('book_orders')
          .set({ ...columns, ...payment, search_text: text, status })
          .where('id', '=', before.id)
          .execute();
        if (status !== before.status) {
          await trx
            .insertInto('book_order_status_history')
            .values({
              book_order_id: before.id,
              from_status: before.status,
              to_status: status,
              at: new Date().toISOString(),
              actor_id: request.auth!.user.id,
              note: null,
            })
            .execute();
          await orderStatusChanged(trx, before.id, before.status, status);
        }
        await trx.deleteFrom('book_order_vehicles').where('book_order_id', '=', before.id).execute();
        await trx.insertInto('book_order_vehicles').values(vehicleColumns(before.id, input.vehicles)).execute();
        await indexSearch(trx, dialect, before.id, text);
        await rememberCities(trx, [input.pickup.city, input.delivery.city]);
        if (input.driverId && input.driverId !== before.driverId) {
          await orderAssigned(trx, before.id, input.driverId, before.driverId ?? null);
          deliveries = await orderAssignedToDriver(trx, {
            id: before.id,
            orderNumber: before.orderNumber,
            driverId: input.driverId,
            pickup: input.pickup,
            delivery: input.delivery,
          });
        }
      });
      ctx.realtime.deliver(deliveries);
      return result;
    },
  );

  app.post<{ Params: IdParams; Body: z.output<typeof statusChange> }>(
    '/api/BookOrder/:id/status',
    {
      config: can('Update'),
      schema: {
        tags: TAGS,
        summary: 'Move the order to another status (recorded in its history)',
        params: idParams,
        body: statusChange,
      },
    },
    async (request) => {
      const { status, note, version } = request.body;
      return guardedWrite(request, request.params.id, version, 'status', async (trx, before) => {
        const allowed = STATUS_TRANSITIONS[before.status as OrderStatus] ?? [];
        if (!allowed.includes(status))
          throw badRequest(
            allowed.length
              ? `From ${before.status} an order can go to ${allowed.join(', ')}`
              : `A ${before.status} order cannot change status`,
            'status',
          );
        if (status === 'ASSIGNED' && !before.driverId)
          throw badRequest('Assign a driver before marking the order assigned', 'status');
        await requireInspections(trx, before, status);
        await writeStatus(trx, before, status, request.auth!.user.id, note);
        await noticeStatusMove(ctx, trx, before.id, status);
      });
    },
  );

  app.post<{ Params: IdParams; Body: z.output<typeof approval> }>(
    '/api/BookOrder/:id/approve',
    {
      config: can('Approve'),
      schema: { tags: TAGS, summary: 'Approve the order (BookOrderApprover)', params: idParams, body: approval },
    },
    async (request) =>
      guardedWrite(request, request.params.id, request.body.version, 'approve', async (trx, before) => {
        if (before.approved) throw badRequest('The order is already approved');
        if (before.deleted) throw badRequest('A deleted order cannot be approved');
        await trx
          .updateTable('book_orders')
          .set({ approved: 1, approved_by: request.auth!.user.id, approved_at: new Date().toISOString() })
          .where('id', '=', before.id)
          .execute();
      }),
  );

  app.put<{ Params: IdParams; Body: z.output<typeof managerReview> }>(
    '/api/BookOrder/:id/manager-review',
    {
      config: can('Update'),
      schema: {
        tags: TAGS,
        summary: 'Flag or clear the order for a manager’s review',
        params: idParams,
        body: managerReview,
      },
    },
    async (request) =>
      guardedWrite(request, request.params.id, request.body.version, 'manager-review', async (trx, before) => {
        await trx
          .updateTable('book_orders')
          .set({ has_manager_review: request.body.hasManagerReview ? 1 : 0 })
          .where('id', '=', before.id)
          .execute();
      }),
  );

  app.delete<{ Params: IdParams }>(
    '/api/BookOrder/:id',
    {
      config: can('Delete'),
      schema: { tags: TAGS, summary: 'Delete the order (soft: it can be restored)', params: idParams },
    },
    async (request) => {
      const before = await mustLoad(db, request.params.id);
      if (before.deleted) return ok(before);
      return guardedWrite(request, before.id, before.version, 'delete', async (trx) => {
        await trx
          .updateTable('book_orders')
          .set({ deleted_at: new Date().toISOString() })
          .where('id', '=', before.id)
          .execute();
      });
    },
  );

  app.post<{ Params: IdParams }>(
    '/api/BookOrder/:id/restore',
    {
      config: can('Delete'),
      schema: { tags: TAGS, summary: 'Restore a deleted order', params: idParams },
    },
    async (request) => {
      const before = await mustLoad(db, request.params.id);
      if (!before.deleted) return ok(before);
      return guardedWrite(request, before.id, before.version, 'restore', async (trx) => {
        await trx.updateTable('book_orders').set({ deleted_at: null }).where('id', '=', before.id).execute();
      });
    },
  );
}
