/**
 * Reports benchmark (docs/analytics.md). A benchmark, not a test: it never fails on a slow figure.
 *
 *   1. `seed --orders N` into a temp DATA_DIR (N = BENCH_ORDERS, default 1,000,000), or BENCH_DATA_DIR as it is;
 *   2. the real server on it (SQLite), its file mapped into memory, signed in as the administrator;
 *   3. with BENCH_CLIENTS (10) closed-loop keep-alive clients for BENCH_SECONDS (5) each: every report of
 *      schema/reports.ts at its default period, and with filters combined, other groupings and longer periods
 *      (filter values from the data: the busiest dispatcher and driver, a carrier), a CSV export, the landing
 *      dashboard (GET /api/Dashboard/summary, every tile: the administrator reads every feature), and the
 *      credentials, dispatcher salary and evaluation reports and the Performance Calendar's month;
 *   4. with the server stopped, each scenario's report run directly (server/modules/reports: its queries and the
 *      answer's assembly, in this process on the same file, one at a time: no HTTP, no sign-in check, no queueing)
 *      for BENCH_DIRECT_SECONDS (2) — the floor under the server's figure.
 * Prints p50 / p99 per scenario, the p50 with 1 client beside the direct p50 and their ratio (bench/ratios.ts), and the
 * targets at 1M orders: p99 ≤ 200 ms with 10 clients, and each report's direct cost ≤ 5 ms.
 *
 * Environment: BENCH_ORDERS, BENCH_SECONDS, BENCH_CLIENTS, BENCH_WARMUP_SECONDS (1), BENCH_DIRECT_SECONDS, BENCH_DATA_DIR
 * (a seeded SQLite DATA_DIR, kept), BENCH_ONLY (only the scenarios whose name contains this text), LOG_LEVEL.
 * Results: a table on stdout and bench/results/reports-<timestamp>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type ReportQuery, reportByName, reportQuery } from '../schema/reports';
import { demoEmail } from '../server/db/seed';
import { normaliseQueryKeys } from '../server/http/validation';
import { reportCsv } from '../server/modules/reports/csv';
import { makeRun } from '../server/modules/reports/frame';
import { REPORT_MODULES } from '../server/modules/reports/routes';
import { dashboardSummary } from '../server/modules/dashboard/summary';
import { calendarMonth } from '../server/modules/calendar/month';
import { shiftMonth } from '../schema/calendar';
import { todayIso } from '../schema/expiry';
import { bare, oneClient, printRatios, serverSqlite } from './ratios';
import {
  type LoadResult,
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
  removeTempDir,
  request,
  runBench,
  runSeed,
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
} = orderBenchSettings();
const DIRECT_SECONDS = numberFromEnv('BENCH_DIRECT_SECONDS', Math.min(2, SECONDS));
const ONLY = process.env.BENCH_ONLY?.trim().toLowerCase() || null;
const TARGET_P99_MS = 200;
/** A report cheap enough on its own that ten clients stay within the p99 target (docs/analytics.md). */
const DIRECT_TARGET_MS = 5;

interface Scenario {
  name: string;
  report: string;
  query: Record<string, string>;
  /** The CSV download instead of the JSON answer. */
  csv?: boolean;
  /** The landing dashboard instead of a report (rows: its tiles). */
  dashboard?: boolean;
  /** The Performance Calendar's month instead of a report (rows: its drivers). */
  calendar?: boolean;
}

interface ScenarioRun {
  scenario: Scenario;
  rows: number;
  result: LoadResult;
  /** The same with 1 client: one request's latency, for the ratio of the server to the direct run (bench/ratios.ts). */
  single: LoadResult;
  direct: { iterations: number; p50Ms: number; p99Ms: number } | null;
  ratio: number | null;
  pass: boolean;
}

const pathOf = (s: Scenario) =>
  s.calendar
    ? `/api/calendar/month?${new URLSearchParams(s.query).toString()}`
    : s.dashboard
      ? '/api/Dashboard/summary'
      : `/api/Reports/${s.report}${s.csv ? '/export' : ''}?${new URLSearchParams(s.query).toString()}`;

async function getValue<T>(server: ServerChild, auth: Record<string, string>, url: string): Promise<T> {
  const response = await request(server, { method: 'GET', path: url, headers: auth });
  if (response.status !== 200)
    throw new Error(`GET ${url}: ${response.status} ${response.body.toString().slice(0, 300)}`);
  return (JSON.parse(response.body.toString()) as { value: T }).value;
}

/** The month before this one (YYYY-MM): a month of the calendar wholly past. */
const lastMonth = () => shiftMonth(todayIso().slice(0, 7), -1);

/** The scenarios, with the busiest dispatcher and driver of the last 12 weeks and the first carrier. */
async function buildScenarios(server: ServerChild, auth: Record<string, string>): Promise<Scenario[]> {
  const quarter = { filtered: 'last_12_weeks' };
  const [dispatcher] = (
    await getValue<{ rows: { dispatcherId: number }[] }>(
      server,
      auth,
      `/api/Reports/dispatchers?${new URLSearchParams(quarter)}`,
    )
  ).rows;
  const driver = (
    await getValue<{ rows: { driverId: number | null }[] }>(
      server,
      auth,
      `/api/Reports/drivers?${new URLSearchParams(quarter)}`,
    )
  ).rows.find((r) => r.driverId !== null);
  const carriers = JSON.parse(
    (await request(server, { method: 'GET', path: '/api/Carriers/dropdown-list', headers: auth })).body.toString(),
  ) as { data: { id: number }[] };
  if (!dispatcher || !driver || !carriers.data.length)
    throw new Error('No orders to report on: seed the data set first');
  const d = String(dispatcher.dispatcherId);
  const r = String(driver.driverId);
  const c = String(carriers.data[0].id);
  const year = { filtered: 'this_year' };
  return [
    { name: 'weekly-report (12 weeks)', report: 'weekly-report', query: {} },
    { name: 'weekly-report this year', report: 'weekly-report', query: year },
    { name: 'weekly-report dispatcher', report: 'weekly-report', query: { dispatcherId: d } },
    { name: 'weekly-report dispatcher+carrier', report: 'weekly-report', query: { dispatcherId: d, carrierId: c } },
    { name: 'weekly-report by driver', report: 'weekly-report', query: { groupBy: 'driver' } },
    {
      name: 'weekly-report by driver, carrier, year',
      report: 'weekly-report',
      query: { groupBy: 'driver', carrierId: c, ...year },
    },
    {
      name: 'weekly-report by dispatcher, driver',
      report: 'weekly-report',
      query: { groupBy: 'dispatcher', driverId: r },
    },
    { name: 'weekly-finance (12 weeks)', report: 'weekly-finance', query: {} },
    { name: 'weekly-finance this year', report: 'weekly-finance', query: year },
    { name: 'weekly-finance dispatcher', report: 'weekly-finance', query: { dispatcherId: d } },
    { name: 'weekly-finance driver', report: 'weekly-finance', query: { driverId: r } },
    { name: 'dispatchers (this month)', report: 'dispatchers', query: {} },
    { name: 'dispatchers carrier, 12 weeks', report: 'dispatchers', query: { carrierId: c, ...quarter } },
    { name: 'drivers (this month)', report: 'drivers', query: {} },
    { name: 'drivers this year', report: 'drivers', query: year },
    { name: 'drivers dispatcher+carrier', report: 'drivers', query: { dispatcherId: d, carrierId: c } },
    { name: 'driver-loads (this month)', report: 'driver-loads', query: { driverId: r } },
    { name: 'driver-loads this week', report: 'driver-loads', query: { driverId: r, filtered: 'this_week' } },
    { name: 'driver-license (next 90 days)', report: 'driver-license', query: {} },
    { name: 'dispatcher-salary (12 weeks)', report: 'dispatcher-salary-report', query: {} },
    {
      name: 'dispatcher-salary by week, this year',
      report: 'dispatcher-salary-report',
      query: { groupBy: 'week', ...year },
    },
    { name: 'dispatcher-salary carrier', report: 'dispatcher-salary-report', query: { carrierId: c } },
    { name: 'evaluation-report (this year)', report: 'evaluation-report', query: {} },
    { name: 'evaluation-report dispatchers', report: 'evaluation-report', query: { groupBy: 'dispatcher' } },
    { name: 'weekly-report CSV (12 weeks)', report: 'weekly-report', query: {}, csv: true },
    { name: 'dashboard (every tile)', report: 'dashboard', query: {}, dashboard: true },
    { name: 'calendar month (every driver)', report: 'calendar', query: {}, calendar: true },
    {
      name: 'calendar last month, carrier',
      report: 'calendar',
      query: { month: lastMonth(), carrierId: c },
      calendar: true,
    },
  ];
}

/** A scenario's report run in this process on the file, one at a time, for DIRECT_SECONDS: its p50 and p99. */
async function directRuns(dataDir: string, runs: ScenarioRun[]): Promise<void> {
  const database = serverSqlite(dataDir);
  const summarize = dashboardSummary(database);
  try {
    for (const run of runs) {
      const module = REPORT_MODULES.find((m) => m.definition.name === run.scenario.report)!;
      const parsed = run.scenario.calendar
        ? ({} as ReportQuery)
        : (reportQuery.parse(normaliseQueryKeys(run.scenario.query)) as ReportQuery);
      // As the routes ask (server/modules/reports/routes.ts): the screen's answer a page at a time, the CSV every row.
      const query = { ...parsed, page: run.scenario.csv ? undefined : (parsed.page ?? 1) };
      const once = async () => {
        if (run.scenario.dashboard) return void (await summarize(todayIso(), async () => true));
        if (run.scenario.calendar) {
          const { month, carrierId } = run.scenario.query;
          return void (await calendarMonth(database.db, database.dialect, month ?? todayIso().slice(0, 7), todayIso(), {
            carrierId: carrierId ? Number(carrierId) : undefined,
          }));
        }
        const answer = await module.answer(makeRun(database, module.definition, query, null));
        if (run.scenario.csv)
          for await (const line of reportCsv(module.definition, query.groupBy ?? 'week', answer)) void line;
      };
      run.direct = await bare(once, DIRECT_SECONDS);
      run.ratio = run.single.p50Ms / run.direct.p50Ms;
    }
  } finally {
    await database.close();
  }
}

const COLUMNS = ['scenario', 'rows', 'req/s', 'p50 ms', 'p99 ms', 'err', '1c p50', 'direct p50', 'ratio', 'target'];
const WIDTHS = [40, 6, 7, 8, 8, 4, 10, 7, 12];
const tableRow = (cells: string[]) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(WIDTHS[i]) : cell.padStart(WIDTHS[i]))).join('  ');
const cellsOf = (run: ScenarioRun) => [
  run.scenario.name.slice(0, WIDTHS[0]),
  String(run.rows),
  fmt(run.result.reqPerSec, 0),
  fmt(run.result.p50Ms),
  fmt(run.result.p99Ms),
  String(run.result.errors),
  fmt(run.single.p50Ms),
  run.direct ? fmt(run.direct.p50Ms) : '-',
  run.ratio === null ? '-' : `${fmt(run.ratio, 1)}x`,
  `${run.pass ? 'PASS' : 'MISS'} ≤${TARGET_P99_MS}`,
];

async function main() {
  const startedAt = new Date();
  const settings = {
    orders: ORDERS,
    seconds: SECONDS,
    clients: CLIENTS,
    warmupSeconds: WARMUP_SECONDS,
    directSeconds: DIRECT_SECONDS,
    reuseDataDir: REUSE_DATA_DIR,
    only: ONLY,
  };
  console.log(`Haulboard reports bench: ${JSON.stringify(settings)}`);
  console.log(`Machine: ${JSON.stringify(machineInfo())}, load now ${JSON.stringify(machineLoad())}`);

  let dataDir = REUSE_DATA_DIR;
  let seed: SeedRun | null = null;
  if (!dataDir) {
    dataDir = makeTempDir();
    seed = await runSeed('sqlite', dataDir, null, ORDERS);
    console.log(`[sqlite] seed: ${fmt(seed.wallSeconds, 1)} s`);
  }
  const runs: ScenarioRun[] = [];
  try {
    const server = await startServer('sqlite', null, { dataDir, logFile: path.join(dataDir, 'server.log') });
    try {
      await waitForFileInMemory(server);
      const auth = { authorization: `Bearer ${await login(server, demoEmail('Administrator'))}` };
      const all = await buildScenarios(server, auth);
      const scenarios = ONLY ? all.filter((s) => s.name.toLowerCase().includes(ONLY)) : all;
      if (!scenarios.length)
        throw new Error(`BENCH_ONLY="${ONLY}" matches no scenario; they are: ${all.map((s) => s.name).join('; ')}`);
      console.log(
        `${scenarios.length} scenarios × (${WARMUP_SECONDS} s warm-up + ${SECONDS} s) with ${CLIENTS} clients`,
      );
      console.log('  ' + tableRow(COLUMNS.slice(0, 6)));
      for (const scenario of scenarios) {
        if (!scenario.dashboard && !scenario.calendar && !reportByName(scenario.report))
          throw new Error(`No report ${scenario.report}`);
        const url = pathOf(scenario);
        const answer = scenario.csv
          ? null
          : await getValue<{ rows?: unknown[]; drivers?: unknown[] }>(server, auth, url);
        const rows = !answer
          ? 0
          : scenario.calendar
            ? answer.drivers!.length
            : scenario.dashboard
              ? Object.keys(answer).length - 1
              : answer.rows!.length;
        const next = () => ({ method: 'GET' as const, path: url, headers: auth });
        await load(server, scenario.name, CLIENTS, Math.min(WARMUP_SECONDS, SECONDS), next);
        const result = await load(server, scenario.name, CLIENTS, SECONDS, next);
        const single = await oneClient(server, scenario.name, SECONDS, next);
        const run: ScenarioRun = {
          scenario,
          rows,
          result,
          single,
          direct: null,
          ratio: null,
          pass: result.p99Ms <= TARGET_P99_MS && result.errors === 0,
        };
        runs.push(run);
        console.log('  ' + tableRow(cellsOf(run).slice(0, 6)));
        if (result.errors)
          console.log(
            `    ! ${result.errors} errors (${JSON.stringify(result.statuses)}), first: ${result.firstError}`,
          );
      }
    } finally {
      await stopChild(server.child);
    }
    console.log(`\nThe reports run directly (no HTTP, one at a time), ${DIRECT_SECONDS} s each …`);
    await directRuns(dataDir, runs);
  } finally {
    if (dataDir !== REUSE_DATA_DIR) removeTempDir(dataDir);
  }

  console.log(
    `\n=== sqlite: ${CLIENTS} clients, ${SECONDS} s each${seed ? `; seed of ${seed.orders.toLocaleString('en-US')} orders ${fmt(seed.wallSeconds, 1)} s` : ''} ===`,
  );
  console.log(tableRow(COLUMNS));
  for (const run of runs) console.log(tableRow(cellsOf(run)));
  console.log(
    `direct p50 = the report's queries and answer run in this process, one at a time; ratio = server p50 at 1 client (1c) / direct p50.`,
  );
  const costly = runs.filter((r) => r.direct && r.direct.p50Ms > DIRECT_TARGET_MS);
  console.log(
    `\n[${costly.length ? 'MISS' : 'PASS'}] every report's direct cost ≤ ${DIRECT_TARGET_MS} ms: ${runs.length - costly.length}/${runs.length} pass`,
  );
  for (const run of costly) console.log(`    MISS ${run.scenario.name}: direct p50 ${fmt(run.direct!.p50Ms)} ms`);
  const misses = runs.filter((r) => !r.pass);
  console.log(
    `\n[${misses.length ? 'MISS' : 'PASS'}] every report p99 ≤ ${TARGET_P99_MS} ms${seed && seed.orders !== 1_000_000 ? ` (set for 1,000,000 orders; this run has ${seed.orders.toLocaleString('en-US')})` : ''}: ${runs.length - misses.length}/${runs.length} pass`,
  );
  for (const miss of misses) console.log(`    MISS ${miss.scenario.name}: p99 ${fmt(miss.result.p99Ms)} ms`);
  const ratios = printRatios(
    'bench:reports',
    runs.map((r) => ({ scenario: r.scenario.name, serverP50Ms: r.single.p50Ms, bareP50Ms: r.direct?.p50Ms ?? null })),
    'bare = the report run directly (its queries and the answer’s assembly in this process). SQLite only.',
  );

  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `reports-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        commit: gitCommit(),
        settings,
        machine: machineInfo(),
        seed,
        targetP99Ms: TARGET_P99_MS,
        directTargetMs: DIRECT_TARGET_MS,
        ratios,
        runs,
      },
      null,
      2,
    ) + '\n',
  );
  console.log(`\nResults written to ${path.relative(process.cwd(), file) || file}`);
}

runBench('bench:reports', main);
