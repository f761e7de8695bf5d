import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekStart as mondayOf } from '../../schema/period';
import { addDays } from '../../server/modules/finances/billing';
import { idOf, inDays, makeVin } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';
import { secondApp } from '../helpers/twoServers';
import { ROUTE_RACES, SCENARIOS, type ScenarioKey, inMoneyArea } from './races/coverage';
import { ORDER_CSV_COLUMNS } from '../../schema/orderImport';
import type { SheetReading } from '../../schema/dispatchSheets';
import { insertDraft } from '../../server/modules/orderDrafts/store';
import { violationsAbout } from './races/invariants';
import {
  type Answer,
  atOnce,
  cents,
  expectNoServerError,
  expectOneWinner,
  isBusy,
  note,
  refusals,
  scheduled,
  staggered,
  tally,
} from './races/kit';

/**
 * Races: every write route that moves money or state, hit by 8–20 requests of conflicting shapes at once (app.inject
 * with Promise.all: against PostgreSQL the requests run on the pool's connections at the same time; SQLite writes one
 * transaction at a time), on both databases. After each race, what must hold is read by independent SQL
 * (races/invariants.ts): bank rows and items equal their active match lines and nothing is applied beyond its amount;
 * driver totals equal the entries; a settled week has no entry off its bill; a claim and a citation have their one
 * ledger entry; a slot holds one assignment a day; book orders' per-day totals (book_order_totals) equal the orders
 * and an order's broker fee follows it. Where only one request can succeed, exactly one answers 200 and the others a
 * 400/409, never a 5xx.
 *
 * Which scenario covers which route is data (races/coverage.ts), checked against the route table: a new write route
 * in these areas fails the route test until it is raced or said not to move money.
 *
 * A correct server passes whatever the interleaving; nothing here waits for timing luck. Some scenarios vary the gap
 * between the requests' starts (races/kit.ts staggered, scheduled) only so that a wrong server shows more of its
 * interleavings. What each race saw is noted in the output ([race …] lines; RACE_LOG=<file> keeps them).
 *
 * postedIntoSettledWeek also checks its invariant one request after the other: entries the claim and void screens post
 * are dated without looking at settled weeks, which no serialization fixes. So does the test after orderVsMatch: an
 * order's price edited after a deposit was matched to it.
 */

const CHECKING = 'Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #';
const usDay = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const csvRow = (day: string, description: string, amountCents: number) =>
  `${amountCents >= 0 ? 'CREDIT' : 'DEBIT'},${usDay(day)},"${description}",${(amountCents / 100).toFixed(2)},${amountCents >= 0 ? 'ACH_CREDIT' : 'ACH_DEBIT'},,,`;
/** Mondays long before the demo company's loads: a bill of such a week has only the entries a test posts. */
const WEEK0 = '2020-01-06';
const week = (n: number) => addDays(WEEK0, 7 * n);
const today = inDays(0);

type Body = Record<string, any>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface BankRow {
  id: number;
  version: number;
  amount: number;
  description: string;
  state: string;
}
interface OpenItem {
  itemType: string;
  itemId: number;
  amount: number;
  left: number;
  label: string;
}

/** The scenarios this file registers (the route test checks the coverage data names only these). */
const registered = new Set<ScenarioKey>();

describe.each(DATABASES)('races on %s', (kind) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let drivers: number[] = [];
  let world: {
    carrierId: number;
    fleetCarrierId: number;
    stateId: number;
    managerId: number;
    dispatchers: number[];
    claimOrder: { id: number; vehicleId: number };
    brokerId: number;
    shipperId: number;
    orderDriverId: number;
  };
  let serial = 0;
  const next = () => ++serial;
  const usedItems = new Set<string>();
  const usedFees: number[] = [];

  const race = (key: ScenarioKey, test: () => Promise<void>, timeout = 120_000) => {
    registered.add(key);
    it(SCENARIOS[key], test, timeout);
  };

  beforeAll(async () => {
    // The log is kept to say what a 500 was (a deadlock, a serialization failure …).
    server = await startTestServer(kind, {}, { captureLog: true });
    const { db } = server;
    const logins = [
      'banking',
      'finance',
      'financesuper',
      'claimtrackerteam',
      'manager',
      'administrator',
      'fleetmanager',
      'dispatcher',
    ];
    await Promise.all(logins.map(async (role) => (tokens[role] = await server.login(`${role}@haulboard.demo`))));
    const driverUser = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'driver@haulboard.demo')
      .executeTakeFirstOrThrow();
    drivers = (
      await db
        .selectFrom('drivers')
        .select('id')
        .where('deleted_at', 'is', null)
        .where('terminated_on', 'is', null)
        .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '<>', driverUser.id)]))
        .orderBy('id')
        .execute()
    ).map((d) => Number(d.id));
    const dispatchers: number[] = [];
    for (const suffix of ['', '2', '3', '4', '5'])
      dispatchers.push(await idOf(server, 'users', 'email', `dispatcher${suffix}@haulboard.demo`));
    // A delivered order with a vehicle, for claims (received 5 days ago: within the 9-month filing window). Already
    // DELIVERED: written here without the order routes, its status must not change (book_order_totals counts it).
    const order = await db
      .selectFrom('book_orders as o')
      .innerJoin('book_order_vehicles as v', 'v.book_order_id', 'o.id')
      .select(['o.id', 'v.id as vehicleId'])
      .where('o.deleted_at', 'is', null)
      .where('o.driver_id', 'is not', null)
      .where('o.status', '=', 'DELIVERED')
      .orderBy('o.id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('book_orders')
      .set({ delivery_actual_at: `${inDays(-30)}T15:00:00.000Z` })
      .where('id', '=', order.id)
      .execute();
    world = {
      carrierId: Number(
        (
          await db
            .selectFrom('carriers')
            .select('id')
            .where('deleted_at', 'is', null)
            .orderBy('id')
            .executeTakeFirstOrThrow()
        ).id,
      ),
      fleetCarrierId: await idOf(server, 'carriers', 'code', 'shipops'),
      stateId: await idOf(server, 'states', 'abbreviation', 'TX'),
      managerId: await idOf(server, 'users', 'email', 'manager@haulboard.demo'),
      dispatchers,
      claimOrder: { id: Number(order.id), vehicleId: Number(order.vehicleId) },
      brokerId: Number(
        (
          await db
            .selectFrom('brokers')
            .select('id')
            .where('status', '=', 'ACTIVE')
            .where('deleted_at', 'is', null)
            .orderBy('id')
            .executeTakeFirstOrThrow()
        ).id,
      ),
      shipperId: Number(
        (
          await db
            .selectFrom('shippers')
            .select('id')
            .where('deleted_at', 'is', null)
            .orderBy('id')
            .executeTakeFirstOrThrow()
        ).id,
      ),
      // A driver for new orders (an order posts nothing to the ledger, so the bill scenarios may take the driver too).
      orderDriverId: drivers[drivers.length - 1],
    };
  }, 120_000);
  afterAll(() => server?.close());

  // ---- requests -------------------------------------------------------------------------------------------------
  const send = (method: Method, url: string, payload?: unknown, token = tokens.banking): Promise<Answer> =>
    server.call({ method, url, token, payload: payload as never });
  const value = async (answer: Promise<Answer> | Answer) => {
    const a = await answer;
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    return a.body.value;
  };
  /** A driver no other scenario uses (bills are per driver and week, in order: each scenario keeps to its own). */
  const takeDriver = () => {
    const id = drivers.shift();
    if (!id) throw new Error('Out of demo drivers for the race scenarios');
    return id;
  };
  /** The errors the server logged since the last call (its 500s' causes: "deadlock detected (40P01)" …). */
  let logRead = 0;
  const serverErrors = () => {
    const text = server.log();
    const fresh = text.slice(logRead);
    logRead = text.length;
    const counts = new Map<string, number>();
    for (const line of fresh.split('\n')) {
      if (!line.includes('"level":50')) continue;
      const { err, msg } = JSON.parse(line) as { err?: { message?: string; code?: string }; msg?: string };
      const what = err ? `${err.message ?? 'error'}${err.code ? ` (${err.code})` : ''}` : (msg ?? 'error');
      counts.set(what, (counts.get(what) ?? 0) + 1);
    }
    return [...counts.entries()].map(([what, count]) => `${what} ×${count}`).join('; ');
  };
  /** Notes what a race saw, with the errors the server logged meanwhile. */
  const noteRace = (label: string, text: string) => {
    const errors = serverErrors();
    note(kind, label, errors ? `${text}; server errors: ${errors}` : text);
  };
  const invariants = async (label: string, keys: string[]) => {
    const found = await violationsAbout(server.db, keys);
    if (found.length) note(kind, label, `INVARIANTS BROKEN: ${found.join(' | ')}`);
    expect.soft(found, `${label}: invariants`).toEqual([]);
    return found;
  };

  // ---- bank ------------------------------------------------------------------------------------------------------
  /** Imports one row per amount (signed cents), unique to this call, and answers them in the file's order. */
  async function bankRows(amounts: number[], day = '2026-11-20'): Promise<BankRow[]> {
    const tag = `RACE${next()}`;
    const file = [CHECKING, ...amounts.map((c, i) => csvRow(day, `${tag} LINE ${i}`, c))].join('\n');
    const imported = await value(
      server.call({
        method: 'POST',
        url: `/api/TransactionsMatching/import?fileName=${tag}.csv`,
        token: tokens.banking,
        headers: { 'content-type': 'text/csv' },
        payload: file,
      }),
    );
    const listed = (await value(send('GET', `/api/TransactionsMatching/transactions?importId=${imported.id}&size=200`)))
      .items as BankRow[];
    const line = (r: BankRow) => Number(/LINE (\d+)/.exec(r.description)![1]);
    return [...listed].sort((a, b) => line(a) - line(b));
  }
  const match = (
    row: Pick<BankRow, 'id' | 'version'>,
    lines: { itemType: string; itemId: number; cents: number }[],
    call = server.call,
  ) =>
    call({
      method: 'POST',
      url: `/api/TransactionsMatching/transactions/${row.id}/matches`,
      token: tokens.banking,
      payload: {
        version: row.version,
        lines: lines.map((l) => ({ itemType: l.itemType, itemId: l.itemId, amount: l.cents / 100 })),
      },
    });
  const undo = (matchId: number, reason = 'Matched to the wrong item') =>
    send('POST', `/api/TransactionsMatching/matches/${matchId}/undo`, { reason });
  /**
   * Open items of a type, nothing settled yet, not used by another scenario, of at least `minCents` (and, with
   * `editable`, book orders that PUT /api/BookOrder takes as they are: a broker that may be used, an active driver).
   */
  async function freshItems(type: string, count: number, minCents: number, editable = false): Promise<OpenItem[]> {
    const items = (await value(send('GET', `/api/TransactionsMatching/open-items?type=${type}&size=200`)))
      .items as OpenItem[];
    let candidates = items.filter(
      (i) => i.left === i.amount && cents(i.amount) >= minCents && !usedItems.has(`${i.itemType}:${i.itemId}`),
    );
    if (editable && candidates.length) {
      const usable = new Set(
        (
          await server.db
            .selectFrom('book_orders as o')
            .innerJoin('brokers as b', 'b.id', 'o.broker_id')
            .leftJoin('drivers as d', 'd.id', 'o.driver_id')
            .select('o.id')
            .where(
              'o.id',
              'in',
              candidates.map((i) => i.itemId),
            )
            .where('b.status', '<>', 'DO_NOT_USE')
            .where('b.deleted_at', 'is', null)
            .where((eb) =>
              eb.or([
                eb('o.driver_id', 'is', null),
                eb.and([eb('d.deleted_at', 'is', null), eb('d.terminated_on', 'is', null)]),
              ]),
            )
            .execute()
        ).map((r) => Number(r.id)),
      );
      candidates = candidates.filter((i) => usable.has(i.itemId));
    }
    const fresh = candidates.slice(0, count);
    expect(fresh.length, `${count} open ${type} items of at least ${minCents}¢`).toBe(count);
    for (const i of fresh) usedItems.add(`${i.itemType}:${i.itemId}`);
    return fresh;
  }
  const settledOf = async (type: string, id: number) =>
    Number(
      (
        await server.db
          .selectFrom('bank_item_settlements')
          .select('settled_cents')
          .where('item_type', '=', type)
          .where('item_id', '=', id)
          .executeTakeFirst()
      )?.settled_cents ?? 0,
    );
  const activeLinesOf = async (type: string, id: number) =>
    Number(
      (
        await server.db
          .selectFrom('bank_match_lines as l')
          .innerJoin('bank_matches as m', 'm.id', 'l.match_id')
          .where('m.undone_at', 'is', null)
          .where('l.item_type', '=', type)
          .where('l.item_id', '=', id)
          .select((eb) => eb.fn.sum<number>('l.amount_cents').as('s'))
          .executeTakeFirst()
      )?.s ?? 0,
    );

  // ---- ledger and bills --------------------------------------------------------------------------------------------
  const entry = (driverId: number, postedOn: string, over: Body = {}) => ({
    postedOn,
    driverId,
    type: 'FUEL_ADVANCE',
    direction: 'DEBIT',
    amount: 25,
    moneySource: 'company',
    ...over,
  });
  const postEntry = (body: Body) => send('POST', '/api/DriverTransactions', body, tokens.finance);
  const boss = () => tokens.financesuper;
  const approve = (id: number, version: number) => send('POST', `/api/PayBills/${id}/approve`, { version }, boss());
  const pay =
    (id: number, version: number, reference = `ACH ${id}`, paidOn?: string) =>
    async () => {
      const bill = await server.db
        .selectFrom('pay_bills')
        .select('week_start')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return send(
        'POST',
        `/api/PayBills/${id}/pay`,
        { version, paidOn: paidOn ?? addDays(bill.week_start, 9), paymentMethod: 'ACH', reference },
        boss(),
      );
    };
  /** A draft for the driver's week with one entry of `creditCents` owed to them (and whatever else is unsettled). */
  async function draftBill(driverId: number, weekStart: string, creditCents = 500_000) {
    await value(
      postEntry(
        entry(driverId, addDays(weekStart, 1), {
          type: 'REIMBURSEMENT',
          direction: 'CREDIT',
          amount: creditCents / 100,
        }),
      ),
    );
    const built = await value(send('POST', '/api/PayBills/build', { weekStart, driverIds: [driverId] }, boss()));
    const id = built.built[0] ?? built.rebuilt[0];
    expect(id, JSON.stringify(built)).toBeGreaterThan(0);
    return (await value(send('GET', `/api/PayBills/${id}`, undefined, boss()))) as {
      id: number;
      version: number;
      net: number;
      status: string;
    };
  }
  async function approvedBill(driverId: number, weekStart: string, creditCents?: number) {
    const draft = await draftBill(driverId, weekStart, creditCents);
    return (await value(approve(draft.id, draft.version))) as { id: number; version: number; net: number };
  }
  /** A bill paid by ACH: an open PAY_BILL item of bank matching, of its net. */
  async function paidBill(driverId: number, weekStart: string, creditCents?: number) {
    const approved = await approvedBill(driverId, weekStart, creditCents);
    await value(pay(approved.id, approved.version)());
    const row = await server.db
      .selectFrom('pay_bills')
      .select(['id', 'paid_cents', 'status'])
      .where('id', '=', approved.id)
      .executeTakeFirstOrThrow();
    return { id: row.id, paidCents: Number(row.paid_cents) };
  }

  // ---- tickets, citations, claims -------------------------------------------------------------------------------
  const CITATION_INPUT = [
    'citationNumber',
    'date',
    'violationNumberId',
    'courtDate',
    'appearance',
    'courtResult',
    'paymentStatus',
    'paidOn',
    'amount',
    'driverShare',
    'companyShare',
    'paymentForDriver',
  ];
  const TICKET_INPUT = [
    'type',
    'priority',
    'status',
    'reportNumber',
    'date',
    'userId',
    'driverId',
    'carrierId',
    'stateId',
    'truckId',
    'trailerId',
    'description',
  ];
  const CLAIM_INPUT = [
    'claimantCompany',
    'type',
    'priority',
    'status',
    'assigneeId',
    'driverId',
    'receivedOn',
    'vehicles',
    'claimed',
    'approved',
    'settled',
    'recoveredFromInsurance',
    'description',
  ];
  const pick = (record: Body, keys: string[]) => Object.fromEntries(keys.map((key) => [key, record[key]]));
  const manager = () => tokens.manager;
  const createTicket = async (driverId: number, date = inDays(-3)) =>
    value(
      send(
        'POST',
        '/api/Tickets',
        {
          type: 'TRAFFIC_CITATION',
          priority: 'MEDIUM',
          status: 'OPEN',
          reportNumber: `RT-${next()}`,
          date,
          driverId,
          carrierId: world.carrierId,
          userId: world.managerId,
          stateId: world.stateId,
          description: null,
        },
        manager(),
      ),
    );
  const createCitation = async (ticketId: number, over: Body = {}) =>
    value(
      send(
        'POST',
        '/api/Citations',
        {
          ticketId,
          citationNumber: `RC-${next()}`,
          date: inDays(-3),
          amount: 100,
          driverShare: 0,
          paymentStatus: 'UNPAID',
          ...over,
        },
        manager(),
      ),
    );
  /** The citation paid with `share`% the driver's (on `paidOn`, today when left out). */
  const payCitation = (citation: Body, share: number, paidOn?: string, version = citation.version) =>
    send(
      'PUT',
      `/api/Citations/${citation.id}`,
      {
        ...pick(citation, CITATION_INPUT),
        version,
        paymentStatus: 'PAID',
        paidOn: paidOn ?? null,
        driverShare: share,
        companyShare: null,
        paymentForDriver: null,
      },
      manager(),
    );
  const readCitation = (id: number) =>
    value(send('GET', `/api/Tickets/get-citation-by-Id/${id}`, undefined, manager()));
  const readTicket = (id: number) => value(send('GET', `/api/Tickets/get-tickets-by-Id/${id}`, undefined, manager()));
  const claims = () => tokens.claimtrackerteam;
  const createClaim = async (driverId: number, type = 'DELAY') =>
    value(
      send(
        'POST',
        '/api/ClaimTracker',
        {
          bookOrderId: world.claimOrder.id,
          claimantCompany: `Race dealer ${next()}`,
          type,
          priority: 'MEDIUM',
          receivedOn: inDays(-5),
          assigneeId: world.managerId,
          driverId,
          vehicles: [{ bookOrderVehicleId: world.claimOrder.vehicleId, damage: 'Late delivery' }],
          claimed: 1250.5,
          description: null,
        },
        claims(),
      ),
    );
  const readClaim = (id: number) => value(send('GET', `/api/ClaimTracker/${id}`, undefined, claims()));

  // ---- book orders ---------------------------------------------------------------------------------------------------
  /** The update body of an order as GET answers it, with `over` on top (as tests/server/brokerFees.test.ts builds it). */
  const editableOrder = (order: Body, over: Body = {}): Body => {
    const {
      id: _id,
      orderNumber: _n,
      status: _s,
      brokerName: _b,
      shipperName: _sh,
      carrierName: _c,
      dispatcherName: _d,
      driverName: _dr,
      truckNumber: _t,
      trailerNumber: _tr,
      paymentStatus: _p,
      hasManagerReview: _h,
      approved: _a,
      approvedBy: _ab,
      approvedAt: _at,
      vehicleCount: _vc,
      createdAt: _ca,
      updatedAt: _ua,
      deleted: _del,
      deletedAt: _da,
      ...rest
    } = order;
    const stop = ({ state: _st, actualAt: _ac, ...s }: Body) => s;
    return {
      ...rest,
      pickup: stop(order.pickup),
      delivery: stop(order.delivery),
      vehicles: order.vehicles.map(({ id: _vid, ...v }: Body) => v),
      ...over,
    };
  };

  /** A new order's body: picked up on `pickupOn` by the first dispatcher for world.carrierId, one vehicle of a VIN no other order has. */
  const newOrder = (pickupOn: string, over: Body = {}): Body => ({
    loadBoard: 'Central Dispatch',
    externalLoadId: `RACE-${next()}`,
    brokerId: world.brokerId,
    shipperId: world.shipperId,
    carrierId: world.carrierId,
    dispatcherId: world.dispatchers[0],
    driverId: null,
    truckId: null,
    trailerId: null,
    trailerType: 'OPEN',
    pickup: {
      venue: null,
      address: '5333 W Kiest Blvd',
      city: 'Dallas',
      stateId: world.stateId,
      zip: '75236',
      contactName: null,
      contactPhone: null,
      dateType: 'EXACT',
      date: pickupOn,
      dateTo: null,
    },
    delivery: {
      venue: null,
      address: '1100 Congress Ave',
      city: 'Austin',
      stateId: world.stateId,
      zip: '78701',
      contactName: null,
      contactPhone: null,
      dateType: 'ESTIMATED',
      date: addDays(pickupOn, 2),
      dateTo: null,
    },
    price: 1_200,
    brokerFee: 60,
    localFee: 0,
    codAmount: 0,
    paymentMethod: 'ACH',
    payOnPickup: false,
    payOnDelivery: false,
    paymentTermsDays: 5,
    notes: null,
    vehicles: [
      {
        vin: makeVin(next(), '4T1BF1FK'),
        year: 2020,
        make: 'Toyota',
        model: 'Camry',
        type: 'SEDAN',
        color: null,
        inoperable: false,
        lotNumber: null,
        stockNumber: null,
        price: 0,
      },
    ],
    ...over,
  });
  const createOrder = (body: Body) => send('POST', '/api/BookOrder', body, tokens.dispatcher);
  const readOrder = (id: number): Promise<Body> => value(send('GET', `/api/BookOrder/${id}`, undefined, manager()));
  const editOrder = (order: Body, over: Body) =>
    send('PUT', `/api/BookOrder/${order.id}`, editableOrder(order, over), manager());
  const orderStatus = (order: Body, status: string) =>
    send('POST', `/api/BookOrder/${order.id}/status`, { status, version: order.version }, manager());
  const approveOrder = (order: Body) =>
    send('POST', `/api/BookOrder/${order.id}/approve`, { version: order.version }, manager());
  const reviewOrder = (order: Body, flag = true) =>
    send(
      'PUT',
      `/api/BookOrder/${order.id}/manager-review`,
      { hasManagerReview: flag, version: order.version },
      manager(),
    );
  const deleteOrder = (order: Body) => send('DELETE', `/api/BookOrder/${order.id}`, undefined, manager());
  const restoreOrder = (order: Body) => send('POST', `/api/BookOrder/${order.id}/restore`, undefined, manager());
  /** The order's row and its broker fee rows, as stored. */
  const storedOrder = async (id: number) => ({
    order: await server.db
      .selectFrom('book_orders')
      .select(['version', 'status', 'price_cents', 'broker_fee_cents', 'payment_status', 'deleted_at', 'pickup_date'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
    fees: await server.db
      .selectFrom('broker_fee_transactions')
      .select(['id', 'status', 'amount_cents'])
      .where('book_order_id', '=', id)
      .execute(),
  });

  // ---- people and equipment -------------------------------------------------------------------------------------
  const admin = () => tokens.administrator;
  async function newDriver(lastName: string) {
    const created = await value(
      send(
        'POST',
        '/api/Driver',
        {
          carrierId: world.fleetCarrierId,
          firstName: 'Race',
          lastName,
          driverType: 'COMPANY',
          payType: 'PER_MILE',
          payRate: 0.6,
          hiredOn: inDays(-500),
        },
        tokens.fleetmanager,
      ),
    );
    return created.id as number;
  }
  async function newTruck() {
    const n = next();
    const created = await value(
      send(
        'POST',
        '/api/Units',
        {
          unitType: 'Truck',
          unitNumber: `RACE${kind === 'postgres' ? 'P' : 'S'}${n}`,
          vin: makeVin(7000 + n, '3AKJHHDR'),
          make: 'Freightliner',
          model: 'Cascadia',
          year: 2022,
          capacity: null,
          carrierId: world.fleetCarrierId,
          status: 'ACTIVE',
        },
        tokens.fleetmanager,
      ),
    );
    return created.id as number;
  }

  // =================================================================================================================
  // Bank matching
  // =================================================================================================================

  race('itemManyRows', async () => {
    const driver = takeDriver();
    const bill = await paidBill(driver, week(0));
    const [fee] = await freshItems('BROKER_FEE', 1, 2_000);
    const [order] = await freshItems('BOOK_ORDER', 1, 20_000);
    const invoice = await sentInvoice();
    const cases = [
      {
        label: 'invoice with $99 left',
        itemType: 'INVOICE',
        itemId: invoice.id,
        amountCents: invoice.totalCents,
        leftCents: 9_900,
        sign: 1,
      },
      {
        label: 'pay bill with $99 left (paid $5,000)',
        itemType: 'PAY_BILL',
        itemId: bill.id,
        amountCents: bill.paidCents,
        leftCents: 9_900,
        sign: -1,
      },
      {
        label: 'broker fee with nothing settled yet',
        itemType: 'BROKER_FEE',
        itemId: fee.itemId,
        amountCents: cents(fee.amount),
        leftCents: cents(fee.amount),
        sign: -1,
      },
      {
        label: 'book order with $99 left',
        itemType: 'BOOK_ORDER',
        itemId: order.itemId,
        amountCents: cents(order.amount),
        leftCents: 9_900,
        sign: 1,
      },
    ];
    for (const c of cases) {
      const before = c.amountCents - c.leftCents;
      const rows = await bankRows([
        ...(before ? [c.sign * before] : []),
        ...Array.from({ length: 8 }, () => c.sign * c.leftCents),
      ]);
      if (before) await value(match(rows.shift()!, [{ itemType: c.itemType, itemId: c.itemId, cents: before }]));
      const answers = await atOnce(
        rows.map((row) => () => match(row, [{ itemType: c.itemType, itemId: c.itemId, cents: c.leftCents }])),
      );
      const [settled, lines] = [await settledOf(c.itemType, c.itemId), await activeLinesOf(c.itemType, c.itemId)];
      noteRace(
        `itemManyRows ${c.label}`,
        `${tally(answers)}; item amount ${c.amountCents}¢, settled_cents ${settled}, active lines ${lines}; refusals: ${refusals(answers)}`,
      );
      expectOneWinner(answers, `${c.label}: 8 rows at once`);
      await invariants(`itemManyRows ${c.label}`, [
        `item:${c.itemType}:${c.itemId}`,
        ...rows.map((r) => `row:${r.id}`),
      ]);
    }
  });

  race('rowManyMatches', async () => {
    const fees = await freshItems('BROKER_FEE', 8, 1_000);
    const cheapest = Math.min(...fees.map((f) => cents(f.amount)));
    const [row] = await bankRows([-cheapest]);
    const answers = await atOnce(
      fees.map((fee) => () => match(row, [{ itemType: 'BROKER_FEE', itemId: fee.itemId, cents: cheapest }])),
    );
    noteRace('rowManyMatches', `${tally(answers)}; refusals: ${refusals(answers)}`);
    expectOneWinner(answers, 'one row, 8 items, one version');
    await invariants('rowManyMatches', [`row:${row.id}`, ...fees.map((f) => `item:BROKER_FEE:${f.itemId}`)]);
  });

  race('crossedLines', async () => {
    // Three orders with $100 left each; 8 deposits of $120, each $60 on two of them, crossing (A+B, B+C, C+A …).
    // One at a time, the first takes $60 of two orders, and then every other pair finds $40 left on one: one wins.
    const orders = await freshItems('BOOK_ORDER', 3, 30_000);
    const [prep, ...rows] = await bankRows([
      orders.reduce((s, o) => s + cents(o.amount) - 10_000, 0),
      ...Array.from({ length: 8 }, () => 12_000),
    ]);
    await value(
      match(
        prep,
        orders.map((o) => ({ itemType: 'BOOK_ORDER', itemId: o.itemId, cents: cents(o.amount) - 10_000 })),
      ),
    );
    const answers = await atOnce(
      rows.map(
        (row, i) => () =>
          match(
            row,
            [orders[i % 3], orders[(i + 1) % 3]].map((o) => ({
              itemType: 'BOOK_ORDER',
              itemId: o.itemId,
              cents: 6_000,
            })),
          ),
      ),
    );
    const left = await Promise.all(
      orders.map(
        async (o) =>
          `${o.itemId}: settled ${await settledOf('BOOK_ORDER', o.itemId)} lines ${await activeLinesOf('BOOK_ORDER', o.itemId)} of ${cents(o.amount)}`,
      ),
    );
    noteRace('crossedLines', `${tally(answers)}; ${left.join('; ')}; refusals: ${refusals(answers)}`);
    expectOneWinner(answers, 'crossed matches');
    await invariants('crossedLines', [
      ...orders.map((o) => `item:BOOK_ORDER:${o.itemId}`),
      ...rows.map((r) => `row:${r.id}`),
      `row:${prep.id}`,
    ]);
  });

  race('undoHalves', async () => {
    // Three orders, each paid half by one deposit and half by another; all six matches undone at once.
    const orders = await freshItems('BOOK_ORDER', 3, 2_000);
    const halves = orders.flatMap((o) => [
      Math.floor(cents(o.amount) / 2),
      cents(o.amount) - Math.floor(cents(o.amount) / 2),
    ]);
    const rows = await bankRows(halves);
    const matchIds: number[] = [];
    for (const [i, row] of rows.entries())
      matchIds.push(
        (
          await value(
            match(row, [{ itemType: 'BOOK_ORDER', itemId: orders[Math.floor(i / 2)].itemId, cents: halves[i] }]),
          )
        ).matchId,
      );
    const answers = await atOnce(matchIds.map((id) => () => undo(id)));
    const after = await Promise.all(
      orders.map(
        async (o) =>
          `order ${o.itemId}: settled_cents ${await settledOf('BOOK_ORDER', o.itemId)} (lines ${await activeLinesOf('BOOK_ORDER', o.itemId)})`,
      ),
    );
    noteRace('undoHalves', `${tally(answers)}; ${after.join('; ')}`);
    expectNoServerError(answers, 'six undos of different matches');
    expect
      .soft(
        answers.map((a) => a.status),
        'every undo of a different match succeeds',
      )
      .toEqual(answers.map(() => 200));
    for (const o of orders)
      expect.soft(await settledOf('BOOK_ORDER', o.itemId), `order ${o.itemId} settled after both undos`).toBe(0);
    await invariants('undoHalves', [
      ...orders.map((o) => `item:BOOK_ORDER:${o.itemId}`),
      ...rows.map((r) => `row:${r.id}`),
    ]);
  });

  race('undoSame', async () => {
    const [order] = await freshItems('BOOK_ORDER', 1, 1_000);
    const [row] = await bankRows([cents(order.amount)]);
    const { matchId } = await value(
      match(row, [{ itemType: 'BOOK_ORDER', itemId: order.itemId, cents: cents(order.amount) }]),
    );
    const answers = await atOnce(Array.from({ length: 8 }, (_, i) => () => undo(matchId, `Undo number ${i}`)));
    noteRace(
      'undoSame',
      `${tally(answers)}; settled after: ${await settledOf('BOOK_ORDER', order.itemId)}; refusals: ${refusals(answers)}`,
    );
    expectOneWinner(answers, 'one match undone 8 times');
    await invariants('undoSame', [`item:BOOK_ORDER:${order.itemId}`, `row:${row.id}`]);
  });

  race('explainRow', async () => {
    const [fee] = await freshItems('BROKER_FEE', 1, 1_500);
    const [row, explained] = await bankRows([-1_500, -2_500]);
    const explain = (r: BankRow, i: number) => () =>
      send('POST', `/api/TransactionsMatching/transactions/${r.id}/explain`, {
        version: r.version,
        reason: 'BANK_FEE',
        note: `Fee ${i}`,
      });
    const answers = await atOnce([
      ...Array.from({ length: 8 }, (_, i) => explain(row, i)),
      () => match(row, [{ itemType: 'BROKER_FEE', itemId: fee.itemId, cents: 1_500 }]),
    ]);
    noteRace(
      'explainRow explain×8 + match',
      `${tally(answers)} (the match is the last); refusals: ${refusals(answers)}`,
    );
    expectOneWinner(answers, 'explained 8 times and matched, one version');
    const done = await value(explain(explained, 0)());
    const back = await atOnce(
      Array.from(
        { length: 8 },
        () => () =>
          send('POST', `/api/TransactionsMatching/transactions/${explained.id}/unexplain`, { version: done.version }),
      ),
    );
    noteRace('explainRow unexplain×8', `${tally(back)}; refusals: ${refusals(back)}`);
    expectOneWinner(back, 'unexplained 8 times');
    await invariants('explainRow', [`row:${row.id}`, `row:${explained.id}`, `item:BROKER_FEE:${fee.itemId}`]);
  });

  race('importSame', async () => {
    const tag = `RACEIMPORT${next()}`;
    const file = [
      CHECKING,
      ...Array.from({ length: 12 }, (_, i) => csvRow('2026-11-18', `${tag} LINE ${i}`, (i % 2 ? 1 : -1) * (1_000 + i))),
    ].join('\n');
    const answers = await atOnce(
      Array.from(
        { length: 8 },
        (_, i) => () =>
          server.call({
            method: 'POST',
            url: `/api/TransactionsMatching/import?fileName=${tag}-${i}.csv`,
            token: tokens.banking,
            headers: { 'content-type': 'text/csv' },
            payload: file,
          }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200).map((a) => a.body.value);
    const stored = await server.db
      .selectFrom('bank_transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('description', 'like', `${tag} %`)
      .executeTakeFirstOrThrow();
    noteRace(
      'importSame',
      `${tally(answers)}; added ${ok.map((v) => v.added).join('+')}, rows stored ${stored.n}; refusals: ${refusals(answers)}`,
    );
    expectNoServerError(answers, '8 imports of one file');
    expect.soft(ok.length, 'at least one import goes through').toBeGreaterThan(0);
    expect
      .soft(
        ok.reduce((s, v) => s + v.added, 0),
        'the rows added by all imports together',
      )
      .toBe(12);
    for (const v of ok) expect.soft([v.rowsRead, v.added + v.alreadyThere]).toEqual([12, 12]);
    expect.soft(Number(stored.n), 'each row stored once').toBe(12);
    // An import that lost the race says what to do (the file was read as it streamed: it is not read twice).
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect.soft([refused.status, refused.body.message]).toEqual([409, expect.stringContaining('Import it again')]);
    }
  });

  it.runIf(kind === 'postgres')(
    SCENARIOS.twoServers,
    async () => {
      const other = await secondApp(server);
      try {
        const bill = await paidBill(takeDriver(), week(0));
        const rows = await bankRows([-(bill.paidCents - 9_900), ...Array.from({ length: 8 }, () => -9_900)]);
        await value(match(rows.shift()!, [{ itemType: 'PAY_BILL', itemId: bill.id, cents: bill.paidCents - 9_900 }]));
        const answers = await atOnce(
          rows.map(
            (row, i) => () =>
              match(row, [{ itemType: 'PAY_BILL', itemId: bill.id, cents: 9_900 }], i % 2 ? other.call : server.call),
          ),
        );
        noteRace(
          'twoServers',
          `${tally(answers)}; item ${bill.paidCents}¢, settled_cents ${await settledOf('PAY_BILL', bill.id)}, active lines ${await activeLinesOf('PAY_BILL', bill.id)}; refusals: ${refusals(answers)}`,
        );
        expectOneWinner(answers, 'two instances, one item');
        await invariants('twoServers', [`item:PAY_BILL:${bill.id}`, ...rows.map((r) => `row:${r.id}`)]);
      } finally {
        await other.close();
      }
    },
    120_000,
  );
  registered.add('twoServers');

  // =================================================================================================================
  // Pay bills and the driver ledger
  // =================================================================================================================

  race('approveVsEntries', async () => {
    // Rounds that differ only in when the 8 entries start against the approval: all in the same turn, the approval
    // among them, the entries 1 ms apart, and the entries 1–8 ms after the approval started. Whatever the
    // interleaving, no entry of the week may be left off the approved bill (refused, or the approval refused).
    // entriesAt: when entry i starts, in ms after the approval (-1: started before it, in the same turn).
    const rounds: { label: string; entriesAt: (i: number) => number }[] = [
      { label: 'all at once, the approval first', entriesAt: () => 0 },
      { label: 'all at once, the approval 5th', entriesAt: (i) => (i < 4 ? -1 : 0) },
      { label: 'entries 1 ms apart', entriesAt: (i) => i + 1 },
      ...[1, 2, 3, 5, 8].map((ms) => ({ label: `entries ${ms} ms after the approval`, entriesAt: () => ms })),
    ];
    for (const [r, round] of rounds.entries()) {
      const driver = await newDriver(`Week${next()}`);
      const weekStart = week(10 + r);
      const draft = await draftBill(driver, weekStart, 30_000);
      const entries = Array.from({ length: 8 }, (_, i) => ({
        at: Math.max(0, round.entriesAt(i)),
        call: () => postEntry(entry(driver, addDays(weekStart, i % 7), { amount: 10 + i, memo: `Race entry ${i}` })),
      }));
      // Entries due "before" the approval (at -1) are started first, in the same turn.
      const before = entries.filter((_, i) => round.entriesAt(i) < 0);
      const after = entries.filter((_, i) => round.entriesAt(i) >= 0);
      const answers = await scheduled([...before, { at: 0, call: () => approve(draft.id, draft.version) }, ...after]);
      const approval = answers[before.length];
      const posted = answers.filter((_, i) => i !== before.length);
      const bill = await server.db
        .selectFrom('pay_bills')
        .select('status')
        .where('id', '=', draft.id)
        .executeTakeFirstOrThrow();
      const found = await invariants(`approveVsEntries round ${r + 1}`, [`bill:${draft.id}`, `driver:${driver}`]);
      noteRace(
        `approveVsEntries round ${r + 1} (${round.label})`,
        `approve ${approval.status}${approval.status !== 200 ? ` (${approval.body.message})` : ''}, bill ${bill.status}; entries ${tally(posted)}; entries left off the settled week: ${found.filter((f) => f.includes('settled week')).length}`,
      );
      expectNoServerError(answers, `approval among 8 entries, round ${r + 1}`);
    }
  });

  race('approveTwice', async () => {
    const draft = await draftBill(takeDriver(), week(0), 40_000);
    const answers = await atOnce([
      ...Array.from({ length: 8 }, () => () => approve(draft.id, draft.version)),
      ...Array.from(
        { length: 2 },
        () => () => send('POST', `/api/PayBills/${draft.id}/rebuild`, { version: draft.version }, boss()),
      ),
    ]);
    noteRace('approveTwice', `${tally(answers)} (the last two rebuild); refusals: ${refusals(answers)}`);
    expectOneWinner(answers, 'approved 8 times and rebuilt twice, one version');
    await invariants('approveTwice', [`bill:${draft.id}`]);
  });

  race('buildTwice', async () => {
    const driver = takeDriver();
    const weekStart = week(0);
    const posted = [];
    for (const i of [1, 3, 5])
      posted.push((await value(postEntry(entry(driver, addDays(weekStart, i), { amount: 40 + i })))).id as number);
    const answers = await atOnce(
      Array.from(
        { length: 8 },
        () => () => send('POST', '/api/PayBills/build', { weekStart, driverIds: [driver] }, boss()),
      ),
    );
    const bills = await server.db
      .selectFrom('pay_bills')
      .select(['id', 'net_cents', 'version'])
      .where('driver_id', '=', driver)
      .where('week_start', '=', weekStart)
      .execute();
    noteRace(
      'buildTwice',
      `${tally(answers)}; bills for the driver's week: ${bills.length}; refusals: ${refusals(answers)}`,
    );
    expectNoServerError(answers, '8 builds of one week');
    expect.soft(bills.length, 'one bill per driver and week').toBe(1);
    if (bills.length === 1) {
      const lines = await server.db
        .selectFrom('pay_bill_lines')
        .select('transaction_id')
        .where('pay_bill_id', '=', bills[0].id)
        .where('kind', '=', 'ENTRY')
        .execute();
      expect
        .soft(lines.map((l) => l.transaction_id).sort(), 'each entry of the week on the draft once')
        .toEqual([...posted].sort());
      const rebuilt = await value(
        send('POST', `/api/PayBills/${bills[0].id}/rebuild`, { version: bills[0].version }, boss()),
      );
      expect.soft(cents(rebuilt.net), 'the draft as built equals a fresh build').toBe(Number(bills[0].net_cents));
    }
    await invariants('buildTwice', [`driver:${driver}`, ...bills.map((b) => `bill:${b.id}`)]);
  });

  race('payTwice', async () => {
    const approved = await approvedBill(takeDriver(), week(0), 70_000);
    const answers = await atOnce(
      Array.from({ length: 8 }, (_, i) => pay(approved.id, approved.version, `ACH ${approved.id}-${i}`)),
    );
    const payments = await server.db
      .selectFrom('driver_transactions')
      .select('id')
      .where('pay_bill_id', '=', approved.id)
      .where('type', '=', 'PAYMENT')
      .execute();
    noteRace('payTwice', `${tally(answers)}; payment entries ${payments.length}; refusals: ${refusals(answers)}`);
    expectOneWinner(answers, 'one bill paid 8 times');
    expect.soft(payments.length, 'one payment entry').toBe(1);
    await invariants('payTwice', [`bill:${approved.id}`]);
  });

  race('voidTwice', async () => {
    const driver = takeDriver();
    const posted = await value(postEntry(entry(driver, inDays(-2), { amount: 310 })));
    const answers = await atOnce(
      Array.from(
        { length: 8 },
        (_, i) => () =>
          send(
            'POST',
            `/api/DriverTransactions/${posted.id}/void`,
            { version: posted.version, reason: `Typed twice (${i})` },
            boss(),
          ),
      ),
    );
    const reversals = await server.db
      .selectFrom('driver_transactions')
      .select('id')
      .where('voids_id', '=', posted.id)
      .execute();
    noteRace('voidTwice', `${tally(answers)}; reversals ${reversals.length}; refusals: ${refusals(answers)}`);
    expectOneWinner(answers, 'one entry voided 8 times');
    expect.soft(reversals.length, 'one reversal').toBe(1);
    await invariants('voidTwice', [`driver:${driver}`, `entry:${posted.id}`]);
  });

  race('manyEntries', async () => {
    const [one, two] = [takeDriver(), takeDriver()];
    const day = inDays(-9);
    const apart = Array.from({ length: 8 }, (_, i) =>
      entry(
        one,
        inDays(-20 + i),
        i % 2 ? { type: 'ADJUSTMENT', direction: 'CREDIT', amount: 11 + i } : { amount: 21 + i },
      ),
    );
    const kinds: Body[] = [
      { type: 'ESCROW_DEPOSIT', direction: 'DEBIT', amount: 100 },
      { type: 'ESCROW_DEPOSIT', direction: 'DEBIT', amount: 101 },
      { type: 'ESCROW_DEPOSIT', direction: 'DEBIT', amount: 102 },
      { type: 'ESCROW_DEPOSIT', direction: 'DEBIT', amount: 103 },
      { type: 'ESCROW_RELEASE', direction: 'CREDIT', amount: 50 },
      { type: 'ESCROW_RELEASE', direction: 'CREDIT', amount: 51 },
      { type: 'REIMBURSEMENT', direction: 'CREDIT', amount: 7.77 },
      { type: 'FUEL_ADVANCE', direction: 'DEBIT', amount: 8.88 },
    ];
    const together = kinds.map((k) => entry(one, day, k));
    const other = kinds.slice(0, 4).map((k) => entry(two, day, k));
    const keyed = Array.from({ length: 4 }, (_, i) =>
      entry(one, day, { amount: 60 + i, idempotencyKey: `race-key-${kind}-${one}` }),
    );
    const answers = await atOnce([...apart, ...together, ...other, ...keyed].map((body) => () => postEntry(body)));
    const plain = answers.slice(0, 20);
    const withKey = answers.slice(20);
    const balance = await server.db
      .selectFrom('driver_balances')
      .select(['credits_cents', 'debits_cents', 'entries', 'escrow_cents'])
      .where('driver_id', '=', one)
      .executeTakeFirst();
    noteRace(
      'manyEntries',
      `20 entries ${tally(plain)}; 4 with one key ${tally(withKey)}; driver ${one} kept ${JSON.stringify(balance)}; refusals: ${refusals(answers)}`,
    );
    expectNoServerError(answers, '24 entries at once');
    // Different entries all go through; a server that serializes may say busy (409, nothing written) when its retries
    // run out, which the kept totals then must not count.
    expect
      .soft(
        plain.filter((a) => a.status !== 200 && !isBusy(a)).map((a) => `${a.status} ${a.body?.message}`),
        'entries without a shared key: posted (or busy)',
      )
      .toEqual([]);
    expect.soft(plain.filter((a) => a.status === 200).length, 'entries posted').toBeGreaterThan(0);
    expectOneWinner(withKey, '4 entries with one idempotency key');
    const escrowPosted = [...apart, ...together].reduce(
      (sum, body, i) =>
        plain[i].status !== 200
          ? sum
          : sum +
            (body.type === 'ESCROW_DEPOSIT'
              ? cents(body.amount)
              : body.type === 'ESCROW_RELEASE'
                ? -cents(body.amount)
                : 0),
      0,
    );
    expect.soft(Number(balance?.escrow_cents), 'escrow held: the deposits less the releases posted').toBe(escrowPosted);
    await invariants('manyEntries', [
      `driver:${one}`,
      `driver:${two}`,
      ...new Set([...kinds.map((k) => `type:${k.type}`), 'type:ADJUSTMENT']),
    ]);
  });

  race('brokerFeePay', async () => {
    const due = () =>
      server.db
        .selectFrom('broker_fee_transactions as f')
        .innerJoin('book_orders as o', 'o.id', 'f.book_order_id')
        .select(['f.id', 'f.version', 'f.book_order_id'])
        .where('f.status', '=', 'DUE')
        .where('f.deleted_at', 'is', null)
        .where('o.deleted_at', 'is', null)
        .where('f.id', 'not in', [...usedFees, 0])
        .orderBy('f.id')
        .executeTakeFirstOrThrow();
    const fee = await due();
    usedFees.push(fee.id);
    const answers = await atOnce(
      Array.from(
        { length: 8 },
        (_, i) => () =>
          send(
            'POST',
            `/api/Brokers/v2/fee/${fee.id}/pay`,
            { version: Number(fee.version), paidOn: today, paymentMethod: 'ACH', reference: `09100001999${i}` },
            boss(),
          ),
      ),
    );
    const after = await server.db
      .selectFrom('broker_fee_transactions')
      .select(['status', 'reference', 'version'])
      .where('id', '=', fee.id)
      .executeTakeFirstOrThrow();
    const paid = await server.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity', '=', 'broker_fee')
      .where('entity_id', '=', String(fee.id))
      .where('action', '=', 'pay')
      .execute();
    noteRace(
      'brokerFeePay 8 times',
      `${tally(answers)}; fee ${after.status} ${after.reference}, version ${fee.version} → ${after.version}, pay audited ${paid.length}×; refusals: ${refusals(answers)}`,
    );
    expectOneWinner(answers, 'one fee paid 8 times');
    expect.soft(paid.length, 'one payment audited').toBe(1);
    // Paid while its order's fee is changed (sync.ts: a DUE fee follows its order; a PAID one refuses a new amount).
    for (const gap of [0, 1]) {
      const other = await due();
      usedFees.push(other.id);
      const order = await value(send('GET', `/api/BookOrder/${other.book_order_id}`, undefined, manager()));
      const both = await staggered(
        [
          () =>
            send(
              'POST',
              `/api/Brokers/v2/fee/${other.id}/pay`,
              { version: Number(other.version), paidOn: today, paymentMethod: 'ACH', reference: '091000019998877' },
              boss(),
            ),
          () =>
            send(
              'PUT',
              `/api/BookOrder/${order.id}`,
              editableOrder(order, { brokerFee: Math.round(order.brokerFee * 100 + 1_234) / 100 }),
              manager(),
            ),
        ],
        gap,
      );
      const [fee2, order2] = await Promise.all([
        server.db
          .selectFrom('broker_fee_transactions')
          .select(['status', 'amount_cents', 'paid_on'])
          .where('id', '=', other.id)
          .executeTakeFirstOrThrow(),
        server.db
          .selectFrom('book_orders')
          .select('broker_fee_cents')
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow(),
      ]);
      noteRace(
        `brokerFeePay paid while the order's fee changes (gap ${gap} ms)`,
        `pay ${both[0].status}, order edit ${both[1].status}; fee ${fee2.status} ${fee2.amount_cents}¢ paid on ${fee2.paid_on}, order's fee ${order2.broker_fee_cents}¢; refusals: ${refusals(both)}`,
      );
      expectOneWinner(both, "a fee paid while its order's fee changes");
      expect
        .soft({ status: fee2.status, paid: fee2.paid_on !== null }, 'a fee is PAID with its day, or DUE without')
        .toEqual(fee2.status === 'PAID' ? { status: 'PAID', paid: true } : { status: 'DUE', paid: false });
      expect.soft(Number(fee2.amount_cents), "the fee is its order's").toBe(Number(order2.broker_fee_cents));
    }
  });

  // =================================================================================================================
  // Claims
  // =================================================================================================================

  race('claimSettle', async () => {
    const claim = await createClaim(takeDriver());
    for (const step of ['ACKNOWLEDGE', 'COLLECT_DOCUMENTS'])
      await value(send('POST', `/api/ClaimTracker/${claim.id}/steps/${step}/complete`, {}, claims()));
    const decided = await value(
      send(
        'POST',
        `/api/ClaimTracker/${claim.id}/steps/DECISION/complete`,
        { decision: 'APPROVED', approvedAmount: 800 },
        claims(),
      ),
    );
    const answers = await atOnce([
      ...Array.from(
        { length: 8 },
        (_, i) => () =>
          send(
            'POST',
            `/api/ClaimTracker/${claim.id}/settle`,
            { amount: 800, paidOn: today, method: 'Check', reference: `CHK ${i}`, version: decided.version },
            claims(),
          ),
      ),
      () => send('POST', `/api/ClaimTracker/${claim.id}/steps/DECISION/undo`, { version: decided.version }, claims()),
    ]);
    const payments = await server.db
      .selectFrom('claim_settlements')
      .select('id')
      .where('claim_id', '=', claim.id)
      .execute();
    noteRace(
      'claimSettle',
      `${tally(answers)} (the last undoes the decision); payments ${payments.length}, claim ${(await readClaim(claim.id)).status}; refusals: ${refusals(answers)}`,
    );
    expectOneWinner(answers, 'paid 8 times and undecided, one version');
    expect.soft(payments.length, 'at most one payment').toBeLessThanOrEqual(1);
    await invariants('claimSettle', [`claim:${claim.id}`]);
  });

  race('claimChargeback', async () => {
    const [driver, relay] = [takeDriver(), takeDriver()];
    const claim = await createClaim(driver);
    const chargeback = (amount: number, version?: number) => () =>
      send('POST', `/api/ClaimTracker/${claim.id}/chargeback`, { amount, ...(version ? { version } : {}) }, claims());
    // One version: 8 amounts and a change of driver; one wins.
    const first = await atOnce([
      ...Array.from({ length: 8 }, (_, i) => chargeback(100 + i, claim.version)),
      () =>
        send(
          'PUT',
          `/api/ClaimTracker/${claim.id}`,
          { ...pick(claim, CLAIM_INPUT), version: claim.version, driverId: relay },
          claims(),
        ),
    ]);
    noteRace(
      'claimChargeback one version',
      `${tally(first)} (the last changes the driver); refusals: ${refusals(first)}`,
    );
    expectOneWinner(first, '8 chargebacks and a driver change, one version');
    await invariants('claimChargeback one version', [`claim:${claim.id}`, `driver:${driver}`, `driver:${relay}`]);
    // No version (each reads the current one): any number may win in turn; one live entry, the claim's, at the end.
    const loose = await atOnce(Array.from({ length: 8 }, (_, i) => chargeback(200 + i)));
    noteRace('claimChargeback no version', `${tally(loose)}; refusals: ${refusals(loose)}`);
    expectNoServerError(loose, '8 chargebacks without a version');
    await invariants('claimChargeback no version', [`claim:${claim.id}`, `driver:${driver}`, `driver:${relay}`]);
    // Deleted three times at once (its entry voided once), then restored three times at once (posted again once).
    const deleted = await atOnce(
      Array.from({ length: 3 }, () => () => send('DELETE', `/api/ClaimTracker/${claim.id}`, undefined, claims())),
    );
    await invariants('claimChargeback deleted', [`claim:${claim.id}`, `driver:${driver}`, `driver:${relay}`]);
    const restored = await atOnce(
      Array.from({ length: 3 }, () => () => send('POST', `/api/ClaimTracker/${claim.id}/restore`, undefined, claims())),
    );
    noteRace(
      'claimChargeback delete×3, restore×3',
      `delete ${tally(deleted)}, restore ${tally(restored)}; refusals: ${refusals([...deleted, ...restored])}`,
    );
    expectNoServerError([...deleted, ...restored], 'deleted and restored 3 times each');
    expect
      .soft(
        deleted.some((a) => a.status === 200) && restored.some((a) => a.status === 200),
        'a delete and a restore went through',
      )
      .toBe(true);
    await invariants('claimChargeback restored', [`claim:${claim.id}`, `driver:${driver}`, `driver:${relay}`]);
  });

  // =================================================================================================================
  // Tickets and citations
  // =================================================================================================================

  race('citationShares', async () => {
    const [driver, other] = [takeDriver(), takeDriver()];
    const ticket = await createTicket(driver);
    const citations = [];
    for (let i = 0; i < 6; i++) citations.push(await createCitation(ticket.id, { amount: 100 + i }));
    const answers = await atOnce([
      ...citations.map((c) => () => payCitation(c, 50)),
      () =>
        send(
          'PUT',
          `/api/Tickets/${ticket.id}`,
          { ...pick(ticket, TICKET_INPUT), version: ticket.version, driverId: other },
          manager(),
        ),
      ...Array.from(
        { length: 2 },
        (_, i) => () =>
          send(
            'POST',
            '/api/Citations',
            {
              ticketId: ticket.id,
              citationNumber: `RC-${next()}`,
              date: inDays(-3),
              amount: 90 + i,
              driverShare: 50,
              paymentStatus: 'PAID',
            },
            manager(),
          ),
      ),
    ]);
    const all = await server.db.selectFrom('citations').select('id').where('ticket_id', '=', ticket.id).execute();
    noteRace(
      'citationShares',
      `${tally(answers)}; ticket's driver now ${(await readTicket(ticket.id)).driverId}; refusals: ${refusals(answers)}`,
    );
    expectNoServerError(answers, '6 citations paid, the driver changed, 2 paid citations added');
    expect
      .soft(
        answers.filter((a) => a.status !== 200 && !isBusy(a)).map((a) => `${a.status} ${a.body?.message}`),
        'different records: every write goes through (or is busy)',
      )
      .toEqual([]);
    await invariants('citationShares', [
      `ticket:${ticket.id}`,
      ...all.map((c) => `citation:${c.id}`),
      `driver:${driver}`,
      `driver:${other}`,
    ]);
  });

  race('citationLifecycle', async () => {
    const driver = takeDriver();
    const ticket = await createTicket(driver);
    const citation = await createCitation(ticket.id, { amount: 250.25, driverShare: 60, paymentStatus: 'PAID' });
    const answers = await atOnce([
      ...[10, 20, 30, 40].map((share) => () => payCitation(citation, share)),
      () => send('DELETE', `/api/Citations/${citation.id}`, undefined, manager()),
      () => send('DELETE', `/api/Tickets/citation/remove/${citation.id}`, undefined, manager()),
    ]);
    noteRace('citationLifecycle edit×4 + delete×2', `${tally(answers)}; refusals: ${refusals(answers)}`);
    // The edits carry the version they read; a delete carries none and reads the version when it starts, so one that
    // starts after an edit committed deletes the edited citation, and a delete after a delete answers it as it is.
    // What must hold: one edit at most, and a delete that succeeded saw it.
    expectNoServerError(answers, '4 edits and 2 deletes');
    const editWinners = answers.slice(0, 4).filter((a) => a.status === 200);
    const deleteWinners = answers.slice(4).filter((a) => a.status === 200);
    expect.soft(editWinners.length, `one edit at most: ${tally(answers)}`).toBeLessThanOrEqual(1);
    expect.soft(editWinners.length + deleteWinners.length, `someone wins: ${tally(answers)}`).toBeGreaterThan(0);
    for (const deleted of deleteWinners)
      expect
        .soft(
          { deleted: deleted.body.value.deleted, version: deleted.body.value.version },
          'a delete is of the citation as the edit left it',
        )
        .toEqual({ deleted: true, version: citation.version + 1 + editWinners.length });
    await invariants('citationLifecycle edited or deleted', [`citation:${citation.id}`, `driver:${driver}`]);
    if (!(await readCitation(citation.id)).deleted)
      await value(send('DELETE', `/api/Citations/${citation.id}`, undefined, manager()));
    const restored = await atOnce(
      Array.from(
        { length: 4 },
        () => () => send('POST', `/api/Citations/${citation.id}/restore`, undefined, manager()),
      ),
    );
    noteRace('citationLifecycle restore×4', `${tally(restored)}; refusals: ${refusals(restored)}`);
    expectNoServerError(restored, 'restored 4 times');
    await invariants('citationLifecycle restored', [`citation:${citation.id}`, `driver:${driver}`]);
  });

  race('ticketDelete', async () => {
    const driver = takeDriver();
    const ticket = await createTicket(driver);
    const paid = await createCitation(ticket.id, { amount: 300, driverShare: 50, paymentStatus: 'PAID' });
    const unpaid = await createCitation(ticket.id, { amount: 200 });
    const answers = await atOnce([
      () => send('DELETE', `/api/Tickets/${ticket.id}`, undefined, manager()),
      () => send('DELETE', `/api/Tickets/ticket/remove/${ticket.id}`, undefined, manager()),
      () => payCitation(unpaid, 50),
      () => payCitation(paid, 20),
    ]);
    noteRace('ticketDelete delete×2 + 2 citations paid', `${tally(answers)}; refusals: ${refusals(answers)}`);
    expectNoServerError(answers, 'ticket deleted twice while its citations are paid');
    const keys = [`ticket:${ticket.id}`, `citation:${paid.id}`, `citation:${unpaid.id}`, `driver:${driver}`];
    await invariants('ticketDelete deleted', keys);
    if (
      !(
        await server.db.selectFrom('tickets').select('deleted_at').where('id', '=', ticket.id).executeTakeFirstOrThrow()
      ).deleted_at
    )
      await value(send('DELETE', `/api/Tickets/${ticket.id}`, undefined, manager()));
    const restored = await atOnce(
      Array.from({ length: 4 }, () => () => send('POST', `/api/Tickets/${ticket.id}/restore`, undefined, manager())),
    );
    noteRace('ticketDelete restore×4', `${tally(restored)}; refusals: ${refusals(restored)}`);
    expectNoServerError(restored, 'restored 4 times');
    await invariants('ticketDelete restored', keys);
  });

  race('shareVsApprove', async () => {
    // share.ts postingDay moves a share out of a week whose bill is approved; here the week is approved at the same
    // moment the citation is paid (at once, and the payment 1, 3 and 6 ms after the approval started).
    for (const [r, ms] of [0, 1, 3, 6].entries()) {
      const driver = await newDriver(`Share${next()}`);
      const weekStart = week(20 + r);
      const draft = await draftBill(driver, weekStart, 20_000);
      const ticket = await createTicket(driver, addDays(weekStart, 1));
      const citation = await createCitation(ticket.id, { amount: 180, date: addDays(weekStart, 1) });
      const answers = await scheduled([
        { at: 0, call: () => approve(draft.id, draft.version) },
        { at: ms, call: () => payCitation(citation, 50, addDays(weekStart, 2)) },
      ]);
      const found = await invariants(`shareVsApprove round ${r + 1}`, [`bill:${draft.id}`, `citation:${citation.id}`]);
      noteRace(
        `shareVsApprove round ${r + 1} (paid ${ms} ms after the approval started)`,
        `approve ${answers[0].status}, citation paid ${answers[1].status}; share entries off the settled week: ${found.filter((f) => f.includes('settled week')).length}`,
      );
      expectNoServerError(answers, 'approval and a citation paid into the week');
    }
  });

  race('postedIntoSettledWeek', async () => {
    // A claim's chargeback dated in a week whose bill is being approved (at once, and 2 ms apart) …
    for (const [r, gap] of [0, 2].entries()) {
      const driver = takeDriver();
      const weekStart = week(30 + r);
      const draft = await draftBill(driver, weekStart, 20_000);
      const claim = await createClaim(driver);
      const answers = await staggered(
        [
          () => approve(draft.id, draft.version),
          () =>
            send(
              'POST',
              `/api/ClaimTracker/${claim.id}/chargeback`,
              { amount: 120, postedOn: addDays(weekStart, 3) },
              claims(),
            ),
        ],
        gap,
      );
      const found = await invariants(`postedIntoSettledWeek chargeback raced, round ${r + 1}`, [
        `bill:${draft.id}`,
        `claim:${claim.id}`,
      ]);
      noteRace(
        `postedIntoSettledWeek chargeback raced, round ${r + 1} (gap ${gap} ms)`,
        `approve ${answers[0].status}, chargeback ${answers[1].status}; entries off the settled week: ${found.filter((f) => f.includes('settled week')).length}`,
      );
      expectNoServerError(answers, 'approval and a chargeback dated in the week');
    }
    // … and one after the other: the week approved first, then the chargeback dated in it.
    {
      const driver = takeDriver();
      const weekStart = week(32);
      const approved = await approvedBill(driver, weekStart, 20_000);
      const claim = await createClaim(driver);
      const answer = await send(
        'POST',
        `/api/ClaimTracker/${claim.id}/chargeback`,
        { amount: 130, postedOn: addDays(weekStart, 3) },
        claims(),
      );
      const found = await invariants('postedIntoSettledWeek chargeback after the approval', [
        `bill:${approved.id}`,
        `claim:${claim.id}`,
      ]);
      noteRace(
        'postedIntoSettledWeek chargeback after the approval',
        `chargeback ${answer.status}; entries off the settled week: ${found.filter((f) => f.includes('settled week')).length}`,
      );
    }
    // A void is dated today: voiding an entry while this week's bill is approved.
    {
      const driver = await newDriver(`Void${next()}`);
      const thisWeek = mondayOf(today);
      const posted = await value(postEntry(entry(driver, thisWeek, { amount: 45 })));
      const built = await value(
        send('POST', '/api/PayBills/build', { weekStart: thisWeek, driverIds: [driver] }, boss()),
      );
      const bill = await value(send('GET', `/api/PayBills/${built.built[0]}`, undefined, boss()));
      await value(approve(bill.id, bill.version));
      const current = await value(send('GET', `/api/DriverTransactions/${posted.id}`, undefined, boss()));
      const voided = await send(
        'POST',
        `/api/DriverTransactions/${posted.id}/void`,
        { version: current.version, reason: 'Posted to the wrong driver' },
        boss(),
      );
      const found = await invariants('postedIntoSettledWeek void dated today', [`bill:${bill.id}`, `driver:${driver}`]);
      noteRace(
        'postedIntoSettledWeek void while this week is approved',
        `void ${voided.status}; entries off the settled week: ${found.filter((f) => f.includes('settled week')).length}`,
      );
    }
  });

  // =================================================================================================================
  // Assignments
  // =================================================================================================================

  race('dispatcherSlot', async () => {
    const driverId = await newDriver(`Slot${next()}`);
    const assign = (dispatcherId: number, startsOn: string) => () =>
      send('POST', '/api/DriverAssignments', { driverId, dispatcherId, startsOn }, admin());
    const sameDay = await atOnce(Array.from({ length: 8 }, (_, i) => assign(world.dispatchers[i % 5], inDays(30))));
    noteRace('dispatcherSlot one day', `${tally(sameDay)}; refusals: ${refusals(sameDay)}`);
    expectOneWinner(sameDay, '8 dispatchers from one day');
    const days = [47, 41, 44, 40, 46, 42, 45, 43];
    const apart = await atOnce(days.map((d, i) => assign(world.dispatchers[(i + 1) % 5], inDays(d))));
    noteRace('dispatcherSlot 8 days', `${tally(apart)}; refusals: ${refusals(apart)}`);
    expectNoServerError(apart, '8 dispatchers from 8 days');
    await invariants('dispatcherSlot', [`driver:${driverId}`]);
  });

  race('unitSlot', async () => {
    const truckId = await newTruck();
    const driverIds = [];
    for (let i = 0; i < 8; i++) driverIds.push(await newDriver(`Truck${next()}`));
    const give = (driverId: number, startsOn: string, reassign: boolean) => () =>
      send('POST', '/api/UnitAssignments', { driverId, truckId, startsOn, reassign }, admin());
    const sameDay = await atOnce(driverIds.map((d) => give(d, inDays(30), false)));
    noteRace('unitSlot one day', `${tally(sameDay)}; refusals: ${refusals(sameDay)}`);
    expectOneWinner(sameDay, 'one truck to 8 drivers from one day');
    const apart = await atOnce(driverIds.map((d, i) => give(d, inDays(40 + ((i * 3) % 8)), true)));
    noteRace('unitSlot reassign, 8 days', `${tally(apart)}; refusals: ${refusals(apart)}`);
    expectNoServerError(apart, 'one truck reassigned to 8 drivers from 8 days');
    await invariants('unitSlot', [`unit:${truckId}`, ...driverIds.map((d) => `driver:${d}`)]);
  });

  race('endTwice', async () => {
    const keys: string[] = [];
    // Ended 8 ways at once: one end.
    const d1 = await newDriver(`End${next()}`);
    const a1 = await value(
      send(
        'POST',
        '/api/DriverAssignments',
        { driverId: d1, dispatcherId: world.dispatchers[0], startsOn: inDays(50) },
        admin(),
      ),
    );
    const ends = await atOnce(
      Array.from(
        { length: 8 },
        (_, i) => () => send('POST', `/api/DriverAssignments/${a1.id}/end`, { endsOn: inDays(60 + i) }, admin()),
      ),
    );
    noteRace(
      'endTwice dispatcher assignment ended 8 ways',
      `${tally(ends)}; ends_on now ${(await server.db.selectFrom('driver_dispatcher_assignments').select('ends_on').where('id', '=', a1.id).executeTakeFirstOrThrow()).ends_on}; refusals: ${refusals(ends)}`,
    );
    expectOneWinner(ends, 'one dispatcher assignment ended 8 ways');
    const d2 = await newDriver(`End${next()}`);
    const truck = await newTruck();
    const [u2] = await value(
      send('POST', '/api/UnitAssignments', { driverId: d2, truckId: truck, startsOn: inDays(50) }, admin()),
    );
    const unitEnds = await atOnce(
      Array.from(
        { length: 8 },
        (_, i) => () => send('POST', `/api/UnitAssignments/${u2.id}/end`, { endsOn: inDays(60 + i) }, admin()),
      ),
    );
    noteRace('endTwice truck assignment ended 8 ways', `${tally(unitEnds)}; refusals: ${refusals(unitEnds)}`);
    expectOneWinner(unitEnds, 'one truck assignment ended 8 ways');
    keys.push(`driver:${d1}`, `driver:${d2}`, `unit:${truck}`);
    // Ended on day 80 while reassigned from day 70: one or the other, never both (that would overlap).
    for (const gap of [0, 1]) {
      const driverId = await newDriver(`End${next()}`);
      const held = await value(
        send(
          'POST',
          '/api/DriverAssignments',
          { driverId, dispatcherId: world.dispatchers[1], startsOn: inDays(50) },
          admin(),
        ),
      );
      const both = await staggered(
        [
          () => send('POST', `/api/DriverAssignments/${held.id}/end`, { endsOn: inDays(80) }, admin()),
          () =>
            send(
              'POST',
              '/api/DriverAssignments',
              { driverId, dispatcherId: world.dispatchers[2], startsOn: inDays(70) },
              admin(),
            ),
        ],
        gap,
      );
      const truckId = await newTruck();
      const unitHeld = (
        await value(send('POST', '/api/UnitAssignments', { driverId, truckId, startsOn: inDays(50) }, admin()))
      )[0];
      const otherTruck = await newTruck();
      const unitBoth = await staggered(
        [
          () => send('POST', `/api/UnitAssignments/${unitHeld.id}/end`, { endsOn: inDays(80) }, admin()),
          () => send('POST', '/api/UnitAssignments', { driverId, truckId: otherTruck, startsOn: inDays(70) }, admin()),
        ],
        gap,
      );
      noteRace(
        `endTwice end racing reassign (gap ${gap} ms)`,
        `dispatcher: end ${both[0].status}, reassign ${both[1].status}; truck: end ${unitBoth[0].status}, other truck ${unitBoth[1].status}`,
      );
      expectOneWinner(both, 'dispatcher assignment ended while reassigned');
      expectOneWinner(unitBoth, 'truck assignment ended while another truck is given');
      keys.push(`driver:${driverId}`, `unit:${truckId}`, `unit:${otherTruck}`);
    }
    await invariants('endTwice', keys);
  });

  // =================================================================================================================
  // Book orders
  // =================================================================================================================

  race('importSameFile', async () => {
    // One file of two loads imported 6 times at once: each load booked once, the other imports told they look booked.
    const day = inDays(50);
    const sample = newOrder(day);
    const nameOf = async (table: 'brokers' | 'shippers' | 'carriers', id: number) =>
      (await server.db.selectFrom(table).select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
    const email = (
      await server.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', sample.dispatcherId)
        .executeTakeFirstOrThrow()
    ).email;
    const parties: Record<string, string> = {
      broker: await nameOf('brokers', sample.brokerId),
      shipper: await nameOf('shippers', sample.shipperId),
      carrier: await nameOf('carriers', sample.carrierId),
      dispatcher: email,
      pickupDate: `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`,
      deliveryDate: `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`,
    };
    const tag = `RACE-IMPORT-${next()}`;
    const file = [
      ORDER_CSV_COLUMNS.map((c) => c.header).join(','),
      ...['A', 'B'].map((ref) =>
        ORDER_CSV_COLUMNS.map((c) =>
          c.key === 'ref'
            ? ref
            : c.key === 'loadId'
              ? `${tag}-${ref}`
              : c.key === 'vin'
                ? makeVin(next(), '4T1BF1FK')
                : (parties[c.key] ?? c.example),
        ).join(','),
      ),
    ].join('\r\n');
    const answers = await atOnce(
      Array.from(
        { length: 6 },
        () => () =>
          server.call({
            method: 'POST',
            url: '/api/BookOrder/import',
            token: tokens.dispatcher,
            headers: { 'content-type': 'text/csv' },
            payload: file,
          }),
      ),
    );
    noteRace('importSameFile', `${tally(answers)}; refusals: ${refusals(answers)}`);
    expectNoServerError(answers, 'one file imported 6 times at once');
    const booked = await server.db
      .selectFrom('book_orders')
      .select(['id', 'external_load_id'])
      .where('external_load_id', 'like', `${tag}-%`)
      .where('deleted_at', 'is', null)
      .execute();
    expect(booked.map((o) => o.external_load_id).sort(), 'each load of the file booked once').toEqual([
      `${tag}-A`,
      `${tag}-B`,
    ]);
    await invariants('importSameFile', [`day:${day}`, ...booked.map((o) => `order:${o.id}`)]);
  });

  race('draftBookTwice', async () => {
    // One draft of a dispatch sheet booked 6 times and discarded twice at once with its version: one order, the
    // draft BOOKED with it (or DISCARDED and no order); the others refused.
    const day = inDays(52);
    const order = newOrder(day, { externalLoadId: `RACE-DRAFT-${next()}` });
    order.vehicles = [{ ...order.vehicles[0], vin: makeVin(next(), '1FTFW1ET') }];
    const reading: SheetReading = { layout: 'generic', pages: 1, pageSizes: [], fields: {}, vehicles: [] };
    const draftId = await insertDraft(server.db, {
      file: { bytes: Buffer.from('%PDF-race'), contentType: 'application/pdf', sha256: `race-${next()}` },
      kept: { content: Buffer.from('%PDF-race'), object_key: null },
      fileName: 'race.pdf',
      reading,
      source: 'UPLOAD',
      createdBy: null,
    });
    const url = (action: string) => `/api/OrderDrafts/${draftId}/${action}`;
    const answers = await atOnce([
      ...Array.from(
        { length: 6 },
        () => () =>
          server.call({ method: 'POST', url: url('book'), token: tokens.dispatcher, payload: { version: 1, order } }),
      ),
      ...Array.from(
        { length: 2 },
        () => () =>
          server.call({ method: 'POST', url: url('discard'), token: tokens.dispatcher, payload: { version: 1 } }),
      ),
    ]);
    noteRace('draftBookTwice', `${tally(answers)}; refusals: ${refusals(answers)}`);
    expectOneWinner(answers, 'one draft booked and discarded at once');
    const draft = await server.db
      .selectFrom('order_drafts')
      .select(['status', 'book_order_id', 'version'])
      .where('id', '=', draftId)
      .executeTakeFirstOrThrow();
    const booked = await server.db
      .selectFrom('book_orders')
      .select('id')
      .where('external_load_id', '=', order.externalLoadId)
      .execute();
    expect(Number(draft.version), 'the draft moved once').toBe(2);
    if (draft.status === 'BOOKED') {
      expect(
        booked.map((o) => Number(o.id)),
        "one order, the draft's",
      ).toEqual([Number(draft.book_order_id)]);
      await invariants('draftBookTwice', [`day:${day}`, `order:${booked[0].id}`]);
    } else {
      expect(draft.status).toBe('DISCARDED');
      expect(booked, 'a discarded draft booked nothing').toEqual([]);
    }
  });

  race('orderTotals', async () => {
    // 12 orders of one pickup day, dispatcher and carrier booked at once: every one adds to the same rows of
    // book_order_totals (dim 'all', the dispatcher, the carrier, the reports' dims …). Half have a driver and COD.
    const day = inDays(45);
    const boards = ['Central Dispatch', 'Super Dispatch', 'Ship.Cars'];
    const bodies = Array.from({ length: 12 }, (_, i) =>
      newOrder(day, {
        price: 1_000 + i * 10.25,
        brokerFee: 40 + i,
        loadBoard: boards[i % 3],
        ...(i % 2
          ? {}
          : { driverId: world.orderDriverId, codAmount: 150 + i, payOnDelivery: true, paymentMethod: 'CODCheck' }),
        vehicles: Array.from({ length: 1 + (i % 3) }, (_v, k) => ({
          vin: makeVin(next(), '4T1BF1FK'),
          year: 2019 + k,
          make: 'Toyota',
          model: 'Camry',
          type: 'SEDAN',
          color: null,
          inoperable: false,
          lotNumber: null,
          stockNumber: null,
          price: 0,
        })),
      }),
    );
    const booked = await atOnce(bodies.map((body) => () => createOrder(body)));
    noteRace('orderTotals 12 orders booked at once', `${tally(booked)}; refusals: ${refusals(booked)}`);
    expectNoServerError(booked, '12 orders of one day booked at once');
    expect
      .soft(
        booked.filter((a) => a.status !== 200 && !isBusy(a)).map((a) => `${a.status} ${a.body?.message}`),
        'different orders: every one booked (or busy)',
      )
      .toEqual([]);
    // An order the server was too busy to book is booked now, so that the second race has its twelve.
    const ids: number[] = [];
    for (const [i, answer] of booked.entries())
      ids.push(answer.status === 200 ? answer.body.value.id : (await value(createOrder(bodies[i]))).id);
    const keys = [`day:${day}`, ...ids.map((id) => `order:${id}`)];
    await invariants('orderTotals booked', keys);

    // Made ready one at a time: two assigned orders picked up (to be delivered: their COD counts), two deleted (to be restored).
    for (const i of [0, 2]) await value(orderStatus(await readOrder(ids[i]), 'PICKED_UP'));
    for (const i of [8, 9]) await value(deleteOrder(await readOrder(ids[i])));
    const orders = await Promise.all(ids.map((id) => readOrder(id)));
    // Then each order changed another way, all at once.
    const changes: [string, () => Promise<Answer>][] = [
      ['delivered', () => orderStatus(orders[0], 'DELIVERED')],
      ['cancelled', () => orderStatus(orders[1], 'CANCELLED')],
      ['delivered', () => orderStatus(orders[2], 'DELIVERED')],
      [
        'price raised',
        () => editOrder(orders[3], { price: orders[3].price + 100.5, brokerFee: orders[3].brokerFee + 7 }),
      ],
      ['picked up', () => orderStatus(orders[4], 'PICKED_UP')],
      [
        'price lowered',
        () => editOrder(orders[5], { price: orders[5].price - 80.25, brokerFee: orders[5].brokerFee - 3 }),
      ],
      ['deleted', () => deleteOrder(orders[6])],
      ['deleted', () => deleteOrder(orders[7])],
      ['restored', () => restoreOrder(orders[8])],
      ['restored', () => restoreOrder(orders[9])],
      ['approved', () => approveOrder(orders[10])],
      ['flagged for review', () => reviewOrder(orders[11])],
    ];
    const changed = await atOnce(changes.map(([, call]) => call));
    noteRace(
      'orderTotals 12 orders changed at once',
      `${changes.map(([what], i) => `${what} ${changed[i].status}`).join(', ')}; refusals: ${refusals(changed)}`,
    );
    expectNoServerError(changed, '12 orders of one day changed at once');
    expect
      .soft(
        changed.filter((a) => a.status !== 200 && !isBusy(a)).map((a) => `${a.status} ${a.body?.message}`),
        'different orders: every change goes through (or is busy)',
      )
      .toEqual([]);
    const live = await server.db
      .selectFrom('book_orders')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('price_cents').as('price')])
      .where('pickup_date', '=', day)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const kept = await server.db
      .selectFrom('book_order_totals')
      .select(['count', 'price_cents'])
      .where('dim', '=', 'all')
      .where('value', '=', '')
      .where('day', '=', day)
      .executeTakeFirst();
    noteRace(
      'orderTotals day totals',
      `live orders on ${day}: ${live.n}, ${live.price}¢; kept (all): ${kept?.count}, ${kept?.price_cents}¢`,
    );
    await invariants('orderTotals changed', keys);
  });

  race('orderSameVersion', async () => {
    // One order changed 8 ways from the version it was read at. DELETE carries no version: it deletes the order as it
    // finds it when it starts (first here, so that it reads the same version as the others).
    for (const gap of [0, 1]) {
      const day = inDays(50);
      const created = await value(createOrder(newOrder(day, { price: 2_000, brokerFee: 100 })));
      const order = await readOrder(created.id);
      const prices = [2_100, 2_250, 1_900, 1_750];
      const calls: [string, () => Promise<Answer>][] = [
        ['delete', () => deleteOrder(order)],
        ...prices.map((price, i): [string, () => Promise<Answer>] => [
          `price ${price}, fee ${90 + 20 * i}`,
          () => editOrder(order, { price, brokerFee: 90 + 20 * i }),
        ]),
        ['cancel', () => orderStatus(order, 'CANCELLED')],
        ['approve', () => approveOrder(order)],
        ['review', () => reviewOrder(order)],
      ];
      const answers = await staggered(
        calls.map(([, call]) => call),
        gap,
      );
      const { order: row, fees } = await storedOrder(order.id);
      const won = answers.flatMap((a, i) => (a.status === 200 ? [calls[i][0]] : []));
      noteRace(
        `orderSameVersion 8 ways from version ${order.version} (gap ${gap} ms)`,
        `${tally(answers)}; won: ${won.join(', ')}; order v${row.version} ${row.status}${row.deleted_at ? ' deleted' : ''} ${row.price_cents}¢ fee ${row.broker_fee_cents}¢, ` +
          `fee rows ${JSON.stringify(fees.map((f) => `${f.status} ${f.amount_cents}¢`))}; refusals: ${refusals(answers)}`,
      );
      // A DELETE that started after another write had committed deletes the order as that write left it (version + 2):
      // a write after the race, not a second winner of it.
      const [removal, ...versioned] = answers;
      const lateDelete = removal.status === 200 && removal.body.value.version === order.version + 2;
      expectOneWinner(
        lateDelete ? versioned : answers,
        `one order changed 8 ways from one version${lateDelete ? ' (the delete came after)' : ''}`,
      );
      for (const a of answers.filter((x) => x.status === 200 && x !== removal))
        expect.soft(a.body.value.version, 'the winner wrote the version read + 1').toBe(order.version + 1);
      // Its broker fee follows the final order: its amount, DUE while owed, CANCELLED once cancelled or deleted.
      const owed = Number(row.broker_fee_cents) > 0 && row.status !== 'CANCELLED' && row.deleted_at === null;
      expect
        .soft(
          fees.map((f) => ({ status: f.status, cents: Number(f.amount_cents) })),
          "the order's one broker fee follows it",
        )
        .toEqual([{ status: owed ? 'DUE' : 'CANCELLED', cents: Number(row.broker_fee_cents) }]);
      await invariants(`orderSameVersion (gap ${gap} ms)`, [`order:${order.id}`, `day:${day}`]);
    }
  });

  race('orderVsMatch', async () => {
    // A deposit matched to an order (bank matching) while its price is edited. The match moves the order's version
    // (its payment status), so one of the two sees the other: the edit finds the order stale, or the match finds what
    // is left of the new price. Either way the order's payment status is what its settlement says of its final price.
    const cases: {
      label: string;
      before: (c: number) => number;
      deposit: (c: number, before: number) => number;
      price: (c: number, before: number) => number;
    }[] = [
      {
        label: 'price raised $100 while the old price is deposited',
        before: () => 0,
        deposit: (c) => c,
        price: (c) => c + 10_000,
      },
      {
        label: 'price lowered $100 while the old price is deposited',
        before: () => 0,
        deposit: (c) => c,
        price: (c) => c - 10_000,
      },
      {
        label: 'half deposited; price lowered $50 while the rest is deposited',
        before: (c) => Math.floor(c / 2),
        deposit: (c, b) => c - b,
        price: (c) => c - 5_000,
      },
      {
        label: 'half deposited; price raised $50 while the rest is deposited',
        before: (c) => Math.floor(c / 2),
        deposit: (c, b) => c - b,
        price: (c) => c + 5_000,
      },
    ];
    const rounds = [0, 2].flatMap((gap) => cases.map((c) => ({ ...c, gap })));
    const items = await freshItems('BOOK_ORDER', rounds.length, 30_000, true);
    for (const [r, round] of rounds.entries()) {
      const item = items[r];
      const amount = cents(item.amount);
      const before = round.before(amount);
      const deposit = round.deposit(amount, before);
      const rows = await bankRows(before ? [before, deposit] : [deposit]);
      const row = rows[rows.length - 1];
      if (before) await value(match(rows[0], [{ itemType: 'BOOK_ORDER', itemId: item.itemId, cents: before }]));
      const order = await readOrder(item.itemId);
      const newPrice = round.price(amount, before);
      const answers = await staggered(
        [
          () => match(row, [{ itemType: 'BOOK_ORDER', itemId: item.itemId, cents: deposit }]),
          () => editOrder(order, { price: newPrice / 100, brokerFee: Math.min(order.brokerFee, newPrice / 100) }),
        ],
        round.gap,
      );
      const { order: stored } = await storedOrder(item.itemId);
      const label = `orderVsMatch ${round.label} (gap ${round.gap} ms)`;
      noteRace(
        label,
        `match ${answers[0].status}, edit ${answers[1].status}; order ${amount}¢ → ${stored.price_cents}¢ ${stored.payment_status}, ` +
          `settled ${await settledOf('BOOK_ORDER', item.itemId)}¢, active lines ${await activeLinesOf('BOOK_ORDER', item.itemId)}¢; refusals: ${refusals(answers)}`,
      );
      expectNoServerError(answers, `${round.label}, gap ${round.gap} ms`);
      expect
        .soft(
          answers.some((a) => a.status === 200),
          `${round.label}: one of the two goes through`,
        )
        .toBe(true);
      expect
        .soft(
          [200, 409],
          `${round.label}: the edit goes through or finds the order stale (${answers[1].body?.message})`,
        )
        .toContain(answers[1].status);
      await invariants(label, [
        `item:BOOK_ORDER:${item.itemId}`,
        ...rows.map((r) => `row:${r.id}`),
        `order:${item.itemId}`,
        `day:${stored.pickup_date}`,
      ]);
    }
  });

  it("an order's price edited after a deposit was matched to it (one after the other): its payment status follows, nothing applied beyond its price", async () => {
    // Not a race: whichever of orderVsMatch's two requests goes first, the edit may come second, from the version that
    // shows the payment. The matches are undone at the end, so that the whole-database check is about the races.
    const steps: { label: string; deposit: (c: number) => number; price: (c: number, deposited: number) => number }[] =
      [
        {
          label: 'half deposited, then the price lowered to the half',
          deposit: (c) => Math.floor(c / 2),
          price: (_c, d) => d,
        },
        {
          label: 'half deposited, then the price lowered below the half',
          deposit: (c) => Math.floor(c / 2),
          price: (_c, d) => d - 1_000,
        },
        { label: 'paid in full by a deposit, then the price raised $100', deposit: (c) => c, price: (c) => c + 10_000 },
      ];
    const items = await freshItems('BOOK_ORDER', steps.length, 30_000, true);
    for (const [i, step] of steps.entries()) {
      const item = items[i];
      const amount = cents(item.amount);
      const deposited = step.deposit(amount);
      const [row] = await bankRows([deposited]);
      const { matchId } = await value(match(row, [{ itemType: 'BOOK_ORDER', itemId: item.itemId, cents: deposited }]));
      const order = await readOrder(item.itemId);
      const newPrice = step.price(amount, deposited);
      const edit = await editOrder(order, {
        price: newPrice / 100,
        brokerFee: Math.min(order.brokerFee, newPrice / 100),
      });
      const { order: stored } = await storedOrder(item.itemId);
      const label = `order price after a match: ${step.label}`;
      noteRace(
        label,
        `PUT /api/BookOrder/${item.itemId} (version ${order.version}, price ${amount}¢ → ${newPrice}¢): ${edit.status}${edit.status !== 200 ? ` (${edit.body?.message})` : ''}; ` +
          `order now ${stored.price_cents}¢ ${stored.payment_status}, settled ${await settledOf('BOOK_ORDER', item.itemId)}¢`,
      );
      expectNoServerError([edit], step.label);
      // Below what the bank has matched, the price is refused (undo a match first); otherwise the edit goes through.
      expect([edit.status, edit.body?.messages?.[0]?.field]).toEqual(
        newPrice < deposited ? [400, 'price'] : [200, undefined],
      );
      await invariants(label, [
        `item:BOOK_ORDER:${item.itemId}`,
        `row:${row.id}`,
        `order:${item.itemId}`,
        `day:${stored.pickup_date}`,
      ]);
      await value(undo(matchId, 'Undone by the race suite after its check'));
    }
  });

  // =================================================================================================================
  // Invoices: gapless numbers, one live invoice per order, one state change per version
  // =================================================================================================================

  /** Delivered orders on no invoice yet, each with its broker, `count` of them (the demo has hundreds). */
  const uninvoiced = async (count: number) =>
    server.db
      .selectFrom('book_orders')
      .select(['id', 'broker_id'])
      .where('status', '=', 'DELIVERED')
      .where('deleted_at', 'is', null)
      .where('id', 'not in', server.db.selectFrom('invoice_orders').select('book_order_id'))
      // An order with a deposit matched to it is paid without an invoice (the bank races above match some).
      .where(
        'id',
        'not in',
        server.db.selectFrom('bank_item_settlements').select('item_id').where('item_type', '=', 'BOOK_ORDER'),
      )
      .where('id', '<>', world.claimOrder.id)
      .orderBy('id', 'desc')
      .limit(count)
      .execute();
  const invoiceOf = (order: { id: number; broker_id: number }, call = server.call) =>
    call({
      method: 'POST',
      url: '/api/Invoices',
      token: tokens.finance,
      payload: { payerKind: 'BROKER', payerId: Number(order.broker_id), orderIds: [Number(order.id)] },
    });

  /** A sent invoice of one delivered order (bank matching settles it), with its total. */
  async function sentInvoice() {
    const [order] = await uninvoiced(1);
    const answer = await invoiceOf(order);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const made = answer.body.value as { id: number; version: number; totalCents: number };
    await value(
      server.call({
        method: 'POST',
        url: `/api/Invoices/${made.id}/send`,
        token: tokens.finance,
        payload: { version: made.version },
      }),
    );
    return { id: made.id, totalCents: made.totalCents };
  }

  race('invoiceNumbers', async () => {
    const other = kind === 'postgres' ? await secondApp(server) : null;
    try {
      const orders = await uninvoiced(20);
      expect(orders).toHaveLength(20);
      const before = await server.db
        .selectFrom('number_counters')
        .select('next_value')
        .where('name', '=', 'invoice')
        .executeTakeFirstOrThrow();
      const answers = await atOnce(
        orders.map((order, i) => () => invoiceOf(order, i % 2 && other ? other.call : server.call)),
      );
      const numbers = answers
        .filter((a) => a.status === 200 || a.status === 201)
        .map((a) => Number(a.body.value.number))
        .sort((a, b) => a - b);
      noteRace(
        'invoiceNumbers',
        `${tally(answers)}; numbers ${numbers[0]}…${numbers.at(-1)}; refusals: ${refusals(answers)}`,
      );
      expectNoServerError(answers, 'invoice numbers', [201, 409]);
      expect(answers.every((a) => a.status === 201 || isBusy(a))).toBe(true);
      const first = Number(before.next_value);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => first + i));
      expect(numbers.length, 'every invoice made (none lost to a busy answer)').toBe(20);
      const stored = await server.db.selectFrom('invoices').select('number').where('number', '>=', first).execute();
      expect(stored.map((r) => Number(r.number)).sort((a, b) => a - b)).toEqual(numbers);
    } finally {
      await other?.close();
    }
  });

  race('invoiceSameOrder', async () => {
    const [order] = await uninvoiced(1);
    const answers = await atOnce(Array.from({ length: 8 }, () => () => invoiceOf(order)));
    noteRace('invoiceSameOrder', `${tally(answers)}; refusals: ${refusals(answers)}`);
    expectNoServerError(answers, 'one order invoiced 8 times', [201, 409]);
    const made = answers.filter((a) => a.status === 201);
    expect(made).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 201))
      if (!isBusy(refused)) expect(refused.body.message).toContain(made[0].body.value.numberText);
    const live = await server.db
      .selectFrom('invoice_orders')
      .select('id')
      .where('book_order_id', '=', order.id)
      .where('live', '=', 1)
      .execute();
    expect(live).toHaveLength(1);
  });

  race('invoiceBatch', async () => {
    const orders = await uninvoiced(6);
    const before = await server.db
      .selectFrom('number_counters')
      .select('next_value')
      .where('name', '=', 'invoice')
      .executeTakeFirstOrThrow();
    const batch = () =>
      server.call({
        method: 'POST',
        url: '/api/Invoices/batch',
        token: tokens.finance,
        payload: { payerKind: 'BROKER', orderIds: orders.map((o) => Number(o.id)) },
      });
    const answers = await atOnce(Array.from({ length: 4 }, () => batch));
    noteRace('invoiceBatch', `${tally(answers)}; refusals: ${refusals(answers)}`);
    expectNoServerError(answers, 'four batches of the same orders', [201, 409]);
    const made = answers
      .filter((a) => a.status === 201)
      .flatMap((a) => a.body.value.made as { orderId: number; number: number }[]);
    expect(made.map((m) => m.orderId).sort()).toEqual(orders.map((o) => Number(o.id)).sort());
    const first = Number(before.next_value);
    expect(made.map((m) => m.number).sort((a, b) => a - b)).toEqual(made.map((_, i) => first + i));
    for (const order of orders) {
      const live = await server.db
        .selectFrom('invoice_orders')
        .select('id')
        .where('book_order_id', '=', order.id)
        .where('live', '=', 1)
        .execute();
      expect(live).toHaveLength(1);
    }
  });

  race('invoiceSendVoid', async () => {
    const [order] = await uninvoiced(1);
    const made = (await invoiceOf(order)).body.value;
    const day = (
      await server.db
        .selectFrom('book_orders')
        .select('pickup_date')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow()
    ).pickup_date;
    const act = (action: 'send' | 'void') => () =>
      server.call({
        method: 'POST',
        url: `/api/Invoices/${made.id}/${action}`,
        token: tokens.finance,
        payload: action === 'send' ? { version: made.version } : { version: made.version, reason: 'Raced void' },
      });
    const answers = await atOnce([
      ...Array.from({ length: 4 }, () => act('send')),
      ...Array.from({ length: 4 }, () => act('void')),
    ]);
    noteRace('invoiceSendVoid', `${tally(answers)}; refusals: ${refusals(answers)}`);
    const winner = expectOneWinner(answers, 'one invoice sent and voided at once');
    const invoice = await server.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    const credits = await server.db.selectFrom('credit_notes').select('id').where('invoice_id', '=', made.id).execute();
    const status = (
      await server.db.selectFrom('book_orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()
    ).status;
    expect(invoice.status).toBe(winner?.body.value.status);
    expect(credits).toHaveLength(invoice.status === 'VOID' ? 1 : 0);
    expect(status).toBe(invoice.status === 'SENT' ? 'INVOICED' : 'DELIVERED');
    await invariants('invoiceSendVoid', [`order:${order.id}`, `day:${day}`]);
  });

  // =================================================================================================================
  // Factoring: one live schedule per invoice, one funding per schedule, one write per version of its books
  // =================================================================================================================

  /** A factor of the race suite's own, and `count` sent invoices assigned to it (each a delivered order billed). */
  const factoredInvoices = async (count: number) => {
    const state = await server.db
      .selectFrom('states')
      .select('id')
      .where('abbreviation', '=', 'TX')
      .executeTakeFirstOrThrow();
    const factor = await value(
      server.call({
        method: 'POST',
        url: '/api/FactoringCompanies',
        token: tokens.finance,
        payload: {
          name: `Race Funding ${next()}`,
          billingEmail: 'race@funding.example',
          address: 'PO Box 1',
          city: 'Dallas',
          stateId: Number(state.id),
          advancePercent: 90,
          feePercent: 3,
          active: true,
        },
      }),
    );
    const ids: number[] = [];
    for (const order of await uninvoiced(count)) {
      const made = await created(
        server.call({
          method: 'POST',
          url: '/api/Invoices',
          token: tokens.finance,
          payload: {
            payerKind: 'BROKER',
            payerId: Number(order.broker_id),
            orderIds: [Number(order.id)],
            factoringCompanyId: factor.id,
          },
        }),
      );
      await value(
        server.call({
          method: 'POST',
          url: `/api/Invoices/${made.id}/send`,
          token: tokens.finance,
          payload: { version: made.version },
        }),
      );
      ids.push(made.id);
    }
    return { factorId: Number(factor.id), invoiceIds: ids };
  };
  const dollars = (amountCents: number) => amountCents / 100;
  /** A create's answer: 201 and its value. */
  const created = async (answer: Promise<Answer>) => {
    const a = await answer;
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    return a.body.value;
  };
  const makeSchedule = (factoringCompanyId: number, invoiceIds: number[]) =>
    server.call({
      method: 'POST',
      url: '/api/FactoringSchedules',
      token: tokens.finance,
      payload: { factoringCompanyId, invoiceIds },
    });
  const onSchedule = (scheduleId: number, path: string, payload: Body) => () =>
    server.call({
      method: 'POST',
      url: `/api/FactoringSchedules/${scheduleId}/${path}`,
      token: tokens.finance,
      payload,
    });
  /** A schedule's books as the tables hold them: its state, the entries' sums, and its invoices still live. */
  const scheduleBooks = async (id: number) => {
    const schedule = await server.db
      .selectFrom('factoring_schedules')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const entries = await server.db.selectFrom('factoring_entries').selectAll().where('schedule_id', '=', id).execute();
    const sum = (key: 'advance_cents' | 'fee_cents' | 'reserve_cents' | 'released_cents') =>
      entries.reduce((total, e) => total + Number(e[key]), 0);
    const funded = sum('advance_cents') + sum('fee_cents') + sum('reserve_cents');
    const fundings = entries.filter((e) => e.kind === 'FUNDING').length;
    const reversals = entries.filter((e) => e.reverses_id !== null && e.kind === 'FUNDING').length;
    return {
      schedule,
      entries,
      funded,
      reserve: sum('reserve_cents'),
      released: sum('released_cents'),
      liveFundings: fundings - 2 * reversals,
    };
  };

  race('factoringSameInvoice', async () => {
    const { factorId, invoiceIds } = await factoredInvoices(1);
    const answers = await atOnce(Array.from({ length: 8 }, () => () => makeSchedule(factorId, invoiceIds)));
    noteRace('factoringSameInvoice', `${tally(answers)}; refusals: ${refusals(answers)}`);
    expectNoServerError(answers, 'one invoice on 8 schedules at once', [201, 409]);
    const made = answers.filter((a) => a.status === 201);
    expect(made, 'one schedule made').toHaveLength(1);
    for (const refused of answers.filter((a) => a.status === 409))
      if (!isBusy(refused)) expect(refused.body.message).toContain(made[0].body.value.numberText);
    const live = await server.db
      .selectFrom('factoring_schedule_invoices')
      .select('schedule_id')
      .where('invoice_id', '=', invoiceIds[0])
      .where('live', '=', 1)
      .execute();
    expect(live).toHaveLength(1);
  });

  race('factoringFundTwice', async () => {
    const { factorId, invoiceIds } = await factoredInvoices(2);
    const made = await created(makeSchedule(factorId, invoiceIds));
    const { advanceCents, feeCents, reserveCents } = made.suggested;
    const answers = await atOnce([
      ...Array.from({ length: 4 }, () => onSchedule(made.id, 'funding', { version: made.version })),
      ...Array.from({ length: 4 }, () =>
        onSchedule(made.id, 'funding', {
          version: made.version,
          advance: dollars(advanceCents + 1),
          fee: dollars(feeCents),
          reserve: dollars(reserveCents - 1),
        }),
      ),
    ]);
    noteRace('factoringFundTwice', `${tally(answers)}; refusals: ${refusals(answers)}`);
    expectOneWinner(answers, 'one schedule funded 8 times at once');
    const books = await scheduleBooks(made.id);
    expect(books.schedule.status).toBe('FUNDED');
    expect(books.liveFundings).toBe(1);
    expect(books.funded).toBe(made.totalCents);
    // Funded again with the version after the first: refused, it is funded.
    const again = await onSchedule(made.id, 'funding', { version: books.schedule.version })();
    expect(again.status).toBe(409);
  });

  race('factoringBooksOneWrite', async () => {
    const { factorId, invoiceIds } = await factoredInvoices(1);
    const made = await created(makeSchedule(factorId, invoiceIds));
    const funded = await value(onSchedule(made.id, 'funding', { version: made.version })());
    const fundingId = funded.entries[0].id;
    // One version: the whole reserve released 4 times and the funding reversed 4 times, at once.
    const first = await atOnce([
      ...Array.from({ length: 4 }, () =>
        onSchedule(made.id, 'releases', { version: funded.version, amount: dollars(funded.reserveCents) }),
      ),
      ...Array.from({ length: 4 }, () =>
        onSchedule(made.id, `entries/${fundingId}/reverse`, { version: funded.version, reason: 'Raced reversal' }),
      ),
    ]);
    noteRace('factoringBooksOneWrite', `release or reverse: ${tally(first)}; refusals: ${refusals(first)}`);
    expectOneWinner(first, 'one funded schedule released and reversed at once');
    let books = await scheduleBooks(made.id);
    expect(books.released).toBeLessThanOrEqual(books.reserve);
    expect(books.released >= 0 && books.reserve >= 0).toBe(true);
    expect(books.funded).toBe(books.liveFundings === 1 ? made.totalCents : 0);
    // Whatever won, bring it back to open, then cancel 4 times and fund 4 times at once with its one version.
    if (books.schedule.status === 'FUNDED') {
      const releaseId = books.entries.find((e) => e.kind === 'RELEASE')!.id;
      await value(
        onSchedule(made.id, `entries/${releaseId}/reverse`, { version: books.schedule.version, reason: 'Back' })(),
      );
      const now = await scheduleBooks(made.id);
      await value(
        onSchedule(made.id, `entries/${fundingId}/reverse`, { version: now.schedule.version, reason: 'Back' })(),
      );
    }
    books = await scheduleBooks(made.id);
    expect(books.schedule.status).toBe('OPEN');
    const second = await atOnce([
      ...Array.from({ length: 4 }, () => onSchedule(made.id, 'cancel', { version: books.schedule.version })),
      ...Array.from({ length: 4 }, () => onSchedule(made.id, 'funding', { version: books.schedule.version })),
    ]);
    noteRace('factoringBooksOneWrite', `cancel or fund: ${tally(second)}; refusals: ${refusals(second)}`);
    const winner = expectOneWinner(second, 'one open schedule cancelled and funded at once');
    const after = await scheduleBooks(made.id);
    expect(after.schedule.status).toBe(winner?.body.value.status);
    expect(after.funded).toBe(after.schedule.status === 'FUNDED' ? made.totalCents : 0);
    const live = await server.db
      .selectFrom('factoring_schedule_invoices')
      .select('id')
      .where('schedule_id', '=', made.id)
      .where('live', '=', 1)
      .execute();
    expect(live).toHaveLength(after.schedule.status === 'CANCELLED' ? 0 : 1);
  });

  // =================================================================================================================
  // The route table, and the whole database
  // =================================================================================================================

  it.runIf(kind === DATABASES[0])(
    'every write route of the money and state areas is raced by a named scenario or said not to move money',
    async () => {
      const answer = await server.call({ method: 'GET', url: '/api/openapi.json' });
      expect(answer.status).toBe(200);
      const doc = answer.body;
      const routes: string[] = [];
      for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
        for (const method of ['post', 'put', 'patch', 'delete'])
          if (item[method] && inMoneyArea(path)) routes.push(`${method.toUpperCase()} ${path}`);
      }
      expect(routes.length, 'the areas have write routes (the OpenAPI document is read)').toBeGreaterThan(20);
      expect(
        routes.filter((r) => !ROUTE_RACES[r]),
        'write routes of the money areas with neither a race nor a reason: add a scenario to tests/server/races.test.ts and name it in races/coverage.ts',
      ).toEqual([]);
      expect(
        Object.keys(ROUTE_RACES).filter((r) => !routes.includes(r)),
        'coverage entries for routes that no longer exist',
      ).toEqual([]);
      for (const [route, coverage] of Object.entries(ROUTE_RACES)) {
        if ('races' in coverage) {
          expect(coverage.races.length, route).toBeGreaterThan(0);
          for (const key of coverage.races)
            expect(registered.has(key), `${route}: scenario ${key} is not a test of this file`).toBe(true);
        } else {
          expect(coverage.notMoney, route).toMatch(/^[^\n]{10,200}$/);
        }
      }
      const named = new Set(Object.values(ROUTE_RACES).flatMap((c) => ('races' in c ? c.races : [])));
      expect(
        (Object.keys(SCENARIOS) as ScenarioKey[]).filter((key) => !named.has(key)),
        'scenarios that race no route',
      ).toEqual([]);
      expect(
        (Object.keys(SCENARIOS) as ScenarioKey[]).filter((key) => !registered.has(key)),
        'scenarios without a test',
      ).toEqual([]);
    },
  );

  it('after every race, the whole database keeps every invariant', async () => {
    const found = await violationsAbout(server.db);
    if (found.length) note(kind, 'whole database', `${found.length} violations: ${found.join(' | ')}`);
    expect(found).toEqual([]);
  });
});
