/**
 * Driver ledger benchmark (docs/product/finances.md#ledger). A benchmark, not a test: it never fails on a slow figure.
 *
 *   1. the demo company without its ledgers into a temp DATA_DIR, then BENCH_LEDGER_DRIVERS (2,000) drivers and
 *      BENCH_LEDGER_ENTRIES (5,000,000) entries over the last year generated in SQL, with the totals the server keeps
 *      (driver_balances, driver_ledger_days, ledger_type_days) summed from them; entries older than two weeks settled by an old paid
 *      bill per driver; timed (target ≤ 2 min);
 *   2. the real server on that file, signed in as a FinanceSuper; with BENCH_CLIENTS (10) closed-loop clients for
 *      BENCH_SECONDS (5) each: the balances page (this month, by name and by ending balance), one random driver's
 *      ledger page with its totals, and the totals of a filtered set (one type over last month, all drivers);
 *      targets p99 ≤ 50 / 30 / 50 ms;
 *   3. each read again with 1 client, and the same three reads in-process with the server's own functions over
 *      better-sqlite3 (no HTTP), as the bare reference: the ratio server p50 at 1 client / bare p50 (bench/ratios.ts);
 *   4. POST /api/PayBills/build for last week, every driver, timed (target ≤ 5 s).
 * Results on stdout and bench/results/ledger-<timestamp>.json.
 * BENCH_LEDGER_DATA_DIR=dir keeps the generated data there and, when a later run finds it, measures on it without
 * generating again (the pay-bill build of step 4 then finds the week built: run it on fresh data for that figure).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { balancesQuery } from '../schema/balances';
import { weekStart } from '../schema/period';
import { demoEmail } from '../server/db/seed';
import type { Database } from '../server/db/types';
import { balancesPage } from '../server/modules/finances/balances';
import { addDays } from '../server/modules/finances/billing';
import { bare, oneClient, printRatios } from './ratios';
import {
  type LoadResult,
  RESULTS_DIR,
  ROOT,
  fmt,
  gitCommit,
  load,
  login,
  machineInfo,
  machineLoad,
  makeTempDir,
  numberFromEnv,
  onCleanup,
  removeTempDir,
  request,
  runBench,
  startServer,
  stopChild,
  waitForFileInMemory,
} from './lib';

const DRIVERS = numberFromEnv('BENCH_LEDGER_DRIVERS', 2_000, { integer: true });
const ENTRIES = numberFromEnv('BENCH_LEDGER_ENTRIES', 5_000_000, { integer: true });
const SECONDS = numberFromEnv('BENCH_SECONDS', 5);
const CLIENTS = numberFromEnv('BENCH_CLIENTS', 10, { integer: true });
const today = new Date().toISOString().slice(0, 10);

async function seedDemo(dataDir: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/seed.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DEMO_DATA: 'true', DEMO_LEDGERS: 'false' },
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`seed exited with ${code}`);
}

/** Drivers, entries and kept totals in SQL (one statement each): the totals are what postEntries would have kept. */
function generate(file: string): { seconds: number } {
  const started = performance.now();
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  // A large cache, and the entries' secondary indexes built once after the rows (sorted) instead of row by row at
  // random places (driver, type, amount): the way a bulk load is done, and what keeps it within the 2-minute target.
  db.pragma('cache_size = -1048576');
  db.pragma('temp_store = MEMORY');
  const indexes = db
    .prepare(
      "select name, sql from sqlite_master where type = 'index' and tbl_name = 'driver_transactions' and sql is not null",
    )
    .all() as { name: string; sql: string }[];
  const now = new Date().toISOString();
  const firstDriver = Number(
    (db.prepare('select coalesce(max(id), 0) + 1 as n from drivers').get() as { n: number }).n,
  );
  db.exec('begin');
  for (const index of indexes) db.exec(`drop index ${index.name}`);
  db.prepare(
    `with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ?)
    insert into drivers (first_name, last_name, phone_country, driver_type, pay_type, pay_rate, hired_on, created_at, updated_at, version)
    select 'Bench' || i, 'Driver' || printf('%05d', i), 'US', 'COMPANY', 'PERCENT', 2500, '2020-01-01', ?, ?, 1 from n`,
  ).run(DRIVERS, now, now);
  const firstBill = Number(
    (db.prepare('select coalesce(max(id), 0) + 1 as n from pay_bills').get() as { n: number }).n,
  );
  db.prepare(
    `insert into pay_bills (week_start, driver_id, status, opening_cents, credits_cents, debits_cents, net_cents, paid_cents, closing_cents, built_at, created_at, updated_at, version)
    select '2025-01-06', id, 'PAID', 0, 0, 0, 0, 0, 0, ?, ?, ?, 1 from drivers where id >= ?`,
  ).run(now, now, now, firstDriver);
  const settledBefore = addDays(today, -14);
  db.prepare(
    `with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ?)
    insert into driver_transactions (posted_on, driver_id, type, direction, amount_cents, money_source, category, memo, pay_bill_id, idempotency_key, created_at, updated_at, version)
    select day, driver, type, case when type in ('LOAD_PAY', 'REIMBURSEMENT') then 'CREDIT' else 'DEBIT' end, 100 + abs(random()) % 250000, 'company', null, null,
      case when day < ? then ? + (driver - ?) else null end, null, ?, ?, 1
    from (select i, date(?, '-' || (i % 365) || ' days') as day, ? + abs(random()) % ? as driver,
      case abs(random()) % 8 when 0 then 'FUEL_ADVANCE' when 1 then 'FUEL_PURCHASE' when 2 then 'REIMBURSEMENT' when 3 then 'INSURANCE' else 'LOAD_PAY' end as type from n)`,
  ).run(ENTRIES, settledBefore, firstBill, firstDriver, now, now, today, firstDriver, DRIVERS);
  for (const index of indexes) db.exec(index.sql);
  db.exec(`insert into driver_balances (driver_id, credits_cents, debits_cents, escrow_cents, entries)
    select driver_id, sum(case when direction = 'CREDIT' then amount_cents else 0 end), sum(case when direction = 'DEBIT' then amount_cents else 0 end), 0, count(*)
    from driver_transactions group by driver_id
    on conflict (driver_id) do update set credits_cents = excluded.credits_cents, debits_cents = excluded.debits_cents, entries = excluded.entries`);
  db.exec(`insert into ledger_type_days (type, day, credits_cents, debits_cents, entries)
    select type, posted_on, sum(case when direction = 'CREDIT' then amount_cents else 0 end), sum(case when direction = 'DEBIT' then amount_cents else 0 end), count(*)
    from driver_transactions group by type, posted_on
    on conflict (type, day) do update set credits_cents = excluded.credits_cents, debits_cents = excluded.debits_cents, entries = excluded.entries`);
  db.exec(`insert into driver_ledger_days (driver_id, day, credits_cents, debits_cents, entries)
    select driver_id, posted_on, sum(case when direction = 'CREDIT' then amount_cents else 0 end), sum(case when direction = 'DEBIT' then amount_cents else 0 end), count(*)
    from driver_transactions group by driver_id, posted_on
    on conflict (driver_id, day) do update set credits_cents = excluded.credits_cents, debits_cents = excluded.debits_cents, entries = excluded.entries`);
  db.exec('commit');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('analyze');
  db.close();
  return { seconds: (performance.now() - started) / 1000 };
}

async function main() {
  console.log(`Machine: ${JSON.stringify(machineInfo())}, load now ${JSON.stringify(machineLoad())}`);
  const kept = process.env.BENCH_LEDGER_DATA_DIR?.trim();
  const dataDir = kept ? path.resolve(kept) : makeTempDir('haulboard-ledger-bench-');
  if (!kept) onCleanup(async () => removeTempDir(dataDir));
  const file = path.join(dataDir, 'haulboard.db');
  let generated = { seconds: 0 };
  let seedSeconds = 0;
  if (kept && fs.existsSync(file)) {
    console.log(`Measuring on the data kept in ${dataDir} (not generated again)`);
  } else {
    fs.mkdirSync(dataDir, { recursive: true });
    const seedStarted = performance.now();
    await seedDemo(dataDir);
    generated = generate(file);
    seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(
      `Seeded ${ENTRIES.toLocaleString('en-US')} entries over ${DRIVERS.toLocaleString('en-US')} drivers: generation ${generated.seconds.toFixed(1)} s, with the demo company ${seedSeconds.toFixed(1)} s (target ≤ 120 s)`,
    );
  }

  const server = await startServer('sqlite', null, { dataDir });
  // The server maps its file into memory in the background at start: measured after, not during, that walk.
  console.log(`File in memory: ${await waitForFileInMemory(server)}`);
  const token = await login(server, demoEmail('FinanceSuper'));
  const auth = { authorization: `Bearer ${token}` };
  const sqlite = new SQLite(file, { readonly: true });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const driverIds = (
    sqlite.prepare("select id from drivers where first_name like 'Bench%'").all() as { id: number }[]
  ).map((d) => d.id);
  const pageOfType = sqlite.prepare(
    'select * from driver_transactions where type = ? and posted_on between ? and ? order by posted_on desc, id desc limit 50',
  );
  const totalsOfType = sqlite.prepare(
    'select sum(credits_cents) as c, sum(debits_cents) as d, sum(entries) as n from ledger_type_days where type = ? and day between ? and ?',
  );
  const randomDriver = () => driverIds[Math.floor(Math.random() * driverIds.length)];

  const scenarios: { name: string; target: number; path: () => string; bare: () => Promise<unknown> }[] = [
    {
      name: 'balances page (this month, by name)',
      target: 50,
      path: () => '/api/Driver/get-balances-state?Page=0&Size=50',
      bare: () => balancesPage(db, balancesQuery.parse({ page: '0', size: '50' }), undefined),
    },
    {
      name: 'balances page (this month, by ending)',
      target: 50,
      path: () => '/api/Driver/get-balances-state?Page=0&Size=50&Sort=-ending',
      bare: () => balancesPage(db, balancesQuery.parse({ page: '0', size: '50', sort: '-ending' }), undefined),
    },
    {
      name: 'one driver’s ledger page with totals',
      target: 30,
      path: () => `/api/DriverTransactions?driverId=${randomDriver()}&filtered=all&Page=0&Size=50`,
      bare: async () => {
        const id = randomDriver();
        await db
          .selectFrom('driver_transactions')
          .selectAll()
          .where('driver_id', '=', id)
          .orderBy('posted_on', 'desc')
          .orderBy('id', 'desc')
          .limit(50)
          .execute();
        await db
          .selectFrom('driver_ledger_days')
          .select((eb) => [
            eb.fn.sum('credits_cents').as('c'),
            eb.fn.sum('debits_cents').as('d'),
            eb.fn.sum('entries').as('n'),
          ])
          .where('driver_id', '=', id)
          .execute();
      },
    },
    {
      name: 'filtered totals (fuel advances, last month, all drivers)',
      target: 50,
      path: () => '/api/DriverTransactions?type=FUEL_ADVANCE&filtered=last_month&Page=0&Size=50',
      bare: async () => {
        const to = addDays(`${today.slice(0, 8)}01`, -1);
        const from = `${to.slice(0, 8)}01`;
        pageOfType.all('FUEL_ADVANCE', from, to);
        totalsOfType.all('FUEL_ADVANCE', from, to);
      },
    },
  ];
  const results: (LoadResult & { target: number; singleP50Ms: number; bareP50Ms: number; ratio: number })[] = [];
  for (const scenario of scenarios) {
    const next = () => ({ method: 'GET' as const, path: scenario.path(), headers: auth });
    await load(server, scenario.name, CLIENTS, 1, next);
    const result = await load(server, scenario.name, CLIENTS, SECONDS, next);
    const single = await oneClient(server, scenario.name, SECONDS, next);
    const reference = await bare(scenario.bare);
    results.push({
      ...result,
      target: scenario.target,
      singleP50Ms: single.p50Ms,
      bareP50Ms: reference.p50Ms,
      ratio: single.p50Ms / reference.p50Ms,
    });
    console.log(
      `${scenario.name}: ${fmt(result.reqPerSec, 0)} req/s, p50 ${fmt(result.p50Ms)} ms, p99 ${fmt(result.p99Ms)} ms (target ≤ ${scenario.target}), errors ${result.errors}; 1 client p50 ${fmt(single.p50Ms)} ms, bare p50 ${fmt(reference.p50Ms)} ms, ratio ${fmt(single.p50Ms / reference.p50Ms, 1)}`,
    );
  }
  const ratios = printRatios(
    'bench:ledger',
    results.map((r) => ({ scenario: r.scenario, serverP50Ms: r.singleP50Ms, bareP50Ms: r.bareP50Ms })),
    'The ledger runs on SQLite only: the bare reads are the server’s own functions over better-sqlite3.',
  );

  const week = addDays(weekStart(today), -7);
  const buildStarted = performance.now();
  const built = await request(
    server,
    { method: 'POST', path: '/api/PayBills/build', headers: auth, body: JSON.stringify({ weekStart: week }) },
    undefined,
    300_000,
  );
  const buildSeconds = (performance.now() - buildStarted) / 1000;
  const answer = JSON.parse(built.body.toString()).value ?? {};
  console.log(
    `Build every driver's bill for the week of ${week}: HTTP ${built.status}, ${answer.built?.length ?? 0} built, ${answer.skipped?.length ?? 0} left out, ${buildSeconds.toFixed(2)} s (target ≤ 5 s)`,
  );

  const plan = (sql: string) =>
    (sqlite.prepare(`explain query plan ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ');
  console.log(
    'EXPLAIN one driver’s page:',
    plan(
      `select * from driver_transactions where driver_id = ${driverIds[0]} order by posted_on desc, id desc limit 50`,
    ),
  );
  console.log(
    'EXPLAIN filtered page:',
    plan(
      `select * from driver_transactions where type = 'FUEL_ADVANCE' and posted_on between '2026-10-01' and '2026-10-31' order by posted_on desc, id desc limit 50`,
    ),
  );
  console.log(
    'EXPLAIN filtered totals:',
    plan(
      `select sum(credits_cents), sum(debits_cents), sum(entries) from ledger_type_days where type = 'FUEL_ADVANCE' and day between '2026-10-01' and '2026-10-31'`,
    ),
  );
  console.log(
    'EXPLAIN balances by name:',
    plan(
      `select d.id from drivers d left join driver_balances b on b.driver_id = d.id where d.deleted_at is null and (d.terminated_on is null or d.terminated_on > '${today}') order by lower(d.last_name), lower(d.first_name), d.id limit 50`,
    ),
  );
  await db.destroy();
  await stopChild(server.child);
  const report = {
    commit: gitCommit(),
    machine: machineInfo(),
    load: machineLoad(),
    drivers: DRIVERS,
    entries: ENTRIES,
    seedSeconds,
    generationSeconds: generated.seconds,
    results,
    ratios,
    build: { week, status: built.status, seconds: buildSeconds, built: answer.built?.length ?? 0 },
  };
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const out = path.join(RESULTS_DIR, `ledger-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
  console.log(`Results: ${out}; machine load at the end ${JSON.stringify(machineLoad())}`);
}

runBench('bench:ledger', main);
