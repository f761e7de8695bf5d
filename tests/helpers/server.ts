import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { type Config, loadConfig } from '../../server/config';
import type { Db } from '../../server/db/types';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { isPostgres } from '../../server/db/schemaHelpers';
import { type ServerOptions, createServer } from '../../server/server';

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

export async function startTestServer(kind: DatabaseKind, env: Record<string, string> = {}, options: Omit<ServerOptions, 'logger' | 'logStream'> & { captureLog?: boolean } = {}): Promise<TestServer> {
  const { captureLog, ...serverOptions } = options;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-test-'));
  const postgres = kind === 'postgres' ? await createPostgresDatabase() : null;
  const logLevel = captureLog ? 'info' : 'silent';
  const config = loadConfig({ DATA_DIR: dataDir, DEMO_DATA: 'true', DEMO_LEDGERS: 'false', LOG_LEVEL: logLevel, SQLITE_KEEP_RESIDENT: 'false', ...(postgres ? { DATABASE_URL: postgres.url } : {}), ...env });
  let logText = '';
  const logStream = { write: (line: string) => void (logText += line) };

  const open = async (): Promise<TestServer> => {
    const { app, database } = await createServer(config, { ...serverOptions, ...(captureLog ? { logger: true, logStream } : { logger: false }) });
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

/** Tables no write of ours touches directly: migrations' own, and SQLite's search index (kept by triggers). */
const UNTRACKED = /^(kysely_migration|kysely_migration_lock|book_order_search.*|sqlite_.*)$/;
/** Login failures are the one intended trace of a refused request. */
const INTENDED_TRACES = ['login_failures'];
/** Tables with too many rows to list (thousands of demo orders): their count, id range and what a write changes. */
const LARGE = ['book_orders', 'book_order_totals', 'book_order_vehicles', 'book_order_status_history', 'audit_log'];

/** Every table of the database, read from the database itself (so a new table is covered without a list to keep). */
export async function tableNames(db: Db): Promise<string[]> {
  const { rows } = isPostgres(db as never)
    ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  return rows.map((r) => r.name).sort();
}

/**
 * The database's state, for "a rejected write changes nothing": every row of every table, and for the large ones
 * their row count, id range and the sums a write of ours changes (versions, instants, money).
 */
export async function fingerprint(db: Db): Promise<string> {
  const parts: string[] = [];
  for (const table of await tableNames(db)) {
    if (UNTRACKED.test(table) || INTENDED_TRACES.includes(table) || LARGE.includes(table)) continue;
    const rows = await db.selectFrom(table as never).selectAll().execute();
    const lines = rows.map((row) => JSON.stringify(row)).sort();
    parts.push(`${table}:${lines.length}:${lines.join('|')}`);
  }
  const orders = await sql<Record<string, unknown>>`select count(*) as n, min(id) as lo, max(id) as hi, sum(version) as v, max(updated_at) as u, sum(price_cents) as p, count(deleted_at) as d, sum(approved) as a, sum(has_manager_review) as r from book_orders`.execute(db);
  parts.push(`book_orders:${JSON.stringify(orders.rows[0])}`);
  const totals = await sql<Record<string, unknown>>`select count(*) as n, sum(count) as c, sum(price_cents) as p, sum(fee_cents) as f from book_order_totals`.execute(db);
  parts.push(`book_order_totals:${JSON.stringify(totals.rows[0])}`);
  for (const table of LARGE.slice(2)) {
    const result = await sql<Record<string, unknown>>`select count(*) as n, min(id) as lo, max(id) as hi from ${sql.table(table)}`.execute(db);
    parts.push(`${table}:${JSON.stringify(result.rows[0])}`);
  }
  return parts.join('\n');
}
