import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_OWNER_ONLY_MESSAGE } from '../../schema/resources/users';
import { demoEmail } from '../../server/db/seed/demo';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server';
import { expectRefused, idOf } from '../helpers/records';

const TABS = ['units', 'drivers', 'loads', 'settlements'] as const;
type Tab = (typeof TABS)[number];

/** The Monday of the week before this one (a week whose pay bills may be built). */
function lastMonday(): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7) - 7);
  return day.toISOString().slice(0, 10);
}

describe.each(DATABASES)('fleet owner on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let owner: string;
  let ownerId: number;
  let ownCarrier: number;
  let otherCarrier: number;

  const get = (url: string, token?: string) => server.call({ method: 'GET', url, token });
  const ids = (rows: { id: number }[]) => rows.map((r) => Number(r.id)).sort((a, b) => a - b);

  /** Each list's ids of one carrier, straight from the tables (what the fleet owner must see, and nothing else). */
  async function expected(tab: Tab, carrierId: number): Promise<number[]> {
    const { db } = server;
    const drivers = db.selectFrom('drivers').select('id').where('carrier_id', '=', carrierId);
    const rows =
      tab === 'units'
        ? db.selectFrom('units').select('id').where('carrier_id', '=', carrierId).where('deleted_at', 'is', null)
        : tab === 'drivers'
          ? drivers.where('deleted_at', 'is', null)
          : tab === 'loads'
            ? db
                .selectFrom('book_orders')
                .select('id')
                .where('driver_id', 'in', drivers)
                .where('deleted_at', 'is', null)
            : db.selectFrom('pay_bills').select('id').where('driver_id', 'in', drivers).where('deleted_at', 'is', null);
    return ids(await rows.execute());
  }

  /** Every row of a list, page by page (100 at a time). */
  async function all(tab: Tab, token: string, search?: string) {
    const rows: { id: number }[] = [];
    for (let page = 0; ; page++) {
      const q = `?page=${page}&size=100${search ? `&search=${encodeURIComponent(search)}` : ''}`;
      const response = await get(`/api/FleetOwner/${tab}${q}`, token);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      rows.push(...response.body.value.items);
      if (rows.length >= response.body.value.totalCount) return { rows, total: response.body.value.totalCount };
    }
  }

  const userBody = async (id: number, change: Record<string, unknown>) => {
    const u = (await get(`/api/User/${id}`, admin)).body.value;
    return {
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      phone: u.phone,
      roleIds: u.roleIds,
      isActive: u.isActive,
      version: u.version,
      carrierId: u.carrierId,
      ...change,
    };
  };
  const putUser = (id: number, payload: Record<string, unknown>) =>
    server.call({ method: 'PUT', url: `/api/User/${id}`, token: admin, payload });

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.login(demoEmail('Administrator'));
    owner = await server.login(demoEmail('FleetOwner'));
    ownerId = await idOf(server, 'users', 'email', demoEmail('FleetOwner'));
    ownCarrier = await idOf(server, 'carriers', 'code', 'select');
    otherCarrier = await idOf(server, 'carriers', 'code', 'shipops');
    // Every driver's pay bill of one week: settlements of both carriers exist.
    const built = await server.call({
      method: 'POST',
      url: '/api/PayBills/build',
      token: admin,
      payload: { weekStart: lastMonday() },
    });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
  });
  afterAll(() => server.close());

  it('answers 401 without a token and 403 to a role without My Fleet', async () => {
    const dispatcher = await server.login(demoEmail('Dispatcher'));
    for (const url of ['/api/FleetOwner/carrier', '/api/FleetOwner/units', '/api/FleetOwner/loads/1']) {
      expect((await get(url)).status, url).toBe(401);
      const refused = await get(url, dispatcher);
      expect(refused.status, url).toBe(403);
      expect(refused.body).not.toHaveProperty('value');
    }
  });

  it('the demo fleet owner reads exactly the linked carrier’s units, drivers, loads and settlements', async () => {
    const carrier = await get('/api/FleetOwner/carrier', owner);
    expect(carrier.status).toBe(200);
    expect(carrier.body.value).toMatchObject({ id: ownCarrier, code: 'select', name: 'Select Auto Transport LLC' });
    for (const tab of TABS) {
      const want = await expected(tab, ownCarrier);
      // Both carriers have rows of every kind: the scope is tested, not an empty table.
      expect(want.length, tab).toBeGreaterThan(0);
      expect((await expected(tab, otherCarrier)).length, tab).toBeGreaterThan(0);
      const { rows, total } = await all(tab, owner);
      expect(total, tab).toBe(want.length);
      expect(ids(rows), tab).toEqual(want);
    }
  });

  it('shows each row as people read it, newest loads and weeks first', async () => {
    const loads = (await get('/api/FleetOwner/loads?size=5', owner)).body.value.items;
    const dates = loads.map((l: { pickupDate: string }) => l.pickupDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(loads[0]).toEqual(
      expect.objectContaining({
        orderNumber: expect.any(String),
        from: expect.stringMatching(/^.+, [A-Z]{2}$/),
        to: expect.stringMatching(/^.+, [A-Z]{2}$/),
        driverName: expect.any(String),
        vehicleCount: expect.any(Number),
      }),
    );
    const bill = (await get('/api/FleetOwner/settlements?size=1', owner)).body.value.items[0];
    const row = await server.db
      .selectFrom('pay_bills')
      .select(['net_cents', 'week_start'])
      .where('id', '=', bill.id)
      .executeTakeFirstOrThrow();
    expect(bill.net).toBe(row.net_cents / 100);
    expect(bill.weekStart).toBe(row.week_start);
  });

  it('finds by the search box within the carrier only', async () => {
    const own = await server.db
      .selectFrom('units')
      .select('unit_number')
      .where('carrier_id', '=', ownCarrier)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const other = await server.db
      .selectFrom('units')
      .select('unit_number')
      .where('carrier_id', '=', otherCarrier)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const found = await all('units', owner, own.unit_number.toLowerCase());
    expect(found.rows.map((u) => (u as unknown as { unitNumber: string }).unitNumber)).toContain(own.unit_number);
    const none = await all('units', owner, other.unit_number);
    expect(none.rows.map((u) => (u as unknown as { unitNumber: string }).unitNumber)).not.toContain(other.unit_number);
  });

  it('answers 404 for another carrier’s unit, driver, load and settlement, and 200 for its own', async () => {
    for (const tab of TABS) {
      const [mine] = await expected(tab, ownCarrier);
      const [theirs] = await expected(tab, otherCarrier);
      const ownRow = await get(`/api/FleetOwner/${tab}/${mine}`, owner);
      expect(ownRow.status, tab).toBe(200);
      expect(ownRow.body.value.id).toBe(mine);
      const refused = await get(`/api/FleetOwner/${tab}/${theirs}`, owner);
      expect(refused.status, tab).toBe(404);
      expect(refused.body).not.toHaveProperty('value');
    }
  });

  it('links only a FleetOwner account, only to an existing carrier; nothing is written otherwise', async () => {
    const dispatcherId = await idOf(server, 'users', 'email', demoEmail('Dispatcher'));
    const refused = await expectRefused(
      server,
      {
        method: 'PUT',
        url: `/api/User/${dispatcherId}`,
        token: admin,
        payload: await userBody(dispatcherId, { carrierId: ownCarrier }),
      },
      400,
      'carrierId',
    );
    expect(refused.body.message).toBe(FLEET_OWNER_ONLY_MESSAGE);
    await expectRefused(
      server,
      {
        method: 'PUT',
        url: `/api/User/${ownerId}`,
        token: admin,
        payload: await userBody(ownerId, { carrierId: 987_654 }),
      },
      400,
      'carrierId',
    );
    // Taking FleetOwner away while the carrier stays linked is the same mistake.
    const dispatcherRole = await idOf(server, 'roles', 'name', 'Dispatcher');
    await expectRefused(
      server,
      {
        method: 'PUT',
        url: `/api/User/${ownerId}`,
        token: admin,
        payload: await userBody(ownerId, { roleIds: [dispatcherRole] }),
      },
      400,
      'carrierId',
    );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/User',
        token: admin,
        payload: {
          firstName: 'Nota',
          lastName: 'Owner',
          email: `nota.owner.${kind}@example.com`,
          roleIds: [dispatcherRole],
          carrierId: ownCarrier,
        },
      },
      400,
      'carrierId',
    );
  });

  it('an administrator moves the link to another carrier, then clears it: the lists follow at once', async () => {
    const moved = await putUser(ownerId, await userBody(ownerId, { carrierId: otherCarrier }));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.value).toMatchObject({ carrierId: otherCarrier, carrierName: 'ShipOps Logistics Inc' });
    const units = await all('units', owner);
    expect(ids(units.rows)).toEqual(await expected('units', otherCarrier));
    const [formerlyMine] = await expected('drivers', ownCarrier);
    expect((await get(`/api/FleetOwner/drivers/${formerlyMine}`, owner)).status).toBe(404);

    const cleared = await putUser(ownerId, await userBody(ownerId, { carrierId: null }));
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect((await get('/api/FleetOwner/carrier', owner)).body.value).toBeNull();
    for (const tab of TABS) {
      const page = await get(`/api/FleetOwner/${tab}`, owner);
      expect(page.body.value, tab).toMatchObject({ items: [], totalCount: 0 });
    }
    const [other] = await expected('units', otherCarrier);
    expect((await get(`/api/FleetOwner/units/${other}`, owner)).status).toBe(404);

    const back = await putUser(ownerId, await userBody(ownerId, { carrierId: ownCarrier }));
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  });

  it('refuses parameters the lists do not take', async () => {
    const response = await get('/api/FleetOwner/units?Sort=unitNumber', owner);
    expect(response.status).toBe(400);
  });
});
