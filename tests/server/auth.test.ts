import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/auth/jwt';
import { resolveJwtSecret } from '../../server/auth/secret';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

const ADMIN = 'administrator@haulboard.demo';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(DATABASES)('sign-in on %s', (kind) => {
  let server: TestServer;
  let secret: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    secret = resolveJwtSecret(null, server.config.dataDir);
  });
  afterAll(() => server.close());

  const me = (token: string) => server.call({ method: 'GET', url: '/api/token/me', token });
  const adminId = async () =>
    (await server.db.selectFrom('users').select('id').where('email', '=', ADMIN).executeTakeFirstOrThrow()).id;

  it('signs in with the right password and returns the user from /api/token/me', async () => {
    const response = await server.call({
      method: 'POST',
      url: '/api/Auth/login',
      payload: { email: 'Administrator@Haulboard.demo ', password: 'demo-password' },
    });
    expect(response.status).toBe(200);
    expect(typeof response.body.value).toBe('string');
    const user = (await me(response.body.value)).body.data;
    expect(user).toMatchObject({
      email: ADMIN,
      roles: ['Administrator'],
      isActive: true,
      isEmailVerified: true,
      registrationCompleted: true,
    });
    expect(user.name).toBe(`${user.firstName} ${user.lastName}`);
    expect(user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(user)).not.toContain('argon2');
  });

  it('pins HS256 and an 8-hour expiry in the token', async () => {
    const token = await server.login(ADMIN);
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload.exp - payload.iat).toBe(8 * 3600);
  });

  it("answers 'Please check your email and password' to a wrong password and to an unknown e-mail alike", async () => {
    const wrong = await server.call({
      method: 'POST',
      url: '/api/Auth/login',
      payload: { email: 'manager@haulboard.demo', password: 'nope' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.messages[0].description).toBe('Please check your email and password');
    const unknown = await server.call({
      method: 'POST',
      url: '/api/Auth/login',
      payload: { email: 'nobody@haulboard.demo', password: 'x' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('locks an address out of an account after 10 failures in 15 minutes with 429 and Retry-After, even for the right password', async () => {
    const email = 'banking@haulboard.demo';
    for (let i = 0; i < 10; i++) {
      const r = await server.call({
        method: 'POST',
        url: '/api/Auth/login',
        payload: { email, password: `wrong-${i}` },
      });
      expect(r.status).toBe(401);
    }
    const locked = await server.call({
      method: 'POST',
      url: '/api/Auth/login',
      payload: { email, password: 'demo-password' },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many failed sign-ins to this account from your address/);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another account is not affected, nor this account from another address.
    expect(
      (
        await server.call({
          method: 'POST',
          url: '/api/Auth/login',
          payload: { email: 'finance@haulboard.demo', password: 'demo-password' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await server.call({
          method: 'POST',
          url: '/api/Auth/login',
          remoteAddress: '10.1.2.3',
          payload: { email, password: 'demo-password' },
        })
      ).status,
    ).toBe(200);
    // Once the failures are older than the window, the account opens again.
    await server.db
      .updateTable('login_failures')
      .set({ at: new Date(Date.now() - 16 * 60_000).toISOString() })
      .where('email', '=', email)
      .execute();
    expect(
      (await server.call({ method: 'POST', url: '/api/Auth/login', payload: { email, password: 'demo-password' } }))
        .status,
    ).toBe(200);
  });

  it('refuses expired, forged and tampered tokens with 401', async () => {
    const id = await adminId();
    const valid = await server.login(ADMIN);
    const [, payload] = valid.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);

    const expired = signToken({ ...claims, iat: now - 7200, exp: now - 60 }, secret);
    const wrongSecret = signToken(claims, 'a-completely-different-secret-of-enough-length');
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const algNoneSigned = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${valid.split('.')[2]}`;
    const hs512 = `${b64({ alg: 'HS512', typ: 'JWT' })}.${payload}.${crypto
      .createHmac('sha512', secret)
      .update(`${b64({ alg: 'HS512', typ: 'JWT' })}.${payload}`)
      .digest('base64url')}`;
    const tampered = `${valid.split('.')[0]}.${b64({ ...claims, sub: String(id + 1) })}.${valid.split('.')[2]}`;
    const unknownSession = signToken({ ...claims, jti: crypto.randomUUID() }, secret);
    for (const [name, token] of Object.entries({
      expired,
      wrongSecret,
      algNone,
      algNoneSigned,
      hs512,
      tampered,
      unknownSession,
    })) {
      const response = await me(token);
      expect(response.status, name).toBe(401);
      expect(response.body.message, name).toMatch(/sign in again/i);
    }
    expect((await me(valid)).status).toBe(200);
  });

  it('revokes the token on logout', async () => {
    const token = await server.login(ADMIN);
    expect((await server.call({ method: 'POST', url: '/api/token/logout', token })).status).toBe(200);
    expect((await me(token)).status).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/Auth/features/get', token })).status).toBe(401);
    expect((await server.call({ method: 'POST', url: '/api/token/logout', token })).status).toBe(401);
  });

  it('registers an unverified, inactive user who reaches only the account-flow calls', async () => {
    const payload = {
      email: `new.driver.${kind}@example.com`,
      firstname: 'Nia',
      lastname: 'Roe',
      userType: 'driver',
      password: 'long-enough-1',
      googleRecaptchaToken: 'x',
      AccountId: 1,
    };
    const response = await server.call({ method: 'POST', url: '/api/token/register', payload });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({
      email: payload.email,
      isActive: false,
      isEmailVerified: false,
      userType: 'driver',
    });
    const token = response.body.accessToken;
    expect((await me(token)).body.data.email).toBe(payload.email);
    const features = await server.call({ method: 'GET', url: '/api/Auth/features/get', token });
    expect(features.body).toEqual({ value: [] });
    const users = await server.call({ method: 'GET', url: '/api/User', token });
    expect(users.status).toBe(403);
    expect(
      (
        await server.call({
          method: 'POST',
          url: '/api/AccessManagements/groups/new',
          token,
          payload: { name: 'Mine' },
        })
      ).status,
    ).toBe(403);

    const again = await server.call({
      method: 'POST',
      url: '/api/token/register',
      payload: { ...payload, email: payload.email.toUpperCase() },
    });
    expect(again.status).toBe(409);
    expect(again.body.messages[0].description).toBe('User already exists');
  });

  it('refuses a registration whose AccountId is not 1, and names the field', async () => {
    const response = await server.call({
      method: 'POST',
      url: '/api/token/register',
      payload: {
        email: 'acct@example.com',
        firstname: 'A',
        lastname: 'B',
        userType: 'driver',
        password: 'long-enough-1',
        AccountId: 2,
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.messages[0].field).toBe('AccountId');
    expect(
      await server.db.selectFrom('users').select('id').where('email', '=', 'acct@example.com').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('lists the user types', async () => {
    const response = await server.call({ method: 'GET', url: '/api/token/usertypes' });
    expect(response.body.value.map((t: { id: string }) => t.id)).toEqual([
      'driver',
      'dispatch',
      'carrier',
      'fleetOwner',
    ]);
  });

  it('stops an account that is deactivated at its next call', async () => {
    const token = await server.login('dispatcher2@haulboard.demo');
    await server.db
      .updateTable('users')
      .set({ is_active: 0 })
      .where('email', '=', 'dispatcher2@haulboard.demo')
      .execute();
    expect((await server.call({ method: 'GET', url: '/api/Dispatcher/GetAllNames', token })).status).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/Auth/features/get', token })).body.value).toEqual([]);
    await server.db
      .updateTable('users')
      .set({ is_active: 1 })
      .where('email', '=', 'dispatcher2@haulboard.demo')
      .execute();
  });

  it('writes sign-ins and sign-outs to the audit log', async () => {
    const id = await adminId();
    const token = await server.login(ADMIN);
    await server.call({ method: 'POST', url: '/api/token/logout', token });
    const rows = await server.db
      .selectFrom('audit_log')
      .select(['action', 'entity'])
      .where('actor_id', '=', id)
      .execute();
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['login', 'logout']));
  });
});

describe('reCAPTCHA when RECAPTCHA_SECRET is set', () => {
  let verifier: http.Server;
  let server: TestServer;
  let seen: string[] = [];
  beforeAll(async () => {
    verifier = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push(body);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: new URLSearchParams(body).get('response') === 'good-token' }));
      });
    });
    await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
    const port = (verifier.address() as { port: number }).port;
    server = await startTestServer('sqlite', {
      RECAPTCHA_SECRET: 'test-secret',
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/verify`,
    });
  });
  afterAll(async () => {
    await server.close();
    verifier.close();
  });

  const register = (email: string, googleRecaptchaToken?: string) =>
    server.call({
      method: 'POST',
      url: '/api/token/register',
      payload: {
        email,
        firstname: 'A',
        lastname: 'B',
        userType: 'dispatch',
        password: 'long-enough-1',
        googleRecaptchaToken,
        AccountId: 1,
      },
    });

  it('refuses a missing or failed check and accepts a passed one', async () => {
    seen = [];
    expect((await register('r1@example.com')).status).toBe(400);
    const failed = await register('r2@example.com', 'bad-token');
    expect(failed.status).toBe(400);
    expect(failed.body.messages[0].field).toBe('googleRecaptchaToken');
    expect((await register('r3@example.com', 'good-token')).status).toBe(200);
    expect(seen.every((body) => body.includes('secret=test-secret'))).toBe(true);
  });
});

describe('the signing secret', () => {
  it('is generated into DATA_DIR with mode 600 and reused', () => {
    const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'hb-secret-'));
    const first = resolveJwtSecret(null, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret(null, dir)).toBe(first);
    expect(resolveJwtSecret('x'.repeat(40), dir)).toBe('x'.repeat(40));
    expect(() => resolveJwtSecret('short', dir)).toThrow(/32/);
    fs.rmSync(dir, { recursive: true });
  });
});
