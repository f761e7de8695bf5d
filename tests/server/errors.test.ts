/**
 * The limits of the API (docs/api-calls.md#errors): what a malformed, mistyped, oversized or misrouted request gets
 * back, the numbers JSON cannot hold, page-size bounds, the security headers, and tokens kept out of the logs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thirdPartyOrigins } from '../../server/app';
import { redactUrl } from '../../server/http/logging';
import { DATABASES, type TestServer, fingerprint, startTestServer } from '../helpers/server';

const ADMIN = 'administrator@haulboard.demo';
const MIB = 1024 * 1024;
const JSON_TYPE = { 'content-type': 'application/json' };

type Response = Awaited<ReturnType<TestServer['call']>>;

/** The error body (docs/api-calls.md#errors), sent as JSON, without a stack trace. */
function expectErrorBody(response: Response, status: number): void {
  const where = `${status} expected, got ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`;
  expect(response.status, where).toBe(status);
  expect(String(response.headers['content-type']), where).toMatch(/^application\/json/);
  expect(typeof response.body.message, where).toBe('string');
  expect(response.body.message.length, where).toBeGreaterThan(0);
  expect(Array.isArray(response.body.messages) && response.body.messages.length > 0, where).toBe(true);
  for (const message of response.body.messages) {
    expect(typeof message.code, where).toBe('string');
    expect(typeof message.description, where).toBe('string');
  }
  expect(JSON.stringify(response.body), where).not.toMatch(/\\n\s+at |node_modules|\.ts:\d+/);
}

/** The message names the field (query keys arrive in any casing, so compare without case). */
function expectFieldNamed(response: Response, field: string): void {
  const fields = response.body.messages.map((m: { field?: string }) => String(m.field ?? '').toLowerCase());
  expect(fields, JSON.stringify(response.body)).toContain(field.toLowerCase());
  expect(response.body.message.toLowerCase()).toContain(field.toLowerCase());
}

/** A JSON body of exactly `bytes` bytes: {"name":"xxxx…"}. */
function bodyOfSize(bytes: number): string {
  const head = '{"name":"';
  const tail = '"}';
  return head + 'x'.repeat(bytes - head.length - tail.length) + tail;
}

describe.each(DATABASES)('request limits and error bodies on %s', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    token = await server.login(ADMIN);
  });
  afterAll(() => server.close());

  /** A call that must be refused with `status` and the error body, changing nothing in the database. */
  async function refused(options: Parameters<TestServer['call']>[0], status: number): Promise<Response> {
    const before = await fingerprint(server.db);
    const response = await server.call(options);
    expectErrorBody(response, status);
    expect(await fingerprint(server.db), `${options.method} ${options.url} changed the database`).toBe(before);
    return response;
  }

  describe('malformed JSON', () => {
    const MALFORMED = [
      '{',
      '{"name":}',
      "{'name':'x'}",
      '{"name":"x",}',
      '{name:"x"}',
      'NaN',
      'undefined',
      '{"name":"x"}}',
      '"unterminated',
      '{"name":"\\x"}',
      '\u0000',
    ];
    it.each(MALFORMED)('%j to a signed-in write → 400 with the error body', async (text) => {
      const response = await refused(
        { method: 'POST', url: '/api/AccessManagements/groups/new', payload: text, headers: JSON_TYPE, token },
        400,
      );
      expect(response.body.message).toMatch(/JSON|not valid/i);
    });

    it.each(MALFORMED)('%j to the public sign-in → 400 with the error body', async (text) => {
      await refused({ method: 'POST', url: '/api/Auth/login', payload: text, headers: JSON_TYPE }, 400);
    });

    it('an empty JSON body → 400', async () => {
      await refused(
        { method: 'POST', url: '/api/AccessManagements/groups/new', payload: '', headers: JSON_TYPE, token },
        400,
      );
      await refused(
        { method: 'PUT', url: '/api/AccessManagements/groups/rename', payload: '', headers: JSON_TYPE, token },
        400,
      );
    });

    it('an array or a scalar where an object belongs → 400', async () => {
      for (const text of ['[{"name":"Mine"}]', '"Mine"', '42', 'null', 'true']) {
        await refused(
          { method: 'POST', url: '/api/AccessManagements/groups/new', payload: text, headers: JSON_TYPE, token },
          400,
        );
      }
    });
  });

  describe('content types', () => {
    it.each([
      'text/xml',
      'application/xml',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/octet-stream',
    ])('%s → 415 with the error body', async (type) => {
      const response = await refused(
        {
          method: 'POST',
          url: '/api/AccessManagements/groups/new',
          payload: '<group><name>Mine</name></group>',
          headers: { 'content-type': type },
          token,
        },
        415,
      );
      expect(response.body.message).toMatch(/application\/json/);
    });

    it('text/plain → 415: the API reads JSON only, whatever the text holds', async () => {
      await refused(
        {
          method: 'POST',
          url: '/api/AccessManagements/groups/new',
          payload: '{"name":"Plain text group"}',
          headers: { 'content-type': 'text/plain' },
          token,
        },
        415,
      );
      await refused(
        {
          method: 'POST',
          url: '/api/Auth/login',
          payload: `{"email":"${ADMIN}","password":"demo-password"}`,
          headers: { 'content-type': 'text/plain' },
        },
        415,
      );
    });

    it('a body without any content type → 415', async () => {
      await refused(
        { method: 'POST', url: '/api/AccessManagements/groups/new', payload: '{"name":"Untyped"}', token },
        415,
      );
    });

    it('a signed-out caller is turned away (401) before the content type is looked at', async () => {
      await refused(
        {
          method: 'POST',
          url: '/api/AccessManagements/groups/new',
          payload: '<x/>',
          headers: { 'content-type': 'text/xml' },
        },
        401,
      );
    });
  });

  describe('body size', () => {
    it('a body over 1 MiB → 413 with the error body', async () => {
      const response = await refused(
        {
          method: 'POST',
          url: '/api/AccessManagements/groups/new',
          payload: bodyOfSize(MIB + 1),
          headers: JSON_TYPE,
          token,
        },
        413,
      );
      expect(response.body.message).toMatch(/too large/i);
      await refused({ method: 'POST', url: '/api/Auth/login', payload: bodyOfSize(2 * MIB), headers: JSON_TYPE }, 413);
      await refused(
        {
          method: 'PUT',
          url: '/api/AccessManagements/groups/rename',
          payload: bodyOfSize(5 * MIB),
          headers: JSON_TYPE,
          token,
        },
        413,
      );
    });

    it('a body of exactly 1 MiB is read (and then validated: 400, not 413)', async () => {
      const response = await refused(
        {
          method: 'POST',
          url: '/api/AccessManagements/groups/new',
          payload: bodyOfSize(MIB),
          headers: JSON_TYPE,
          token,
        },
        400,
      );
      expectFieldNamed(response, 'name');
    });

    it('an oversized body of another content type is refused unread as 415, as JSON', async () => {
      await refused(
        {
          method: 'POST',
          url: '/api/Auth/login',
          payload: 'x'.repeat(2 * MIB),
          headers: { 'content-type': 'text/plain' },
        },
        415,
      );
    });
  });

  describe('unknown routes', () => {
    const PATHS = [
      '/api/nope',
      '/api/User/1/nope',
      '/api/AccessManagements',
      '/api',
      '/api/',
      '/api/Users',
      '/api/token',
      '/api/docs-not-here',
    ];
    it.each(PATHS)('%s → 404 JSON for every method, signed in or not, whatever the client accepts', async (url) => {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        for (const t of [undefined, token]) {
          const response = await refused(
            {
              method,
              url,
              token: t,
              headers: { accept: 'text/html,application/xhtml+xml', ...(method === 'GET' ? {} : JSON_TYPE) },
              ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{}' }),
            },
            404,
          );
          expect(String(response.body)).not.toMatch(/<html/i);
        }
      }
    });

    it('a known path with a method it does not take → 404 JSON', async () => {
      await refused({ method: 'GET', url: '/api/Auth/login' }, 404);
      await refused({ method: 'DELETE', url: '/api/AccessManagements/groups/new', token }, 404);
    });

    it('a URL that cannot be decoded → 400 with the error body', async () => {
      await refused({ method: 'GET', url: '/api/%zz' }, 400);
      await refused({ method: 'DELETE', url: '/api/AccessManagements/groups/remove/%', token }, 400);
      await refused({ method: 'DELETE', url: '/api/AccessManagements/groups/remove/%E2%82', token }, 400);
    });

    it('an over-long path value → an error with the error body, not the framework’s own', async () => {
      const response = await server.call({
        method: 'DELETE',
        url: `/api/AccessManagements/groups/remove/${'1'.repeat(150)}`,
        token,
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expectErrorBody(response, response.status);
    });
  });

  describe('numbers JSON cannot hold, and page sizes', () => {
    it('1e309 as a JSON number in a body → 400 naming the field', async () => {
      expectFieldNamed(
        await refused(
          {
            method: 'POST',
            url: '/api/AccessManagements/groups/new',
            payload: '{"name":1e309}',
            headers: JSON_TYPE,
            token,
          },
          400,
        ),
        'name',
      );
      expectFieldNamed(
        await refused(
          {
            method: 'PUT',
            url: '/api/AccessManagements/groups/rename',
            payload: '{"groupId":1e309,"name":"Renamed"}',
            headers: JSON_TYPE,
            token,
          },
          400,
        ),
        'groupId',
      );
      expectFieldNamed(
        await refused(
          {
            method: 'PUT',
            url: '/api/AccessManagements/groups/rename',
            payload: '{"groupId":-1e309,"name":"Renamed"}',
            headers: JSON_TYPE,
            token,
          },
          400,
        ),
        'groupId',
      );
      expectFieldNamed(
        await refused(
          {
            method: 'POST',
            url: '/api/AccessManagements/features/dnd-in-group',
            payload: '{"featureGroupId":1,"featureId":1e309}',
            headers: JSON_TYPE,
            token,
          },
          400,
        ),
        'featureId',
      );
      expectFieldNamed(
        await refused(
          {
            method: 'POST',
            url: '/api/Auth/login',
            payload: `{"email":"${ADMIN}","password":1e309}`,
            headers: JSON_TYPE,
          },
          400,
        ),
        'password',
      );
      const inArray = await refused(
        {
          method: 'PUT',
          url: '/api/AccessManagements/groups/reorder',
          payload: '{"groupIds":[1e309]}',
          headers: JSON_TYPE,
          token,
        },
        400,
      );
      expect(inArray.body.messages[0].field).toMatch(/^groupIds/);
    });

    it('other numbers that are no id → 400 naming the field', async () => {
      for (const value of [
        '-0',
        '0',
        '-1',
        '1.5',
        '2147483648',
        '9007199254740993',
        '1e21',
        '"1"',
        'true',
        'null',
        '[]',
        '{}',
      ]) {
        const response = await refused(
          {
            method: 'PUT',
            url: '/api/AccessManagements/groups/rename',
            payload: `{"groupId":${value},"name":"Renamed"}`,
            headers: JSON_TYPE,
            token,
          },
          400,
        );
        expectFieldNamed(response, 'groupId');
      }
    });

    it('1e309 as a query value → 400 naming the field', async () => {
      expectFieldNamed(await refused({ method: 'GET', url: '/api/User?Size=1e309', token }, 400), 'Size');
      expectFieldNamed(await refused({ method: 'GET', url: '/api/User?Page=1e309', token }, 400), 'Page');
      expectFieldNamed(await refused({ method: 'GET', url: '/api/AuditLog?Size=1e309', token }, 400), 'Size');
      expectFieldNamed(await refused({ method: 'GET', url: '/api/User?roleId=1e309', token }, 400), 'roleId');
    });

    it.each([
      'Infinity',
      '-Infinity',
      'NaN',
      '-1',
      '0',
      '-0',
      '1.5',
      '99999999999999999999',
      '1e3',
      '0x10',
      '',
      '%205',
      '10001',
      '5&Size=6',
    ])('User list Size=%s → 400', async (size) => {
      expectFieldNamed(await refused({ method: 'GET', url: `/api/User?Size=${size}`, token }, 400), 'Size');
    });

    it.each(['Infinity', '-1', '1e309', '1.5', '10000001'])('User list Page=%s → 400', async (pageNumber) => {
      expectFieldNamed(await refused({ method: 'GET', url: `/api/User?Page=${pageNumber}`, token }, 400), 'Page');
    });

    it('User lists take Size up to 10000, and not one more', async () => {
      for (const url of ['/api/User', '/api/User/users-filtered']) {
        const ok = await server.call({ method: 'GET', url: `${url}?Size=10000`, token });
        expect(ok.status, JSON.stringify(ok.body).slice(0, 200)).toBe(200);
        expect(ok.body.value.size).toBe(10000);
        expectFieldNamed(await refused({ method: 'GET', url: `${url}?Size=10001`, token }, 400), 'Size');
        expectFieldNamed(await refused({ method: 'GET', url: `${url}?size=10001`, token }, 400), 'Size');
      }
    });

    it('other lists keep their own, smaller limit', async () => {
      expect((await server.call({ method: 'GET', url: '/api/AuditLog?Size=500', token })).status).toBe(200);
      expectFieldNamed(await refused({ method: 'GET', url: '/api/AuditLog?Size=501', token }, 400), 'Size');
    });
  });

  describe('headers', () => {
    it("opens the page to Google only for what the build was given: reCAPTCHA's script and frame, Firebase push's endpoints", () => {
      expect(thirdPartyOrigins({})).toEqual({ script: [], frame: [], connect: [] });
      const recaptcha = thirdPartyOrigins({ VITE_RECAPTCHA_SITE_KEY: 'site-key' });
      expect(recaptcha.script).toEqual(['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']);
      expect(recaptcha.frame).toContain('https://www.google.com/recaptcha/');
      expect(recaptcha.connect).toEqual([]);
      expect(thirdPartyOrigins({ VITE_FIREBASE_API_KEY: 'key' }).connect).toContain(
        'https://fcmregistrations.googleapis.com',
      );
    });

    const HELMET = {
      'x-content-type-options': /^nosniff$/,
      'x-frame-options': /^SAMEORIGIN$|^DENY$/,
      'strict-transport-security': /max-age=\d+/,
      'referrer-policy': /no-referrer/,
      'cross-origin-opener-policy': /same-origin/,
      'x-dns-prefetch-control': /^off$/,
    };

    it('security headers and a request id on successes, errors and unknown routes', async () => {
      const driver = await server.login('driver@haulboard.demo');
      const responses = {
        success: await server.call({ method: 'GET', url: '/api/version' }),
        signedIn: await server.call({ method: 'GET', url: '/api/token/me', token }),
        unauthorized: await server.call({ method: 'GET', url: '/api/token/me' }),
        forbidden: await server.call({ method: 'GET', url: '/api/AuditLog', token: driver }),
        validation: await server.call({ method: 'GET', url: '/api/User?Size=0', token }),
        badJson: await server.call({ method: 'POST', url: '/api/Auth/login', payload: '{', headers: JSON_TYPE }),
        wrongType: await server.call({
          method: 'POST',
          url: '/api/Auth/login',
          payload: '<x/>',
          headers: { 'content-type': 'text/xml' },
        }),
        tooLarge: await server.call({
          method: 'POST',
          url: '/api/Auth/login',
          payload: bodyOfSize(MIB + 10),
          headers: JSON_TYPE,
        }),
        notFound: await server.call({ method: 'GET', url: '/api/nope' }),
      };
      expect(responses.forbidden.status).toBe(403);
      const missing: string[] = [];
      const ids = new Set<string>();
      for (const [name, response] of Object.entries(responses)) {
        const csp = String(response.headers['content-security-policy'] ?? '');
        for (const directive of ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'"]) {
          if (!csp.includes(directive))
            missing.push(`${name} (${response.status}): content-security-policy without ${directive}`);
        }
        for (const [header, pattern] of Object.entries(HELMET)) {
          if (!pattern.test(String(response.headers[header] ?? '')))
            missing.push(`${name} (${response.status}): ${header} = ${JSON.stringify(response.headers[header])}`);
        }
        const id = String(response.headers['x-request-id'] ?? '');
        if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id))
          missing.push(`${name} (${response.status}): x-request-id = ${JSON.stringify(id)}`);
        ids.add(id);
        if (response.headers['x-powered-by'] !== undefined) missing.push(`${name}: x-powered-by is sent`);
      }
      expect(missing).toEqual([]);
      expect(ids.size, 'each request gets its own id').toBe(Object.keys(responses).length);
    });
  });
});

describe('redactUrl', () => {
  it('masks the access_token query value wherever it stands, in any casing', () => {
    expect(redactUrl('/hubs/board?access_token=abc.def.ghi')).toBe('/hubs/board?access_token=[redacted]');
    expect(redactUrl('/hubs/board?x=1&access_token=abc.def.ghi&y=2')).toBe(
      '/hubs/board?x=1&access_token=[redacted]&y=2',
    );
    expect(redactUrl('/hubs/board?ACCESS_TOKEN=abc&Access_Token=def')).toBe(
      '/hubs/board?ACCESS_TOKEN=[redacted]&Access_Token=[redacted]',
    );
    expect(redactUrl('/hubs/board?access_token=abc#frag')).toBe('/hubs/board?access_token=[redacted]#frag');
    expect(redactUrl('/api/User?Size=5')).toBe('/api/User?Size=5');
    // Whatever else a parameter is called, a name that says token is masked too (docs/product/conventions.md#limits).
    expect(redactUrl('/api/User?my_access_token=abc')).toBe('/api/User?my_access_token=[redacted]');
  });

  it('masks it when the client percent-encodes the key, since the server decodes it to access_token', () => {
    for (const url of [
      '/hubs/board?access%5Ftoken=SECRET',
      '/hubs/board?%61ccess_token=SECRET',
      '/hubs/board?access%5ftoken=SECRET',
    ]) {
      expect(redactUrl(url), url).not.toContain('SECRET');
    }
  });
});

/**
 * The real logs: buildApp/createServer take only `logger: boolean`, so there is no way to hand them a stream in
 * process. Instead the real server (npm start's server/main.ts) runs as a child process with LOG_LEVEL=info and its
 * stdout, where pino writes, is read.
 */
describe('tokens never reach the logs (the real server, its stdout)', () => {
  const root = path.resolve(__dirname, '../..');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-logs-'));
  let child: ChildProcess | null = null;
  let output = '';
  let base = '';
  let bearer = '';
  const SECRETS = ['QUERYSECRET1', 'QUERYSECRET2', 'QUERYSECRET3', 'QUERYSECRET4', 'QUERYSECRET5'];
  const ENCODED_SECRET = 'ENCODEDKEYSECRET';

  beforeAll(async () => {
    child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO_DATA: 'true',
        DEMO_LEDGERS: 'false',
        LOG_LEVEL: 'info',
        JWT_SECRET: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    base = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 45_000);
      const check = () => {
        const match = /Haulboard is running: http:\/\/localhost:(\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(`http://127.0.0.1:${match[1]}`);
        }
      };
      child!.stdout!.on('data', check);
      child!.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
    });

    const login = await fetch(`${base}/api/Auth/login`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ email: ADMIN, password: 'demo-password' }),
    });
    bearer = ((await login.json()) as { value: string }).value;
    const auth = { authorization: `Bearer ${bearer}` };
    const urls = [
      `/api/User?access_token=${bearer}`,
      `/api/User?Size=5&access_token=${SECRETS[0]}&Search=x`,
      `/api/nope?access_token=${SECRETS[1]}`,
      `/api/User?Size=1e309&Access_Token=${SECRETS[2]}`,
      `/api/token/me?ACCESS_TOKEN=${SECRETS[3]}`,
      `/api/%zz?access_token=${SECRETS[4]}`,
      `/api/User?access%5Ftoken=${ENCODED_SECRET}`,
    ];
    for (const url of urls) {
      const response = await fetch(`${base}${url}`, { headers: auth });
      await response.text();
    }
    // A body that fails deep in the stack, with the token inside it, for the error logs.
    await (
      await fetch(`${base}/api/AccessManagements/groups/new?access_token=${SECRETS[0]}`, {
        method: 'POST',
        headers: { ...auth, ...JSON_TYPE },
        body: '{',
      })
    ).text();

    // Stop the server (by its own pid) and keep everything it wrote: it finishes its requests and flushes its log
    // before exiting, and 'close' comes once its output has been read to the end ('exit' can come before).
    const exited = new Promise((resolve) => child!.once('close', resolve));
    child.kill('SIGTERM');
    await exited;
    child = null;
  }, 60_000);

  afterAll(() => {
    if (child?.pid) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs the requests (so the check below means something), with the value masked', () => {
    expect(output).toMatch(/"url":"\/api\/User\?Size=5&access_token=\[redacted\]&Search=x"/);
    expect(output).toContain('/api/nope?access_token=[redacted]');
  });

  it('never writes the access_token query value, nor the bearer token', () => {
    expect(bearer.length).toBeGreaterThan(20);
    expect(output).not.toContain(bearer);
    expect(output).not.toContain(bearer.split('.')[2]);
    for (const secret of SECRETS) expect(output, secret).not.toContain(secret);
  });

  it('never writes it when the client percent-encodes the key (access%5Ftoken), which the server reads as access_token', () => {
    expect(output).not.toContain(ENCODED_SECRET);
  });
});
