import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { housekeepingJob, pruneNow } from '../../server/housekeeping';
import { runPeriodicNow } from '../helpers/jobs';
import { closeTestServer, listen, negotiate, RawClient, rawConnect } from '../helpers/hub';
import { expectRefused } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Nothing lets one caller grow the server without bound. The numbers are README's "Limits": 20 hub
 * sockets per user, 50 sidebar groups per user, 50 saved filters per user and list, 10 registrations per address
 * an hour; expired sessions and old throttle records are pruned at start and every 15 minutes (a periodic job).
 */
const HUB_SOCKETS = 20;
const GROUPS = 50;
const SAVED_FILTERS = 50;
const REGISTRATIONS = 10;

describe.each(DATABASES)('limits per caller on %s', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    token = await server.login('dispatcher@haulboard.demo');
  });
  afterAll(() => server.close());

  it(`keeps a sidebar to ${GROUPS} groups, and reorders all of them`, async () => {
    const groups = async () =>
      (await server.call({ method: 'GET', url: '/api/Auth/features/get', token })).body.value as { id: number }[];
    for (let n = (await groups()).length; n < GROUPS; n++) {
      const added = await server.call({
        method: 'POST',
        url: '/api/AccessManagements/groups/new',
        token,
        payload: { name: `Group ${n}` },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    const full = await expectRefused(
      server,
      { method: 'POST', url: '/api/AccessManagements/groups/new', token, payload: { name: 'One too many' } },
      409,
    );
    expect(full.body.message).toMatch(/at most 50 groups/);
    const ids = (await groups()).map((g) => g.id).reverse();
    const reordered = await server.call({
      method: 'PUT',
      url: '/api/AccessManagements/groups/reorder',
      token,
      payload: { groupIds: ids },
    });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(reordered.body.value.map((g: { id: number }) => g.id)).toEqual(ids);
  });

  it(`keeps ${SAVED_FILTERS} saved filters per list, and only for the product's lists`, async () => {
    for (let i = 0; i < SAVED_FILTERS; i++) {
      const saved = await server.call({
        method: 'POST',
        url: '/api/SavedFilters',
        token,
        payload: { resource: 'books/bookorders', name: `Filter ${i}`, filter: { i } },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const full = await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/SavedFilters',
        token,
        payload: { resource: 'books/bookorders', name: 'One too many', filter: {} },
      },
      409,
    );
    expect(full.body.message).toMatch(/at most 50 saved filters/);
    expect(
      (
        await server.call({
          method: 'POST',
          url: '/api/SavedFilters',
          token,
          payload: { resource: 'management/vehicles', name: 'Another list', filter: {} },
        })
      ).status,
    ).toBe(200);
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/SavedFilters',
        token,
        payload: { resource: 'made-up', name: 'Nowhere', filter: {} },
      },
      400,
      'resource',
    );
  });

  it(`takes ${REGISTRATIONS} registrations an hour from one address`, async () => {
    const register = (email: string, remoteAddress: string) =>
      server.call({
        method: 'POST',
        url: '/api/token/register',
        remoteAddress,
        payload: {
          email,
          firstname: 'Many',
          lastname: 'Signups',
          userType: 'driver',
          password: 'long-enough-1',
          AccountId: 1,
        },
      });
    for (let i = 0; i < REGISTRATIONS; i++)
      expect((await register(`signup${i}@example.com`, '198.51.100.7')).status).toBe(200);
    const refused = await register('signup-too-many@example.com', '198.51.100.7');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many registrations from your address/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      await server.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'signup-too-many@example.com')
        .executeTakeFirst(),
    ).toBeUndefined();
    expect((await register('signup-elsewhere@example.com', '198.51.100.8')).status).toBe(200);
    // A refused registration (the e-mail is taken) costs its address nothing.
    expect((await register('signup-elsewhere@example.com', '198.51.100.8')).status).toBe(409);
    const hits = await server.db
      .selectFrom('throttle_hits')
      .select('id')
      .where('kind', '=', 'register')
      .where('key', '=', '198.51.100.8')
      .execute();
    expect(hits).toHaveLength(1);
  });

  it(`takes at most ${REGISTRATIONS} of many registrations sent at once from one address`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 3 * REGISTRATIONS }, (_, i) =>
        server.call({
          method: 'POST',
          url: '/api/token/register',
          remoteAddress: '198.51.100.20',
          payload: {
            email: `burst${i}@example.com`,
            firstname: 'Burst',
            lastname: 'Signups',
            userType: 'driver',
            password: 'long-enough-1',
            AccountId: 1,
          },
        }),
      ),
    );
    const created = answers.filter((a) => a.status === 200).length;
    expect(
      answers.every((a) => a.status === 200 || a.status === 429),
      JSON.stringify(answers.map((a) => a.status)),
    ).toBe(true);
    // Taken one at a time per address: exactly the limit, not fewer (all refused when each counted the others) or more.
    expect(created).toBe(REGISTRATIONS);
    const users = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', 'like', 'burst%@example.com')
      .execute();
    expect(users).toHaveLength(created);
  });

  it('prunes expired sessions and old sign-in and throttle records, keeping the live ones', async () => {
    const db = server.db;
    const userId = (
      await db.selectFrom('users').select('id').where('email', '=', 'manager@haulboard.demo').executeTakeFirstOrThrow()
    ).id;
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms).toISOString();
    const HOUR = 3_600_000;
    await db
      .insertInto('sessions')
      .values([
        { id: 'expired-session', user_id: userId, created_at: at(-9 * HOUR), expires_at: at(-HOUR), revoked_at: null },
        {
          id: 'revoked-expired',
          user_id: userId,
          created_at: at(-9 * HOUR),
          expires_at: at(-HOUR),
          revoked_at: at(-2 * HOUR),
        },
        { id: 'live-session', user_id: userId, created_at: at(-HOUR), expires_at: at(HOUR), revoked_at: null },
      ])
      .execute();
    await db
      .insertInto('login_failures')
      .values([
        { email: 'nobody-at-all@example.com', address: '192.0.2.1', at: at(-2 * HOUR) },
        { email: 'nobody-at-all@example.com', address: '192.0.2.1', at: at(-60_000) },
      ])
      .execute();
    await db
      .insertInto('sign_in_addresses')
      .values([
        { user_id: userId, address: '192.0.2.30', last_at: at(-31 * 24 * HOUR) },
        { user_id: userId, address: '192.0.2.31', last_at: at(-HOUR) },
      ])
      .execute();
    await db
      .insertInto('throttle_hits')
      .values([
        { kind: 'register', key: '192.0.2.9', at: at(-25 * HOUR) },
        { kind: 'register', key: '192.0.2.9', at: at(-HOUR) },
      ])
      .execute();

    await pruneNow(db, now);
    expect(
      (
        await db
          .selectFrom('sessions')
          .select('id')
          .where('id', 'in', ['expired-session', 'revoked-expired', 'live-session'])
          .execute()
      ).map((r) => r.id),
    ).toEqual(['live-session']);
    expect(
      (
        await db.selectFrom('login_failures').select('at').where('email', '=', 'nobody-at-all@example.com').execute()
      ).map((r) => r.at),
    ).toEqual([at(-60_000)]);
    expect(
      (
        await db
          .selectFrom('sign_in_addresses')
          .select('address')
          .where('user_id', '=', userId)
          .where('address', 'like', '192.0.2.3%')
          .execute()
      ).map((r) => r.address),
    ).toEqual(['192.0.2.31']);
    expect(
      (await db.selectFrom('throttle_hits').select('at').where('key', '=', '192.0.2.9').execute()).map((r) => r.at),
    ).toEqual([at(-HOUR)]);
  });

  it('prunes at start, and every 15 minutes as a periodic job of the queue', async () => {
    const userId = (
      await server.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'manager@haulboard.demo')
        .executeTakeFirstOrThrow()
    ).id;
    const expired = (id: string) =>
      server.db
        .insertInto('sessions')
        .values({
          id,
          user_id: userId,
          created_at: '2020-01-01T00:00:00.000Z',
          expires_at: '2020-01-01T08:00:00.000Z',
          revoked_at: null,
        })
        .execute();
    const exists = async (id: string) =>
      !!(await server.db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst());
    await expired('before-restart');
    server = await server.restart();
    expect(await exists('before-restart')).toBe(false);
    await expired('between-runs');
    await runPeriodicNow(server, housekeepingJob.name);
    expect(await exists('between-runs')).toBe(false);
    expect(housekeepingJob.schedule).toEqual({ everyMinutes: 15 });
    if (kind === 'sqlite') {
      // The next run is the next quarter hour on the clock, as the cron line says on PostgreSQL.
      const { next_run_at } = await server.db
        .selectFrom('job_schedules')
        .select('next_run_at')
        .where('name', '=', housekeepingJob.name)
        .executeTakeFirstOrThrow();
      expect(Date.parse(next_run_at) % (15 * 60_000)).toBe(0);
      expect(Date.parse(next_run_at)).toBeGreaterThan(Date.now() - 1000);
    }
  });
});

describe('hub sockets per user', () => {
  let server: TestServer;
  let base: string;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    base = await listen(server);
  });
  afterAll(() => closeTestServer(server));

  it(`holds at most ${HUB_SOCKETS} sockets for one user, however many sign-ins they use`, async () => {
    const tokens = [
      await server.login('fleetmanager@haulboard.demo'),
      await server.login('fleetmanager@haulboard.demo'),
    ];
    const clients: RawClient[] = [];
    for (let i = 0; i < HUB_SOCKETS; i++) clients.push(await rawConnect(base, tokens[i % 2]));
    const refused = await negotiate(base, tokens[0]);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/20 live connections/);
    // Skipping negotiation is refused the same way.
    const direct = await RawClient.open(`${base}/notify`, { authorization: `Bearer ${tokens[1]}` }).then(
      () => null,
      (error: { status: number }) => error.status,
    );
    expect(direct).toBe(429);
    // Another user is not affected; a socket closed frees its place.
    const other = await rawConnect(base, await server.login('manager@haulboard.demo'));
    clients[0].ws.close();
    await clients[0].closed;
    clients.push(await rawConnect(base, tokens[0]));
    for (const client of [...clients.slice(1), other]) client.ws.close();
    await Promise.all([...clients.slice(1), other].map((client) => client.closed));
  });
});
