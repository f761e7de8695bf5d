import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../server/http/logging';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * No secret reaches the request log or an error body (docs/product/conventions.md#limits): one-time password links
 * opened against a server whose log is captured leave no token in it, whatever the token's parameter is called or
 * wherever in the path it is.
 */
const generated = () => crypto.randomBytes(32).toString('base64url');

describe.each(DATABASES)('secrets in URLs on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { captureLog: true });
    admin = await server.login('administrator@haulboard.demo');
  });
  afterAll(() => server.close());

  it('opens every kind of one-time link and finds no token in the log, nor in the answers', async () => {
    const user = await server.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', '=', 'dispatcher2@haulboard.demo')
      .executeTakeFirstOrThrow();
    const link = await server.call({ method: 'POST', url: `/api/User/${user.id}/password-link`, token: admin });
    expect(link.status).toBe(200);
    const url: string = link.body.value.url;
    const resetToken = new URL(url, 'http://x').searchParams.get('token')!;
    const shortToken = 'a1b2c3';
    const secrets = [resetToken, shortToken, ...Array.from({ length: 6 }, generated)];
    const spelled = Array.from({ length: 8 }, (_, i) => `${shortToken}x${i + 1}`);
    const [, , forgot, update, oddName, unnamed, inPath, jwtLike] = secrets;
    const jwt = `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ sub: jwtLike })).toString('base64url')}.${generated()}`;
    const opened = [
      url,
      `/forgotpassword/${encodeURIComponent(user.email)}/${forgot}`,
      `/forgotpassword/${encodeURIComponent(user.email)}/${shortToken}`,
      `/app/update-email/${update}`,
      `/reset-password?resettoken=${oddName}&lang=en`,
      `/somewhere?x=${unnamed}`,
      `/api/no-such-route/${inPath}`,
      `/api/no-such-route/${jwt}`,
      // The same pages spelled as a router still reads them: repeated or dot segments, escapes, matrix parameters.
      `//forgotpassword/${encodeURIComponent(user.email)}/${shortToken}x1`,
      `/./forgotpassword/${encodeURIComponent(user.email)}/${shortToken}x2`,
      `/%66orgotpassword/${encodeURIComponent(user.email)}/${shortToken}x3`,
      `/forgotpassword%2F${encodeURIComponent(user.email)}%2F${shortToken}x4`,
      `/app//update-email/${shortToken}x5`,
      `/app/%75pdate-email/${shortToken}x6`,
      `/reset-password?t=${shortToken}x7`,
      `/forgotpassword/${shortToken}x8`,
      `/reset-password;token=${resetToken}`,
    ];
    const answers: string[] = [];
    for (const path of opened) answers.push(JSON.stringify((await server.call({ method: 'GET', url: path })).body));
    // The token in a body that fails validation is not echoed either.
    const refused = await server.call({
      method: 'POST',
      url: '/api/token/reset-password',
      payload: { token: resetToken, password: 'short' },
    });
    expect(refused.status).toBe(400);
    answers.push(JSON.stringify(refused.body));
    expect(
      (
        await server.call({
          method: 'POST',
          url: '/api/token/reset-password',
          payload: { token: resetToken, password: 'a-long-new-password' },
        })
      ).status,
    ).toBe(200);

    const log = server.log();
    // The requests were logged (so the absence below means something), with the secret parts masked.
    expect(log).toContain('"url":"/reset-password?[redacted]"');
    expect(log).toContain('"url":"/forgotpassword/[redacted]"');
    expect(log).toContain('"url":"/app/update-email/[redacted]"');
    expect(log).toContain('"url":"/reset-password;[redacted]"');
    expect(log).toContain('"url":"/api/no-such-route/[redacted]"');
    expect(log).not.toContain(user.email);
    for (const secret of [...secrets, ...spelled, jwt, jwt.split('.')[2]]) {
      expect(log, secret).not.toContain(secret);
      for (const answer of answers) expect(answer, secret).not.toContain(secret);
    }
  });

  it('keeps the ordinary parts of URLs readable', () => {
    for (const plain of [
      '/api/User?Size=5&Search=houston&Sort=-createdAt',
      '/api/BookOrder/filter-books?filtered=this_week&DriverId=7',
      '/app/assets/workbox-window.prod.es5-CZXd1eA2.js',
      '/api/BookOrder/12345/history',
    ]) {
      expect(redactUrl(plain)).toBe(plain);
    }
  });
});
