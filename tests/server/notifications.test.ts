import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usDate } from '../../schema/format';
import { vinCheckDigit } from '../../schema/vin';
import { PROFILE, complete, register, verify } from '../helpers/account';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';
import { type HubClient, closeTestServer, connect, listen, until } from '../helpers/hub';

/** Stored notifications, delivered live over the hub when a book order is assigned or someone completes a registration; push tokens. */

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
function makeVin(n: number): string {
  const chars = [...`2T1BURHE0JC${String(n).padStart(6, '0')}`];
  chars[8] = vinCheckDigit(chars.join(''));
  return chars.join('');
}

describe.each(DATABASES)('notifications on %s', (kind) => {
  let server: TestServer;
  let base: string;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  let order: Record<string, any>;
  let driverId: number;
  let otherDriverId: number;
  let vin = 500;

  beforeAll(async () => {
    server = await startTestServer(kind);
    base = await listen(server);
    const db = server.db;
    for (const row of await db.selectFrom('users').select(['id', 'email']).execute())
      ids[row.email.split('@')[0]] = row.id;
    for (const name of ['administrator', 'dispatcher', 'driver', 'driver2', 'manager'])
      tokens[name] = await server.login(`${name}@haulboard.demo`);
    driverId = (await db.selectFrom('drivers').select('id').where('user_id', '=', ids.driver).executeTakeFirstOrThrow())
      .id;
    otherDriverId = (
      await db.selectFrom('drivers').select('id').where('user_id', '=', ids.driver2).executeTakeFirstOrThrow()
    ).id;
    const states = await db
      .selectFrom('states')
      .select(['id', 'abbreviation'])
      .where('abbreviation', 'in', ['TX', 'AZ'])
      .execute();
    const first = async (table: 'brokers' | 'shippers' | 'carriers') =>
      (await db.selectFrom(table).select('id').where('deleted_at', 'is', null).orderBy('id').executeTakeFirstOrThrow())
        .id;
    const broker =
      (
        await db
          .selectFrom('brokers')
          .select('id')
          .where('status', '=', 'ACTIVE')
          .where('deleted_at', 'is', null)
          .orderBy('id')
          .executeTakeFirst()
      )?.id ?? (await first('brokers'));
    order = {
      loadBoard: 'Central Dispatch',
      externalLoadId: null,
      brokerId: broker,
      shipperId: await first('shippers'),
      carrierId: await first('carriers'),
      dispatcherId: ids.dispatcher,
      driverId: null,
      truckId: null,
      trailerId: null,
      trailerType: 'OPEN',
      pickup: {
        venue: null,
        address: '5333 W Kiest Blvd',
        city: 'Dallas',
        stateId: states.find((s) => s.abbreviation === 'TX')!.id,
        zip: '75236',
        contactName: null,
        contactPhone: null,
        dateType: 'EXACT',
        date: inDays(2),
        dateTo: null,
      },
      delivery: {
        venue: null,
        address: '1 Camelback Rd',
        city: 'Phoenix',
        stateId: states.find((s) => s.abbreviation === 'AZ')!.id,
        zip: '85001',
        contactName: null,
        contactPhone: null,
        dateType: 'ESTIMATED',
        date: inDays(5),
        dateTo: null,
      },
      price: 1200,
      brokerFee: 0,
      localFee: 0,
      codAmount: 0,
      paymentMethod: 'ACH',
      payOnPickup: false,
      payOnDelivery: false,
      paymentTermsDays: 5,
      notes: null,
      vehicles: [],
    };
  });
  afterAll(() => closeTestServer(server));

  const list = (token: string, query = '') => server.call({ method: 'GET', url: `/api/Notifications${query}`, token });
  const createOrder = async (driver: number | null) => {
    const response = await server.call({
      method: 'POST',
      url: '/api/BookOrder',
      token: tokens.dispatcher,
      payload: {
        ...order,
        driverId: driver,
        vehicles: [
          {
            vin: makeVin(vin++),
            year: 2020,
            make: 'Honda',
            model: 'Accord',
            type: 'SEDAN',
            color: null,
            inoperable: false,
            lotNumber: null,
            stockNumber: null,
            price: 0,
          },
        ],
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.value;
  };

  it('tells the driver over the hub and stores it when a new book order is assigned to them', async () => {
    const hub = await connect(base, tokens.driver);
    const before = (await list(tokens.driver)).body.data;
    const created = await createOrder(driverId);
    const live = await until(
      () => hub.notifications.find((n) => n.link === `/app/my-loads/${created.id}`),
      'the live notification',
    );
    expect(live).toEqual({
      id: expect.any(Number),
      type: 'bookOrderAssigned',
      title: `Book order ${created.orderNumber} assigned to you`,
      body: `Pickup in Dallas on ${usDate(inDays(2))}, delivery in Phoenix on ${usDate(inDays(5))}.`,
      link: `/app/my-loads/${created.id}`,
      createdAt: expect.any(String),
      readAt: null,
    });
    const after = (await list(tokens.driver)).body.data;
    expect(after.totalCount).toBe(before.totalCount + 1);
    expect(after.unreadCount).toBe(before.unreadCount + 1);
    expect(after.items[0]).toEqual(live);
    await hub.stop();
  });

  it('tells the new driver when an update changes the driver, and no one when it does not', async () => {
    const created = await createOrder(null);
    const driverHub = await connect(base, tokens.driver);
    const otherHub = await connect(base, tokens.driver2);
    const update = (body: Record<string, unknown>) =>
      server.call({ method: 'PUT', url: `/api/BookOrder/${created.id}`, token: tokens.dispatcher, payload: body });
    const current = async () =>
      (await server.call({ method: 'GET', url: `/api/BookOrder/${created.id}`, token: tokens.dispatcher })).body.value;
    const editable = (o: any, driver: number | null) => ({
      ...order,
      driverId: driver,
      version: o.version,
      pickup: order.pickup,
      delivery: order.delivery,
      vehicles: o.vehicles.map((v: any) => ({
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
    });
    expect((await update(editable(await current(), otherDriverId))).status).toBe(200);
    await until(
      () => otherHub.notifications.some((n) => n.title === `Book order ${created.orderNumber} assigned to you`),
      'driver2’s notification',
    );
    // The same driver again: no second notification.
    expect((await update({ ...editable(await current(), otherDriverId), notes: 'changed' })).status).toBe(200);
    expect((await update(editable(await current(), driverId))).status).toBe(200);
    await until(
      () => driverHub.notifications.some((n) => n.title === `Book order ${created.orderNumber} assigned to you`),
      'driver’s notification',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(otherHub.notifications.filter((n) => n.title.includes(created.orderNumber))).toHaveLength(1);
    await driverHub.stop();
    await otherHub.stop();
  });

  it('tells every active administrator of a registration awaiting activation', async () => {
    const admin = await connect(base, tokens.administrator);
    const manager = await connect(base, tokens.manager);
    // Registered and verified, nobody is told yet; completing the registration puts it before the administrators.
    const registered = await register(server, `new.${kind}@example.com`, { firstname: 'Nora', lastname: 'Newman' });
    await verify(server, registered.accessToken);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(admin.notifications).toEqual([]);
    await complete(server, registered.accessToken, { ...PROFILE, firstName: 'Nora', lastName: 'Newman' });
    const userId = registered.user.id;
    const live = await until(
      () => admin.notifications.find((n) => n.type === 'registrationAwaitingActivation'),
      'the administrator’s notification',
    );
    expect(live).toMatchObject({
      title: 'New registration awaiting activation: Nora Newman',
      link: `/app/management/user-management/${userId}/edit`,
      readAt: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(manager.notifications).toEqual([]);
    expect((await list(tokens.administrator)).body.data.items[0]).toEqual(live);
    await admin.stop();
    await manager.stop();
  });

  it('keeps what arrived while offline, lists newest first with paging and unread-only, and marks read', async () => {
    await createOrder(driverId);
    await createOrder(driverId);
    const all = (await list(tokens.driver, '?page=0&size=2')).body.data;
    expect(all.items).toHaveLength(2);
    expect(all.items[0].id).toBeGreaterThan(all.items[1].id);
    expect(all.totalCount).toBeGreaterThanOrEqual(4);
    const second = (await list(tokens.driver, '?Page=1&Size=2')).body.data;
    expect(second.items[0].id).toBeLessThan(all.items[1].id);

    const target = all.items[1];
    const read = await server.call({
      method: 'POST',
      url: `/api/Notifications/${target.id}/read`,
      token: tokens.driver,
    });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ ...target, readAt: expect.any(String) });
    const again = await server.call({
      method: 'POST',
      url: `/api/Notifications/${target.id}/read`,
      token: tokens.driver,
    });
    expect(again.body.data.readAt).toBe(read.body.data.readAt);
    const unread = (await list(tokens.driver, '?unreadOnly=true&size=100')).body.data;
    expect(unread.items.map((n: any) => n.id)).not.toContain(target.id);
    expect(unread.totalCount).toBe(unread.unreadCount);
    expect(unread.unreadCount).toBe(all.unreadCount - 1);

    // Someone else's notification is not found, for reading as for marking.
    expect(
      (await server.call({ method: 'POST', url: `/api/Notifications/${all.items[0].id}/read`, token: tokens.manager }))
        .status,
    ).toBe(404);
    expect((await list(tokens.manager)).body.data.items.map((n: any) => n.id)).not.toContain(all.items[0].id);
    const driverNow = (await list(tokens.driver)).body.data.items.find((n: any) => n.id === all.items[0].id);
    expect(driverNow.readAt).toBeNull();

    const allRead = await server.call({ method: 'POST', url: '/api/Notifications/read-all', token: tokens.driver });
    expect(allRead.body).toEqual({ data: { unreadCount: 0 } });
    const finally_ = (await list(tokens.driver)).body.data;
    expect(finally_.unreadCount).toBe(0);
    expect(finally_.items.every((n: any) => n.readAt)).toBe(true);
    expect((await list(tokens.driver, '?unreadOnly=true')).body.data).toEqual({
      items: [],
      totalCount: 0,
      unreadCount: 0,
    });
  });

  it('refuses bad input and strangers: 400, 401, 404', async () => {
    for (const query of ['?page=-1', '?size=0', '?size=101', '?size=abc', '?unreadOnly=maybe', '?page=1e3']) {
      const response = await list(tokens.driver, query);
      expect(response.status, query).toBe(400);
      expect(response.body.messages[0].description).toBeTruthy();
    }
    expect((await list('')).status).toBe(401);
    expect((await server.call({ method: 'POST', url: '/api/Notifications/1/read' })).status).toBe(401);
    expect((await server.call({ method: 'POST', url: '/api/Notifications/read-all' })).status).toBe(401);
    expect(
      (await server.call({ method: 'POST', url: '/api/Notifications/abc/read', token: tokens.driver })).status,
    ).toBe(400);
    expect(
      (await server.call({ method: 'POST', url: '/api/Notifications/99999999/read', token: tokens.driver })).status,
    ).toBe(404);
  });

  it('stores a push token with the caller, moves a known token to a new user, forgets it on delete', async () => {
    const token = `fcm-${kind}-${'x'.repeat(150)}`;
    const stored = await server.call({
      method: 'POST',
      url: '/api/PushTokens',
      token: tokens.driver,
      payload: { token, platform: 'web' },
    });
    expect(stored.status).toBe(200);
    expect(stored.body).toEqual({ data: { id: expect.any(Number) } });
    const row = await server.db
      .selectFrom('push_tokens')
      .selectAll()
      .where('id', '=', stored.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: ids.driver, token, platform: 'web' });

    const again = await server.call({
      method: 'POST',
      url: '/api/PushTokens',
      token: tokens.manager,
      payload: { token },
    });
    expect(again.body.data.id).toBe(stored.body.data.id);
    expect(
      (await server.db.selectFrom('push_tokens').select('user_id').where('id', '=', row.id).executeTakeFirstOrThrow())
        .user_id,
    ).toBe(ids.manager);

    // Only the owner can remove it.
    expect(
      (await server.call({ method: 'DELETE', url: '/api/PushTokens', token: tokens.driver, payload: { token } })).body,
    ).toEqual({ data: { deleted: false } });
    expect(
      (await server.call({ method: 'DELETE', url: '/api/PushTokens', token: tokens.manager, payload: { token } })).body,
    ).toEqual({ data: { deleted: true } });
    expect(
      await server.db.selectFrom('push_tokens').select('id').where('id', '=', row.id).executeTakeFirst(),
    ).toBeUndefined();

    // The longest token allowed fits on both databases.
    const long = 'L'.repeat(4096);
    expect(
      (await server.call({ method: 'POST', url: '/api/PushTokens', token: tokens.driver, payload: { token: long } }))
        .status,
    ).toBe(200);
    // The token is not written to the audit log.
    const audits = await server.db
      .selectFrom('audit_log')
      .select(['after'])
      .where('entity', '=', 'push_token')
      .execute();
    expect(audits.length).toBeGreaterThan(0);
    expect(JSON.stringify(audits)).not.toContain(token);
  });

  it('refuses bad push tokens with 400 and strangers with 401', async () => {
    for (const payload of [
      {},
      { token: '' },
      { token: '   ' },
      { token: 'x'.repeat(4097) },
      { token: 5 },
      { token: 'ok', platform: 'fax' },
      { token: 'a\u0000b' },
    ]) {
      const response = await server.call({ method: 'POST', url: '/api/PushTokens', token: tokens.driver, payload });
      expect(response.status, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await server.call({ method: 'DELETE', url: '/api/PushTokens', token: tokens.driver, payload: {} })).status,
    ).toBe(400);
    expect((await server.call({ method: 'DELETE', url: '/api/PushTokens', token: tokens.driver })).status).toBe(400);
    expect((await server.call({ method: 'POST', url: '/api/PushTokens', payload: { token: 'abc' } })).status).toBe(401);
    expect((await server.call({ method: 'DELETE', url: '/api/PushTokens', payload: { token: 'abc' } })).status).toBe(
      401,
    );
  });

  it('delivers to every open tab of the user and to no one else', async () => {
    const tabs: HubClient[] = [
      await connect(base, tokens.driver),
      await connect(base, tokens.driver, { viaQuery: true }),
    ];
    const bystander = await connect(base, tokens.driver2);
    const created = await createOrder(driverId);
    for (const tab of tabs)
      await until(
        () => tab.notifications.some((n) => n.title.includes(created.orderNumber)),
        'each tab’s notification',
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bystander.notifications).toEqual([]);
    for (const client of [...tabs, bystander]) await client.stop();
  });
});
