/**
 * Haulboard against Directus, side by side (docs/product/book-orders.md#peer). A benchmark, not a test: it never
 * fails on a slow figure, only on a real error (a failed request, a server that does not start).
 *
 *   1. Directus (bench/directus.ts DIRECTUS_VERSION), installed by the bench into its own folder outside the
 *      repository when missing (BENCH_PEER_CACHE, default ~/.cache/haulboard-peer), cached afterwards;
 *   2. `seed --orders N` into a temp DATA_DIR (N = BENCH_ORDERS, default 1,000,000), or a copy of BENCH_DATA_DIR's
 *      database (Directus adds its directus_* tables to the file it serves: never to the one given);
 *   3. Haulboard on it, then Directus (`directus bootstrap`, `directus start`) on the same database, both signed in
 *      as an administrator; Directus reads book_orders without registering it (its foreign keys are its many-to-one
 *      relations); the vehicles are registered as its one-to-many alias field, so that GET by id returns them;
 *   4. per scenario, once before timing, what each side returns (count and first page's ids, or an order's number,
 *      broker and VINs), printed; then the same closed-loop load (bench/lib.ts load) on each side with BENCH_CLIENTS
 *      (10) clients and with 1 client: the default list, the list with a status, the search "houston" and GET by id
 *      for random ids; p50/p99, req/s and the ratio Directus p50 / Haulboard p50 (above 1: Haulboard ahead).
 *   With DATABASE_URL=postgres://… all of it again on PostgreSQL, in a scratch database dropped afterwards.
 *
 * Environment: BENCH_ORDERS (1000000), BENCH_SECONDS (5), BENCH_CLIENTS (10), BENCH_WARMUP_SECONDS (1),
 * BENCH_DATA_DIR (an already seeded SQLite DATA_DIR, copied), BENCH_PEER_CACHE, DATABASE_URL.
 * Results: tables on stdout and bench/results/peer-<timestamp>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { periodRange } from '../schema/bookOrders';
import { demoEmail } from '../server/db/seed';
import { SeededRandom } from '../server/db/seed/random';
import {
  DIRECTUS_VERSION,
  type DirectusInstall,
  type DirectusServer,
  directusGet,
  directusLogin,
  installDirectus,
  registerVehicles,
  startDirectus,
  stopDirectus,
} from './directus';
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
const ADMIN_EMAIL = demoEmail('Administrator');
const SEARCH = 'houston';
const PAGE_SIZE = 50;
/** The SQLite file a DATA_DIR holds (server/db/index.ts), with its write-ahead log. */
const DB_FILES = ['haulboard.db', 'haulboard.db-wal'];

// ---------------------------------------------------------------- what each side is asked

/** The columns of Haulboard's list row (server/modules/bookOrders/queries.ts listItemJson), names through relations. */
const LIST_FIELDS = [
  'id',
  'order_number',
  'load_board',
  'external_load_id',
  'broker_id.id',
  'broker_id.name',
  'shipper_id.id',
  'shipper_id.name',
  'carrier_id',
  'dispatcher_id.id',
  'dispatcher_id.first_name',
  'dispatcher_id.last_name',
  'driver_id.id',
  'driver_id.first_name',
  'driver_id.last_name',
  'truck_id',
  'trailer_id',
  'status',
  'pickup_city',
  'pickup_state_id.id',
  'pickup_state_id.abbreviation',
  'pickup_date',
  'delivery_city',
  'delivery_state_id.id',
  'delivery_state_id.abbreviation',
  'delivery_date',
  'price_cents',
  'broker_fee_cents',
  'payment_method',
  'pay_on_pickup',
  'pay_on_delivery',
  'payment_status',
  'has_manager_review',
  'approved',
  'vehicle_count',
  'deleted_at',
  'version',
].join(',');

/** Every column and the names GET /api/BookOrder/{id} returns (queries.ts selectOrders), and the vehicles. */
const BY_ID_FIELDS = [
  '*',
  'broker_id.id',
  'broker_id.name',
  'shipper_id.id',
  'shipper_id.name',
  'carrier_id.id',
  'carrier_id.name',
  'dispatcher_id.id',
  'dispatcher_id.first_name',
  'dispatcher_id.last_name',
  'driver_id.id',
  'driver_id.first_name',
  'driver_id.last_name',
  'truck_id.id',
  'truck_id.unit_number',
  'trailer_id.id',
  'trailer_id.unit_number',
  'pickup_state_id.id',
  'pickup_state_id.abbreviation',
  'delivery_state_id.id',
  'delivery_state_id.abbreviation',
  'vehicles.*',
].join(',');

/** Haulboard's search columns (server/modules/bookOrders/search.ts) as a Directus filter: the same rows. */
const searchOnHaulboardColumns = (text: string) => ({
  _or: [
    { pickup_city: { _icontains: text } },
    { delivery_city: { _icontains: text } },
    { broker_id: { name: { _icontains: text } } },
    { shipper_id: { name: { _icontains: text } } },
    { search_text: { _icontains: text } },
  ],
});

/** floor: no database work, no sign-in: what each server's HTTP handling and the load generator alone cost here. */
type Kind = 'list' | 'search' | 'byId' | 'floor';

interface Scenario {
  name: string;
  kind: Kind;
  /** Not in the worst ratio: a variant shown for what it tells. */
  reference: boolean;
  /** The request path of each side; `id` is the random order of a by-id scenario. */
  haulboard: (id: number) => string;
  directus: (id: number) => string;
}

/** Every day from `from` to `to` (YYYY-MM-DD), both included. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (
    let day = new Date(`${from}T00:00:00Z`);
    day.toISOString().slice(0, 10) <= to;
    day.setUTCDate(day.getUTCDate() + 1)
  )
    days.push(day.toISOString().slice(0, 10));
  return days;
}

/**
 * Haulboard's default period "current" (schema/period.ts) as Directus conditions: a pickup date from a day the
 * server's company zone decides (GET /api/Company/settings `today`, so that both sides filter on the same day), and not
 * deleted. Haulboard keeps business dates as text (YYYY-MM-DD, server/db/migrations/003_book_orders.ts), and Directus
 * allows no range operator on a text column (and compares a column it types as a date, on SQLite, with epoch
 * milliseconds): there the range is every day from its start to the last pickup date in the table, `_in`.
 */
function periodConditions(today: string, pickupDateType: string, lastPickup: string): object[] {
  const range = periodRange('current', today);
  const deleted = { deleted_at: { _null: true } };
  if (pickupDateType === 'date')
    return [
      ...(range.from ? [{ pickup_date: { _gte: range.from } }] : []),
      ...(range.to ? [{ pickup_date: { _lte: range.to } }] : []),
      deleted,
    ];
  const to = range.to && range.to < lastPickup ? range.to : lastPickup;
  const days = daysBetween(range.from ?? '1900-01-01', to);
  return [{ pickup_date: { _in: days.length ? days : [range.from] } }, deleted];
}

/** The scenarios, each as Haulboard's request and Directus's for the same rows. */
function buildScenarios(period: object[]): Scenario[] {
  const haulboardList = (query: Record<string, string>) => {
    const text = new URLSearchParams(query).toString();
    return `/api/BookOrder/filter-books${text ? `?${text}` : ''}`;
  };
  const directusList = (conditions: object[], extra: Record<string, string> = {}) =>
    `/items/book_orders?${new URLSearchParams({
      filter: JSON.stringify({ _and: [...period, ...conditions] }),
      sort: '-pickup_date,-id',
      limit: String(PAGE_SIZE),
      meta: 'filter_count',
      fields: LIST_FIELDS,
      ...extra,
    }).toString()}`;
  const byIdQuery = new URLSearchParams({
    fields: BY_ID_FIELDS,
    deep: JSON.stringify({ vehicles: { _sort: ['position'] } }),
  }).toString();
  return [
    {
      name: 'list: default (current period)',
      kind: 'list',
      reference: false,
      haulboard: () => haulboardList({}),
      directus: () => directusList([]),
    },
    {
      name: 'list: status=NEW, current period',
      kind: 'list',
      reference: false,
      haulboard: () => haulboardList({ status: 'NEW' }),
      directus: () => directusList([{ status: { _eq: 'NEW' } }]),
    },
    {
      name: `search "${SEARCH}" (Directus ?search=)`,
      kind: 'search',
      reference: false,
      haulboard: () => haulboardList({ search: SEARCH }),
      directus: () => directusList([], { search: SEARCH }),
    },
    {
      name: `search "${SEARCH}", same columns (ref)`,
      kind: 'search',
      reference: true,
      haulboard: () => haulboardList({ search: SEARCH }),
      directus: () => directusList([searchOnHaulboardColumns(SEARCH)]),
    },
    {
      name: 'GET by id (random ids)',
      kind: 'byId',
      reference: false,
      haulboard: (id) => `/api/BookOrder/${id}`,
      directus: (id) => `/items/book_orders/${id}?${byIdQuery}`,
    },
    {
      name: 'HTTP floor: health / ping (ref)',
      kind: 'floor',
      reference: true,
      haulboard: () => '/api/health',
      directus: () => '/server/ping',
    },
  ];
}

const WHAT_EACH_SIDE_DOES = [
  'What each side does:',
  '  list    Haulboard: GET /api/BookOrder/filter-books, the default filters (period "current": pickup date from 7 days',
  '          ago, not deleted; + status), first page of 50 by pickup date then id, descending; each row with the broker,',
  '          shipper, dispatcher, driver and state names; and the totals (count, price and broker fee sums).',
  '          Directus: GET /items/book_orders, filter pickup_date _in [each day from 7 days ago to the last pickup',
  '          date] (the date is text: Directus allows no _gte on it), deleted_at _null (+ status _eq), sort',
  '          -pickup_date,-id, limit 50, meta=filter_count, the same columns and names through its relations; a count',
  '          and no sums.',
  `  search  Haulboard: "${SEARCH}" in the pickup or delivery city, the broker's or shipper's name, or the order's number,`,
  '          external load id or VINs, on top of the default filters.',
  `          Directus ?search=${SEARCH}: lower(column) LIKE '%${SEARCH}%' over every text column of book_orders (addresses,`,
  "          venues, contacts, notes, search_text …), not the broker's or shipper's name; on top of the same filter.",
  "          (ref): Directus's filter _or over exactly Haulboard's columns (names through relations): the same rows.",
  '  by id   Haulboard: GET /api/BookOrder/{id}: the order, its names and its vehicles.',
  '          Directus: GET /items/book_orders/{id}: every column, the same names through relations, vehicles.* sorted',
  '          by position (the one-to-many field the bench registers).',
  '  floor   GET /api/health against GET /server/ping: no database, no token; the floor under every figure above.',
];

// ---------------------------------------------------------------- the check before timing

interface ListAnswer {
  count: number;
  ids: number[];
}

interface VehicleAnswer {
  vin: string;
}

async function haulboardJson<T>(server: ServerChild, auth: Record<string, string>, pathAndQuery: string): Promise<T> {
  const response = await request(server, { method: 'GET', path: pathAndQuery, headers: auth });
  if (response.status !== 200)
    throw new Error(
      `[${server.dbLabel}] GET ${pathAndQuery}: ${response.status} ${response.body.toString().slice(0, 300)}`,
    );
  return (JSON.parse(response.body.toString()) as { value: T }).value;
}

async function haulboardList(server: ServerChild, auth: Record<string, string>, pathAndQuery: string) {
  const value = await haulboardJson<{ totalCount: number; items: { id: number }[] }>(server, auth, pathAndQuery);
  return { count: value.totalCount, ids: value.items.map((item) => item.id) };
}

async function directusList(server: ServerChild, auth: Record<string, string>, pathAndQuery: string) {
  const answer = await directusGet<{ id: number }[]>(server, auth, pathAndQuery);
  return { count: answer.meta?.filter_count ?? -1, ids: answer.data.map((item) => Number(item.id)) };
}

/** "same" or how the first page differs. */
function comparePages(a: ListAnswer, b: ListAnswer): string {
  if (a.ids.join() === b.ids.join()) return `first page: the same ${a.ids.length} ids in the same order`;
  const onlyA = a.ids.filter((id) => !b.ids.includes(id));
  const onlyB = b.ids.filter((id) => !a.ids.includes(id));
  if (!onlyA.length && !onlyB.length) return 'first page: the same ids in another order';
  return `first page differs: ${onlyA.length} ids only in Haulboard's, ${onlyB.length} only in Directus's`;
}

interface Check {
  scenario: string;
  same: boolean;
  text: string;
  haulboardCount: number | null;
  directusCount: number | null;
}

async function checkList(
  scenario: Scenario,
  haulboard: ServerChild,
  hbAuth: Record<string, string>,
  directus: ServerChild,
  dxAuth: Record<string, string>,
): Promise<Check> {
  const hb = await haulboardList(haulboard, hbAuth, scenario.haulboard(0));
  const dx = await directusList(directus, dxAuth, scenario.directus(0));
  const same = hb.count === dx.count && hb.ids.join() === dx.ids.join();
  const counts =
    hb.count === dx.count
      ? `the same count, ${hb.count.toLocaleString('en-US')}`
      : `counts differ: Haulboard ${hb.count.toLocaleString('en-US')}, Directus ${dx.count.toLocaleString('en-US')}`;
  return {
    scenario: scenario.name,
    same,
    text: `${counts}; ${comparePages(hb, dx)}`,
    haulboardCount: hb.count,
    directusCount: dx.count,
  };
}

/** A few orders by id on both sides: the same number, broker and VINs in the same order. */
async function checkById(
  scenario: Scenario,
  ids: number[],
  haulboard: ServerChild,
  hbAuth: Record<string, string>,
  directus: ServerChild,
  dxAuth: Record<string, string>,
): Promise<Check> {
  const differences: string[] = [];
  for (const id of ids) {
    const hb = await haulboardJson<{ orderNumber: string; brokerName: string | null; vehicles?: VehicleAnswer[] }>(
      haulboard,
      hbAuth,
      scenario.haulboard(id),
    );
    const dx = (
      await directusGet<{ order_number: string; broker_id: { name: string } | null; vehicles?: VehicleAnswer[] }>(
        directus,
        dxAuth,
        scenario.directus(id),
      )
    ).data;
    const hbText = [hb.orderNumber, hb.brokerName, ...(hb.vehicles ?? []).map((v) => v.vin)].join(' ');
    const dxText = [dx.order_number, dx.broker_id?.name ?? null, ...(dx.vehicles ?? []).map((v) => v.vin)].join(' ');
    if (hbText !== dxText) differences.push(`id ${id}: Haulboard "${hbText}", Directus "${dxText}"`);
  }
  return {
    scenario: scenario.name,
    same: differences.length === 0,
    text: differences.length
      ? differences.join('; ')
      : `ids ${ids.join(', ')}: the same order number, broker name and VINs (in position order)`,
    haulboardCount: null,
    directusCount: null,
  };
}

// ---------------------------------------------------------------- one database

interface Pair {
  scenario: string;
  kind: Kind;
  reference: boolean;
  clients: number;
  haulboard: LoadResult;
  directus: LoadResult;
  /** Directus p50 / Haulboard p50: above 1, Haulboard is ahead. */
  ratioP50: number;
  ratioP99: number;
}

interface DbRun {
  db: string;
  orders: number;
  seed: SeedRun | null;
  directusBootstrapSeconds: number;
  checks: Check[];
  pairs: Pair[];
}

/** One side under the scenario's load: a warm-up, then the measured run; by id, the same random ids on each side. */
async function measure(
  server: ServerChild,
  auth: Record<string, string>,
  scenario: Scenario,
  side: 'haulboard' | 'directus',
  clients: number,
  maxId: number,
): Promise<LoadResult> {
  const random = new SeededRandom(7);
  const next = () => ({
    method: 'GET' as const,
    path: scenario[side](1 + Math.floor(random.next() * maxId)),
    headers: scenario.kind === 'floor' ? {} : auth,
  });
  const name = `${scenario.name} [${side}]`;
  await load(server, name, clients, Math.min(WARMUP_SECONDS, SECONDS), next);
  return load(server, name, clients, SECONDS, next);
}

/** The SQLite database of BENCH_DATA_DIR copied into dataDir: Directus's tables go into the copy. */
function copySeededDatabase(dataDir: string): void {
  const source = REUSE_DATA_DIR!;
  if (!fs.existsSync(path.join(source, DB_FILES[0])))
    throw new Error(`BENCH_DATA_DIR ${source} holds no ${DB_FILES[0]}`);
  const started = Date.now();
  for (const file of DB_FILES)
    if (fs.existsSync(path.join(source, file))) fs.copyFileSync(path.join(source, file), path.join(dataDir, file));
  console.log(
    `[sqlite] copied the seeded database of ${source} (BENCH_DATA_DIR) in ${((Date.now() - started) / 1000).toFixed(1)} s: no seed`,
  );
}

const COLUMNS = [
  'scenario',
  'clients',
  'rows HB',
  'rows DX',
  'HB req/s',
  'HB p50',
  'HB p99',
  'DX req/s',
  'DX p50',
  'DX p99',
  'p50 DX/HB',
  'p99 DX/HB',
  'err',
];
const WIDTHS = [40, 7, 8, 8, 8, 7, 7, 8, 8, 8, 9, 9, 5];
const tableRow = (cells: string[]) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(WIDTHS[i]) : cell.padStart(WIDTHS[i]))).join('  ');

function pairCells(pair: Pair, check: Check | undefined): string[] {
  const count = (value: number | null | undefined) => (value === null || value === undefined ? '-' : String(value));
  return [
    pair.scenario.slice(0, WIDTHS[0]),
    String(pair.clients),
    count(check?.haulboardCount),
    count(check?.directusCount),
    fmt(pair.haulboard.reqPerSec, 0),
    fmt(pair.haulboard.p50Ms),
    fmt(pair.haulboard.p99Ms),
    fmt(pair.directus.reqPerSec, 0),
    fmt(pair.directus.p50Ms),
    fmt(pair.directus.p99Ms),
    `${fmt(pair.ratioP50, 1)}x`,
    `${fmt(pair.ratioP99, 1)}x`,
    String(pair.haulboard.errors + pair.directus.errors),
  ];
}

async function benchDatabase(label: string, databaseUrl: string | null): Promise<DbRun> {
  console.log(`\n=== ${label} ===`);
  const dataDir = makeTempDir();
  let seed: SeedRun | null = null;
  let haulboard: ServerChild | null = null;
  let directus: DirectusServer | null = null;
  try {
    if (REUSE_DATA_DIR && !databaseUrl) copySeededDatabase(dataDir);
    else {
      seed = await runSeed(label, dataDir, databaseUrl, ORDERS);
      console.log(`[${label}] seed: ${fmt(seed.wallSeconds, 1)} s`);
    }
    haulboard = await startServer(label, databaseUrl, { dataDir, logFile: path.join(dataDir, 'server.log') });
    await waitForFileInMemory(haulboard);
    directus = await startDirectus(
      `${label}/directus`,
      databaseUrl
        ? { client: 'pg', url: databaseUrl }
        : { client: 'sqlite3', filename: path.join(dataDir, DB_FILES[0]) },
    );
    const hbAuth = { authorization: `Bearer ${await login(haulboard, ADMIN_EMAIL)}` };
    const dxAuth = { authorization: `Bearer ${await directusLogin(directus)}` };
    await registerVehicles(directus, dxAuth);

    const today = (await haulboardJson<{ today: string }>(haulboard, hbAuth, '/api/Company/settings')).today;
    // Ids are 1..count (nothing is hard-deleted), as bench/orders.ts reads them; the first is the last pickup.
    const all = await haulboardJson<{ totalCount: number; items: { pickup: { date: string } }[] }>(
      haulboard,
      hbAuth,
      '/api/BookOrder/filter-books?filtered=all&showDeleted=true&size=1',
    );
    const maxId = all.totalCount;
    const pickupDateType = (await directusGet<{ type: string }>(directus, dxAuth, '/fields/book_orders/pickup_date'))
      .data.type;
    const period = periodConditions(today, pickupDateType, all.items[0]?.pickup.date ?? today);
    const scenarios = buildScenarios(period);
    console.log(
      `[${label}] ${maxId.toLocaleString('en-US')} orders; the company's today is ${today}; Directus types pickup_date "${pickupDateType}", so the period is ${JSON.stringify(period[0]).slice(0, 120)}`,
    );

    console.log(`[${label}] what each pair returns (checked once, before timing):`);
    const checks: Check[] = [];
    for (const scenario of scenarios.filter((s) => s.kind !== 'floor')) {
      const check =
        scenario.kind === 'byId'
          ? await checkById(scenario, [1, Math.ceil(maxId / 2), maxId], haulboard, hbAuth, directus, dxAuth)
          : await checkList(scenario, haulboard, hbAuth, directus, dxAuth);
      checks.push(check);
      console.log(`  ${check.same ? 'SAME  ' : 'DIFFER'} ${scenario.name}: ${check.text}`);
    }

    const clientCounts = CLIENTS === 1 ? [1] : [CLIENTS, 1];
    console.log(
      `[${label}] ${scenarios.length} scenarios × ${clientCounts.join(' and ')} clients × 2 servers × (${Math.min(WARMUP_SECONDS, SECONDS)} s warm-up + ${SECONDS} s)`,
    );
    console.log('  ' + tableRow(COLUMNS));
    const pairs: Pair[] = [];
    for (const clients of clientCounts) {
      for (const scenario of scenarios) {
        const hb = await measure(haulboard, hbAuth, scenario, 'haulboard', clients, maxId);
        const dx = await measure(directus, dxAuth, scenario, 'directus', clients, maxId);
        const pair: Pair = {
          scenario: scenario.name,
          kind: scenario.kind,
          reference: scenario.reference,
          clients,
          haulboard: hb,
          directus: dx,
          ratioP50: dx.p50Ms / hb.p50Ms,
          ratioP99: dx.p99Ms / hb.p99Ms,
        };
        pairs.push(pair);
        console.log(
          '  ' +
            tableRow(
              pairCells(
                pair,
                checks.find((c) => c.scenario === scenario.name),
              ),
            ),
        );
        for (const [side, result] of [
          ['Haulboard', hb],
          ['Directus', dx],
        ] as const)
          if (result.errors)
            console.log(
              `    ! ${side}: ${result.errors} errors (${JSON.stringify(result.statuses)}): ${result.firstError}`,
            );
      }
    }
    return {
      db: label,
      orders: maxId,
      seed,
      directusBootstrapSeconds: directus.bootstrapSeconds,
      checks,
      pairs,
    };
  } finally {
    if (directus) await stopDirectus(directus);
    if (haulboard) await stopChild(haulboard.child);
    removeTempDir(dataDir);
  }
}

// ---------------------------------------------------------------- main

function printSummary(run: DbRun): void {
  console.log(
    `\n=== ${run.db}: ${run.orders.toLocaleString('en-US')} orders, Haulboard (HB) against Directus ${DIRECTUS_VERSION} (DX), ${SECONDS} s each ===`,
  );
  console.log(tableRow(COLUMNS));
  for (const pair of run.pairs)
    console.log(
      tableRow(
        pairCells(
          pair,
          run.checks.find((c) => c.scenario === pair.scenario),
        ),
      ),
    );
  for (const check of run.checks) console.log(`  ${check.same ? 'same  ' : 'DIFFER'} ${check.scenario}: ${check.text}`);
  const judged = run.pairs.filter((p) => !p.reference);
  const worst = judged.reduce<Pair | null>((w, p) => (!w || p.ratioP50 < w.ratioP50 ? p : w), null);
  const behind = judged.filter((p) => !(p.ratioP50 > 1));
  if (worst)
    console.log(
      `Worst ratio (Directus p50 / Haulboard p50, refs aside): ${fmt(worst.ratioP50, 2)}x, ${worst.scenario} with ${worst.clients} client(s): ${
        behind.length
          ? `Haulboard NOT ahead on ${behind.map((p) => `${p.scenario} (${p.clients})`).join('; ')}`
          : `Haulboard ahead on all ${judged.length} pairs`
      }`,
    );
}

async function main(): Promise<number> {
  const startedAt = new Date();
  const settings = {
    orders: ORDERS,
    seconds: SECONDS,
    clients: CLIENTS,
    warmupSeconds: WARMUP_SECONDS,
    reuseDataDir: REUSE_DATA_DIR,
    directusVersion: DIRECTUS_VERSION,
    search: SEARCH,
  };
  const machine = machineInfo();
  console.log(`Haulboard against Directus: ${JSON.stringify(settings)}`);
  console.log(`Machine: ${JSON.stringify(machine)}, load now ${JSON.stringify(machineLoad())}`);
  if (!DATABASE_URL) console.log('PostgreSQL: skipped (set DATABASE_URL=postgres://… to include it)');

  const install: DirectusInstall = await installDirectus();
  const runs: DbRun[] = [];
  runs.push(await benchDatabase('sqlite', null));
  if (DATABASE_URL) {
    const scratch = await scratchPostgresOrSkip(DATABASE_URL, 'haulboard_peer');
    if (scratch) {
      try {
        runs.push(await benchDatabase('postgres', scratch.url));
      } finally {
        await scratch.drop();
      }
    }
  }

  for (const run of runs) printSummary(run);
  console.log('');
  for (const line of WHAT_EACH_SIDE_DOES) console.log(line);
  console.log(`Machine load at the end: ${JSON.stringify(machineLoad())}`);

  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `peer-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const report = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    commit: gitCommit(),
    settings,
    machine,
    directus: { version: DIRECTUS_VERSION, dir: install.dir, installSeconds: install.installSeconds },
    whatEachSideDoes: WHAT_EACH_SIDE_DOES,
    runs,
  };
  fs.writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  console.log(`\nResults written to ${path.relative(process.cwd(), file) || file}`);
  // A slow figure is a figure; a failed request is an error.
  const errors = runs.flatMap((r) => r.pairs).reduce((n, p) => n + p.haulboard.errors + p.directus.errors, 0);
  if (errors) console.log(`${errors} requests failed (see the err column): exit 1`);
  return errors ? 1 : 0;
}

runBench('bench:peer', main);
