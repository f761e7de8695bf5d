import type { FastifyInstance } from 'fastify';
import { type BookOrderFilter, bookOrderFilter } from '../../../schema/bookOrders';
import { BOARD_COLUMNS, type BoardCard, type BoardDrag, type BoardOrderChange, type BoardQuery, boardQuery, toBoardCard } from '../../../schema/dispatchBoard';
import { HUB_METHODS } from '../../../schema/realtime';
import type { ServerContext } from '../../context';
import { compiledCache } from '../../db/prepared';
import { toDollars } from './mapping';
import { type ListPageRow, listQueries, today } from './queries';
import { BY_NAME, type SearchMatches, searchMatchesQuery } from './search';

/**
 * The dispatch board (issue 27, schema/dispatchBoard.ts): windows of book orders per status column, and the live part
 * over the /notify hub. Moves and assignments are not routes of their own: the board calls the order's status and
 * update routes (routes.ts), so every rule, permission and version check is the edit form's.
 *
 * Live: every successful write of an order (any route of routes.ts) is sent as a card to the users who may read book
 * orders, on every server; a card picked up on one board is shown as held on the others (BoardDragging).
 */

const TAGS = ['Book orders'];
const FEATURE = 'BookOrders';
/** Who may read book orders is kept this long (and dropped at once when access changes anywhere). */
const READERS_TTL_MS = 10_000;

/** The book-order list filter of one column's window: the board's filter, its status, earliest pickup first. */
export function columnFilter(q: BoardQuery, status: string, page: number): BookOrderFilter {
  const text = (id: number | undefined) => (id === undefined ? undefined : String(id));
  return bookOrderFilter.parse({
    dispatcherId: text(q.dispatcherId), driverId: text(q.driverId), carrierId: text(q.carrierId), filtered: q.filtered, from: q.from, to: q.to,
    search: q.search || undefined, status, page: String(page), size: String(q.size), sort: 'pickupDate',
  });
}

export default async function boardRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db, dialect, realtime, permissions } = ctx;

  const compiled = compiledCache(500, ({ day, f, matches }: { day: string; f: BookOrderFilter; matches: SearchMatches }) => JSON.stringify([day, f, matches]), ({ day, f, matches }) => {
    const { totals, page } = listQueries(db, dialect, f, day, matches);
    return { totals: totals.compile(), page: page.compile() };
  });
  const findSearchMatches = searchMatchesQuery(db);

  /** One column's window as JSON text (the cards are rendered by the database, as the list's rows). */
  async function columnJson(q: BoardQuery, status: string, page: number, matches: SearchMatches, day: string): Promise<string> {
    const f = columnFilter(q, status, page);
    const queries = compiled({ day, f, matches });
    const rows = (await db.executeQuery(queries.page)).rows as ListPageRow[];
    const totals = page === 0 && rows.length < f.size
      ? { count: rows.length, price: rows.reduce((sum, row) => sum + Number(row.price_cents), 0) }
      : (await db.executeQuery(queries.totals)).rows[0] as { count: number; price: number | null };
    const head = JSON.stringify({ status, totalCount: Number(totals.count), totalPrice: toDollars(Number(totals.price ?? 0)), page, size: f.size });
    return `${head.slice(0, -1)},"items":[${rows.map((row) => row.item).join(',')}]}`;
  }

  app.get<{ Querystring: BoardQuery }>('/api/BookOrder/board', {
    config: { access: { feature: FEATURE, permission: 'Read' } },
    schema: {
      tags: TAGS,
      summary: 'The dispatch board: per status column its first cards (earliest pickup first), count and total price for the filter; with status and page, that column’s next window',
      querystring: boardQuery,
    },
  }, async (request, reply) => {
    const q = request.query;
    const matches = q.search ? await findSearchMatches(db, q.search) : BY_NAME;
    const day = today();
    const statuses = q.status ? [q.status] : BOARD_COLUMNS;
    // The columns at once: PostgreSQL answers them on several pooled connections (SQLite runs them one by one anyway).
    const columns = await Promise.all(statuses.map((status) => columnJson(q, status, q.page, matches, day)));
    return reply.type('application/json; charset=utf-8').send(`{"value":{"columns":[${columns.join(',')}]}}`);
  });

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
      const rows = await db.selectFrom('user_roles as ur').innerJoin('users as u', 'u.id', 'ur.user_id')
        .select('ur.user_id').distinct().where('ur.role_id', 'in', allowed).where('u.deleted_at', 'is', null).execute();
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
      if (!order || typeof order.id !== 'number' || typeof order.orderNumber !== 'string' || !order.pickup) return payload;
      card = toBoardCard(order);
    } catch {
      return payload;
    }
    readerIds().then(
      (ids) => realtime.sendToUsers(ids, HUB_METHODS.boardOrderChanged, [{ card } satisfies BoardOrderChange]),
      (error: unknown) => request.log.warn({ err: error }, 'dispatch board: the change could not be sent'),
    );
    return payload;
  });

  realtime.addMethod(HUB_METHODS.boardDragging, async (caller, args) => {
    const orderId = args[0];
    if (args.length !== 1 || !(orderId === null || (Number.isInteger(orderId) && (orderId as number) > 0 && (orderId as number) <= 2_147_483_647))) {
      throw new Error(`${HUB_METHODS.boardDragging} takes one argument: an order id, or null`);
    }
    const ids = await readerIds();
    if (!ids.includes(caller.userId)) throw new Error('You may not see the dispatch board');
    const drag: BoardDrag = { orderId: orderId as number | null, userId: caller.userId, name: `${caller.firstName} ${caller.lastName}`.trim() };
    realtime.sendToUsers(ids.filter((id) => id !== caller.userId), HUB_METHODS.boardDrag, [drag]);
    return null;
  });
}
