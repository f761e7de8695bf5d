import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('SQLITE_MMAP_MB', () => {
  it('maps 2047 MiB unless told otherwise, and 0 turns the map off', () => {
    expect(loadConfig({}).sqliteMmapMb).toBe(2047);
    expect(loadConfig({ SQLITE_MMAP_MB: '0' }).sqliteMmapMb).toBe(0);
    expect(loadConfig({ SQLITE_MMAP_MB: ' 256 ' }).sqliteMmapMb).toBe(256);
  });

  it('refuses what is not a whole number of MiB from 0 to 2047, naming the variable', () => {
    for (const value of ['-1', '2048', '1.5', 'lots', 'Infinity']) {
      expect(() => loadConfig({ SQLITE_MMAP_MB: value })).toThrow(
        /SQLITE_MMAP_MB must be a whole number from 0 to 2047/,
      );
    }
  });
});

describe('yes/no settings (DEMO_DATA, SQLITE_KEEP_RESIDENT)', () => {
  it('read the usual spellings, and fall back when unset or empty', () => {
    expect(loadConfig({ SQLITE_KEEP_RESIDENT: ' OFF ' }).sqliteKeepResident).toBe(false);
    expect(loadConfig({ SQLITE_KEEP_RESIDENT: '1' }).sqliteKeepResident).toBe(true);
    expect(loadConfig({ SQLITE_KEEP_RESIDENT: '' }).sqliteKeepResident).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'no' }).demoData).toBe(false);
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db' }).demoData).toBe(false);
  });

  it('refuse anything else, naming the variable, instead of reading it as "no"', () => {
    expect(() => loadConfig({ SQLITE_KEEP_RESIDENT: 'ture' })).toThrow(
      'SQLITE_KEEP_RESIDENT must be true or false (or 1/0, yes/no, on/off), not "ture"',
    );
    expect(() => loadConfig({ DEMO_DATA: 'maybe' })).toThrow(/^DEMO_DATA must be true or false/);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told, and reads true/false, a hop count or addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' false ' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'TRUE' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,::1,fd00::/8, loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else at start, naming the variable and the forms it takes', () => {
    for (const value of [
      'yes please',
      '10.0.0',
      '10.0.0.5/33',
      '::1/129',
      '10.0.0.5,',
      'proxy.example.com',
      '-1',
      '1.5',
      '10.0.0.5/8/1',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        `TRUST_PROXY must be true, false, a number of proxy hops, or a comma-separated list of addresses and CIDR ranges (e.g. 10.0.0.5,192.168.0.0/16), not "${value}"`,
      );
    }
  });
});

describe('MAIL_IN_* (sheets by e-mail)', () => {
  const on = { MAIL_IN_PORT: '2525', MAIL_IN_ADDRESS: ' Loads@Haulboard.example ' };

  it('is off unless both the port and the address are set; then listens on 127.0.0.1 with 25 MB messages', () => {
    expect(loadConfig({}).mailIn).toBeNull();
    expect(loadConfig(on).mailIn).toEqual({
      port: 2525,
      host: '127.0.0.1',
      address: 'loads@haulboard.example',
      maxBytes: 25 * 1024 * 1024,
      tls: null,
      allowedSenders: [],
    });
    expect(
      loadConfig({
        ...on,
        MAIL_IN_PORT: '0',
        MAIL_IN_HOST: '0.0.0.0',
        MAIL_IN_MAX_MB: '10',
        MAIL_IN_TLS_KEY: '/etc/ssl/mail.key',
        MAIL_IN_TLS_CERT: '/etc/ssl/mail.crt',
        MAIL_IN_ALLOWED_SENDERS: 'Broker.example, loads.example',
      }).mailIn,
    ).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      maxBytes: 10 * 1024 * 1024,
      tls: { keyFile: '/etc/ssl/mail.key', certFile: '/etc/ssl/mail.crt' },
      allowedSenders: ['broker.example', 'loads.example'],
    });
  });

  it('stops the start on a value it cannot read, naming the variable', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ MAIL_IN_PORT: '2525' }, /MAIL_IN_PORT and MAIL_IN_ADDRESS go together/],
      [{ MAIL_IN_ADDRESS: 'loads@haulboard.example' }, /MAIL_IN_PORT and MAIL_IN_ADDRESS go together/],
      [{ ...on, MAIL_IN_PORT: '70000' }, /MAIL_IN_PORT must be a port number/],
      [{ ...on, MAIL_IN_ADDRESS: 'loads, more@haulboard.example' }, /MAIL_IN_ADDRESS must be one e-mail address/],
      [{ ...on, MAIL_IN_HOST: 'mail.example' }, /MAIL_IN_HOST must be an IP address/],
      [{ ...on, MAIL_IN_MAX_MB: '0' }, /MAIL_IN_MAX_MB must be at least 1/],
      [{ ...on, MAIL_IN_MAX_MB: 'lots' }, /MAIL_IN_MAX_MB must be a whole number from 0 to 100/],
      [{ ...on, MAIL_IN_TLS_KEY: '/k.pem' }, /MAIL_IN_TLS_KEY and MAIL_IN_TLS_CERT go together/],
      [{ ...on, MAIL_IN_ALLOWED_SENDERS: 'broker.example,@x' }, /MAIL_IN_ALLOWED_SENDERS must be .* not "@x"/],
    ];
    for (const [env, message] of cases) expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
  });
});
