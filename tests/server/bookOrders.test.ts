import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vinCheckDigit } from '../../schema/vin';
import { csvCell } from '../../server/modules/bookOrders/csv';
import { rebuildOrderTotals } from '../../server/modules/bookOrders/totals';
import { DATABASES, type TestServer, fingerprint, startTestServer } from '../helpers/server';

/** Book orders: create/update/delete/restore/approve/review/status, every validation, permissions per role, CSV. */

const iso = (d: Date) => d.toISOString().slice(0, 10);
const inDays = (n: number) => iso(new Date(Date.now() + n * 86_400_000));

/** A VIN with the right check digit, unique per n (the check digit is position 9). */
function makeVin(n: number): string {
  const body = `2T1BURHE${'0'}${'J'}C${String(n).padStart(6, '0').slice(-6)}`;
  const chars = [...body];
  chars[8] = vinCheckDigit(body);
  return chars.join('');
}
/** Known-valid VINs from public references (check digits computed by hand, not by our code). */
const KNOWN_VIN = '1M8GDM9AXKP042788';
const KNOWN_VIN_2 = '1HGCM82633A004352';

interface World {
  brokerId: number;
  doNotUseBrokerId: number;
  shipperId: number;
  carrierId: number;
  dispatcherId: number;
  financeUserId: number;
  driverId: number;
  terminatedDriverId: number;
  truckId: number;
  trailerId: number;
  tx: number;
  az: number;
}

/** Minimal CSV reader (RFC 4180): quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

describe.each(DATABASES)('book orders on %s', (kind) => {
  let server: TestServer;
  let w: World;
  const tokens: Record<string, string> = {};
  let vinCounter = 1000;
  const nextVin = () => makeVin(vinCounter++);
  /** The fingerprint as of the last refused request, or null once anything may have written since. */
  let known: string | null = null;
  const call: TestServer['call'] = (options) => {
    if (options.method !== 'GET') known = null;
    return server.call(options);
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    const db = server.db;
    const id = (row: { id: unknown }) => Number(row.id);
    const userId = async (email: string) =>
      id(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow());
    const assignment = await db
      .selectFrom('unit_assignments as a')
      .innerJoin('units as u', 'u.id', 'a.unit_id')
      .innerJoin('drivers as d', 'd.id', 'a.driver_id')
      .select(['a.driver_id', 'a.unit_id', 'u.unit_type'])
      .where('a.ends_on', 'is', null)
      .where('d.terminated_on', 'is', null)
      .orderBy('a.driver_id')
      .execute();
    const driverId = Number(assignment[0].driver_id);
    const states = await db
      .selectFrom('states')
      .select(['id', 'abbreviation'])
      .where('abbreviation', 'in', ['TX', 'AZ'])
      .execute();
    w = {
      brokerId: id(
        await db
          .selectFrom('brokers')
          .select('id')
          .where('status', '=', 'ACTIVE')
          .orderBy('id')
          .executeTakeFirstOrThrow(),
      ),
      doNotUseBrokerId: id(
        await db
          .selectFrom('brokers')
          .select('id')
          .where('status', '=', 'DO_NOT_USE')
          .orderBy('id')
          .executeTakeFirstOrThrow(),
      ),
      shipperId: id(await db.selectFrom('shippers').select('id').orderBy('id').executeTakeFirstOrThrow()),
      carrierId: id(await db.selectFrom('carriers').select('id').orderBy('id').executeTakeFirstOrThrow()),
      dispatcherId: await userId('dispatcher@haulboard.demo'),
      financeUserId: await userId('finance@haulboard.demo'),
      driverId,
      terminatedDriverId: id(
        await db
          .selectFrom('drivers')
          .select('id')
          .where('terminated_on', 'is not', null)
          .orderBy('id')
          .executeTakeFirstOrThrow(),
      ),
      truckId: Number(assignment.find((a) => Number(a.driver_id) === driverId && a.unit_type === 'Truck')!.unit_id),
      trailerId: Number(assignment.find((a) => Number(a.driver_id) === driverId && a.unit_type === 'Trailer')!.unit_id),
      tx: Number(states.find((s) => s.abbreviation === 'TX')!.id),
      az: Number(states.find((s) => s.abbreviation === 'AZ')!.id),
    };
    for (const role of [
      'Dispatcher',
      'Manager',
      'Administrator',
      'Finance',
      'FinanceSuper',
      'FleetManager',
      'FleetOwner',
      'ClaimTrackerTeam',
      'BookOrderApprover',
      'DispatchManager',
      'Driver',
      'Banking',
    ]) {
      tokens[role] = await server.login(`${role.toLowerCase()}@haulboard.demo`);
    }
  });
  afterAll(() => server.close());

  type Body = Record<string, any>;
  const validOrder = (): Body => ({
    loadBoard: 'Central Dispatch',
    externalLoadId: 'CD-55501234',
    brokerId: w.brokerId,
    shipperId: w.shipperId,
    carrierId: w.carrierId,
    dispatcherId: w.dispatcherId,
    driverId: null,
    truckId: null,
    trailerId: null,
    trailerType: 'OPEN',
    pickup: {
      venue: 'Manheim Dallas',
      address: '5333 W Kiest Blvd',
      city: 'Dallas',
      stateId: w.tx,
      zip: '75236',
      contactName: 'Ann Lee',
      contactPhone: '2145550100',
      dateType: 'EXACT',
      date: inDays(2),
      dateTo: null,
    },
    delivery: {
      venue: null,
      address: '1 Camelback Rd',
      city: 'Phoenix',
      stateId: w.az,
      zip: '85001',
      contactName: null,
      contactPhone: null,
      dateType: 'ESTIMATED',
      date: inDays(5),
      dateTo: inDays(6),
    },
    price: 1850.5,
    brokerFee: 92.52,
    localFee: 10,
    codAmount: 0,
    paymentMethod: 'ACH',
    payOnPickup: false,
    payOnDelivery: false,
    paymentTermsDays: 5,
    notes: 'Call an hour ahead',
    vehicles: [
      {
        vin: KNOWN_VIN,
        year: 2019,
        make: 'Harley-Davidson',
        model: 'Street Glide',
        type: 'MOTORCYCLE',
        color: 'Black',
        inoperable: false,
        lotNumber: 'LOT123456',
        stockNumber: null,
        price: 900.25,
      },
      {
        vin: KNOWN_VIN_2.toLowerCase(),
        year: 2003,
        make: 'Honda',
        model: 'Accord',
        type: 'SEDAN',
        color: null,
        inoperable: true,
        lotNumber: null,
        stockNumber: 'STK1',
        price: 950.25,
      },
    ],
  });
  const withChange = (change: (body: Body) => void, base = validOrder()): Body => {
    const body = structuredClone(base);
    change(body);
    return body;
  };
  // These tests book the one load of validOrder() many times: each says it is not a duplicate
  // (tests/server/duplicates.test.ts checks the guard itself).
  const post = (payload: unknown, token = tokens.Dispatcher) =>
    call({
      method: 'POST',
      url: '/api/BookOrder',
      token,
      payload: (payload && typeof payload === 'object' && !Array.isArray(payload)
        ? { allowDuplicate: true, ...payload }
        : payload) as object,
    });
  const get = (id: number, token = tokens.Manager) => call({ method: 'GET', url: `/api/BookOrder/${id}`, token });
  const create = async (change: (body: Body) => void = () => {}, token = tokens.Dispatcher) => {
    const response = await post(
      withChange((b) => {
        b.vehicles = b.vehicles.map((v: Body) => ({ ...v, vin: nextVin() }));
        change(b);
      }),
      token,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.value;
  };
  /** The update body of an order as GET returns it, changed by `change`. */
  const editable = (order: Body, change: (body: Body) => void = () => {}): Body => {
    const stop = (s: Body) => ({
      venue: s.venue,
      address: s.address,
      city: s.city,
      stateId: s.stateId,
      zip: s.zip,
      contactName: s.contactName,
      contactPhone: s.contactPhone,
      dateType: s.dateType,
      date: s.date,
      dateTo: s.dateTo,
    });
    const body: Body = {
      loadBoard: order.loadBoard,
      externalLoadId: order.externalLoadId,
      brokerId: order.brokerId,
      shipperId: order.shipperId,
      carrierId: order.carrierId,
      dispatcherId: order.dispatcherId,
      driverId: order.driverId,
      truckId: order.truckId,
      trailerId: order.trailerId,
      trailerType: order.trailerType,
      pickup: stop(order.pickup),
      delivery: stop(order.delivery),
      price: order.price,
      brokerFee: order.brokerFee,
      localFee: order.localFee,
      codAmount: order.codAmount,
      paymentMethod: order.paymentMethod,
      payOnPickup: order.payOnPickup,
      payOnDelivery: order.payOnDelivery,
      paymentTermsDays: order.paymentTermsDays,
      notes: order.notes,
      version: order.version,
      vehicles: order.vehicles.map((v: Body) => ({
        vin: v.vin,
        year: v.year,
        make: v.make,
        model: v.model,
        type: v.type,
        color: v.color,
        inoperable: v.inoperable,
        lotNumber: v.lotNumber,
        stockNumber: v.stockNumber,
        price: v.price,
      })),
    };
    change(body);
    return body;
  };
  const put = (id: number, payload: unknown, token = tokens.Dispatcher) =>
    call({ method: 'PUT', url: `/api/BookOrder/${id}`, token, payload: payload as object });
  const action = (id: number, what: 'status' | 'approve' | 'restore', payload: unknown, token = tokens.Manager) =>
    call({ method: 'POST', url: `/api/BookOrder/${id}/${what}`, token, payload: payload as object });
  const review = (id: number, payload: unknown, token = tokens.Manager) =>
    call({ method: 'PUT', url: `/api/BookOrder/${id}/manager-review`, token, payload: payload as object });
  const remove = (id: number, token = tokens.Manager) => call({ method: 'DELETE', url: `/api/BookOrder/${id}`, token });

  /** A refused request: its status, the field its first message names, and not one row changed anywhere. */
  const refused = async (
    request: () => Promise<{ status: number; body: any }>,
    status: number,
    field?: string | RegExp,
    label = '',
  ) => {
    const before = known ?? (await fingerprint(server.db));
    const response = await request();
    known = null;
    expect(response.status, `${label} ${JSON.stringify(response.body)}`).toBe(status);
    expect(response.body.messages?.length, label).toBeGreaterThan(0);
    if (typeof field === 'string')
      expect(response.body.messages[0].field, `${label} ${JSON.stringify(response.body.messages)}`).toBe(field);
    else if (field) expect(response.body.messages[0].description, label).toMatch(field);
    const after = await fingerprint(server.db);
    expect(after, `${label}: the database changed`).toBe(before);
    known = after;
    return response;
  };

  describe('create, read, update', () => {
    it('creates an order with two vehicles, with its number, status and history', async () => {
      const auditBefore = (await server.db.selectFrom('audit_log').select('id').execute()).length;
      const response = await post(validOrder());
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const created = response.body.value;
      expect(created.orderNumber).toMatch(/^HB\d{7}$/);
      expect(created.orderNumber).toBe(`HB${String(created.id).padStart(7, '0')}`);
      expect(created).toMatchObject({
        status: 'NEW',
        version: 1,
        approved: false,
        deleted: false,
        hasManagerReview: false,
        paymentStatus: 'UNPAID',
        vehicleCount: 2,
        price: 1850.5,
        brokerFee: 92.52,
        localFee: 10,
        loadBoard: 'Central Dispatch',
        brokerId: w.brokerId,
        dispatcherId: w.dispatcherId,
        pickup: { city: 'Dallas', stateId: w.tx, state: 'TX', date: inDays(2), dateType: 'EXACT' },
        delivery: { city: 'Phoenix', state: 'AZ', date: inDays(5), dateTo: inDays(6) },
        brokerName: expect.any(String),
        shipperName: expect.any(String),
        dispatcherName: expect.any(String),
      });
      const fetched = await get(created.id);
      expect(fetched.status).toBe(200);
      expect(fetched.body.value).toEqual(created);
      expect(fetched.body.value.vehicles).toMatchObject([
        {
          vin: KNOWN_VIN,
          year: 2019,
          make: 'Harley-Davidson',
          type: 'MOTORCYCLE',
          inoperable: false,
          lotNumber: 'LOT123456',
          price: 900.25,
        },
        { vin: KNOWN_VIN_2, make: 'Honda', inoperable: true, stockNumber: 'STK1', price: 950.25 },
      ]);
      const row = await server.db
        .selectFrom('book_orders')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(Number(row.price_cents)).toBe(185050);
      expect(Number(row.broker_fee_cents)).toBe(9252);
      const history = await call({
        method: 'GET',
        url: `/api/BookOrder/${created.id}/history`,
        token: tokens.Dispatcher,
      });
      expect(history.body.value).toMatchObject([{ fromStatus: null, toStatus: 'NEW', actorId: w.dispatcherId }]);
      // Audited: the order, and the broker fee it owes (server/modules/brokerFees), in the same transaction.
      const audited = await server.db.selectFrom('audit_log').select(['entity', 'action']).orderBy('id').execute();
      expect(audited.slice(auditBefore)).toEqual([
        { entity: 'broker_fee', action: 'create' },
        { entity: 'book_order', action: 'create' },
      ]);
      // The new order is in the list and found by its VIN.
      const list = await call({
        method: 'GET',
        url: `/api/BookOrder/filter-books?Search=${KNOWN_VIN.slice(4, 10)}`,
        token: tokens.Dispatcher,
      });
      expect(list.body.value.items.map((i: { id: number }) => i.id)).toContain(created.id);
    });

    it('creates an order with a driver as ASSIGNED, with its truck and trailer', async () => {
      const order = await create((b) =>
        Object.assign(b, { driverId: w.driverId, truckId: w.truckId, trailerId: w.trailerId }),
      );
      expect(order).toMatchObject({
        status: 'ASSIGNED',
        driverId: w.driverId,
        driverName: expect.any(String),
        truckNumber: expect.stringMatching(/^T\d+/),
        trailerNumber: expect.stringMatching(/^TR\d+/),
      });
      const history = await call({
        method: 'GET',
        url: `/api/BookOrder/${order.id}/history`,
        token: tokens.Dispatcher,
      });
      expect(history.body.value).toMatchObject([{ fromStatus: null, toStatus: 'ASSIGNED' }]);
    });

    it('answers 404 for an unknown order and 400 for an id that is not one', async () => {
      expect((await get(99_999_999)).status).toBe(404);
      expect((await get(0)).status).toBe(400);
      expect((await call({ method: 'GET', url: '/api/BookOrder/abc', token: tokens.Manager })).status).toBe(400);
      expect(
        (await call({ method: 'GET', url: '/api/BookOrder/99999999/history', token: tokens.Manager })).status,
      ).toBe(404);
      await refused(() => put(99_999_999, editable({ ...validOrder(), version: 1 })), 404);
    });

    it('updates an order with its version, replacing the vehicles and the search index', async () => {
      const order = await create();
      const oldVin = order.vehicles[0].vin;
      const newVin = nextVin();
      const response = await put(
        order.id,
        editable(order, (b) => {
          b.price = 2000;
          b.notes = 'Gate code 1234';
          b.vehicles = [{ ...b.vehicles[1], vin: newVin }];
        }),
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.value).toMatchObject({
        price: 2000,
        notes: 'Gate code 1234',
        version: 2,
        vehicleCount: 1,
        vehicles: [{ vin: newVin }],
      });
      expect((await get(order.id)).body.value).toEqual(response.body.value);
      const find = async (text: string) =>
        (
          await call({
            method: 'GET',
            url: `/api/BookOrder/filter-books?Filtered=all&Search=${text}`,
            token: tokens.Manager,
          })
        ).body.value.items.map((i: { id: number }) => i.id);
      expect(await find(newVin.slice(5, 11))).toContain(order.id);
      expect(await find(oldVin)).not.toContain(order.id);
    });

    it('refuses a stale version with 409 and the current record, writing nothing', async () => {
      const order = await create();
      const first = await put(
        order.id,
        editable(order, (b) => {
          b.notes = 'first';
        }),
      );
      expect(first.status).toBe(200);
      const stale = await refused(
        () =>
          put(
            order.id,
            editable(order, (b) => {
              b.notes = 'second';
            }),
          ),
        409,
      );
      expect(stale.body.current).toEqual(first.body.value);
      expect(stale.body.current).toMatchObject({ notes: 'first', version: 2 });
      await refused(() => action(order.id, 'status', { status: 'ON_HOLD', version: 1 }), 409);
      await refused(() => review(order.id, { hasManagerReview: true, version: 1 }), 409);
      await refused(() => action(order.id, 'approve', { version: 1 }, tokens.BookOrderApprover), 409);
      await refused(
        () =>
          put(
            order.id,
            editable(order, (b) => {
              delete b.version;
            }),
          ),
        400,
        'version',
      );
    });
  });

  describe('validation: each bad field is a 400 naming it, and nothing is written', () => {
    const cases: [string, (b: Body, w: World) => void, string][] = [
      [
        'bad VIN check digit',
        (b) => {
          b.vehicles[0].vin = KNOWN_VIN.slice(0, 8) + (KNOWN_VIN[8] === '1' ? '2' : '1') + KNOWN_VIN.slice(9);
        },
        'vehicles.0.vin',
      ],
      [
        'VIN with I',
        (b) => {
          b.vehicles[1].vin = '1HGCM82633A00435I';
        },
        'vehicles.1.vin',
      ],
      [
        'VIN with O',
        (b) => {
          b.vehicles[0].vin = 'OM8GDM9AXKP042788';
        },
        'vehicles.0.vin',
      ],
      [
        'VIN with Q',
        (b) => {
          b.vehicles[0].vin = '1M8GDM9AXKQ042788';
        },
        'vehicles.0.vin',
      ],
      [
        'VIN too short',
        (b) => {
          b.vehicles[0].vin = '1M8GDM9AXKP04278';
        },
        'vehicles.0.vin',
      ],
      [
        'duplicate VIN on the load',
        (b) => {
          b.vehicles[1].vin = b.vehicles[0].vin.toLowerCase();
        },
        'vehicles.1.vin',
      ],
      [
        'negative price',
        (b) => {
          b.price = -1;
        },
        'price',
      ],
      [
        'price with 3 decimals',
        (b) => {
          b.price = 100.005;
        },
        'price',
      ],
      [
        'price as text',
        (b) => {
          b.price = '100';
        },
        'price',
      ],
      [
        'too large a price',
        (b) => {
          b.price = 1e12;
        },
        'price',
      ],
      [
        'negative vehicle price',
        (b) => {
          b.vehicles[0].price = -5;
        },
        'vehicles.0.price',
      ],
      [
        'negative broker fee',
        (b) => {
          b.brokerFee = -0.01;
        },
        'brokerFee',
      ],
      [
        'delivery before pickup',
        (b) => {
          b.delivery.date = inDays(1);
          b.delivery.dateTo = null;
        },
        'delivery.date',
      ],
      [
        'pickup window ends before it starts',
        (b) => {
          b.pickup.dateTo = inDays(1);
        },
        'pickup.dateTo',
      ],
      [
        'delivery window ends before it starts',
        (b) => {
          b.delivery.dateTo = inDays(4);
        },
        'delivery.dateTo',
      ],
      [
        'not a real date',
        (b) => {
          b.pickup.date = '2026-02-30';
        },
        'pickup.date',
      ],
      [
        'date in another format',
        (b) => {
          b.delivery.date = '12/01/2026';
        },
        'delivery.date',
      ],
      [
        'broker fee above the price',
        (b) => {
          b.brokerFee = 1850.51;
        },
        'brokerFee',
      ],
      [
        'pay on pickup and on delivery',
        (b) => {
          Object.assign(b, { payOnPickup: true, payOnDelivery: true, codAmount: 100, paymentMethod: 'Cash' });
        },
        'payOnDelivery',
      ],
      [
        'COD without an amount',
        (b) => {
          Object.assign(b, { payOnDelivery: true, codAmount: 0, paymentMethod: 'Cash' });
        },
        'codAmount',
      ],
      [
        'missing broker',
        (b) => {
          delete b.brokerId;
        },
        'brokerId',
      ],
      [
        'missing shipper',
        (b) => {
          delete b.shipperId;
        },
        'shipperId',
      ],
      [
        'missing dispatcher',
        (b) => {
          delete b.dispatcherId;
        },
        'dispatcherId',
      ],
      [
        'missing carrier',
        (b) => {
          delete b.carrierId;
        },
        'carrierId',
      ],
      [
        'broker id as text',
        (b) => {
          b.brokerId = String(b.brokerId);
        },
        'brokerId',
      ],
      [
        'unknown broker',
        (b) => {
          b.brokerId = 987_654;
        },
        'brokerId',
      ],
      [
        'unknown shipper',
        (b) => {
          b.shipperId = 987_654;
        },
        'shipperId',
      ],
      [
        'unknown carrier',
        (b) => {
          b.carrierId = 987_654;
        },
        'carrierId',
      ],
      [
        'unknown driver',
        (b) => {
          b.driverId = 987_654;
        },
        'driverId',
      ],
      [
        'terminated driver',
        (b, world) => {
          b.driverId = world.terminatedDriverId;
        },
        'driverId',
      ],
      [
        'dispatcher who is not one',
        (b, world) => {
          b.dispatcherId = world.financeUserId;
        },
        'dispatcherId',
      ],
      [
        'unknown pickup state',
        (b) => {
          b.pickup.stateId = 987_654;
        },
        'pickup.stateId',
      ],
      [
        'unknown delivery state',
        (b) => {
          b.delivery.stateId = 987_654;
        },
        'delivery.stateId',
      ],
      [
        'a do-not-use broker',
        (b, world) => {
          b.brokerId = world.doNotUseBrokerId;
        },
        'brokerId',
      ],
      [
        'a trailer given as the truck',
        (b, world) => {
          b.truckId = world.trailerId;
        },
        'truckId',
      ],
      [
        'a truck given as the trailer',
        (b, world) => {
          b.trailerId = world.truckId;
        },
        'trailerId',
      ],
      [
        'no vehicles',
        (b) => {
          b.vehicles = [];
        },
        'vehicles',
      ],
      [
        '13 vehicles',
        (b) => {
          b.vehicles = Array.from({ length: 13 }, (_, i) => ({ ...b.vehicles[0], vin: makeVin(500 + i) }));
        },
        'vehicles',
      ],
      [
        'vehicle without a make',
        (b) => {
          b.vehicles[0].make = '  ';
        },
        'vehicles.0.make',
      ],
      [
        'vehicle year far ahead',
        (b) => {
          b.vehicles[0].year = 2100;
        },
        'vehicles.0.year',
      ],
      [
        'unknown vehicle type',
        (b) => {
          b.vehicles[0].type = 'TANK';
        },
        'vehicles.0.type',
      ],
      [
        'unknown load board',
        (b) => {
          b.loadBoard = 'Craigslist';
        },
        'loadBoard',
      ],
      [
        'unknown payment method',
        (b) => {
          b.paymentMethod = 'Bitcoin';
        },
        'paymentMethod',
      ],
      [
        'unknown trailer type',
        (b) => {
          b.trailerType = 'FLATBED';
        },
        'trailerType',
      ],
      [
        'missing pickup address',
        (b) => {
          delete b.pickup.address;
        },
        'pickup.address',
      ],
      [
        'missing delivery city',
        (b) => {
          b.delivery.city = '';
        },
        'delivery.city',
      ],
      [
        'too long notes',
        (b) => {
          b.notes = 'x'.repeat(4001);
        },
        'notes',
      ],
    ];

    it.each(cases)('refuses %s on create', async (label, change, field) => {
      await refused(() => post(withChange((b) => change(b, w))), 400, field, label);
    });

    it('refuses a price of 1e309 sent as raw JSON', async () => {
      const text = JSON.stringify(validOrder()).replace('"price":1850.5', '"price":1e309');
      expect(text).toContain('1e309');
      await refused(
        () =>
          call({
            method: 'POST',
            url: '/api/BookOrder',
            token: tokens.Dispatcher,
            payload: text,
            headers: { 'content-type': 'application/json' },
          }),
        400,
        'price',
      );
      const fee = JSON.stringify(validOrder()).replace('"brokerFee":92.52', '"brokerFee":-1e309');
      await refused(
        () =>
          call({
            method: 'POST',
            url: '/api/BookOrder',
            token: tokens.Dispatcher,
            payload: fee,
            headers: { 'content-type': 'application/json' },
          }),
        400,
        'brokerFee',
      );
    });

    it('refuses a NUL character in text (PostgreSQL cannot store it; it is never a 500)', async () => {
      await refused(
        () =>
          post(
            withChange((b) => {
              b.notes = 'gate\u0000code';
            }),
          ),
        400,
        'notes',
        'notes',
      );
      await refused(
        () =>
          post(
            withChange((b) => {
              b.pickup.city = 'Dal\u0000las';
            }),
          ),
        400,
        'pickup.city',
        'pickup.city',
      );
      await refused(
        () =>
          post(
            withChange((b) => {
              b.vehicles[0].make = 'Ford\u0000';
            }),
          ),
        400,
        'vehicles.0.make',
        'vehicles.0.make',
      );
      const order = (await get(1)).body.value;
      await refused(
        () => action(order.id, 'status', { status: 'ON_HOLD', version: order.version, note: 'held\u0000' }),
        400,
        'note',
        'status note',
      );
    });

    it('refuses a body that is not an order', async () => {
      await refused(
        () =>
          call({
            method: 'POST',
            url: '/api/BookOrder',
            token: tokens.Dispatcher,
            payload: '{"price":',
            headers: { 'content-type': 'application/json' },
          }),
        400,
      );
      await refused(() => post([validOrder()]), 400);
    });

    it('applies the same rules on update', async () => {
      const order = await create();
      const onUpdate = cases.filter(([label]) =>
        /check digit|duplicate|negative price|delivery before|broker fee above|COD|unknown driver|do-not-use|trailer given|no vehicles|unknown payment/.test(
          label,
        ),
      );
      expect(onUpdate.length).toBe(11);
      for (const [label, change, field] of onUpdate) {
        await refused(
          () =>
            put(
              order.id,
              editable(order, (b) => change(b, w)),
            ),
          400,
          field,
          `update: ${label}`,
        );
      }
      expect((await get(order.id)).body.value).toEqual(order);
    });

    it('accepts the boundary values', async () => {
      const order = await create((b) => {
        Object.assign(b, { price: 0, brokerFee: 0, localFee: 0, codAmount: 0, notes: null, externalLoadId: null });
        b.delivery.date = b.pickup.date;
        b.delivery.dateTo = b.pickup.date;
        b.pickup.dateTo = b.pickup.date;
        b.vehicles = Array.from({ length: 12 }, (_, i) => ({
          vin: makeVin(700 + i),
          year: 1990,
          make: 'Ford',
          model: 'Model T',
          type: 'OTHER',
        }));
      });
      expect(order).toMatchObject({ price: 0, vehicleCount: 12 });
      const cod = await create((b) =>
        Object.assign(b, {
          price: 10_000_000,
          brokerFee: 10_000_000,
          codAmount: 0.01,
          payOnPickup: true,
          paymentMethod: 'Zelle',
        }),
      );
      expect(cod).toMatchObject({
        price: 10_000_000,
        brokerFee: 10_000_000,
        codAmount: 0.01,
        payOnPickup: true,
        payOnDelivery: false,
      });
    });
  });

  describe('status, approval, manager review, delete and restore', () => {
    const status = async (order: { id: number }, to: string, token = tokens.Manager, note?: string) => {
      const current = (await get(order.id)).body.value;
      return action(order.id, 'status', { status: to, version: current.version, ...(note ? { note } : {}) }, token);
    };

    it('moves along the allowed transitions and records each in the history', async () => {
      const order = await create();
      expect(order.status).toBe('NEW');
      const paid = await refused(() => action(order.id, 'status', { status: 'PAID', version: 1 }), 400, 'status');
      expect(paid.body.messages[0].description).toMatch(/ASSIGNED, ON_HOLD, CANCELLED/);
      const assigned = await refused(
        () => action(order.id, 'status', { status: 'ASSIGNED', version: 1 }),
        400,
        'status',
      );
      expect(assigned.body.messages[0].description).toMatch(/driver/i);
      await refused(() => action(order.id, 'status', { status: 'SHIPPED', version: 1 }), 400, 'status');

      // Giving a NEW order a driver assigns it (with a history row).
      const withDriver = await put(
        order.id,
        editable(order, (b) => {
          b.driverId = w.driverId;
        }),
      );
      expect(withDriver.status).toBe(200);
      expect(withDriver.body.value.status).toBe('ASSIGNED');
      for (const to of ['PICKED_UP', 'DELIVERED', 'INVOICED', 'PAID']) {
        const response = await status(order, to, tokens.Dispatcher, `to ${to}`);
        expect(response.status, `${to} ${JSON.stringify(response.body)}`).toBe(200);
        expect(response.body.value.status).toBe(to);
      }
      const done = (await get(order.id)).body.value;
      expect(done).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
      expect(done.pickup.actualAt).toMatch(/Z$/);
      expect(done.delivery.actualAt).toMatch(/Z$/);
      const final = await refused(
        () => action(order.id, 'status', { status: 'DELIVERED', version: done.version }),
        400,
        'status',
      );
      expect(final.body.messages[0].description).toMatch(/PAID/);
      const history = (await call({ method: 'GET', url: `/api/BookOrder/${order.id}/history`, token: tokens.Manager }))
        .body.value;
      expect(history.map((h: { toStatus: string }) => h.toStatus)).toEqual([
        'NEW',
        'ASSIGNED',
        'PICKED_UP',
        'DELIVERED',
        'INVOICED',
        'PAID',
      ]);
      expect(history.map((h: { fromStatus: string | null }) => h.fromStatus)).toEqual([
        null,
        'NEW',
        'ASSIGNED',
        'PICKED_UP',
        'DELIVERED',
        'INVOICED',
      ]);
      expect(history[2]).toMatchObject({ note: 'to PICKED_UP', actorId: w.dispatcherId });
    });

    it('puts an order on hold, cancels it and brings it back', async () => {
      const order = await create();
      for (const [to, ok] of [
        ['ON_HOLD', true],
        ['DELIVERED', false],
        ['CANCELLED', true],
        ['ASSIGNED', false],
        ['NEW', true],
      ] as const) {
        if (ok) expect((await status(order, to)).status, to).toBe(200);
        else {
          const current = (await get(order.id)).body.value;
          await refused(() => action(order.id, 'status', { status: to, version: current.version }), 400, 'status', to);
        }
      }
      expect((await get(order.id)).body.value.status).toBe('NEW');
    });

    it('never leaves an order ASSIGNED without a driver', async () => {
      const order = await create((b) => {
        b.driverId = w.driverId;
      });
      expect(order.status).toBe('ASSIGNED');
      const before = await fingerprint(server.db);
      const response = await put(
        order.id,
        editable(order, (b) => {
          b.driverId = null;
        }),
      );
      if (response.status === 200)
        expect(response.body.value.status, 'driver removed from an ASSIGNED order').toBe('NEW');
      else {
        expect(response.status).toBe(400);
        expect(await fingerprint(server.db)).toBe(before);
      }
      const now = (await get(order.id)).body.value;
      expect(
        now.status === 'ASSIGNED' && now.driverId === null,
        JSON.stringify({ status: now.status, driverId: now.driverId }),
      ).toBe(false);
    });

    it('is approved once by a BookOrderApprover', async () => {
      const order = await create();
      const approverId = Number(
        (
          await server.db
            .selectFrom('users')
            .select('id')
            .where('email', '=', 'bookorderapprover@haulboard.demo')
            .executeTakeFirstOrThrow()
        ).id,
      );
      const response = await action(order.id, 'approve', { version: order.version }, tokens.BookOrderApprover);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.value).toMatchObject({
        approved: true,
        approvedBy: approverId,
        approvedAt: expect.stringMatching(/Z$/),
        version: order.version + 1,
      });
      await refused(
        () => action(order.id, 'approve', { version: order.version + 1 }, tokens.BookOrderApprover),
        400,
        /already approved/,
      );
      await refused(() => action(order.id, 'approve', {}, tokens.BookOrderApprover), 400, 'version');
      const list = await call({
        method: 'GET',
        url: `/api/BookOrder/filter-books?showNotApproved=true&Search=${order.orderNumber}`,
        token: tokens.Manager,
      });
      expect(list.body.value.totalCount).toBe(0);
    });

    it('flags and clears the manager review', async () => {
      const order = await create();
      const flagged = await review(order.id, { hasManagerReview: true, version: order.version }, tokens.Dispatcher);
      expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
      expect(flagged.body.value).toMatchObject({ hasManagerReview: true, version: order.version + 1 });
      const list = await call({
        method: 'GET',
        url: `/api/BookOrder/filter-books?hasManagerReview=true&Search=${order.orderNumber}`,
        token: tokens.Manager,
      });
      expect(list.body.value.items.map((i: { id: number }) => i.id)).toEqual([order.id]);
      const cleared = await review(order.id, { hasManagerReview: false, version: order.version + 1 });
      expect(cleared.body.value.hasManagerReview).toBe(false);
      await refused(
        () => review(order.id, { hasManagerReview: 'yes', version: order.version + 2 }),
        400,
        'hasManagerReview',
      );
    });

    it('deletes softly, refuses to edit or approve a deleted order, and restores it', async () => {
      const order = await create();
      const deleted = await remove(order.id);
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expect(deleted.body.value).toMatchObject({ deleted: true, deletedAt: expect.stringMatching(/Z$/) });
      expect((await get(order.id)).body.value.deleted).toBe(true);
      const search = (extra = '') =>
        call({
          method: 'GET',
          url: `/api/BookOrder/filter-books?Filtered=all&Search=${order.orderNumber}${extra}`,
          token: tokens.Manager,
        });
      expect((await search()).body.value.totalCount).toBe(0);
      expect((await search('&ShowDeleted=true')).body.value.items.map((i: { id: number }) => i.id)).toEqual([order.id]);

      const current = (await get(order.id)).body.value;
      await refused(
        () =>
          put(
            order.id,
            editable(current, (b) => {
              b.notes = 'edited while deleted';
            }),
          ),
        400,
        undefined,
        'update',
      );
      await refused(
        () => action(order.id, 'approve', { version: current.version }, tokens.BookOrderApprover),
        400,
        undefined,
        'approve',
      );
      expect((await remove(order.id)).status).toBe(200); // deleting again changes nothing
      expect((await get(order.id)).body.value.version).toBe(current.version);

      const restored = await action(order.id, 'restore', {});
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
      expect(restored.body.value).toMatchObject({ deleted: false, deletedAt: null });
      expect((await search()).body.value.items.map((i: { id: number }) => i.id)).toEqual([order.id]);
      const edited = await put(
        order.id,
        editable(restored.body.value, (b) => {
          b.notes = 'edited after restore';
        }),
      );
      expect(edited.status).toBe(200);
      expect((await remove(99_999_999)).status).toBe(404);
    });

    it('refuses status changes and review flags on a deleted order', async () => {
      const order = await create();
      await remove(order.id);
      const current = (await get(order.id)).body.value;
      await refused(
        () => action(order.id, 'status', { status: 'CANCELLED', version: current.version }),
        400,
        undefined,
        'status on a deleted order',
      );
      await refused(
        () => review(order.id, { hasManagerReview: true, version: current.version }),
        400,
        undefined,
        'manager review on a deleted order',
      );
    });
  });

  describe('permissions per role', () => {
    /** The default Book Orders permissions, transcribed here so that a drift in schema/features.ts fails this test. */
    const GRANTS: Record<string, string> = {
      Dispatcher: 'RCUE',
      Manager: 'RCUDEA',
      Administrator: 'RCUDEA',
      Finance: 'RUE',
      FinanceSuper: 'RUE',
      FleetManager: 'RE',
      FleetOwner: '',
      ClaimTrackerTeam: 'RE',
      BookOrderApprover: 'RA',
      DispatchManager: 'RCUDEA',
      Driver: '',
      Banking: '',
    };

    it.each(Object.keys(GRANTS))('gives %s exactly its permissions on book orders', async (role) => {
      const grants = GRANTS[role];
      const token = tokens[role];
      const order = await create(() => {}, tokens.Manager);
      const counts = async () => {
        const [orders, vehicles, history, audit] = await Promise.all(
          ['book_orders', 'book_order_vehicles', 'book_order_status_history', 'audit_log'].map(
            async (t) =>
              (
                await server.db
                  .selectFrom(t as 'audit_log')
                  .select('id')
                  .execute()
              ).length,
          ),
        );
        const row = await server.db
          .selectFrom('book_orders')
          .selectAll()
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow();
        return JSON.stringify({ orders, vehicles, history, audit, row });
      };
      const expectStatus = async (
        letter: string,
        request: () => Promise<{ status: number; body: unknown }>,
        label: string,
      ) => {
        const before = await counts();
        const response = await request();
        expect(response.status, `${role} ${label}: ${JSON.stringify(response.body).slice(0, 200)}`).toBe(
          grants.includes(letter) ? 200 : 403,
        );
        if (!grants.includes(letter)) expect(await counts(), `${role} ${label} wrote`).toBe(before);
      };
      await expectStatus('R', () => call({ method: 'GET', url: '/api/BookOrder/filter-books', token }), 'filter-books');
      await expectStatus('R', () => call({ method: 'GET', url: `/api/BookOrder/${order.id}`, token }), 'get by id');
      await expectStatus(
        'R',
        () => call({ method: 'GET', url: `/api/BookOrder/${order.id}/history`, token }),
        'history',
      );
      await expectStatus(
        'C',
        () =>
          post(
            withChange((b) => {
              b.vehicles = [{ ...b.vehicles[0], vin: nextVin() }];
            }),
            token,
          ),
        'create',
      );
      await expectStatus(
        'U',
        () =>
          put(
            order.id,
            editable(order, (b) => {
              b.notes = `${role} was here`;
            }),
            token,
          ),
        'update',
      );
      const afterUpdate = (await get(order.id)).body.value;
      await expectStatus(
        'U',
        () => action(order.id, 'status', { status: 'ON_HOLD', version: afterUpdate.version }, token),
        'status',
      );
      const afterStatus = (await get(order.id)).body.value;
      await expectStatus(
        'U',
        () => review(order.id, { hasManagerReview: true, version: afterStatus.version }, token),
        'manager review',
      );
      const afterReview = (await get(order.id)).body.value;
      await expectStatus('A', () => action(order.id, 'approve', { version: afterReview.version }, token), 'approve');
      await expectStatus(
        'E',
        () => call({ method: 'GET', url: '/api/BookOrder/export?Search=HB000001', token }),
        'export',
      );
      await expectStatus('D', () => remove(order.id, token), 'delete');
      if (grants.includes('D')) expect((await get(order.id)).body.value.deleted).toBe(true);
      await expectStatus('D', () => action(order.id, 'restore', {}, token), 'restore');
      expect((await get(order.id)).body.value.deleted).toBe(false);
    });

    it('refuses a role without the permission before reading its body', async () => {
      await refused(() => post({ nonsense: true }, tokens.Driver), 403);
      await refused(() => post({ nonsense: true }, tokens.BookOrderApprover), 403);
      await refused(() => put(1, { nonsense: true }, tokens.FleetManager), 403);
    });

    it('answers 401 to every book order call without a token', async () => {
      const before = await fingerprint(server.db);
      for (const [method, url] of [
        ['GET', '/api/BookOrder/filter-books'],
        ['GET', '/api/BookOrder/1'],
        ['GET', '/api/BookOrder/1/history'],
        ['GET', '/api/BookOrder/export'],
        ['POST', '/api/BookOrder'],
        ['PUT', '/api/BookOrder/1'],
        ['DELETE', '/api/BookOrder/1'],
        ['POST', '/api/BookOrder/1/restore'],
        ['POST', '/api/BookOrder/1/approve'],
        ['POST', '/api/BookOrder/1/status'],
        ['PUT', '/api/BookOrder/1/manager-review'],
      ] as const) {
        const payload = method === 'GET' || method === 'DELETE' ? undefined : { version: 1 };
        for (const token of [undefined, 'not-a-token']) {
          const response = await call({ method, url, payload, token });
          expect(response.status, `${method} ${url} ${token ?? 'no token'}`).toBe(401);
          expect(response.body.messages[0].code).toBe('unauthorized');
        }
      }
      expect(await fingerprint(server.db), 'a request without a valid token wrote').toBe(before);
    });
  });

  describe('CSV export', () => {
    const exportCsv = (query: string, token = tokens.Finance) =>
      call({ method: 'GET', url: `/api/BookOrder/export?${query}`, token });
    const total = async (query: string) =>
      (await call({ method: 'GET', url: `/api/BookOrder/filter-books?${query}&Size=1`, token: tokens.Finance })).body
        .value.totalCount as number;

    it('streams a header and one line per filtered order', async () => {
      const driver = (
        await server.db
          .selectFrom('book_orders')
          .select('driver_id')
          .where('driver_id', 'is not', null)
          .executeTakeFirstOrThrow()
      ).driver_id;
      for (const query of [
        '',
        'Filtered=all',
        'Filtered=all&ShowDeleted=true',
        `DriverId=${driver}&Filtered=all`,
        'status=DELIVERED&Filtered=last_month',
        'Search=dallas&Filtered=all',
        'Filtered=all&Search=no-such-order-anywhere',
      ]) {
        const response = await exportCsv(query);
        expect(response.status, query).toBe(200);
        expect(String(response.headers['content-type'])).toMatch(/^text\/csv/);
        expect(String(response.headers['content-disposition'])).toMatch(
          /attachment; filename="book-orders-\d{4}-\d{2}-\d{2}\.csv"/,
        );
        const text = String(response.body).replace(/^\uFEFF/, '');
        const rows = parseCsv(text);
        expect(rows[0].slice(0, 3), query).toEqual(['Order number', 'Status', 'Load board']);
        const lines = rows.slice(1);
        const count = await total(query);
        expect(lines.length, query).toBe(count);
        expect(new Set(lines.map((l) => l[0])).size, `${query}: an order twice`).toBe(count);
        for (const line of lines) expect(line.length, query).toBe(rows[0].length);
        if (query === 'Filtered=all') expect(count).toBeGreaterThan(1000); // more than one batch of the stream
        const dates = lines.map((l) => l[rows[0].indexOf('Pickup date')]);
        expect(dates, `${query}: oldest pickup first`).toEqual([...dates].sort());
      }
    });

    it('writes the values of an order, quoting commas and quotes and neutralising formulas', async () => {
      const order = await create((b) => {
        b.externalLoadId = '=HYPERLINK("http://evil.example","click")';
        b.pickup.city = 'Winston-Salem, "Twin City"';
        b.delivery.city = '+1+2';
        b.pickup.venue = '@SUM(A1)';
        b.price = 1234.5;
        b.brokerFee = 0.07;
      });
      const response = await exportCsv(`Filtered=all&Search=${order.orderNumber}`);
      const raw = String(response.body);
      expect(raw).toContain('"Winston-Salem, ""Twin City"""');
      const [header, line, ...rest] = parseCsv(raw.replace(/^\uFEFF/, ''));
      expect(rest).toEqual([]);
      const cell = (name: string) => line[header.indexOf(name)];
      expect(cell('Order number')).toBe(order.orderNumber);
      expect(cell('External load id')).toBe(`'=HYPERLINK("http://evil.example","click")`);
      expect(cell('Pickup city')).toBe('Winston-Salem, "Twin City"');
      expect(cell('Delivery city')).toBe(`'+1+2`);
      expect(cell('Price')).toBe('1234.50');
      expect(cell('Broker fee')).toBe('0.07');
      expect(cell('Status')).toBe('NEW');
      expect(cell('Pickup state')).toBe('TX');
      expect(cell('Vehicles')).toBe('2');
      for (const value of line) {
        expect(value, 'a cell a spreadsheet would run').not.toMatch(/^[=+@\t\r]/);
        if (value.startsWith('-')) expect(value).toMatch(/^-\d+(\.\d+)?$/);
      }
    });

    it('neutralises every formula-looking cell (csvCell)', () => {
      expect(csvCell('=1+2')).toBe(`'=1+2`);
      expect(csvCell('+1')).toBe(`'+1`);
      expect(csvCell('-2+3')).toBe(`'-2+3`);
      expect(csvCell('@cmd')).toBe(`'@cmd`);
      expect(csvCell('\tx')).toBe(`'\tx`);
      expect(csvCell('\r=1')).toBe(`"'\r=1"`);
      expect(csvCell('=A1,B1')).toBe(`"'=A1,B1"`);
      expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
      expect(csvCell('-12.50')).toBe('-12.50');
      expect(csvCell('12')).toBe('12');
      expect(csvCell(7)).toBe('7');
      expect(csvCell('a,b')).toBe('"a,b"');
      expect(csvCell('say "hi"')).toBe('"say ""hi"""');
      expect(csvCell('two\nlines')).toBe('"two\nlines"');
      expect(csvCell(null)).toBe('');
      expect(csvCell(undefined)).toBe('');
      expect(csvCell('plain')).toBe('plain');
    });

    it('refuses a bad filter and a role without Export', async () => {
      await refused(() => exportCsv('status=LOST'), 400, 'status');
      await refused(() => exportCsv('Filtered=custom'), 400, 'from');
      await refused(() => exportCsv('', tokens.BookOrderApprover), 403);
      await refused(() => exportCsv('', tokens.Driver), 403);
      await refused(() => call({ method: 'GET', url: '/api/BookOrder/export' }), 401);
      expect((await exportCsv('Size=1', tokens.Dispatcher)).status).toBe(200);
    });
  });

  // Last, after every kind of write above (create, update, status, approve, review, delete, restore).
  describe('list summaries kept by the writes', () => {
    it('keeps the per-day totals equal to a rebuild from the orders', async () => {
      const snapshot = async () => {
        const rows = await server.db
          .selectFrom('book_order_totals')
          .selectAll()
          .where('count', '!=', 0)
          .orderBy(['dim', 'value', 'day'])
          .execute();
        return rows.map(
          (r) => `${r.dim}|${r.value}|${r.day}|${Number(r.count)}|${Number(r.price_cents)}|${Number(r.fee_cents)}`,
        );
      };
      const kept = await snapshot();
      expect(kept.length).toBeGreaterThan(100);
      await server.db.transaction().execute((trx) => rebuildOrderTotals(trx));
      expect(await snapshot()).toEqual(kept);
    });

    it('knows every pickup and delivery city', async () => {
      const cities = new Set(
        (await server.db.selectFrom('book_order_cities').select('name').execute()).map((r) => r.name),
      );
      const used = await server.db.selectFrom('book_orders').select(['pickup_city', 'delivery_city']).execute();
      for (const row of used) {
        expect(cities.has(row.pickup_city), row.pickup_city).toBe(true);
        expect(cities.has(row.delivery_city), row.delivery_city).toBe(true);
      }
    });
  });
});
