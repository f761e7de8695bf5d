import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookOrderFilter } from '../../schema/bookOrders';
import { vinCheckDigit } from '../../schema/vin';
import { listQueries } from '../../server/modules/bookOrders/queries';
import { BY_NAME, type SearchMatches, searchMatchesQuery } from '../../server/modules/bookOrders/search';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * GET /api/BookOrder/filter-books against an independent computation over the rows read straight from the tables:
 * periods, every filter alone and in combinations, search, totals, paging and sorting.
 */

interface Row {
  id: number;
  orderNumber: string;
  externalLoadId: string | null;
  brokerId: number;
  shipperId: number;
  carrierId: number;
  dispatcherId: number;
  driverId: number | null;
  status: string;
  loadBoard: string;
  pickupCity: string;
  deliveryCity: string;
  pickupStateId: number;
  deliveryStateId: number;
  pickupDate: string;
  deliveryDate: string;
  priceCents: number;
  brokerFeeCents: number;
  paymentMethod: string;
  payOnPickup: boolean;
  payOnDelivery: boolean;
  hasManagerReview: boolean;
  approved: boolean;
  deleted: boolean;
  createdAt: string;
  vins: string[];
  brokerName: string;
  shipperName: string;
}
type Query = Record<string, string>;

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/** The date range of a period, written here without the server's helper (weeks start on Monday, UTC dates). */
function range(q: Query): { from?: string; to?: string } {
  const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const weekday = today.getUTCDay() === 0 ? 7 : today.getUTCDay();
  const monday = addDays(today, 1 - weekday);
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  switch (q.filtered ?? 'current') {
    case 'current':
      return { from: iso(addDays(today, -7)) };
    case 'this_week':
      return { from: iso(monday), to: iso(addDays(monday, 6)) };
    case 'last_week':
      return { from: iso(addDays(monday, -7)), to: iso(addDays(monday, -1)) };
    case 'this_month':
      return { from: iso(new Date(Date.UTC(y, m, 1))), to: iso(addDays(new Date(Date.UTC(y, m + 1, 1)), -1)) };
    case 'last_month':
      return { from: iso(new Date(Date.UTC(y, m - 1, 1))), to: iso(addDays(new Date(Date.UTC(y, m, 1)), -1)) };
    case 'custom':
      return { from: q.from, to: q.to };
    case 'all':
      return {};
    default:
      throw new Error(`period ${q.filtered}`);
  }
}

const truthy = (value: string | undefined) => value === 'true' || value === 'True' || value === '1';
const SORT_KEYS: Record<string, keyof Row> = {
  pickupDate: 'pickupDate',
  deliveryDate: 'deliveryDate',
  orderNumber: 'orderNumber',
  price: 'priceCents',
  status: 'status',
  createdAt: 'createdAt',
  id: 'id',
};

function matchesSearch(row: Row, raw: string): boolean {
  const text = raw.trim().toLowerCase();
  if (!text) return true;
  const fields = [
    row.orderNumber,
    row.externalLoadId,
    ...row.vins,
    row.pickupCity,
    row.deliveryCity,
    row.brokerName,
    row.shipperName,
  ];
  return fields.some((field) => field !== null && field.toLowerCase().includes(text));
}

/** What the list must hold for a query, in the order it must come. */
function expected(rows: Row[], query: Query): Row[] {
  const q: Query = {};
  for (const [key, value] of Object.entries(query)) q[key.charAt(0).toLowerCase() + key.slice(1)] = value;
  const { from, to } = range(q);
  const equal: [string, keyof Row][] = [
    ['dispatcherId', 'dispatcherId'],
    ['driverId', 'driverId'],
    ['status', 'status'],
    ['loadBoard', 'loadBoard'],
    ['brokerId', 'brokerId'],
    ['shipperId', 'shipperId'],
    ['carrierId', 'carrierId'],
    ['pickupStateId', 'pickupStateId'],
    ['deliveryStateId', 'deliveryStateId'],
    ['paymentMethod', 'paymentMethod'],
  ];
  const selected = rows.filter(
    (r) =>
      (!from || r.pickupDate >= from) &&
      (!to || r.pickupDate <= to) &&
      (truthy(q.showDeleted) || !r.deleted) &&
      (!truthy(q.showNotApproved) || !r.approved) &&
      (!truthy(q.hideCancelled) || r.status !== 'CANCELLED') &&
      (!truthy(q.hasManagerReview) || r.hasManagerReview) &&
      (!truthy(q.payOnPickup) || r.payOnPickup) &&
      (!truthy(q.payOnDelivery) || r.payOnDelivery) &&
      equal.every(([key, column]) => q[key] === undefined || String(r[column]) === q[key]) &&
      (q.search === undefined || matchesSearch(r, q.search)),
  );
  const sort = q.sort ?? '-pickupDate';
  const key = SORT_KEYS[sort.replace(/^-/, '')];
  const direction = sort.startsWith('-') ? -1 : 1;
  return selected.sort((a, b) => {
    const x = a[key] as string | number;
    const y = b[key] as string | number;
    if (x !== y) return (x < y ? -1 : 1) * direction;
    return (a.id - b.id) * direction;
  });
}

const url = (query: Query) =>
  `/api/BookOrder/filter-books?${Object.entries(query)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&')}`;

/** A VIN with the right check digit, unique per n. */
function makeVin(n: number): string {
  const body = `1FTEW1E${String(n).padStart(2, '0').slice(-2)}0KF${String(n).padStart(5, '0').slice(-5)}`;
  const chars = [...body];
  chars[8] = vinCheckDigit(body);
  return chars.join('');
}

describe.each(DATABASES)('book order filters on %s', (kind) => {
  let server: TestServer;
  let token: string;
  let rows: Row[];
  let special: { id: number; orderNumber: string };

  async function loadRows(): Promise<Row[]> {
    const db = server.db;
    const [orders, vehicles, brokers, shippers] = await Promise.all([
      db.selectFrom('book_orders').selectAll().execute(),
      db.selectFrom('book_order_vehicles').select(['book_order_id', 'vin']).execute(),
      db.selectFrom('brokers').select(['id', 'name']).execute(),
      db.selectFrom('shippers').select(['id', 'name']).execute(),
    ]);
    const vins = new Map<number, string[]>();
    for (const v of vehicles) vins.set(Number(v.book_order_id), [...(vins.get(Number(v.book_order_id)) ?? []), v.vin]);
    const brokerName = new Map(brokers.map((b) => [Number(b.id), b.name]));
    const shipperName = new Map(shippers.map((s) => [Number(s.id), s.name]));
    return orders.map((o) => ({
      id: Number(o.id),
      orderNumber: o.order_number,
      externalLoadId: o.external_load_id,
      brokerId: Number(o.broker_id),
      shipperId: Number(o.shipper_id),
      carrierId: Number(o.carrier_id),
      dispatcherId: Number(o.dispatcher_id),
      driverId: o.driver_id === null ? null : Number(o.driver_id),
      status: o.status,
      loadBoard: o.load_board,
      pickupCity: o.pickup_city,
      deliveryCity: o.delivery_city,
      pickupStateId: Number(o.pickup_state_id),
      deliveryStateId: Number(o.delivery_state_id),
      pickupDate: o.pickup_date,
      deliveryDate: o.delivery_date,
      priceCents: Number(o.price_cents),
      brokerFeeCents: Number(o.broker_fee_cents),
      paymentMethod: o.payment_method,
      payOnPickup: Number(o.pay_on_pickup) === 1,
      payOnDelivery: Number(o.pay_on_delivery) === 1,
      hasManagerReview: Number(o.has_manager_review) === 1,
      approved: Number(o.approved) === 1,
      deleted: o.deleted_at !== null,
      createdAt: o.created_at,
      vins: vins.get(Number(o.id)) ?? [],
      brokerName: brokerName.get(Number(o.broker_id))!,
      shipperName: shipperName.get(Number(o.shipper_id))!,
    }));
  }

  /** Every page of the list (Size 500), checked against the expected rows, totals and count; returns the expected rows. */
  async function check(query: Query, label = JSON.stringify(query), firstPageOnly = false): Promise<Row[]> {
    const want = expected(rows, query);
    const ids: number[] = [];
    for (let page = 0; ; page++) {
      const response = await server.call({
        method: 'GET',
        url: url({ ...query, Page: String(page), Size: '500' }),
        token,
      });
      expect(response.status, `${label}: ${JSON.stringify(response.body).slice(0, 300)}`).toBe(200);
      const value = response.body.value;
      expect(value.totalCount, `${label}: totalCount`).toBe(want.length);
      expect(value.totals, `${label}: totals`).toEqual({
        price: want.reduce((sum, r) => sum + r.priceCents, 0) / 100,
        brokerFee: want.reduce((sum, r) => sum + r.brokerFeeCents, 0) / 100,
      });
      expect(value.page).toBe(page);
      ids.push(...value.items.map((item: { id: number }) => item.id));
      if (value.items.length < 500 || firstPageOnly) break;
    }
    expect(ids, `${label}: ids in order`).toEqual(want.slice(0, ids.length).map((r) => r.id));
    if (!firstPageOnly) expect(ids.length).toBe(want.length);
    return want;
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    token = await server.login('manager@haulboard.demo');
    // One order whose cities hold LIKE wildcards, to prove % and _ are searched literally.
    const pick = async (table: 'brokers' | 'shippers' | 'carriers') =>
      Number((await server.db.selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow()).id);
    const dispatcher = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'dispatcher@haulboard.demo')
      .executeTakeFirstOrThrow();
    const states = await server.db
      .selectFrom('states')
      .select(['id', 'abbreviation'])
      .where('abbreviation', 'in', ['TX', 'OK'])
      .execute();
    const stateId = (abbreviation: string) => Number(states.find((s) => s.abbreviation === abbreviation)!.id);
    const today = new Date();
    const response = await server.call({
      method: 'POST',
      url: '/api/BookOrder',
      token,
      payload: {
        loadBoard: 'Email',
        externalLoadId: 'QX-ZQ',
        brokerId: await pick('brokers'),
        shipperId: await pick('shippers'),
        carrierId: await pick('carriers'),
        dispatcherId: Number(dispatcher.id),
        trailerType: 'OPEN',
        pickup: { address: '1 Test Rd', city: 'Under_Score', stateId: stateId('TX'), date: iso(addDays(today, 2)) },
        delivery: { address: '2 Test Rd', city: 'Fifty%Ville', stateId: stateId('OK'), date: iso(addDays(today, 4)) },
        price: 1234.56,
        brokerFee: 100.01,
        paymentMethod: 'ACH',
        vehicles: [{ vin: makeVin(7), year: 2021, make: 'Ford', model: 'F-150', type: 'PICKUP' }],
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    special = response.body.value;
    rows = await loadRows();
  });
  afterAll(() => server.close());

  it('has seeded data that exercises every filter', () => {
    const current = expected(rows, {});
    expect(current.length).toBeGreaterThan(50);
    expect(rows.filter((r) => r.deleted).length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.hasManagerReview).length).toBeGreaterThan(0);
    expect(rows.filter((r) => !r.approved).length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.payOnPickup).length).toBeGreaterThan(0);
  });

  it("lists the 'current' board by default: pickups from 7 days ago on, deleted ones left out", async () => {
    const want = await check({});
    const { from } = range({});
    expect(want.every((r) => r.pickupDate >= from! && !r.deleted)).toBe(true);
    // The first page of the default list is newest pickup first, 50 rows.
    const first = await server.call({ method: 'GET', url: '/api/BookOrder/filter-books', token });
    expect(first.body.value).toMatchObject({ page: 0, size: 50 });
    expect(first.body.value.items.map((i: { id: number }) => i.id)).toEqual(want.slice(0, 50).map((r) => r.id));
    expect(await check({ filtered: 'current' })).toEqual(want);
  });

  it('filters by each period', async () => {
    for (const filtered of ['this_week', 'last_week', 'this_month', 'last_month', 'all']) {
      const want = await check({ filtered });
      if (filtered !== 'this_week') expect(want.length, filtered).toBeGreaterThan(0);
    }
    const today = new Date();
    const from = iso(addDays(today, -60));
    const to = iso(addDays(today, -30));
    expect((await check({ filtered: 'custom', from, to })).length).toBeGreaterThan(0);
    await check({ filtered: 'custom', from });
    await check({ filtered: 'custom', to });
    await check({ filtered: 'custom', from: to, to }); // a single day
    await check({ Filtered: 'custom', From: from, To: to }); // the original API's PascalCase keys
  });

  it('refuses a period or filter it cannot read', async () => {
    const refused = async (query: Query, field: string) => {
      const response = await server.call({ method: 'GET', url: url(query), token });
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.messages[0].field, JSON.stringify(query)).toBe(field);
    };
    await refused({ filtered: 'custom' }, 'from');
    await refused({ filtered: 'custom', from: '2026-03-10', to: '2026-03-01' }, 'to');
    await refused({ filtered: 'yesterday' }, 'filtered');
    await refused({ filtered: 'custom', from: '2026-02-30' }, 'from');
    await refused({ status: 'LOST' }, 'status');
    await refused({ DriverId: 'abc' }, 'driverId');
    await refused({ dispatcherId: '1.5' }, 'dispatcherId');
    await refused({ paymentMethod: 'Bitcoin' }, 'paymentMethod');
    await refused({ loadBoard: 'Craigslist' }, 'loadBoard');
    await refused({ payOnPickup: 'yes' }, 'payOnPickup');
    await refused({ Sort: 'brokerName' }, 'sort');
    await refused({ Size: '501' }, 'size');
    await refused({ Page: '-1' }, 'page');
  });

  it('filters by dispatcher and driver, with either casing of the key', async () => {
    const current = expected(rows, {});
    const dispatcherId = String(current[0].dispatcherId);
    const driverId = String(current.find((r) => r.driverId !== null)!.driverId);
    const byDispatcher = await check({ DispatcherId: dispatcherId });
    expect(byDispatcher.length).toBeGreaterThan(0);
    expect(await check({ dispatcherId })).toEqual(byDispatcher);
    const byDriver = await check({ DriverId: driverId });
    expect(byDriver.length).toBeGreaterThan(0);
    expect(await check({ driverId })).toEqual(byDriver);
    await check({ DriverId: driverId, filtered: 'all' });
    await check({ DriverId: '999999' });
  });

  it('filters by status, load board, parties, states and payment method', async () => {
    for (const status of ['NEW', 'ASSIGNED', 'PICKED_UP', 'DELIVERED', 'INVOICED', 'PAID', 'ON_HOLD', 'CANCELLED'])
      await check({ status, filtered: 'all' });
    expect((await check({ status: 'NEW' })).length).toBeGreaterThan(0);
    const all = expected(rows, { filtered: 'all' });
    const sample = all[Math.floor(all.length / 3)];
    const singles: Query[] = [
      { loadBoard: 'Central Dispatch' },
      { loadBoard: sample.loadBoard, filtered: 'all' },
      { brokerId: String(sample.brokerId) },
      { brokerId: String(sample.brokerId), filtered: 'all' },
      { shipperId: String(sample.shipperId) },
      { ShipperId: String(sample.shipperId), filtered: 'all' },
      { carrierId: String(sample.carrierId) },
      { carrierId: String(sample.carrierId), filtered: 'all' },
      { pickupStateId: String(sample.pickupStateId) },
      { PickupStateId: String(sample.pickupStateId), filtered: 'all' },
      { deliveryStateId: String(sample.deliveryStateId) },
      { deliveryStateId: String(sample.deliveryStateId), filtered: 'all' },
      { paymentMethod: 'Zelle' },
      { PaymentMethod: sample.paymentMethod, filtered: 'all' },
    ];
    for (const query of singles) {
      const want = await check(query);
      if (query.filtered === 'all' || query.Filtered === 'all')
        expect(want.length, JSON.stringify(query)).toBeGreaterThan(0);
    }
  });

  it('filters by the flags: pay on pickup/delivery, manager review, not approved, without cancelled, deleted', async () => {
    for (const flag of [
      'payOnPickup',
      'payOnDelivery',
      'hasManagerReview',
      'showNotApproved',
      'hideCancelled',
      'showDeleted',
    ]) {
      const want = await check({ [flag]: 'true', filtered: 'all' });
      expect(want.length, flag).toBeGreaterThan(0);
      await check({ [flag]: 'true' });
      // false (or absent) does not filter
      expect(await check({ [flag]: 'false', filtered: 'all' }, `${flag}=false`, true)).toEqual(
        expected(rows, { filtered: 'all' }),
      );
    }
    expect(await check({ ShowDeleted: 'True', filtered: 'all' }, 'ShowDeleted=True', true)).toEqual(
      expected(rows, { showDeleted: 'true', filtered: 'all' }),
    );
    expect(await check({ HasManagerReview: '1', filtered: 'all' })).toEqual(
      expected(rows, { hasManagerReview: 'true', filtered: 'all' }),
    );
    const deleted = expected(rows, { showDeleted: 'true', filtered: 'all' });
    expect(deleted.some((r) => r.deleted)).toBe(true);
    expect(deleted.length).toBe(rows.length);
  });

  it('combines two and three filters', async () => {
    const all = expected(rows, { filtered: 'all' });
    const withDriver = all.find((r) => r.driverId !== null && r.pickupDate >= range({ filtered: 'last_month' }).from!)!;
    const combos: Query[] = [
      { DriverId: String(withDriver.driverId), filtered: 'this_month' },
      { DriverId: String(withDriver.driverId), filtered: 'last_month' },
      { DispatcherId: String(withDriver.dispatcherId), status: withDriver.status, filtered: 'all' },
      // A status with a driver or carrier, as the dispatch board's columns read them (totals.ts STATUS_PAIRS).
      { DriverId: String(withDriver.driverId), status: withDriver.status, filtered: 'last_month' },
      { carrierId: String(withDriver.carrierId), status: withDriver.status },
      { DispatcherId: String(withDriver.dispatcherId), status: 'DELIVERED', filtered: 'this_month' },
      { status: 'PAID', paymentMethod: 'ACH', filtered: 'all' },
      { brokerId: String(withDriver.brokerId), payOnDelivery: 'true', filtered: 'all' },
      { DispatcherId: String(withDriver.dispatcherId), hasManagerReview: 'true', showDeleted: 'true', filtered: 'all' },
      { loadBoard: withDriver.loadBoard, pickupStateId: String(withDriver.pickupStateId), filtered: 'last_month' },
      { carrierId: String(withDriver.carrierId), showNotApproved: 'true' },
      { deliveryStateId: String(withDriver.deliveryStateId), payOnPickup: 'true', filtered: 'all' },
      { DriverId: String(withDriver.driverId), DispatcherId: String(withDriver.dispatcherId), filtered: 'all' },
      {
        shipperId: String(withDriver.shipperId),
        paymentMethod: withDriver.paymentMethod,
        status: withDriver.status,
        filtered: 'all',
      },
      {
        filtered: 'custom',
        from: withDriver.pickupDate,
        to: withDriver.pickupDate,
        DriverId: String(withDriver.driverId),
      },
    ];
    for (const query of combos) await check(query);
    expect(
      (await check({ DispatcherId: String(withDriver.dispatcherId), status: withDriver.status, filtered: 'all' }))
        .length,
    ).toBeGreaterThan(0);
    expect(
      (
        await check({
          filtered: 'custom',
          from: withDriver.pickupDate,
          to: withDriver.pickupDate,
          DriverId: String(withDriver.driverId),
        })
      ).map((r) => r.id),
    ).toContain(withDriver.id);
  });

  it('pages without overlap, page 0 and a deep page, and sorts by each field both ways', async () => {
    const all = expected(rows, { filtered: 'all' });
    const page = async (query: Query) => {
      const response = await server.call({ method: 'GET', url: url({ filtered: 'all', Size: '50', ...query }), token });
      expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(200);
      return response.body.value.items.map((i: { id: number }) => i.id) as number[];
    };
    const deep = Math.floor(all.length / 50) - 1;
    const first = await page({ Page: '0' });
    const last = await page({ Page: String(deep) });
    expect(first).toEqual(all.slice(0, 50).map((r) => r.id));
    expect(last).toEqual(all.slice(deep * 50, deep * 50 + 50).map((r) => r.id));
    expect(first.filter((id) => last.includes(id))).toEqual([]);
    const beyond = await server.call({ method: 'GET', url: url({ filtered: 'all', Page: '1000' }), token });
    expect(beyond.body.value).toMatchObject({ items: [], totalCount: all.length, page: 1000 });

    for (const field of Object.keys(SORT_KEYS)) {
      for (const sort of [field, `-${field}`]) {
        const want = expected(rows, { filtered: 'all', sort });
        expect(await page({ Sort: sort }), sort).toEqual(want.slice(0, 50).map((r) => r.id));
        expect(await page({ sort, Page: '7' }), `${sort} page 7`).toEqual(want.slice(350, 400).map((r) => r.id));
      }
    }
    await check({ sort: '-price', status: 'DELIVERED', filtered: 'all' });
  });

  describe('search', () => {
    const search = (text: string, extra: Query = {}) =>
      check({ search: text, filtered: 'all', ...extra }, `search ${JSON.stringify(text)} ${JSON.stringify(extra)}`);
    const sample = () => {
      const all = expected(rows, { filtered: 'all' });
      return all[Math.floor(all.length / 2)];
    };

    it('finds an order by its number, full or partial, in any case', async () => {
      const order = sample();
      expect((await search(order.orderNumber)).map((r) => r.id)).toEqual([order.id]);
      expect((await search(order.orderNumber.toLowerCase())).map((r) => r.id)).toEqual([order.id]);
      expect((await search(order.orderNumber.slice(3))).map((r) => r.id)).toContain(order.id);
      expect((await search(order.orderNumber.slice(-5))).map((r) => r.id)).toContain(order.id);
      expect((await search(special.orderNumber)).map((r) => r.id)).toEqual([special.id]);
    });

    it('finds an order by any part of a VIN', async () => {
      const order = sample();
      const vin = order.vins[order.vins.length - 1];
      expect((await search(vin)).map((r) => r.id)).toContain(order.id);
      expect((await search(vin.slice(5, 11))).map((r) => r.id)).toContain(order.id);
      expect((await search(vin.slice(5, 11).toLowerCase())).map((r) => r.id)).toContain(order.id);
      expect((await search(vin.slice(-8))).map((r) => r.id)).toContain(order.id);
      expect((await search(vin.slice(0, 4))).map((r) => r.id)).toContain(order.id);
    });

    it("finds orders by part of the broker's or shipper's name, in any case", async () => {
      const order = sample();
      const broker = await search(order.brokerName.slice(2, 12));
      expect(broker.map((r) => r.id)).toContain(order.id);
      expect(await search(order.brokerName.slice(2, 12).toUpperCase())).toEqual(broker);
      const shipper = await search(order.shipperName.slice(1, 9).toLowerCase());
      expect(shipper.map((r) => r.id)).toContain(order.id);
      expect(await search(order.shipperName)).toEqual(expected(rows, { search: order.shipperName, filtered: 'all' }));
    });

    it('finds orders by pickup or delivery city', async () => {
      const order = sample();
      expect((await search(order.pickupCity)).map((r) => r.id)).toContain(order.id);
      expect((await search(order.deliveryCity.toUpperCase())).map((r) => r.id)).toContain(order.id);
      expect((await search(order.deliveryCity.slice(1, 5))).map((r) => r.id)).toContain(order.id);
    });

    it('pages and sorts a search like any list (each match condition takes its own first rows)', async () => {
      const text = sample().brokerName.slice(1, 3).toLowerCase();
      const ids = async (query: Query) => {
        const response = await server.call({
          method: 'GET',
          url: url({ search: text, filtered: 'all', Size: '20', ...query }),
          token,
        });
        expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(200);
        return response.body.value.items.map((i: { id: number }) => i.id) as number[];
      };
      expect(expected(rows, { search: text, filtered: 'all' }).length, `matches of "${text}"`).toBeGreaterThan(60);
      for (const field of Object.keys(SORT_KEYS)) {
        for (const sort of [field, `-${field}`]) {
          const want = expected(rows, { search: text, filtered: 'all', sort }).map((r) => r.id);
          expect(await ids({ sort }), `${sort} page 0`).toEqual(want.slice(0, 20));
          expect(await ids({ sort, Page: '2' }), `${sort} page 2`).toEqual(want.slice(40, 60));
        }
      }
    });

    it('searches with one or two characters', async () => {
      const order = sample();
      for (const text of ['7', 'x', '19', 'ch', order.vins[0].slice(3, 5), order.pickupCity.slice(0, 2)])
        await search(text);
      expect((await search(order.vins[0].slice(3, 5))).map((r) => r.id)).toContain(order.id);
    });

    it('treats % and _ as the characters they are', async () => {
      expect((await search('r_s')).map((r) => r.id)).toEqual([special.id]);
      expect((await search('y%v')).map((r) => r.id)).toEqual([special.id]);
      expect((await search('UNDER_SCORE')).map((r) => r.id)).toEqual([special.id]);
      expect(await search('a%e')).toEqual([]);
      expect(await search('e_s')).toEqual([]);
    });

    it('treats a one- or two-character % or _ as the character too', async () => {
      expect((await search('%')).map((r) => r.id)).toEqual([special.id]);
      expect((await search('_')).map((r) => r.id)).toEqual([special.id]);
      expect((await search('%v')).map((r) => r.id)).toEqual([special.id]);
    });

    it('copes with quotes, backslashes and FTS syntax without an error', async () => {
      for (const text of [
        '"',
        "'",
        '\\',
        'a"b',
        '"Dallas"',
        'NEAR(a b)',
        'dal*',
        'a OR b',
        '-ab',
        '^da',
        'x'.repeat(200),
        '  dallas  ',
      ])
        await search(text);
    });

    it('answers a search holding a NUL character without an error and without matching everything', async () => {
      for (const text of ['\u0000', 'a\u0000b', 'dallas\u0000']) {
        const response = await server.call({ method: 'GET', url: url({ search: text, filtered: 'all' }), token });
        expect(response.status, `${JSON.stringify(text)}: ${JSON.stringify(response.body).slice(0, 200)}`).not.toBe(
          500,
        );
        if (response.status === 200) expect(response.body.value.totalCount, JSON.stringify(text)).toBe(0);
        else {
          expect(response.status).toBe(400);
          expect(response.body.messages[0].field).toBe('search');
        }
      }
    });

    it('counts an order once when it matches through several conditions (its number, broker, shipper and cities)', async () => {
      // The branches of a search are totalled apart, each order by the first branch it matches (search.ts).
      const kindsOf = (r: Row, text: string) =>
        [
          [r.orderNumber, r.externalLoadId, ...r.vins].some((f) => f?.toLowerCase().includes(text)) && 'own',
          r.brokerName.toLowerCase().includes(text) && 'broker',
          r.shipperName.toLowerCase().includes(text) && 'shipper',
          (r.pickupCity.toLowerCase().includes(text) || r.deliveryCity.toLowerCase().includes(text)) && 'city',
        ].filter(Boolean);
      // Three letters or more: the branches are totalled apart (fewer go through SQLite's OR).
      const candidates = [
        ...new Set(rows.flatMap((r) => [...r.brokerName.toLowerCase().matchAll(/(?=([a-z]{3}))/g)].map((m) => m[1]))),
      ];
      const text = candidates.find((t) => {
        const kinds = rows.map((r) => kindsOf(r, t));
        return (
          ['broker', 'shipper', 'city'].every((k) => kinds.some((ks) => ks.includes(k))) &&
          kinds.some((k) => k.length >= 2)
        );
      });
      expect(
        text,
        'a text that matches orders through brokers, shippers and cities, some orders through two at once',
      ).toBeDefined();
      const want = await search(text!);
      expect(want.filter((r) => kindsOf(r, text!).length >= 2).length).toBeGreaterThan(0);
      // Pages of 5: the totals come from their own query (a first page that is not full is totalled from its rows).
      for (const extra of [{}, { filtered: 'current' }, { Sort: 'price', Page: '1' }] as Query[]) {
        const query = { search: text!, filtered: 'all', ...extra };
        const response = await server.call({ method: 'GET', url: url({ ...query, Size: '5' }), token });
        const all = expected(rows, query);
        expect(response.body.value.totalCount, JSON.stringify(query)).toBe(all.length);
        expect(response.body.value.totals, JSON.stringify(query)).toEqual({
          price: all.reduce((sum, r) => sum + r.priceCents, 0) / 100,
          brokerFee: all.reduce((sum, r) => sum + r.brokerFeeCents, 0) / 100,
        });
      }
      await search(text!, { Sort: 'price' });
      await search(text!.toUpperCase(), { showDeleted: 'true' });
    });

    it('gives the same page and totals whether the matching names are looked up first or searched by name', async () => {
      // Past 16 matching names of a kind the search goes by name (search.ts BY_NAME); both must select the same orders.
      const findMatches = searchMatchesQuery(server.db);
      for (const text of ['empire', 'ston', 'motor', 'ran', sample().orderNumber.slice(4), 'x']) {
        for (const extra of [{ size: '5' }, { filtered: 'all', sort: 'price', page: '1', size: '20' }]) {
          const f = bookOrderFilter.parse({ search: text, ...extra });
          const run = async (matches: SearchMatches) => {
            const { totals, page } = listQueries(server.db, kind, f, undefined, matches);
            return { totals: await totals.execute(), page: await page.execute() };
          };
          expect(await run(await findMatches(server.db, text)), `${text} ${JSON.stringify(extra)}`).toEqual(
            await run(BY_NAME),
          );
        }
      }
    });

    it('sends list rows with the same values as the order read by id', async () => {
      // The database renders list rows as JSON (queries.ts listItemJson); the order by id is mapped in JavaScript.
      const response = await server.call({
        method: 'GET',
        url: url({ filtered: 'all', showDeleted: 'true', Sort: 'id', Size: '200' }),
        token,
      });
      expect(response.status).toBe(200);
      const items = response.body.value.items as Record<string, unknown>[];
      // The special order has cents in its price and fee (1234.56 and 100.01).
      const cents = (
        await server.call({ method: 'GET', url: url({ search: special.orderNumber, filtered: 'all' }), token })
      ).body.value.items;
      const wanted = [
        ...items.slice(0, 40),
        ...items.filter((i) => i.deleted || i.driverId === null).slice(0, 40),
        ...cents,
      ];
      expect(wanted.some((i) => i.deleted)).toBe(true);
      expect(wanted.some((i) => i.driverId === null)).toBe(true);
      expect(wanted.some((i) => Number(i.price) % 1 !== 0)).toBe(true);
      for (const item of wanted) {
        const full = (await server.call({ method: 'GET', url: `/api/BookOrder/${item.id}`, token })).body
          .value as Record<string, unknown>;
        const stop = (s: Record<string, unknown>) => ({
          city: s.city,
          stateId: s.stateId,
          state: s.state,
          date: s.date,
        });
        const subset = Object.fromEntries(Object.keys(item).map((key) => [key, full[key]]));
        expect(item, `order ${item.id}`).toStrictEqual({
          ...subset,
          pickup: stop(full.pickup as Record<string, unknown>),
          delivery: stop(full.delivery as Record<string, unknown>),
        });
        expect(Object.keys(item)).toEqual([
          'id',
          'orderNumber',
          'loadBoard',
          'externalLoadId',
          'brokerId',
          'brokerName',
          'shipperId',
          'shipperName',
          'carrierId',
          'dispatcherId',
          'dispatcherName',
          'driverId',
          'driverName',
          'truckId',
          'trailerId',
          'status',
          'pickup',
          'delivery',
          'price',
          'brokerFee',
          'paymentMethod',
          'payOnPickup',
          'payOnDelivery',
          'paymentStatus',
          'hasManagerReview',
          'approved',
          'vehicleCount',
          'deleted',
          'version',
        ]);
      }
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    });

    it('combines search with the other filters and leaves deleted orders out unless asked', async () => {
      const order = sample();
      await search(order.pickupCity, { DriverId: String(order.driverId ?? 1) });
      await search(order.brokerName.slice(0, 6), { status: order.status });
      await check({ search: order.pickupCity }); // the default period
      const deleted = rows.find((r) => r.deleted)!;
      expect(await search(deleted.orderNumber)).toEqual([]);
      expect((await search(deleted.orderNumber, { showDeleted: 'true' })).map((r) => r.id)).toEqual([deleted.id]);
    });
  });
});
