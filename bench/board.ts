/**
 * Dispatch board benchmark (docs/product/book-orders.md). A benchmark, not a test: it never fails on a slow figure.
 *
 *   1. `seed --orders N` (BENCH_ORDERS, default 1,000,000) into a temp DATA_DIR (and, with DATABASE_URL, into a
 *      scratch PostgreSQL database dropped afterwards); the real server as a child process on it;
 *   2. the board's first window, GET /api/BookOrder/board (five columns: first 20 cards, count and total price
 *      each), with BENCH_CLIENTS (10) closed-loop clients for BENCH_SECONDS (5): for everyone (a manager's default)
 *      and for one dispatcher ("mine", a dispatcher's default), and a column's next window; target p99 ≤ 50 ms; each
 *      again with 1 client, and on SQLite bare: boardWindows() of server/modules/bookOrders/board.ts (the route's
 *      queries and its columns' JSON text, without HTTP, the session check and the envelope) in this process over the
 *      server's own SQLite handle on the same file, the same queries one after another; then the ratios of
 *      bench/ratios.ts (server at 1 client against bare; PostgreSQL against SQLite);
 *   3. live: BENCH_BOARD_CLIENTS (100) hub connections of users who may read book orders (raw WebSockets speaking the
 *      JSON hub protocol, as boards hold them); BENCH_BOARD_MOVES (20) status moves (an order New ↔ On hold through
 *      POST /api/BookOrder/{id}/status); for each, the time from sending the move until every connection has
 *      received the ReceiveBoardOrderChanged with the new version; target ≤ 1 s.
 *
 * Environment: BENCH_ORDERS, BENCH_SECONDS, BENCH_CLIENTS, BENCH_BOARD_CLIENTS, BENCH_BOARD_MOVES, BENCH_DATA_DIR
 * (an already seeded SQLite DATA_DIR instead of seeding), DATABASE_URL, BENCH_PG_SEEDED (1: DATABASE_URL is an
 * already seeded database, used as it is and kept, instead of a scratch one seeded and dropped), BENCH_ONLY (sqlite or
 * postgres: that database alone), LOG_LEVEL.
 * Results: stdout and bench/results/board-<timestamp>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { FEATURES } from '../schema/features';
import { HUB_METHODS } from '../schema/realtime';
import { type BoardQuery, boardQuery } from '../schema/dispatchBoard';
import { DEMO_ROLES, demoEmail } from '../server/db/seed';
import { boardWindows } from '../server/modules/bookOrders/board';
import { type BareResult, bare, oneClient, printRatios, routeQuery, serverSqlite } from './ratios';
import {
  type LoadResult,
  type RequestSpec,
  RESULTS_DIR,
  type ServerChild,
  fmt,
  gitCommit,
  load,
  login,
  machineInfo,
  machineLoad,
  makeTempDir,
  numberFromEnv,
  onCleanup,
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
  reuseDataDir: REUSE_DATA_DIR,
  databaseUrl: DATABASE_URL,
} = orderBenchSettings();
const BOARDS = numberFromEnv('BENCH_BOARD_CLIENTS', 100, { integer: true });
const MOVES = numberFromEnv('BENCH_BOARD_MOVES', 20, { integer: true });
const PG_SEEDED = process.env.BENCH_PG_SEEDED === '1';
const ONLY = process.env.BENCH_ONLY?.trim() || null;
const TARGET_WINDOW_P99_MS = 50;
const TARGET_SEEN_MS = 1_000;
const RS = '\u001e';
/** The hub's limit of sockets per user and server is 20: the connections are spread over the readers. */
const PER_USER = 20;

// ---------------------------------------------------------------- a raw hub client, as a board holds one

interface Board {
  ws: WebSocket;
  /** Order id → the highest version received. */
  seen: Map<number, number>;
  waiters: (() => void)[];
}

async function openBoard(server: ServerChild, token: string): Promise<Board> {
  const negotiated = await request(server, {
    method: 'POST',
    path: '/notify/negotiate?negotiateVersion=1',
    headers: { authorization: `Bearer ${token}` },
  });
  const { connectionToken } = JSON.parse(negotiated.body.toString()) as { connectionToken: string };
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/notify?id=${connectionToken}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const board: Board = { ws, seen: new Map(), waiters: [] };
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => {
      ws.send(JSON.stringify({ protocol: 'json', version: 1 }) + RS);
      resolve();
    });
  });
  let handshaken!: () => void;
  const handshake = new Promise<void>((resolve) => (handshaken = resolve));
  ws.on('message', (data) => {
    for (const record of data.toString().split(RS).slice(0, -1)) {
      const message = JSON.parse(record) as {
        type?: number;
        target?: string;
        arguments?: [{ card: { id: number; version: number } }];
      };
      if (message.type === undefined) handshaken();
      else if (message.type === 1 && message.target === HUB_METHODS.boardOrderChanged) {
        const { id, version } = message.arguments![0].card;
        board.seen.set(id, Math.max(version, board.seen.get(id) ?? 0));
        for (const waiter of board.waiters.splice(0)) waiter();
      }
    }
  });
  await handshake;
  return board;
}

const hasSeen = (board: Board, id: number, version: number) => (board.seen.get(id) ?? 0) >= version;
function whenSeen(board: Board, id: number, version: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (hasSeen(board, id, version) ? resolve() : board.waiters.push(check));
    check();
  });
}

// ---------------------------------------------------------------- one database

interface Run {
  db: string;
  seedSeconds: number | null;
  windows: LoadResult[];
  /** Each window again with 1 client: one request's latency (bench/ratios.ts). */
  singles: LoadResult[];
  /** On SQLite, each window's read bare in this process (boardWindows, no HTTP); null on PostgreSQL. */
  bares: (BareResult | null)[];
  moves: { boards: number; moves: number; p50Ms: number; p99Ms: number; maxMs: number } | null;
}

async function api(server: ServerChild, token: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  const response = await request(server, {
    method,
    path: url,
    headers: { authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: JSON.parse(response.body.toString() || 'null') };
}

async function benchDatabase(label: string, databaseUrl: string | null, seeded = false): Promise<Run> {
  let dataDir: string;
  let seedSeconds: number | null = null;
  if (REUSE_DATA_DIR && !databaseUrl) dataDir = REUSE_DATA_DIR;
  else if (seeded) dataDir = makeTempDir();
  else {
    dataDir = makeTempDir();
    seedSeconds = (await runSeed(label, dataDir, databaseUrl, ORDERS)).wallSeconds;
  }
  const server = await startServer(label, databaseUrl, { dataDir });
  const database = databaseUrl ? null : serverSqlite(dataDir);
  try {
    if (!databaseUrl) await waitForFileInMemory(server);
    const admin = await login(server, demoEmail('Administrator'));
    const dispatcherToken = await login(server, demoEmail('Dispatcher'));
    const me = (await api(server, dispatcherToken, 'GET', '/api/token/me')).body.data as { id: number };
    const windows: LoadResult[] = [];
    const singles: LoadResult[] = [];
    const bares: (BareResult | null)[] = [];
    const windowsOf = database && boardWindows(database.db, database.dialect);
    const measure = async (scenario: string, next: (n: number) => RequestSpec) => {
      const result = await load(server, scenario, CLIENTS, SECONDS, next);
      const single = await oneClient(server, scenario, SECONDS, next);
      // The same requests' read bare, their queries parsed beforehand (parsing is the server's HTTP side).
      const queries = new Map<string, BoardQuery>();
      const queryOf = (path: string) => queries.get(path) ?? queries.set(path, routeQuery(boardQuery, path)).get(path)!;
      const reference = windowsOf && (await bare((n) => windowsOf(queryOf(next(n).path))));
      windows.push(result);
      singles.push(single);
      bares.push(reference);
      console.log(
        `[${label}] ${result.scenario}: ${result.requests} requests, p50 ${fmt(result.p50Ms)} ms, p99 ${fmt(result.p99Ms)} ms, max ${fmt(result.maxMs)} ms, errors ${result.errors}${result.firstError ? ` (${result.firstError})` : ''}; 1 client p50 ${fmt(single.p50Ms)} ms${reference ? `, bare p50 ${fmt(reference.p50Ms, 3)} ms (${reference.iterations} runs)` : ''}`,
      );
    };
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    // A second to warm the caches, not counted.
    await load(server, 'warm-up', CLIENTS, 1, () => ({
      method: 'GET',
      path: '/api/BookOrder/board',
      headers: auth(admin),
    }));
    await measure('first window, everyone', () => ({
      method: 'GET',
      path: '/api/BookOrder/board',
      headers: auth(admin),
    }));
    await measure('first window, one dispatcher (mine)', () => ({
      method: 'GET',
      path: `/api/BookOrder/board?dispatcherId=${me.id}`,
      headers: auth(dispatcherToken),
    }));
    await measure('next window of one column', (n) => ({
      method: 'GET',
      path: `/api/BookOrder/board?status=NEW&page=${1 + (n % 5)}`,
      headers: auth(admin),
    }));

    // Live: boards of the users who may read book orders, PER_USER each.
    const readerRoles = DEMO_ROLES.filter(
      (role) =>
        role === 'Administrator' ||
        (FEATURES.find((f) => f.key === 'BookOrders')!.roles as Record<string, string>)[role]?.includes('R'),
    );
    const tokens: string[] = [];
    for (const role of readerRoles) {
      if (tokens.length * PER_USER >= BOARDS) break;
      tokens.push(await login(server, demoEmail(role)));
    }
    const boards: Board[] = [];
    for (let i = 0; i < BOARDS && tokens.length; i++)
      boards.push(await openBoard(server, tokens[Math.floor(i / PER_USER) % tokens.length]));
    onCleanup(async () => boards.forEach((board) => board.ws.terminate()));
    const order = (await api(server, admin, 'GET', '/api/BookOrder/board')).body.value.columns.find(
      (c: { status: string }) => c.status === 'NEW',
    ).items[0] as { id: number; version: number };
    let version = order.version;
    const times: number[] = [];
    for (let i = 0; i < MOVES; i++) {
      const started = process.hrtime.bigint();
      const moved = await api(server, admin, 'POST', `/api/BookOrder/${order.id}/status`, {
        status: i % 2 === 0 ? 'ON_HOLD' : 'NEW',
        version,
      });
      if (moved.status !== 200)
        throw new Error(`[${label}] the move failed: ${moved.status} ${JSON.stringify(moved.body)}`);
      version = moved.body.value.version;
      await Promise.all(boards.map((board) => whenSeen(board, order.id, version)));
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    for (const board of boards) board.ws.terminate();
    const sorted = Float64Array.from(times).sort();
    const moves = {
      boards: boards.length,
      moves: times.length,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: sorted[sorted.length - 1],
    };
    console.log(
      `[${label}] a move seen by all ${moves.boards} boards: p50 ${fmt(moves.p50Ms)} ms, p99 ${fmt(moves.p99Ms)} ms, max ${fmt(moves.maxMs)} ms over ${moves.moves} moves`,
    );
    return { db: label, seedSeconds, windows, singles, bares, moves };
  } finally {
    await database?.close();
    await stopChild(server.child);
    if (dataDir !== REUSE_DATA_DIR) removeTempDir(dataDir);
  }
}

async function main() {
  const startedAt = new Date();
  const settings = {
    orders: ORDERS,
    seconds: SECONDS,
    clients: CLIENTS,
    boards: BOARDS,
    moves: MOVES,
    reuseDataDir: REUSE_DATA_DIR,
  };
  console.log(`Haulboard dispatch board bench: ${JSON.stringify(settings)}`);
  console.log(`Machine: ${JSON.stringify(machineInfo())}, load now ${JSON.stringify(machineLoad())}`);
  if (!DATABASE_URL) console.log('PostgreSQL: skipped (set DATABASE_URL=postgres://… to include it)');
  const runs: Run[] = ONLY === 'postgres' ? [] : [await benchDatabase('sqlite', null)];
  if (DATABASE_URL && ONLY !== 'sqlite') {
    const scratch = PG_SEEDED ? DATABASE_URL : (await scratchPostgresOrSkip(DATABASE_URL, 'haulboard_board'))?.url;
    if (scratch) runs.push(await benchDatabase('postgres', scratch, PG_SEEDED));
  }
  console.log(`\nTargets (${ORDERS.toLocaleString('en-US')} orders):`);
  for (const run of runs) {
    for (const window of run.windows) {
      console.log(
        `  [${window.p99Ms <= TARGET_WINDOW_P99_MS && !window.errors ? 'PASS' : 'MISS'}] ${run.db} ${window.scenario} p99 ≤ ${TARGET_WINDOW_P99_MS} ms: ${fmt(window.p99Ms)} ms`,
      );
    }
    if (run.moves)
      console.log(
        `  [${run.moves.maxMs <= TARGET_SEEN_MS ? 'PASS' : 'MISS'}] ${run.db} a move seen by ${run.moves.boards} boards ≤ ${TARGET_SEEN_MS} ms: max ${fmt(run.moves.maxMs)} ms`,
      );
  }
  const [sqlite, postgres] = [runs.find((r) => r.db === 'sqlite'), runs.find((r) => r.db === 'postgres')];
  const ratios = printRatios(
    'bench:board',
    (sqlite ?? postgres)!.windows.map((window, i) => ({
      scenario: window.scenario,
      serverP50Ms: sqlite?.singles[i]?.p50Ms ?? null,
      bareP50Ms: sqlite?.bares[i]?.p50Ms ?? null,
      ...(sqlite && postgres
        ? { postgresP50Ms: postgres.windows[i]?.p50Ms ?? null, sqliteP50Ms: sqlite.windows[i]?.p50Ms ?? null }
        : {}),
    })),
    `bare = boardWindows() of server/modules/bookOrders/board.ts in this process on the same file (the route's queries and its columns' JSON text; no HTTP, session check or envelope), the same requests one after another. SQLite only. pg/sqlite compares the p50 at ${CLIENTS} clients.`,
  );
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `board-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        commit: gitCommit(),
        settings,
        machine: machineInfo(),
        ratios,
        runs,
      },
      null,
      2,
    ),
  );
  console.log(`Results: ${path.relative(process.cwd(), file)}`);
}

runBench('bench:board', main);
