/**
 * Receivables benchmark (docs/product/receivables.md#speed). A benchmark, not a test: it never fails on a slow figure.
 *
 *   1. `seed --orders N` (BENCH_ORDERS, default 1,000,000) into a temp DATA_DIR (and, with DATABASE_URL, into a
 *      scratch PostgreSQL database dropped afterwards), or BENCH_DATA_DIR / BENCH_PG_SEEDED as they are;
 *   2. their invoices, written here in SQL (not through the API: a million would take hours): every delivered,
 *      invoiced and paid order gets one, to its broker (one in ten to its shipper), dated on its delivery day, net 30;
 *      paid orders' invoices paid 0–59 days later (one in nine short), invoiced orders' open (one in seven partly
 *      paid); one delivered order in three is left to bill. Migration 053 is taken down meanwhile and put up again
 *      after, which fills its tables from the invoices (its time is printed) and puts its triggers back;
 *   3. the real server on it, BENCH_CLIENTS (10) closed-loop clients for BENCH_SECONDS (5) per scenario: the list as it
 *      opens (largest balance first), sorted by days to pay, past due brokers only, a name search, one customer's
 *      figures (its aging), its invoices, the booking form's hint; target p99 ≤ 200 ms; each again with 1 client, and
 *      on SQLite bare: the route's functions of server/modules/receivables/queries.ts (receivablesPage, customerFigures,
 *      customerInvoiceWindow; the same queries, without HTTP, the session check and serialization) in this process over
 *      the server's own SQLite handle on the same file, one after another; then the ratios of bench/ratios.ts (server
 *      at 1 client against bare; PostgreSQL against SQLite);
 *   4. the list's query under EXPLAIN (QUERY PLAN on SQLite): what it reads, to see that no scan grows with the paid
 *      history;
 *   5. POST /api/Invoices/batch of BENCH_BATCH (500) delivered orders of one request: its time.
 * Environment: BENCH_ORDERS, BENCH_SECONDS, BENCH_CLIENTS, BENCH_BATCH, BENCH_DATA_DIR (a seeded SQLite DATA_DIR, kept;
 * its invoices are written once), DATABASE_URL, BENCH_PG_SEEDED (1: DATABASE_URL is already seeded and is kept),
 * BENCH_ONLY (sqlite or postgres).
 * Results: stdout and bench/results/receivables-<timestamp>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { type BareResult, bare, oneClient, printRatios, routeQuery, serverSqlite } from './ratios';
import { todayIso } from '../schema/expiry';
import type { PayerKind } from '../schema/invoices';
import { customerInvoicesQuery, receivablesQuery } from '../schema/receivables';
import { openDatabase } from '../server/db';
import type { Db } from '../server/db/types';
import { customerFigures, customerInvoiceWindow, receivablesPage } from '../server/modules/receivables/queries';
import * as receivablesMigration from '../server/db/migrations/053_receivables_days';
import { demoEmail } from '../server/db/seed';
import {
  type LoadResult,
  RESULTS_DIR,
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
  reuseDataDir: REUSE_DATA_DIR,
  databaseUrl: DATABASE_URL,
} = orderBenchSettings();
const BATCH = numberFromEnv('BENCH_BATCH', 500, { integer: true });
const PG_SEEDED = process.env.BENCH_PG_SEEDED === '1';
const ONLY = process.env.BENCH_ONLY?.trim().toLowerCase() || null;
const TARGET_P99_MS = 200;
/** The bench's invoices are numbered from here on: number − BASE is the order's id. */
const BASE = 10_000_000;

interface Run {
  db: string;
  seedSeconds: number | null;
  invoices: { made: number; open: number; seconds: number } | null;
  /** Each with 1 client beside its 10-client run: one request's latency (bench/ratios.ts). */
  /** bare: on SQLite, the route's work in this process (no HTTP); null on PostgreSQL. */
  scenarios: (LoadResult & { pass: boolean; singleP50Ms: number; bare: BareResult | null })[];
  plan: string[];
  batch: { orders: number; made: number; seconds: number } | null;
}

/** Writes the orders' invoices once (a data set that has them already is left as it is). */
async function writeInvoices(label: string, dataDir: string, databaseUrl: string | null) {
  const database = openDatabase({ databaseUrl, dataDir });
  const postgres = database.dialect === 'postgres';
  try {
    const there = await sql<{ n: number | string }>`SELECT count(*) AS n FROM invoices WHERE number > ${BASE}`.execute(
      database.db,
    );
    if (Number(there.rows[0].n) > 0) {
      console.log(`[${label}] invoices: ${Number(there.rows[0].n)} there already`);
      return null;
    }
    const started = Date.now();
    const today = todayIso();
    // A million rows through the triggers one by one would take longer than the bench: migration 053 is taken down,
    // the invoices written, and 053 put up again, which fills its tables from the invoices as on an upgrade.
    await receivablesMigration.down(database.db as never);
    const day = 'coalesce(o.delivery_date, o.pickup_date)';
    const plus = (days: string) =>
      postgres ? `((${day})::date + (${days}))::text` : `date(${day}, '+' || (${days}) || ' days')`;
    const least = postgres ? 'least' : 'min';
    const status = `CASE o.status WHEN 'PAID' THEN 'PAID' WHEN 'INVOICED' THEN CASE WHEN o.id % 7 = 0 THEN 'PARTIALLY_PAID' ELSE 'SENT' END ELSE 'SENT' END`;
    const shipper = 'o.id % 10 = 0';
    await sql
      .raw(
        `INSERT INTO invoices (number, payer_kind, broker_id, shipper_id, status, issued_on, terms_days, due_on,
          subtotal_cents, total_cents, paid_cents, credited_cents, paid_on, short_paid, created_at, updated_at)
        SELECT ${BASE} + o.id,
          CASE WHEN ${shipper} THEN 'SHIPPER' ELSE 'BROKER' END,
          CASE WHEN ${shipper} THEN NULL ELSE o.broker_id END,
          CASE WHEN ${shipper} THEN o.shipper_id ELSE NULL END,
          ${status}, ${day}, 30, ${plus('30')}, o.price_cents, o.price_cents,
          CASE o.status WHEN 'PAID' THEN o.price_cents WHEN 'INVOICED' THEN CASE WHEN o.id % 7 = 0 THEN o.price_cents / 2 ELSE 0 END ELSE 0 END,
          0,
          CASE WHEN o.status = 'PAID' THEN ${least}(${plus('o.id % 60')}, '${today}') END,
          CASE WHEN o.status = 'PAID' AND o.id % 9 = 0 THEN 1 WHEN o.status = 'INVOICED' AND o.id % 7 = 0 THEN 1 ELSE 0 END,
          '${new Date().toISOString()}', '${new Date().toISOString()}'
        FROM book_orders o
        WHERE o.deleted_at IS NULL AND o.status IN ('DELIVERED', 'INVOICED', 'PAID') AND ${day} IS NOT NULL
          AND NOT (o.status = 'DELIVERED' AND o.id % 3 = 0)`,
      )
      .execute(database.db);
    await sql
      .raw(
        `INSERT INTO invoice_orders (invoice_id, book_order_id, live) SELECT id, number - ${BASE}, 1 FROM invoices WHERE number > ${BASE}`,
      )
      .execute(database.db);
    await sql
      .raw(`UPDATE number_counters SET next_value = (SELECT max(number) + 1 FROM invoices) WHERE name = 'invoice'`)
      .execute(database.db);
    const filling = Date.now();
    await receivablesMigration.up(database.db as never);
    console.log(
      `[${label}] migration 053 filled its tables from the invoices in ${fmt((Date.now() - filling) / 1000, 1)} s`,
    );
    await sql.raw('ANALYZE').execute(database.db);
    const counts = await sql<{ made: number | string; open: number | string }>`
      SELECT count(*) AS made, sum(CASE WHEN status IN ('SENT', 'PARTIALLY_PAID') THEN 1 ELSE 0 END) AS open
      FROM invoices WHERE number > ${BASE}`.execute(database.db);
    const invoices = {
      made: Number(counts.rows[0].made),
      open: Number(counts.rows[0].open),
      seconds: (Date.now() - started) / 1000,
    };
    console.log(
      `[${label}] invoices: ${invoices.made} written (${invoices.open} open) in ${fmt(invoices.seconds, 1)} s`,
    );
    return invoices;
  } finally {
    await database.close();
  }
}

/** The list's query plan (the server's own SQL, read from its log is not possible: the same text is rebuilt here). */
async function planOf(dataDir: string, databaseUrl: string | null): Promise<string[]> {
  const database = openDatabase({ databaseUrl, dataDir });
  try {
    const { receivablesPlanSql } = await import('../server/modules/receivables/queries');
    const query = receivablesPlanSql(todayIso());
    const explain = database.dialect === 'postgres' ? sql`EXPLAIN ${query}` : sql`EXPLAIN QUERY PLAN ${query}`;
    const result = await explain.execute(database.db);
    return (result.rows as Record<string, unknown>[]).map((row) =>
      String(row['QUERY PLAN'] ?? row.detail ?? JSON.stringify(row)),
    );
  } finally {
    await database.close();
  }
}

async function benchDatabase(label: string, databaseUrl: string | null, seeded: boolean): Promise<Run> {
  let dataDir: string;
  let seedSeconds: number | null = null;
  if (REUSE_DATA_DIR && !databaseUrl) dataDir = REUSE_DATA_DIR;
  else {
    dataDir = makeTempDir();
    if (!seeded) seedSeconds = (await runSeed(label, dataDir, databaseUrl, ORDERS)).wallSeconds;
  }
  const run: Run = { db: label, seedSeconds, invoices: null, scenarios: [], plan: [], batch: null };
  try {
    run.invoices = await writeInvoices(label, dataDir, databaseUrl);
    run.plan = await planOf(dataDir, databaseUrl);
    console.log(`[${label}] the list's plan:\n  ${run.plan.join('\n  ')}`);
    const server = await startServer(label, databaseUrl, { dataDir });
    try {
      if (!databaseUrl) await waitForFileInMemory(server);
      const auth = { authorization: `Bearer ${await login(server, demoEmail('Finance'))}` };
      // The booking form's hint is asked by whoever books loads: a dispatcher.
      const booking = { authorization: `Bearer ${await login(server, demoEmail('Dispatcher'))}` };
      const get = async (url: string) => {
        const response = await request(server, { method: 'GET', path: url, headers: auth });
        if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${response.body.toString()}`);
        return JSON.parse(response.body.toString()).value;
      };
      const top = (await get('/api/Receivables?size=1')).items[0] as {
        payerKind: PayerKind;
        payerId: number;
        name: string;
      };
      const broker = (await get('/api/Receivables?size=1&payerKind=BROKER')).items[0] as { payerId: number };
      const customer = `/api/Receivables/${top.payerKind.toLowerCase()}/${top.payerId}`;
      // Each with its route's work bare (server/modules/receivables/routes.ts), the query parsed beforehand.
      const list = (url: string) => {
        const q = routeQuery(receivablesQuery, url);
        return (db: Db) => receivablesPage(db, q);
      };
      const invoices = `${customer}/invoices?open=true&size=25`;
      const invoicesQuery = routeQuery(customerInvoicesQuery, invoices);
      const scenarios: [string, string, (db: Db) => Promise<unknown>, Record<string, string>?][] = [
        ['list as it opens (largest balance)', '/api/Receivables?size=25'],
        ['list sorted by days to pay', '/api/Receivables?size=25&sort=-avgDaysToPay'],
        ['list past due brokers', '/api/Receivables?size=25&payerKind=BROKER&pastDue=true&sort=-age90plus'],
        ['list name search', `/api/Receivables?size=25&search=${encodeURIComponent(top.name.slice(0, 5))}`],
      ].map(([name, url]) => [name, url, list(url)] as const);
      scenarios.push(
        ['one customer (its aging)', customer, (db) => customerFigures(db, top.payerKind, top.payerId)],
        [
          'one customer: open invoices',
          invoices,
          async (db) => {
            const figures = await customerFigures(db, top.payerKind, top.payerId);
            return customerInvoiceWindow(db, figures!.payerKind, figures!.payerId, invoicesQuery);
          },
        ],
        [
          'booking hint',
          `/api/Receivables/booking-hint/${broker.payerId}`,
          (db) => customerFigures(db, 'BROKER', broker.payerId),
          booking,
        ],
      );
      await load(server, 'warm-up', CLIENTS, 1, () => ({ method: 'GET', path: scenarios[0][1], headers: auth }));
      const bareDatabase = databaseUrl ? null : serverSqlite(dataDir);
      try {
        for (const [name, url, work, headers = auth] of scenarios) {
          const next = () => ({ method: 'GET' as const, path: url, headers });
          const result = await load(server, name, CLIENTS, SECONDS, next);
          const single = await oneClient(server, name, SECONDS, next);
          const reference = bareDatabase && (await bare(() => work(bareDatabase.db)));
          const pass = result.errors === 0 && result.p99Ms <= TARGET_P99_MS;
          run.scenarios.push({ ...result, pass, singleP50Ms: single.p50Ms, bare: reference });
          console.log(
            `[${label}] ${name}: ${result.requests} requests, p50 ${fmt(result.p50Ms)} ms, p99 ${fmt(result.p99Ms)} ms, errors ${result.errors}${result.firstError ? ` (${result.firstError})` : ''} ${pass ? 'PASS' : 'MISS'}; 1 client p50 ${fmt(single.p50Ms)} ms${reference ? `, bare p50 ${fmt(reference.p50Ms, 3)} ms (${reference.iterations} runs)` : ''}`,
          );
        }
      } finally {
        await bareDatabase?.close();
      }

      // 500 delivered orders on no invoice, to their brokers, in one request.
      const database = openDatabase({ databaseUrl, dataDir });
      let orderIds: number[];
      try {
        orderIds = (
          await database.db
            .selectFrom('book_orders as o')
            .select('o.id')
            .where('o.status', '=', 'DELIVERED')
            .where('o.deleted_at', 'is', null)
            .where((eb) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('invoice_orders as io')
                    .select('io.id')
                    .whereRef('io.book_order_id', '=', 'o.id')
                    .where('io.live', '=', 1),
                ),
              ),
            )
            .orderBy('o.id', 'desc')
            .limit(BATCH)
            .execute()
        ).map((o) => Number(o.id));
      } finally {
        await database.close();
      }
      const started = process.hrtime.bigint();
      const made = await request(server, {
        method: 'POST',
        path: '/api/Invoices/batch',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ orderIds }),
      });
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const answer = JSON.parse(made.body.toString());
      run.batch = { orders: orderIds.length, made: answer.value?.made?.length ?? 0, seconds };
      console.log(
        `[${label}] POST /api/Invoices/batch of ${orderIds.length} orders: ${made.status}, ${run.batch.made} made in ${fmt(seconds, 2)} s`,
      );
    } finally {
      await stopChild(server.child);
    }
  } finally {
    if (dataDir !== REUSE_DATA_DIR) removeTempDir(dataDir);
  }
  return run;
}

async function main() {
  const startedAt = new Date();
  const settings = { orders: ORDERS, seconds: SECONDS, clients: CLIENTS, batch: BATCH, reuseDataDir: REUSE_DATA_DIR };
  console.log(`Haulboard receivables bench: ${JSON.stringify(settings)}`);
  console.log(`Machine: ${JSON.stringify(machineInfo())}, load now ${JSON.stringify(machineLoad())}`);
  const runs: Run[] = [];
  if (ONLY !== 'postgres') runs.push(await benchDatabase('sqlite', null, false));
  if (!DATABASE_URL) console.log('PostgreSQL: skipped (set DATABASE_URL=postgres://… to include it)');
  else if (ONLY !== 'sqlite') {
    const scratch = PG_SEEDED ? { url: DATABASE_URL } : await scratchPostgresOrSkip(DATABASE_URL, 'haulboard_recv');
    if (scratch) runs.push(await benchDatabase('postgres', scratch.url, PG_SEEDED));
  }
  console.log(`\nTargets (${ORDERS.toLocaleString('en-US')} orders, ${CLIENTS} clients): p99 ≤ ${TARGET_P99_MS} ms`);
  for (const run of runs) {
    for (const s of run.scenarios)
      console.log(
        `  ${run.db.padEnd(9)} ${s.scenario.padEnd(40)} p50 ${fmt(s.p50Ms).padStart(8)}  p99 ${fmt(s.p99Ms).padStart(8)}  ${s.pass ? 'PASS' : 'MISS'}`,
      );
    if (run.batch)
      console.log(
        `  ${run.db.padEnd(9)} batch of ${run.batch.orders}: ${run.batch.made} made in ${fmt(run.batch.seconds, 2)} s`,
      );
  }
  const [sqlite, postgres] = [runs.find((r) => r.db === 'sqlite'), runs.find((r) => r.db === 'postgres')];
  const ratios = printRatios(
    'bench:receivables',
    (sqlite ?? postgres)!.scenarios.map((scenario, i) => ({
      scenario: scenario.scenario,
      serverP50Ms: sqlite?.scenarios[i]?.singleP50Ms ?? null,
      bareP50Ms: sqlite?.scenarios[i]?.bare?.p50Ms ?? null,
      ...(sqlite && postgres
        ? { postgresP50Ms: postgres.scenarios[i]?.p50Ms ?? null, sqliteP50Ms: sqlite.scenarios[i]?.p50Ms ?? null }
        : {}),
    })),
    `bare = the route's functions of server/modules/receivables/queries.ts in this process on the same file (the same queries; no HTTP, session check or serialization), one after another. SQLite only. pg/sqlite compares the p50 at ${CLIENTS} clients.`,
  );
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `receivables-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({ startedAt, commit: gitCommit(), machine: machineInfo(), settings, ratios, runs }, null, 2),
  );
  console.log(`Results: ${path.relative(process.cwd(), file)}`);
  return runs.every((run) => run.scenarios.every((s) => s.errors === 0)) ? 0 : 1;
}

runBench('receivables bench', main);
