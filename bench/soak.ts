/**
 * Mixed soak benchmark (`npm run bench:soak -- --db sqlite|postgres|both --seconds 180`). A benchmark, not a test: it
 * never fails on a slow figure, only on a server error.
 *
 * For each database: the real server as a child process (bench/lib.ts startServer: `node --import tsx server/main.ts`
 * with the demo company), SQLite in a temp DATA_DIR or PostgreSQL in a scratch database made on --pg-url (default
 * postgres://postgres@127.0.0.1:5432/postgres) and dropped afterwards. Ten closed-loop clients, each signed in as its
 * own demo user (dispatcher, dispatcher2, dispatcher3, finance, banking, manager, administrator, driver, driver2,
 * driver3), for --seconds (180). Each picks its next operation at random from its role's mix, what the role may do by
 * the default permission matrix (schema/features.ts), in these kinds:
 *   list    book orders (search, filters, sort, pages; the board), shippers, drivers, driver transactions, tickets,
 *           claims, bank rows and open items, notifications;
 *   report  every report of schema/reports.ts the role reads (its periods and groupings), the dashboard, the Performance
 *           Calendar, the driver summary, the bank's unmatched report;
 *   read    one record read before a write (a book order opened for editing, a bank row's suggestions);
 *   write   book orders created, and edited with the version read when opened (a few operations earlier, as a person
 *           edits, so concurrent editors of the same 40 orders meet 409), driver transactions posted, a small Chase CSV
 *           imported and its deposit matched to an open item (or, now and then, an earlier match undone, so that the
 *           demo's ~80 open orders last), notifications marked read;
 *   chat    messages sent to a group of all ten and to direct threads, threads and messages listed, threads marked seen.
 * Every GET of the mix is first sent once (preflight, not measured) so that a mix the server refuses shows at once.
 *
 * Measured: every response by status class (2xx, 400 and 409 — expected outcomes of concurrent writes, counted apart —
 * other 4xx, 5xx, no answer); p50 / p99 / max latency overall, per kind and per route; requests/s; the server's
 * resident memory (VmRSS and its anonymous part RssAnon, /proc/<pid>/status) at the start, every 30 s and at the end;
 * server and load-generator CPU. Every 5xx is printed with its route and body. Exits 1 when any 5xx, a request without
 * an answer, or a server that stopped occurred.
 *
 * Options: --db sqlite|postgres|both (both), --seconds N (180), --pg-url URL, --seed N (1: the operations' random
 * choices). LOG_LEVEL is passed to the server (default warn here), and so is DEMO_LEDGERS (the demo's year of pay bills
 * and ledgers, on unless false). Results: stdout and bench/results/soak-<timestamp>.json;
 * when a 5xx occurred, the server's log next to it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { addDays, todayIso } from '../schema/expiry';
import { FEATURES, type FeatureKey, defaultGrants } from '../schema/features';
import { REPORT_LIST, periodsOf } from '../schema/reports';
import { DEFAULT_DIRECTION, type TransactionType } from '../schema/resources/transactions';
import type { RoleName } from '../schema/roles';
import { vinCheckDigit } from '../schema/vin';
import { demoEmail } from '../server/db/seed';
import { type ChaseLine, achCredit, chaseCheckingCsv } from '../server/db/seed/bankExport';
import { SeededRandom } from '../server/db/seed/random';
import {
  RESULTS_DIR,
  type RequestSpec,
  type ServerChild,
  fmt,
  gitCommit,
  httpPool,
  login,
  logTail,
  machineInfo,
  machineLoad,
  percentile,
  processCpuSeconds,
  processMemoryKb,
  removeTempDir,
  request,
  runBench,
  scratchPostgres,
  startServer,
  stopChild,
  waitForFileInMemory,
} from './lib';

// ---------------------------------------------------------------- options

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '180' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    seed: { type: 'string', default: '1' },
  },
});
if (!['sqlite', 'postgres', 'both'].includes(args.db))
  throw new Error(`--db is sqlite, postgres or both, not "${args.db}"`);
const SECONDS = Number(args.seconds);
if (!(SECONDS > 0)) throw new Error(`--seconds is a positive number, not "${args.seconds}"`);
const SEED = Number(args.seed);
const SAMPLE_SECONDS = 30;
/** Book orders the editors share: the newest this many (the demo's NEW orders at first, then the ones the soak books). */
const EDIT_POOL = 40;
/** The 5xx (and unexpected 4xx) printed as they happen; the rest are counted and summed up at the end. */
const PRINT_LIMIT = 20;

/** The clients: one demo user each. */
const CLIENTS: { role: RoleName; number: number }[] = [
  { role: 'Dispatcher', number: 1 },
  { role: 'Dispatcher', number: 2 },
  { role: 'Dispatcher', number: 3 },
  { role: 'Finance', number: 1 },
  { role: 'Banking', number: 1 },
  { role: 'Manager', number: 1 },
  { role: 'Administrator', number: 1 },
  { role: 'Driver', number: 1 },
  { role: 'Driver', number: 2 },
  { role: 'Driver', number: 3 },
];

const KINDS = ['list', 'read', 'report', 'write', 'chat'] as const;
type Kind = (typeof KINDS)[number];
type Share = Record<Exclude<Kind, 'read'>, number>;
/** How each role's operations divide between the kinds (a read is part of the write or list that needs it). */
const SHARES: Partial<Record<RoleName, Share>> = {
  Dispatcher: { list: 40, report: 10, write: 30, chat: 20 },
  Finance: { list: 35, report: 30, write: 20, chat: 15 },
  Banking: { list: 40, report: 15, write: 30, chat: 15 },
  Manager: { list: 35, report: 30, write: 20, chat: 15 },
  Administrator: { list: 35, report: 25, write: 25, chat: 15 },
  Driver: { list: 25, report: 30, write: 15, chat: 30 },
};

const mayDo = (
  role: RoleName,
  features: readonly FeatureKey[] | null,
  permission: 'Read' | 'Create' | 'Update' = 'Read',
) =>
  features === null ||
  features.some((key) =>
    defaultGrants(
      FEATURES.find((f) => f.key === key)!,
      role,
    ).includes(permission),
  );

// ---------------------------------------------------------------- what is measured

const STATUS_CLASSES = ['2xx', '400', '409', '4xx', '5xx', 'none'] as const;
type StatusClass = (typeof STATUS_CLASSES)[number];
const classOf = (status: number | null): StatusClass =>
  status === null
    ? 'none'
    : status >= 500
      ? '5xx'
      : status === 400
        ? '400'
        : status === 409
          ? '409'
          : status >= 400
            ? '4xx'
            : '2xx';

interface RouteStats {
  kind: Kind;
  route: string;
  latencies: number[];
  counts: Record<StatusClass, number>;
}
interface Problem {
  at: number;
  route: string;
  method: string;
  path: string;
  status: number | null;
  body: string;
  client: string;
}

class Recorder {
  readonly routes = new Map<string, RouteStats>();
  readonly serverErrors: Problem[] = [];
  readonly unexpected: Problem[] = [];
  readonly noAnswer: Problem[] = [];
  total = 0;

  constructor(
    private readonly label: string,
    private readonly started: number,
    private readonly quiet = false,
  ) {}

  add(kind: Kind, route: string, status: number | null, ms: number, problem: () => Omit<Problem, 'at' | 'route'>) {
    const key = `${kind} ${route}`;
    let stats = this.routes.get(key);
    if (!stats)
      this.routes.set(
        key,
        (stats = {
          kind,
          route,
          latencies: [],
          counts: Object.fromEntries(STATUS_CLASSES.map((c) => [c, 0])) as Record<StatusClass, number>,
        }),
      );
    stats.latencies.push(ms);
    const statusClass = classOf(status);
    stats.counts[statusClass]++;
    this.total++;
    const list =
      statusClass === '5xx'
        ? this.serverErrors
        : statusClass === '4xx'
          ? this.unexpected
          : statusClass === 'none'
            ? this.noAnswer
            : null;
    if (!list) return;
    const entry = { at: (performance.now() - this.started) / 1000, route, ...problem() };
    list.push(entry);
    if (!this.quiet && list.length <= PRINT_LIMIT) {
      const what = statusClass === '5xx' ? '5xx' : statusClass === '4xx' ? 'unexpected 4xx' : 'no answer';
      console.log(
        `  [${this.label}] ! ${what} at ${entry.at.toFixed(1)} s (${entry.client}): ${entry.method} ${entry.path} → ${entry.status ?? '-'} ${entry.body}`,
      );
    }
  }
}

interface Summary {
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  counts: Record<StatusClass, number>;
}

function summarize(stats: RouteStats[], seconds: number): Summary {
  const sorted = Float64Array.from(stats.flatMap((s) => s.latencies)).sort();
  const counts = Object.fromEntries(
    STATUS_CLASSES.map((c) => [c, stats.reduce((n, s) => n + s.counts[c], 0)]),
  ) as Record<StatusClass, number>;
  return {
    requests: sorted.length,
    reqPerSec: sorted.length / seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.length ? sorted[sorted.length - 1] : NaN,
    counts,
  };
}

// ---------------------------------------------------------------- one database's soak

/** A JSON answer as JSON.parse gives it: the soak reads the few fields it needs of shapes it knows. */
type Loose = ReturnType<typeof JSON.parse>;

interface Client {
  name: string;
  role: RoleName;
  token: string;
  userId: number;
  /** The driver record of a driver's account. */
  driverId: number | null;
  random: SeededRandom;
  threads: number[];
  ops: { kind: Exclude<Kind, 'read'>; weight: number; op: Op }[];
  totalWeight: number;
  /** A book order opened for editing: saved (PUT with its version) by the next edit. */
  editing: Loose | null;
}

interface Op {
  route: string;
  run: (c: Client) => Promise<void>;
  /** Every GET the operation may send, for the preflight. */
  paths?: (c: Client) => string[];
}

interface Refs {
  brokers: number[];
  shippers: number[];
  carriers: number[];
  dispatchers: number[];
  drivers: number[];
  /** The driver records of the signed-in drivers: orders assigned to them notify them. */
  ownDrivers: number[];
  states: Map<string, number>;
}

const STOPS = [
  { city: 'Dallas', state: 'TX', zip: '75236', address: '5333 W Kiest Blvd', venue: 'Manheim Dallas' },
  { city: 'Phoenix', state: 'AZ', zip: '85001', address: '1 Camelback Rd', venue: null },
  { city: 'Houston', state: 'TX', zip: '77002', address: '901 Bagby St', venue: 'Downtown Motors' },
  { city: 'Atlanta', state: 'GA', zip: '30303', address: '55 Trinity Ave SW', venue: null },
  { city: 'Denver', state: 'CO', zip: '80202', address: '1437 Bannock St', venue: 'Mile High Auto' },
  { city: 'Chicago', state: 'IL', zip: '60601', address: '121 N LaSalle St', venue: null },
  { city: 'Miami', state: 'FL', zip: '33130', address: '444 SW 2nd Ave', venue: 'Brickell Auto Sales' },
  { city: 'Los Angeles', state: 'CA', zip: '90012', address: '200 N Spring St', venue: null },
];
const VEHICLES = [
  { make: 'Honda', model: 'Accord', type: 'SEDAN', wmi: '1HGCV1F3' },
  { make: 'Toyota', model: 'RAV4', type: 'SUV', wmi: '2T3W1RFV' },
  { make: 'Ford', model: 'F-150', type: 'PICKUP', wmi: '1FTEW1EP' },
  { make: 'Chevrolet', model: 'Malibu', type: 'SEDAN', wmi: '1G1ZD5ST' },
];
const TRANSACTION_TYPES: TransactionType[] = [
  'FUEL_ADVANCE',
  'FUEL_PURCHASE',
  'REIMBURSEMENT',
  'ADJUSTMENT',
  'EQUIPMENT_LEASE',
];
const CHAT_LINES = [
  'Picked up at the Dallas yard, on the way to Phoenix',
  'Running an hour late, traffic on I-20',
  'Delivered, BOL signed',
  'Can you take a second car from the same lot?',
  'Broker called about the ETA',
  'Call me when you have a minute',
];
const SEARCHES = ['Dallas', 'Atlas', 'HB00012', 'Honda', 'Phoenix Auto'];
const FUEL = ['PILOT 0389 AMARILLO TX', "LOVE'S #0512 OKLAHOMA CITY OK", 'TA TRAVEL CENTER 127 EFFINGHAM IL'];

const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (c: number) => c / 100;

class Soak {
  readonly recorder: Recorder;
  readonly clients: Client[] = [];
  refs!: Refs;
  /** The book orders the editors share, newest last. */
  readonly editPool: number[] = [];
  private sequence = 0;
  private send: (spec: RequestSpec) => Promise<{ status: number; body: Buffer }>;
  private closePool: () => Promise<void>;
  readonly today = todayIso();

  constructor(
    readonly server: ServerChild,
    readonly label: string,
    started: number,
  ) {
    this.recorder = new Recorder(label, started);
    const pool = httpPool(server, CLIENTS.length);
    this.send = pool.send;
    this.closePool = pool.close;
  }

  close = () => this.closePool();

  /** One request of a client, measured and counted; the parsed answer when it is JSON. */
  async call(
    c: Client,
    kind: Kind,
    route: string,
    spec: RequestSpec,
    recorder = this.recorder,
  ): Promise<{ status: number; json: Loose } | null> {
    const headers = { authorization: `Bearer ${c.token}`, ...spec.headers };
    const started = performance.now();
    let answer: { status: number; body: Buffer } | null = null;
    let error = '';
    try {
      answer = await this.send({ ...spec, headers });
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    const ms = performance.now() - started;
    const text = answer?.body.toString() ?? error;
    recorder.add(kind, route, answer?.status ?? null, ms, () => ({
      method: spec.method,
      path: spec.path,
      status: answer?.status ?? null,
      body: text.slice(0, 2000),
      client: c.name,
    }));
    if (!answer) return null;
    let json: Loose = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: answer.status, json };
  }

  private get(kind: Kind, route: string, paths: (c: Client) => string[]): Op {
    return {
      route,
      paths,
      run: async (c) => void (await this.call(c, kind, route, { method: 'GET', path: c.random.pick(paths(c)) })),
    };
  }

  // ------------------------------------------------------------ lists

  private lists(): { op: Op; weight: number; features: FeatureKey[] | null }[] {
    const { refs } = this;
    const anyOf = <T>(items: T[], fallback: T) => (items.length ? items[0] : fallback);
    return [
      {
        weight: 8,
        features: ['BookOrders'],
        op: this.get('list', 'GET /api/BookOrder/filter-books', (c) =>
          [
            'filtered=all&sort=-pickupDate&size=50',
            'filtered=this_month&status=NEW&sort=price&size=25',
            'filtered=all&page=3&size=25&sort=orderNumber',
            'filtered=last_month&paymentMethod=ACH&sort=-price',
            'filtered=current&hideCancelled=true&sort=deliveryDate',
            `filtered=all&brokerId=${anyOf(refs.brokers, 1)}&sort=-createdAt`,
            `filtered=all&pickupStateId=${refs.states.get('TX')}&status=ASSIGNED`,
            `filtered=all&dispatcherId=${c.role === 'Dispatcher' ? c.userId : anyOf(refs.dispatchers, 1)}&sort=-createdAt`,
            ...SEARCHES.map((s) => `filtered=all&search=${encodeURIComponent(s)}`),
          ].map((q) => `/api/BookOrder/filter-books?${q}`),
        ),
      },
      {
        weight: 2,
        features: ['BookOrders'],
        op: this.get('list', 'GET /api/BookOrder/board', (c) => [
          '/api/BookOrder/board',
          '/api/BookOrder/board?status=NEW&page=2',
          `/api/BookOrder/board?dispatcherId=${c.role === 'Dispatcher' ? c.userId : anyOf(refs.dispatchers, 1)}`,
        ]),
      },
      {
        weight: 2,
        features: ['Shippers'],
        op: this.get('list', 'GET /api/Shipper', () => [
          '/api/Shipper?size=25',
          '/api/Shipper?search=Auto&size=25',
          '/api/Shipper?sort=-city&page=1&size=10',
        ]),
      },
      {
        weight: 2,
        features: ['Vehicles', 'Users', 'DriverAssignment', 'VehicleAndCardAssignment'],
        op: this.get('list', 'GET /api/Driver', () => [
          '/api/Driver?size=25',
          '/api/Driver?search=an&sort=-hiredOn',
          '/api/Driver?terminated=false&sort=name&size=50',
        ]),
      },
      {
        weight: 3,
        features: ['DriverTransactions', 'PayDriverBills', 'DriverBalance', 'DriverReport'],
        op: this.get('list', 'GET /api/DriverTransactions', (c) =>
          c.role === 'Driver'
            ? ['/api/DriverTransactions?size=20', '/api/DriverTransactions?filtered=all&size=20']
            : [
                '/api/DriverTransactions?size=50',
                '/api/DriverTransactions?filtered=all&sort=-amount&size=25',
                `/api/DriverTransactions?filtered=all&driverId=${anyOf(refs.drivers, 1)}`,
                '/api/DriverTransactions?type=FUEL_ADVANCE&filtered=last_month',
              ],
        ),
      },
      {
        weight: 2,
        features: ['TicketManagement'],
        op: this.get('list', 'GET /api/Tickets', () => [
          '/api/Tickets?size=25',
          '/api/Tickets?search=a&sort=-date',
          '/api/Tickets?sort=status&page=1&size=10',
        ]),
      },
      {
        weight: 2,
        features: ['ClaimsTracker'],
        op: this.get('list', 'GET /api/ClaimTracker', () => [
          '/api/ClaimTracker?size=25',
          '/api/ClaimTracker?sort=-claimed&size=10',
          '/api/ClaimTracker?search=Toyota',
        ]),
      },
      {
        weight: 4,
        features: ['MatchTransactions'],
        op: this.get('list', 'GET /api/TransactionsMatching/transactions', () => [
          '/api/TransactionsMatching/transactions?size=50',
          '/api/TransactionsMatching/transactions?state=TODO&sort=-postedOn&size=50',
          '/api/TransactionsMatching/transactions?direction=IN&sort=-amount',
          '/api/TransactionsMatching/transactions?search=PILOT&filtered=this_month',
        ]),
      },
      {
        weight: 2,
        features: ['MatchTransactions'],
        op: this.get('list', 'GET /api/TransactionsMatching/open-items', () => [
          '/api/TransactionsMatching/open-items?size=50',
          '/api/TransactionsMatching/open-items?type=BOOK_ORDER&sort=-left&size=25',
        ]),
      },
      {
        weight: 1,
        features: null,
        op: this.get('list', 'GET /api/Notifications', () => [
          '/api/Notifications',
          '/api/Notifications?unreadOnly=true&size=10',
        ]),
      },
    ];
  }

  // ------------------------------------------------------------ reports

  private reports(): { op: Op; weight: number; features: FeatureKey[] | null }[] {
    const { refs } = this;
    const out: { op: Op; weight: number; features: FeatureKey[] | null }[] = REPORT_LIST.map((report) => {
      const others = periodsOf(report)
        .filter((p) => p !== 'custom' && p !== report.defaultPeriod)
        .slice(0, 2);
      const queries = [
        '',
        ...others.map((p) => `filtered=${p}`),
        ...(report.groupings ?? []).map((g) => `groupBy=${g}`),
      ];
      // The Driver Report is one driver's loads: a driver reads their own, anyone else chooses the driver.
      const withDriver = (c: Client, q: string) =>
        report.name === 'driver-loads' && c.role !== 'Driver'
          ? [q, `driverId=${c.random.pick(refs.drivers.slice(0, 8))}`].filter(Boolean).join('&')
          : q;
      return {
        weight: 2,
        features: [report.feature as FeatureKey],
        op: this.get('report', `GET /api/Reports/${report.name}`, (c) =>
          queries.map((q) => withDriver(c, q)).map((q) => `/api/Reports/${report.name}${q ? `?${q}` : ''}`),
        ),
      };
    });
    out.push(
      {
        weight: 3,
        features: null,
        op: this.get('report', 'GET /api/Dashboard/summary', () => ['/api/Dashboard/summary']),
      },
      {
        weight: 1,
        features: ['PerformanceCalendar'],
        op: this.get('report', 'GET /api/calendar/month', () => [
          '/api/calendar/month',
          `/api/calendar/month?month=${addDays(this.today, -31).slice(0, 7)}`,
        ]),
      },
      {
        weight: 2,
        features: ['DriverReport'],
        op: this.get('report', 'GET /api/Driver/report-summary', (c) =>
          c.role === 'Driver'
            ? ['/api/Driver/report-summary']
            : refs.drivers.slice(0, 5).map((id) => `/api/Driver/report-summary?driverId=${id}`),
        ),
      },
      {
        weight: 2,
        features: ['MatchTransactions'],
        op: this.get('report', 'GET /api/TransactionsMatching/unmatched-report', () => [
          '/api/TransactionsMatching/unmatched-report',
          '/api/TransactionsMatching/unmatched-report?page=1&size=50',
        ]),
      },
    );
    return out;
  }

  // ------------------------------------------------------------ writes

  private vin(): string {
    const n = ++this.sequence;
    const model = VEHICLES[n % VEHICLES.length];
    // WMI and descriptor (8), check digit (position 9), model year, plant, serial (6): unique per run.
    const chars = [...`${model.wmi}0RS${String((n * 7919 + process.pid) % 1_000_000).padStart(6, '0')}`];
    chars[8] = vinCheckDigit(chars.join(''));
    return chars.join('');
  }

  private newOrder(c: Client): Record<string, unknown> {
    const { random } = c;
    const { refs } = this;
    const [from, to] = [random.pick(STOPS), random.pick(STOPS)];
    const pickupOn = addDays(this.today, random.int(1, 14));
    const stop = (s: (typeof STOPS)[number], date: string) => ({
      venue: s.venue,
      address: s.address,
      city: s.city,
      stateId: refs.states.get(s.state)!,
      zip: s.zip,
      contactName: 'Dock office',
      contactPhone: '2145550100',
      dateType: 'ESTIMATED',
      date,
      dateTo: null,
    });
    const priceCents = random.int(60, 250) * 1000 + random.int(0, 99);
    const assign = random.next() < 0.2 && refs.ownDrivers.length > 0;
    return {
      loadBoard: 'Central Dispatch',
      externalLoadId: `SOAK-${this.sequence}`,
      brokerId: random.pick(refs.brokers),
      shipperId: random.pick(refs.shippers),
      carrierId: random.pick(refs.carriers),
      dispatcherId: c.role === 'Dispatcher' ? c.userId : random.pick(refs.dispatchers),
      driverId: assign ? random.pick(refs.ownDrivers) : null,
      truckId: null,
      trailerId: null,
      trailerType: 'OPEN',
      pickup: stop(from, pickupOn),
      delivery: stop(to, addDays(pickupOn, random.int(0, 5))),
      price: dollars(priceCents),
      brokerFee: dollars(Math.floor((priceCents * random.int(0, 10)) / 100)),
      localFee: 0,
      codAmount: 0,
      paymentMethod: 'ACH',
      payOnPickup: false,
      payOnDelivery: false,
      paymentTermsDays: random.pick([0, 5, 15, 30]),
      notes: `Booked by the soak (${c.name})`,
      vehicles: Array.from({ length: random.int(1, 3) }, () => {
        const v = random.pick(VEHICLES);
        return {
          vin: this.vin(),
          year: random.int(2012, 2025),
          make: v.make,
          model: v.model,
          type: v.type,
          color: null,
          inoperable: false,
          lotNumber: null,
          stockNumber: null,
          price: 0,
        };
      }),
    };
  }

  private remember(id: number) {
    if (this.editPool.includes(id)) return;
    this.editPool.push(id);
    if (this.editPool.length > EDIT_POOL) this.editPool.shift();
  }

  private readonly createOrder: Op = {
    route: 'POST /api/BookOrder',
    run: async (c) => {
      const answer = await this.call(c, 'write', 'POST /api/BookOrder', {
        method: 'POST',
        path: '/api/BookOrder',
        body: JSON.stringify(this.newOrder(c)),
      });
      if (answer?.status === 200) this.remember(Number(answer.json.value.id));
    },
  };

  /** Open a shared order (GET, its version), or save the one opened earlier with that version (PUT). */
  private readonly editOrder: Op = {
    route: 'PUT /api/BookOrder/{id}',
    run: async (c) => {
      if (!c.editing) {
        if (!this.editPool.length) return;
        const id = c.random.pick(this.editPool);
        const answer = await this.call(c, 'read', 'GET /api/BookOrder/{id}', {
          method: 'GET',
          path: `/api/BookOrder/${id}`,
        });
        if (answer?.status === 200) c.editing = answer.json.value;
        return;
      }
      const order = c.editing;
      c.editing = null;
      const { random } = c;
      const stop = (s: Record<string, unknown>) => ({
        venue: s.venue,
        address: s.address,
        city: s.city,
        stateId: s.stateId,
        zip: s.zip,
        contactName: s.contactName,
        contactPhone: s.contactPhone,
        dateType: s.dateType,
        date: s.date,
        dateTo: s.dateTo,
      });
      let driverId = order.driverId;
      if (
        (order.status === 'NEW' || order.status === 'ASSIGNED') &&
        random.next() < 0.3 &&
        this.refs.ownDrivers.length
      ) {
        driverId = driverId && random.next() < 0.5 ? null : random.pick(this.refs.ownDrivers);
      }
      const body = {
        loadBoard: order.loadBoard,
        externalLoadId: order.externalLoadId,
        brokerId: order.brokerId,
        shipperId: order.shipperId,
        carrierId: order.carrierId,
        dispatcherId: order.dispatcherId,
        driverId,
        truckId: order.truckId,
        trailerId: order.trailerId,
        trailerType: order.trailerType,
        pickup: stop(order.pickup),
        delivery: stop(order.delivery),
        price: dollars(Math.max(cents(order.brokerFee), cents(order.price) + random.int(-50, 50) * 100)),
        brokerFee: order.brokerFee,
        localFee: order.localFee,
        codAmount: order.codAmount,
        paymentMethod: order.paymentMethod,
        payOnPickup: order.payOnPickup,
        payOnDelivery: order.payOnDelivery,
        paymentTermsDays: order.paymentTermsDays,
        notes: `Edited by the soak (${c.name}, ${++this.sequence})`,
        version: order.version,
        vehicles: (order.vehicles as Record<string, unknown>[]).map((v) => ({
          vin: v.vin,
          year: v.year,
          make: v.make,
          model: v.model,
          type: v.type,
          color: v.color,
          inoperable: v.inoperable,
          lotNumber: v.lotNumber,
          stockNumber: v.stockNumber,
          price: v.price,
        })),
      };
      await this.call(c, 'write', 'PUT /api/BookOrder/{id}', {
        method: 'PUT',
        path: `/api/BookOrder/${order.id}`,
        body: JSON.stringify(body),
      });
    },
  };

  private readonly postTransaction: Op = {
    route: 'POST /api/DriverTransactions',
    run: async (c) => {
      const type = c.random.pick(TRANSACTION_TYPES);
      const body = {
        postedOn: this.today,
        driverId: c.random.pick(this.refs.drivers),
        type,
        direction: DEFAULT_DIRECTION[type],
        amount: dollars(c.random.int(1_000, 60_000)),
        moneySource: 'company',
        reference: `SOAK ${++this.sequence}`,
        memo: `Posted by the soak (${c.name})`,
        idempotencyKey: `soak-${process.pid}-${this.label}-${this.sequence}`,
      };
      await this.call(c, 'write', 'POST /api/DriverTransactions', {
        method: 'POST',
        path: '/api/DriverTransactions',
        body: JSON.stringify(body),
      });
    },
  };

  /** The matches the soak made and has not undone, oldest first. */
  private readonly matches: number[] = [];

  /**
   * A small Chase export (a broker's deposit for part or all of what an open order has left, fuel and a fee) imported,
   * and the deposit matched to the order. The demo company has about 80 open orders: so that matching goes on for the
   * whole soak, a quarter of the time (and whenever none is open) an earlier match of the soak is undone instead.
   */
  private readonly importAndMatch: Op = {
    route: 'POST /api/TransactionsMatching/import',
    run: async (c) => {
      const { random } = c;
      const undo = async () => {
        const id = this.matches.splice(random.int(0, this.matches.length - 1), 1)[0];
        await this.call(c, 'write', 'POST /api/TransactionsMatching/matches/{id}/undo', {
          method: 'POST',
          path: `/api/TransactionsMatching/matches/${id}/undo`,
          body: JSON.stringify({ reason: 'Applied to the wrong load (soak)' }),
        });
      };
      if (this.matches.length && random.next() < 0.25) return undo();
      const open = await this.call(c, 'list', 'GET /api/TransactionsMatching/open-items', {
        method: 'GET',
        path: '/api/TransactionsMatching/open-items?type=BOOK_ORDER&direction=IN&size=100',
      });
      const items = (
        (open?.status === 200 ? open.json.value.items : []) as {
          itemId: number;
          label: string;
          party: string | null;
          left: number;
        }[]
      ).filter((i) => i.left > 0);
      if (!items.length && this.matches.length) return undo();
      const item = items.length ? random.pick(items) : null;
      // A quarter to all of what is left, at least a dollar.
      const paidCents = item
        ? Math.min(cents(item.left), Math.max(100, Math.round((cents(item.left) * random.int(25, 100)) / 100)))
        : 0;
      const n = ++this.sequence;
      const yesterday = addDays(this.today, -1);
      const lines: ChaseLine[] = [
        {
          postedOn: yesterday,
          description: `${random.pick(FUEL)} SOAK ${n}`,
          cents: -random.int(8_000, 95_000),
          type: 'DEBIT_CARD',
        },
        { postedOn: yesterday, description: `DOMESTIC WIRE FEE SOAK ${n}`, cents: -2500, type: 'FEE_TRANSACTION' },
      ];
      if (item)
        lines.push({
          postedOn: yesterday,
          description: achCredit(random, item.party ?? 'BROKER', yesterday, item.label.replace(/^Order /, '')),
          cents: paidCents,
          type: 'ACH_CREDIT',
        });
      const imported = await this.call(c, 'write', 'POST /api/TransactionsMatching/import', {
        method: 'POST',
        path: `/api/TransactionsMatching/import?fileName=soak-${n}.csv`,
        headers: { 'content-type': 'text/csv' },
        body: chaseCheckingCsv(lines),
      });
      if (imported?.status !== 200 || !item) return;
      const rows = await this.call(c, 'list', 'GET /api/TransactionsMatching/transactions', {
        method: 'GET',
        path: `/api/TransactionsMatching/transactions?importId=${imported.json.value.id}&size=20`,
      });
      const deposit = (
        (rows?.status === 200 ? rows.json.value.items : []) as { id: number; version: number; direction: string }[]
      ).find((r) => r.direction === 'IN');
      if (!deposit) return;
      await this.call(c, 'read', 'GET /api/TransactionsMatching/transactions/{id}/suggestions', {
        method: 'GET',
        path: `/api/TransactionsMatching/transactions/${deposit.id}/suggestions`,
      });
      const matched = await this.call(c, 'write', 'POST /api/TransactionsMatching/transactions/{id}/matches', {
        method: 'POST',
        path: `/api/TransactionsMatching/transactions/${deposit.id}/matches`,
        body: JSON.stringify({
          version: deposit.version,
          lines: [{ itemType: 'BOOK_ORDER', itemId: item.itemId, amount: dollars(paidCents) }],
        }),
      });
      if (matched?.status === 200 && typeof matched.json.value?.matchId === 'number')
        this.matches.push(matched.json.value.matchId);
    },
  };

  /** The unread notifications looked at and one to three marked read; now and then all of them. */
  private readonly readNotifications: Op = {
    route: 'POST /api/Notifications/{id}/read',
    run: async (c) => {
      if (c.random.next() < 0.1) {
        await this.call(c, 'write', 'POST /api/Notifications/read-all', {
          method: 'POST',
          path: '/api/Notifications/read-all',
        });
        return;
      }
      const unread = await this.call(c, 'list', 'GET /api/Notifications', {
        method: 'GET',
        path: '/api/Notifications?unreadOnly=true&size=10',
      });
      const items = (unread?.status === 200 ? unread.json.data.items : []) as { id: number }[];
      for (const item of items.slice(0, c.random.int(1, 3))) {
        await this.call(c, 'write', 'POST /api/Notifications/{id}/read', {
          method: 'POST',
          path: `/api/Notifications/${item.id}/read`,
        });
      }
    },
  };

  private writes(): { op: Op; weight: number; allowed: (role: RoleName) => boolean }[] {
    return [
      { weight: 2, op: this.createOrder, allowed: (role) => mayDo(role, ['BookOrders'], 'Create') },
      { weight: 4, op: this.editOrder, allowed: (role) => mayDo(role, ['BookOrders'], 'Update') },
      { weight: 3, op: this.postTransaction, allowed: (role) => mayDo(role, ['DriverTransactions'], 'Create') },
      { weight: 4, op: this.importAndMatch, allowed: (role) => mayDo(role, ['MatchTransactions'], 'Create') },
      { weight: 2, op: this.readNotifications, allowed: () => true },
    ];
  }

  // ------------------------------------------------------------ chat

  private chat(): { op: Op; weight: number }[] {
    const thread = (c: Client) => c.random.pick(c.threads);
    return [
      {
        weight: 3,
        op: {
          route: 'POST /api/Chat/threads/{id}/messages',
          run: async (c) => {
            const body = { body: `${c.random.pick(CHAT_LINES)} (${++this.sequence})` };
            await this.call(c, 'chat', 'POST /api/Chat/threads/{id}/messages', {
              method: 'POST',
              path: `/api/Chat/threads/${thread(c)}/messages`,
              body: JSON.stringify(body),
            });
          },
        },
      },
      {
        weight: 2,
        op: this.get('chat', 'GET /api/Chat/threads', () => ['/api/Chat/threads?size=20', '/api/Chat/threads']),
      },
      { weight: 1, op: this.get('chat', 'GET /api/Chat/unread', () => ['/api/Chat/unread']) },
      {
        weight: 3,
        op: {
          route: 'GET /api/Chat/threads/{id}/messages',
          paths: (c) => c.threads.map((id) => `/api/Chat/threads/${id}/messages?size=30`),
          run: async (c) => {
            const id = thread(c);
            const page = await this.call(c, 'chat', 'GET /api/Chat/threads/{id}/messages', {
              method: 'GET',
              path: `/api/Chat/threads/${id}/messages?size=30`,
            });
            const last = (page?.status === 200 ? (page.json.value.items as { id: number }[]) : []).at(-1);
            if (last)
              await this.call(c, 'chat', 'POST /api/Chat/threads/{id}/read', {
                method: 'POST',
                path: `/api/Chat/threads/${id}/read`,
                body: JSON.stringify({ messageId: last.id }),
              });
          },
        },
      },
    ];
  }

  // ------------------------------------------------------------ set-up

  private async adminGet<T>(admin: Client, url: string): Promise<T> {
    const answer = await this.call(admin, 'list', url, { method: 'GET', path: url }, new Recorder(this.label, 0, true));
    if (answer?.status !== 200)
      throw new Error(`[${this.label}] set-up: GET ${url} answered ${answer?.status ?? 'nothing'}`);
    return (answer.json.value ?? answer.json.data) as T;
  }

  async setUp(): Promise<void> {
    const server = this.server;
    for (const [index, { role, number }] of CLIENTS.entries()) {
      const email = demoEmail(role, number);
      const token = await login(server, email);
      const me = await request(server, {
        method: 'GET',
        path: '/api/token/me',
        headers: { authorization: `Bearer ${token}` },
      });
      const userId = (JSON.parse(me.body.toString()) as { data: { id: number } }).data.id;
      this.clients.push({
        name: email.split('@')[0],
        role,
        token,
        userId,
        driverId: null,
        random: new SeededRandom(SEED * 1000 + index),
        threads: [],
        ops: [],
        totalWeight: 0,
        editing: null,
      });
    }
    const admin = this.clients.find((c) => c.role === 'Administrator')!;
    const idsOf = (rows: { id: number }[]) => rows.map((r) => r.id);
    const states = await this.adminGet<{ id: number; abbreviation: string }[]>(admin, '/api/Reference/states');
    const drivers = await this.adminGet<{ id: number; terminatedOn: string | null }[]>(
      admin,
      '/api/Driver/GetAllNames',
    );
    const carriers = await this.call(
      admin,
      'list',
      '/api/Carriers/dropdown-list',
      { method: 'GET', path: '/api/Carriers/dropdown-list' },
      new Recorder(this.label, 0, true),
    );
    this.refs = {
      brokers: idsOf(
        (await this.adminGet<{ id: number; status: string }[]>(admin, '/api/Brokers/dropdown-list')).filter(
          (b) => b.status === 'ACTIVE',
        ),
      ),
      shippers: idsOf(await this.adminGet<{ id: number }[]>(admin, '/api/Shipper/get-all-shippers-dropdown')),
      carriers: idsOf((carriers?.json?.data ?? []) as { id: number }[]),
      dispatchers: idsOf(await this.adminGet<{ id: number }[]>(admin, '/api/Dispatcher/GetAllNames')),
      drivers: idsOf(drivers.filter((d) => !d.terminatedOn)),
      ownDrivers: [],
      states: new Map(states.map((s) => [s.abbreviation, s.id])),
    };
    for (const c of this.clients.filter((x) => x.role === 'Driver')) {
      const summary = await this.call(
        c,
        'report',
        'summary',
        { method: 'GET', path: '/api/Driver/report-summary' },
        new Recorder(this.label, 0, true),
      );
      c.driverId = summary?.json?.value?.driverId ?? null;
      if (c.driverId) this.refs.ownDrivers.push(c.driverId);
    }
    if (
      !this.refs.brokers.length ||
      !this.refs.shippers.length ||
      !this.refs.carriers.length ||
      !this.refs.dispatchers.length ||
      !this.refs.drivers.length
    ) {
      throw new Error(
        `[${this.label}] set-up: the demo company lacks brokers, shippers, carriers, dispatchers or drivers: ${JSON.stringify({ ...this.refs, states: this.refs.states.size })}`,
      );
    }
    // The orders the editors share at first: the newest NEW ones.
    const fresh = await this.adminGet<{ items: { id: number }[] }>(
      admin,
      `/api/BookOrder/filter-books?filtered=all&status=NEW&sort=-id&size=${EDIT_POOL}`,
    );
    for (const { id } of [...fresh.items].reverse()) this.remember(id);

    // Chat: the administrator's group of all ten; each driver's direct thread with their first dispatcher; everyone
    // else's with the next client.
    const quiet = new Recorder(this.label, 0, true);
    const startThread = async (c: Client, body: object) => {
      const made = await this.call(
        c,
        'chat',
        'POST /api/Chat/threads',
        { method: 'POST', path: '/api/Chat/threads', body: JSON.stringify(body) },
        quiet,
      );
      if (made?.status !== 200)
        throw new Error(
          `[${this.label}] set-up: ${c.name} could not start a chat thread ${JSON.stringify(body)}: ${made?.status} ${JSON.stringify(made?.json)}`,
        );
    };
    await startThread(admin, {
      name: 'Soak room',
      userIds: this.clients.filter((c) => c !== admin).map((c) => c.userId),
    });
    for (const [index, c] of this.clients.entries()) {
      if (c.role === 'Driver') {
        const contacts = await this.call(
          c,
          'chat',
          'GET /api/Chat/contacts',
          { method: 'GET', path: '/api/Chat/contacts' },
          quiet,
        );
        const dispatcher = ((contacts?.json?.value ?? []) as { userId: number; dispatcher: boolean }[]).find(
          (x) => x.dispatcher,
        );
        if (dispatcher) await startThread(c, { userIds: [dispatcher.userId] });
      } else if (c !== admin) {
        await startThread(c, { userIds: [this.clients[(index + 1) % this.clients.length].userId] });
      }
    }
    for (const c of this.clients) {
      const threads = await this.call(
        c,
        'chat',
        'GET /api/Chat/threads',
        { method: 'GET', path: '/api/Chat/threads?size=100' },
        quiet,
      );
      c.threads = ((threads?.json?.value?.items ?? []) as { id: number }[]).map((t) => t.id);
      if (!c.threads.length) throw new Error(`[${this.label}] set-up: ${c.name} is in no chat thread`);
    }

    // Each client's mix: what its role may do, weighted within each kind by its role's share.
    const lists = this.lists();
    const reports = this.reports();
    const writes = this.writes();
    const chat = this.chat();
    for (const c of this.clients) {
      const share = SHARES[c.role]!;
      const add = (kind: Exclude<Kind, 'read'>, ops: { op: Op; weight: number }[]) => {
        const sum = ops.reduce((n, o) => n + o.weight, 0);
        for (const o of ops) c.ops.push({ kind, op: o.op, weight: (share[kind] * o.weight) / sum });
      };
      add(
        'list',
        lists.filter((o) => mayDo(c.role, o.features)),
      );
      add(
        'report',
        reports.filter((o) => mayDo(c.role, o.features)),
      );
      add(
        'write',
        writes.filter((o) => o.allowed(c.role)),
      );
      add('chat', chat);
      c.totalWeight = c.ops.reduce((n, o) => n + o.weight, 0);
    }
  }

  /** Every GET of every client's mix once (not measured): what answers other than 200 is printed. */
  async preflight(): Promise<{ requests: number; failed: Problem[]; serverErrors: Problem[] }> {
    const recorder = new Recorder(`${this.label} preflight`, performance.now(), true);
    const failed: Problem[] = [];
    let requests = 0;
    for (const c of this.clients) {
      for (const { kind, op } of c.ops) {
        for (const url of op.paths?.(c) ?? []) {
          requests++;
          const answer = await this.call(c, kind, op.route, { method: 'GET', path: url }, recorder);
          if (answer?.status !== 200)
            failed.push({
              at: 0,
              route: op.route,
              method: 'GET',
              path: url,
              status: answer?.status ?? null,
              body: JSON.stringify(answer?.json ?? null).slice(0, 500),
              client: c.name,
            });
        }
      }
    }
    return { requests, failed, serverErrors: recorder.serverErrors };
  }

  /** The closed loop of one client until the deadline. */
  async drive(c: Client, deadline: number, stopped: () => boolean): Promise<void> {
    while (performance.now() < deadline && !stopped()) {
      let pick = c.random.next() * c.totalWeight;
      let chosen = c.ops[c.ops.length - 1].op;
      for (const o of c.ops) {
        pick -= o.weight;
        if (pick < 0) {
          chosen = o.op;
          break;
        }
      }
      await chosen.run(c);
    }
  }
}

// ---------------------------------------------------------------- one database

interface MemorySample {
  second: number;
  rssMb: number;
  anonMb: number;
}
interface DbResult {
  db: string;
  seconds: number;
  clients: string[];
  preflight: { requests: number; failed: Problem[] };
  overall: Summary;
  kinds: (Summary & { kind: Kind })[];
  routes: (Summary & { kind: Kind; route: string })[];
  memory: {
    samples: MemorySample[];
    startMb: number;
    endMb: number;
    peakMb: number;
    anonStartMb: number;
    anonEndMb: number;
  };
  serverCpu: number | null;
  loadGenCpu: number;
  serverErrors: Problem[];
  unexpected4xx: Problem[];
  noAnswer: Problem[];
  serverStopped: string | null;
  serverLog: string | null;
}

const mb = (kb: number) => kb / 1024;

async function soakDatabase(label: string, databaseUrl: string | null): Promise<DbResult> {
  console.log(`\n=== ${label}: ${CLIENTS.length} clients for ${SECONDS} s ===`);
  const server = await startServer(label, databaseUrl);
  let soak: Soak | null = null;
  try {
    if (!databaseUrl) await waitForFileInMemory(server);
    soak = new Soak(server, label, performance.now());
    await soak.setUp();
    for (const c of soak.clients) {
      const kinds = Object.fromEntries(
        KINDS.filter((k) => k !== 'read').map((k) => [k, c.ops.filter((o) => o.kind === k).length]),
      );
      console.log(
        `  ${c.name.padEnd(14)} ${c.role.padEnd(13)} operations ${JSON.stringify(kinds)}, chat threads ${c.threads.length}`,
      );
    }
    const pre = await soak.preflight();
    console.log(`  preflight: ${pre.requests} GETs, ${pre.failed.length} not 200`);
    for (const f of pre.failed) console.log(`    ! ${f.client}: GET ${f.path} → ${f.status ?? 'no answer'} ${f.body}`);

    const pid = server.child.pid;
    const memory: MemorySample[] = [];
    const started = performance.now();
    const sample = (): MemorySample | null => {
      const m = processMemoryKb(pid);
      if (!m) return null;
      const s = { second: Math.round((performance.now() - started) / 1000), rssMb: mb(m.rss), anonMb: mb(m.anon) };
      memory.push(s);
      return s;
    };
    const first = sample();
    console.log(
      `  server memory at the start: VmRSS ${fmt(first?.rssMb ?? NaN, 0)} MB (RssAnon ${fmt(first?.anonMb ?? NaN, 0)} MB)`,
    );
    let peakKb = 0;
    let serverStopped: string | null = null;
    const alive = () => server.child.exitCode === null && server.child.signalCode === null;
    const recorder = soak.recorder;
    let lastCount = 0;
    let lastAt = started;
    const peakTimer = setInterval(() => {
      peakKb = Math.max(peakKb, processMemoryKb(pid)?.rss ?? 0);
      if (!alive()) serverStopped ??= `exited with ${server.child.exitCode ?? server.child.signalCode}`;
    }, 1_000);
    const sampleTimer = setInterval(() => {
      const s = sample();
      const now = performance.now();
      const rate = (recorder.total - lastCount) / ((now - lastAt) / 1000);
      [lastCount, lastAt] = [recorder.total, now];
      console.log(
        `  [${label}] ${String(Math.round((now - started) / 1000)).padStart(4)} s: ${recorder.total} requests (${fmt(rate, 0)}/s last ${SAMPLE_SECONDS} s), 5xx ${recorder.serverErrors.length}, VmRSS ${fmt(s?.rssMb ?? NaN, 0)} MB (RssAnon ${fmt(s?.anonMb ?? NaN, 0)} MB)`,
      );
    }, SAMPLE_SECONDS * 1_000);
    const cpuBefore = processCpuSeconds(pid);
    const ownBefore = process.cpuUsage();
    const deadline = started + SECONDS * 1_000;
    try {
      await Promise.all(soak.clients.map((c) => soak!.drive(c, deadline, () => serverStopped !== null)));
    } finally {
      clearInterval(sampleTimer);
      clearInterval(peakTimer);
    }
    const elapsed = (performance.now() - started) / 1000;
    const cpuAfter = processCpuSeconds(pid);
    const own = process.cpuUsage(ownBefore);
    if (!alive()) serverStopped ??= `exited with ${server.child.exitCode ?? server.child.signalCode}`;
    const last = sample();
    peakKb = Math.max(peakKb, ...memory.map((m) => m.rssMb * 1024));

    const all = [...recorder.routes.values()];
    let serverLog: string | null = null;
    if (recorder.serverErrors.length || pre.serverErrors.length || serverStopped) {
      fs.mkdirSync(RESULTS_DIR, { recursive: true });
      serverLog = path.join(RESULTS_DIR, `soak-${label}-server-${new Date().toISOString().replace(/[:.]/g, '-')}.log`);
      fs.copyFileSync(server.logFile, serverLog);
    }
    if (serverStopped) console.log(`  ! the server ${serverStopped}; its last output:\n${logTail(server.logFile)}`);
    return {
      db: label,
      seconds: elapsed,
      clients: soak.clients.map((c) => `${c.name} (${c.role})`),
      preflight: { requests: pre.requests, failed: pre.failed },
      overall: summarize(all, elapsed),
      kinds: KINDS.map((kind) => ({
        kind,
        ...summarize(
          all.filter((s) => s.kind === kind),
          elapsed,
        ),
      })).filter((k) => k.requests > 0),
      routes: all
        .map((s) => ({ kind: s.kind, route: s.route, ...summarize([s], elapsed) }))
        .sort((a, b) => KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind) || b.requests - a.requests),
      memory: {
        samples: memory,
        startMb: first?.rssMb ?? NaN,
        endMb: last?.rssMb ?? NaN,
        peakMb: mb(peakKb),
        anonStartMb: first?.anonMb ?? NaN,
        anonEndMb: last?.anonMb ?? NaN,
      },
      serverCpu: cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / elapsed : null,
      loadGenCpu: (own.user + own.system) / 1e6 / elapsed,
      serverErrors: [...pre.serverErrors, ...recorder.serverErrors],
      unexpected4xx: recorder.unexpected,
      noAnswer: recorder.noAnswer,
      serverStopped,
      serverLog,
    };
  } finally {
    await soak?.close();
    await stopChild(server.child);
    removeTempDir(server.dataDir);
  }
}

// ---------------------------------------------------------------- output

const HEAD = ['', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', '2xx', '400', '409', '4xx', '5xx', 'none'];
const WIDTHS = [0, 8, 7, 7, 8, 8, 7, 5, 5, 5, 5, 5];

function line(name: string, width: number, s: Summary | null): string {
  const cells = s
    ? [
        String(s.requests),
        fmt(s.reqPerSec, 1),
        fmt(s.p50Ms, 1),
        fmt(s.p99Ms, 1),
        fmt(s.maxMs, 0),
        ...STATUS_CLASSES.map((c) => String(s.counts[c])),
      ]
    : HEAD.slice(1);
  return `  ${name.padEnd(width)}${cells.map((cell, i) => cell.padStart(WIDTHS[i + 1] + 2)).join('')}`;
}

function printResult(r: DbResult): void {
  console.log(`\n=== ${r.db}: ${fmt(r.seconds, 1)} s, ${r.clients.length} clients ===`);
  console.log(line('kind', 8, null));
  for (const k of r.kinds) console.log(line(k.kind, 8, k));
  console.log(line('all', 8, r.overall));
  const m = r.memory;
  console.log(
    `  server VmRSS: start ${fmt(m.startMb, 0)} MB, ${m.samples
      .slice(1, -1)
      .map((s) => `${s.second} s ${fmt(s.rssMb, 0)}`)
      .join(
        ', ',
      )}${m.samples.length > 2 ? ', ' : ''}end ${fmt(m.endMb, 0)} MB (peak ${fmt(m.peakMb, 0)} MB); RssAnon ${fmt(m.anonStartMb, 0)} → ${fmt(m.anonEndMb, 0)} MB`,
  );
  console.log(
    `  CPU: server ${r.serverCpu === null ? '-' : `${Math.round(r.serverCpu * 100)}%`}, load generator ${Math.round(r.loadGenCpu * 100)}% of one core`,
  );
  const width = Math.max(...r.routes.map((x) => x.route.length)) + 9;
  console.log(`\n  per route:\n${line('kind    route', width, null)}`);
  for (const x of r.routes) console.log(line(`${x.kind.padEnd(8)}${x.route}`, width, x));
  if (r.preflight.failed.length)
    console.log(`\n  preflight: ${r.preflight.failed.length} of ${r.preflight.requests} GETs not 200 (listed above)`);
  const grouped = (problems: Problem[]) => {
    const groups = new Map<string, { count: number; example: Problem }>();
    for (const p of problems) {
      const key = `${p.method} ${p.route} ${p.status} ${p.body}`;
      const g = groups.get(key);
      if (g) g.count++;
      else groups.set(key, { count: 1, example: p });
    }
    return [...groups.values()];
  };
  for (const [title, problems] of [
    ['5xx', r.serverErrors],
    ['unexpected 4xx', r.unexpected4xx],
    ['no answer', r.noAnswer],
  ] as const) {
    if (!problems.length) continue;
    console.log(`\n  ${title}: ${problems.length}`);
    for (const { count, example: p } of grouped(problems))
      console.log(
        `    ${count}× ${p.method} ${p.path} (${p.route}) → ${p.status ?? '-'}, first at ${p.at.toFixed(1)} s by ${p.client}:\n      ${p.body}`,
      );
  }
  if (r.serverLog) console.log(`  server log kept: ${path.relative(process.cwd(), r.serverLog)}`);
}

// ---------------------------------------------------------------- main

async function main(): Promise<number> {
  process.env.LOG_LEVEL ||= 'warn';
  const startedAt = new Date();
  const settings = {
    db: args.db,
    seconds: SECONDS,
    clients: CLIENTS.length,
    seed: SEED,
    serverLogLevel: process.env.LOG_LEVEL,
    demoLedgers: process.env.DEMO_LEDGERS || 'on (server default)',
  };
  console.log(`Haulboard soak: ${JSON.stringify(settings)}`);
  console.log(`Machine: ${JSON.stringify(machineInfo())}, load now ${JSON.stringify(machineLoad())}`);
  delete process.env.DATABASE_URL;
  const results: DbResult[] = [];
  const failures: string[] = [];
  for (const db of args.db === 'both' ? ['sqlite', 'postgres'] : [args.db]) {
    try {
      if (db === 'sqlite') results.push(await soakDatabase('sqlite', null));
      else {
        const scratch = await scratchPostgres(args['pg-url'], 'haulboard_soak');
        try {
          results.push(await soakDatabase('postgres', scratch.url));
        } finally {
          await scratch.drop();
        }
      }
    } catch (error) {
      failures.push(`${db}: ${error instanceof Error ? error.message : String(error)}`);
      console.error(`\n[${db}] the soak failed: ${error instanceof Error ? error.stack : String(error)}`);
    }
  }
  for (const r of results) printResult(r);
  console.log(`\nMachine load at the end: ${JSON.stringify(machineLoad())}`);
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `soak-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        commit: gitCommit(),
        settings,
        machine: machineInfo(),
        results,
        failures,
      },
      null,
      2,
    ) + '\n',
  );
  console.log(`Results written to ${path.relative(process.cwd(), file) || file}`);

  const verdicts = results.map((r) => ({
    db: r.db,
    fivexx: r.serverErrors.length,
    none: r.noAnswer.length,
    stopped: r.serverStopped,
  }));
  for (const v of verdicts)
    console.log(
      `[${v.fivexx || v.none || v.stopped ? 'FAIL' : 'OK'}] ${v.db}: ${v.fivexx} 5xx, ${v.none} without an answer${v.stopped ? `, the server ${v.stopped}` : ''}`,
    );
  for (const f of failures) console.log(`[FAIL] ${f}`);
  return failures.length || verdicts.some((v) => v.fivexx || v.none || v.stopped) ? 1 : 0;
}

runBench('bench:soak', main);
