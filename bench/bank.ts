/**
 * Bank matching benchmark (docs/product/bank.md). A benchmark, not a test: it never fails on a slow figure.
 *
 *   1. the demo company (without ledgers) and BENCH_BANK_ORDERS (220,000) generated book orders in a temp DATA_DIR, of
 *      which BENCH_BANK_OPEN (200,000) are delivered and unpaid: the open items;
 *   2. a Chase checking export of BENCH_BANK_ROWS (100,000) rows written to a file: BENCH_BANK_PAYMENTS (7,000)
 *      brokers' ACH payments of open orders (5 in 7 with the order number, the rest with the broker's name and the
 *      exact amount only), the rest card purchases, fees and transfers;
 *   3. the real server on that data; the file POSTed to /api/TransactionsMatching/import as a stream: the time, and
 *      the server's resident memory sampled every 20 ms (baseline before, peak during; the file is streamed, not
 *      held, so the peak should not grow with the file);
 *   4. suggestions for BENCH_BANK_SUGGEST (10,000) unmatched rows (the payments and random others), BENCH_CLIENTS (10)
 *      at a time, after 300 unmeasured ones: total time, p50 / p99 of one row's suggestions (target p99 ≤ 50 ms), and
 *      how often the paid order is the first candidate and a proposal is made;
 *   5. the ratios every HTTP bench ends with (bench/ratios.ts), per kind of row (a broker's payment, another row): the
 *      server's p50 of one row's suggestions at 1 client (BENCH_SINGLE_SECONDS, 2) against the same work bare, the
 *      route's read of the row and suggest() of server/modules/bank/suggestions.ts in this process over the server's
 *      own SQLite handle on the same file (no HTTP), on the same rows; then the line with the worst ratio (goal ≤ 2×).
 *      The import of step 3 is one long request, not in the table.
 * Results on stdout and bench/results/bank-<timestamp>.json (the ratios' rows under `single`, their summary under
 * `ratios`). BENCH_BANK_KEEP=1 keeps the generated data, and BENCH_BANK_DATA_DIR=<that dir> measures steps 4 and 5
 * again on it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { addDays, todayIso } from '../schema/expiry';
import { demoEmail } from '../server/db/seed';
import { type ChaseLine, achCredit, bankNoise, chaseCheckingCsv } from '../server/db/seed/bankExport';
import { SeededRandom } from '../server/db/seed/random';
import { suggest } from '../server/modules/bank/suggestions';
import { type RatioRow, bare, oneClient, printRatios, serverSqlite } from './ratios';
import {
  RESULTS_DIR,
  ROOT,
  type RequestSpec,
  type ServerChild,
  fmt,
  gitCommit,
  login,
  machineInfo,
  machineLoad,
  makeTempDir,
  numberFromEnv,
  percentile,
  request,
  runBench,
  startServer,
  stopChild,
  waitForFileInMemory,
} from './lib';

const ORDERS = numberFromEnv('BENCH_BANK_ORDERS', 220_000, { integer: true });
const OPEN = numberFromEnv('BENCH_BANK_OPEN', 200_000, { integer: true });
const ROWS = numberFromEnv('BENCH_BANK_ROWS', 100_000, { integer: true });
const PAYMENTS = numberFromEnv('BENCH_BANK_PAYMENTS', 7_000, { integer: true });
const SUGGEST = numberFromEnv('BENCH_BANK_SUGGEST', 10_000, { integer: true });
const CLIENTS = numberFromEnv('BENCH_CLIENTS', 10, { integer: true });
const today = new Date().toISOString().slice(0, 10);

async function seed(dataDir: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/seed.ts', '--orders', String(ORDERS)], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DEMO_DATA: 'true', DEMO_LEDGERS: 'false' },
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`seed exited with ${code}`);
}

interface OpenOrder {
  id: number;
  order_number: string;
  price_cents: number;
  due: string;
  broker: string;
}

/** The newest OPEN orders delivered and unpaid (due within the last months), the others paid; a sample of them to pay. */
function openItems(file: string): OpenOrder[] {
  const db = new SQLite(file);
  db.exec('begin');
  db.prepare("update book_orders set status = 'PAID', payment_status = 'PAID' where deleted_at is null").run();
  db.prepare(
    `update book_orders set status = 'DELIVERED', payment_status = 'UNPAID', delivery_date = date(?, '-' || (id % 150) || ' days')
    where id in (select id from book_orders where deleted_at is null order by id desc limit ?)`,
  ).run(today, OPEN);
  db.exec('commit');
  db.exec('analyze');
  const sample = db
    .prepare(
      `select o.id, o.order_number, o.price_cents, date(o.delivery_date, '+' || o.payment_terms_days || ' days') as due, b.name as broker
    from book_orders o join brokers b on b.id = o.broker_id where o.payment_status = 'UNPAID' and o.deleted_at is null order by random() limit ?`,
    )
    .all(PAYMENTS) as OpenOrder[];
  db.close();
  return sample;
}

function exportFile(dir: string, orders: OpenOrder[]): { file: string; bytes: number; expected: Map<string, number> } {
  const random = new SeededRandom(100_000);
  const expected = new Map<string, number>();
  const lines: ChaseLine[] = orders.map((o, i) => {
    const postedOn = addDays(o.due < today ? o.due : addDays(today, -1), random.int(0, 3));
    const withNumber = i % 7 < 5;
    const description = achCredit(random, o.broker, postedOn, withNumber ? o.order_number : undefined);
    expected.set(description, o.id);
    return { postedOn: postedOn > today ? today : postedOn, description, cents: o.price_cents, type: 'ACH_CREDIT' };
  });
  const from = addDays(today, -365);
  const perDay = (ROWS - lines.length) / 365;
  const noise = bankNoise(random, from, addDays(today, -1), Math.max(0, perDay - 0.1));
  lines.push(...noise.slice(0, ROWS - lines.length));
  const file = path.join(dir, 'Chase_100k.CSV');
  fs.writeFileSync(file, chaseCheckingCsv(lines));
  return { file, bytes: fs.statSync(file).size, expected };
}

/** The server's resident memory (kB): all of it, and the anonymous part (heap, buffers: not the database file it maps). */
const memoryKb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: field('VmRSS'), anon: field('RssAnon') };
};

/** The file as the request body, streamed; the server's memory sampled meanwhile. */
async function upload(port: number, pid: number, token: string, file: string) {
  const baseline = memoryKb(pid);
  const peak = { ...baseline };
  const sample = () => {
    const now = memoryKb(pid);
    peak.rss = Math.max(peak.rss, now.rss);
    peak.anon = Math.max(peak.anon, now.anon);
  };
  const sampler = setInterval(sample, 20);
  const started = performance.now();
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/TransactionsMatching/import?fileName=${path.basename(file)}`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'text/csv',
          'content-length': fs.statSync(file).size,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.setTimeout(600_000);
    req.on('error', reject);
    fs.createReadStream(file).pipe(req);
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  sample();
  return {
    ...answer,
    seconds,
    baselineMb: baseline.rss / 1024,
    peakMb: peak.rss / 1024,
    anonBaselineMb: baseline.anon / 1024,
    anonPeakMb: peak.anon / 1024,
  };
}

/** One row's suggestions, as the screen asks for them (server/modules/bank/routes.ts). */
const suggestionsOf = (id: number, token: string): RequestSpec => ({
  method: 'GET',
  path: `/api/TransactionsMatching/transactions/${id}/suggestions`,
  headers: { authorization: `Bearer ${token}` },
});

interface RowRatio extends RatioRow {
  serverRequests: number;
  serverErrors: number;
  bareIterations: number;
}

/**
 * Per kind of row, the ratio of bench/ratios.ts: the server's p50 at 1 client against the same work bare, the route's
 * read of the row and suggest() (server/modules/bank/suggestions.ts) in this process over the server's own SQLite
 * handle (server/db/index.ts), on the same rows in the same order. The import is one long request: not in the table.
 */
async function ratioRows(
  server: ServerChild,
  token: string,
  dataDir: string,
  kinds: { scenario: string; ids: number[] }[],
): Promise<RowRatio[]> {
  const database = serverSqlite(dataDir);
  const { db } = database;
  const rows: RowRatio[] = [];
  try {
    for (const { scenario, ids } of kinds.filter((kind) => kind.ids.length)) {
      const idOf = (sequence: number) => ids[sequence % ids.length];
      // The bank's runs are counted, not timed: the 1-client run takes its usual seconds.
      const single = await oneClient(server, scenario, Infinity, (sequence) => suggestionsOf(idOf(sequence), token));
      const reference = await bare(async (sequence) => {
        const row = await db
          .selectFrom('bank_transactions')
          .select(['id', 'posted_on', 'description', 'amount_cents', 'matched_cents', 'check_number', 'state'])
          .where('id', '=', idOf(sequence))
          .executeTakeFirst();
        if (row && row.state !== 'EXPLAINED') await suggest(db, row, todayIso());
      });
      rows.push({
        scenario,
        serverP50Ms: single.p50Ms,
        bareP50Ms: reference.p50Ms,
        serverRequests: single.requests,
        serverErrors: single.errors,
        bareIterations: reference.iterations,
      });
    }
  } finally {
    await database.close();
  }
  return rows;
}

async function main() {
  console.log(`Machine: ${JSON.stringify(machineInfo())}, load now ${JSON.stringify(machineLoad())}`);
  // BENCH_BANK_KEEP=1 leaves the data for a closer look (its directory is printed); BENCH_BANK_DATA_DIR=dir measures
  // the suggestions again on data a kept run left (no seed, no import).
  const reuse = process.env.BENCH_BANK_DATA_DIR?.trim();
  const keep = process.env.BENCH_BANK_KEEP === '1';
  const dataDir = reuse
    ? path.resolve(reuse)
    : keep
      ? fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-bank-bench-'))
      : makeTempDir('haulboard-bank-bench-');
  if (keep) console.log(`Data kept in ${dataDir}`);
  const dbFile = path.join(dataDir, 'haulboard.db');
  let exported: ReturnType<typeof exportFile> = { file: '', bytes: 0, expected: new Map() };
  let imported: Awaited<ReturnType<typeof upload>> | null = null;
  let result: Record<string, unknown> = {};
  if (!reuse) {
    const seedStarted = performance.now();
    await seed(dataDir);
    const sample = openItems(dbFile);
    console.log(
      `Seeded ${ORDERS.toLocaleString('en-US')} orders, ${OPEN.toLocaleString('en-US')} open, in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    exported = exportFile(dataDir, sample);
    fs.writeFileSync(path.join(dataDir, 'expected.json'), JSON.stringify([...exported.expected]));
    console.log(`Export: ${ROWS.toLocaleString('en-US')} rows, ${(exported.bytes / 1024 / 1024).toFixed(1)} MB`);
  } else {
    exported.expected = new Map(JSON.parse(fs.readFileSync(path.join(dataDir, 'expected.json'), 'utf8')));
    console.log(`Measuring the suggestions on the data kept in ${dataDir}`);
  }

  const server = await startServer('sqlite', null, { dataDir });
  console.log(`File in memory: ${await waitForFileInMemory(server)}`);
  const token = await login(server, demoEmail('Banking'));
  if (!reuse) {
    imported = await upload(server.port, server.child.pid!, token, exported.file);
    result = JSON.parse(imported.body).value ?? {};
    console.log(
      `Import: HTTP ${imported.status}, ${result.rowsRead} read, ${result.added} added in ${imported.seconds.toFixed(2)} s (${fmt(ROWS / imported.seconds, 0)} rows/s); server memory ${imported.baselineMb.toFixed(0)} MB before, peak ${imported.peakMb.toFixed(0)} MB (+${(imported.peakMb - imported.baselineMb).toFixed(0)} MB), of which not the mapped database file ${imported.anonBaselineMb.toFixed(0)} → ${imported.anonPeakMb.toFixed(0)} MB (+${(imported.anonPeakMb - imported.anonBaselineMb).toFixed(0)} MB), for a ${(exported.bytes / 1024 / 1024).toFixed(1)} MB file`,
    );
  }

  // The rows to suggest for: every payment and random other rows, in a shuffled order.
  const sqlite = new SQLite(dbFile, { readonly: true });
  const payments = sqlite
    .prepare("select id, description from bank_transactions where description like 'ORIG CO NAME:%'")
    .all() as { id: number; description: string }[];
  const others = sqlite
    .prepare("select id from bank_transactions where description not like 'ORIG CO NAME:%' order by random() limit ?")
    .all(Math.max(0, SUGGEST - payments.length)) as { id: number }[];
  const random = new SeededRandom(7);
  const queue = [...payments.map((p) => p.id), ...others.map((o) => o.id)]
    .slice(0, SUGGEST)
    .sort(() => random.next() - 0.5);
  const paidOrder = new Map(payments.map((p) => [p.id, exported.expected.get(p.description)]));
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  // Warm-up (not measured): the server's code paths compiled and its caches filled, as in any running server.
  const warm = queue.slice(0, 300);
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let id = warm.pop(); id !== undefined; id = warm.pop())
        await request(server, suggestionsOf(id, token), agent);
    }),
  );
  const times: number[] = [];
  let firstRight = 0;
  let proposals = 0;
  let errors = 0;
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < queue.length) {
        const id = queue[next++];
        const t = performance.now();
        const answer = await request(server, suggestionsOf(id, token), agent);
        times.push(performance.now() - t);
        if (answer.status !== 200) {
          errors++;
          continue;
        }
        const value = JSON.parse(answer.body.toString()).value;
        if (value.proposal) proposals++;
        const expectedId = paidOrder.get(id);
        if (expectedId !== undefined && value.candidates[0]?.itemId === expectedId) firstRight++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(times).sort();
  const suggested = {
    rows: queue.length,
    seconds,
    perSecond: queue.length / seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    errors,
    payments: payments.length,
    firstRight,
    proposals,
  };
  console.log(
    `Suggestions for ${queue.length.toLocaleString('en-US')} rows (${payments.length.toLocaleString('en-US')} payments) against ${OPEN.toLocaleString('en-US')} open orders, ${CLIENTS} clients: ${seconds.toFixed(1)} s, ${fmt(suggested.perSecond, 0)} rows/s, p50 ${fmt(suggested.p50Ms)} ms, p99 ${fmt(suggested.p99Ms)} ms (target ≤ 50), errors ${errors}; the paid order first for ${firstRight}/${payments.length}, a proposal for ${proposals}`,
  );

  const single = await ratioRows(server, token, dataDir, [
    { scenario: 'suggestions for a broker’s payment', ids: queue.filter((id) => paidOrder.has(id)) },
    { scenario: 'suggestions for another row', ids: queue.filter((id) => !paidOrder.has(id)) },
  ]);
  for (const row of single)
    console.log(
      `${row.scenario}, 1 client: p50 ${fmt(row.serverP50Ms, 3)} ms (${row.serverRequests} requests, errors ${row.serverErrors}); bare p50 ${fmt(row.bareP50Ms, 3)} ms (${row.bareIterations} rows)`,
    );
  const ratios = printRatios(
    'bench:bank',
    single,
    'bare = the route’s read of the row and suggest() (server/modules/bank/suggestions.ts) in this process, the same rows one after another. SQLite only.',
  );

  const plan = (text: string) =>
    (sqlite.prepare(`explain query plan ${text}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ');
  console.log(
    'EXPLAIN by amount:',
    plan(
      "select id from book_orders o where o.price_cents = 123400 and o.payment_status <> 'PAID' AND o.deleted_at IS NULL limit 40",
    ),
  );
  console.log(
    'EXPLAIN by broker:',
    plan(
      "select id from book_orders o where o.broker_id in (3) and o.delivery_date >= '2026-08-01' and o.delivery_date <= '2026-12-01' and o.payment_status <> 'PAID' AND o.deleted_at IS NULL order by o.delivery_date limit 40",
    ),
  );
  sqlite.close();
  agent.destroy();
  await stopChild(server.child);
  const report = {
    commit: gitCommit(),
    machine: machineInfo(),
    load: machineLoad(),
    orders: ORDERS,
    open: OPEN,
    rows: ROWS,
    fileBytes: exported.bytes,
    import: imported ? { ...imported, body: undefined, result } : null,
    suggest: suggested,
    single,
    ratios,
  };
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const out = path.join(RESULTS_DIR, `bank-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
  console.log(`Results: ${out}`);
}

runBench('bench:bank', main);
