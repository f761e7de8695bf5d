import { type Compilable, type CompiledQuery, type RawBuilder, sql } from 'kysely';
import { fromCents, toCents } from '../../../schema/money';
import { idParams } from '../../../schema/common';
import { todayIso } from '../../../schema/expiry';
import { type Period, periodRange, weekStart } from '../../../schema/period';
import { usDate } from '../../../schema/format';
import {
  type LedgerTotals,
  type LinkType,
  TRANSACTION_CATEGORIES,
  TRANSACTION_TYPE_LABELS,
  DEFAULT_CATEGORY,
  type TransactionType,
  categoryTypesQuery,
  type transactions,
  voidBody,
} from '../../../schema/resources/transactions';
import { ok, type ServerContext } from '../../context';
import { prepared } from '../../db/prepared';
import type { Db } from '../../db/types';
import { ApiError, badRequest, conflict } from '../../http/errors';
import type { RecordExtension } from '../records/fromDefinition';
import type { AnyQuery } from '../records/types';
import { addToTotals, eventKey, reverseEntry } from './ledger';
import { driverScope, driverScopeWhere } from './scope';

type Query = (typeof transactions)['types']['query'];

const LINK_NAMES: Record<LinkType, string> = {
  BOOK_ORDER: 'Order',
  TICKET: 'Ticket',
  CITATION: 'Citation',
  CLAIM: 'Claim',
  BANK: 'Bank match',
};
/** Links a user may type in the post dialog; the others are posted by their own screens (tickets, claims, the bank). */
const MANUAL_LINKS: readonly LinkType[] = ['BOOK_ORDER'];

/** What an entry's link reads as: 'Order BO-2026-00017', 'Ticket #4'. */
const linkLabel = (type: string | null, id: number | null, orderNumber: string | null) =>
  !type || !id
    ? null
    : type === 'BOOK_ORDER' && orderNumber
      ? `Order ${orderNumber}`
      : `${LINK_NAMES[type as LinkType] ?? type} #${id}`;

/** The key that makes a posting happen once: the event (link and type) when there is one, else the client's key. */
const postingKey = (input: {
  linkType?: string | null;
  linkId?: number | null;
  type?: string;
  idempotencyKey?: string | null;
}) => eventKey(input.linkType, input.linkId, input.type ?? '') ?? input.idempotencyKey ?? null;

/** Query keys the daily sums answer (a driver and a period); any other filter needs the entries themselves. */
const DAY_SUM_KEYS = new Set(['page', 'size', 'sort', 'showDeleted', 'filtered', 'from', 'to', 'driverId']);
/** Query keys the sums per type and day answer (a type over a period, every driver). */
const TYPE_DAY_KEYS = new Set(['page', 'size', 'sort', 'showDeleted', 'filtered', 'from', 'to', 'type']);

type SumsRow = { credits: unknown; debits: unknown; entries: unknown };
type KeptTotals = 'driver_ledger_days' | 'ledger_type_days' | 'driver_balances';

/**
 * The sums of a kept-totals table under equalities and a day range, each shape compiled once (db/prepared.ts): the
 * ledger list asks for them on every page. driver_balances holds each driver's all-time sums in one row.
 */
function keptSums(db: Db) {
  const shapes = new Map<string, (...values: unknown[]) => CompiledQuery<SumsRow>>();
  return async (
    table: KeptTotals,
    conditions: readonly (readonly [column: string, op: '=' | '>=' | '<=', value: unknown])[],
  ): Promise<SumsRow | undefined> => {
    const key = `${table} ${conditions.map(([column, op]) => `${column}${op}`).join(' ')}`;
    let statement = shapes.get(key);
    if (!statement) {
      const [credits, debits, entries] =
        table === 'driver_balances'
          ? ['credits_cents', 'debits_cents', 'entries']
          : ['sum(credits_cents)', 'sum(debits_cents)', 'sum(entries)'];
      statement = prepared(
        (...values: unknown[]) =>
          conditions.reduce(
            (query, [column, op], index) => query.where(column as never, op, values[index] as never),
            db
              .selectFrom(table)
              .select([sql.raw(credits).as('credits'), sql.raw(debits).as('debits'), sql.raw(entries).as('entries')]),
          ) as unknown as Compilable<SumsRow>,
      );
      shapes.set(key, statement);
    }
    return (await db.executeQuery(statement(...conditions.map(([, , value]) => value)))).rows[0];
  };
}

/**
 * Totals of a filtered ledger list. A driver and a period alone are read from the daily sums kept with every posting
 * (a driver's whole ledger from their running totals, one row), a type and a period from the sums per type and day (a
 * few rows whatever the ledger's size); other filters sum the entries the list shows, in SQL.
 */
async function ledgerTotals(
  sums: ReturnType<typeof keptSums>,
  rows: AnyQuery,
  query: Query,
  scopedDriver: number | null | undefined,
): Promise<LedgerTotals & { totalCount: number }> {
  const answers = (keys: Set<string>) =>
    Object.entries(query).every(([key, value]) => value === undefined || keys.has(key));
  let found: SumsRow | undefined;
  if (query.type !== undefined && scopedDriver === undefined && answers(TYPE_DAY_KEYS)) {
    const range = periodRange(query.filtered as Period, todayIso(), query.from, query.to);
    found = await sums('ledger_type_days', [
      ['type', '=', query.type],
      ...(range.from ? [['day', '>=', range.from] as const] : []),
      ...(range.to ? [['day', '<=', range.to] as const] : []),
    ]);
  } else if (answers(DAY_SUM_KEYS)) {
    const range = periodRange(query.filtered as Period, todayIso(), query.from, query.to);
    const driverId =
      scopedDriver !== undefined
        ? query.driverId !== undefined && query.driverId !== scopedDriver
          ? -1
          : (scopedDriver ?? -1)
        : query.driverId;
    const days = [
      ...(range.from ? [['day', '>=', range.from] as const] : []),
      ...(range.to ? [['day', '<=', range.to] as const] : []),
    ];
    // Both tables change in the same transaction as the entries (ledger.ts addToTotals).
    found =
      driverId !== undefined && !days.length
        ? await sums('driver_balances', [['driver_id', '=', driverId]])
        : await sums('driver_ledger_days', [
            ...(driverId !== undefined ? [['driver_id', '=', driverId] as const] : []),
            ...days,
          ]);
  } else {
    found = (await rows
      .select([
        sql<number>`sum(case when r.direction = 'CREDIT' then r.amount_cents else 0 end)`.as('credits'),
        sql<number>`sum(case when r.direction = 'DEBIT' then r.amount_cents else 0 end)`.as('debits'),
        sql<number>`count(*)`.as('entries'),
      ])
      .executeTakeFirst()) as SumsRow | undefined;
  }
  const credits = Number(found?.credits ?? 0);
  const debits = Number(found?.debits ?? 0);
  return {
    credits: fromCents(credits),
    debits: fromCents(debits),
    net: fromCents(credits - debits),
    totalCount: Number(found?.entries ?? 0),
  };
}

/** linkLabel in SQL, for the list the database renders: the same words for the same row. */
function linkLabelSql(): RawBuilder<string | null> {
  const names = sql.join(
    Object.entries(LINK_NAMES).map(([type, name]) => sql`when ${sql.lit(type)} then ${sql.lit(name)}`),
    sql` `,
  );
  return sql<string | null>`case
    when r.link_type is null or r.link_type = '' or r.link_id is null or r.link_id = 0 then null
    when r.link_type = 'BOOK_ORDER' and lo.order_number is not null and lo.order_number <> '' then 'Order ' || lo.order_number
    else (case r.link_type ${names} else r.link_type end) || ' #' || r.link_id end`;
}

/**
 * The driver ledger (schema/resources/transactions.ts) on the server: append-only entries posted through the record
 * routes (the post dialog) or `postEntries` (bills, the seed), each keeping the driver's totals in the same
 * transaction; a void reverses an entry; a driver sees only their own entries.
 */
export function transactionExtension(ctx: ServerContext): RecordExtension<typeof transactions> {
  const sums = keptSums(ctx.db);
  return {
    select: (query) =>
      query
        .leftJoin('users as pb', 'pb.id', 'r.posted_by')
        .leftJoin('book_orders as lo', (join) =>
          join.onRef('lo.id', '=', 'r.link_id').on('r.link_type', '=', 'BOOK_ORDER'),
        )
        .select([
          'pb.first_name as postedByFirst',
          'pb.last_name as postedByLast',
          'lo.order_number as linkOrderNumber',
        ]),
    // What computed gives, rendered by the database for the list (records/fromDefinition.ts listItemOf).
    computedJson: () => ({
      linkLabel: linkLabelSql(),
      status: sql<string>`case when r.voids_id is not null and r.voids_id <> 0 then 'VOID' when r.voided_by_id is not null and r.voided_by_id <> 0 then 'VOIDED' else 'POSTED' end`,
      voidsId: sql.ref('r.voids_id'),
      voidedById: sql.ref('r.voided_by_id'),
      voidReason: sql.ref('r.void_reason'),
      payBillId: sql.ref('r.pay_bill_id'),
      postedBy: sql<
        string | null
      >`case when pb.first_name is not null and pb.first_name <> '' then pb.first_name || ' ' || pb.last_name end`,
    }),
    computed: (r) => ({
      linkLabel: linkLabel(
        r.link_type as string | null,
        r.link_id as number | null,
        r.linkOrderNumber as string | null,
      ),
      status: r.voids_id ? 'VOID' : r.voided_by_id ? 'VOIDED' : 'POSTED',
      voidsId: (r.voids_id as number | null) ?? null,
      voidedById: (r.voided_by_id as number | null) ?? null,
      voidReason: (r.void_reason as string | null) ?? null,
      payBillId: (r.pay_bill_id as number | null) ?? null,
      postedBy: r.postedByFirst ? `${r.postedByFirst} ${r.postedByLast}` : null,
    }),
    columns: (input, before, request) =>
      before ? {} : { posted_by: request.auth?.user.id ?? null, idempotency_key: postingKey(input) },
    search: ["(select d.first_name || ' ' || d.last_name from drivers d where d.id = r.driver_id)"],
    filters: {
      payBillId: (id: number) => (eb) => eb('r.pay_bill_id', '=', id),
      voided: (voided: boolean) => (eb) =>
        voided
          ? eb.or([eb('r.voids_id', 'is not', null), eb('r.voided_by_id', 'is not', null)])
          : eb.and([eb('r.voids_id', 'is', null), eb('r.voided_by_id', 'is', null)]),
    },
    unique: [
      {
        field: 'idempotencyKey',
        expression: 'idempotency_key',
        value: (input) => postingKey(input),
        message: (input) =>
          input.linkType && input.linkId
            ? `${TRANSACTION_TYPE_LABELS[input.type as TransactionType]} for this ${LINK_NAMES[input.linkType as LinkType].toLowerCase()} is already posted; void it first to post it again`
            : 'This entry is already posted (the same request came twice)',
      },
    ],
    beforeWrite: async (trx, { action, input }) => {
      if (action !== 'create' || !input) return;
      // A week whose bill is approved or paid is closed: an entry dated in it would change a settled statement.
      const week = weekStart(input.postedOn as string);
      const closed = await trx
        .selectFrom('pay_bills')
        .select(['id', 'status'])
        .where('driver_id', '=', input.driverId as number)
        .where('week_start', '=', week)
        .where('status', '!=', 'DRAFT')
        .executeTakeFirst();
      if (closed) {
        throw new ApiError(
          409,
          `The week of ${usDate(week)} is settled for this driver (bill #${closed.id} is ${closed.status === 'PAID' ? 'paid' : 'approved'}): date the entry after that week and it goes on the next bill`,
          'conflict',
          'postedOn',
        );
      }
      if (!input.linkType || !input.linkId) return;
      if (!MANUAL_LINKS.includes(input.linkType as LinkType))
        throw badRequest(
          'Entries for tickets, citations, claims and bank matches are posted from those screens',
          'linkType',
        );
      const order = await trx
        .selectFrom('book_orders')
        .select(['driver_id', 'order_number'])
        .where('id', '=', input.linkId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!order) throw badRequest('Choose a book order from the list', 'linkId');
      if (order.driver_id !== input.driverId)
        throw badRequest(`Order ${order.order_number} is not this driver's load`, 'linkId');
    },
    afterCreate: (trx, { after }) =>
      addToTotals(trx, [
        {
          driverId: after.driverId,
          day: after.postedOn,
          direction: after.direction,
          type: after.type,
          amountCents: toCents(after.amount),
        },
      ]),
    scope: (request) => driverScopeWhere(ctx, request),
    listExtras: async (rows, query, request) => {
      const scope = request ? await driverScope(ctx, request) : null;
      const { totalCount, ...totals } = await ledgerTotals(sums, rows, query, scope ? scope.driverId : undefined);
      return { totals, totalCount };
    },
    routes: (app, _ctx, records) => {
      const tags = ['Driver transactions'];
      app.post<{ Params: { id: number }; Body: { version: number; reason: string } }>(
        '/api/DriverTransactions/:id/void',
        {
          config: records.access('Delete'),
          schema: {
            tags,
            summary: 'Void an entry: a reversing entry that points to it; both stay. Send the version you read',
            params: idParams,
            body: voidBody,
          },
        },
        async (request) => {
          const userId = request.auth?.user.id ?? null;
          const voided = await records.guarded(
            request,
            request.params.id,
            'void',
            async (trx, before) => {
              if (before.status === 'VOID')
                throw badRequest('This entry is itself a void; post a new entry to correct it', 'id');
              if (before.status === 'VOIDED')
                throw conflict(`Entry #${before.id} is already voided (by entry #${before.voidedById})`);
              await reverseEntry(
                trx,
                { ...before, amountCents: toCents(before.amount) },
                request.body.reason,
                userId,
                todayIso(),
              );
            },
            request.body.version,
          );
          return ok(voided);
        },
      );

      app.get<{ Querystring: { type?: TransactionType } }>(
        '/api/Invoices/get-category-types',
        {
          config: records.access('Read', true),
          schema: {
            tags,
            summary: 'The categories an entry may be filed under; with type, the one that type starts with',
            querystring: categoryTypesQuery,
          },
        },
        async (request) =>
          ok({
            categories: TRANSACTION_CATEGORIES,
            default: request.query.type ? DEFAULT_CATEGORY[request.query.type] : null,
          }),
      );
    },
  };
}
