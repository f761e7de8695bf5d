import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Sign-in throttling that cannot be turned against the owner (docs/authentication.md#throttles): failures count per
 * account and address, an account-wide backstop still lets the owner in from a usual address or after a password link,
 * and the address is the socket's unless TRUST_PROXY says which proxies may name the client.
 */
/** The limits README's "Limits" section promises (server/modules/auth/throttle.ts). */
const ADDRESS_LIMIT = { failures: 10, windowMs: 15 * 60_000 };
const ACCOUNT_LIMIT = { failures: 50, windowMs: 60 * 60_000 };
const SPRAY_LIMIT = { failures: 100, windowMs: 15 * 60_000 };
const OWNER_ADDRESS = '10.0.0.5';
/** Enough places that none of them reaches its own limit before the account's is reached. */
const MANY_PLACES = ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4', '192.0.2.5', '192.0.2.6'];
const STRANGER = '203.0.113.66';

function signIn(server: TestServer, email: string, password: string, remoteAddress: string, forwardedFor?: string) {
  return server.call({
    method: 'POST',
    url: '/api/Auth/login',
    remoteAddress,
    payload: { email, password },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

async function failuresFrom(
  server: TestServer,
  email: string,
  address: string,
  count: number,
  forwardedFor?: (i: number) => string,
) {
  for (let i = 0; i < count; i++) {
    const response = await signIn(server, email, `wrong-${i}`, address, forwardedFor?.(i));
    expect(response.status, JSON.stringify(response.body)).toBe(401);
  }
}

describe.each(DATABASES)('sign-in throttling on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  /** The backstop's number of failures, spread over many places (each stays under its own limit). */
  async function failuresFromEverywhere(email: string) {
    for (let i = 0; i < ACCOUNT_LIMIT.failures; i++) {
      const response = await signIn(server, email, `guess-${i}`, MANY_PLACES[i % MANY_PLACES.length]);
      expect(response.status, `failure ${i}: ${JSON.stringify(response.body)}`).toBe(401);
    }
  }

  it("does not lock the owner out for a stranger's failures from another address", async () => {
    const email = 'dispatcher@haulboard.demo';
    await failuresFrom(server, email, STRANGER, ADDRESS_LIMIT.failures);
    const stranger = await signIn(server, email, 'demo-password', STRANGER);
    expect(stranger.status).toBe(429);
    expect(stranger.body.messages[0].code).toBe('throttled');
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(server, email, 'demo-password', OWNER_ADDRESS)).status).toBe(200);
    // The stranger's address stays locked; the owner's success does not clear it.
    expect((await signIn(server, email, 'demo-password', STRANGER)).status).toBe(429);
  });

  it('ignores X-Forwarded-For from a client when no proxy is trusted: a forged header changes nothing', async () => {
    const email = 'dispatcher2@haulboard.demo';
    await failuresFrom(server, email, STRANGER, ADDRESS_LIMIT.failures, (i) => `198.51.100.${i}`);
    expect((await signIn(server, email, 'demo-password', STRANGER, '198.51.100.200')).status).toBe(429);
    const rows = await server.db.selectFrom('login_failures').select('address').where('email', '=', email).execute();
    expect(new Set(rows.map((r) => r.address))).toEqual(new Set([STRANGER]));
  });

  it('locks the account for unknown addresses after failures from many places, but lets the owner in from a usual address', async () => {
    const email = 'dispatcher3@haulboard.demo';
    expect((await signIn(server, email, 'demo-password', OWNER_ADDRESS)).status).toBe(200);
    await failuresFromEverywhere(email);

    const elsewhere = await signIn(server, email, 'demo-password', '192.0.2.99');
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.body.messages[0].code).toBe('account_locked');
    expect(elsewhere.body.message).toMatch(/Sign in from a device you have used before/);
    expect(Number(elsewhere.headers['retry-after'])).toBeLessThanOrEqual(ACCOUNT_LIMIT.windowMs / 1000);
    expect((await signIn(server, email, 'demo-password', OWNER_ADDRESS)).status).toBe(200);
    // A wrong password from the usual address still counts, and is still refused.
    expect((await signIn(server, email, 'not-it', OWNER_ADDRESS)).status).toBe(401);

    // Once the failures are older than the backstop's window, any address may try again.
    await server.db
      .updateTable('login_failures')
      .set({ at: new Date(Date.now() - ACCOUNT_LIMIT.windowMs - 60_000).toISOString() })
      .where('email', '=', email)
      .execute();
    expect((await signIn(server, email, 'demo-password', '192.0.2.99')).status).toBe(200);
  });

  it('locks an address that sprays many accounts out of sign-in, except into accounts that usually sign in from it', async () => {
    const sprayer = '198.51.100.77';
    expect((await signIn(server, 'manager@haulboard.demo', 'demo-password', sprayer)).status).toBe(200);
    // One short of the limit, each at a different e-mail (written directly: a hundred password checks add nothing).
    const now = Date.now();
    await server.db
      .insertInto('login_failures')
      .values(
        Array.from({ length: SPRAY_LIMIT.failures - 1 }, (_, i) => ({
          email: `nobody${i}@example.com`,
          address: sprayer,
          at: new Date(now - i * 1000).toISOString(),
        })),
      )
      .execute();
    expect((await signIn(server, 'nobody-last@example.com', 'guess', sprayer)).status).toBe(401);
    const sprayed = await signIn(server, 'dispatcher4@haulboard.demo', 'demo-password', sprayer);
    expect(sprayed.status).toBe(429);
    expect(sprayed.body.messages[0].code).toBe('throttled');
    expect(sprayed.body.message).toMatch(/Too many failed sign-ins from your address/);
    expect(Number(sprayed.headers['retry-after'])).toBeLessThanOrEqual(SPRAY_LIMIT.windowMs / 1000);
    expect((await signIn(server, 'dispatcher4@haulboard.demo', 'demo-password', OWNER_ADDRESS)).status).toBe(200);
    expect((await signIn(server, 'manager@haulboard.demo', 'demo-password', sprayer)).status).toBe(200);
  });

  it('forgets a usual address after 30 days', async () => {
    const email = 'dispatcher4@haulboard.demo';
    expect((await signIn(server, email, 'demo-password', OWNER_ADDRESS)).status).toBe(200);
    const user = await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await server.db
      .updateTable('sign_in_addresses')
      .set({ last_at: new Date(Date.now() - 31 * 86_400_000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    await failuresFromEverywhere(email);
    expect((await signIn(server, email, 'demo-password', OWNER_ADDRESS)).status).toBe(429);
  });

  it('lets the owner in from anywhere after setting a password through a one-time link', async () => {
    const email = 'dispatcher5@haulboard.demo';
    await failuresFromEverywhere(email);
    expect((await signIn(server, email, 'demo-password', '192.0.2.50')).status).toBe(429);
    const admin = await server.login('administrator@haulboard.demo');
    const user = await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const link = await server.call({ method: 'POST', url: `/api/User/${user.id}/password-link`, token: admin });
    const token = new URL(link.body.value.url, 'http://x').searchParams.get('token');
    expect(
      (
        await server.call({
          method: 'POST',
          url: '/api/token/reset-password',
          payload: { token, password: 'a-new-password' },
        })
      ).status,
    ).toBe(200);
    expect((await signIn(server, email, 'a-new-password', '192.0.2.50')).status).toBe(200);
  });

  it('tells a deactivated user, who knows the password, that the account is deactivated, and opens no session', async () => {
    const email = 'driver2@haulboard.demo';
    const admin = await server.login('administrator@haulboard.demo');
    const user = await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect((await server.call({ method: 'POST', url: `/api/User/${user.id}/deactivate`, token: admin })).status).toBe(
      200,
    );
    const sessions = async () =>
      (await server.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).length;
    const before = await sessions();
    const refused = await signIn(server, email, 'demo-password', OWNER_ADDRESS);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This account is deactivated. Ask an administrator to reactivate it.');
    expect(await sessions()).toBe(before);
    // A wrong password says only that: the account's state is not told to someone who does not know the password.
    expect((await signIn(server, email, 'not-it', OWNER_ADDRESS)).body.message).toBe(
      'Please check your email and password',
    );
    expect((await server.call({ method: 'POST', url: `/api/User/${user.id}/activate`, token: admin })).status).toBe(
      200,
    );
    expect((await signIn(server, email, 'demo-password', OWNER_ADDRESS)).status).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  let trustAll: TestServer;
  let trustOne: TestServer;
  beforeAll(async () => {
    trustAll = await startTestServer('sqlite', { TRUST_PROXY: 'true' });
    trustOne = await startTestServer('sqlite', { TRUST_PROXY: '10.9.9.9' });
  });
  afterAll(async () => {
    await trustAll?.close();
    await trustOne?.close();
  });

  it('with the proxies trusted, counts failures against the address the proxy names', async () => {
    const email = 'manager@haulboard.demo';
    await failuresFrom(trustAll, email, '10.9.9.9', ADDRESS_LIMIT.failures, () => STRANGER);
    expect((await signIn(trustAll, email, 'demo-password', '10.9.9.9', STRANGER)).status).toBe(429);
    expect((await signIn(trustAll, email, 'demo-password', '10.9.9.9', OWNER_ADDRESS)).status).toBe(200);
  });

  it('trusts X-Forwarded-For only from the listed proxies', async () => {
    const email = 'manager@haulboard.demo';
    // Through the trusted proxy, the named client is the address.
    await failuresFrom(trustOne, email, '10.9.9.9', ADDRESS_LIMIT.failures, () => STRANGER);
    expect((await signIn(trustOne, email, 'demo-password', '10.9.9.9', OWNER_ADDRESS)).status).toBe(200);
    // From anywhere else the header is the client's own claim, and the socket's address counts.
    await failuresFrom(trustOne, email, '10.7.7.7', ADDRESS_LIMIT.failures, (i) => `198.51.100.${i}`);
    expect((await signIn(trustOne, email, 'demo-password', '10.7.7.7', '198.51.100.201')).status).toBe(429);
  });
});
