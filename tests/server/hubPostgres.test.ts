import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackplaneMessage, PostgresBackplane } from '../../server/modules/notify/backplane';
import { PROFILE, registerCompleted } from '../helpers/account';
import { type TestServer, startTestServer } from '../helpers/server';
import {
  type HubClient,
  type ServerProcess,
  closeTestServer,
  connect,
  listen,
  loginAt,
  startServerProcess,
  until,
} from '../helpers/hub';

/**
 * Two server processes on one PostgreSQL database act as one hub: presence, notifications and sign-outs cross
 * between them through LISTEN/NOTIFY. One server runs in this process, the other as its own process.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two servers on one PostgreSQL database', () => {
  let one: TestServer;
  let two: ServerProcess;
  let baseOne: string;
  const ids: Record<string, number> = {};
  const clients: HubClient[] = [];
  const open = async (base: string, token: string) => {
    const client = await connect(base, token, { keepAliveMs: 200 });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    // A short heartbeat, so a server that dies without a word is noticed within seconds (after three missed
    // beats); long enough that a busy machine delaying a beat or two does not make a live server look dead.
    process.env.HUB_HEARTBEAT_MS = '1000';
    try {
      one = await startTestServer('postgres');
    } finally {
      delete process.env.HUB_HEARTBEAT_MS;
    }
    baseOne = await listen(one);
    // Same database and data directory (so the same token secret): what two servers behind a load balancer share.
    two = await startServerProcess({
      DATABASE_URL: one.config.databaseUrl!,
      DATA_DIR: one.config.dataDir,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      HUB_HEARTBEAT_MS: '1000',
    });
    for (const row of await one.db.selectFrom('users').select(['id', 'email']).execute())
      ids[row.email.split('@')[0]] = row.id;
  });
  afterAll(async () => {
    for (const client of clients) await client.stop().catch(() => undefined);
    await two?.stop('SIGKILL');
    await closeTestServer(one);
  });

  it('shows a user connected to one server in the list of a user connected to the other, and their leaving', async () => {
    const alice = await open(baseOne, await one.login('dispatcher@haulboard.demo'));
    const bob = await open(two.base, await loginAt(two.base, 'manager@haulboard.demo'));
    await until(() => alice.onlineIds().includes(ids.manager), 'alice (server one) to see bob (server two)');
    await until(() => bob.onlineIds().includes(ids.dispatcher), 'bob (server two) to see alice (server one)');
    expect((await bob.connection.invoke('GetOnlineUsers')).map((u: { userId: number }) => u.userId)).toEqual(
      expect.arrayContaining([ids.dispatcher, ids.manager]),
    );
    // The same user on both servers is listed once.
    const aliceOnTwo = await open(two.base, await loginAt(two.base, 'dispatcher@haulboard.demo'));
    const list = await aliceOnTwo.connection.invoke('GetOnlineUsers');
    expect(list.filter((u: { userId: number }) => u.userId === ids.dispatcher)).toHaveLength(1);
    await aliceOnTwo.stop();
    await bob.stop();
    await until(() => !alice.onlineIds().includes(ids.manager), 'bob to leave alice’s list');
    expect(alice.onlineIds()).toContain(ids.dispatcher);
  });

  it('delivers a notification created on one server to a socket on the other', async () => {
    const adminOnTwo = await open(two.base, await loginAt(two.base, 'administrator@haulboard.demo'));
    const { user } = await registerCompleted(
      one,
      'two.servers@example.com',
      { userType: 'dispatch' },
      { ...PROFILE, firstName: 'Tess', lastName: 'Twin' },
    );
    const live = await until(
      () => adminOnTwo.notifications.find((n) => n.title === 'New registration awaiting activation: Tess Twin'),
      'the notification on server two',
    );
    expect(live.link).toBe(`/app/management/user-management/${user.id}/edit`);
  });

  it('ends a session on the other server when it signs out here', async () => {
    const watcher = await open(baseOne, await one.login('finance@haulboard.demo'));
    const token = await loginAt(two.base, 'driver@haulboard.demo');
    const driver = await open(two.base, token);
    await until(() => watcher.onlineIds().includes(ids.driver), 'the driver online');
    expect((await one.call({ method: 'POST', url: '/api/token/logout', token })).status).toBe(200);
    await until(() => driver.closedWith !== 'open', 'the driver’s socket on server two to close');
    await until(() => !watcher.onlineIds().includes(ids.driver), 'the driver to go offline on server one');
  });

  it('applies a permission change made on one server on the other at once, and tells the users it concerns there', async () => {
    const fleetToken = await loginAt(two.base, 'fleetmanager@haulboard.demo');
    const fleet = await open(two.base, fleetToken);
    const dispatcher = await open(two.base, await loginAt(two.base, 'dispatcher@haulboard.demo'));
    const bankRead = async () =>
      (
        await fetch(`${two.base}/api/TransactionsMatching/get-chase-transactions-date-filters`, {
          headers: { authorization: `Bearer ${fleetToken}` },
        })
      ).status;
    // Server two has read (and cached) the matrix: the fleet manager has no Bank.
    expect(await bankRead()).toBe(403);
    const admin = await one.login('administrator@haulboard.demo');
    const matrix = (
      await one.call({ method: 'GET', url: '/api/Permission/get-features-permissions-info', token: admin })
    ).body.value;
    const roleId = matrix.roles.find((r: { name: string }) => r.name === 'FleetManager').id;
    const featureId = matrix.features.find((f: { key: string }) => f.key === 'MatchTransactions').id;
    const saved = await one.call({
      method: 'PUT',
      url: '/api/Permission/matrix',
      token: admin,
      payload: { version: matrix.version, changes: [{ roleId, featureId, permissions: ['Read'] }] },
    });
    expect(saved.status).toBe(200);
    await until(() => fleet.accessChanges > 0, 'the fleet manager on server two to be told');
    // Server two dropped its cached matrix when told: the next call obeys (long before the cache's 30 s would end).
    expect(await bankRead()).toBe(200);
    expect(dispatcher.accessChanges).toBe(0);
  });

  it('forgets the users of a server that dies without a word, after the heartbeat timeout', async () => {
    const watcher = await open(baseOne, await one.login('fleetmanager@haulboard.demo'));
    await open(two.base, await loginAt(two.base, 'banking@haulboard.demo'));
    await until(() => watcher.onlineIds().includes(ids.banking), 'the user on server two online');
    await two.stop('SIGKILL');
    await until(() => !watcher.onlineIds().includes(ids.banking), 'the dead server’s user to disappear', 20_000);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL backplane', () => {
  it('carries messages beyond the 8000-byte NOTIFY limit whole and in order, and ignores its own', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const log = {
      warn: () => undefined,
      error: () => undefined,
      debug: () => undefined,
      info: () => undefined,
    } as never;
    const sender = new PostgresBackplane(url, 'sender', log);
    const receiver = new PostgresBackplane(url, 'receiver', log);
    const received: BackplaneMessage[] = [];
    const echoed: BackplaneMessage[] = [];
    await receiver.start({
      onConnected: () => undefined,
      onMessage: (from, message) => from === 'sender' && received.push(message),
    });
    await sender.start({ onConnected: () => undefined, onMessage: (_from, message) => echoed.push(message) });
    try {
      const users = Array.from({ length: 1500 }, (_, i) => ({
        userId: i + 1,
        firstName: `Fírst${i} “quoted”`,
        lastName: `Läst\\${i}`,
      }));
      sender.publish({ t: 'presence', users });
      sender.publish({ t: 'disconnect', userId: 7 });
      await until(() => received.length === 2, 'both messages');
      expect(received[0]).toEqual({ t: 'presence', users });
      expect(received[1]).toEqual({ t: 'disconnect', userId: 7 });
      expect(echoed).toEqual([]);
    } finally {
      await sender.stop();
      await receiver.stop();
    }
  });
});
