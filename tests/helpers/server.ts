import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { type Config, loadConfig } from '../../server/config';
import type { Db } from '../../server/db/types';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { createServer } from '../../server/server';

export type DatabaseKind = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL points at a server. */
export const DATABASES: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  kind: DatabaseKind;
  /** Sign in and return the bearer token. */
  login(email: string, password?: string): Promise<string>;
  /** app.inject with an optional bearer token; parses JSON bodies. */
  call(options: InjectOptions & { token?: string }): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  /** With `captureLog`: every log line the server wrote so far (pino's JSON lines); otherwise empty. */
  log(): string;
  /** Close the app and start it again on the same database (what a restart does). */
  restart(): Promise<TestServer>;
  close(): Promise<void>;
}

async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `hb_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function startTestServer(kind: DatabaseKind, env: Record<string, string> = {}, options: { captureLog?: boolean } = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-test-'));
  const postgres = kind === 'postgres' ? await createPostgresDatabase() : null;
  const logLevel = options.captureLog ? 'info' : 'silent';
  const config = loadConfig({ DATA_DIR: dataDir, DEMO_DATA: 'true', LOG_LEVEL: logLevel, SQLITE_KEEP_RESIDENT: 'false', ...(postgres ? { DATABASE_URL: postgres.url } : {}), ...env });
  let logText = '';
  const logStream = { write: (line: string) => void (logText += line) };

  const open = async (): Promise<TestServer> => {
    const { app, database } = await createServer(config, options.captureLog ? { logger: true, logStream } : { logger: false });
    await app.ready();
    const call: TestServer['call'] = async ({ token, headers, ...options }) => {
      const response = await app.inject({ ...options, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
      let body: unknown = response.body;
      if (String(response.headers['content-type'] ?? '').includes('json') && response.body) body = JSON.parse(response.body);
      return { status: response.statusCode, body, headers: response.headers };
    };
    let closed = false;
    const server: TestServer = {
      app, db: database.db, config, kind, call,
      log: () => logText,
      login: async (email, password = DEMO_PASSWORD) => {
        const response = await call({ method: 'POST', url: '/api/Auth/login', payload: { email, password } });
        if (response.status !== 200) throw new Error(`login ${email}: ${response.status} ${JSON.stringify(response.body)}`);
        return response.body.value as string;
      },
      restart: async () => {
        closed = true;
        await app.close();
        return open();
      },
      close: async () => {
        if (!closed) await app.close();
        closed = true;
        await postgres?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
    return server;
  };
  return open();
}

/**
 * The database's state, for "a rejected write changes nothing": every row of the small tables, and for the
 * large ones (thousands of demo orders) their row count, id range and the sums of version and updated_at, which
 * every write of ours changes. Login failures are the one intended trace of a refused request.
 */
export async function fingerprint(db: Db): Promise<string> {
  const small = [
    'users', 'roles', 'user_roles', 'features', 'role_feature_permissions', 'feature_groups', 'feature_group_items', 'sessions',
    'meta', 'states', 'load_boards', 'payment_methods', 'money_sources', 'phone_countries', 'carriers', 'drivers',
    'units', 'unit_assignments', 'shippers', 'brokers', 'saved_filters', 'broker_contacts', 'carrier_authorities', 'fuel_cards',
    'driver_dispatcher_assignments', 'password_links', 'sign_in_addresses', 'throttle_hits',
  ] as const;
  const parts: string[] = [];
  for (const table of small) {
    const rows = await db.selectFrom(table).selectAll().execute();
    const lines = rows.map((row) => JSON.stringify(row)).sort();
    parts.push(`${table}:${lines.length}:${lines.join('|')}`);
  }
  const orders = await sql<Record<string, unknown>>`select count(*) as n, min(id) as lo, max(id) as hi, sum(version) as v, max(updated_at) as u, sum(price_cents) as p, count(deleted_at) as d, sum(approved) as a, sum(has_manager_review) as r from book_orders`.execute(db);
  parts.push(`book_orders:${JSON.stringify(orders.rows[0])}`);
  for (const table of ['book_order_vehicles', 'book_order_status_history', 'audit_log'] as const) {
    const result = await sql<Record<string, unknown>>`select count(*) as n, min(id) as lo, max(id) as hi from ${sql.table(table)}`.execute(db);
    parts.push(`${table}:${JSON.stringify(result.rows[0])}`);
  }
  return parts.join('\n');
}
