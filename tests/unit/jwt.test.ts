import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from '../../server/auth/jwt';
import { parseDuration } from '../../server/config';
import { redactUrl } from '../../server/http/logging';

const SECRET = 'unit-test-secret-that-is-long-enough';
const claims = { sub: '7', jti: 'abc', iat: 1000, exp: 2000 };

describe('tokens', () => {
  it('round-trips a signed token before expiry', () => {
    expect(verifyToken(signToken(claims, SECRET), SECRET, 1500)).toEqual({ ok: true, claims });
  });
  it.each([
    ['expired', signToken(claims, SECRET), 2000, 'expired'],
    ['wrong secret', signToken(claims, 'another-secret-entirely-long-enough'), 1500, 'signature'],
    ['garbage', 'a.b', 1500, 'malformed'],
    ['not base64url', 'a.b+c.d', 1500, 'malformed'],
  ])('refuses %s', (_name, token, now, reason) => {
    expect(verifyToken(token as string, SECRET, now as number)).toEqual({ ok: false, reason });
  });
  it('refuses alg none before looking at the signature', () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    expect(verifyToken(`${header}.${payload}.`, SECRET, 1500)).toEqual({ ok: false, reason: 'algorithm' });
  });
});

describe('configuration', () => {
  it.each([
    ['8h', 28800],
    ['30m', 1800],
    ['2d', 172800],
    ['45', 45],
    ['10s', 10],
  ])('reads %s as %d seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });
  it.each(['', 'soon', '0', '-1h', '1w'])('refuses "%s"', (text) => {
    expect(() => parseDuration(text)).toThrow();
  });
});

describe('log redaction', () => {
  it('masks the access_token query value wherever it stands', () => {
    expect(redactUrl('/notify?id=1&access_token=eyJ.abc.def&x=2')).toBe('/notify?id=1&access_token=[redacted]&x=2');
    expect(redactUrl('/notify?ACCESS_TOKEN=secret')).toBe('/notify?ACCESS_TOKEN=[redacted]');
    expect(redactUrl('/api/User?Page=1')).toBe('/api/User?Page=1');
  });
});
