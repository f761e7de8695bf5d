import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays, makeVin, someIdOf } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Likely duplicates of a load being booked (docs/product/book-orders.md#duplicates), on both databases: the same
 * load board and load id, or a VIN on an open order, refuse the create with a 409 naming the orders (nothing
 * written) until the dispatcher says it is not a duplicate; a cancelled order's load id and a delivered order's VIN
 * are not duplicates; the form's lookup lists them; who may not read orders is refused.
 */
describe.each(DATABASES)('duplicate loads on %s', (kind) => {
  let server: TestServer;
  let dispatcher: string;
  let driver: string;
  let seq = 0;
  let body: (change?: Record<string, unknown>) => Record<string, unknown>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    dispatcher = await server.login('dispatcher@haulboard.demo');
    driver = await server.login('driver@haulboard.demo');
    const [brokerId, shipperId, carrierId, stateId] = await Promise.all([
      someIdOf(server, 'brokers', 'status', 'ACTIVE'),
      someIdOf(server, 'shippers'),
      someIdOf(server, 'carriers'),
      someIdOf(server, 'states'),
    ]);
    const dispatcherId = Number(
      (
        await server.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'dispatcher@haulboard.demo')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const stop = (city: string, date: string) => ({ address: '1 Main St', city, stateId, date, dateType: 'ESTIMATED' });
    body = (change = {}) => ({
      loadBoard: 'Central Dispatch',
      externalLoadId: null,
      brokerId,
      shipperId,
      carrierId,
      dispatcherId,
      trailerType: 'OPEN',
      pickup: stop('Dallas', inDays(1)),
      delivery: stop('Phoenix', inDays(4)),
      price: 1200,
      paymentMethod: 'ACH',
      vehicles: [
        { vin: makeVin(900_000 + ++seq), year: 2020, make: 'Toyota', model: 'Camry', type: 'SEDAN', price: 1200 },
      ],
      ...change,
    });
  });
  afterAll(() => server?.close());

  const book = (payload: Record<string, unknown>) =>
    server.call({ method: 'POST', url: '/api/BookOrder', token: dispatcher, payload });
  const lookup = (query: string, token = dispatcher) =>
    server.call({ method: 'GET', url: `/api/BookOrder/duplicates?${query}`, token });
  const count = async () =>
    Number(
      (
        await server.db
          .selectFrom('book_orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('the same load board and load id is refused, naming the order; "not a duplicate" books it', async () => {
    const loadId = `CD-DUP-${kind}`;
    const first = await book(body({ externalLoadId: loadId }));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstNumber = first.body.value.orderNumber;
    const listed = await lookup(`loadBoard=Central%20Dispatch&loadId=${loadId}`);
    expect(listed.status).toBe(200);
    expect(listed.body.value).toEqual([
      { id: first.body.value.id, orderNumber: firstNumber, status: 'NEW', reason: 'LOAD_ID', vin: null },
    ]);
    // The same id on another load board is another load.
    expect((await lookup(`loadBoard=Super%20Dispatch&loadId=${loadId}`)).body.value).toEqual([]);

    const before = await count();
    const again = await book(body({ externalLoadId: loadId }));
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(`${firstNumber} has the same Central Dispatch load id`);
    expect(again.body.duplicates).toEqual(listed.body.value);
    expect(await count(), 'nothing written').toBe(before);
    const anyway = await book(body({ externalLoadId: loadId, allowDuplicate: true }));
    expect(anyway.status).toBe(200);
  });

  it('a VIN on an open order is a duplicate; on a delivered or cancelled one it is not', async () => {
    const first = await book(body());
    expect(first.status).toBe(200);
    const vin = first.body.value.vehicles[0].vin as string;
    const again = await book(body({ vehicles: [{ ...(body().vehicles as object[])[0], vin: vin.toLowerCase() }] }));
    expect(again.status).toBe(409);
    expect(again.body.duplicates).toMatchObject([{ id: first.body.value.id, reason: 'VIN', vin }]);
    expect((await lookup(`vin=${vin}&vin=${makeVin(1)}`)).body.value).toHaveLength(1);
    // The order being edited is not its own duplicate.
    expect((await lookup(`vin=${vin}&exceptId=${first.body.value.id}`)).body.value).toEqual([]);

    const cancelled = await server.call({
      method: 'POST',
      url: `/api/BookOrder/${first.body.value.id}/status`,
      token: dispatcher,
      payload: { status: 'CANCELLED', version: first.body.value.version },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await lookup(`vin=${vin}`)).body.value).toEqual([]);
    expect((await book(body({ vehicles: [{ ...(body().vehicles as object[])[0], vin }] }))).status).toBe(200);
  });

  it('the lookup refuses bad input and who may not read orders', async () => {
    expect((await lookup('loadBoard=Nowhere&loadId=1')).status).toBe(400);
    expect((await lookup(`vin=${'A'.repeat(18)}`)).status).toBe(400);
    expect((await lookup(Array.from({ length: 13 }, (_, i) => `vin=${makeVin(i)}`).join('&'))).status).toBe(400);
    expect((await lookup('loadId=1', driver)).status).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/BookOrder/duplicates?loadId=1' })).status).toBe(401);
  });
});
