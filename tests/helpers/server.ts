import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { setCompanyTimeZone } from '../../schema/businessDay';
import { type Config, loadConfig } from '../../server/config';
import { DATABASE_FILE } from '../../server/db/backup';
import type { Db } from '../../server/db/types';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { isPostgres } from '../../server/db/schemaHelpers';
import { type ServerOptions, createServer } from '../../server/server';
import { databaseTemplates, startsLikeTemplate, testServerSettings } from './databaseTemplates';
import { scratchDatabase } from './scratchDatabase';
import { TEST_TIME_ZONE } from './testTimeZone';

export type DatabaseKind = 'sqlite' | 'postgres';

export { TEST_TIME_ZONE };
setCompanyTimeZone(TEST_TIME_ZONE);

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL points at a server. */
export const DATABASES: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  kind: DatabaseKind;
  /** Whether its database began as a copy of the run's template (tests/helpers/databaseTemplates.ts). */
  fromTemplate: boolean;
  /** Sign in and return the bearer token. */
  login(email: string, password?: string): Promise<string>;
  /** app.inject with an optional bearer token; parses JSON bodies. */
  call(
    options: InjectOptions & { token?: string },
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  /** With `captureLog`: every log line the server wrote so far (pino's JSON lines); otherwise empty. */
  log(): string;
  /** Close the app and start it again on the same database (what a restart does). */
  restart(): Promise<TestServer>;
  close(): Promise<void>;
}

export async function startTestServer(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: Omit<ServerOptions, 'logger' | 'logStream'> & { captureLog?: boolean } = {},
): Promise<TestServer> {
  const { captureLog, ...serverOptions } = options;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-test-'));
  // A start with the usual settings begins from the run's template (tests/helpers/databaseTemplates.ts): the same
  // migrations and demo data, copied instead of made again, which took most of a start (4–5 s on PostgreSQL).
  const template = startsLikeTemplate(env, serverOptions) ? databaseTemplates() : null;
  if (kind === 'sqlite' && template) fs.copyFileSync(template.sqliteFile, path.join(dataDir, DATABASE_FILE));
  const postgres =
    kind === 'postgres'
      ? await scratchDatabase(process.env.TEST_DATABASE_URL!, 'hb_test', template?.postgresName ?? undefined)
      : null;
  const config = loadConfig({
    ...testServerSettings(dataDir, postgres?.url),
    LOG_LEVEL: captureLog ? 'info' : 'silent',
    ...env,
  });
  let logText = '';
  const logStream = { write: (line: string) => void (logText += line) };

  const open = async (): Promise<TestServer> => {
    const { app, database } = await createServer(config, {
      ...serverOptions,
      ...(captureLog ? { logger: true, logStream } : { logger: false }),
    });
    await app.ready();
    const call: TestServer['call'] = async ({ token, headers, ...options }) => {
      const response = await app.inject({
        ...options,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      let body: unknown = response.body;
      if (String(response.headers['content-type'] ?? '').includes('json') && response.body)
        body = JSON.parse(response.body);
      return { status: response.statusCode, body, headers: response.headers };
    };
    let closed = false;
    const server: TestServer = {
      app,
      db: database.db,
      config,
      kind,
      fromTemplate: template !== null,
      call,
      log: () => logText,
      login: async (email, password = DEMO_PASSWORD) => {
        const response = await call({ method: 'POST', url: '/api/Auth/login', payload: { email, password } });
        if (response.status !== 200)
          throw new Error(`login ${email}: ${response.status} ${JSON.stringify(response.body)}`);
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
 * Tables no write of ours touches directly: migrations' own, SQLite's search index (kept by triggers), and SQLite's job
 * queue, which its periodic jobs write in the background whenever their time comes (server/jobs/embedded.ts).
 */
const UNTRACKED = /^(kysely_migration|kysely_migration_lock|book_order_search.*|sqlite_.*|jobs|job_schedules)$/;
/** Login failures are the one intended trace of a refused request. */
const INTENDED_TRACES = ['login_failures'];
/** Tables with too many rows to list (thousands of demo orders): their count, id range and what a write changes. */
const LARGE = ['book_orders', 'book_order_totals', 'book_order_vehicles', 'book_order_status_history', 'audit_log'];

/** Every table of the database, read from the database itself (so a new table is covered without a list to keep). */
export async function tableNames(db: Db): Promise<string[]> {
  const { rows } = isPostgres(db as never)
    ? await sql<{
        name: string;
      }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
        db,
      )
    : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  return rows.map((r) => r.name).sort();
}

/**
 * The database's state, for "a rejected write changes nothing": every row of every table, and for the large ones
 * their row count, id range and the sums a write of ours changes (versions, instants, money). One line per table.
 *
 * The database writes it in one statement (built once per database): each row as its own text (PostgreSQL's row
 * text, SQLite's quote() of each column), sorted and joined. Read as objects and stringified in JavaScript, one
 * fingerprint took 20–36 ms and was the fuzz test's largest cost (PostgreSQL: a round trip per table).
 */
export async function fingerprint(db: Db): Promise<string> {
  const parts = await fingerprintParts(db);
  return (await readParts(db, parts)).join('\n');
}

/** One table's line of the fingerprint: the expression the database computes it with. */
interface FingerprintPart {
  table: string;
  expression: string;
}

const partsOfDatabase = new WeakMap<Db, Promise<FingerprintPart[]>>();

function fingerprintParts(db: Db): Promise<FingerprintPart[]> {
  let parts = partsOfDatabase.get(db);
  if (!parts) {
    parts = partsOf(db);
    partsOfDatabase.set(db, parts);
  }
  return parts;
}

/** The named parts' lines, in one statement (a column per part: joined by the database, the text would be copied once per part). */
async function readParts(db: Db, parts: FingerprintPart[]): Promise<string[]> {
  if (!parts.length) return [];
  const statement = `select ${parts.map((part, i) => `${part.expression} as t${i}`).join(', ')}`;
  const { rows } = await sql<Record<string, string>>`${sql.raw(statement)}`.execute(db);
  return parts.map((_, i) => rows[0][`t${i}`]);
}

async function partsOf(db: Db): Promise<FingerprintPart[]> {
  const postgres = isPostgres(db as never);
  const parts: FingerprintPart[] = [];
  for (const table of await trackedTables(db)) {
    if (LARGE.includes(table)) continue;
    let row = 't::text';
    if (!postgres) {
      const { rows: columns } = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
      row = columns.map((c) => `quote(t.${quoted(c.name)})`).join(` || ',' || `);
    }
    const joined = postgres ? `string_agg(r, '|' order by r)` : `group_concat(r, '|')`;
    parts.push({
      table,
      expression: `(select ${text(table + ':')} || count(*) || ':' || coalesce(${joined}, '') from (select ${row} as r from ${quoted(table)} as t) as rows)`,
    });
  }
  const aggregate = (table: string, columns: string) => ({
    table,
    expression: `(select ${text(table + ':')} || ${
      postgres
        ? `concat_ws(',', ${columns})`
        : columns
            .split(', ')
            .map((c) => `coalesce(${c}, '')`)
            .join(` || ',' || `)
    } from ${table})`,
  });
  parts.push(
    aggregate(
      'book_orders',
      'count(*), min(id), max(id), sum(version), max(updated_at), sum(price_cents), count(deleted_at), sum(approved), sum(has_manager_review)',
    ),
  );
  parts.push(aggregate('book_order_totals', 'count(*), sum(count), sum(price_cents), sum(fee_cents)'));
  for (const table of LARGE.slice(2)) parts.push(aggregate(table, 'count(*), min(id), max(id)'));
  return parts;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const text = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * The per-table counts, read again only when `total` moved: one number is cheaper to read than a hundred, and while
 * the total of all writes stands still, so does every table's count.
 */
function whenMoved(
  total: () => Promise<string>,
  each: () => Promise<Map<string, string>>,
): () => Promise<Map<string, string>> {
  let last: string | null = null;
  let counts = new Map<string, string>();
  return async () => {
    const now = await total();
    if (now !== last) {
      last = now;
      counts = await each();
    }
    return counts;
  };
}

/**
 * The tables a fingerprint covers: all but the untracked ones, the intended traces, and SQLite's full-text indexes
 * with the tables that hold them (kept by triggers from the tables they index, which are covered).
 */
async function trackedTables(db: Db): Promise<string[]> {
  const indexes = isPostgres(db as never)
    ? []
    : (
        await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and sql like 'create virtual table%'`.execute(db)
      ).rows.map((row) => row.name);
  const derived = (table: string) => indexes.some((index) => table === index || table.startsWith(`${index}_`));
  return (await tableNames(db)).filter(
    (table) => !UNTRACKED.test(table) && !INTENDED_TRACES.includes(table) && !derived(table),
  );
}

/**
 * The fingerprint for a test that takes one before and after each of thousands of calls (fuzz/writeRoutes.ts), each
 * table's line read again only once the database counted a write to that table: on SQLite, temporary triggers on the
 * server's one connection count each row written into a temporary table; on PostgreSQL, a trigger on every tracked
 * table takes a number from that table's own sequence. A call that wrote nothing costs one read of the counts; one
 * that wrote an order and its audit entry re-reads those two lines, not the whole database (re-reading it all after
 * every write was 60% of the fuzz test's time). A count may move for a write that changed nothing (an update to the
 * same values, a write rolled back); then the lines decide, as without the counts.
 */
export async function watchedFingerprint(db: Db): Promise<() => Promise<string>> {
  const parts = await fingerprintParts(db);
  const count = await writeCounters(
    db,
    parts.map((part) => part.table),
  );
  let counts = new Map<string, string>();
  const lines = new Map<string, string>();
  let print = '';
  return async () => {
    const now = await count();
    const stale = parts.filter((part) => !lines.has(part.table) || now.get(part.table) !== counts.get(part.table));
    counts = now;
    if (!stale.length) return print;
    const read = await readParts(db, stale);
    stale.forEach((part, i) => lines.set(part.table, read[i]));
    // Joined again only when a line changed: the whole text runs to megabytes.
    print = parts.map((part) => lines.get(part.table)).join('\n');
    return print;
  };
}

/** Installs a write counter on each table; returns a reader of every table's count. */
async function writeCounters(db: Db, tables: string[]): Promise<() => Promise<Map<string, string>>> {
  if (isPostgres(db as never)) {
    // A sequence takes no lock: a counter row would make concurrent writers queue behind each other (or deadlock). Each
    // write takes a number from its table's sequence and from one for all (the total).
    await sql.raw('create sequence test_writes').execute(db);
    await sql
      .raw(
        `create function test_count_write() returns trigger language plpgsql as $$ begin perform nextval(TG_ARGV[0]); perform nextval('test_writes'); return null; end $$`,
      )
      .execute(db);
    const sequence = (i: number) => `test_writes_${i}`;
    for (const [i, table] of tables.entries()) {
      await sql.raw(`create sequence ${sequence(i)}`).execute(db);
      await sql
        .raw(
          `create trigger test_count_write after insert or update or delete or truncate on ${quoted(table)} for each statement execute function test_count_write('${sequence(i)}')`,
        )
        .execute(db);
    }
    // A sequence's last_value stays 1 through its first nextval: is_called tells the two apart.
    const all = sql<{ n: string }>`select last_value || ':' || is_called as n from test_writes`;
    const each = sql.raw<{ i: number; n: string }>(
      tables
        .map((_, i) => `select ${i} as i, last_value || ':' || is_called as n from ${sequence(i)}`)
        .join(' union all '),
    );
    return whenMoved(
      async () => (await all.execute(db)).rows[0].n,
      async () => new Map((await each.execute(db)).rows.map((row) => [tables[row.i], row.n])),
    );
  }
  // Temporary: on the server's connection only, gone with it, and never in the file a test may copy or back up. A
  // trigger's body may not name a schema: the unqualified name finds the temporary table first.
  await sql.raw(`create temp table test_writes (t text primary key, n integer not null default 0)`).execute(db);
  for (const table of tables) {
    const name = text(table);
    await sql.raw(`insert into temp.test_writes (t) values (${name})`).execute(db);
    for (const event of ['insert', 'update', 'delete'])
      await sql
        .raw(
          `create temp trigger ${quoted(`test_count_${event}_${table}`)} after ${event} on main.${quoted(table)} begin update test_writes set n = n + 1 where t = ${name}; end`,
        )
        .execute(db);
  }
  // The total: total_changes() moves with any write on the connection (these counts' own included).
  return whenMoved(
    async () => String((await sql<{ n: number }>`select total_changes() as n`.execute(db)).rows[0].n),
    async () => {
      const { rows } = await sql<{ t: string; n: number }>`select t, n from temp.test_writes`.execute(db);
      return new Map(rows.map((row) => [row.t, String(row.n)]));
    },
  );
}
