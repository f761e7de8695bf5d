import * as argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Sign-in does not tell accounts apart: a known e-mail with a wrong password and an e-mail nobody has get the same
 * status and the same words, and both cost an argon2 verification (an unknown e-mail is verified against a dummy hash
 * of the real hashes' parameters), so neither the answer nor its time says whether the account exists. The failures
 * still count towards the throttles.
 */
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: vi.fn((...args: Parameters<typeof real.verify>) => real.verify(...args)),
    hash: vi.fn((...args: Parameters<typeof real.hash>) => real.hash(...args)),
  };
});
const verify = vi.mocked(argon2.verify);
const hash = vi.mocked(argon2.hash);

/** The cost parameters of an argon2 hash in PHC form ($argon2id$v=19$m=…,t=…,p=…$salt$hash), and its salt and hash lengths. */
function costOf(phc: string) {
  const [, algorithm, version, params, salt, hash] = phc.split('$');
  return {
    algorithm,
    version,
    params,
    saltLength: Buffer.from(salt, 'base64').length,
    hashLength: Buffer.from(hash, 'base64').length,
  };
}

describe.each(DATABASES)('sign-in answers on %s', (kind) => {
  let server: TestServer;
  let address = 0;
  /** Each sign-in from its own address: the per-address throttle of one never reaches the next. */
  const signIn = (email: string, password: string, remoteAddress = `198.51.100.${++address}`) =>
    server.call({ method: 'POST', url: '/api/Auth/login', payload: { email, password }, remoteAddress });

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    verify.mockClear();
    hash.mockClear();
  });

  it('verifies an argon2 hash in both cases, the unknown e-mail against a dummy of the real hashes’ cost', async () => {
    const stored = await server.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'manager@haulboard.demo')
      .executeTakeFirstOrThrow();
    await signIn('manager@haulboard.demo', 'not-the-password');
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0][0]).toBe(stored.password_hash);

    verify.mockClear();
    await signIn('nobody.else@haulboard.demo', 'not-the-password');
    expect(verify).toHaveBeenCalledTimes(1);
    // The first unknown e-mail of this server's life costs no more than a wrong password: no hash is made for it.
    expect(hash).not.toHaveBeenCalled();
    const dummy = String(verify.mock.calls[0][0]);
    expect(dummy).not.toBe(stored.password_hash);
    expect(costOf(dummy)).toEqual(costOf(stored.password_hash!));

    verify.mockClear();
    await signIn('nobody.either@haulboard.demo', 'not-the-password');
    expect(verify).toHaveBeenCalledTimes(1);
    expect(hash).not.toHaveBeenCalled();
  });

  it('answers a wrong password and an unknown e-mail alike: the same status, the same body', async () => {
    const wrong = await signIn('manager@haulboard.demo', 'not-the-password');
    const unknown = await signIn('nobody.at.all@haulboard.demo', 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.message).toBe('Please check your email and password');
    // Nothing in the answer points at either field.
    expect(wrong.body.messages).toEqual([
      { code: 'invalid_credentials', description: 'Please check your email and password' },
    ]);
  });

  it('still counts both kinds of failure towards the per-address lock', async () => {
    for (const email of ['banking@haulboard.demo', 'nobody.locked@haulboard.demo']) {
      const from = `192.0.2.${++address}`;
      for (let i = 0; i < 10; i++) expect((await signIn(email, `wrong-${i}`, from)).status).toBe(401);
      const locked = await signIn(email, 'demo-password', from);
      expect(locked.status).toBe(429);
      expect(locked.body.message).toMatch(/Too many failed sign-ins to this account from your address/);
    }
  });
});
