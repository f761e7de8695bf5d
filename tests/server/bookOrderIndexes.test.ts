import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookOrderFilter } from '../../schema/bookOrders';
import { applyFilter, listQueries, selectOrders } from '../../server/modules/bookOrders/queries';
import { BY_NAME, searchMatchesQuery } from '../../server/modules/bookOrders/search';
import { type TestServer, startTestServer } from '../helpers/server';

/**
 * The promise "EXPLAIN QUERY PLAN shows an index for each filter": for the default list and each single
 * filter, the two statements filter-books runs (totals and the page) and the CSV export's batch read book_orders
 * through an index, never by a bare scan. SQLite only: the trigram/B-tree choices on PostgreSQL are the planner's.
 */

type Compilable = { compile(): { sql: string; parameters: readonly unknown[] } };

describe('book order query plans on sqlite', () => {
  let server: TestServer;
  let sqlite: Database.Database;
  let ids: { dispatcher: number; driver: number; broker: number; shipper: number; carrier: number; state: number };

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    sqlite = new Database(path.join(server.config.dataDir, 'haulboard.db'), { readonly: true, fileMustExist: true });
    const row = await server.db
      .selectFrom('book_orders')
      .selectAll()
      .where('driver_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    ids = {
      dispatcher: row.dispatcher_id,
      driver: row.driver_id!,
      broker: row.broker_id,
      shipper: row.shipper_id,
      carrier: row.carrier_id,
      state: row.pickup_state_id,
    };
  });
  afterAll(async () => {
    sqlite?.close();
    await server.close();
  });

  const plan = (query: Compilable): string[] => {
    const compiled = query.compile();
    const parameters = compiled.parameters.map((p) => (typeof p === 'boolean' ? Number(p) : p));
    return (sqlite.prepare(`EXPLAIN QUERY PLAN ${compiled.sql}`).all(...parameters) as { detail: string }[]).map(
      (r) => r.detail,
    );
  };

  /**
   * Every step that reads book_orders ("o") uses an index or the rowid; none is a bare scan of the table. Totals the
   * per-day table covers read that table by its key instead.
   */
  const expectIndexed = (steps: string[], label: string) => {
    const text = steps.join(' | ');
    // By its key: the primary key's own B-tree since migration 024 made it a WITHOUT ROWID table.
    if (steps.length === 1 && /^SEARCH book_order_totals USING (INDEX|PRIMARY KEY)/.test(steps[0])) return;
    const onOrders = steps.filter((s) => /^(SCAN|SEARCH) o\b/.test(s));
    expect(onOrders.length, `${label}: ${text}`).toBeGreaterThan(0);
    for (const step of onOrders)
      expect(step, `${label}: ${text}`).toMatch(/USING (INDEX|COVERING INDEX|INTEGER PRIMARY KEY)/);
    expect(
      steps.some((s) => /^SCAN (o|book_orders)$/.test(s.trim())),
      `${label}: ${text}`,
    ).toBe(false);
  };

  /** The SQL filter-books (totals, first page, page 200) and the export (a batch) run for a raw query string. */
  const statements = async (raw: Record<string, string>) => {
    // The server lower-cases the first letter of each query key before validation; do the same here.
    const f = bookOrderFilter.parse(
      Object.fromEntries(Object.entries(raw).map(([k, v]) => [k.charAt(0).toLowerCase() + k.slice(1), v])),
    );
    const db = server.db;
    // A search is built from the names it matches, looked up first, as the route does.
    const matches = f.search ? await searchMatchesQuery(db)(db, f.search) : BY_NAME;
    const { totals, page: firstPage } = listQueries(db, 'sqlite', f, undefined, matches);
    const { page: deepPage } = listQueries(db, 'sqlite', { ...f, page: 200 }, undefined, matches);
    // Summed from the orders: the totals of filter sets the per-day table does not cover (two filters, say).
    const ordersTotals = applyFilter(db, 'sqlite', db.selectFrom('book_orders as o'), f, undefined, matches).select(
      ({ fn }) => [
        fn.countAll<number>().as('count'),
        fn.sum<number>('o.price_cents').as('price'),
        fn.sum<number>('o.broker_fee_cents').as('fee'),
      ],
    );
    const exportBatch = applyFilter(db, 'sqlite', selectOrders(db), f, undefined, matches)
      .where((eb) =>
        eb.or([
          eb('o.pickup_date', '>', '2026-01-01'),
          eb.and([eb('o.pickup_date', '=', '2026-01-01'), eb('o.id', '>', 10)]),
        ]),
      )
      .orderBy('o.pickup_date', 'asc')
      .orderBy('o.id', 'asc')
      .limit(1000);
    return { totals, ordersTotals, firstPage, deepPage, exportBatch };
  };

  const singleFilters = (): Record<string, Record<string, string>> => ({
    default: {},
    dispatcherId: { DispatcherId: String(ids.dispatcher) },
    driverId: { DriverId: String(ids.driver) },
    status: { status: 'DELIVERED' },
    loadBoard: { loadBoard: 'Central Dispatch' },
    brokerId: { brokerId: String(ids.broker) },
    shipperId: { shipperId: String(ids.shipper) },
    carrierId: { carrierId: String(ids.carrier) },
    pickupStateId: { pickupStateId: String(ids.state) },
    deliveryStateId: { deliveryStateId: String(ids.state) },
    paymentMethod: { paymentMethod: 'Zelle' },
    payOnPickup: { payOnPickup: 'true' },
    payOnDelivery: { payOnDelivery: 'true' },
    hasManagerReview: { hasManagerReview: 'true' },
    showNotApproved: { showNotApproved: 'true' },
    hideCancelled: { hideCancelled: 'true' },
    showDeleted: { showDeleted: 'true' },
    this_week: { filtered: 'this_week' },
    last_week: { filtered: 'last_week' },
    this_month: { filtered: 'this_month' },
    last_month: { filtered: 'last_month' },
    custom: { filtered: 'custom', from: '2026-01-01', to: '2026-02-01' },
    sortByPrice: { Sort: 'price' },
    sortByStatus: { Sort: '-status' },
  });

  it('uses an index for the default list and for each single filter', async () => {
    for (const [name, raw] of Object.entries(singleFilters())) {
      for (const [statement, query] of Object.entries(await statements(raw)))
        expectIndexed(plan(query), `${name} ${statement}`);
      // A first page by pickup date renders its rows as it reads them in index order: a sort would render them all.
      if (!raw.Sort)
        expect(plan((await statements(raw)).firstPage).join(' | '), `${name} firstPage`).not.toMatch(
          /TEMP B-TREE FOR ORDER BY/,
        );
    }
  });

  it("uses each filter's own index when no period narrows the list", async () => {
    const own: [Record<string, string>, string][] = [
      [{ DispatcherId: String(ids.dispatcher) }, 'book_orders_dispatcher'],
      [{ DriverId: String(ids.driver) }, 'book_orders_driver'],
      [{ status: 'NEW' }, 'book_orders_status'],
      [{ loadBoard: 'Central Dispatch' }, 'book_orders_load_board'],
      [{ brokerId: String(ids.broker) }, 'book_orders_broker'],
      [{ shipperId: String(ids.shipper) }, 'book_orders_shipper'],
      [{ carrierId: String(ids.carrier) }, 'book_orders_carrier'],
      [{ pickupStateId: String(ids.state) }, 'book_orders_pickup_state'],
      [{ deliveryStateId: String(ids.state) }, 'book_orders_delivery_state'],
      [{ paymentMethod: 'Zelle' }, 'book_orders_payment_method'],
      [{ payOnPickup: 'true' }, 'book_orders_pay_on_pickup'],
      [{ payOnDelivery: 'true' }, 'book_orders_pay_on_delivery'],
      [{ hasManagerReview: 'true' }, 'book_orders_review'],
      [{ showNotApproved: 'true' }, 'book_orders_approved'],
    ];
    for (const [raw, index] of own) {
      const { ordersTotals, firstPage } = await statements({ ...raw, filtered: 'all' });
      for (const [statement, query] of Object.entries({ ordersTotals, firstPage })) {
        const steps = plan(query);
        expectIndexed(steps, `${JSON.stringify(raw)} ${statement}`);
        expect(steps.join(' | '), `${JSON.stringify(raw)} ${statement}`).toContain(index);
      }
    }
  });

  it('searches through the trigram table and the name indexes', async () => {
    const searches: Record<string, string>[] = [
      { search: 'hb00012' },
      { search: 'dallas' },
      { search: '1FTEW' },
      { search: 'hb00012', filtered: 'all' },
      { search: 'dallas', DriverId: String(ids.driver) },
    ];
    for (const raw of searches) {
      for (const [statement, query] of Object.entries(await statements(raw))) {
        const steps = plan(query);
        expectIndexed(steps, `${JSON.stringify(raw)} ${statement}`);
        expect(steps.join(' | '), `${JSON.stringify(raw)} ${statement}`).toMatch(
          /book_order_search VIRTUAL TABLE INDEX/,
        );
      }
    }
  });

  it('searches with one or two characters through an index too', async () => {
    for (const raw of [{ search: 'ab' }, { search: '7' }]) {
      for (const [statement, query] of Object.entries(await statements(raw)))
        expectIndexed(plan(query), `${JSON.stringify(raw)} ${statement}`);
    }
  });

  it('reads one order and its vehicles by key', () => {
    expectIndexed(plan(selectOrders(server.db).where('o.id', '=', 5)), 'by id');
    const vehicles = plan(
      server.db.selectFrom('book_order_vehicles').selectAll().where('book_order_id', '=', 5).orderBy('position'),
    );
    expect(vehicles.join(' | ')).toMatch(/SEARCH book_order_vehicles USING INDEX book_order_vehicles_order/);
  });
});
