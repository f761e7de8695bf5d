import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';
import {
  RS,
  RawClient,
  closeTestServer,
  connect,
  listen,
  loginAt,
  negotiate,
  rawConnect,
  startServerProcess,
  until,
} from '../helpers/hub';

/** The /notify hub with the real @microsoft/signalr client: negotiate, sockets, presence, invocations, errors. */

describe.each(DATABASES)('the /notify hub on %s', (kind) => {
  let server: TestServer;
  let base: string;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    server = await startTestServer(kind);
    base = await listen(server);
    for (const row of await server.db.selectFrom('users').select(['id', 'email']).execute())
      ids[row.email.split('@')[0]] = row.id;
  });
  afterAll(() => closeTestServer(server));

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('negotiates version 1 with WebSockets as the only transport and no stateful reconnect', async () => {
    const token = await server.login('manager@haulboard.demo');
    const { status, body } = await negotiate(base, token);
    expect(status).toBe(200);
    expect(body).toEqual({
      negotiateVersion: 1,
      connectionId: expect.any(String),
      connectionToken: expect.any(String),
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
    });
    expect(body.connectionToken).not.toBe(body.connectionId);
    expect(body).not.toHaveProperty('useStatefulReconnect');
    expect((await negotiate(base, token, { viaQuery: true })).status).toBe(200);
    // A client asking for stateful reconnect gets the same answer: not offered.
    const stateful = await fetch(`${base}/notify/negotiate?negotiateVersion=1&useStatefulReconnect=true`, {
      method: 'POST',
      headers: bearer(token),
    });
    expect(await stateful.json()).not.toHaveProperty('useStatefulReconnect');
  });

  it('connects the real client with the token in the Authorization header', async () => {
    const token = await server.login('dispatcher@haulboard.demo');
    const client = await connect(base, token);
    const online = await client.connection.invoke('GetOnlineUsers');
    expect(online).toContainEqual({
      userId: ids.dispatcher,
      firstName: expect.any(String),
      lastName: expect.any(String),
    });
    await until(() => client.presence?.some((u) => u.userId === ids.dispatcher), 'the presence list');
    await client.stop();
  });

  it('connects the real client with the token in the access_token query', async () => {
    const token = await server.login('finance@haulboard.demo');
    const client = await connect(base, token, { viaQuery: true });
    expect(await client.connection.invoke('GetOnlineUsers')).toContainEqual(
      expect.objectContaining({ userId: ids.finance }),
    );
    await client.stop();
  });

  it('lets a client skip negotiation and open the socket directly', async () => {
    const client = await connect(base, await server.login('fleetmanager@haulboard.demo'), { skipNegotiation: true });
    expect(await client.connection.invoke('GetOnlineUsers')).toContainEqual(
      expect.objectContaining({ userId: ids.fleetmanager }),
    );
    await client.stop();
  });

  it('keeps only the last few unclaimed ids of a user who negotiates in a loop', async () => {
    const token = await server.login('claimtrackerteam@haulboard.demo');
    const negotiated = [];
    for (let i = 0; i < 12; i++) negotiated.push((await negotiate(base, token)).body.connectionToken);
    await expect(RawClient.open(`${base}/notify?id=${negotiated[0]}`, bearer(token))).rejects.toMatchObject({
      status: 404,
    });
    const last = await RawClient.open(`${base}/notify?id=${negotiated[11]}`, bearer(token));
    last.ws.close();
    await last.closed;
  });

  it('refuses a client without a token, with a revoked one and with a forged one (401 at negotiate and at the socket)', async () => {
    expect((await negotiate(base, null)).status).toBe(401);
    expect((await negotiate(base, 'not.a.token')).status).toBe(401);
    await expect(connect(base, '')).rejects.toThrow(/401/);

    const token = await server.login('banking@haulboard.demo');
    const { body } = await negotiate(base, token);
    expect((await server.call({ method: 'POST', url: '/api/token/logout', token })).status).toBe(200);
    expect((await negotiate(base, token)).status).toBe(401);
    expect((await negotiate(base, token, { viaQuery: true })).status).toBe(401);
    await expect(connect(base, token)).rejects.toThrow(/401/);
    // The id negotiated before the sign-out cannot be used with the dead token either.
    await expect(RawClient.open(`${base}/notify?id=${body.connectionToken}`, bearer(token))).rejects.toMatchObject({
      status: 401,
    });
    await expect(
      RawClient.open(`${base}/notify?id=${body.connectionToken}&access_token=${token}`),
    ).rejects.toMatchObject({ status: 401 });
    await expect(RawClient.open(`${base}/notify?id=${body.connectionToken}`)).rejects.toMatchObject({ status: 401 });
  });

  it('refuses an account that is not active', async () => {
    const token = await server.login('fleetowner@haulboard.demo');
    await server.db.updateTable('users').set({ is_active: 0 }).where('id', '=', ids.fleetowner).execute();
    try {
      expect((await negotiate(base, token)).status).toBe(401);
    } finally {
      await server.db.updateTable('users').set({ is_active: 1 }).where('id', '=', ids.fleetowner).execute();
    }
  });

  it('answers 404 for an unknown connection id or path and 409 for a second socket on the same id', async () => {
    const token = await server.login('manager@haulboard.demo');
    await expect(RawClient.open(`${base}/notify?id=no-such-connection`, bearer(token))).rejects.toMatchObject({
      status: 404,
    });
    await expect(RawClient.open(`${base}/elsewhere`, bearer(token))).rejects.toMatchObject({ status: 404 });

    const { body } = await negotiate(base, token);
    const first = await RawClient.open(`${base}/notify?id=${body.connectionToken}`, bearer(token));
    const second = RawClient.open(`${base}/notify?id=${body.connectionToken}`, bearer(token));
    await expect(second).rejects.toMatchObject({ status: 409 });
    // Another user cannot take over someone's negotiated id.
    const other = await server.login('dispatcher@haulboard.demo');
    const { body: theirs } = await negotiate(base, token);
    await expect(RawClient.open(`${base}/notify?id=${theirs.connectionToken}`, bearer(other))).rejects.toMatchObject({
      status: 404,
    });
    // The public connectionId is not the key to the socket.
    await expect(RawClient.open(`${base}/notify?id=${body.connectionId}`, bearer(token))).rejects.toMatchObject({
      status: 404,
    });
    first.ws.close();
    await first.closed;
    // Once the socket is gone the id is gone with it.
    await expect(RawClient.open(`${base}/notify?id=${body.connectionToken}`, bearer(token))).rejects.toMatchObject({
      status: 404,
    });
  });

  it('shows two users to each other, each user once however many tabs, and drops one who leaves', async () => {
    const [a, b] = [await server.login('dispatcher2@haulboard.demo'), await server.login('driver2@haulboard.demo')];
    const alice = await connect(base, a);
    const bob = await connect(base, b);
    const bobTab2 = await connect(base, b, { viaQuery: true });
    const both = [ids.dispatcher2, ids.driver2].sort((x, y) => x - y);
    await until(() => both.every((id) => alice.onlineIds().includes(id)), 'alice to see bob');
    await until(() => both.every((id) => bob.onlineIds().includes(id)), 'bob to see alice');
    const list = await alice.connection.invoke('GetOnlineUsers');
    expect(list.filter((u: { userId: number }) => u.userId === ids.driver2)).toHaveLength(1);
    expect(list.find((u: { userId: number }) => u.userId === ids.driver2)).toEqual({
      userId: ids.driver2,
      firstName: expect.any(String),
      lastName: expect.any(String),
    });

    await bob.stop();
    // Still online through the second tab.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await alice.connection.invoke('GetOnlineUsers')).map((u: { userId: number }) => u.userId)).toContain(
      ids.driver2,
    );
    await bobTab2.stop();
    await until(() => !alice.onlineIds().includes(ids.driver2), 'bob to leave alice’s list');
    await alice.stop();
  });

  it('answers every invocation: a result for GetOnlineUsers, an error for an unknown method or wrong arguments', async () => {
    const client = await connect(base, await server.login('manager@haulboard.demo'));
    expect(Array.isArray(await client.connection.invoke('GetOnlineUsers'))).toBe(true);
    expect(Array.isArray(await client.connection.invoke('getonlineusers'))).toBe(true);
    await expect(client.connection.invoke('DeleteEverything')).rejects.toThrow(/Unknown hub method 'DeleteEverything'/);
    await expect(client.connection.invoke('GetOnlineUsers', 1)).rejects.toThrow(/takes no arguments/);
    // A fire-and-forget send of an unknown method has no answer and does not end the connection.
    await client.connection.send('Nothing');
    expect(Array.isArray(await client.connection.invoke('GetOnlineUsers'))).toBe(true);
    expect(client.connection.state).toBe('Connected');
    await client.stop();
  });

  it('ends a session’s connections at sign-out, without reconnecting, and the others see the user go', async () => {
    const watcher = await connect(base, await server.login('dispatcher3@haulboard.demo'));
    const token = await server.login('driver3@haulboard.demo');
    const leaving = await connect(base, token, { reconnectDelays: [0, 100, 100] });
    await until(() => watcher.onlineIds().includes(ids.driver3), 'the driver online');
    expect((await server.call({ method: 'POST', url: '/api/token/logout', token })).status).toBe(200);
    await until(() => leaving.closedWith !== 'open', 'the connection to close');
    expect(String(leaving.closedWith)).toMatch(/session has ended/);
    await until(() => !watcher.onlineIds().includes(ids.driver3), 'the driver to go offline');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(leaving.connection.state).toBe('Disconnected');
    await watcher.stop();
  });

  it('rejects a bad handshake with an error message and closes the socket', async () => {
    const token = await server.login('manager@haulboard.demo');
    for (const [request, error] of [
      [{ protocol: 'messagepack', version: 1 }, "The protocol 'messagepack' is not supported."],
      [{ protocol: 'json', version: 2 }, "The server does not support version 2 of the 'json' protocol."],
      ['not json', 'The handshake request is not valid JSON.'],
    ] as const) {
      const { body } = await negotiate(base, token);
      const raw = await RawClient.open(`${base}/notify?id=${body.connectionToken}`, bearer(token));
      raw.send((typeof request === 'string' ? request : JSON.stringify(request)) + RS);
      await raw.closed;
      expect(raw.records).toEqual([{ error }]);
    }
  });

  it('closes the connection on malformed messages and frames over 1 MiB, and keeps serving everyone else', async () => {
    const token = await server.login('manager@haulboard.demo');
    const bystander = await connect(base, await server.login('fleetmanager@haulboard.demo'));
    for (const bad of [
      '{not json' + RS,
      JSON.stringify({ type: 99 }) + RS,
      JSON.stringify({ type: 1, target: 5, arguments: [] }) + RS,
      '[]' + RS,
    ]) {
      const raw = await rawConnect(base, token);
      raw.send(bad);
      const { code } = await raw.closed;
      expect(code).toBe(1000);
      expect(raw.records.at(-1)).toMatchObject({ type: 7, allowReconnect: false, error: expect.any(String) });
    }
    const huge = await rawConnect(base, token);
    huge.send('x'.repeat(1024 * 1024 + 10));
    expect((await huge.closed).code).toBe(1009);
    // A record may arrive in pieces; a long unfinished one is cut off.
    const pieces = await rawConnect(base, token);
    pieces.send(JSON.stringify({ type: 1, invocationId: '7', target: 'GetOnlineUsers', arguments: [] }).slice(0, 10));
    pieces.send(JSON.stringify({ type: 1, invocationId: '7', target: 'GetOnlineUsers', arguments: [] }).slice(10) + RS);
    await pieces.waitFor(
      (r) => r.type === 3 && r.invocationId === '7' && Array.isArray(r.result),
      'the completion of a split record',
    );
    for (let i = 0; i < 3; i++) pieces.send('y'.repeat(400 * 1024));
    expect((await pieces.closed).code).toBe(1000);
    expect(Array.isArray(await bystander.connection.invoke('GetOnlineUsers'))).toBe(true);
    expect((await negotiate(base, token)).status).toBe(200);
    await bystander.stop();
  });

  it('answers a stream invocation with an error completion and ignores acks, sequences and cancels', async () => {
    const raw = await rawConnect(base, await server.login('manager@haulboard.demo'));
    raw.send(JSON.stringify({ type: 4, invocationId: 's1', target: 'GetOnlineUsers', arguments: [] }) + RS);
    await raw.waitFor((r) => r.type === 3 && r.invocationId === 's1' && r.error, 'the stream error');
    raw.send(
      [{ type: 8, sequenceId: 1 }, { type: 9, sequenceId: 1 }, { type: 5, invocationId: 's1' }, { type: 6 }]
        .map((m) => JSON.stringify(m) + RS)
        .join(''),
    );
    raw.send(JSON.stringify({ type: 1, invocationId: 'after', target: 'GetOnlineUsers', arguments: [] }) + RS);
    await raw.waitFor((r) => r.type === 3 && r.invocationId === 'after', 'an answer after the ignored messages');
    raw.ws.close();
    await raw.closed;
  });
});

describe('the /notify hub across a restart', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => closeTestServer(server));

  it('sends Close with allowReconnect at shutdown, and the client reconnects to the new server on the same port', async () => {
    const base = await listen(server);
    const port = Number(new URL(base).port);
    const token = await server.login('dispatcher4@haulboard.demo');
    const userId = (
      await server.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'dispatcher4@haulboard.demo')
        .executeTakeFirstOrThrow()
    ).id;
    // Retries for about 30 s: a restart on a busy machine can take several seconds.
    const client = await connect(base, token, {
      reconnectDelays: [0, 100, 200, 300, 500, ...Array<number>(30).fill(1000)],
    });
    let reconnected = false;
    client.connection.onreconnected(() => {
      reconnected = true;
    });
    const raw = await rawConnect(base, token);

    server = await server.restart();
    // The raw client saw exactly what the real client reacted to.
    expect(raw.records.at(-1)).toEqual({ type: 7, allowReconnect: true });
    expect((await raw.closed).code).toBe(1000);
    await listen(server, port);
    await until(() => reconnected, 'the client to reconnect', 40_000);
    expect(client.connection.state).toBe('Connected');
    expect((await client.connection.invoke('GetOnlineUsers')).map((u: { userId: number }) => u.userId)).toEqual([
      userId,
    ]);
    await client.stop();
  });
});

describe('a silent client', () => {
  let server: TestServer;
  let base: string;
  beforeAll(async () => {
    // Short intervals for this server only (read when the app is built). The timeout is 30 of the watcher's pings,
    // so a busy machine that holds this process up for a while does not drop a client that pings.
    process.env.HUB_PING_INTERVAL_MS = '200';
    process.env.HUB_CLIENT_TIMEOUT_MS = '3000';
    process.env.HUB_NEGOTIATE_TTL_MS = '300';
    try {
      server = await startTestServer('sqlite');
    } finally {
      delete process.env.HUB_PING_INTERVAL_MS;
      delete process.env.HUB_CLIENT_TIMEOUT_MS;
      delete process.env.HUB_NEGOTIATE_TTL_MS;
    }
    base = await listen(server);
  });
  afterAll(() => closeTestServer(server));

  it('gets server pings and is dropped once it has said nothing for the timeout; a client that pings stays', async () => {
    const watcher = await connect(base, await server.login('dispatcher5@haulboard.demo'), { keepAliveMs: 100 });
    const token = await server.login('driver5@haulboard.demo');
    const silent = await rawConnect(base, token);
    const userId = (
      await server.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'driver5@haulboard.demo')
        .executeTakeFirstOrThrow()
    ).id;
    // Seen at any time: the silent client may come and go between two looks at the latest list.
    await until(() => watcher.seenOnline.has(userId), 'the silent client online');
    const { code } = await silent.closed;
    expect(code).toBe(1000);
    expect(silent.records.filter((r) => r.type === 6).length).toBeGreaterThanOrEqual(1);
    expect(silent.records.at(-1)).toMatchObject({ type: 7, allowReconnect: true });
    await until(() => !watcher.onlineIds().includes(userId), 'the silent client to leave the list');
    // The watcher pings every 100 ms and has outlived the timeout.
    expect(watcher.connection.state).toBe('Connected');
    await watcher.stop();
  });

  it('drops a socket that never sends the handshake', async () => {
    const token = await server.login('driver4@haulboard.demo');
    const { body } = await negotiate(base, token);
    const raw = await RawClient.open(`${base}/notify?id=${body.connectionToken}`, { authorization: `Bearer ${token}` });
    await raw.closed;
    expect(raw.records.filter((r) => r.type === 6)).toHaveLength(0);
  });

  it('forgets a negotiated id that no socket claims in time', async () => {
    const token = await server.login('driver3@haulboard.demo');
    const { body } = await negotiate(base, token);
    await new Promise((resolve) => setTimeout(resolve, 900));
    await expect(
      RawClient.open(`${base}/notify?id=${body.connectionToken}`, { authorization: `Bearer ${token}` }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('the server process', () => {
  it('never writes the token to its log, and at SIGTERM tells every client it may reconnect', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-hub-log-'));
    const server = await startServerProcess({ DATA_DIR: dataDir, DEMO_DATA: 'true', LOG_LEVEL: 'info' });
    try {
      const token = await loginAt(server.base, 'manager@haulboard.demo');
      const viaQuery = await connect(server.base, token, { viaQuery: true });
      const viaHeader = await connect(server.base, token);
      await expect(RawClient.open(`${server.base}/notify?id=unknown&access_token=${token}`)).rejects.toMatchObject({
        status: 404,
      });
      await expect(RawClient.open(`${server.base}/notify?access_token=${token}x`)).rejects.toMatchObject({
        status: 401,
      });
      const raw = await rawConnect(server.base, token);

      expect(await server.stop('SIGTERM')).toBe(0);
      expect(raw.records.at(-1)).toEqual({ type: 7, allowReconnect: true });
      await until(
        () => viaQuery.closedWith !== 'open' && viaHeader.closedWith !== 'open',
        'both clients to see the close',
      );

      const log = server.output();
      // The socket and negotiate requests are logged like every request, with the token masked.
      expect(log).toContain('"url":"/notify/negotiate?access_token=[redacted]&negotiateVersion=1"');
      expect(log).toMatch(/"url":"\/notify\?access_token=\[redacted\]&id=[^"]+","status":101/);
      expect(log).toMatch(/"url":"\/notify\?id=unknown&access_token=\[redacted\]","status":404/);
      expect(log).toMatch(/"status":401/);
      expect(log).not.toContain(token);
      expect(log).not.toContain(token.split('.')[2]);
    } finally {
      await server.stop('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
