import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Every refused request leaves one line in the log with its request id, the user who asked (their id) and the status
 * (server/http/logging.ts); a request the client gives up on mid-body gets its line too. Tokens stay out of it.
 */
interface LogLine {
  reqId?: string;
  userId?: number | null;
  statusCode?: number;
  msg?: string;
  url?: string;
  aborted?: boolean;
}

describe.each(DATABASES)('the request log on %s', (kind) => {
  let server: TestServer;
  const lines = () =>
    server
      .log()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);
  const userId = async (email: string) =>
    Number((await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { captureLog: true });
  });
  afterAll(() => server.close());

  it('writes one line with reqId, userId and statusCode for a 413, a 403 and a 400', async () => {
    const admin = await server.login('administrator@haulboard.demo');
    const driver = await server.login('driver@haulboard.demo');
    const cases = [
      {
        token: admin,
        email: 'administrator@haulboard.demo',
        status: 413,
        call: {
          method: 'POST' as const,
          url: '/api/AccessManagements/groups/new',
          headers: { 'content-type': 'application/json' },
          payload: `{"name":"${'x'.repeat(1024 * 1024)}"}`,
        },
      },
      {
        token: driver,
        email: 'driver@haulboard.demo',
        status: 403,
        call: { method: 'GET' as const, url: '/api/AuditLog' },
      },
      {
        token: admin,
        email: 'administrator@haulboard.demo',
        status: 400,
        call: { method: 'GET' as const, url: '/api/User?Size=0' },
      },
    ];
    for (const { token, email, status, call } of cases) {
      const response = await server.call({ ...call, token });
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      const reqId = String(response.headers['x-request-id']);
      const mine = lines().filter((line) => line.reqId === reqId && line.statusCode !== undefined);
      expect(mine, `${call.method} ${call.url}`).toHaveLength(1);
      expect(mine[0]).toMatchObject({ reqId, userId: await userId(email), statusCode: status, msg: 'request refused' });
    }
    // A URL the router cannot read is refused before anyone is known: its line has the id, no user and the status.
    const badUrl = await server.call({ method: 'GET', url: '/api/%zz', token: admin });
    expect(badUrl.status).toBe(400);
    const reqId = String(badUrl.headers['x-request-id']);
    expect(lines().filter((line) => line.reqId === reqId && line.statusCode !== undefined)).toEqual([
      expect.objectContaining({ reqId, userId: null, statusCode: 400, msg: 'request refused' }),
    ]);

    const log = server.log();
    expect(log).not.toContain(admin);
    expect(log).not.toContain(driver.split('.')[2]);
  });

  it('writes a line for an upload the client abandons before its end, with reqId and userId', async () => {
    const banking = await server.login('banking@haulboard.demo');
    const base = new URL(await server.app.listen({ port: 0, host: '127.0.0.1' }));
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: base.hostname,
        port: base.port,
        method: 'POST',
        path: '/api/TransactionsMatching/import?fileName=gone.csv',
        headers: { authorization: `Bearer ${banking}`, 'content-type': 'text/csv', 'transfer-encoding': 'chunked' },
      });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.write('Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #\n');
      setTimeout(() => request.destroy(), 300);
    });
    const id = await userId('banking@haulboard.demo');
    await expect
      .poll(
        () =>
          lines().filter(
            (line) => line.url === '/api/TransactionsMatching/import?fileName=gone.csv' && line.userId === id,
          ),
        { timeout: 10_000 },
      )
      .toContainEqual(expect.objectContaining({ reqId: expect.any(String), userId: id }));
    // The client's leaving is no failure of the server's.
    const [aborted] = lines().filter((line) => line.url === '/api/TransactionsMatching/import?fileName=gone.csv');
    expect(lines().filter((line) => line.reqId === aborted.reqId && (line as { level?: number }).level === 50)).toEqual(
      [],
    );
    expect(server.log()).not.toContain(banking);
  });
});
