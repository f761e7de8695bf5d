/**
 * Vetting benchmark (docs/product/compliance.md#speed). A benchmark, not a test: it never fails on a slow figure.
 *
 *   1. the demo company in a temp DATA_DIR (SQLite; with DATABASE_URL=postgres://… a scratch PostgreSQL database too,
 *      made empty and dropped afterwards);
 *   2. a carrier census of BENCH_VETTING_ROWS (2,000,000) companies in the census layout written to a file (USDOT
 *      numbers, names, addresses, phones, e-mails; 70 in 100 with an MC docket), and the same file with one company in
 *      100 given a new phone;
 *   3. the file imported with `npm run vetting:import` (a child process: its time and peak resident memory, the
 *      file streamed in batches), then the same file again (nothing to write), then the changed one (20,000 changes);
 *   4. the real server on that database (on SQLite once it has mapped its file into memory); BENCH_VETTING_LOOKUPS
 *      (2,000) lookups by MC number and as many by USDOT number through GET /api/Vetting/lookup, BENCH_CLIENTS (4) at
 *      a time after 200 unmeasured ones: p50, p99, max (target p99 ≤ 50 ms);
 *   5. the ratios every HTTP bench ends with (bench/ratios.ts), per scenario: the server's p50 at 1 client
 *      (BENCH_SINGLE_SECONDS, 2) on the same numbers in the same order, against the same work bare on SQLite:
 *      vettingOf() of server/modules/vetting/lookup.ts (the route's reads and its answer as an object, without HTTP,
 *      the session check, the envelope and the JSON text) in this process over the server's own SQLite handle on the
 *      same file; with DATABASE_URL, PostgreSQL's p50 against SQLite's at BENCH_CLIENTS clients; then the line with
 *      the worst of each.
 * Results on stdout and bench/results/vetting-<timestamp>.json (the ratios' summary under `ratios`; each run's 1-client
 * runs under `singles` and bare runs under `bares`, in the order of `scenarios`).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { lookupQuery } from '../schema/vetting';
import { lookupKeys, vettingOf } from '../server/modules/vetting/lookup';
import { type BareResult, bare, oneClient, printRatios, routeQuery, serverSqlite } from './ratios';
import {
  type LoadResult,
  RESULTS_DIR,
  ROOT,
  fmt,
  gitCommit,
  httpPool,
  login,
  machineInfo,
  machineLoad,
  makeTempDir,
  numberFromEnv,
  percentile,
  runBench,
  scratchPostgresOrSkip,
  startServer,
  stopChild,
  trackChild,
  waitForFileInMemory,
} from './lib';

const ROWS = numberFromEnv('BENCH_VETTING_ROWS', 2_000_000, { integer: true });
const LOOKUPS = numberFromEnv('BENCH_VETTING_LOOKUPS', 2_000, { integer: true });
const CLIENTS = numberFromEnv('BENCH_CLIENTS', 4, { integer: true });
const DATABASE_URL = process.env.DATABASE_URL?.trim() || null;
const FIRST_DOT = 1_000_000;
const CITIES = [
  ['DALLAS', 'TX', '75205'],
  ['PHOENIX', 'AZ', '85034'],
  ['ATLANTA', 'GA', '30303'],
  ['CHICAGO', 'IL', '60607'],
  ['NEWARK', 'NJ', '07102'],
  ['FRESNO', 'CA', '93721'],
  ['DENVER', 'CO', '80204'],
  ['MIAMI', 'FL', '33126'],
];
const HEADER =
  'DOT_NUMBER,LEGAL_NAME,DBA_NAME,CARRIER_OPERATION,HM_FLAG,PC_FLAG,PHY_STREET,PHY_CITY,PHY_STATE,PHY_ZIP,PHY_COUNTRY,' +
  'MAILING_STREET,MAILING_CITY,MAILING_STATE,MAILING_ZIP,MAILING_COUNTRY,TELEPHONE,FAX,EMAIL_ADDRESS,MCS150_DATE,' +
  'MCS150_MILEAGE,MCS150_MILEAGE_YEAR,ADD_DATE,OIC_STATE,NBR_POWER_UNIT,DRIVER_TOTAL,DOCKET1PREFIX,DOCKET1\n';
/** The scenarios, in the order of a run's `singles` and `bares`. */
const SCENARIOS = ['lookup by MC number', 'lookup by USDOT number'] as const;

/** Company i's MC docket digits, for 70 in 100 of them. */
const docketOf = (i: number) => (i % 10 < 7 ? String(100_000 + i) : null);

function line(i: number, changed: boolean): string {
  const [city, state, zip] = CITIES[i % CITIES.length];
  const area = 200 + (i % 780);
  const phone =
    changed && i % 100 === 0
      ? `(${area}) 555-9${String(i % 1000).padStart(3, '0')}`
      : `(${area}) 555-${String(i % 10_000).padStart(4, '0')}`;
  const docket = docketOf(i);
  const name = i % 13 === 0 ? `"CARRIER ${i}, TRANSPORT LLC"` : `CARRIER ${i} TRANSPORT LLC`;
  return (
    `${FIRST_DOT + i},${name},${i % 4 === 0 ? `HAUL ${i}` : ''},A,N,N,${100 + (i % 9000)} MAIN ST,${city},${state},${zip},US,` +
    `PO BOX ${i % 5000},${city},${state},${zip},US,${phone},,OPS${i}@CARRIER${i}.EXAMPLE,15-JAN-25,${(i % 900) * 1000},2024,` +
    `02-MAR-18,${state},${1 + (i % 40)},${1 + (i % 45)},${docket ? 'MC' : ''},${docket ?? ''}\n`
  );
}

/** The census file, written a block of rows at a time. */
async function writeCensus(file: string, changed: boolean): Promise<number> {
  const out = fs.createWriteStream(file);
  out.write(HEADER);
  const block = 10_000;
  for (let start = 0; start < ROWS; start += block) {
    let text = '';
    for (let i = start; i < Math.min(ROWS, start + block); i++) text += line(i, changed);
    if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return fs.statSync(file).size;
}

function envFor(dataDir: string, databaseUrl: string | null): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DEMO_DATA: 'true', DEMO_LEDGERS: 'false' };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

/** A CLI of the project as a child process; its lines passed through, the last JSON line kept. */
async function runCli(label: string, args: string[], env: NodeJS.ProcessEnv) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  trackChild(child);
  let result: Record<string, unknown> | null = null;
  for (const stream of [child.stdout, child.stderr])
    readline.createInterface({ input: stream }).on('line', (text) => {
      console.log(`  ${label}| ${text}`);
      if (text.startsWith('{')) result = JSON.parse(text) as Record<string, unknown>;
    });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  await stopChild(child);
  if (code !== 0) throw new Error(`${label} exited with ${code}`);
  return { wallSeconds: Number(((performance.now() - started) / 1000).toFixed(1)), result };
}

/** The lookups of `paths`, `clients` at a time: p50, p99 and max in milliseconds. */
async function lookups(send: ReturnType<typeof httpPool>['send'], token: string, paths: string[]) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < paths.length) {
      const url = paths[next++];
      const started = performance.now();
      const answer = await send({ method: 'GET', path: url, headers: { authorization: `Bearer ${token}` } });
      latencies.push(performance.now() - started);
      if (answer.status !== 200 || !JSON.parse(answer.body.toString()).value?.census) failures++;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, worker));
  const sorted = Float64Array.from(latencies).sort();
  const ms = (value: number) => Number(value.toFixed(3));
  return {
    count: paths.length,
    failures,
    p50Ms: ms(percentile(sorted, 50)),
    p99Ms: ms(percentile(sorted, 99)),
    maxMs: ms(sorted[sorted.length - 1]),
  };
}

/** The bare side's answer must be the server's (the envelope's value): otherwise its time would mean nothing. */
async function sameAnswer(send: ReturnType<typeof httpPool>['send'], token: string, url: string, answer: unknown) {
  const served = await send({ method: 'GET', path: url, headers: { authorization: `Bearer ${token}` } });
  const value = (JSON.parse(served.body.toString()) as { value?: unknown }).value;
  if (JSON.stringify(value) !== JSON.stringify(answer))
    throw new Error(`bare vettingOf() answers ${url} otherwise than the server: ${JSON.stringify(answer)}`);
}

async function benchDatabase(label: string, databaseUrl: string | null, files: { census: string; changed: string }) {
  const dataDir = makeTempDir(`haulboard-vetting-${label}-`);
  const env = envFor(dataDir, databaseUrl);
  await runCli(`${label} seed`, ['server/cli/seed.ts'], env);
  const first = await runCli(`${label} import`, ['server/cli/vettingImport.ts', files.census], env);
  const again = await runCli(`${label} again`, ['server/cli/vettingImport.ts', files.census], env);
  const changed = await runCli(`${label} changed`, ['server/cli/vettingImport.ts', files.changed], env);

  const server = await startServer(label, databaseUrl, { dataDir });
  const database = databaseUrl ? null : serverSqlite(dataDir);
  const pool = httpPool(server, CLIENTS);
  try {
    if (!databaseUrl) await waitForFileInMemory(server);
    const token = await login(server, 'manager@haulboard.demo');
    // A random company each time (seeded: the same ones every run), among those with a docket for MC lookups.
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const anyCompany = () => Math.floor(random() * ROWS);
    const withDocket = () => {
      for (;;) {
        const i = anyCompany();
        if (docketOf(i)) return i;
      }
    };
    const paths = (count: number, pathOf: () => string) => Array.from({ length: count }, pathOf);
    await lookups(
      pool.send,
      token,
      paths(200, () => `/api/Vetting/lookup?dot=${FIRST_DOT + anyCompany()}`),
    );
    const scenarioPaths = [
      paths(LOOKUPS, () => `/api/Vetting/lookup?mc=MC${docketOf(withDocket())}`),
      paths(LOOKUPS, () => `/api/Vetting/lookup?dot=${FIRST_DOT + anyCompany()}`),
    ];
    const measured: Awaited<ReturnType<typeof lookups>>[] = [];
    const singles: LoadResult[] = [];
    const bares: (BareResult | null)[] = [];
    for (const [i, scenario] of SCENARIOS.entries()) {
      const list = scenarioPaths[i];
      const result = await lookups(pool.send, token, list);
      // Again with 1 client, then bare on SQLite: the same numbers in the same order (the queries parsed beforehand,
      // as the route gets them: parsing is the server's HTTP side).
      const single = await oneClient(server, scenario, Infinity, (n) => ({
        method: 'GET',
        path: list[n % list.length],
        headers: { authorization: `Bearer ${token}` },
      }));
      const keys = list.map((url) => lookupKeys(routeQuery(lookupQuery, url)));
      if (database) await sameAnswer(pool.send, token, list[0], await vettingOf(database.db, keys[0]));
      const reference = database && (await bare((n) => vettingOf(database.db, keys[n % keys.length])));
      measured.push(result);
      singles.push(single);
      bares.push(reference);
      console.log(
        `[${label}] ${scenario}: ${result.count} lookups, p50 ${fmt(result.p50Ms)} ms, p99 ${fmt(result.p99Ms)} ms, max ${fmt(result.maxMs)} ms, failures ${result.failures}; 1 client p50 ${fmt(single.p50Ms)} ms (${single.requests} requests, errors ${single.errors})${reference ? `, bare p50 ${fmt(reference.p50Ms, 3)} ms (${reference.iterations} runs)` : ''}`,
      );
    }
    const [lookupByMc, lookupByDot] = measured;
    return {
      db: label,
      import: first,
      importAgain: again,
      importChanged: changed,
      lookupByMc,
      lookupByDot,
      singles,
      bares,
    };
  } finally {
    await pool.close();
    await database?.close();
    await stopChild(server.child);
  }
}

async function main() {
  console.log(`Machine: ${JSON.stringify(machineInfo())}, load now ${JSON.stringify(machineLoad())}`);
  const dir = makeTempDir('haulboard-vetting-files-');
  const files = { census: path.join(dir, 'census.csv'), changed: path.join(dir, 'census-changed.csv') };
  const started = performance.now();
  const bytes = await writeCensus(files.census, false);
  await writeCensus(files.changed, true);
  console.log(
    `Census: ${ROWS.toLocaleString('en-US')} companies, ${(bytes / 1024 / 1024).toFixed(0)} MB, written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const runs = [await benchDatabase('sqlite', null, files)];
  if (!DATABASE_URL) console.log('PostgreSQL: skipped (set DATABASE_URL=postgres://… to include it)');
  else {
    const scratch = await scratchPostgresOrSkip(DATABASE_URL, 'haulboard_vetting');
    if (scratch) {
      runs.push(await benchDatabase('postgres', scratch.url, files));
      await scratch.drop();
    }
  }
  const [sqlite, postgres] = [runs.find((r) => r.db === 'sqlite'), runs.find((r) => r.db === 'postgres')];
  const lookupsOf = (run: (typeof runs)[number]) => [run.lookupByMc, run.lookupByDot];
  const ratios = printRatios(
    'bench:vetting',
    SCENARIOS.map((scenario, i) => ({
      scenario,
      serverP50Ms: sqlite?.singles[i]?.p50Ms ?? null,
      bareP50Ms: sqlite?.bares[i]?.p50Ms ?? null,
      ...(sqlite && postgres
        ? { postgresP50Ms: lookupsOf(postgres)[i].p50Ms, sqliteP50Ms: lookupsOf(sqlite)[i].p50Ms }
        : {}),
    })),
    `bare = vettingOf() of server/modules/vetting/lookup.ts in this process on the same file (the route's reads and its answer as an object; no HTTP, session check, envelope or JSON text), the same numbers in the same order. SQLite only. pg/sqlite compares the p50 at ${CLIENTS} clients.`,
  );
  const result = {
    when: new Date().toISOString(),
    commit: gitCommit(),
    machine: machineInfo(),
    load: machineLoad(),
    rows: ROWS,
    fileMb: Math.round(bytes / 1024 / 1024),
    scenarios: SCENARIOS,
    ratios,
    runs,
  };
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const out = path.join(RESULTS_DIR, `vetting-${result.when.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`Written to ${path.relative(ROOT, out)}`);
}

runBench('vetting', main);
