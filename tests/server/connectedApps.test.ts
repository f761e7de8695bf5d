import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_MESSAGES } from '../../schema/connectedApps';
import { expectRefused, idOf } from '../helpers/records';
import { DATABASES, type TestServer, fingerprint, startTestServer } from '../helpers/server';

/**
 * Connected apps (docs/authentication.md): registration by an administrator (scopes never more than they hold, the
 * secret shown once and stored as a hash), the token exchange at POST /apps/auth-token, what an application token
 * reaches at each call (its scopes intersected with its administrator's permissions, never the people's routes),
 * revocation, expiry, rotation with a grace period, the per-app rate limit, and the audit of every call.
 */
const ADMIN = 'administrator@haulboard.demo';
const STRANGER = '203.0.113.9';
type Body = Record<string, any>;

describe.each(DATABASES)('connected apps’ secrets in the request log on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { captureLog: true });
  });
  afterAll(() => server.close());

  it('leaves no secret, hash or application token in the log, whatever was asked', async () => {
    const admin = await server.login(ADMIN);
    const created = await server.call({
      method: 'POST',
      url: '/api/ConnectedApps',
      token: admin,
      payload: { name: 'Logged', callerId: 'logged', scopes: { Shippers: ['Read'] } },
    });
    const app = created.body.value;
    const issued = await server.call({
      method: 'POST',
      url: '/apps/auth-token',
      payload: { clientId: app.clientId, secretKey: app.secretKey, callerId: 'logged' },
    });
    const token = issued.body.data.applicationToken;
    expect((await server.call({ method: 'GET', url: '/api/Shipper', token })).status).toBe(200);
    expect((await server.call({ method: 'GET', url: '/api/token/me', token })).status).toBe(403);
    expect(
      (
        await server.call({
          method: 'POST',
          url: '/apps/auth-token',
          payload: { clientId: app.clientId, secretKey: `${app.secretKey}x`, callerId: 'logged' },
        })
      ).status,
    ).toBe(401);
    const rotated = await server.call({
      method: 'POST',
      url: `/api/ConnectedApps/${app.id}/rotate-secret`,
      token: admin,
      payload: { version: app.version },
    });
    const row = await server.db
      .selectFrom('connected_apps')
      .selectAll()
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    await vi.waitFor(() => expect(server.log()).toContain('/api/token/me'));
    for (const secret of [
      app.secretKey,
      rotated.body.value.secretKey,
      token,
      row.secret_hash,
      row.previous_secret_hash!,
    ])
      expect(server.log()).not.toContain(secret);
  });
});

describe.each(DATABASES)('connected apps on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let manager: string;
  let texas: number;
  let people = 0;

  beforeAll(async () => {
    server = await startTestServer(kind);
    // Managers may register apps too in this test (the matrix is an administrator's to change), so that a registering
    // user who lacks a permission can be tried. Written before anything reads the matrix, which is then cached.
    const feature = await server.db
      .selectFrom('features')
      .select('id')
      .where('key', '=', 'ConnectedApps')
      .executeTakeFirstOrThrow();
    const managerRole = await idOf(server, 'roles', 'name', 'Manager');
    await server.db
      .insertInto('role_feature_permissions')
      .values(
        ['Read', 'Create', 'Update'].map((permission) => ({
          role_id: managerRole,
          feature_id: feature.id,
          permission,
        })),
      )
      .execute();
    admin = await server.login(ADMIN);
    manager = await server.login('manager@haulboard.demo');
    texas = await idOf(server, 'states', 'abbreviation', 'TX');
  });
  afterAll(() => server.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const register = (payload: Body, token = admin) =>
    server.call({ method: 'POST', url: '/api/ConnectedApps', token, payload });
  const registered = async (payload: Body = {}, token = admin) => {
    const response = await register(
      { name: `App ${++people}`, callerId: `caller-${people}`, scopes: { Shippers: ['Read'] }, ...payload },
      token,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.value as Body & {
      id: number;
      clientId: string;
      secretKey: string;
      callerId: string;
      version: number;
    };
  };
  const exchange = (payload: Body, remoteAddress?: string) =>
    server.call({ method: 'POST', url: '/apps/auth-token', payload, remoteAddress });
  const tokenOf = async (app: { clientId: string; secretKey: string; callerId: string }) => {
    const response = await exchange({ clientId: app.clientId, secretKey: app.secretKey, callerId: app.callerId });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data.applicationToken as string;
  };
  const get = (url: string, token: string) => server.call({ method: 'GET', url, token });
  const callRows = (appId: number) =>
    server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('app_id', '=', appId)
      .where('action', '=', 'call')
      .orderBy('id')
      .execute();
  /** Every table as it was, the audit log aside (an app's refused call is written there, after the answer). */
  const dataPrint = async () =>
    (await fingerprint(server.db))
      .split('\n')
      .filter((line) => !line.startsWith('audit_log:'))
      .join('\n');
  /** An administrator of their own (the demo one registers most apps); signed in. */
  async function newAdministrator(): Promise<{ id: number; token: string; email: string }> {
    const { id: _id, ...row } = await server.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', ADMIN)
      .executeTakeFirstOrThrow();
    const email = `apps-admin-${++people}-${kind}@haulboard.test`;
    const { id } = await server.db
      .insertInto('users')
      .values({ ...row, email } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('user_roles')
      .values({ user_id: id, role_id: await idOf(server, 'roles', 'name', 'Administrator') })
      .execute();
    return { id, email, token: await server.login(email) };
  }
  /** A write refused with 400/403/409 that changes nothing, the audit log included. */
  const refusedWrite = (request: Parameters<TestServer['call']>[0], status: number, field?: string, message?: RegExp) =>
    expectRefused(server, request, status, field, message);

  describe('registration', () => {
    it('answers the secret once and stores only a keyed hash of it, nowhere else', async () => {
      const app = await registered({
        name: 'Acme TMS',
        callerId: 'acme-tms',
        scopes: { BookOrders: ['Read', 'Export'], Vehicles: ['Read'] },
      });
      expect(app).toMatchObject({
        name: 'Acme TMS',
        callerId: 'acme-tms',
        status: 'active',
        tokenMinutes: 60,
        ratePerMinute: 120,
        version: 1,
        lastUsedAt: null,
      });
      expect(app.clientId).toMatch(/^hbapp_[\w-]{16}$/);
      expect(app.secretKey).toMatch(/^hbsk_[\w-]{43}$/);
      expect(app.scopes).toEqual({ BookOrders: ['Read', 'Export'], Vehicles: ['Read'] });

      const one = await get(`/api/ConnectedApps/${app.id}`, admin);
      expect(one.status).toBe(200);
      expect(JSON.stringify(one.body)).not.toContain(app.secretKey);
      expect(one.body.value.secretKey).toBeUndefined();
      const list = await get('/api/ConnectedApps?search=acme', admin);
      expect(list.body.value.items.map((a: Body) => a.id)).toEqual([app.id]);
      expect(JSON.stringify(list.body)).not.toContain(app.secretKey);

      const row = await server.db
        .selectFrom('connected_apps')
        .selectAll()
        .where('id', '=', app.id)
        .executeTakeFirstOrThrow();
      expect(row.secret_hash).not.toContain(app.secretKey);
      expect(row.secret_hash).toMatch(/^[\w-]{43}$/);
      const audit = await server.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'connected_app')
        .where('entity_id', '=', String(app.id))
        .execute();
      expect(audit.map((r) => r.action)).toEqual(['create']);
      const everything = JSON.stringify(await server.db.selectFrom('audit_log').selectAll().execute());
      expect(everything).not.toContain(app.secretKey);
      expect(everything).not.toContain(row.secret_hash);
    });

    it('gives an app no more than the registering user holds at that moment (403, nothing written)', async () => {
      // A manager holds nothing on the bank screen.
      await refusedWrite(
        {
          method: 'POST',
          url: '/api/ConnectedApps',
          token: manager,
          payload: { name: 'Bank sync', callerId: 'bank', scopes: { MatchTransactions: ['Read'] } },
        },
        403,
        'scopes.MatchTransactions',
        /You do not hold Read on Bank/,
      );
      await refusedWrite(
        {
          method: 'POST',
          url: '/api/ConnectedApps',
          token: manager,
          payload: {
            name: 'Orders',
            callerId: 'o',
            scopes: { BookOrders: ['Read'], PayDriverBills: ['Read', 'Delete'] },
          },
        },
        403,
        'scopes.PayDriverBills',
        /Delete on Pay Bills/,
      );
      const options = await get('/api/ConnectedApps/scope-options', manager);
      expect(options.body.value.find((o: Body) => o.key === 'MatchTransactions').permissions).toEqual([]);
      expect(options.body.value.find((o: Body) => o.key === 'BookOrders').permissions).toEqual([
        'Read',
        'Create',
        'Update',
        'Delete',
        'Export',
        'Approve',
      ]);
      const mine = await registered({ scopes: { BookOrders: ['Read', 'Approve'] } }, manager);
      expect(mine.createdBy).toBe(await idOf(server, 'users', 'email', 'manager@haulboard.demo'));
      // And on an edit, no more than the editor holds.
      await refusedWrite(
        {
          method: 'PUT',
          url: `/api/ConnectedApps/${mine.id}`,
          token: manager,
          payload: {
            name: mine.name,
            scopes: { MatchTransactions: ['Read'] },
            tokenMinutes: 60,
            ratePerMinute: 120,
            version: mine.version,
          },
        },
        403,
        'scopes.MatchTransactions',
      );
    });

    it('refuses writes without Read, the admin screens, unknown screens and no scope at all (400 naming the scope, nothing written)', async () => {
      const cases: [Body, string, RegExp][] = [
        [{ BookOrders: ['Update'] }, 'scopes.BookOrders', /Tick Read on Book Orders too/],
        [{ Vehicles: ['Export'] }, 'scopes.Vehicles', /Tick Read on Vehicles too/],
        [{ AccessSettings: ['Read'] }, 'scopes.AccessSettings', /never given to an app/],
        [{ ConnectedApps: ['Read', 'Create'] }, 'scopes.ConnectedApps', /never given to an app/],
        [{ AuditTrail: ['Read'] }, 'scopes.AuditTrail', /.+/],
        [{ Nothing: ['Read'] }, 'scopes.Nothing', /There is no screen/],
        [{ Shippers: ['Read', 'Read'] }, 'scopes.Shippers', /once/],
        [{}, 'scopes', /at least one scope/],
        [{ Shippers: [] }, 'scopes', /at least one scope/],
        [{ Shippers: ['Sudo'] }, 'scopes.Shippers.0', /.+/],
      ];
      for (const [scopes, field, message] of cases) {
        const response = await refusedWrite(
          {
            method: 'POST',
            url: '/api/ConnectedApps',
            token: admin,
            payload: { name: 'Bad', callerId: 'bad', scopes },
          },
          400,
          field,
        );
        expect(response.body.message, JSON.stringify(scopes)).toMatch(message);
      }
      for (const [payload, field] of [
        [{ name: ' ', callerId: 'x', scopes: { Shippers: ['Read'] } }, 'name'],
        [{ name: 'X', callerId: 'has space', scopes: { Shippers: ['Read'] } }, 'callerId'],
        [{ name: 'X', callerId: 'x', scopes: { Shippers: ['Read'] }, tokenMinutes: 24 * 60 + 1 }, 'tokenMinutes'],
        [{ name: 'X', callerId: 'x', scopes: { Shippers: ['Read'] }, tokenMinutes: 4 }, 'tokenMinutes'],
        [{ name: 'X', callerId: 'x', scopes: { Shippers: ['Read'] }, ratePerMinute: 0 }, 'ratePerMinute'],
      ] as const) {
        await refusedWrite({ method: 'POST', url: '/api/ConnectedApps', token: admin, payload }, 400, field);
      }
      // The secret is the server's to make.
      await refusedWrite(
        {
          method: 'POST',
          url: '/api/ConnectedApps',
          token: admin,
          payload: { name: 'X', callerId: 'x', scopes: { Shippers: ['Read'] }, secretKey: 'mine' },
        },
        400,
        undefined,
        /secretKey/,
      );
    });

    it('is for those who hold Connected Apps: anyone else gets 403, nothing written', async () => {
      const dispatcher = await server.login('dispatcher@haulboard.demo');
      await refusedWrite(
        {
          method: 'POST',
          url: '/api/ConnectedApps',
          token: dispatcher,
          payload: { name: 'X', callerId: 'x', scopes: { BookOrders: ['Read'] } },
        },
        403,
      );
      expect((await get('/api/ConnectedApps', dispatcher)).status).toBe(403);
    });

    it('edits with the version read: 409 on a stale one (with the current app), audited before and after', async () => {
      const app = await registered();
      const edit = (body: Body) =>
        server.call({
          method: 'PUT',
          url: `/api/ConnectedApps/${app.id}`,
          token: admin,
          payload: {
            name: app.name,
            scopes: app.scopes,
            tokenMinutes: 30,
            ratePerMinute: 10,
            version: app.version,
            ...body,
          },
        });
      const saved = await edit({ name: 'Renamed', scopes: { Shippers: ['Read', 'Create'] } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.value).toMatchObject({
        name: 'Renamed',
        scopes: { Shippers: ['Read', 'Create'] },
        tokenMinutes: 30,
        ratePerMinute: 10,
        version: 2,
        callerId: app.callerId,
      });
      const stale = await refusedWrite(
        {
          method: 'PUT',
          url: `/api/ConnectedApps/${app.id}`,
          token: admin,
          payload: { name: 'Other', scopes: app.scopes, tokenMinutes: 30, ratePerMinute: 10, version: 1 },
        },
        409,
      );
      expect(stale.body.current).toMatchObject({ name: 'Renamed', version: 2 });
      await refusedWrite(
        {
          method: 'PUT',
          url: '/api/ConnectedApps/999999',
          token: admin,
          payload: { name: 'Other', scopes: app.scopes, tokenMinutes: 30, ratePerMinute: 10, version: 1 },
        },
        404,
      );
      const entry = await server.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'connected_app')
        .where('entity_id', '=', String(app.id))
        .where('action', '=', 'update')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(entry.before!)).toMatchObject({ name: app.name, scopes: { Shippers: ['Read'] } });
      expect(JSON.parse(entry.after!)).toMatchObject({
        name: 'Renamed',
        scopes: { Shippers: ['Read', 'Create'] },
        tokenMinutes: 30,
      });
    });
  });

  describe('the token exchange', () => {
    it('answers { data: { applicationToken, expiresAt } } for the right clientId, secretKey and callerId', async () => {
      const app = await registered({ tokenMinutes: 30 });
      const before = Date.now();
      const response = await exchange({ clientId: app.clientId, secretKey: app.secretKey, callerId: app.callerId });
      expect(response.status).toBe(200);
      expect(Object.keys(response.body)).toEqual(['data']);
      expect(response.body.data.applicationToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      const expires = Date.parse(response.body.data.expiresAt);
      expect(expires).toBeGreaterThanOrEqual(before + 30 * 60_000 - 2000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 1000);
      const entry = await server.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'token')
        .where('app_id', '=', app.id)
        .executeTakeFirstOrThrow();
      expect(entry.actor_id).toBe(await idOf(server, 'users', 'email', ADMIN));
      expect(entry.after).not.toContain(response.body.data.applicationToken);
      expect((await get(`/api/ConnectedApps/${app.id}`, admin)).body.value.lastUsedAt).toBe(entry.at);
    });

    it('answers 401 with one message whatever was wrong, and counts the failure', async () => {
      const app = await registered();
      const revoked = await registered();
      await server.call({
        method: 'POST',
        url: `/api/ConnectedApps/${revoked.id}/revoke`,
        token: admin,
        payload: { version: revoked.version },
      });
      const cases: Body[] = [
        { clientId: app.clientId, secretKey: `${app.secretKey}x`, callerId: app.callerId },
        { clientId: app.clientId, secretKey: app.secretKey, callerId: `${app.callerId}-other` },
        { clientId: 'hbapp_unknownunknown0', secretKey: app.secretKey, callerId: app.callerId },
        { clientId: app.clientId, secretKey: revoked.secretKey, callerId: app.callerId },
        { clientId: revoked.clientId, secretKey: revoked.secretKey, callerId: revoked.callerId },
      ];
      for (const payload of cases) {
        const before = await dataPrint();
        const response = await exchange(payload, '198.51.100.7');
        expect(response.status, JSON.stringify(payload)).toBe(401);
        expect(response.body.message).toBe(APP_MESSAGES.badCredentials);
        expect(response.body.messages).toEqual([
          { code: 'invalid_credentials', description: APP_MESSAGES.badCredentials },
        ]);
        // Only the failure is counted (login_failures is the throttle's own trace).
        expect(await dataPrint()).toBe(before);
      }
      const failures = await server.db
        .selectFrom('login_failures')
        .select('email')
        .where('address', '=', '198.51.100.7')
        .execute();
      expect(failures.map((f) => f.email).sort()).toEqual(
        [
          `app:${app.clientId}`,
          `app:${app.clientId}`,
          `app:${app.clientId}`,
          'app:hbapp_unknownunknown0',
          `app:${revoked.clientId}`,
        ].sort(),
      );
      // A bad shape is the caller's mistake, said as such.
      expect((await exchange({ clientId: app.clientId, secretKey: app.secretKey })).status).toBe(400);
    });

    it('throttles failed exchanges from an address like sign-ins: 429 with Retry-After, the right secret included; elsewhere still works', async () => {
      const app = await registered();
      for (let i = 0; i < 10; i++)
        expect(
          (await exchange({ clientId: app.clientId, secretKey: `wrong-${i}`, callerId: app.callerId }, STRANGER))
            .status,
        ).toBe(401);
      const locked = await exchange(
        { clientId: app.clientId, secretKey: app.secretKey, callerId: app.callerId },
        STRANGER,
      );
      expect(locked.status).toBe(429);
      expect(locked.body.messages[0].code).toBe('throttled');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      expect(
        (await exchange({ clientId: app.clientId, secretKey: app.secretKey, callerId: app.callerId }, '192.0.2.44'))
          .status,
      ).toBe(200);
    });

    it('is public, outside /api, access-controlled and in the OpenAPI document with the grace period explained', async () => {
      const route = server.app.routeInventory.find((r) => r.url === '/apps/auth-token');
      expect(route).toMatchObject({ method: 'POST', access: { public: true } });
      const doc = (await server.call({ method: 'GET', url: '/api/openapi.json' })).body;
      expect(doc.paths['/apps/auth-token'].post.security).toEqual([]);
      expect(doc.paths['/apps/auth-token'].post.summary).toMatch(/applicationToken/);
      expect(doc.paths['/api/ConnectedApps/{id}/rotate-secret'].post.summary).toMatch(/graceMinutes .*default 1440/);
      expect((await server.call({ method: 'GET', url: '/apps/auth-token' })).status).toBe(404);
    });
  });

  describe('an application token at each call', () => {
    it('reaches a granted list, is refused outside its scopes and on every route for people (403), and writes nothing', async () => {
      const app = await registered({ scopes: { Shippers: ['Read'], Vehicles: ['Read'] } });
      const token = await tokenOf(app);
      const shippers = await get('/api/Shipper', token);
      expect(shippers.status, JSON.stringify(shippers.body)).toBe(200);
      expect(shippers.body.value.items.length).toBeGreaterThan(0);
      expect((await get('/api/Units', token)).status).toBe(200);
      const refusals: [string, string, RegExp][] = [
        ['GET', '/api/Brokers', /scopes do not include Read on Brokers/],
        ['GET', '/api/Shipper/export', /scopes do not include Export on Shippers/],
        ['POST', '/api/Shipper', /scopes do not include Create on Shippers/],
        ['GET', '/api/token/me', /for people signed in/],
        ['POST', '/api/token/logout', /for people signed in/],
        ['GET', '/api/Auth/features/get', /for people signed in/],
        ['GET', '/api/Notifications', /for people signed in/],
        ['GET', '/api/Dashboard/summary', /for people signed in/],
        ['GET', '/api/SavedFilters?resource=books/bookorders', /for people signed in/],
        ['GET', '/api/AuditLog', /scopes do not include Read on (Access Settings|Audit Trail)/],
        ['GET', '/api/ConnectedApps', /scopes do not include Read on Connected Apps/],
        ['POST', '/api/ConnectedApps', /scopes do not include Create on Connected Apps/],
      ];
      for (const [method, url, message] of refusals) {
        const before = await dataPrint();
        const response = await server.call({
          method: method as 'GET',
          url,
          token,
          payload: method === 'POST' ? { name: 'X', callerId: 'x', scopes: { Shippers: ['Read'] } } : undefined,
        });
        expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBe(403);
        expect(response.body.message, url).toMatch(message);
        expect(await dataPrint(), `${method} ${url} wrote something`).toBe(before);
      }
      // The token still works: logout did not end anything.
      expect((await get('/api/Shipper', token)).status).toBe(200);
      // Each call is in the audit log, the refused ones with their status.
      await vi.waitFor(async () => expect((await callRows(app.id)).length).toBe(refusals.length + 3));
      expect((await callRows(app.id)).filter((c) => JSON.parse(c.after!).status === 403).length).toBe(refusals.length);
      // A person's token is not an app's, and the real-time hub does not take an app's.
      const negotiate = await server.call({ method: 'POST', url: '/notify/negotiate?negotiateVersion=1', token });
      expect(negotiate.status).toBe(401);
    });

    it('writes as the administrator it acts for, each write audited under the app; every call audited under the app', async () => {
      const app = await registered({ scopes: { Shippers: ['Read', 'Create'] } });
      const token = await tokenOf(app);
      const created = await server.call({
        method: 'POST',
        url: '/api/Shipper',
        token,
        payload: {
          name: `Shipper via app ${kind}`,
          contactName: null,
          phone: null,
          email: null,
          address: null,
          city: null,
          stateId: texas,
          zip: null,
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const id = created.body.value.id;
      const write = await server.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'shipper')
        .where('entity_id', '=', String(id))
        .executeTakeFirstOrThrow();
      expect(write).toMatchObject({ action: 'create', app_id: app.id, actor_id: app.createdBy });
      expect((await get(`/api/Shipper/${id}`, token)).status).toBe(200);
      expect((await get('/api/Brokers', token)).status).toBe(403);
      await vi.waitFor(async () => expect((await callRows(app.id)).length).toBe(3));
      // A call's row is written after its answer, so two calls' rows may land in either order: read them by route.
      const calls = (await callRows(app.id)).sort((a, b) => String(a.entity_id).localeCompare(String(b.entity_id)));
      expect(calls.map((c) => [c.entity, c.entity_id, c.actor_id])).toEqual([
        ['api', 'GET /api/Brokers', app.createdBy],
        ['api', 'GET /api/Shipper/:id', app.createdBy],
        ['api', 'POST /api/Shipper', app.createdBy],
      ]);
      expect(calls.map((c) => JSON.parse(c.after!))).toEqual([
        { status: 403, path: '/api/Brokers' },
        { status: 200, path: `/api/Shipper/${id}` },
        { status: 200, path: '/api/Shipper' },
      ]);
      // People's calls are not written per call.
      await get('/api/Brokers', admin);
      expect(
        await server.db
          .selectFrom('audit_log')
          .select('id')
          .where('action', '=', 'call')
          .where('app_id', 'is', null)
          .execute(),
      ).toEqual([]);
    });

    it('keeps a call’s audit entry when the server closes right after the call', async () => {
      const app = await registered();
      const token = await tokenOf(app);
      expect((await get('/api/Shipper?size=1', token)).status).toBe(200);
      server = await server.restart();
      admin = await server.login(ADMIN);
      manager = await server.login('manager@haulboard.demo');
      expect((await callRows(app.id)).map((c) => c.entity_id)).toEqual(['GET /api/Shipper']);
    });

    it('stops at once when the app is revoked (401), on the next call and at the exchange', async () => {
      const app = await registered();
      const token = await tokenOf(app);
      expect((await get('/api/Shipper', token)).status).toBe(200);
      const revoked = await server.call({
        method: 'POST',
        url: `/api/ConnectedApps/${app.id}/revoke`,
        token: admin,
        payload: { version: app.version },
      });
      expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
      expect(revoked.body.value).toMatchObject({ status: 'revoked', revokedByName: expect.any(String) });
      const after = await get('/api/Shipper', token);
      expect(after.status).toBe(401);
      expect(
        (await exchange({ clientId: app.clientId, secretKey: app.secretKey, callerId: app.callerId })).status,
      ).toBe(401);
      // Nothing about a revoked app changes any more.
      await refusedWrite(
        { method: 'POST', url: `/api/ConnectedApps/${app.id}/revoke`, token: admin, payload: { version: 2 } },
        409,
        undefined,
        /revoked/,
      );
      await refusedWrite(
        { method: 'POST', url: `/api/ConnectedApps/${app.id}/rotate-secret`, token: admin, payload: { version: 2 } },
        409,
        undefined,
        /revoked/,
      );
      await refusedWrite(
        {
          method: 'PUT',
          url: `/api/ConnectedApps/${app.id}`,
          token: admin,
          payload: { name: 'X', scopes: { Shippers: ['Read'] }, tokenMinutes: 60, ratePerMinute: 60, version: 2 },
        },
        409,
        undefined,
        /revoked/,
      );
      const active = await get('/api/ConnectedApps?status=active&size=200', admin);
      expect(active.body.value.items.map((a: Body) => a.id)).not.toContain(app.id);
      const revokedList = await get('/api/ConnectedApps?status=revoked&size=200', admin);
      expect(revokedList.body.value.items.map((a: Body) => a.id)).toContain(app.id);
    });

    it('stops when the token expires (401)', async () => {
      const app = await registered({ tokenMinutes: 5 });
      const token = await tokenOf(app);
      expect((await get('/api/Shipper', token)).status).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 5 * 60_000 - 5_000);
      expect((await get('/api/Shipper', token)).status).toBe(200);
      vi.setSystemTime(Date.now() + 6_000);
      expect((await get('/api/Shipper', token)).status).toBe(401);
    });

    it('rotates the secret: the new one works at once, the old one and its tokens for the grace period only', async () => {
      const app = await registered({ tokenMinutes: 24 * 60 });
      const oldToken = await tokenOf(app);
      const rotated = await server.call({
        method: 'POST',
        url: `/api/ConnectedApps/${app.id}/rotate-secret`,
        token: admin,
        payload: { graceMinutes: 60, version: app.version },
      });
      expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
      const fresh = rotated.body.value;
      expect(fresh.secretKey).not.toBe(app.secretKey);
      expect(fresh.version).toBe(app.version + 1);
      expect(Date.parse(fresh.previousSecretUntil)).toBeGreaterThan(Date.now() + 59 * 60_000);
      expect((await get(`/api/ConnectedApps/${app.id}`, admin)).body.value.secretKey).toBeUndefined();
      const entry = await server.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'rotate-secret')
        .where('entity_id', '=', String(app.id))
        .executeTakeFirstOrThrow();
      expect(`${entry.before}${entry.after}`).not.toContain(fresh.secretKey);
      expect(`${entry.before}${entry.after}`).not.toContain(app.secretKey);

      const newToken = await tokenOf({ ...app, secretKey: fresh.secretKey });
      const graceToken = await tokenOf(app);
      for (const token of [oldToken, graceToken, newToken]) expect((await get('/api/Shipper', token)).status).toBe(200);

      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 61 * 60_000);
      for (const token of [oldToken, graceToken]) expect((await get('/api/Shipper', token)).status).toBe(401);
      expect(
        (await exchange({ clientId: app.clientId, secretKey: app.secretKey, callerId: app.callerId })).status,
      ).toBe(401);
      expect((await get('/api/Shipper', newToken)).status).toBe(200);
      expect(
        (await exchange({ clientId: app.clientId, secretKey: fresh.secretKey, callerId: app.callerId })).status,
      ).toBe(200);
      expect((await get(`/api/ConnectedApps/${app.id}`, admin)).body.value.previousSecretUntil).toBeNull();
    });

    it('rotates with no grace: the old secret and its tokens stop at once; a stale version is 409', async () => {
      const app = await registered();
      const oldToken = await tokenOf(app);
      await refusedWrite(
        {
          method: 'POST',
          url: `/api/ConnectedApps/${app.id}/rotate-secret`,
          token: admin,
          payload: { graceMinutes: 0, version: app.version + 1 },
        },
        409,
      );
      await refusedWrite(
        {
          method: 'POST',
          url: `/api/ConnectedApps/${app.id}/rotate-secret`,
          token: admin,
          payload: { graceMinutes: 7 * 24 * 60 + 1, version: app.version },
        },
        400,
        'graceMinutes',
      );
      const rotated = await server.call({
        method: 'POST',
        url: `/api/ConnectedApps/${app.id}/rotate-secret`,
        token: admin,
        payload: { graceMinutes: 0, version: app.version },
      });
      expect(rotated.status).toBe(200);
      expect(rotated.body.value.previousSecretUntil).toBeNull();
      expect((await get('/api/Shipper', oldToken)).status).toBe(401);
      expect(
        (await exchange({ clientId: app.clientId, secretKey: app.secretKey, callerId: app.callerId })).status,
      ).toBe(401);
      expect(
        (await get('/api/Shipper', await tokenOf({ ...app, secretKey: rotated.body.value.secretKey }))).status,
      ).toBe(200);
    });

    it('keeps to the app’s calls per minute: 429 with Retry-After beyond it, not written per call', async () => {
      const app = await registered({ ratePerMinute: 3 });
      const token = await tokenOf(app);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now());
      for (let i = 0; i < 3; i++) expect((await get('/api/Shipper?size=1', token)).status).toBe(200);
      const limited = await get('/api/Shipper?size=1', token);
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/3 calls a minute/);
      expect(Number(limited.headers['retry-after'])).toBe(20);
      vi.setSystemTime(Date.now() + 20_000);
      expect((await get('/api/Shipper?size=1', token)).status).toBe(200);
      await vi.waitFor(async () => expect((await callRows(app.id)).length).toBe(4));
      expect((await callRows(app.id)).every((c) => JSON.parse(c.after!).status === 200)).toBe(true);
    });

    it('loses what its administrator loses: a demoted owner takes the app’s access along, a deactivated one all of it', async () => {
      const owner = await newAdministrator();
      const app = await registered({ scopes: { Shippers: ['Read'], MatchTransactions: ['Read'] } }, owner.token);
      expect(app.createdBy).toBe(owner.id);
      const token = await tokenOf(app);
      expect((await get('/api/TransactionsMatching/imports', token)).status).toBe(200);
      // Now only a manager: Shippers yes, the bank no.
      await server.db.deleteFrom('user_roles').where('user_id', '=', owner.id).execute();
      await server.db
        .insertInto('user_roles')
        .values({ user_id: owner.id, role_id: await idOf(server, 'roles', 'name', 'Manager') })
        .execute();
      expect((await get('/api/Shipper', token)).status).toBe(200);
      const bank = await get('/api/TransactionsMatching/imports', token);
      expect(bank.status).toBe(403);
      expect(bank.body.message).toMatch(/no longer holds Read on Bank/);
      await server.db.updateTable('users').set({ is_active: 0 }).where('id', '=', owner.id).execute();
      const inactive = await get('/api/Shipper', token);
      expect(inactive.status).toBe(403);
      expect(inactive.body.message).toBe(APP_MESSAGES.ownerInactive);
      expect(
        (await exchange({ clientId: app.clientId, secretKey: app.secretKey, callerId: app.callerId })).status,
      ).toBe(403);
    });
  });
});
