/**
 * Property-based fuzz of every write route (POST/PUT/PATCH/DELETE under /api), discovered from the running app.
 *
 * For random and hostile requests — bodies of any shape, numbers JSON.parse turns into Infinity (1e309) or -0,
 * prototype-pollution keys, deep nesting, long strings, arrays where objects belong, wrong types for each known
 * field, malformed JSON, wrong content types, random query strings and path values — signed in as an administrator
 * (the shared one, or one who has never touched anything yet), with a bad token or none:
 *  - never a 5xx;
 *  - every error is JSON shaped { message, messages: [{ code, description, field? }] } (docs/api-calls.md#errors);
 *  - a rejected write (status >= 400) leaves every table as it was (the test helper's fingerprint, read again only
 *    when a trigger counted a write: watchedFingerprint);
 *  - a protected route never succeeds without a valid token.
 *
 * FUZZ_RUNS=n changes the runs per route (default 80 on SQLite, 40 on PostgreSQL); FUZZ_SEED=n replays a reported seed.
 *
 * One test file per database (fuzz.sqlite.test.ts, fuzz.postgres.test.ts), so that two workers share the work.
 */
import { hash } from '@node-rs/argon2';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../server/db/seed';
import { type DatabaseKind, type TestServer, startTestServer, watchedFingerprint } from '../../helpers/server';

/**
 * Runs per route. What a route checks before it writes (and so what refuses fuzz) is the same code on both databases;
 * PostgreSQL adds only what the database itself refuses, so it runs half as many: its file was the slowest of
 * npm test (198 s of 1,352 s in a CI run, 80 runs) beside SQLite's (88 s).
 */
const RUNS: Record<DatabaseKind, number> = process.env.FUZZ_RUNS
  ? { sqlite: Number(process.env.FUZZ_RUNS), postgres: Number(process.env.FUZZ_RUNS) }
  : { sqlite: 80, postgres: 40 };
const FRESH_BATCH = 32;
const CHEAP_PASSWORD_HASH = hash(DEMO_PASSWORD, { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 });
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const ADMIN = 'administrator@haulboard.demo';
const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;

interface JsonSchema {
  type?: string | string[];
  not?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

interface WriteRoute {
  method: string;
  /** OpenAPI form: /api/AccessManagements/groups/remove/{groupId} */
  path: string;
  params: string[];
  body: JsonSchema | undefined;
  isPublic: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Discovery: the OpenAPI document lists every documented route; the access inventory adds any hidden write route.

async function discoverWriteRoutes(): Promise<WriteRoute[]> {
  const server = await startTestServer('sqlite');
  try {
    const doc = await server.call({ method: 'GET', url: '/api/openapi.json' });
    if (doc.status !== 200) throw new Error(`GET /api/openapi.json: ${doc.status}`);
    const routes = new Map<string, WriteRoute>();
    for (const [path, item] of Object.entries(doc.body.paths as Record<string, Record<string, any>>)) {
      // The API, and the connected apps' token exchange (POST /apps/auth-token).
      if (!path.startsWith('/api/') && !path.startsWith('/apps/')) continue;
      for (const method of WRITE_METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
        routes.set(`${method.toUpperCase()} ${path}`, {
          method: method.toUpperCase(),
          path,
          params,
          body: operation.requestBody?.content?.['application/json']?.schema,
          isPublic: Array.isArray(operation.security) && operation.security.length === 0,
        });
      }
    }
    const inventory =
      (server.app as unknown as { routeInventory?: { method: string; url: string; access: object }[] })
        .routeInventory ?? [];
    for (const entry of inventory) {
      const method = entry.method.toUpperCase();
      if (!WRITE_METHODS.includes(method.toLowerCase() as (typeof WRITE_METHODS)[number])) continue;
      const path = entry.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const key = `${method} ${path}`;
      if (routes.has(key)) continue;
      routes.set(key, {
        method,
        path,
        params: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]),
        body: undefined,
        isPublic: 'public' in entry.access,
      });
    }
    return [...routes.values()];
  } finally {
    await server.close();
  }
}

const ROUTES = await discoverWriteRoutes();

// ---------------------------------------------------------------------------------------------------------------
// Generators

/** An intersection (allOf: an update body is the create body and its version) as one object schema. */
function merged(schema: JsonSchema): JsonSchema {
  if (!schema.allOf?.length) return schema;
  const parts = schema.allOf.map(merged);
  return {
    type: 'object',
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})),
    required: parts.flatMap((part) => part.required ?? []),
  };
}

/** Roughly valid values for a JSON Schema, so that some requests get past validation into the handlers. */
function validValue(given: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!given || depth > 5) return fc.jsonValue({ maxDepth: 2 });
  const schema = merged(given);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validValue(s, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const max = Math.min(schema.maxLength ?? 40, 60);
      const min = Math.min(schema.minLength ?? 0, max);
      if (schema.format === 'email' || schema.pattern?.includes('@'))
        return fc.emailAddress().filter((e) => e.length <= (schema.maxLength ?? 254));
      if (schema.pattern) {
        try {
          const pattern = new RegExp(schema.pattern);
          return fc
            .stringMatching(pattern)
            .filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
        } catch {
          // fall through to a plain string
        }
      }
      return fc.string({ minLength: min, maxLength: max });
    }
    case 'integer':
    case 'number': {
      const lo =
        schema.minimum ??
        (schema.exclusiveMinimum !== undefined ? Math.floor(schema.exclusiveMinimum) + 1 : -1_000_000);
      const hi =
        schema.maximum ?? (schema.exclusiveMaximum !== undefined ? Math.ceil(schema.exclusiveMaximum) - 1 : 1_000_000);
      // Money's lowest is a cent (0.01): the integers start at the next whole number.
      const low = Math.ceil(Math.max(lo, -2_147_483_648));
      const high = Math.floor(Math.min(hi, 2_147_483_647));
      // Mostly small ids, so that requests also reach real records.
      const ints = fc.oneof(
        {
          weight: 4,
          arbitrary: fc.integer({ min: Math.max(low, Math.min(1, high)), max: Math.min(high, Math.max(low, 1) + 40) }),
        },
        { weight: 1, arbitrary: fc.constantFrom(low, high) },
        { weight: 1, arbitrary: fc.integer({ min: low, max: high }) },
      );
      return type === 'integer'
        ? ints
        : fc.oneof(ints, fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true }));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 6, Math.max(schema.minItems ?? 0, 6)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      // A property no value is valid for (`not: {}`: a field an update refuses) is left out of a valid body.
      const keys = Object.keys(properties).filter((k) => !properties[k].not);
      if (!keys.length) return fc.constant({});
      const required = (schema.required ?? []).filter((k) => keys.includes(k));
      return fc.record(Object.fromEntries(keys.map((k) => [k, validValue(properties[k], depth + 1)])), {
        requiredKeys: required,
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Raw JSON text of a number, keeping what JSON.stringify loses: -0 and the ones JSON.parse reads as ±Infinity. */
function numberText(n: number): string {
  if (Object.is(n, -0)) return '-0';
  if (n === Infinity) return '1e309';
  if (n === -Infinity) return '-1e309';
  return String(n);
}

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);
const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
];

/** Hostile JSON values, as raw text (so 1e309 and -0 survive). */
const hostileValue: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '1e309',
      '-1e309',
      '-0',
      '0',
      '-1',
      '1.5',
      '-2147483649',
      '2147483648',
      '9007199254740993',
      '1e21',
      '1e-400',
      '123456789012345678901234567890',
      '"NaN"',
      '"Infinity"',
      '"-Infinity"',
      '"1e309"',
      '"-0"',
      '"1"',
      '"0x10"',
      '""',
      '"   "',
      'null',
      'true',
      'false',
      '[]',
      '{}',
      '[1e309]',
      '[-0]',
      '[null]',
      '[[]]',
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '"\\u0000"',
      '"\\ud800"',
      '"<script>alert(1)</script>"',
      '"\' OR 1=1 --"',
      '"%s%n%x"',
      '"../../etc/passwd"',
      '"😀👍🏽"',
      '"\\u202e"',
      '{"$gt":""}',
    ),
  },
  { weight: 2, arbitrary: fc.double().map(numberText) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map((s) => JSON.stringify(s)) },
  { weight: 1, arbitrary: fc.integer({ min: 61, max: 200_000 }).map((n) => JSON.stringify('x'.repeat(n))) },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 5000 }).map((n) => '['.repeat(n) + ']'.repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 2000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
);

const extraKey = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 12 }));

/** A mostly valid body with fields replaced by hostile values, dropped, duplicated, or joined by extra keys. */
function mutatedBody(given: JsonSchema | undefined): fc.Arbitrary<string> {
  const schema = given && merged(given);
  const keys = Object.keys(schema?.properties ?? {});
  const base = (schema?.type === 'object' ? validValue(schema) : fc.constant({})) as fc.Arbitrary<
    Record<string, unknown>
  >;
  const knownKey = keys.length ? fc.constantFrom(...keys) : extraKey;
  return fc
    .tuple(
      base,
      fc.array(fc.tuple(knownKey, hostileValue), { minLength: 1, maxLength: 3 }),
      fc.array(fc.tuple(extraKey, hostileValue), { maxLength: 3 }),
      fc.subarray(keys),
    )
    .map(([value, replaced, extra, dropped]) => {
      const entries = new Map(Object.entries(value).map(([k, v]) => [k, JSON.stringify(v)]));
      for (const k of dropped) entries.delete(k);
      for (const [k, raw] of replaced) entries.set(k, raw);
      const parts = [...entries].map(([k, raw]) => `${JSON.stringify(k)}:${raw}`);
      for (const [k, raw] of extra) parts.push(`${JSON.stringify(k)}:${raw}`);
      return `{${parts.join(',')}}`;
    });
}

/** Text that is not JSON at all, or almost. */
function malformedBody(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const truncated = validValue(schema ?? { type: 'object' })
    .map((v) => JSON.stringify(v) ?? '{}')
    .chain((text) => fc.nat({ max: Math.max(0, text.length - 1) }).map((n) => text.slice(0, n)));
  return fc.oneof(
    fc.constantFrom(
      '',
      ' ',
      '{',
      '}',
      '[',
      '{"a":}',
      "{'a':1}",
      '{"a":1,}',
      '[1,]',
      'NaN',
      'Infinity',
      '-Infinity',
      'undefined',
      '{"a":1}}',
      '{"a":"\\x"}',
      '\u0000',
      '{"a":1e}',
      '0x10',
      '--1',
      '{"a":01}',
      '"unterminated',
      '{a:1}',
      '\uFEFF{"a":1}',
      '{"a":1}\n{"b":2}',
      '<xml/>',
      'a=1&b=2',
    ),
    fc.string({ unit: 'binary', maxLength: 60 }),
    truncated,
  );
}

function bodyText(route: WriteRoute): fc.Arbitrary<string | undefined> {
  const anything = fc
    .anything({
      maxDepth: 4,
      withNullPrototype: true,
      withObjectString: true,
      key: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...PROTOTYPE_KEYS)),
    })
    .map((v) => {
      try {
        return JSON.stringify(v);
      } catch {
        return '{}';
      }
    });
  const valid = validValue(route.body ?? { type: 'object' }).map((v) => JSON.stringify(v) ?? '{}');
  return fc.oneof(
    { weight: 5, arbitrary: mutatedBody(route.body) },
    { weight: 3, arbitrary: valid },
    { weight: 2, arbitrary: anything },
    { weight: 2, arbitrary: hostileValue },
    { weight: 2, arbitrary: malformedBody(route.body) },
    { weight: 1, arbitrary: valid.map((text) => `[${text}]`) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant<string | undefined>('application/json') },
  {
    weight: 4,
    arbitrary: fc.constantFrom<string | undefined>(
      undefined,
      '',
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json; charset=latin1',
      'application/json;charset=utf-16',
      'text/plain',
      'text/xml',
      'application/xml',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/octet-stream',
      'application/vnd.api+json',
      'application/merge-patch+json',
      '*/*',
      'json',
      'application/',
      ';;;',
    ),
  },
);

const PATH_VALUES = [
  '-1',
  '0',
  '1',
  '2',
  '3',
  '7',
  '2147483647',
  '2147483648',
  '99999999999999',
  '1e309',
  '-1e309',
  '-0',
  '1.5',
  '0x1F',
  '1e3',
  '+1',
  ' 1',
  '01',
  'abc',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '..',
  '.',
  '../',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%00',
  '%2F',
  '%20',
  '%zz',
  '%',
  '%E2%82',
  '😀',
  'ünïcödé',
  '9'.repeat(120),
  '1;DROP TABLE users',
  "1' OR '1'='1",
  '__proto__',
  'constructor',
];
const pathValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PATH_VALUES) },
  { weight: 2, arbitrary: fc.integer().map(String) },
  { weight: 2, arbitrary: fc.nat({ max: 60 }).map(String) },
  { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }).map(encodeURIComponent) },
);

const QUERY_KEYS = [
  'Page',
  'Size',
  'Search',
  'Sort',
  'page',
  'size',
  'id',
  'ShowDeleted',
  'version',
  'access_token',
  '__proto__',
  'constructor',
  'toString',
];
const queryValue = fc.oneof(
  fc.constantFrom(
    '1e309',
    '-1',
    '0',
    '10001',
    'Infinity',
    'NaN',
    '-0',
    '',
    'true',
    '[]',
    '{}',
    'x'.repeat(5000),
    '😀',
    '%zz',
  ),
  fc.string({ maxLength: 20 }),
  fc.integer().map(String),
);
const queryString = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 3,
    arbitrary: fc
      .array(
        fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ minLength: 1, maxLength: 10 })), queryValue),
        { minLength: 1, maxLength: 5 },
      )
      .map((pairs) => '?' + pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '?',
      '?&&==&',
      '?a',
      '?a[b]=1&a[c]=2',
      '?%zz=1',
      '?a=%zz',
      '?__proto__[x]=1',
      '?Page=1&Page=2',
    ),
  },
);

type Actor = 'admin' | 'freshAdmin' | 'none' | 'badToken' | 'tamperedToken' | 'basicAuth';
const actor = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Actor>('admin') },
  { weight: 3, arbitrary: fc.constant<Actor>('freshAdmin') },
  { weight: 3, arbitrary: fc.constantFrom<Actor>('none', 'badToken', 'tamperedToken', 'basicAuth') },
);

// ---------------------------------------------------------------------------------------------------------------
// Checks

function describeCase(c: { method: string; url: string; contentType?: string; actor: Actor; body?: string }): string {
  const body =
    c.body === undefined
      ? '(none)'
      : c.body.length > 300
        ? `${c.body.slice(0, 300)}… (${c.body.length} chars)`
        : c.body;
  return `${c.method} ${c.url.length > 300 ? c.url.slice(0, 300) + '…' : c.url} [actor ${c.actor}, content-type ${JSON.stringify(c.contentType)}] body ${body}`;
}

function expectErrorBody(
  response: { status: number; body: any; headers: Record<string, unknown> },
  where: string,
): void {
  expect(
    String(response.headers['content-type'] ?? ''),
    `${where}: an error must be JSON, status ${response.status}`,
  ).toMatch(/^application\/json/);
  const body = response.body;
  expect(body && typeof body === 'object' && !Array.isArray(body), `${where}: error body ${JSON.stringify(body)}`).toBe(
    true,
  );
  expect(typeof body.message, `${where}: message in ${JSON.stringify(body)}`).toBe('string');
  expect(body.message.length, `${where}: empty message`).toBeGreaterThan(0);
  expect(
    Array.isArray(body.messages) && body.messages.length > 0,
    `${where}: messages in ${JSON.stringify(body)}`,
  ).toBe(true);
  for (const message of body.messages) {
    expect(typeof message.code, `${where}: messages[].code in ${JSON.stringify(body)}`).toBe('string');
    expect(typeof message.description, `${where}: messages[].description in ${JSON.stringify(body)}`).toBe('string');
    if (message.field !== undefined) expect(typeof message.field, `${where}: messages[].field`).toBe('string');
  }
  expect(JSON.stringify(body), `${where}: no stack trace in an error`).not.toMatch(
    /\n\s+at |\\n\s+at |node_modules|\.ts:\d+/,
  );
}

// ---------------------------------------------------------------------------------------------------------------

/** The discovery's own check (once: it does not depend on the database). */
export const checkDiscovery = () =>
  describe('write-route discovery', () => {
    it('finds the write routes from the OpenAPI document', () => {
      const names = ROUTES.map((r) => `${r.method} ${r.path}`);
      expect(names).toContain('POST /api/Auth/login');
      expect(names).toContain('POST /api/token/logout');
      expect(ROUTES.length).toBeGreaterThanOrEqual(5);
      expect(ROUTES.some((r) => r.params.length > 0)).toBe(true);
      expect(ROUTES.some((r) => r.body?.properties)).toBe(true);
    });
  });

/** Random and hostile calls to every write route, on one database. */
export const fuzzEveryWriteRoute = (kind: DatabaseKind) =>
  describe(`fuzzing every write route on ${kind}`, () => {
    let server: TestServer;
    let adminToken: string;
    let fingerprint: () => Promise<string>;
    let freshCount = 0;

    /** The shared administrator as seeded: user routes may edit, deactivate or delete it while other administrators exist. */
    let adminRow: Record<string, unknown>;
    let adminRoles: { user_id: number; role_id: number }[];

    beforeAll(async () => {
      server = await startTestServer(kind);
      fingerprint = await watchedFingerprint(server.db);
      adminToken = await server.login(ADMIN);
      adminRow = await server.db.selectFrom('users').selectAll().where('email', '=', ADMIN).executeTakeFirstOrThrow();
      adminRoles = await server.db
        .selectFrom('user_roles')
        .selectAll()
        .where('user_id', '=', adminRow.id as number)
        .orderBy('role_id')
        .execute();
    });
    afterAll(() => server?.close());

    /**
     * An administrator who has done nothing yet but sign in (no sidebar layout, no other session): the start state of a
     * real user. They are made FRESH_BATCH at a time, so that the fingerprint is read again once per batch rather than
     * once per case; their password hash is argon2 at its lowest cost, so that signing in costs no 20–30 ms of hashing.
     * Those already used are deleted with their sessions before the next batch (unless a record of theirs holds them),
     * so that the users and sessions the fingerprint reads stay the seed's few rather than thousands.
     */
    const freshTokens: { id: number; token: string }[] = [];
    const usedFresh: number[] = [];
    async function freshAdministrator(): Promise<string> {
      if (!freshTokens.length) {
        await deleteUsers(usedFresh.splice(0));
        freshTokens.push(...(await newAdministrators(FRESH_BATCH)));
      }
      const fresh = freshTokens.shift()!;
      usedFresh.push(fresh.id);
      return fresh.token;
    }

    async function deleteUsers(ids: number[]): Promise<void> {
      if (!ids.length) return;
      const all = await server.db
        .deleteFrom('users')
        .where('id', 'in', ids)
        .execute()
        .then(
          () => true,
          () => false,
        );
      // One of them holds a record: the others go one by one.
      if (!all)
        for (const id of ids)
          await server.db
            .deleteFrom('users')
            .where('id', '=', id)
            .execute()
            .catch(() => undefined);
    }

    /** `count` administrators, each signed in once: two inserts, and the sign-ins side by side. */
    async function newAdministrators(count: number): Promise<{ id: number; token: string }[]> {
      const { id: _id, ...rest } = adminRow;
      const password_hash = await CHEAP_PASSWORD_HASH;
      const emails = Array.from({ length: count }, () => `fuzz-admin-${++freshCount}-${kind}@haulboard.test`);
      const inserted = await server.db
        .insertInto('users')
        .values(emails.map((email) => ({ ...rest, email, password_hash })) as never)
        .returning(['id', 'email'])
        .execute();
      await server.db
        .insertInto('user_roles')
        .values(inserted.flatMap(({ id }) => adminRoles.map((r) => ({ user_id: id, role_id: r.role_id }))))
        .execute();
      return Promise.all(inserted.map(async ({ id, email }) => ({ id, token: await server.login(email) })));
    }

    /** A route that took a call may have changed the administrator: put it back as seeded, and sign in again when the token stopped working. */
    async function keepAdminUsable(): Promise<void> {
      const { id, ...row } = adminRow;
      // Only when the call changed it: a write here makes the next case read those tables' lines again.
      const now = await server.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', id as number)
        .executeTakeFirst();
      const roles = await server.db
        .selectFrom('user_roles')
        .selectAll()
        .where('user_id', '=', id as number)
        .orderBy('role_id')
        .execute();
      if (JSON.stringify(now) !== JSON.stringify(adminRow))
        await server.db
          .updateTable('users')
          .set(row as never)
          .where('id', '=', id as number)
          .execute();
      if (JSON.stringify(roles) !== JSON.stringify(adminRoles)) {
        await server.db
          .deleteFrom('user_roles')
          .where('user_id', '=', id as number)
          .execute();
        await server.db.insertInto('user_roles').values(adminRoles).execute();
      }
      const me = await server.call({ method: 'GET', url: '/api/token/me', token: adminToken });
      if (me.status !== 200) adminToken = await server.login(ADMIN);
    }

    it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
      '%s: no 5xx, JSON errors, rejected writes change nothing',
      async (_name, route) => {
        const isLogout = route.path === '/api/token/logout';
        const statuses: Record<number, number> = {};
        const request = fc.record({
          actor: actor,
          params: fc.tuple(...route.params.map(() => pathValue)),
          query: queryString,
          body: bodyText(route),
          contentType,
        });

        await fc.assert(
          fc.asyncProperty(request, async (c) => {
            let token: string | undefined;
            switch (c.actor) {
              case 'admin':
                // Logging out revokes the caller's token: that route gets a token of its own each time.
                if (isLogout) {
                  token = await server.login(ADMIN);
                } else token = adminToken;
                break;
              case 'freshAdmin':
                token = await freshAdministrator();
                break;
              case 'badToken':
                token = 'not.a.jwt';
                break;
              case 'tamperedToken':
                token = adminToken.slice(0, -3) + (adminToken.endsWith('AAA') ? 'BBB' : 'AAA');
                break;
              default:
                token = undefined;
            }
            let path = route.path;
            route.params.forEach((name, i) => {
              path = path.replace(`{${name}}`, c.params[i] as string);
            });
            const url = path + c.query;
            const headers: Record<string, string> = {};
            if (c.contentType !== undefined) headers['content-type'] = c.contentType;
            if (c.actor === 'basicAuth') headers.authorization = 'Basic YWRtaW46YWRtaW4=';
            const where = describeCase({
              method: route.method,
              url,
              contentType: c.contentType,
              actor: c.actor,
              body: c.body,
            });

            const before = await fingerprint();
            const response = await server.call({
              method: route.method as 'POST',
              url,
              headers,
              token,
              ...(c.body !== undefined ? { payload: c.body } : {}),
            });

            statuses[response.status] = (statuses[response.status] ?? 0) + 1;
            expect(Object.getOwnPropertyNames(Object.prototype), `${where}: polluted Object.prototype`).toEqual(
              PROTOTYPE_NAMES,
            );
            expect(({} as Record<string, unknown>).polluted, `${where}: polluted Object.prototype`).toBeUndefined();
            expect(response.status, `${where}: never a 5xx; got ${JSON.stringify(response.body)}`).toBeLessThan(500);
            if (response.status >= 400) {
              const after = await fingerprint();
              expectErrorBody(response, where);
              if (after !== before) {
                const changed = diffTables(before, after);
                expect.fail(
                  `${where}: rejected with ${response.status} ${JSON.stringify(response.body)} but changed ${changed}`,
                );
              }
            } else {
              if (!route.isPublic) {
                expect(
                  ['admin', 'freshAdmin'],
                  `${where}: a protected route succeeded (${response.status}) without a valid token`,
                ).toContain(c.actor);
              }
              await keepAdminUsable();
            }
          }),
          { numRuns: RUNS[kind], seed: SEED, interruptAfterTimeLimit: 45_000 },
        );
        if (process.env.FUZZ_VERBOSE)
          console.log(`${kind} ${route.method} ${route.path}: statuses ${JSON.stringify(statuses)}`);
      },
    );
  });

// ---------------------------------------------------------------------------------------------------------------
// Values at the edges (docs/product/conventions.md#limits): into a roughly valid body of every write route, one field
// at a time, a lone surrogate (any text), a year 0000 or 9999 (any business date) or money finer than a cent (any
// non-integer number); and an empty JSON body to every route that takes none.

type Edge = 'text' | 'date' | 'money';
interface Leaf {
  path: (string | number)[];
  edges: Edge[];
}
const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const EDGE_VALUES: Record<Edge, fc.Arbitrary<(original: unknown) => unknown>> = {
  text: fc
    .tuple(fc.constantFrom('\ud800', '\udfff', '\udc00\ud800'), fc.nat({ max: 40 }))
    .map(([lone, at]) => (original) => {
      const text = typeof original === 'string' ? original : '';
      const i = Math.min(at, text.length);
      return text.slice(0, i) + lone + text.slice(i);
    }),
  date: fc.constantFrom('0000-01-01', '9999-12-31', '0000-12-31', '9999-01-01').map((date) => () => date),
  money: fc.constantFrom(19.999999999, 0.001, 1.005, 100.0000001, 0.015).map((amount) => () => amount),
};

/** The primitive fields of a generated body with what each can be given: the schema says which are dates and money. */
function leavesOf(given: JsonSchema | undefined, value: unknown, path: (string | number)[] = []): Leaf[] {
  if (!given) return [];
  const schema = merged(given);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length)
    return alternatives
      .flatMap((alternative) => leavesOf(alternative, value, path))
      .filter((leaf, i, all) => all.findIndex((l) => l.path.join('.') === leaf.path.join('.')) === i);
  if (typeof value === 'string' && (schema.type === 'string' || schema.enum || schema.const !== undefined)) {
    return [{ path, edges: schema.pattern === DATE_PATTERN ? ['text', 'date'] : ['text'] }];
  }
  if (typeof value === 'number' && schema.type === 'number') return [{ path, edges: ['money'] }];
  if (Array.isArray(value) && schema.items)
    return value.flatMap((item, i) => leavesOf(schema.items, item, [...path, i]));
  if (value && typeof value === 'object' && schema.properties) {
    return Object.entries(value).flatMap(([key, item]) => leavesOf(schema.properties![key], item, [...path, key]));
  }
  return [];
}

function withValueAt(value: unknown, path: (string | number)[], change: (original: unknown) => unknown): unknown {
  if (!path.length) return change(value);
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[path[0]] = withValueAt(copy[path[0]], path.slice(1), change);
  return copy;
}

/** Text, dates and money at their edges in every write route's body, on one database. */
export const fuzzValuesAtEdges = (kind: DatabaseKind) =>
  describe(`values at the edges in every write route on ${kind}`, () => {
    let server: TestServer;
    let adminToken: string;
    let fingerprint: () => Promise<string>;
    beforeAll(async () => {
      server = await startTestServer(kind);
      fingerprint = await watchedFingerprint(server.db);
      adminToken = await server.login(ADMIN);
    });
    afterAll(() => server?.close());

    const withBodies = ROUTES.filter((route) => route.body?.type === 'object' || route.body?.allOf);
    it.each(withBodies.map((route) => [`${route.method} ${route.path}`, route] as const))(
      '%s: a lone surrogate, a year 0000/9999 or money finer than a cent is refused, naming the field',
      async (_name, route) => {
        const seen = new Set<Edge>();
        // Every body also gets a field whose very name is a lone surrogate (the only text a body of ids can carry).
        const named = (body: unknown) => ({
          path: ['note\ufffd'],
          edge: 'text' as Edge,
          body: { ...(body as object), 'note\ud800': 'x' },
        });
        const cases = validValue(route.body).chain((body) => {
          const leaves = leavesOf(route.body, body).flatMap((leaf) =>
            leaf.edges.map((edge) => ({ path: leaf.path, edge })),
          );
          const inField = leaves.length
            ? fc
                .constantFrom(...leaves)
                .chain((leaf) =>
                  EDGE_VALUES[leaf.edge].map((change) => ({ body: withValueAt(body, leaf.path, change), ...leaf })),
                )
            : fc.constant(named(body));
          return fc.oneof({ weight: 5, arbitrary: inField }, { weight: 1, arbitrary: fc.constant(named(body)) });
        });
        // The first case is always one with a lone surrogate: a run cut short by the time limit on a busy machine, or
        // a draw of only dates and money, still sends one.
        const [firstBody] = fc.sample(validValue(route.body), { numRuns: 1, seed: SEED });
        await fc.assert(
          fc.asyncProperty(cases, async (c) => {
            const url = sampleUrl(route);
            const payload = JSON.stringify(c.body);
            const where = `${route.method} ${url} ${c.edge} at ${c.path.join('.')}: ${payload.slice(0, 400)}`;
            const before = await fingerprint();
            const response = await server.call({
              method: route.method as 'POST',
              url,
              token: adminToken,
              headers: { 'content-type': 'application/json' },
              payload,
            });
            seen.add(c.edge);
            expect(response.status, `${where} → ${JSON.stringify(response.body)}`).toBe(400);
            expectErrorBody(response, where);
            const fields = response.body.messages.map((m: { field?: string }) => m.field);
            if (c.edge === 'text')
              expect(fields[0], `${where} → ${JSON.stringify(response.body)}`).toBe(c.path.join('.'));
            else expect(fields, `${where} → ${JSON.stringify(response.body)}`).toContain(c.path.join('.'));
            const after = await fingerprint();
            if (after !== before) {
              expect.fail(`${where}: refused but changed ${diffTables(before, after)}`);
            }
          }),
          {
            numRuns: Math.max(8, Math.round(RUNS[kind] / 5)),
            seed: SEED,
            interruptAfterTimeLimit: 20_000,
            examples: [[named(firstBody)]],
          },
        );
        expect(seen.has('text'), 'every body with a text field got a lone surrogate').toBe(true);
      },
    );

    const bodyless = ROUTES.filter((route) => !route.body);
    it.each(bodyless.map((route) => [`${route.method} ${route.path}`, route] as const))(
      '%s: an empty JSON body is no error on a route that takes none',
      async (_name, route) => {
        const token = route.path === '/api/token/logout' ? await server.login(ADMIN) : adminToken;
        const url = sampleUrl(route);
        for (const payload of ['', ' ', '\r\n']) {
          const response = await server.call({
            method: route.method as 'POST',
            url,
            token,
            headers: { 'content-type': 'application/json' },
            payload,
          });
          const where = `${route.method} ${url} with an empty JSON body ${JSON.stringify(payload)}`;
          expect(response.status, `${where}: ${JSON.stringify(response.body)}`).toBeLessThan(500);
          if (response.status >= 400) {
            expectErrorBody(response, where);
            expect(response.body.messages[0].code, `${where}: ${JSON.stringify(response.body)}`).not.toMatch(
              /^FST_ERR_CTP/,
            );
          }
        }
        // A route may have changed the administrator it acted on (id 1): sign in again for the next one.
        if ((await server.call({ method: 'GET', url: '/api/token/me', token: adminToken })).status !== 200)
          adminToken = await server.login(ADMIN);
      },
    );
  });

/**
 * A route's path with a valid value in each parameter: an id is 1; a parameter that is not an id takes the sample
 * here (an inspection's stage and VIN), so that what the test sends in the body is what gets refused.
 */
const PATH_SAMPLES: Record<string, string> = { stage: 'PICKUP', vin: '1HGCM82633A004352', quarter: '2026-Q1' };
const sampleUrl = (route: { path: string; params: string[] }) =>
  route.params.reduce((path, name) => path.replace(`{${name}}`, PATH_SAMPLES[name] ?? '1'), route.path);

/** Which tables differ between two fingerprints, for the failure message. */
function diffTables(before: string, after: string): string {
  const parse = (fp: string) =>
    new Map(
      fp.split('\n').map((line) => {
        const table = line.slice(0, line.indexOf(':'));
        return [table, line.slice(line.indexOf(':', table.length + 1) + 1)];
      }),
    );
  const a = parse(before);
  const b = parse(after);
  const tables = [...new Set([...a.keys(), ...b.keys()])].filter((t) => a.get(t) !== b.get(t));
  return tables
    .map((t) => {
      const rowsBefore = new Set((a.get(t) ?? '').split('|'));
      const added = (b.get(t) ?? '').split('|').filter((row) => !rowsBefore.has(row));
      return `${t} (${added.length} new/changed row(s), e.g. ${added.slice(0, 2).join(' ; ').slice(0, 400)})`;
    })
    .join(', ');
}
