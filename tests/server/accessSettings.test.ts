import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, type TestServer, fingerprint, startTestServer } from '../helpers/server';

interface Matrix {
  version: number;
  features: { id: number; key: string; title: string; parentFeatureId: number | null }[];
  roles: { id: number; name: string; isSystem: boolean; userCount: number; grants: Record<number, string[]> }[];
}

describe.each(DATABASES)('Access Settings on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let fleet: string;
  let manager: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.login('administrator@haulboard.demo');
    fleet = await server.login('fleetmanager@haulboard.demo');
    manager = await server.login('manager@haulboard.demo');
  });
  afterAll(() => server.close());

  const matrix = async (): Promise<Matrix> =>
    (await server.call({ method: 'GET', url: '/api/Permission/get-features-permissions-info', token: admin })).body
      .value;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
    server.call({ method, url, payload: payload as object, token });
  const ids = async () => {
    const m = await matrix();
    const role = (name: string) => m.roles.find((r) => r.name === name)!;
    const feature = (key: string) => m.features.find((f) => f.key === key)!;
    return { m, role, feature };
  };
  /** A refusal: its status and message, and not one row changed anywhere (the audit log included). */
  const refused = async (request: () => Promise<{ status: number; body: any }>, status: number, message: RegExp) => {
    const before = await fingerprint(server.db);
    const response = await request();
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(response.body.messages[0].description).toMatch(message);
    expect(await fingerprint(server.db)).toBe(before);
    return response;
  };
  const features = async (token: string) =>
    (await call('GET', '/api/Auth/features/get', undefined, token)).body.value.flatMap(
      (g: { features: { uri: string; permissions: string[] }[] }) => g.features,
    );

  it('is for administrators: others get 403, no token 401', async () => {
    expect((await call('GET', '/api/Permission/get-features-permissions-info', undefined, manager)).status).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/Permission/get-features-permissions-info' })).status).toBe(
      401,
    );
    const { m, role, feature } = await ids();
    await refused(
      () =>
        call(
          'PUT',
          '/api/Permission/matrix',
          {
            version: m.version,
            changes: [
              { roleId: role('FleetManager').id, featureId: feature('MatchTransactions').id, permissions: ['Read'] },
            ],
          },
          manager,
        ),
      403,
      /permission/,
    );
    await refused(
      () => call('POST', '/api/Role', { name: 'Night desk', copyFromRoleId: role('Dispatcher').id }, fleet),
      403,
      /permission/,
    );
  });

  it('grants Read on Bank to FleetManager: the next call obeys, the version rises, the change is audited', async () => {
    const { m, role, feature } = await ids();
    const bank = feature('MatchTransactions');
    expect((await features(fleet)).map((f: { uri: string }) => f.uri)).not.toContain(
      '/app/finances/match-transactions',
    );
    expect(
      (await call('GET', '/api/TransactionsMatching/get-chase-transactions-date-filters', undefined, fleet)).status,
    ).toBe(403);
    const saved = await call('PUT', '/api/Permission/matrix', {
      version: m.version,
      changes: [{ roleId: role('FleetManager').id, featureId: bank.id, permissions: ['Read'] }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.value).toEqual({ changed: 1, version: m.version + 1 });
    expect((await features(fleet)).map((f: { uri: string }) => f.uri)).toContain('/app/finances/match-transactions');
    expect(
      (await call('GET', '/api/TransactionsMatching/get-chase-transactions-date-filters', undefined, fleet)).status,
    ).toBe(200);
    const trail = (
      await call('GET', `/api/AuditLog?entity=role&entityId=${role('FleetManager').id}&action=permissions`)
    ).body.value.items;
    expect(trail[0]).toMatchObject({
      before: { 'FleetManager on Bank': [] },
      after: { 'FleetManager on Bank': ['Read'] },
    });

    // Revoked again: the next call is refused.
    const after = await ids();
    expect(
      (
        await call('PUT', '/api/Permission/matrix', {
          version: after.m.version,
          changes: [{ roleId: role('FleetManager').id, featureId: bank.id, permissions: [] }],
        })
      ).status,
    ).toBe(200);
    expect(
      (await call('GET', '/api/TransactionsMatching/get-chase-transactions-date-filters', undefined, fleet)).status,
    ).toBe(403);
    expect((await features(fleet)).map((f: { uri: string }) => f.uri)).not.toContain(
      '/app/finances/match-transactions',
    );
  });

  it('refuses a save against an older version with 409 and the current matrix', async () => {
    const { m, role, feature } = await ids();
    const cell = { roleId: role('Finance').id, featureId: feature('Vehicles').id, permissions: ['Read'] };
    const response = await refused(
      () => call('PUT', '/api/Permission/matrix', { version: m.version - 1, changes: [cell] }),
      409,
      /Another administrator saved/,
    );
    expect(response.body.current.version).toBe(m.version);
  });

  it('enforces the rules, writing nothing on a refusal', async () => {
    const { m, role, feature } = await ids();
    const save = (changes: unknown[]) => () => call('PUT', '/api/Permission/matrix', { version: m.version, changes });
    const fleetRole = role('FleetManager').id;
    await refused(
      save([{ roleId: fleetRole, featureId: feature('Vehicles').id, permissions: ['Update'] }]),
      400,
      /tick Read too/,
    );
    await refused(
      save([{ roleId: role('Administrator').id, featureId: feature('AccessSettings').id, permissions: ['Read'] }]),
      400,
      /Administrator role always keeps/,
    );
    await refused(
      save([{ roleId: role('Any').id, featureId: feature('Vehicles').id, permissions: ['Read'] }]),
      400,
      /not a role users hold/,
    );
    const child = m.features.find((f) => f.parentFeatureId !== null);
    if (child)
      await refused(
        save([{ roleId: fleetRole, featureId: child.id, permissions: ['Read'] }]),
        400,
        /parent|belongs to/,
      );
    await refused(
      save([{ roleId: 999999, featureId: feature('Vehicles').id, permissions: ['Read'] }]),
      404,
      /Role not found/,
    );
    await refused(save([{ roleId: fleetRole, featureId: 999999, permissions: ['Read'] }]), 404, /Feature not found/);
    const twice = { roleId: fleetRole, featureId: feature('Vehicles').id, permissions: ['Read'] };
    await refused(save([twice, twice]), 400, /once/);
    await refused(
      save([{ roleId: fleetRole, featureId: feature('Vehicles').id, permissions: ['Read', 'Read'] }]),
      400,
      /once/,
    );
    await refused(
      save([{ roleId: fleetRole, featureId: feature('Vehicles').id, permissions: ['Fly'] }]),
      400,
      /permissions/,
    );
    await refused(save([]), 400, /Nothing to save/);
    // A valid cell beside an invalid one: the whole save is refused.
    await refused(
      save([
        { roleId: fleetRole, featureId: feature('Brokers').id, permissions: ['Read'] },
        { roleId: fleetRole, featureId: feature('Vehicles').id, permissions: ['Delete'] },
      ]),
      400,
      /tick Read too/,
    );
  });

  it('creates a role by copying one, renames it, and deletes it only when nobody holds it', async () => {
    const { role, feature } = await ids();
    await refused(
      () => call('POST', '/api/Role', { name: 'dispatcher', copyFromRoleId: role('Manager').id }),
      409,
      /already exists/,
    );
    await refused(
      () => call('POST', '/api/Role', { name: '  ', copyFromRoleId: role('Manager').id }),
      400,
      /role name/,
    );
    await refused(() => call('POST', '/api/Role', { name: 'Night desk', copyFromRoleId: 999999 }), 400, /copy from/);
    const created = await call('POST', '/api/Role', { name: 'Night desk', copyFromRoleId: role('Dispatcher').id });
    expect(created.status).toBe(200);
    const after = await ids();
    const night = after.role('Night desk');
    expect(night).toMatchObject({ isSystem: false, userCount: 0 });
    expect(night.grants[feature('BookOrders').id]).toEqual(after.role('Dispatcher').grants[feature('BookOrders').id]);

    await refused(() => call('PUT', `/api/Role/${role('Dispatcher').id}`, { name: 'Dispatch' }), 400, /Built-in roles/);
    await refused(() => call('DELETE', `/api/Role/${role('Dispatcher').id}`), 400, /Built-in roles/);
    await refused(() => call('PUT', `/api/Role/${night.id}`, { name: 'Manager' }), 409, /already exists/);
    expect((await call('PUT', `/api/Role/${night.id}`, { name: 'Night dispatch' })).status).toBe(200);

    const users = (await call('GET', '/api/User/users-filtered?Size=10000&Search=dispatcher')).body.value.items;
    const someone = users.find((u: { email: string }) => u.email === 'dispatcher@haulboard.demo');
    expect((await call('POST', `/api/Role/${night.id}/users`, { userId: someone.id })).status).toBe(200);
    await refused(() => call('POST', `/api/Role/${night.id}/users`, { userId: someone.id }), 409, /already holds/);
    await refused(() => call('DELETE', `/api/Role/${night.id}`), 409, /1 user still holds/);
    expect((await call('DELETE', `/api/Role/${night.id}/users/${someone.id}`)).status).toBe(200);
    await refused(() => call('DELETE', `/api/Role/${night.id}/users/${someone.id}`), 404, /not found/);
    expect((await call('DELETE', `/api/Role/${night.id}`)).status).toBe(200);
    expect((await ids()).m.roles.some((r) => r.id === night.id)).toBe(false);
    const trail = (await call('GET', `/api/AuditLog?entity=role&entityId=${night.id}&sort=at`)).body.value.items.map(
      (e: { action: string }) => e.action,
    );
    expect(trail).toEqual(['create', 'update', 'delete']);
  });

  it('adds and removes roles on users; the last administrator keeps the Administrator role', async () => {
    const { role } = await ids();
    const admins = (await call('GET', `/api/User/get-users-by-roleId/${role('Administrator').id}`)).body.value;
    expect(admins).toHaveLength(1);
    await refused(
      () => call('DELETE', `/api/Role/${role('Administrator').id}/users/${admins[0].id}`),
      400,
      /last active administrator|last administrator/i,
    );
    await refused(
      () => call('POST', `/api/Role/${role('Any').id}/users`, { userId: admins[0].id }),
      400,
      /Every user holds Any/,
    );
    await refused(
      () => call('POST', `/api/Role/${role('Banking').id}/users`, { userId: 999999 }),
      404,
      /User not found/,
    );
    const fleetUser = (await call('GET', `/api/User/get-users-by-roleId/${role('FleetManager').id}`)).body.value[0];
    expect((await call('POST', `/api/Role/${role('Banking').id}/users`, { userId: fleetUser.id })).status).toBe(200);
    expect((await features(fleet)).map((f: { uri: string }) => f.uri)).toContain('/app/finances/match-transactions');
    expect((await call('DELETE', `/api/Role/${role('Banking').id}/users/${fleetUser.id}`)).status).toBe(200);
    expect((await features(fleet)).map((f: { uri: string }) => f.uri)).not.toContain(
      '/app/finances/match-transactions',
    );
    const trail = (await call('GET', `/api/AuditLog?entity=user&entityId=${fleetUser.id}`)).body.value.items;
    expect(trail[0]).toMatchObject({ action: 'remove-role', before: { roles: expect.arrayContaining(['Banking']) } });
  });
});
