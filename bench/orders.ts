/**
 * Book orders benchmark (docs/product/book-orders.md). A benchmark, not a test: it never fails on a slow figure.
 *
 *   1. `seed --orders N` into a temp DATA_DIR (N = BENCH_ORDERS, default 1,000,000), timed;
 *   2. the real server as a child process on that data, signed in as the administrator;
 *   3. with BENCH_CLIENTS (10) closed-loop keep-alive clients for BENCH_SECONDS (5) each: GET
 *      /api/BookOrder/filter-books with the default filters, with searches (city, VIN fragment, order number
 *      fragment, broker name fragment), with each single filter on top of the default, at page 0 and a deep page,
 *      and GET /api/BookOrder/{id} for random ids; then, for reference and not judged: a search over all time and
 *      GET /api/health (the HTTP floor: what the server's HTTP handling and the load generator, undici on the same
 *      cores, cost with no database work); each scenario again with 1 client for BENCH_SINGLE_SECONDS (the latency
 *      of one request without queueing behind nine others);
 *   4. on each database, the same SQL bare (better-sqlite3 on the same file; pg on the same database), compiled from
 *      the server's own query builders (server/modules/bookOrders/queries.ts, search.ts): per list request the session lookup of the access
 *      hook, for a search the lookup of the names it matches, the totals query (count and sums; skipped, as the
 *      server skips it, when the first page is not full) and the page query; per GET by id the session lookup, the
 *      order and its vehicles. Prints server p50 at 1 client / bare p50 and, with PostgreSQL, PostgreSQL p50 /
 *      SQLite p50 per scenario with the worst of each (bench/ratios.ts), targets (list p99 ≤ 30 ms, search p99 ≤ 60 ms, by id
 *      p99 ≤ 5 ms at 1M orders on SQLite), the server's major page faults per scenario, and EXPLAIN QUERY PLAN of the
 *      three slowest scenarios (on PostgreSQL EXPLAIN (ANALYZE, BUFFERS)).
 *   With DATABASE_URL=postgres://… the seed and the HTTP part run again on PostgreSQL, in a scratch database created
 *   on that server for the run and dropped afterwards.
 *
 * Environment: BENCH_ORDERS (1000000), BENCH_SECONDS (5), BENCH_CLIENTS (10), BENCH_WARMUP_SECONDS (1),
 * BENCH_BARE_SECONDS (2), BENCH_SINGLE_SECONDS (2), BENCH_DATA_DIR (an already seeded SQLite DATA_DIR to use instead of seeding a temp one;
 * kept afterwards), BENCH_POSTGRES_URL (with DATABASE_URL: an already seeded PostgreSQL database to use and keep
 * instead of a scratch one), BENCH_ONLY (only the scenarios whose name contains this text, case-insensitive, e.g. "GET /api"),
 * DATABASE_URL, LOG_LEVEL and SQLITE_KEEP_RESIDENT (passed to the server).
 * Results: tables on stdout and bench/results/orders-<timestamp>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { bookOrderFilter } from '../schema/bookOrders';
import { demoEmail } from '../server/db/seed';
import { SeededRandom } from '../server/db/seed/random';
import type { Database } from '../server/db/types';
import { loadConfig } from '../server/config';
import { SQLITE_CACHE_KIB, namedStatements } from '../server/db';
import { sessionLookup } from '../server/http/access';
import { listQueries, selectOrders } from '../server/modules/bookOrders/queries';
import { BY_NAME, readSearchMatches, searchMatchesStatement } from '../server/modules/bookOrders/search';
import { type RatioRow, oneClient, printRatios } from './ratios';
import {
  type LoadResult,
  type RequestSpec,
  RESULTS_DIR,
  type SeedRun,
  type ServerChild,
  fmt,
  gitCommit,
  load,
  login,
  machineInfo,
  machineLoad,
  makeTempDir,
  numberFromEnv,
  percentile,
  removeTempDir,
  request,
  runBench,
  runSeed,
  scratchPostgresOrSkip,
  startServer,
  stopChild,
  waitForFileInMemory,
  orderBenchSettings,
} from './lib';

const {
  orders: ORDERS,
  seconds: SECONDS,
  clients: CLIENTS,
  warmupSeconds: WARMUP_SECONDS,
  reuseDataDir: REUSE_DATA_DIR,
  databaseUrl: DATABASE_URL,
} = orderBenchSettings();
const BARE_SECONDS = numberFromEnv('BENCH_BARE_SECONDS', Math.min(2, SECONDS));
/** An already seeded PostgreSQL database to use (and keep) instead of seeding a scratch one. */
const REUSE_POSTGRES_URL = process.env.BENCH_POSTGRES_URL?.trim() || null;
const ONLY = process.env.BENCH_ONLY?.trim().toLowerCase() || null;
const ADMIN_EMAIL = demoEmail('Administrator');

/** floor: GET /api/health, no database work and no sign-in: what HTTP and the load generator alone cost here. */
type Kind = 'list' | 'search' | 'byId' | 'floor';
const TARGET_P99_MS: Record<Exclude<Kind, 'floor'>, number> = { list: 30, search: 60, byId: 5 };
const TARGET_ORDERS = 1_000_000;

interface Scenario {
  name: string;
  kind: Kind;
  /** filter-books query (camelCase keys, as the web app sends them); none for by id. */
  query?: Record<string, string>;
  /** Shown for reference, not judged against the targets (the issue's search is on top of the default filters). */
  reference?: boolean;
}

// ---------------------------------------------------------------- scenarios

interface OrderDto {
  id: number;
  orderNumber: string;
  loadBoard: string;
  brokerId: number;
  brokerName: string | null;
  shipperId: number;
  carrierId: number;
  dispatcherId: number;
  driverId: number | null;
  paymentMethod: string;
  pickup: { stateId: number };
  delivery: { stateId: number };
  vehicles?: { vin: string }[];
}

async function getJson<T>(server: ServerChild, auth: Record<string, string>, pathAndQuery: string): Promise<T> {
  const response = await request(server, { method: 'GET', path: pathAndQuery, headers: auth });
  if (response.status !== 200)
    throw new Error(
      `[${server.dbLabel}] GET ${pathAndQuery}: ${response.status} ${response.body.toString().slice(0, 300)}`,
    );
  return (JSON.parse(response.body.toString()) as { value: T }).value;
}

const listPath = (query: Record<string, string>) => {
  const text = new URLSearchParams(query).toString();
  return `/api/BookOrder/filter-books${text ? `?${text}` : ''}`;
};

/**
 * The scenarios, with filter values taken from the data: the parties of a current order that has a driver, the VIN
 * and number of another current order (a search applies on top of the default period, so those find it).
 */
async function buildScenarios(
  server: ServerChild,
  auth: Record<string, string>,
): Promise<{ scenarios: Scenario[]; maxId: number }> {
  // Ids are 1..count (nothing is hard-deleted): the largest is the count with the deleted ones.
  const maxId = (
    await getJson<{ totalCount: number }>(server, auth, listPath({ filtered: 'all', showDeleted: 'true', size: '1' }))
  ).totalCount;
  const current = (await getJson<{ items: OrderDto[] }>(server, auth, listPath({ size: '50' }))).items;
  const sample = current.find((o) => o.driverId !== null) ?? current[0];
  if (!sample) throw new Error(`[${server.dbLabel}] no current book orders to benchmark`);
  const other = await getJson<OrderDto>(server, auth, `/api/BookOrder/${current[Math.floor(current.length / 2)].id}`);
  const vin = (other.vehicles?.[0]?.vin ?? 'ABCDEFGHJKLMN').slice(4, 12);
  const number = other.orderNumber.slice(3);
  const brokerWord = (sample.brokerName ?? 'freight').split(/\s+/)[0].toLowerCase().slice(0, 5);
  const list = (name: string, query: Record<string, string>): Scenario => ({ name, kind: 'list', query });
  const search = (name: string, query: Record<string, string>): Scenario => ({ name, kind: 'search', query });
  const scenarios: Scenario[] = [
    list('default (current, page 0)', {}),
    search('search city "houston"', { search: 'houston' }),
    // All time (two filters: period and search), ~21,700 matches at 1M orders: every one is totalled. For reference.
    { ...search('search "houston", all time (ref)', { search: 'houston', filtered: 'all' }), reference: true },
    search(`search VIN fragment "${vin}"`, { search: vin }),
    search(`search order no. "${number}"`, { search: number }),
    search(`search broker "${brokerWord}"`, { search: brokerWord }),
    list('dispatcherId', { dispatcherId: String(sample.dispatcherId) }),
    list('driverId', { driverId: String(sample.driverId ?? 1) }),
    list('status=NEW', { status: 'NEW' }),
    list(`loadBoard=${sample.loadBoard}`, { loadBoard: sample.loadBoard }),
    list('brokerId', { brokerId: String(sample.brokerId) }),
    list('shipperId', { shipperId: String(sample.shipperId) }),
    list('carrierId', { carrierId: String(sample.carrierId) }),
    list('pickupStateId', { pickupStateId: String(sample.pickup.stateId) }),
    list('deliveryStateId', { deliveryStateId: String(sample.delivery.stateId) }),
    list(`paymentMethod=${sample.paymentMethod}`, { paymentMethod: sample.paymentMethod }),
    list('payOnPickup', { payOnPickup: 'true' }),
    list('payOnDelivery', { payOnDelivery: 'true' }),
    list('hasManagerReview', { hasManagerReview: 'true' }),
    list('showNotApproved', { showNotApproved: 'true' }),
    list('filtered=this_month', { filtered: 'this_month' }),
    list('filtered=last_month', { filtered: 'last_month' }),
    list('filtered=all, page 0', { filtered: 'all' }),
    list('filtered=all, page 200', { filtered: 'all', page: '200' }),
    { name: 'GET /api/BookOrder/{id}', kind: 'byId' },
    // For reference: the floor under every figure above on this machine (HTTP in and out, no database, no token).
    { name: 'GET /api/health (HTTP floor)', kind: 'floor' },
  ];
  return { scenarios, maxId };
}

// ---------------------------------------------------------------- bare SQL (SQLite)

interface Statement {
  name: string;
  sql: string;
  params: unknown[];
}

interface BareResult {
  statements: string[];
  iterations: number;
  p50Ms: number;
  p99Ms: number;
  /** p50 of each statement on its own, by name (e.g. totals vs page). */
  statementP50Ms: Record<string, number>;
  rowsPerIteration: number;
}

/**
 * The database the bare baseline runs on: the server's own statements, compiled for its dialect, run through the same
 * driver the server uses (better-sqlite3 prepared once; pg with the server's named statements, server/db/index.ts).
 */
interface BareDb {
  dialect: 'sqlite' | 'postgres';
  compiler: Kysely<Database>;
  /** Runs a statement, returning its row count (synchronously on SQLite: no promise in the timing). */
  run(statement: Statement): number | Promise<number>;
  rows(statement: Statement): unknown[] | Promise<unknown[]>;
  close(): Promise<void>;
}

const compileOnly = (dialect: BareDb['dialect']) =>
  new Kysely<Database>({
    dialect:
      dialect === 'sqlite'
        ? new SqliteDialect({
            database: async () => {
              throw new Error('compile only');
            },
          })
        : new PostgresDialect({
            pool: async () => {
              throw new Error('compile only');
            },
          }),
  });

function bareSqlite(file: string): BareDb {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  // The server's own connection settings (server/db/index.ts), so the baseline differs only by the server.
  sqlite.pragma(`mmap_size = ${loadConfig().sqliteMmapMb * 1024 * 1024}`);
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  const statements = new Map<string, SQLite.Statement>();
  const prepare = (sql: string) => statements.get(sql) ?? statements.set(sql, sqlite.prepare(sql)).get(sql)!;
  const params = (s: Statement) => s.params.map((p) => (typeof p === 'boolean' ? Number(p) : p));
  return {
    dialect: 'sqlite',
    compiler: compileOnly('sqlite'),
    run: (s) => prepare(s.sql).all(...params(s)).length,
    rows: (s) => prepare(s.sql).all(...params(s)),
    close: async () => void sqlite.close(),
  };
}

async function barePostgres(url: string): Promise<BareDb> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  namedStatements(client);
  return {
    dialect: 'postgres',
    compiler: compileOnly('postgres'),
    run: async (s) => (await client.query(s.sql, s.params as unknown[])).rowCount ?? 0,
    rows: async (s) => (await client.query(s.sql, s.params as unknown[])).rows,
    close: () => client.end(),
  };
}

const toStatement = (
  name: string,
  query: { compile(): { sql: string; parameters: readonly unknown[] } },
): Statement => {
  const compiled = query.compile();
  return { name, sql: compiled.sql, params: [...compiled.parameters] };
};

/** The filter exactly as the server sees it: keys with a lower-case first letter, then the route's zod schema. */
function parseFilter(query: Record<string, string>) {
  return bookOrderFilter.parse(
    Object.fromEntries(Object.entries(query).map(([k, v]) => [k.charAt(0).toLowerCase() + k.slice(1), v])),
  );
}

/**
 * The statements one request of the scenario runs, in order, as the server runs them (for by id: with id 1; the id is
 * re-bound per call). A search first looks up the names it matches, and its statements are built from the answer; a
 * first page that is not full is totalled from its own rows, so the server skips the totals statement then.
 */
async function scenarioStatements(bare: BareDb, scenario: Scenario, session: Statement): Promise<Statement[]> {
  const { compiler } = bare;
  if (scenario.kind === 'byId') {
    return [
      session,
      toStatement('order', selectOrders(compiler).where('o.id', '=', 1)),
      toStatement(
        'vehicles',
        compiler.selectFrom('book_order_vehicles').selectAll().where('book_order_id', '=', 1).orderBy('position'),
      ),
    ];
  }
  const f = parseFilter(scenario.query ?? {});
  const lookup = f.search
    ? toStatement('matches', { compile: () => searchMatchesStatement(compiler)(f.search!) })
    : null;
  const matches = lookup
    ? readSearchMatches((await bare.rows(lookup)) as Parameters<typeof readSearchMatches>[0])
    : BY_NAME;
  const { totals, page } = listQueries(compiler, bare.dialect, f, undefined, matches);
  const pageStatement = toStatement('page', page);
  const pageRows = await bare.run(pageStatement);
  const skipTotals = f.page === 0 && pageRows < f.size;
  return [session, ...(lookup ? [lookup] : []), ...(skipTotals ? [] : [toStatement('totals', totals)]), pageStatement];
}

async function bareRun(bare: BareDb, scenario: Scenario, statements: Statement[], maxId: number): Promise<BareResult> {
  if (scenario.kind === 'byId' && statements.slice(1).some((s) => s.params.length !== 1))
    throw new Error('by id: expected one parameter (the id) per statement');
  const random = new SeededRandom(99);
  const perStatement = statements.map(() => [] as number[]);
  const totals: number[] = [];
  let rows = 0;
  const once = async () => {
    const id = 1 + Math.floor(random.next() * maxId);
    let total = 0;
    rows = 0;
    for (const [i, s] of statements.entries()) {
      const statement = scenario.kind === 'byId' && i > 0 ? { ...s, params: [id] } : s;
      const started = process.hrtime.bigint();
      const counted = bare.run(statement);
      rows += typeof counted === 'number' ? counted : await counted;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      perStatement[i].push(ms);
      total += ms;
    }
    totals.push(total);
  };
  await once();
  perStatement.forEach((list) => (list.length = 0));
  totals.length = 0;
  const deadline = Date.now() + BARE_SECONDS * 1000;
  while (Date.now() < deadline || totals.length < 20) await once();
  const sorted = Float64Array.from(totals).sort();
  return {
    statements: statements.map((s) => s.name),
    iterations: totals.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    statementP50Ms: Object.fromEntries(
      statements.map((s, i) => [s.name, percentile(Float64Array.from(perStatement[i]).sort(), 50)]),
    ),
    rowsPerIteration: rows,
  };
}

/** SQLite: EXPLAIN QUERY PLAN as an indented tree; PostgreSQL: EXPLAIN (ANALYZE, BUFFERS), what it did and read. */
async function explain(bare: BareDb, statement: Statement): Promise<string[]> {
  if (bare.dialect === 'postgres') {
    const rows = (await bare.rows({ ...statement, sql: `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}` })) as {
      'QUERY PLAN': string;
    }[];
    return rows.map((row) => row['QUERY PLAN']);
  }
  const rows = (await bare.rows({ ...statement, sql: `EXPLAIN QUERY PLAN ${statement.sql}` })) as {
    id: number;
    parent: number;
    detail: string;
  }[];
  const depth = new Map<number, number>();
  return rows.map((row) => {
    const level = (depth.get(row.parent) ?? -1) + 1;
    depth.set(row.id, level);
    return `${'  '.repeat(level)}${row.detail}`;
  });
}

// ---------------------------------------------------------------- one database

interface ScenarioRun {
  scenario: Scenario;
  totalCount: number | null;
  result: LoadResult;
  /** The same scenario with 1 client: one request's latency without queueing behind the others. */
  single: LoadResult;
  bare: BareResult | null;
  /** single p50 / bare p50. */
  ratio: number | null;
  target: { limitMs: number; pass: boolean } | null;
  plans?: Record<string, string[]>;
}

interface DbRun {
  db: string;
  seed: SeedRun | null;
  scenarios: ScenarioRun[];
  bareError: string | null;
}

const COLUMNS = [
  'scenario',
  'rows',
  'req/s',
  'p50 ms',
  'p99 ms',
  'err',
  'majflt',
  '1c p50',
  'bare p50',
  'totals',
  'page',
  'ratio',
  'target',
];
const WIDTHS = [34, 9, 7, 8, 8, 4, 6, 7, 9, 8, 8, 7, 14];
const tableRow = (cells: string[]) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(WIDTHS[i]) : cell.padStart(WIDTHS[i]))).join('  ');

function rowCells(run: ScenarioRun): string[] {
  const { result, bare } = run;
  const split = (name: string) =>
    bare && bare.statementP50Ms[name] !== undefined ? fmt(bare.statementP50Ms[name]) : '-';
  const [first, second] = run.scenario.kind === 'byId' ? ['order', 'vehicles'] : ['totals', 'page'];
  return [
    run.scenario.name.slice(0, WIDTHS[0]),
    run.totalCount === null ? '-' : String(run.totalCount),
    fmt(result.reqPerSec, 0),
    fmt(result.p50Ms),
    fmt(result.p99Ms),
    String(result.errors),
    result.serverMajorFaults === null ? '-' : String(result.serverMajorFaults),
    fmt(run.single.p50Ms),
    bare ? fmt(bare.p50Ms) : '-',
    split(first),
    split(second),
    run.ratio === null ? '-' : `${fmt(run.ratio, 1)}x`,
    run.target ? `${run.target.pass ? 'PASS' : 'MISS'} ≤${run.target.limitMs}` : '-',
  ];
}

async function benchDatabase(label: string, databaseUrl: string | null): Promise<DbRun> {
  console.log(`\n=== ${label} ===`);
  let dataDir: string;
  let seed: SeedRun | null = null;
  if (REUSE_DATA_DIR && !databaseUrl) {
    dataDir = REUSE_DATA_DIR;
    console.log(`[${label}] using the seeded DATA_DIR ${dataDir} (BENCH_DATA_DIR): no seed`);
  } else if (databaseUrl && databaseUrl === REUSE_POSTGRES_URL) {
    dataDir = makeTempDir();
    console.log(`[${label}] using the seeded database ${databaseUrl} (BENCH_POSTGRES_URL): no seed`);
  } else {
    dataDir = makeTempDir();
    seed = await runSeed(label, dataDir, databaseUrl, ORDERS);
    console.log(
      `[${label}] seed: ${fmt(seed.wallSeconds, 1)} s in all (loader ${seed.loadSeconds === null ? '?' : fmt(seed.loadSeconds, 1)} s)`,
    );
  }
  const server = await startServer(label, databaseUrl, { dataDir, logFile: path.join(dataDir, 'server.log') });
  const runs: ScenarioRun[] = [];
  let bareError: string | null = null;
  try {
    await waitForFileInMemory(server);
    const token = await login(server, ADMIN_EMAIL);
    const auth = { authorization: `Bearer ${token}` };
    const meResponse = await request(server, { method: 'GET', path: '/api/token/me', headers: auth });
    const adminId = (JSON.parse(meResponse.body.toString()) as { data?: { id?: number } }).data?.id;
    if (typeof adminId !== 'number') throw new Error(`[${label}] GET /api/token/me failed: ${meResponse.status}`);
    const built = await buildScenarios(server, auth);
    const maxId = built.maxId;
    const scenarios = ONLY ? built.scenarios.filter((s) => s.name.toLowerCase().includes(ONLY)) : built.scenarios;
    if (scenarios.length === 0)
      throw new Error(
        `BENCH_ONLY="${ONLY}" matches no scenario; they are: ${built.scenarios.map((s) => s.name).join('; ')}`,
      );
    console.log(
      `[${label}] ${maxId.toLocaleString('en-US')} orders; ${scenarios.length} scenarios × (${WARMUP_SECONDS} s warm-up + ${SECONDS} s) with ${CLIENTS} clients`,
    );
    console.log('  ' + tableRow(COLUMNS.slice(0, 8)));

    const random = new SeededRandom(7);
    for (const scenario of scenarios) {
      let totalCount: number | null = null;
      let next: (sequence: number) => RequestSpec;
      if (scenario.kind === 'floor') {
        next = () => ({ method: 'GET', path: '/api/health' });
      } else if (scenario.kind === 'byId') {
        next = () => ({
          method: 'GET',
          path: `/api/BookOrder/${1 + Math.floor(random.next() * maxId)}`,
          headers: auth,
        });
      } else {
        const pathAndQuery = listPath(scenario.query ?? {});
        totalCount = (await getJson<{ totalCount: number }>(server, auth, pathAndQuery)).totalCount;
        next = () => ({ method: 'GET', path: pathAndQuery, headers: auth });
      }
      await load(server, scenario.name, CLIENTS, Math.min(WARMUP_SECONDS, SECONDS), next);
      const result = await load(server, scenario.name, CLIENTS, SECONDS, next);
      const single = await oneClient(server, scenario.name, SECONDS, next);
      const run: ScenarioRun = { scenario, totalCount, result, single, bare: null, ratio: null, target: null };
      if (!databaseUrl && scenario.kind !== 'floor' && !scenario.reference)
        run.target = { limitMs: TARGET_P99_MS[scenario.kind], pass: result.p99Ms <= TARGET_P99_MS[scenario.kind] };
      runs.push(run);
      console.log('  ' + tableRow(rowCells(run).slice(0, 8)));
      if (result.errors)
        console.log(`    ! ${result.errors} errors (${JSON.stringify(result.statuses)}), first: ${result.firstError}`);
    }

    // The bare baseline runs while the server is idle, on the same database.
    try {
      const bare = databaseUrl ? await barePostgres(databaseUrl) : bareSqlite(path.join(dataDir, 'haulboard.db'));
      try {
        const sessionId = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { jti: string }).jti;
        const session = toStatement('session', sessionLookup(bare.compiler, sessionId, adminId));
        console.log(
          `\n[${label}] bare SQL (what each request runs, as the summary below says), ${BARE_SECONDS} s each …`,
        );
        for (const run of runs) {
          if (run.scenario.kind === 'floor') continue;
          run.bare = await bareRun(bare, run.scenario, await scenarioStatements(bare, run.scenario, session), maxId);
          run.ratio = run.single.p50Ms / run.bare.p50Ms;
        }
        // The three slowest (server p99): their plans, to see which index each statement uses.
        for (const run of runs
          .filter((r) => r.bare)
          .sort((a, b) => b.result.p99Ms - a.result.p99Ms)
          .slice(0, 3)) {
          const statements = (await scenarioStatements(bare, run.scenario, session)).slice(1);
          run.plans = {};
          for (const statement of statements) run.plans[statement.name] = await explain(bare, statement);
        }
      } finally {
        await bare.close();
      }
    } catch (error) {
      bareError = error instanceof Error ? error.message : String(error);
      console.log(`  bare baseline skipped: ${bareError}`);
    }
  } finally {
    await stopChild(server.child);
    if (dataDir !== REUSE_DATA_DIR) removeTempDir(dataDir);
  }
  return { db: label, seed, scenarios: runs, bareError };
}

// ---------------------------------------------------------------- main

function printSummary(run: DbRun): void {
  console.log(
    `\n=== ${run.db}: ${CLIENTS} clients (1c: 1 client), ${SECONDS} s each${run.seed ? `; seed of ${run.seed.orders.toLocaleString('en-US')} orders ${fmt(run.seed.wallSeconds, 1)} s` : ''} ===`,
  );
  console.log(tableRow(COLUMNS));
  for (const scenario of run.scenarios) console.log(tableRow(rowCells(scenario)));
  if (run.scenarios.some((s) => s.bare)) {
    console.log(
      'bare p50 = session + (search: matching names) + totals (unless the first page is not full) + page (by id: session + order + vehicles) run bare in one thread; ratio = server p50 at 1 client / bare p50.',
    );
    console.log(
      `With ${CLIENTS} closed-loop clients on one server thread, requests queue: p50 ≈ ${CLIENTS} × the time one request takes when the database dominates.`,
    );
    console.log(
      `majflt = the server's major page faults during the scenario: reads from disk (pages the machine dropped from its cache) that stall all ${CLIENTS} requests in flight.`,
    );
  }
  for (const scenario of run.scenarios.filter((s) => s.plans)) {
    console.log(
      `\n${run.db === 'postgres' ? 'EXPLAIN (ANALYZE, BUFFERS)' : 'EXPLAIN QUERY PLAN'} — ${scenario.scenario.name} (server p99 ${fmt(scenario.result.p99Ms)} ms; bare ${Object.entries(
        scenario.bare?.statementP50Ms ?? {},
      )
        .map(([k, v]) => `${k} ${fmt(v, 3)} ms`)
        .join(', ')})`,
    );
    for (const [name, lines] of Object.entries(scenario.plans!)) {
      console.log(`  ${name}:`);
      for (const line of lines) console.log(`    ${line}`);
    }
  }
}

/**
 * Per scenario: the server at 1 client against its bare SQL on each database, and PostgreSQL against SQLite at
 * BENCH_CLIENTS (the p50 the list is used at). The HTTP floor has no SQL and is left out.
 */
function ratioRows(runs: DbRun[]): RatioRow[] {
  const sqlite = runs.find((r) => r.db === 'sqlite');
  const postgres = runs.find((r) => r.db === 'postgres');
  const rows: RatioRow[] = [];
  for (const [db, run] of [
    ['SQLite', sqlite],
    ['PostgreSQL', postgres],
  ] as const) {
    for (const scenario of run?.scenarios ?? []) {
      if (scenario.scenario.kind === 'floor') continue;
      const other = postgres?.scenarios.find((s) => s.scenario.name === scenario.scenario.name);
      rows.push({
        scenario: `${scenario.scenario.name} · ${db}`,
        serverP50Ms: scenario.single.p50Ms,
        bareP50Ms: scenario.bare?.p50Ms ?? null,
        ...(db === 'SQLite' && other ? { postgresP50Ms: other.result.p50Ms, sqliteP50Ms: scenario.result.p50Ms } : {}),
      });
    }
  }
  return rows;
}

async function main() {
  const startedAt = new Date();
  const settings = {
    only: ONLY,
    orders: ORDERS,
    seconds: SECONDS,
    clients: CLIENTS,
    warmupSeconds: WARMUP_SECONDS,
    bareSeconds: BARE_SECONDS,
    reuseDataDir: REUSE_DATA_DIR,
    reusePostgres: REUSE_POSTGRES_URL !== null,
    serverLogLevel: process.env.LOG_LEVEL || 'info (server default)',
  };
  const machine = machineInfo();
  console.log(`Haulboard book orders bench: ${JSON.stringify(settings)}`);
  console.log(`Machine: ${JSON.stringify(machine)}, load now ${JSON.stringify(machineLoad())}`);
  if (!DATABASE_URL) console.log('PostgreSQL: skipped (set DATABASE_URL=postgres://… to include it)');

  const runs: DbRun[] = [];
  runs.push(await benchDatabase('sqlite', null));
  if (DATABASE_URL) {
    if (REUSE_POSTGRES_URL) runs.push(await benchDatabase('postgres', REUSE_POSTGRES_URL));
    else {
      const scratch = await scratchPostgresOrSkip(DATABASE_URL, 'haulboard_bench');
      if (scratch) runs.push(await benchDatabase('postgres', scratch.url));
    }
  }

  for (const run of runs) printSummary(run);
  const sqliteRun = runs.find((r) => r.db === 'sqlite');
  if (sqliteRun) {
    const orders = sqliteRun.seed?.orders ?? null;
    console.log(
      `\nTargets (SQLite${orders !== null && orders !== TARGET_ORDERS ? `; they are set for ${TARGET_ORDERS.toLocaleString('en-US')} orders, this run has ${orders.toLocaleString('en-US')}` : ''}):`,
    );
    for (const kind of ['list', 'search', 'byId'] as const) {
      const ofKind = sqliteRun.scenarios.filter((s) => s.scenario.kind === kind && s.target);
      if (ofKind.length === 0) continue; // left out by BENCH_ONLY
      const misses = ofKind.filter((s) => s.target && !s.target.pass);
      const worst = ofKind.reduce<ScenarioRun | null>((w, s) => (!w || s.result.p99Ms > w.result.p99Ms ? s : w), null);
      console.log(
        `  [${misses.length ? 'MISS' : 'PASS'}] ${kind} p99 ≤ ${TARGET_P99_MS[kind]} ms: ${ofKind.length - misses.length}/${ofKind.length} pass; worst ${worst ? `${worst.scenario.name} ${fmt(worst.result.p99Ms)} ms` : '-'}`,
      );
      for (const miss of misses) console.log(`      MISS ${miss.scenario.name}: p99 ${fmt(miss.result.p99Ms)} ms`);
    }
  }
  const ratios = printRatios(
    'bench:orders',
    ratioRows(runs),
    `pg/sqlite compares the p50 at ${CLIENTS} clients of the same scenario, same run.`,
  );
  console.log(`Machine load at the end: ${JSON.stringify(machineLoad())}`);

  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `orders-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const report = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    commit: gitCommit(),
    settings,
    machine,
    targetsP99Ms: TARGET_P99_MS,
    ratios,
    runs,
  };
  fs.writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  console.log(`\nResults written to ${path.relative(process.cwd(), file) || file}`);
}

runBench('bench:orders', main);
