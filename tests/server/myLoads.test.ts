import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail } from '../../server/db/seed/demo';
import { todayIso } from '../../schema/businessDay';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/** GET /api/MyLoads and /api/MyLoads/{id} (server/modules/myLoads): a driver's own loads, and nobody else's. */

const inDays = (n: number) => new Date(Date.parse(todayIso()) + n * 86_400_000).toISOString().slice(0, 10);

describe.each(DATABASES)('my loads on %s', (kind) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let driverA: number;
  let driverB: number;
  /** Driver A's: upcoming, delivered yesterday, cancelled, deleted; driver B's: upcoming. */
  const orders: Record<'upcoming' | 'past' | 'cancelled' | 'deleted' | 'other', number> = {} as never;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const { db } = server;
    for (const role of ['Driver', 'Dispatcher', 'Administrator'] as const)
      tokens[role] = await server.login(demoEmail(role));
    tokens.driver2 = await server.login(demoEmail('Driver', 2));
    const driverOf = async (email: string) =>
      (
        await db
          .selectFrom('drivers as d')
          .innerJoin('users as u', 'u.id', 'd.user_id')
          .select('d.id')
          .where('u.email', '=', email)
          .executeTakeFirstOrThrow()
      ).id;
    driverA = await driverOf(demoEmail('Driver'));
    driverB = await driverOf(demoEmail('Driver', 2));
    // Five orders of the demo data made into the cases, everything else taken from both drivers.
    await db.updateTable('book_orders').set({ driver_id: null }).where('driver_id', 'in', [driverA, driverB]).execute();
    const ids = (await db.selectFrom('book_orders').select('id').orderBy('id').limit(5).execute()).map((r) => r.id);
    [orders.upcoming, orders.past, orders.cancelled, orders.deleted, orders.other] = ids;
    const set = (id: number, values: Record<string, unknown>) =>
      db.updateTable('book_orders').set(values).where('id', '=', id).execute();
    await set(orders.upcoming, {
      driver_id: driverA,
      status: 'ASSIGNED',
      pickup_date: inDays(1),
      delivery_date: inDays(3),
      cod_amount_cents: 125_050,
      notes: 'Gate code 4411',
      deleted_at: null,
    });
    await set(orders.past, {
      driver_id: driverA,
      status: 'DELIVERED',
      pickup_date: inDays(-5),
      delivery_date: inDays(-1),
      deleted_at: null,
    });
    await set(orders.cancelled, {
      driver_id: driverA,
      status: 'CANCELLED',
      pickup_date: inDays(2),
      delivery_date: inDays(4),
      deleted_at: null,
    });
    await set(orders.deleted, {
      driver_id: driverA,
      status: 'ASSIGNED',
      pickup_date: inDays(2),
      delivery_date: inDays(4),
      deleted_at: new Date().toISOString(),
    });
    await set(orders.other, {
      driver_id: driverB,
      status: 'ASSIGNED',
      pickup_date: inDays(1),
      delivery_date: inDays(2),
      deleted_at: null,
    });
  });
  afterAll(() => server.close());

  const get = (url: string, token?: string) => server.call({ method: 'GET', url, token });

  it('a driver reads their own loads of today and ahead: not the delivered, cancelled or deleted ones', async () => {
    const response = await get('/api/MyLoads', tokens.Driver);
    expect(response.status).toBe(200);
    expect(response.body.value.linked).toBe(true);
    expect(response.body.value.items.map((load: { id: number }) => load.id)).toEqual([orders.upcoming]);
  });

  it('a driver opens their own load: stops, contacts, vehicles with VINs, notes, what to collect, and no money of the company', async () => {
    const response = await get(`/api/MyLoads/${orders.upcoming}`, tokens.Driver);
    expect(response.status).toBe(200);
    const load = response.body.value;
    const order = await server.db
      .selectFrom('book_orders')
      .selectAll()
      .where('id', '=', orders.upcoming)
      .executeTakeFirstOrThrow();
    const vins = await server.db
      .selectFrom('book_order_vehicles')
      .select('vin')
      .where('book_order_id', '=', orders.upcoming)
      .orderBy('position')
      .execute();
    expect(load).toMatchObject({
      id: orders.upcoming,
      orderNumber: order.order_number,
      status: 'ASSIGNED',
      notes: 'Gate code 4411',
      codAmount: 1250.5,
      pickup: { city: order.pickup_city, address: order.pickup_address, date: inDays(1) },
      delivery: { city: order.delivery_city, contactPhone: order.delivery_contact_phone, date: inDays(3) },
    });
    expect(load.vehicles.map((v: { vin: string }) => v.vin)).toEqual(vins.map((v) => v.vin));
    expect(vins.length).toBeGreaterThan(0);
    for (const hidden of ['price', 'brokerFee', 'localFee', 'paymentStatus']) expect(load).not.toHaveProperty(hidden);
    for (const vehicle of load.vehicles) expect(vehicle).not.toHaveProperty('price');
  });

  it('another driver’s load, a deleted one and one that does not exist are the same 404', async () => {
    for (const id of [orders.other, orders.deleted, 987_654]) {
      const response = await get(`/api/MyLoads/${id}`, tokens.Driver);
      expect(response.status, `order ${id}`).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain('HB');
    }
    // And the other driver reads theirs, not driver A's.
    expect((await get(`/api/MyLoads/${orders.other}`, tokens.driver2)).status).toBe(200);
    expect((await get(`/api/MyLoads/${orders.upcoming}`, tokens.driver2)).status).toBe(404);
    const list = await get('/api/MyLoads', tokens.driver2);
    expect(list.body.value.items.map((load: { id: number }) => load.id)).toEqual([orders.other]);
  });

  it('no token is 401; a role without My Loads is 403; an id that is not one is 400', async () => {
    expect((await get('/api/MyLoads')).status).toBe(401);
    expect((await get(`/api/MyLoads/${orders.upcoming}`)).status).toBe(401);
    for (const url of ['/api/MyLoads', `/api/MyLoads/${orders.upcoming}`]) {
      const response = await get(url, tokens.Dispatcher);
      expect(response.status, url).toBe(403);
      expect(response.body.messages[0].description).toMatch(/permission/);
    }
    expect((await get('/api/MyLoads/abc', tokens.Driver)).status).toBe(400);
  });

  it('a user with the feature but no driver record has no loads, and opens none', async () => {
    const list = await get('/api/MyLoads', tokens.Administrator);
    expect(list.status).toBe(200);
    expect(list.body.value).toEqual({ linked: false, items: [] });
    expect((await get(`/api/MyLoads/${orders.upcoming}`, tokens.Administrator)).status).toBe(404);
  });
});
