import { type SelectQueryBuilder, sql } from 'kysely';
import { fromCents } from '../../../schema/records';
import { idParams } from '../../../schema/common';
import { todayIso } from '../../../schema/expiry';
import { type Period, periodRange, weekStart } from '../../../schema/period';
import { usDate } from '../../../schema/format';
import {
  type LedgerTotals, type LinkType, TRANSACTION_CATEGORIES, TRANSACTION_TYPE_LABELS, DEFAULT_CATEGORY, type TransactionType, categoryTypesQuery,
  type transactions, voidBody,
} from '../../../schema/resources/transactions';
import { ok, type ServerContext } from '../../context';
import type { Db } from '../../db/types';
import { ApiError, badRequest, conflict } from '../../http/errors';
import type { RecordExtension } from '../records/fromDefinition';
import type { AnyQuery } from '../records/types';
import { addToTotals, eventKey, opposite, postEntries } from './ledger';
import { driverScope, driverScopeWhere } from './scope';

type Query = (typeof transactions)['types']['query'];

const LINK_NAMES: Record<LinkType, string> = { BOOK_ORDER: 'Order', TICKET: 'Ticket', CITATION: 'Citation', CLAIM: 'Claim', BANK: 'Bank match' };
/** Links a user may type in the post dialog; the others are posted by their own screens (tickets, claims, the bank). */
const MANUAL_LINKS: readonly LinkType[] = ['BOOK_ORDER'];

/** What an entry's link reads as: 'Order BO-2026-00017', 'Ticket #4'. */
const linkLabel = (type: string | null, id: number | null, orderNumber: string | null) =>
  !type || !id ? null : type === 'BOOK_ORDER' && orderNumber ? `Order ${orderNumber}` : `${LINK_NAMES[type as LinkType] ?? type} #${id}`;

/** The key that makes a posting happen once: the event (link and type) when there is one, else the client's key. */
const postingKey = (input: { linkType?: string | null; linkId?: number | null; type?: string; idempotencyKey?: string | null }) =>
  eventKey(input.linkType, input.linkId, input.type ?? '') ?? input.idempotencyKey ?? null;

/** Query keys the daily sums answer (a driver and a period); any other filter needs the entries themselves. */
const DAY_SUM_KEYS = new Set(['page', 'size', 'sort', 'showDeleted', 'filtered', 'from', 'to', 'driverId']);
/** Query keys the sums per type and day answer (a type over a period, every driver). */
const TYPE_DAY_KEYS = new Set(['page', 'size', 'sort', 'showDeleted', 'filtered', 'from', 'to', 'type']);

/**
 * Totals of a filtered ledger list. A driver and a period alone are read from the daily sums kept with every posting,
 * a type and a period from the sums per type and day (a few rows whatever the ledger's size); other filters sum the
 * entries the list shows, in SQL.
 */
async function ledgerTotals(db: Db, rows: AnyQuery, query: Query, scopedDriver: number | null | undefined): Promise<LedgerTotals & { totalCount: number }> {
  const answers = (keys: Set<string>) => Object.entries(query).every(([key, value]) => value === undefined || keys.has(key));
  let sums: { credits: unknown; debits: unknown; entries: unknown } | undefined;
  if (query.type !== undefined && scopedDriver === undefined && answers(TYPE_DAY_KEYS)) {
    const range = periodRange(query.filtered as Period, todayIso(), query.from, query.to);
    let days = db.selectFrom('ledger_type_days')
      .select((eb) => [eb.fn.sum<number>('credits_cents').as('credits'), eb.fn.sum<number>('debits_cents').as('debits'), eb.fn.sum<number>('entries').as('entries')])
      .where('type', '=', query.type);
    if (range.from) days = days.where('day', '>=', range.from);
    if (range.to) days = days.where('day', '<=', range.to);
    sums = await days.executeTakeFirst();
  } else if (answers(DAY_SUM_KEYS)) {
    const range = periodRange(query.filtered as Period, todayIso(), query.from, query.to);
    const driverId = scopedDriver !== undefined ? (query.driverId !== undefined && query.driverId !== scopedDriver ? -1 : (scopedDriver ?? -1)) : query.driverId;
    let days = db.selectFrom('driver_ledger_days')
      .select((eb) => [eb.fn.sum<number>('credits_cents').as('credits'), eb.fn.sum<number>('debits_cents').as('debits'), eb.fn.sum<number>('entries').as('entries')]);
    if (driverId !== undefined) days = days.where('driver_id', '=', driverId);
    if (range.from) days = days.where('day', '>=', range.from);
    if (range.to) days = days.where('day', '<=', range.to);
    sums = await days.executeTakeFirst();
  } else {
    sums = (await (rows as SelectQueryBuilder<never, never, never>)
      .select([
        sql<number>`sum(case when r.direction = 'CREDIT' then r.amount_cents else 0 end)`.as('credits'),
        sql<number>`sum(case when r.direction = 'DEBIT' then r.amount_cents else 0 end)`.as('debits'),
        sql<number>`count(*)`.as('entries'),
      ])
      .executeTakeFirst()) as typeof sums;
  }
  const credits = Number(sums?.credits ?? 0);
  const debits = Number(sums?.debits ?? 0);
  return { credits: fromCents(credits), debits: fromCents(debits), net: fromCents(credits - debits), totalCount: Number(sums?.entries ?? 0) };
}

/**
 * The driver ledger (schema/resources/transactions.ts) on the server: append-only entries posted through the record
 * routes (the post dialog) or `postEntries` (bills, the seed), each keeping the driver's totals in the same
 * transaction; a void reverses an entry; a driver sees only their own entries.
 */
export function transactionExtension(ctx: ServerContext): RecordExtension<typeof transactions> {
  const { db } = ctx;
  return {
    select: (query) =>
      query
        .leftJoin('users as pb', 'pb.id', 'r.posted_by')
        .leftJoin('book_orders as lo', (join) => join.onRef('lo.id', '=', 'r.link_id').on('r.link_type', '=', 'BOOK_ORDER'))
        .select(['pb.first_name as postedByFirst', 'pb.last_name as postedByLast', 'lo.order_number as linkOrderNumber']),
    computed: (r) => ({
      linkLabel: linkLabel(r.link_type as string | null, r.link_id as number | null, r.linkOrderNumber as string | null),
      status: r.voids_id ? 'VOID' : r.voided_by_id ? 'VOIDED' : 'POSTED',
      voidsId: (r.voids_id as number | null) ?? null,
      voidedById: (r.voided_by_id as number | null) ?? null,
      voidReason: (r.void_reason as string | null) ?? null,
      payBillId: (r.pay_bill_id as number | null) ?? null,
      postedBy: r.postedByFirst ? `${r.postedByFirst} ${r.postedByLast}` : null,
    }),
    columns: (input, before, request) => (before ? {} : { posted_by: request.auth?.user.id ?? null, idempotency_key: postingKey(input as never) }),
    search: ['(select d.first_name || \' \' || d.last_name from drivers d where d.id = r.driver_id)'],
    filters: {
      payBillId: (id: number) => (eb) => eb('r.pay_bill_id', '=', id),
      voided: (voided: boolean) => (eb) =>
        voided ? eb.or([eb('r.voids_id', 'is not', null), eb('r.voided_by_id', 'is not', null)]) : eb.and([eb('r.voids_id', 'is', null), eb('r.voided_by_id', 'is', null)]),
    },
    unique: [{
      field: 'idempotencyKey',
      expression: 'idempotency_key',
      value: (input) => postingKey(input as never),
      message: (input) => (input.linkType && input.linkId
        ? `${TRANSACTION_TYPE_LABELS[input.type as TransactionType]} for this ${LINK_NAMES[input.linkType as LinkType].toLowerCase()} is already posted; void it first to post it again`
        : 'This entry is already posted (the same request came twice)'),
    }],
    beforeWrite: async (trx, { action, input }) => {
      if (action !== 'create' || !input) return;
      // A week whose bill is approved or paid is closed: an entry dated in it would change a settled statement.
      const week = weekStart(input.postedOn as string);
      const closed = await trx.selectFrom('pay_bills').select(['id', 'status']).where('driver_id', '=', input.driverId as number).where('week_start', '=', week).where('status', '!=', 'DRAFT').executeTakeFirst();
      if (closed) {
        throw new ApiError(409, `The week of ${usDate(week)} is settled for this driver (bill #${closed.id} is ${closed.status === 'PAID' ? 'paid' : 'approved'}): date the entry after that week and it goes on the next bill`, 'conflict', 'postedOn');
      }
      if (!input.linkType || !input.linkId) return;
      if (!MANUAL_LINKS.includes(input.linkType as LinkType)) throw badRequest('Entries for tickets, citations, claims and bank matches are posted from those screens', 'linkType');
      const order = await trx.selectFrom('book_orders').select(['driver_id', 'order_number']).where('id', '=', input.linkId).where('deleted_at', 'is', null).executeTakeFirst();
      if (!order) throw badRequest('Choose a book order from the list', 'linkId');
      if (order.driver_id !== input.driverId) throw badRequest(`Order ${order.order_number} is not this driver's load`, 'linkId');
    },
    afterCreate: (trx, { after }) =>
      addToTotals(trx, [{ driverId: after.driverId, day: after.postedOn, direction: after.direction, type: after.type, amountCents: Math.round(after.amount * 100) }]),
    scope: (request) => driverScopeWhere(ctx, request),
    listExtras: async (rows, query, request) => {
      const scope = request ? await driverScope(ctx, request) : null;
      const { totalCount, ...totals } = await ledgerTotals(db, rows, query, scope ? scope.driverId : undefined);
      return { totals, totalCount };
    },
    routes: (app, _ctx, records) => {
      const tags = ['Driver transactions'];
      app.post<{ Params: { id: number }; Body: { version: number; reason: string } }>('/api/DriverTransactions/:id/void', {
        config: records.access('Delete'),
        schema: { tags, summary: 'Void an entry: a reversing entry that points to it; both stay. Send the version you read', params: idParams, body: voidBody },
      }, async (request) => {
        const userId = request.auth?.user.id ?? null;
        const voided = await records.guarded(request, request.params.id, 'void', async (trx, before) => {
          if (before.status === 'VOID') throw badRequest('This entry is itself a void; post a new entry to correct it', 'id');
          if (before.status === 'VOIDED') throw conflict(`Entry #${before.id} is already voided (by entry #${before.voidedById})`);
          const [reversalId] = await postEntries(trx, [{
            driverId: before.driverId, postedOn: todayIso(), type: before.type, direction: opposite(before.direction), amountCents: Math.round(before.amount * 100),
            moneySource: before.moneySource, paymentMethod: before.paymentMethod, reference: before.reference, category: before.category,
            memo: `Void of entry #${before.id}: ${request.body.reason}`, linkType: before.linkType, linkId: before.linkId, voidsId: before.id, voidReason: request.body.reason, postedBy: userId,
            idempotencyKey: `VOID:${before.id}`,
          }]);
          // The event is free again (a corrected entry may be posted for it); the old key stays readable.
          const key = await trx.selectFrom('driver_transactions').select('idempotency_key').where('id', '=', before.id).executeTakeFirstOrThrow();
          await trx.updateTable('driver_transactions')
            .set({ voided_by_id: reversalId, voided_at: new Date().toISOString(), void_reason: request.body.reason, idempotency_key: key.idempotency_key ? `VOIDED:${before.id}:${key.idempotency_key}` : null })
            .where('id', '=', before.id).execute();
        }, request.body.version);
        return ok(voided);
      });

      app.get<{ Querystring: { type?: TransactionType } }>('/api/Invoices/get-category-types', {
        config: records.access('Read', true),
        schema: { tags, summary: 'The categories an entry may be filed under; with type, the one that type starts with', querystring: categoryTypesQuery },
      }, async (request) => ok({ categories: TRANSACTION_CATEGORIES, default: request.query.type ? DEFAULT_CATEGORY[request.query.type] : null }));
    },
  };
}
