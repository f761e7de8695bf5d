import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../schema/expiry';
import type { BrokerFeeDto } from '../../schema/resources/brokerFees';
import { feeDueOn } from '../../server/modules/brokerFees/sync';
import { expectRefused, inDays, makeVin } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Broker fees (docs/product/finances.md#broker-fees): each book order with a broker fee has one, due its delivery date
 * plus its terms, following the order in the order's own transaction; the original API's list (transactions-filtered:
 * Page, Size, Search, Status) with the totals of the filtered set; a fee is paid once, with method and reference; every
 * refused request writes nothing; the BrokerFee feature's roles decide who reads and who pays.
 */

const FEES = '/api/Brokers/v2/fee';
const today = todayIso();
type Body = Record<string, any>;

describe.each(DATABASES)('broker fees on %s', (kind) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let world: {
    brokerId: number;
    otherBrokerId: number;
    shipperId: number;
    carrierId: number;
    dispatcherId: number;
    tx: number;
    az: number;
  };
  let vin = 5_000;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const { db } = server;
    const first = async (query: Promise<{ id: unknown } | undefined>) => Number((await query)!.id);
    const brokers = await db
      .selectFrom('brokers')
      .select('id')
      .where('status', '=', 'ACTIVE')
      .orderBy('id')
      .limit(2)
      .execute();
    const states = await db
      .selectFrom('states')
      .select(['id', 'abbreviation'])
      .where('abbreviation', 'in', ['TX', 'AZ'])
      .execute();
    world = {
      brokerId: Number(brokers[0].id),
      otherBrokerId: Number(brokers[1].id),
      shipperId: await first(db.selectFrom('shippers').select('id').orderBy('id').executeTakeFirst()),
      carrierId: await first(db.selectFrom('carriers').select('id').orderBy('id').executeTakeFirst()),
      dispatcherId: await first(
        db.selectFrom('users').select('id').where('email', '=', 'dispatcher@haulboard.demo').executeTakeFirst(),
      ),
      tx: Number(states.find((s) => s.abbreviation === 'TX')!.id),
      az: Number(states.find((s) => s.abbreviation === 'AZ')!.id),
    };
    for (const role of ['Dispatcher', 'Manager', 'Finance', 'FinanceSuper', 'DispatchManager', 'Administrator'])
      tokens[role] = await server.login(`${role.toLowerCase()}@haulboard.demo`);
  });
  afterAll(() => server?.close());

  const orderBody = (over: Body = {}): Body => ({
    loadBoard: 'Central Dispatch',
    externalLoadId: null,
    brokerId: world.brokerId,
    shipperId: world.shipperId,
    carrierId: world.carrierId,
    dispatcherId: world.dispatcherId,
    driverId: null,
    truckId: null,
    trailerId: null,
    trailerType: 'OPEN',
    pickup: {
      venue: null,
      address: '5333 W Kiest Blvd',
      city: 'Dallas',
      stateId: world.tx,
      zip: '75236',
      contactName: null,
      contactPhone: null,
      dateType: 'EXACT',
      date: inDays(-20),
      dateTo: null,
    },
    delivery: {
      venue: null,
      address: '1 Camelback Rd',
      city: 'Phoenix',
      stateId: world.az,
      zip: '85001',
      contactName: null,
      contactPhone: null,
      dateType: 'ESTIMATED',
      date: inDays(-17),
      dateTo: null,
    },
    price: 1850.5,
    brokerFee: 92.52,
    localFee: 0,
    codAmount: 0,
    paymentMethod: 'ACH',
    payOnPickup: false,
    payOnDelivery: false,
    paymentTermsDays: 5,
    notes: null,
    vehicles: [
      {
        vin: makeVin(vin++),
        year: 2019,
        make: 'Toyota',
        model: 'Camry',
        type: 'SEDAN',
        color: null,
        inoperable: false,
        lotNumber: null,
        stockNumber: null,
        price: 1850.5,
      },
    ],
    ...over,
  });
  const createOrder = async (over: Body = {}) => {
    const response = await server.call({
      method: 'POST',
      url: '/api/BookOrder',
      token: tokens.Dispatcher,
      payload: orderBody(over),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.value as Body;
  };
  /** The update body of an order as GET answers it, with `over` on top. */
  const editable = (order: Body, over: Body = {}): Body => {
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
  const updateOrder = (order: Body, over: Body, token = tokens.Dispatcher) =>
    server.call({ method: 'PUT', url: `/api/BookOrder/${order.id}`, token, payload: editable(order, over) });
  const okValue = async (request: Promise<{ status: number; body: any }>) => {
    const response = await request;
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.value;
  };
  const list = async (query: string, token = tokens.FinanceSuper) =>
    okValue(server.call({ method: 'GET', url: `${FEES}/transactions-filtered?${query}`, token }));
  /** The fee of an order, found by its order number (search). */
  const feeOf = async (order: Body): Promise<BrokerFeeDto | undefined> => {
    const found = await list(`Search=${order.orderNumber}&Size=5`);
    return (found.items as BrokerFeeDto[]).find((f) => f.bookOrderId === order.id);
  };
  const pay = (fee: { id: number; version: number }, over: Body = {}, token = tokens.FinanceSuper) => ({
    method: 'POST' as const,
    url: `${FEES}/${fee.id}/pay`,
    token,
    payload: { version: fee.version, paidOn: today, paymentMethod: 'ACH', reference: '091000019990001', ...over },
  });

  /** Every order and its fee agree, read from the tables: the rules of sync.ts, checked over the whole demo company. */
  async function expectFeesInStep() {
    const orders = await server.db
      .selectFrom('book_orders as o')
      .leftJoin('broker_fee_transactions as f', 'f.book_order_id', 'o.id')
      .select([
        'o.id',
        'o.broker_id',
        'o.broker_fee_cents',
        'o.delivery_date',
        'o.payment_terms_days',
        'o.status as order_status',
        'o.deleted_at',
        'f.id as fee_id',
        'f.broker_id as fee_broker',
        'f.amount_cents',
        'f.due_on',
        'f.status',
        'f.paid_on',
        'f.payment_method',
      ])
      .execute();
    const wrong = orders.filter((o) => {
      const owed = o.broker_fee_cents > 0 && o.order_status !== 'CANCELLED' && o.deleted_at === null;
      if (o.fee_id === null) return owed;
      if (o.status === 'PAID') return o.paid_on === null || o.payment_method === null;
      if (o.status === 'CANCELLED') return owed;
      return (
        !owed ||
        o.amount_cents !== o.broker_fee_cents ||
        o.fee_broker !== o.broker_id ||
        o.due_on !== feeDueOn(o.delivery_date, o.payment_terms_days)
      );
    });
    expect(
      wrong.map((o) => o.id),
      'orders whose broker fee is not in step',
    ).toEqual([]);
  }

  it('the demo company: every order that owes a fee has it, older ones mostly paid by ACH with a reference', async () => {
    await expectFeesInStep();
    const byStatus = await server.db
      .selectFrom('broker_fee_transactions')
      .select(['status', 'payment_method'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy(['status', 'payment_method'])
      .execute();
    const count = (status: string, method?: string) =>
      byStatus
        .filter((r) => r.status === status && (!method || r.payment_method === method))
        .reduce((n, r) => n + Number(r.n), 0);
    expect(count('DUE')).toBeGreaterThan(20);
    expect(count('PAID', 'ACH')).toBeGreaterThan(count('PAID') / 2);
    const overdue = await list('Status=DUE&overdue=true&Size=1');
    expect(overdue.totalCount, 'some fees are left overdue').toBeGreaterThan(0);
    const withoutReference = await server.db
      .selectFrom('broker_fee_transactions')
      .select('id')
      .where('status', '=', 'PAID')
      .where('payment_method', 'in', ['ACH', 'Check'])
      .where('reference', 'is', null)
      .execute();
    expect(withoutReference).toEqual([]);
  });

  it('a booked order with a fee gets it DUE on its delivery date plus its terms; an order without one gets none', async () => {
    const soon = orderBody();
    const order = await createOrder({
      brokerFee: 92.52,
      paymentTermsDays: 5,
      pickup: { ...soon.pickup, date: inDays(1) },
      delivery: { ...soon.delivery, date: inDays(3) },
    });
    const fee = await feeOf(order);
    expect(fee).toMatchObject({
      orderNumber: order.orderNumber,
      brokerId: world.brokerId,
      amount: 92.52,
      dueOn: addDays(order.delivery.date, 5),
      status: 'DUE',
      overdue: false,
      paidOn: null,
      paymentMethod: null,
      reference: null,
      version: 1,
    });
    const audited = await server.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity', '=', 'broker_fee')
      .where('entity_id', '=', String(fee!.id))
      .execute();
    expect(audited.map((a) => a.action)).toEqual(['create']);
    const free = await createOrder({ brokerFee: 0 });
    expect(await feeOf(free)).toBeUndefined();
    const overdue = await createOrder({ brokerFee: 40, paymentTermsDays: 2 });
    expect(await feeOf(overdue)).toMatchObject({ dueOn: inDays(-15), overdue: true, status: 'DUE' });
  });

  it('a due fee follows its order: amount, broker, dates and terms; a fee of 0, a cancelled or deleted order cancels it; back again, it is due', async () => {
    let order = await createOrder({ brokerFee: 100, paymentTermsDays: 7 });
    const delivery = { ...editable(order).delivery, date: inDays(-10) };
    order = await okValue(
      updateOrder(order, { brokerFee: 120.25, brokerId: world.otherBrokerId, paymentTermsDays: 30, delivery }),
    );
    expect(await feeOf(order)).toMatchObject({
      amount: 120.25,
      brokerId: world.otherBrokerId,
      dueOn: addDays(inDays(-10), 30),
      status: 'DUE',
      version: 2,
    });

    order = await okValue(updateOrder(order, { brokerFee: 0 }));
    expect(await feeOf(order), 'a cancelled fee keeps the amount it had').toMatchObject({
      status: 'CANCELLED',
      amount: 120.25,
      version: 3,
    });
    order = await okValue(updateOrder(order, { brokerFee: 80 }));
    expect(await feeOf(order)).toMatchObject({ status: 'DUE', amount: 80, version: 4 });
    // A change that does not touch the fee leaves it as it was.
    order = await okValue(updateOrder(order, { notes: 'Gate code 4471' }));
    expect((await feeOf(order))!.version).toBe(4);

    order = await okValue(server.call({ method: 'DELETE', url: `/api/BookOrder/${order.id}`, token: tokens.Manager }));
    expect(await feeOf(order)).toMatchObject({ status: 'CANCELLED', amount: 80 });
    order = await okValue(
      server.call({ method: 'POST', url: `/api/BookOrder/${order.id}/restore`, token: tokens.Manager }),
    );
    expect(await feeOf(order)).toMatchObject({ status: 'DUE', amount: 80 });

    order = await okValue(
      server.call({
        method: 'POST',
        url: `/api/BookOrder/${order.id}/status`,
        token: tokens.Manager,
        payload: { status: 'CANCELLED', note: null, version: order.version },
      }),
    );
    expect(await feeOf(order)).toMatchObject({ status: 'CANCELLED' });
    order = await okValue(
      server.call({
        method: 'POST',
        url: `/api/BookOrder/${order.id}/status`,
        token: tokens.Manager,
        payload: { status: 'NEW', note: null, version: order.version },
      }),
    );
    const fee = await feeOf(order);
    expect(fee).toMatchObject({ status: 'DUE', amount: 80 });
    const actions = await server.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'broker_fee')
      .where('entity_id', '=', String(fee!.id))
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'create',
      'update',
      'cancel',
      'reopen',
      'cancel',
      'reopen',
      'cancel',
      'reopen',
    ]);

    // An order deleted without a fee that comes back with one gets it then.
    const late = await createOrder({ brokerFee: 0 });
    const updated = await okValue(updateOrder(late, { brokerFee: 55 }));
    expect(await feeOf(updated)).toMatchObject({ status: 'DUE', amount: 55, version: 1 });
    await expectFeesInStep();
  });

  it('GET transaction-statuses lists the statuses a fee can have', async () => {
    expect(
      await okValue(server.call({ method: 'GET', url: `${FEES}/transaction-statuses`, token: tokens.Manager })),
    ).toEqual([
      { code: 'DUE', name: 'Due' },
      { code: 'PAID', name: 'Paid' },
      { code: 'CANCELLED', name: 'Cancelled' },
    ]);
  });

  it('transactions-filtered pages, searches and filters by status, with the totals due, overdue and paid of the whole filtered set', async () => {
    const all = await server.db
      .selectFrom('broker_fee_transactions')
      .select(['id', 'status', 'amount_cents', 'due_on', 'broker_id'])
      .execute();
    const sum = (rows: typeof all) => Math.round(rows.reduce((s, r) => s + r.amount_cents, 0)) / 100;
    const due = all.filter((f) => f.status === 'DUE');

    const everything = await list('Page=0&Size=10');
    expect(everything).toMatchObject({ totalCount: all.length, page: 0, size: 10 });
    expect(everything.items).toHaveLength(10);
    expect(everything.totals).toEqual({
      due: sum(due),
      overdue: sum(due.filter((f) => f.due_on < today)),
      paid: sum(all.filter((f) => f.status === 'PAID')),
    });
    // The list is newest due date first; the next page carries on from there.
    const next = await list('Page=1&Size=10');
    expect(next.items.map((f: BrokerFeeDto) => f.id)).not.toContain(everything.items[0].id);
    expect(next.items[0].dueOn <= everything.items[9].dueOn).toBe(true);

    const dueOnly = await list('Status=DUE&Size=500');
    expect(dueOnly.totalCount).toBe(due.length);
    expect(dueOnly.items.every((f: BrokerFeeDto) => f.status === 'DUE')).toBe(true);
    expect(dueOnly.totals).toEqual({ due: sum(due), overdue: sum(due.filter((f) => f.due_on < today)), paid: 0 });
    const sorted = await list('Status=DUE&Sort=dueOn&Size=3');
    expect(sorted.items.map((f: BrokerFeeDto) => f.dueOn)).toEqual(
      [...due]
        .sort((a, b) => a.due_on.localeCompare(b.due_on) || a.id - b.id)
        .slice(0, 3)
        .map((f) => f.due_on),
    );

    // Search finds a broker by any part of its name, case aside.
    const broker = await server.db
      .selectFrom('brokers')
      .select(['id', 'name'])
      .where('id', '=', world.otherBrokerId)
      .executeTakeFirstOrThrow();
    const byBroker = await list(`Search=${encodeURIComponent(broker.name.slice(1, 7).toUpperCase())}&Size=500`);
    expect(byBroker.items.length).toBeGreaterThan(0);
    expect(
      byBroker.items.every((f: BrokerFeeDto) =>
        f.brokerName!.toLowerCase().includes(broker.name.slice(1, 7).toLowerCase()),
      ),
    ).toBe(true);
    const byBrokerId = await list(`brokerId=${world.otherBrokerId}&Size=500`);
    expect(byBrokerId.totalCount).toBe(all.filter((f) => f.broker_id === world.otherBrokerId).length);

    // The generic record list answers the same.
    expect(
      await okValue(server.call({ method: 'GET', url: `${FEES}?status=DUE&size=10`, token: tokens.FinanceSuper })),
    ).toEqual(await list('Status=DUE&Size=10'));

    for (const [query, field] of [
      ['Status=LATE', 'status'],
      ['Statu=DUE', 'statu'],
      ['Size=0', 'size'],
      ['Sort=broker', 'sort'],
      ['Page=-1', 'page'],
    ]) {
      await expectRefused(
        server,
        { method: 'GET', url: `${FEES}/transactions-filtered?${query}`, token: tokens.FinanceSuper },
        400,
        field,
      );
    }
  });

  it('marks a due fee paid once, with method and reference: bad input is refused naming the field, a stale version or a second payment is a conflict, nothing written', async () => {
    const order = await createOrder({ brokerFee: 150 });
    const fee = (await feeOf(order))!;
    const before = await list('Size=1');

    await expectRefused(server, pay(fee, { paymentMethod: 'Cash' }), 400, 'paymentMethod');
    await expectRefused(server, pay(fee, { paymentMethod: undefined }), 400, 'paymentMethod');
    await expectRefused(server, pay(fee, { reference: '' }), 400, 'reference', /ACH trace/);
    await expectRefused(
      server,
      pay(fee, { paymentMethod: 'Check', reference: '   ' }),
      400,
      'reference',
      /check number/,
    );
    await expectRefused(server, pay(fee, { reference: 'x'.repeat(61) }), 400, 'reference');
    await expectRefused(server, pay(fee, { paidOn: '2026-02-30' }), 400, 'paidOn');
    await expectRefused(server, pay(fee, { paidOn: addDays(today, 2) }), 400, 'paidOn');
    await expectRefused(server, pay(fee, { paidOn: '12/09/2026' }), 400, 'paidOn');
    await expectRefused(server, pay(fee, { version: undefined }), 400, 'version');
    await expectRefused(server, pay(fee, { version: fee.version + 1 }), 409);
    await expectRefused(server, pay({ id: 987_654, version: 1 }), 404);

    const paid = await okValue(server.call(pay(fee, { paidOn: addDays(today, -1), reference: ' 091000019990001 ' })));
    expect(paid).toMatchObject({
      id: fee.id,
      status: 'PAID',
      paidOn: addDays(today, -1),
      paymentMethod: 'ACH',
      reference: '091000019990001',
      amount: 150,
      version: fee.version + 1,
      overdue: false,
    });
    expect(paid.paidBy).toMatch(/\w+ \w+/);
    const audit = await server.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('entity', '=', 'broker_fee')
      .where('entity_id', '=', String(fee.id))
      .where('action', '=', 'pay')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].after!)).toMatchObject({ status: 'PAID', reference: '091000019990001' });

    const twice = await expectRefused(server, pay(paid), 409, undefined, /already paid/);
    expect(twice.body.message).toContain('ACH 091000019990001');
    const after = await list('Size=1');
    expect(after.totals.paid).toBeCloseTo(before.totals.paid + 150, 2);
    expect(after.totals.due).toBeCloseTo(before.totals.due - 150, 2);
    expect((await list('Search=091000019990001')).items.map((f: BrokerFeeDto) => f.id)).toEqual([fee.id]);

    // A Zelle payment may go without a reference; a cancelled fee cannot be paid.
    const zelle = (await feeOf(await createOrder({ brokerFee: 20 })))!;
    expect(
      await okValue(server.call(pay(zelle, { paymentMethod: 'Zelle', reference: null }, tokens.Finance))),
    ).toMatchObject({ status: 'PAID', reference: null });
    const dropped = await createOrder({ brokerFee: 30 });
    await okValue(updateOrder(dropped, { brokerFee: 0 }));
    const cancelled = (await feeOf(dropped))!;
    await expectRefused(server, pay(cancelled), 409, undefined, /cancelled/);
  });

  it('a paid fee never changes: its order may be deleted, but its fee and broker are refused naming the field', async () => {
    const order = await createOrder({ brokerFee: 75.5 });
    const fee = await okValue(server.call(pay((await feeOf(order))!)));
    await expectRefused(
      server,
      {
        method: 'PUT',
        url: `/api/BookOrder/${order.id}`,
        token: tokens.Dispatcher,
        payload: editable(order, { brokerFee: 70 }),
      },
      409,
      'brokerFee',
      /was paid/,
    );
    await expectRefused(
      server,
      {
        method: 'PUT',
        url: `/api/BookOrder/${order.id}`,
        token: tokens.Dispatcher,
        payload: editable(order, { brokerId: world.otherBrokerId }),
      },
      409,
      'brokerId',
    );
    // Other changes go through; the paid fee stays as paid.
    const moved = await okValue(updateOrder(order, { paymentTermsDays: 45, notes: 'Paid broker early' }));
    const deleted = await okValue(
      server.call({ method: 'DELETE', url: `/api/BookOrder/${moved.id}`, token: tokens.Manager }),
    );
    expect(deleted.deleted).toBe(true);
    expect(await feeOf(order)).toEqual({ ...fee });
    await expectFeesInStep();
  });

  it('who may: signed-in only; read with BrokerFee (Manager, DispatchManager too), paid with its Update (not DispatchManager), none for a Dispatcher', async () => {
    const fee = (await feeOf(await createOrder({ brokerFee: 60 })))!;
    for (const url of [
      `${FEES}/transactions-filtered`,
      `${FEES}/transaction-statuses`,
      FEES,
      `${FEES}/${fee.id}`,
      `${FEES}/export`,
    ]) {
      expect((await server.call({ method: 'GET', url })).status, url).toBe(401);
      expect((await server.call({ method: 'GET', url, token: tokens.Dispatcher })).status, url).toBe(403);
      for (const role of ['Manager', 'DispatchManager', 'Finance', 'Administrator'])
        expect((await server.call({ method: 'GET', url, token: tokens[role] })).status, `${role} ${url}`).toBe(200);
    }
    await expectRefused(server, { ...pay(fee), token: undefined }, 401);
    await expectRefused(server, pay(fee, {}, tokens.Dispatcher), 403);
    await expectRefused(server, pay(fee, {}, tokens.DispatchManager), 403);
    // Fees are made by their orders: there is no create, update or delete of one.
    for (const [method, url] of [
      ['POST', FEES],
      ['PUT', `${FEES}/${fee.id}`],
      ['DELETE', `${FEES}/${fee.id}`],
      ['POST', `${FEES}/${fee.id}/restore`],
    ] as const) {
      expect(
        (await server.call({ method, url, token: tokens.Administrator, payload: { version: fee.version } })).status,
        `${method} ${url}`,
      ).toBe(404);
    }
    expect(
      await okValue(server.call(pay(fee, { paymentMethod: 'Check', reference: '10987' }, tokens.Manager))),
    ).toMatchObject({ status: 'PAID', paymentMethod: 'Check', reference: '10987' });
  });
});
