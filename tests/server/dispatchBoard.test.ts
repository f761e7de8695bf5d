import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOARD_COLUMNS,
  type BoardDrag,
  type BoardOrderChange,
  boardQuery,
  toBoardCard,
} from '../../schema/dispatchBoard';
import { HUB_METHODS } from '../../schema/realtime';
import { columnFilter } from '../../server/modules/bookOrders/board';
import { BOARD_CARD_COLUMNS, listQueries } from '../../server/modules/bookOrders/queries';
import { BY_NAME } from '../../server/modules/bookOrders/search';
import { type HubClient, closeTestServer, connect, listen, until } from '../helpers/hub';
import { expectRefused } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * The dispatch board (docs/product/book-orders.md): windows per status column with their count and total; moves go
 * through the order's own status route (refused moves change nothing); every order write reaches the open boards of the
 * users who may read book orders, and a card picked up on one board is shown to the others.
 */
describe.each(DATABASES)('dispatch board on %s', (kind) => {
  let server: TestServer;
  let base: string;
  let manager: string;
  const clients: HubClient[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind);
    base = await listen(server);
    manager = await server.login('manager@haulboard.demo');
  });
  afterAll(async () => {
    for (const client of clients) await client.stop().catch(() => undefined);
    await closeTestServer(server);
  });

  const board = (query: Record<string, string> = {}, token = manager) =>
    server.call({ method: 'GET', url: `/api/BookOrder/board?${new URLSearchParams(query)}`, token });
  const order = async (id: number) =>
    (await server.call({ method: 'GET', url: `/api/BookOrder/${id}`, token: manager })).body.value;
  const open = async (token: string) => {
    const client = await connect(base, token);
    clients.push(client);
    return client;
  };
  const received = (client: HubClient, method: string) => {
    const list: unknown[] = [];
    client.connection.on(method, (value: unknown) => list.push(value));
    return list;
  };

  it('shows each status column’s first cards, earliest pickup first, with the count and price the list has for it', async () => {
    const response = await board();
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const columns = response.body.value.columns;
    expect(columns.map((c: { status: string }) => c.status)).toEqual([...BOARD_COLUMNS]);
    for (const column of columns) {
      const list = (
        await server.call({
          method: 'GET',
          url: `/api/BookOrder/filter-books?status=${column.status}&size=1`,
          token: manager,
        })
      ).body.value;
      expect(column.totalCount, column.status).toBe(list.totalCount);
      expect(column.totalPrice, column.status).toBeCloseTo(list.totals.price, 2);
      expect(column.items.length).toBe(Math.min(20, column.totalCount));
      expect(column.items.every((card: { status: string }) => card.status === column.status)).toBe(true);
      const dates = column.items.map((card: { pickup: { date: string } }) => card.pickup.date);
      expect(dates).toEqual([...dates].sort());
      // A card is exactly what the live update sends for the order (nothing more, nothing missing), with the values
      // GET by id answers: names, dollars, flags and nulls rendered by the database as the server writes them.
      for (const card of column.items) {
        expect(card).toStrictEqual(toBoardCard(card));
        const order = (await server.call({ method: 'GET', url: `/api/BookOrder/${card.id}`, token: manager })).body
          .value;
        expect(card).toStrictEqual(toBoardCard(order));
      }
    }
    const busiest = columns.reduce((a: { totalCount: number }, b: { totalCount: number }) =>
      b.totalCount > a.totalCount ? b : a,
    );
    expect(busiest.totalCount).toBeGreaterThan(20);
    // The next window of one column continues where the first ended.
    const next = (await board({ status: busiest.status, page: '1' })).body.value.columns;
    expect(next).toHaveLength(1);
    const ids = new Set(busiest.items.map((card: { id: number }) => card.id));
    expect(next[0].items.length).toBeGreaterThan(0);
    expect(next[0].items.some((card: { id: number }) => ids.has(card.id))).toBe(false);
    expect(next[0].items[0].pickup.date >= busiest.items.at(-1).pickup.date).toBe(true);
  });

  it('filters by dispatcher, driver, carrier, period and search', async () => {
    const first = (await board()).body.value.columns
      .flatMap((c: { items: unknown[] }) => c.items)
      .find((card: { driverId: number | null }) => card.driverId);
    for (const [key, value] of [
      ['dispatcherId', first.dispatcherId],
      ['driverId', first.driverId],
      ['carrierId', first.carrierId],
    ] as const) {
      const columns = (await board({ [key]: String(value) })).body.value.columns;
      const cards = columns.flatMap((c: { items: Record<string, unknown>[] }) => c.items);
      expect(cards.length, key).toBeGreaterThan(0);
      expect(
        cards.every((card: Record<string, unknown>) => card[key] === value),
        key,
      ).toBe(true);
      // One person's board counts its columns in one grouped query: the same count and price as the list's.
      for (const column of columns) {
        const list = (
          await server.call({
            method: 'GET',
            url: `/api/BookOrder/filter-books?status=${column.status}&${key}=${value}&size=1`,
            token: manager,
          })
        ).body.value;
        expect(column.totalCount, `${key} ${column.status}`).toBe(list.totalCount);
        expect(column.totalPrice, `${key} ${column.status}`).toBeCloseTo(list.totals.price, 2);
      }
    }
    const found = (await board({ search: first.orderNumber })).body.value.columns.flatMap(
      (c: { items: unknown[] }) => c.items,
    );
    expect(found.map((card: { id: number }) => card.id)).toEqual([first.id]);
    const empty = await board({ filtered: 'custom', from: '2001-01-01', to: '2001-01-31' });
    expect(empty.body.value.columns.every((c: { totalCount: number }) => c.totalCount === 0)).toBe(true);
  });

  it('refuses bad queries and readers without Book Orders', async () => {
    const queries: Record<string, string>[] = [
      { status: 'PAID' },
      { page: '1' },
      { size: '1000' },
      { dispatcherId: 'x' },
      { filtered: 'custom' },
      { from: '2026-13-01', filtered: 'custom' },
      { sort: 'price' },
    ];
    for (const query of queries) {
      const response = await board(query);
      expect(response.status, JSON.stringify(query)).toBe(400);
    }
    expect((await server.call({ method: 'GET', url: '/api/BookOrder/board' })).status).toBe(401);
    expect((await board({}, await server.login('driver@haulboard.demo'))).status).toBe(403);
  });

  it('refuses an illegal move, a stale version, an unassigned order marked assigned and a reader without Update, changing nothing', async () => {
    const columns = (await board()).body.value.columns;
    const newCard = columns
      .find((c: { status: string }) => c.status === 'NEW')
      .items.find((card: { driverId: number | null }) => !card.driverId);
    const status = (id: number, body: Record<string, unknown>, token = manager) => ({
      method: 'POST' as const,
      url: `/api/BookOrder/${id}/status`,
      token,
      payload: body,
    });
    await expectRefused(
      server,
      status(newCard.id, { status: 'DELIVERED', version: newCard.version }),
      400,
      'status',
      /From NEW an order can go to/,
    );
    await expectRefused(
      server,
      status(newCard.id, { status: 'ASSIGNED', version: newCard.version }),
      400,
      'status',
      /Assign a driver/,
    );
    await expectRefused(server, status(newCard.id, { status: 'ON_HOLD', version: newCard.version + 5 }), 409);
    await expectRefused(server, status(newCard.id, { status: 'ON_HOLD' }), 400);
    await expectRefused(server, status(newCard.id, { status: 'SHIPPED', version: newCard.version }), 400);
    await expectRefused(
      server,
      status(
        newCard.id,
        { status: 'ON_HOLD', version: newCard.version },
        await server.login('fleetmanager@haulboard.demo'),
      ),
      403,
    );
    const after = await order(newCard.id);
    expect(after).toMatchObject({ status: 'NEW', version: newCard.version });
  });

  it('lets a held card go for the others when the board that held it closes, and only then', async () => {
    const dispatcherToken = await server.login('dispatcher@haulboard.demo');
    const watcher = await open(manager);
    const drags = received(watcher, HUB_METHODS.boardDrag) as BoardDrag[];
    const holding = await open(dispatcherToken);
    const otherTab = await open(dispatcherToken);
    const card = (await board()).body.value.columns.find((c: { status: string }) => c.status === 'NEW').items[0];
    await holding.connection.invoke(HUB_METHODS.boardDragging, card.id);
    const held = await until(() => drags.find((d) => d.orderId === card.id), 'the hold on the manager’s board');
    // The same person's other tab closes: it held nothing, so nothing is let go.
    await otherTab.stop();
    await holding.connection.invoke(HUB_METHODS.boardDragging, card.id);
    await until(() => drags.filter((d) => d.orderId === card.id).length === 2, 'the second hold');
    expect(drags.filter((d) => d.orderId === null)).toEqual([]);
    // The tab that holds the card closes mid-drag: the manager sees it let go, without waiting for a timeout.
    await holding.stop();
    const released = await until(() => drags.find((d) => d.orderId === null), 'the card let go when its board closed');
    expect(released).toEqual({ ...held, orderId: null });
    // Let go once: a hold that ended with a drop is not let go again when its board closes.
    const again = await open(dispatcherToken);
    await until(() => watcher.onlineIds().includes(held.userId), 'the dispatcher back in the manager’s presence list');
    await again.connection.invoke(HUB_METHODS.boardDragging, card.id);
    await again.connection.invoke(HUB_METHODS.boardDragging, null);
    await until(() => drags.filter((d) => d.orderId === null).length === 2, 'the drop');
    await again.stop();
    // The server sends a let-go before the presence list that no longer has the dispatcher (that one waits 20 ms).
    await until(
      () => watcher.presence && !watcher.onlineIds().includes(held.userId),
      'the dispatcher gone from the manager’s presence list',
    );
    expect(drags.filter((d) => d.orderId === null)).toHaveLength(2);
  });

  it('sends every write of an order to the boards of those who may read book orders, and who holds a card', async () => {
    const dispatcherToken = await server.login('dispatcher@haulboard.demo');
    const watcher = await open(manager);
    const dispatcher = await open(dispatcherToken);
    const driver = await open(await server.login('driver@haulboard.demo'));
    const watcherChanges = received(watcher, HUB_METHODS.boardOrderChanged) as BoardOrderChange[];
    const driverChanges = received(driver, HUB_METHODS.boardOrderChanged);
    const drags = received(watcher, HUB_METHODS.boardDrag) as BoardDrag[];
    const driverDrags = received(driver, HUB_METHODS.boardDrag);

    const assigned = (await board()).body.value.columns.find((c: { status: string }) => c.status === 'ASSIGNED')
      .items[0];
    // The dispatcher picks the card up: the manager's board shows who has it.
    await dispatcher.connection.invoke(HUB_METHODS.boardDragging, assigned.id);
    const held = await until(() => drags.find((d) => d.orderId === assigned.id), 'the drag on the manager’s board');
    const me = (await server.call({ method: 'GET', url: '/api/token/me', token: dispatcherToken })).body.data;
    expect(held).toEqual({ orderId: assigned.id, userId: me.id, name: `${me.firstName} ${me.lastName}` });
    const moved = await server.call({
      method: 'POST',
      url: `/api/BookOrder/${assigned.id}/status`,
      token: dispatcherToken,
      payload: { status: 'PICKED_UP', version: assigned.version },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await dispatcher.connection.invoke(HUB_METHODS.boardDragging, null);
    const change = await until(
      () => watcherChanges.find((c) => c.card.id === assigned.id),
      'the move on the manager’s board',
    );
    expect(change.card).toMatchObject({
      status: 'PICKED_UP',
      version: assigned.version + 1,
      orderNumber: assigned.orderNumber,
    });
    await until(() => drags.find((d) => d.orderId === null), 'the card let go');
    // A refused move sends nothing.
    const before = watcherChanges.length;
    await server.call({
      method: 'POST',
      url: `/api/BookOrder/${assigned.id}/status`,
      token: dispatcherToken,
      payload: { status: 'NEW', version: assigned.version + 1 },
    });
    // The driver may not read book orders: nothing for them, and they may not say they hold a card.
    await expect(driver.connection.invoke(HUB_METHODS.boardDragging, assigned.id)).rejects.toThrow(
      /may not see the dispatch board/,
    );
    await expect(dispatcher.connection.invoke(HUB_METHODS.boardDragging, 'x')).rejects.toThrow(/takes one argument/);
    await expect(dispatcher.connection.invoke(HUB_METHODS.boardDragging, 1, 2)).rejects.toThrow(/takes one argument/);
    // Another write after it arrives: the refused one sent nothing in between.
    const manager2 = await server.call({
      method: 'PUT',
      url: `/api/BookOrder/${assigned.id}/manager-review`,
      token: manager,
      payload: { hasManagerReview: true, version: assigned.version + 1 },
    });
    expect(manager2.status).toBe(200);
    await until(() => watcherChanges.length > before, 'the review flag on the board');
    expect(watcherChanges.slice(before)).toEqual([
      { card: expect.objectContaining({ id: assigned.id, hasManagerReview: true, version: assigned.version + 2 }) },
    ]);
    expect(driverChanges).toEqual([]);
    expect(driverDrags).toEqual([]);
  });

  it('reads each column’s window and totals through indexes', async () => {
    const q = boardQuery.parse({});
    const dispatcher = await server.db.selectFrom('book_orders').select('dispatcher_id').executeTakeFirstOrThrow();
    const mine = boardQuery.parse({ dispatcherId: String(dispatcher.dispatcher_id) });
    const statements = [q, mine].flatMap((query) =>
      BOARD_COLUMNS.flatMap((status) => {
        const { totals, page } = listQueries(
          server.db,
          kind,
          columnFilter(query, status, 0),
          undefined,
          BY_NAME,
          BOARD_CARD_COLUMNS,
        );
        return [
          { label: `${status} totals`, compiled: totals.compile() },
          { label: `${status} page`, compiled: page.compile() },
        ];
      }),
    );
    if (kind === 'sqlite') {
      const sqlite = new Database(path.join(server.config.dataDir, 'haulboard.db'), {
        readonly: true,
        fileMustExist: true,
      });
      try {
        for (const { label, compiled } of statements) {
          const steps = (
            sqlite
              .prepare(`EXPLAIN QUERY PLAN ${compiled.sql}`)
              .all(...compiled.parameters.map((p) => (typeof p === 'boolean' ? Number(p) : p))) as { detail: string }[]
          ).map((r) => r.detail);
          expect(
            steps.some((s) => /^SCAN (o|book_orders)$/.test(s.trim())),
            `${label}: ${steps.join(' | ')}`,
          ).toBe(false);
        }
      } finally {
        sqlite.close();
      }
    } else {
      // The demo data is small enough for a sequential scan to be cheapest; with it discouraged, an index must serve.
      await server.db.connection().execute(async (connection) => {
        await sql`set enable_seqscan = off`.execute(connection);
        for (const { label, compiled } of statements) {
          const { rows } = await connection.executeQuery<{ 'QUERY PLAN': string }>({
            ...compiled,
            sql: `EXPLAIN ${compiled.sql}`,
          } as never);
          const text = rows.map((r) => r['QUERY PLAN']).join('\n');
          expect(text, `${label}:\n${text}`).not.toMatch(/Seq Scan on book_orders/);
        }
        await sql`reset enable_seqscan`.execute(connection);
      });
    }
  });
});
