import type { FastifyInstance } from 'fastify';
import { type Expression, sql } from 'kysely';
import { type BookOrderFilter, bookOrderFilter } from '../../../schema/bookOrders';
import {
  BOARD_COLUMNS,
  type BoardCard,
  type BoardDrag,
  type BoardOrderChange,
  type BoardQuery,
  boardQuery,
  toBoardCard,
} from '../../../schema/dispatchBoard';
import { fromCents } from '../../../schema/money';
import { HUB_METHODS } from '../../../schema/realtime';
import type { ServerContext } from '../../context';
import type { DialectName } from '../../db';
import type { Db } from '../../db/types';
import { compiledCache } from '../../db/prepared';
import { BOARD_CARD_COLUMNS, type ListPageRow, boardCardsOver, listQueries, ownTotals, today } from './queries';
import { BY_NAME, type SearchMatches, searchMatchesQuery } from './search';

/**
 * The dispatch board (schema/dispatchBoard.ts): windows of book orders per status column, and the live part
 * over the /notify hub. Moves and assignments are not routes of their own: the board calls the order's status and
 * update routes (routes.ts), so every rule, permission and version check is the edit form's.
 *
 * Live: every successful write of an order (any route of routes.ts) is sent as a card to the users who may read book
 * orders, on every server; a card picked up on one board is shown as held on the others (BoardDragging) until it is
 * let go, or the board that held it closes.
 */

const TAGS = ['Book orders'];
const FEATURE = 'BookOrders';
/** Who may read book orders is kept this long (and dropped at once when access changes anywhere). */
const READERS_TTL_MS = 10_000;

/** The book-order list filter of one column's window: the board's filter, its status, earliest pickup first. */
export function columnFilter(q: BoardQuery, status: string, page: number): BookOrderFilter {
  const text = (id: number | undefined) => (id === undefined ? undefined : String(id));
  return bookOrderFilter.parse({
    dispatcherId: text(q.dispatcherId),
    driverId: text(q.driverId),
    carrierId: text(q.carrierId),
    filtered: q.filtered,
    from: q.from,
    to: q.to,
    search: q.search || undefined,
    status,
    page: String(page),
    size: String(q.size),
    sort: 'pickupDate',
  });
}

/**
 * The board's read, as GET /api/BookOrder/board runs it (without HTTP, the session check and the envelope): the
 * columns of a query's window, each as JSON text. One per server (its statements are compiled once and kept);
 * bench/board.ts runs it bare beside the route.
 */
export function boardWindows(db: Db, dialect: DialectName): (q: BoardQuery) => Promise<string[]> {
  /**
   * The columns' pages in one statement and the totals of the full ones in another, whatever the number of columns:
   * ten statements for the first window cost PostgreSQL twice the work of two (its per-statement overhead), and each
   * one cost the server its own round trip. Each column is still its own list query (listQueries), in its own UNION
   * ALL branch; `ord` keeps the columns apart and in order. The cards are rendered once over the whole union
   * (queries.ts boardCardsOver).
   */
  const unionOf = (parts: Expression<unknown>[]) =>
    sql.join(
      parts.map((part, ord) => {
        const alias = sql.raw(`c${ord}`);
        return sql`select ${sql.lit(ord)} as ord, ${alias}.* from (${part}) as ${alias}`;
      }),
      sql` union all `,
    );
  type WindowKey = { day: string; statuses: readonly string[]; q: BoardQuery; page: number; matches: SearchMatches };
  const columnQueries = ({ day, statuses, q, page, matches }: WindowKey) =>
    statuses.map((status) => {
      const f = columnFilter(q, status, page);
      return { f, ...listQueries(db, dialect, f, day, matches, BOARD_CARD_COLUMNS) };
    });
  const keyOf = (key: WindowKey) => JSON.stringify([key.day, key.statuses, key.q, key.page, key.matches]);
  const compiledPages = compiledCache(500, keyOf, (key) => ({
    pages: boardCardsOver(dialect, unionOf(columnQueries(key).map((c) => c.page))).compile(db),
  }));
  const compiledTotals = compiledCache(
    500,
    (key: WindowKey & { full: number[] }) => `${keyOf(key)}${key.full.join(',')}`,
    (key) => {
      const columns = columnQueries(key);
      return { totals: unionOf(key.full.map((index) => columns[index].totals)).compile(db) };
    },
  );
  const findSearchMatches = searchMatchesQuery(db);

  /** The columns' windows as JSON text (the cards are rendered by the database, as the list's rows). */
  async function windowJson(key: WindowKey): Promise<string[]> {
    const size = key.q.size;
    const rows = (await db.executeQuery(compiledPages(key).pages)).rows as (ListPageRow & { ord: number })[];
    const pages = key.statuses.map((_status, ord) => rows.filter((row) => Number(row.ord) === ord));
    const totals = new Map<number, { count: number; price: number | null }>();
    pages.forEach((page, ord) => {
      const own = ownTotals(page, key.page, size);
      if (own) totals.set(ord, own);
    });
    const full = key.statuses.flatMap((_status, ord) => (totals.has(ord) ? [] : [ord]));
    if (full.length) {
      const summed = (await db.executeQuery(compiledTotals({ ...key, full }).totals)).rows as {
        ord: number;
        count: number;
        price: number | null;
      }[];
      for (const row of summed) totals.set(full[Number(row.ord)], row);
    }
    return key.statuses.map((status, ord) => {
      const { count, price } = totals.get(ord)!;
      const head = JSON.stringify({
        status,
        totalCount: Number(count ?? 0),
        totalPrice: fromCents(Number(price ?? 0)),
        page: key.page,
        size,
      });
      return `${head.slice(0, -1)},"items":[${pages[ord].map((row) => row.item).join(',')}]}`;
    });
  }

  return async (q) => {
    const matches = q.search ? await findSearchMatches(db, q.search) : BY_NAME;
    return windowJson({ day: today(), statuses: q.status ? [q.status] : BOARD_COLUMNS, q, page: q.page, matches });
  };
}

export default async function boardRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db, dialect, realtime, permissions } = ctx;
  const windows = boardWindows(db, dialect);

  app.get<{ Querystring: BoardQuery }>(
    '/api/BookOrder/board',
    {
      config: { access: { feature: FEATURE, permission: 'Read' } },
      schema: {
        tags: TAGS,
        summary:
          'The dispatch board: per status column its first cards (earliest pickup first), count and total price for the filter; with status and page, that column’s next window',
        querystring: boardQuery,
      },
    },
    async (request, reply) => {
      const columns = await windows(request.query);
      return reply.type('application/json; charset=utf-8').send(`{"value":{"columns":[${columns.join(',')}]}}`);
    },
  );

  // ------------------------------------------------------------------ live

  let readers: { at: number; ids: Promise<number[]> } | null = null;
  realtime.onAccessChanged(() => {
    readers = null;
  });
  /** The users who may read book orders now (their roles grant Read on the feature). */
  function readerIds(): Promise<number[]> {
    if (readers && Date.now() - readers.at < READERS_TTL_MS) return readers.ids;
    const ids = (async () => {
      const roles = await db.selectFrom('roles').select('id').execute();
      const allowed: number[] = [];
      for (const role of roles) if (await permissions.allows([role.id], [FEATURE], 'Read')) allowed.push(role.id);
      if (!allowed.length) return [];
      const rows = await db
        .selectFrom('user_roles as ur')
        .innerJoin('users as u', 'u.id', 'ur.user_id')
        .select('ur.user_id')
        .distinct()
        .where('ur.role_id', 'in', allowed)
        .where('u.deleted_at', 'is', null)
        .execute();
      return rows.map((row) => row.user_id);
    })();
    readers = { at: Date.now(), ids };
    ids.catch(() => {
      readers = null;
    });
    return ids;
  }

  /** After a successful write of an order by any route of this module: the order as a card, to every reader. */
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const url = request.routeOptions.url ?? '';
    if (!url.startsWith('/api/BookOrder')) return payload;
    let card: BoardCard;
    try {
      const order = (JSON.parse(payload) as { value?: BoardCard }).value;
      if (!order || typeof order.id !== 'number' || typeof order.orderNumber !== 'string' || !order.pickup)
        return payload;
      card = toBoardCard(order);
    } catch {
      return payload;
    }
    announce(card);
    return payload;
  });
  // An order written elsewhere (a driver's completed inspections): the same card to the same readers.
  ctx.orderChanges.on((order) => announce(toBoardCard(order as BoardCard)));

  function announce(card: BoardCard) {
    readerIds().then(
      (ids) => realtime.sendToUsers(ids, HUB_METHODS.boardOrderChanged, [{ card } satisfies BoardOrderChange]),
      (error: unknown) => app.log.warn({ err: error }, 'dispatch board: the change could not be sent'),
    );
  }

  /** The cards held through this server's connections, by connection: let go for the others when it closes. */
  const holds = new Map<string, BoardDrag>();
  realtime.onConnectionClosed((_user, connectionId) => {
    const hold = holds.get(connectionId);
    if (!hold) return;
    holds.delete(connectionId);
    readerIds().then(
      (ids) =>
        realtime.sendToUsers(
          ids.filter((id) => id !== hold.userId),
          HUB_METHODS.boardDrag,
          [{ ...hold, orderId: null } satisfies BoardDrag],
        ),
      (error: unknown) => app.log.warn({ err: error }, 'dispatch board: a closed board’s card could not be let go'),
    );
  });

  realtime.addMethod(HUB_METHODS.boardDragging, async (caller, args, connectionId) => {
    const orderId = args[0];
    if (
      args.length !== 1 ||
      !(
        orderId === null ||
        (Number.isInteger(orderId) && (orderId as number) > 0 && (orderId as number) <= 2_147_483_647)
      )
    ) {
      throw new Error(`${HUB_METHODS.boardDragging} takes one argument: an order id, or null`);
    }
    const ids = await readerIds();
    if (!ids.includes(caller.userId)) throw new Error('You may not see the dispatch board');
    const drag: BoardDrag = {
      orderId: orderId as number | null,
      userId: caller.userId,
      name: `${caller.firstName} ${caller.lastName}`.trim(),
    };
    if (drag.orderId === null) holds.delete(connectionId);
    else holds.set(connectionId, drag);
    realtime.sendToUsers(
      ids.filter((id) => id !== caller.userId),
      HUB_METHODS.boardDrag,
      [drag],
    );
    return null;
  });
}
