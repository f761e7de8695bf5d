import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidVin } from '../../schema/vin';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

describe.each(DATABASES)('users, roles, lists and the audit log on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let dispatcher: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.login('administrator@haulboard.demo');
    dispatcher = await server.login('dispatcher@haulboard.demo');
  });
  afterAll(() => server.close());
  const get = (url: string, token = admin) => server.call({ method: 'GET', url, token });

  it('seeds the master data the other screens use', async () => {
    const count = async (table: 'drivers' | 'shippers' | 'brokers' | 'states' | 'carriers') =>
      (await server.db.selectFrom(table).select('id').execute()).length;
    expect(await count('states')).toBe(57);
    expect(await count('carriers')).toBe(3);
    expect(await count('drivers')).toBe(40);
    expect(await count('shippers')).toBe(60);
    expect(await count('brokers')).toBe(40);
    const units = await server.db.selectFrom('units').select(['unit_type', 'vin']).execute();
    expect(units.filter((u) => u.unit_type === 'Truck')).toHaveLength(30);
    expect(units.filter((u) => u.unit_type === 'Trailer')).toHaveLength(30);
    for (const unit of units) expect(isValidVin(unit.vin), unit.vin).toBe(true);
  });

  it('seeds the same demo company every time', async () => {
    const other = await startTestServer('sqlite');
    const names = (s: TestServer) =>
      s.db.selectFrom('drivers').select(['first_name', 'last_name', 'cdl_expires_on']).orderBy('id').execute();
    expect(await names(other)).toEqual(await names(server));
    await other.close();
  });

  it('pages, searches and filters users', async () => {
    const all = await get('/api/User?Page=0&Size=5');
    expect(all.status).toBe(200);
    expect(all.body.value).toMatchObject({ page: 0, size: 5, totalCount: expect.any(Number) });
    expect(all.body.value.items).toHaveLength(5);
    expect(all.body.value.items[0]).toMatchObject({
      id: expect.any(Number),
      email: expect.any(String),
      roles: expect.any(Array),
      isActive: true,
    });
    const search = await get('/api/User?Search=ADMINISTRATOR@');
    expect(search.body.value.items.map((u: { email: string }) => u.email)).toEqual(['administrator@haulboard.demo']);
    const wildcard = await get('/api/User?Search=%25');
    expect(wildcard.body.value.totalCount).toBe(0);
    const roles = (await get('/api/Role/get-all-roles')).body.value;
    const dispatcherRole = roles.find((r: { name: string }) => r.name === 'Dispatcher');
    const byRole = await get(`/api/User?roleId=${dispatcherRole.id}&Size=100`);
    expect(byRole.body.value.totalCount).toBe(5);
    expect(byRole.body.value.items.every((u: { roles: string[] }) => u.roles.includes('Dispatcher'))).toBe(true);
    const filtered = await get('/api/User/users-filtered?Size=10000');
    expect(filtered.body.value.items.length).toBe(filtered.body.value.totalCount);
    expect((await get('/api/User/users-filtered?Size=10001')).status).toBe(400);
    const sorted = await get('/api/User?Sort=-email&Size=3');
    const emails = sorted.body.value.items.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort().reverse());
  });

  it('lists roles, users by role and the permission matrix', async () => {
    const roles = (await get('/api/Role/get-all-roles')).body.value;
    expect(roles.map((r: { name: string }) => r.name)).toEqual([
      'Any',
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
    ]);
    const driverRole = roles.find((r: { name: string }) => r.name === 'Driver');
    const drivers = (await get(`/api/User/get-users-by-roleId/${driverRole.id}`)).body.value;
    expect(drivers.map((u: { email: string }) => u.email)).toContain('driver@haulboard.demo');
    expect((await get('/api/User/get-users-by-roleId/99999')).status).toBe(404);
    const info = (await get('/api/Permission/get-features-permissions-info')).body.value;
    expect(info.permissions).toEqual(['Read', 'Create', 'Update', 'Delete', 'Export', 'Approve']);
    const bookOrders = info.features.find((f: { key: string }) => f.key === 'BookOrders');
    const approver = info.roles.find((r: { name: string }) => r.name === 'BookOrderApprover');
    expect(approver.grants[bookOrders.id].sort()).toEqual(['Approve', 'Read']);
  });

  it('answers the dropdown reads over the seeded data', async () => {
    const dispatchers = (await get('/api/Dispatcher/GetAllNames', dispatcher)).body.value;
    expect(dispatchers).toHaveLength(5);
    expect(dispatchers[0]).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      firstName: expect.any(String),
    });
    const drivers = (await get('/api/Driver/GetAllNames', dispatcher)).body.value;
    const allDrivers = (await get('/api/Driver/GetAllNames?ShowDeleted=true', dispatcher)).body.value;
    expect(drivers).toHaveLength(37);
    expect(allDrivers).toHaveLength(40);
    const carriers = await get('/api/Carriers/dropdown-list');
    expect(carriers.body.data.map((c: { code: string }) => c.code).sort()).toEqual([
      'haulovercorp',
      'select',
      'shipops',
    ]);
    const trucks = (await get('/api/Units/get-all-trucks-dropdown?HideAssigned=false&type=Truck')).body.value;
    const freeTrucks = (await get('/api/Units/get-all-trucks-dropdown?HideAssigned=true&type=Truck')).body.value;
    const trailers = (await get('/api/Units/get-all-trucks-dropdown?type=Trailer')).body.value;
    expect(trucks).toHaveLength(30);
    expect(freeTrucks).toHaveLength(5);
    expect(trailers.every((u: { type: string }) => u.type === 'Trailer')).toBe(true);
    expect((await get('/api/Units/get-all-trucks-dropdown?type=Boat')).status).toBe(400);
    expect((await get('/api/Units/get-all-trucks-dropdown?HideAssigned=maybe')).status).toBe(400);
    const shippers = (await get('/api/Shipper/get-all-shippers-dropdown', dispatcher)).body.value;
    expect(shippers).toHaveLength(60);
    expect((await get('/api/Reference/states', dispatcher)).body.value).toHaveLength(57);
    expect(
      (await get('/api/Reference/load-boards', dispatcher)).body.value.map((b: { name: string }) => b.name),
    ).toContain('Central Dispatch');
    expect((await get('/api/Reference/payment-methods', dispatcher)).body.value).toHaveLength(11);
    expect(
      (await get('/api/Reference/money-sources', dispatcher)).body.value.map((m: { name: string }) => m.name),
    ).toEqual(['Company Money', 'Drivers Own Money']);
    expect(
      (await get('/api/Reference/phone-countries', dispatcher)).body.value.find(
        (c: { name: string }) => c.name === 'Georgia',
      ),
    ).toMatchObject({ dialCode: '+995', digits: 9 });
  });

  it('refuses dropdowns to roles whose screens do not use them', async () => {
    const driver = await server.login('driver@haulboard.demo');
    expect((await get('/api/Carriers/dropdown-list', driver)).status).toBe(403);
    expect((await get('/api/Shipper/get-all-shippers-dropdown', driver)).status).toBe(403);
    expect((await get('/api/Driver/GetAllNames', driver)).status).toBe(200);
  });

  it('records every write in the audit log, readable by administrators with filters and paging', async () => {
    const manager = await server.login('manager@haulboard.demo');
    const created = await server.call({
      method: 'POST',
      url: '/api/AccessManagements/groups/new',
      token: manager,
      payload: { name: 'Audited' },
    });
    const group = created.body.value.find((g: { name: string }) => g.name === 'Audited');
    const log = await get(`/api/AuditLog?entity=feature_group&entityId=${group.id}`);
    expect(log.status).toBe(200);
    expect(log.body.value.items).toHaveLength(1);
    const managerId = (
      await server.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'manager@haulboard.demo')
        .executeTakeFirstOrThrow()
    ).id;
    expect(log.body.value.items[0]).toMatchObject({
      action: 'create',
      actorId: managerId,
      after: { name: 'Audited' },
      at: expect.stringMatching(/Z$/),
    });
    const byActor = await get(`/api/AuditLog?actorId=${managerId}&action=login&Size=1`);
    expect(byActor.body.value).toMatchObject({ size: 1, page: 0 });
    expect(byActor.body.value.totalCount).toBeGreaterThanOrEqual(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`/api/AuditLog?from=${today}&to=${today}`)).body.value.totalCount).toBeGreaterThan(0);
    expect((await get('/api/AuditLog?from=2000-01-01&to=2000-01-02')).body.value.totalCount).toBe(0);
    expect((await get('/api/AuditLog?from=yesterday')).status).toBe(400);
    expect((await get('/api/AuditLog', manager)).status).toBe(403);
    const entries = JSON.stringify((await get('/api/AuditLog?Size=500')).body.value.items);
    expect(entries).not.toMatch(/argon2|demo-password/);
  });

  it('publishes the OpenAPI description and its viewer', async () => {
    const spec = await server.call({ method: 'GET', url: '/api/openapi.json' });
    expect(spec.status).toBe(200);
    expect(spec.body.openapi).toBe('3.1.0');
    expect(Object.keys(spec.body.paths)).toEqual(
      expect.arrayContaining(['/api/Auth/login', '/api/AccessManagements/groups/rename', '/api/User']),
    );
    const login = spec.body.paths['/api/Auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('password');
    expect(login.security).toEqual([]);
    expect(spec.body.paths['/api/User'].get.description).toMatch(/Read on Users or AccessSettings/);
    const viewer = await server.call({ method: 'GET', url: '/api/docs/' });
    expect(viewer.status).toBe(200);
    expect(String(viewer.headers['content-type'])).toContain('text/html');
  });

  it('serves a placeholder at /app and sends / there', async () => {
    const page = await server.call({ method: 'GET', url: '/app/books/bookorders' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Haulboard');
    const root = await server.call({ method: 'GET', url: '/' });
    expect(root.status).toBe(302);
    expect(root.headers.location).toBe('/app');
    expect((await server.call({ method: 'GET', url: '/api/version' })).body.value.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect((await server.call({ method: 'GET', url: '/api/health' })).body.value.status).toBe('ok');
  });
});
