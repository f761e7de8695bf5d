import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, idOf, parseCsv } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

const ADMIN = 'administrator@haulboard.demo';
const PERMISSIONS = ['Approve', 'Create', 'Delete', 'Export', 'Read', 'Update'];

/**
 * The Audit Trail screen's API (docs/product/administration.md): GET /api/AuditLog and its CSV, governed by the
 * AuditTrail feature; the app filter and the names of who and with which app; the feature reaching a database made
 * before it.
 */
describe.each(DATABASES)('the audit trail on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let adminId: number;
  let shipperId: number;
  let appId: number;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.login(ADMIN);
    adminId = await idOf(server, 'users', 'email', ADMIN);
    const stateId = await idOf(server, 'states', 'abbreviation', 'TX');
    const shipper = {
      name: 'Audit Trail Yard',
      contactName: null,
      phone: null,
      email: null,
      address: null,
      city: 'Dallas',
      stateId,
      zip: null,
    };
    const created = await server.call({ method: 'POST', url: '/api/Shipper', token: admin, payload: shipper });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    shipperId = created.body.value.id;
    const updated = await server.call({
      method: 'PUT',
      url: `/api/Shipper/${shipperId}`,
      token: admin,
      payload: { ...shipper, city: 'Austin', version: created.body.value.version },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    // Entries written under a connected app (Connected Apps writes them; here straight into the log), and under an
    // app id no app has (the trail still names it).
    const at = new Date().toISOString();
    const app = await server.db
      .insertInto('connected_apps')
      .values({
        name: 'Load Board Sync',
        caller_id: 'lbs',
        client_id: 'audit-trail-test',
        secret_hash: 'x',
        scopes: '{}',
        token_minutes: 60,
        rate_per_minute: 60,
        created_by: adminId,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    appId = app.id;
    await server.db
      .insertInto('audit_log')
      .values([
        {
          at,
          actor_id: adminId,
          app_id: appId,
          action: 'call',
          entity: 'api',
          entity_id: null,
          before: null,
          after: '{"path":"/api/Shipper"}',
          request_id: null,
        },
        {
          at,
          actor_id: adminId,
          app_id: appId,
          action: 'update',
          entity: 'shipper',
          entity_id: String(shipperId),
          before: '{"city":"Austin"}',
          after: '{"city":"Waco"}',
          request_id: null,
        },
        {
          at,
          actor_id: adminId,
          app_id: 808,
          action: 'call',
          entity: 'api',
          entity_id: null,
          before: null,
          after: null,
          request_id: null,
        },
      ])
      .execute();
  });
  afterAll(() => server.close());

  const list = async (query: string, token = admin) => {
    const response = await server.call({ method: 'GET', url: `/api/AuditLog?${query}`, token });
    expect(response.status, `${query}: ${JSON.stringify(response.body).slice(0, 300)}`).toBe(200);
    return response.body.value as { items: Record<string, unknown>[]; totalCount: number };
  };
  const csv = async (query: string) => {
    const response = await server.call({ method: 'GET', url: `/api/AuditLog/export?${query}`, token: admin });
    expect(response.status, `${query}: ${String(response.body).slice(0, 300)}`).toBe(200);
    expect(String(response.headers['content-type'])).toMatch(/text\/csv/);
    expect(String(response.headers['content-disposition'])).toMatch(
      /attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header, ...rows] = parseCsv(response.body as string);
    return { header, rows: rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]]))) };
  };

  it('is the administrators’ screen: its feature is seeded with every permission for them and none for other roles', async () => {
    const grants = await server.db
      .selectFrom('role_feature_permissions as p')
      .innerJoin('roles as r', 'r.id', 'p.role_id')
      .innerJoin('features as f', 'f.id', 'p.feature_id')
      .select(['r.name', 'p.permission'])
      .where('f.key', '=', 'AuditTrail')
      .execute();
    expect(new Set(grants.map((g) => g.name))).toEqual(new Set(['Administrator']));
    expect(grants.map((g) => g.permission).sort()).toEqual(PERMISSIONS);
    const groups = (await server.call({ method: 'GET', url: '/api/Auth/features/get', token: admin })).body.value as {
      features: { uri: string; title: string; permissions: string[] }[];
    }[];
    const feature = groups.flatMap((g) => g.features).find((f) => f.uri === '/app/audit-trail');
    expect(feature?.title).toBe('Audit Trail');
    expect([...feature!.permissions].sort()).toEqual(PERMISSIONS);
  });

  it('answers 401 without a token and 403 to roles without the feature, on the list and the CSV', async () => {
    for (const url of ['/api/AuditLog', '/api/AuditLog/export']) {
      expect((await server.call({ method: 'GET', url })).status, url).toBe(401);
      for (const role of ['manager', 'dispatcher', 'finance', 'driver']) {
        const token = await server.login(`${role}@haulboard.demo`);
        expect((await server.call({ method: 'GET', url, token })).status, `${role} ${url}`).toBe(403);
      }
    }
  });

  it('names who did it (the person, and the app they did it with) and filters by the app', async () => {
    const all = await list('Size=500');
    const mine = all.items.find((e) => e.entity === 'shipper' && e.action === 'update' && e.appId === null)!;
    expect(mine).toMatchObject({
      actorId: adminId,
      actorName: expect.stringMatching(/\S+ \S+/),
      appId: null,
      appName: null,
      entityId: String(shipperId),
    });
    expect(mine.before).toMatchObject({ city: 'Dallas' });
    expect(mine.after).toMatchObject({ city: 'Austin' });

    const byApp = await list(`appId=${appId}`);
    expect(byApp.totalCount).toBe(2);
    expect(
      byApp.items.every((e) => e.appId === appId && e.appName === 'Load Board Sync' && e.actorName === mine.actorName),
    ).toBe(true);
    expect((await list(`appId=${appId}&entity=shipper`)).items.map((e) => e.after)).toEqual([{ city: 'Waco' }]);
    expect((await list('appId=808')).items.map((e) => e.appName)).toEqual(['App #808']);
    expect((await list('appId=999')).totalCount).toBe(0);
    // The filters combine: a record's history, a person's over a period.
    const history = await list(`entity=shipper&entityId=${shipperId}`);
    expect(history.items.map((e) => e.action)).toEqual(['update', 'update', 'create']);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await list(`actorId=${adminId}&from=${today}&to=${today}&entity=shipper&entityId=${shipperId}`)).totalCount,
    ).toBe(3);
    expect((await list(`actorId=${adminId}&from=2000-01-01&to=2000-01-02`)).totalCount).toBe(0);
  });

  it('refuses filters it cannot apply, on the list and the CSV, with 400 naming them', async () => {
    for (const url of ['/api/AuditLog', '/api/AuditLog/export']) {
      await expectRefused(server, { method: 'GET', url: `${url}?appId=abc`, token: admin }, 400, 'appId');
      await expectRefused(server, { method: 'GET', url: `${url}?appId=0`, token: admin }, 400, 'appId');
      await expectRefused(server, { method: 'GET', url: `${url}?appId=1e309`, token: admin }, 400, 'appId');
      await expectRefused(server, { method: 'GET', url: `${url}?actorId=-1`, token: admin }, 400, 'actorId');
      await expectRefused(server, { method: 'GET', url: `${url}?from=2026-02-30`, token: admin }, 400, 'from');
      await expectRefused(
        server,
        { method: 'GET', url: `${url}?from=2026-03-02&to=2026-03-01`, token: admin },
        400,
        'to',
      );
      await expectRefused(server, { method: 'GET', url: `${url}?app=7`, token: admin }, 400, 'app');
      await expectRefused(
        server,
        { method: 'GET', url: `${url}?entity=${'x'.repeat(61)}`, token: admin },
        400,
        'entity',
      );
    }
    // The CSV is every entry the filters select, newest first: paging and sorting are the list's.
    await expectRefused(server, { method: 'GET', url: '/api/AuditLog/export?Sort=action', token: admin }, 400, 'sort');
    await expectRefused(server, { method: 'GET', url: '/api/AuditLog/export?Page=2', token: admin }, 400, 'page');
  });

  it('exports what the filters select, newest first, with who, the app and before and after as JSON', async () => {
    const { header, rows } = await csv(`entity=shipper&entityId=${shipperId}`);
    expect(header).toEqual([
      'When (UTC)',
      'Actor',
      'Actor id',
      'App',
      'App id',
      'Action',
      'Entity',
      'Record id',
      'Before',
      'After',
      'Request id',
    ]);
    expect(rows.map((r) => [r.Action, r.App, r['Record id']])).toEqual([
      ['update', 'Load Board Sync', String(shipperId)],
      ['update', '', String(shipperId)],
      ['create', '', String(shipperId)],
    ]);
    expect(JSON.parse(rows[1].Before)).toMatchObject({ city: 'Dallas' });
    expect(JSON.parse(rows[1].After)).toMatchObject({ city: 'Austin' });
    expect(rows[2].Before).toBe('');
    expect(rows.every((r) => r['Actor id'] === String(adminId) && r.Actor.length > 0)).toBe(true);
    expect(rows.map((r) => r['When (UTC)'])).toEqual(
      rows
        .map((r) => r['When (UTC)'])
        .sort()
        .reverse(),
    );

    expect((await csv('appId=808')).rows.map((r) => [r.Action, r.Entity, r.App, r['App id']])).toEqual([
      ['call', 'api', 'App #808', '808'],
    ]);
    expect((await csv('from=2000-01-01&to=2000-01-02')).rows).toEqual([]);
    const everything = await list('Size=1');
    expect((await csv('')).rows.length).toBe(everything.totalCount);
  });

  it('exports a log longer than one batch whole, each entry once, in order', async () => {
    const at = (i: number) => new Date(Date.UTC(2001, 0, 1) + Math.floor(i / 3) * 1000).toISOString();
    // Three entries share each instant, so batches that end inside one keep the order by id.
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      at: at(i),
      actor_id: adminId,
      app_id: 909,
      action: 'call',
      entity: 'api',
      entity_id: String(i),
      before: null,
      after: null,
      request_id: null,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await server.db
        .insertInto('audit_log')
        .values(rows.slice(i, i + 500))
        .execute();
    const exported = (await csv('appId=909')).rows.map((r) => Number(r['Record id']));
    expect(exported).toHaveLength(2500);
    expect(exported).toEqual([...exported].sort((a, b) => b - a));
    expect(new Set(exported).size).toBe(2500);
  });

  it('follows the permission matrix: Read shows the list, Export the CSV', async () => {
    const feature = await server.db
      .selectFrom('features')
      .select('id')
      .where('key', '=', 'AuditTrail')
      .executeTakeFirstOrThrow();
    const manager = await server.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'Manager')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('role_feature_permissions')
      .values({ role_id: manager.id, feature_id: feature.id, permission: 'Read' })
      .execute();
    server = await server.restart();
    const token = await server.login('manager@haulboard.demo');
    expect((await list('Size=1', token)).totalCount).toBeGreaterThan(0);
    expect((await server.call({ method: 'GET', url: '/api/AuditLog/export', token })).status).toBe(403);
    await server.db
      .deleteFrom('role_feature_permissions')
      .where('role_id', '=', manager.id)
      .where('feature_id', '=', feature.id)
      .execute();
    server = await server.restart();
    admin = await server.login(ADMIN);
  });

  it('reaches a database made before it: a restart adds the feature, every permission for administrators', async () => {
    const feature = await server.db
      .selectFrom('features')
      .select('id')
      .where('key', '=', 'AuditTrail')
      .executeTakeFirstOrThrow();
    await server.db.deleteFrom('feature_group_items').where('feature_id', '=', feature.id).execute();
    await server.db.deleteFrom('role_feature_permissions').where('feature_id', '=', feature.id).execute();
    await server.db.deleteFrom('features').where('id', '=', feature.id).execute();
    server = await server.restart();
    admin = await server.login(ADMIN);
    const groups = (await server.call({ method: 'GET', url: '/api/Auth/features/get', token: admin })).body.value as {
      features: { uri: string; permissions: string[] }[];
    }[];
    expect(
      [...groups.flatMap((g) => g.features).find((f) => f.uri === '/app/audit-trail')!.permissions].sort(),
    ).toEqual(PERMISSIONS);
    expect((await list('Size=1')).totalCount).toBeGreaterThan(0);
    const manager = await server.login('manager@haulboard.demo');
    expect((await server.call({ method: 'GET', url: '/api/AuditLog', token: manager })).status).toBe(403);
  });
});
