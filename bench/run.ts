/**
 * Haulboard HTTP benchmark (`npm run bench`). A benchmark, not a test: it never fails on a slow figure.
 *
 * Starts the real server as a child process (its own event loop, its own temp DATA_DIR), waits for
 * GET /api/health, then drives it with closed-loop keep-alive clients:
 *   - GET /api/token/me and GET /api/Auth/features/get as the administrator (BENCH_CLIENTS clients),
 *   - GET /api/Auth/features/get with 1 client (latency without queueing),
 *   - POST /api/Auth/login with correct credentials, spread over the demo accounts (argon2id-bound),
 * and, for the embedded SQLite database, runs the SQL of one features/get request bare through
 * better-sqlite3 on the same database file, for a server / bare ratio.
 * With DATABASE_URL=postgres://… set, the HTTP scenarios run again against PostgreSQL (DEMO_DATA=true).
 *
 * Environment: BENCH_SECONDS (10), BENCH_CLIENTS (20), BENCH_LOGIN_SECONDS (min(5, BENCH_SECONDS)),
 * BENCH_LOGIN_CLIENTS ("2,8"), BENCH_WARMUP_SECONDS (1), LOG_LEVEL (passed to the server; default info).
 * Results: a table on stdout and bench/results/<timestamp>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { DEMO_PASSWORD, DEMO_ROLES, demoEmail } from '../server/db/seed';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../server/db/types';
import { sessionLookup } from '../server/http/access';
import { groupsWithItemsQuery } from '../server/modules/access/layout';
import { printRatios } from './ratios';
import {
  type LoadResult,
  type RequestSpec,
  RESULTS_DIR,
  type ServerChild,
  fmt,
  gitCommit,
  listFromEnv,
  load as runLoad,
  login,
  machineInfo,
  numberFromEnv,
  percentile,
  removeTempDir,
  request,
  runBench,
  startServer,
  stopChild,
} from './lib';

const ADMIN_EMAIL = demoEmail('Administrator');
const LOGIN_ACCOUNTS = DEMO_ROLES.map((role) => demoEmail(role));

/** features/get p99 target at BENCH_CLIENTS concurrency. */
const FEATURES_P99_TARGET_MS = 10;

// ---------------------------------------------------------------- settings

const SECONDS = numberFromEnv('BENCH_SECONDS', 10);
const CLIENTS = numberFromEnv('BENCH_CLIENTS', 20, { integer: true });
const LOGIN_SECONDS = numberFromEnv('BENCH_LOGIN_SECONDS', Math.min(5, SECONDS));
const LOGIN_CLIENTS = listFromEnv('BENCH_LOGIN_CLIENTS', [2, 8]);
const WARMUP_SECONDS = numberFromEnv('BENCH_WARMUP_SECONDS', 1);
const SINGLE_CLIENT_SECONDS = Math.min(5, SECONDS);
const BARE_SECONDS = Math.min(3, SECONDS);
const DATABASE_URL = process.env.DATABASE_URL?.trim() || null;

// ---------------------------------------------------------------- load

/** Closed loop (bench/lib.ts), its row printed unless `record` is false (the warm-up). */
function load(
  server: ServerChild,
  scenario: string,
  clients: number,
  seconds: number,
  next: (sequence: number) => RequestSpec,
  record = true,
): Promise<LoadResult> {
  return runLoad(server, scenario, clients, seconds, next, record ? printRow : undefined);
}

async function measure(
  server: ServerChild,
  scenario: string,
  clients: number,
  seconds: number,
  next: (sequence: number) => RequestSpec,
): Promise<LoadResult> {
  await load(server, scenario, clients, Math.min(WARMUP_SECONDS, seconds), next, false);
  return load(server, scenario, clients, seconds, next);
}

// ---------------------------------------------------------------- bare SQL baseline (SQLite)

interface BareResult {
  variant: string;
  queries: number;
  iterations: number;
  opsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  rowsPerIteration: number;
}

/**
 * The statements one GET /api/Auth/features/get runs once the user's layout exists, compiled by Kysely from the
 * server's own query builders: the session lookup of the access hook (server/http/access.ts) and the groups with
 * their items (server/modules/access/layout.ts). The feature catalogue and permission matrix are served from the
 * server's in-memory PermissionCatalog, so they cost no query per request.
 */
function featuresGetStatements(userId: number, sessionId: string): { name: string; sql: string; params: unknown[] }[] {
  const compiler = new Kysely<Database>({
    dialect: new SqliteDialect({
      database: async () => {
        throw new Error('compile only');
      },
    }),
  });
  const compiled = [
    { name: 'session', query: sessionLookup(compiler, sessionId, userId).compile() },
    { name: 'groupsWithItems', query: groupsWithItemsQuery(compiler, userId).compile() },
  ];
  return compiled.map(({ name, query }) => ({ name, sql: query.sql, params: [...query.parameters] }));
}

function bareBaseline(file: string, userId: number, sessionId: string): BareResult[] {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const all = featuresGetStatements(userId, sessionId);
    const layoutOnly = all.filter((s) => s.name !== 'session');
    const prepared = (list: typeof all) => {
      const statements = list.map((s) => ({ statement: sqlite.prepare(s.sql), params: s.params }));
      return () => statements.reduce((rows, s) => rows + s.statement.all(...s.params).length, 0);
    };
    // Kysely's SqliteDriver prepares every statement anew for each query.
    const preparedEachTime = (list: typeof all) => () =>
      list.reduce((rows, s) => rows + sqlite.prepare(s.sql).all(...s.params).length, 0);

    const variants: { variant: string; queries: number; run: () => number }[] = [
      { variant: 'full request SQL (session + layout), prepared once', queries: all.length, run: prepared(all) },
      { variant: 'layout SQL only, prepared once', queries: layoutOnly.length, run: prepared(layoutOnly) },
      { variant: 'full request SQL, prepare per query (as Kysely)', queries: all.length, run: preparedEachTime(all) },
    ];
    const results: BareResult[] = [];
    for (const { variant, queries, run } of variants) {
      const rows = run();
      for (let i = 0; i < 500; i++) run();
      const latencies: number[] = [];
      const start = process.hrtime.bigint();
      const deadline = start + BigInt(Math.round(BARE_SECONDS * 1e9));
      for (let now = start; now < deadline;) {
        run();
        const done = process.hrtime.bigint();
        latencies.push(Number(done - now) / 1e6);
        now = done;
      }
      const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
      const sorted = Float64Array.from(latencies).sort();
      const result = {
        variant,
        queries,
        iterations: sorted.length,
        opsPerSec: sorted.length / elapsed,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        rowsPerIteration: rows,
      };
      results.push(result);
      console.log(
        `  bare: ${variant.padEnd(52)} ${String(queries).padStart(2)} queries, ${String(rows).padStart(4)} rows  ${fmt(result.opsPerSec, 0).padStart(8)} it/s  p50 ${fmt(result.p50Ms, 3)} ms  p99 ${fmt(result.p99Ms, 3)} ms`,
      );
    }
    return results;
  } finally {
    sqlite.close();
  }
}

// ---------------------------------------------------------------- output

const COLUMNS = [
  'db',
  'scenario',
  'clients',
  'secs',
  'requests',
  'req/s',
  'p50 ms',
  'p90 ms',
  'p99 ms',
  'max ms',
  'errors',
  'srv CPU',
  'gen CPU',
] as const;
const WIDTHS = [8, 28, 7, 5, 9, 9, 8, 8, 8, 8, 6, 7, 7];

function row(cells: string[]): string {
  return cells.map((cell, i) => (i < 2 ? cell.padEnd(WIDTHS[i]) : cell.padStart(WIDTHS[i]))).join('  ');
}

function cells(r: LoadResult): string[] {
  return [
    r.db,
    r.scenario,
    String(r.clients),
    fmt(r.seconds, 1),
    String(r.requests),
    fmt(r.reqPerSec, 0),
    fmt(r.p50Ms),
    fmt(r.p90Ms),
    fmt(r.p99Ms),
    fmt(r.maxMs),
    String(r.errors),
    r.serverCpu === null ? '-' : `${Math.round(r.serverCpu * 100)}%`,
    `${Math.round(r.loadGenCpu * 100)}%`,
  ];
}

function printRow(r: LoadResult): void {
  console.log('  ' + row(cells(r)));
  if (r.errors) console.log(`    ! ${r.errors} errors (${JSON.stringify(r.statuses)}), first: ${r.firstError}`);
}

// ---------------------------------------------------------------- one database

interface DbRun {
  db: string;
  results: LoadResult[];
  bare: BareResult[] | null;
  bareError: string | null;
  ratios: { serverP50OverBareP50: number; serverP50At1ClientOverBareP50: number; bareVariant: string } | null;
  target: { metric: string; limitMs: number; valueMs: number; pass: boolean };
}

async function benchDatabase(dbLabel: string, databaseUrl: string | null): Promise<DbRun> {
  console.log(`\n=== ${dbLabel} ===`);
  const server = await startServer(dbLabel, databaseUrl);
  try {
    const token = await login(server, ADMIN_EMAIL);
    const auth = { authorization: `Bearer ${token}` };
    const me = await request(server, { method: 'GET', path: '/api/token/me', headers: auth });
    const adminId =
      me.status === 200 ? (JSON.parse(me.body.toString()) as { data?: { id?: unknown } }).data?.id : undefined;
    if (typeof adminId !== 'number')
      throw new Error(`[${dbLabel}] GET /api/token/me failed: ${me.status} ${me.body.toString().slice(0, 300)}`);
    // The first features/get creates the layout; the measured ones read it.
    const features = await request(server, { method: 'GET', path: '/api/Auth/features/get', headers: auth });
    const groups =
      features.status === 200 ? (JSON.parse(features.body.toString()) as { value?: unknown[] }).value : undefined;
    if (!Array.isArray(groups) || groups.length === 0)
      throw new Error(
        `[${dbLabel}] GET /api/Auth/features/get returned no groups: ${features.status} ${features.body.toString().slice(0, 300)}`,
      );

    console.log('  ' + row([...COLUMNS]));
    const results: LoadResult[] = [];
    results.push(
      await measure(server, 'GET /api/token/me', CLIENTS, SECONDS, () => ({
        method: 'GET',
        path: '/api/token/me',
        headers: auth,
      })),
    );
    const featuresGet = () => ({ method: 'GET' as const, path: '/api/Auth/features/get', headers: auth });
    const featuresLoaded = await measure(server, 'GET /api/Auth/features/get', CLIENTS, SECONDS, featuresGet);
    results.push(featuresLoaded);
    const featuresSingle = await measure(server, 'GET /api/Auth/features/get', 1, SINGLE_CLIENT_SECONDS, featuresGet);
    results.push(featuresSingle);
    for (const clients of LOGIN_CLIENTS) {
      results.push(
        await measure(server, 'POST /api/Auth/login', clients, LOGIN_SECONDS, (sequence) => ({
          method: 'POST',
          path: '/api/Auth/login',
          body: JSON.stringify({ email: LOGIN_ACCOUNTS[sequence % LOGIN_ACCOUNTS.length], password: DEMO_PASSWORD }),
        })),
      );
    }

    let bare: BareResult[] | null = null;
    let bareError: string | null = null;
    let ratios: DbRun['ratios'] = null;
    if (!databaseUrl) {
      try {
        const sessionId = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { jti: string }).jti;
        bare = bareBaseline(path.join(server.dataDir, 'haulboard.db'), adminId, sessionId);
        const reference = bare[0];
        ratios = {
          bareVariant: reference.variant,
          serverP50OverBareP50: featuresLoaded.p50Ms / reference.p50Ms,
          serverP50At1ClientOverBareP50: featuresSingle.p50Ms / reference.p50Ms,
        };
      } catch (error) {
        bareError = error instanceof Error ? error.message : String(error);
        console.log(`  bare baseline skipped: ${bareError}`);
      }
    }
    const target = {
      metric: `GET /api/Auth/features/get p99 @${CLIENTS} clients`,
      limitMs: FEATURES_P99_TARGET_MS,
      valueMs: featuresLoaded.p99Ms,
      pass: featuresLoaded.p99Ms <= FEATURES_P99_TARGET_MS,
    };
    return { db: dbLabel, results, bare, bareError, ratios, target };
  } finally {
    await stopChild(server.child);
    removeTempDir(server.dataDir);
  }
}

// ---------------------------------------------------------------- main

async function main() {
  const startedAt = new Date();
  const settings = {
    seconds: SECONDS,
    clients: CLIENTS,
    loginSeconds: LOGIN_SECONDS,
    loginClients: LOGIN_CLIENTS,
    warmupSeconds: WARMUP_SECONDS,
    singleClientSeconds: SINGLE_CLIENT_SECONDS,
    bareSeconds: BARE_SECONDS,
    serverLogLevel: process.env.LOG_LEVEL || 'info (server default)',
  };
  const machine = machineInfo();
  console.log(`Haulboard bench: ${JSON.stringify(settings)}`);
  console.log(`Machine: ${JSON.stringify(machine)}`);
  if (!DATABASE_URL) console.log('PostgreSQL: skipped (set DATABASE_URL=postgres://… to include it)');

  const runs: DbRun[] = [];
  runs.push(await benchDatabase('sqlite', null));
  if (DATABASE_URL) runs.push(await benchDatabase('postgres', DATABASE_URL));

  console.log('\n=== Summary ===');
  console.log(row([...COLUMNS]));
  for (const run of runs) for (const r of run.results) console.log(row(cells(r)));
  for (const run of runs) {
    if (run.ratios) {
      const bareP50 = run.bare![0].p50Ms;
      console.log(`\n[${run.db}] features/get bare SQL p50 ${fmt(bareP50, 3)} ms (${run.ratios.bareVariant})`);
      console.log(
        `[${run.db}] ratio server p50 / bare p50: ${fmt(run.ratios.serverP50OverBareP50, 1)}x @${CLIENTS} clients, ${fmt(run.ratios.serverP50At1ClientOverBareP50, 1)}x @1 client`,
      );
    } else if (run.bareError) {
      console.log(`\n[${run.db}] bare baseline skipped: ${run.bareError}`);
    }
  }
  const p50 = (run: DbRun | undefined, scenario: string, clients: number) =>
    run?.results.find((r) => r.scenario === scenario && r.clients === clients)?.p50Ms ?? null;
  const [sqlite, postgres] = [runs.find((r) => r.db === 'sqlite'), runs.find((r) => r.db === 'postgres')];
  const ratioRows = ['GET /api/Auth/features/get', 'GET /api/token/me'].map((scenario) => ({
    scenario,
    serverP50Ms: p50(sqlite, scenario, 1),
    bareP50Ms: scenario === 'GET /api/Auth/features/get' ? (sqlite?.bare?.[0]?.p50Ms ?? null) : null,
    ...(postgres
      ? { postgresP50Ms: p50(postgres, scenario, CLIENTS), sqliteP50Ms: p50(sqlite, scenario, CLIENTS) }
      : {}),
  }));
  const ratioSummary = printRatios(
    'bench:api',
    ratioRows,
    `server/bare on SQLite; pg/sqlite compares the p50 at ${CLIENTS} clients.`,
  );
  console.log('\nTargets:');
  for (const run of runs)
    console.log(
      `  [${run.target.pass ? 'PASS' : 'MISS'}] ${run.db}: ${run.target.metric} = ${fmt(run.target.valueMs)} ms (target ≤ ${run.target.limitMs} ms)`,
    );

  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const report = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    commit: gitCommit(),
    settings,
    machine,
    ratios: ratioSummary,
    runs,
  };
  fs.writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  console.log(`\nResults written to ${path.relative(process.cwd(), file) || file}`);
}

runBench('bench:api', main);
