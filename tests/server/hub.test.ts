import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';
import { connect, listen, negotiate, until } from '../helpers/hub';

/** The /notify hub with the real @microsoft/signalr client: negotiate, sockets, presence, invocations, errors. */

describe.each(DATABASES)('the /notify hub on %s', (kind) => {
  let server: TestServer;
  let base: string;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    server = await startTestServer(kind);
    base = await listen(server);
    for (const row of await server.db.selectFrom('users').select(['id', 'email']).execute()) ids[row.email.split('@')[0]] = row.id;
  });
  afterAll(() => server.close());

  it('negotiates version 1 with WebSockets as the only transport and no stateful reconnect', async () => {
    const token = await server.login('manager@haulboard.demo');
    const { status, body } = await negotiate(base, token);
    expect(status).toBe(200);
    expect(body).toEqual({
      negotiateVersion: 1, connectionId: expect.any(String), connectionToken: expect.any(String),
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
    });
    expect(body.connectionToken).not.toBe(body.connectionId);
    expect(body).not.toHaveProperty('useStatefulReconnect');
    expect((await negotiate(base, token, { viaQuery: true })).status).toBe(200);
  });

  it('connects the real client with the token in the Authorization header', async () => {
    const token = await server.login('dispatcher@haulboard.demo');
    const client = await connect(base, token);
    const online = await client.connection.invoke('GetOnlineUsers');
    expect(online).toContainEqual({ userId: ids.dispatcher, firstName: expect.any(String), lastName: expect.any(String) });
    await until(() => client.presence?.some((u) => u.userId === ids.dispatcher), 'the presence list');
    await client.stop();
  });

  it('connects the real client with the token in the access_token query', async () => {
    const token = await server.login('finance@haulboard.demo');
    const client = await connect(base, token, { viaQuery: true });
    expect(await client.connection.invoke('GetOnlineUsers')).toContainEqual(expect.objectContaining({ userId: ids.finance }));
    await client.stop();
  });
});
