/**
 * /notify hub benchmark (docs/product/administration.md). A benchmark, not a test: it never fails on a slow figure.
 *
 *   1. the real server as a child process (embedded SQLite, demo data), run with the inspector on a local port
 *      so that its heap can be read after a forced garbage collection;
 *   2. BENCH_HUB_CONNECTIONS (1,000) concurrent hub connections, raw WebSockets speaking the JSON hub protocol
 *      (negotiate, socket, handshake, a Ping every 10 s like the real client). The demo company has only a couple
 *      of dozen users, so the connections share the sessions of most of them (presence is per user; each user
 *      counts once however many connections);
 *   3. server memory per connection: RSS (/proc) and V8 heap used (after a GC) at 0, ¼, ½, ¾ and all of the
 *      connections; the least-squares slope is the cost of one more connection;
 *   4. presence: a user who was not online connects (and later leaves) BENCH_HUB_ROUNDS times for each of the
 *      users kept aside; for each change, the time from the joiner's handshake (or socket close) until every one of
 *      the connections has received the ReceiveClientConnectedEvent that shows it. The clients run in this one
 *      process, so the figure includes reading 1,000 messages here.
 *
 * Environment: BENCH_HUB_CONNECTIONS (1000), BENCH_HUB_JOINERS (3 users kept aside), BENCH_HUB_ROUNDS (5),
 * LOG_LEVEL (passed to the server; default warn here: 2,000 request lines are not what is measured).
 * Results: stdout and bench/results/hub-<timestamp>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { Inspector } from './inspector';
import { DEMO_ROLES, demoEmail } from '../server/db/seed';
import {
  RESULTS_DIR,
  type ServerChild,
  assertAlive,
  fmt,
  gitCommit,
  login,
  machineInfo,
  machineLoad,
  numberFromEnv,
  percentile,
  request,
  runBench,
  sleep,
  startServer,
} from './lib';

const CONNECTIONS = numberFromEnv('BENCH_HUB_CONNECTIONS', 1000, { integer: true });
const JOINERS = numberFromEnv('BENCH_HUB_JOINERS', 3, { integer: true });
const ROUNDS = numberFromEnv('BENCH_HUB_ROUNDS', 5, { integer: true });
const OPEN_CONCURRENCY = 50;
const CLIENT_PING_MS = 10_000;
const RS = '\u001e';

// ---------------------------------------------------------------- a raw hub client

interface PresenceWatch {
  userId: number;
  present: boolean;
  onSeen: (client: HubSocket) => void;
}

class HubSocket {
  private watch: PresenceWatch | null = null;
  private constructor(readonly ws: WebSocket) {}

  /** Negotiate and open the socket; the connection counts (and changes presence) only after handshake(). */
  static async connect(server: ServerChild, token: string): Promise<HubSocket> {
    const negotiated = await request(server, {
      method: 'POST',
      path: '/notify/negotiate?negotiateVersion=1',
      headers: { authorization: `Bearer ${token}` },
    });
    if (negotiated.status !== 200)
      throw new Error(`negotiate: ${negotiated.status} ${negotiated.body.toString().slice(0, 200)}`);
    const { connectionToken } = JSON.parse(negotiated.body.toString()) as { connectionToken: string };
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/notify?id=${encodeURIComponent(connectionToken)}`, {
      headers: { authorization: `Bearer ${token}` },
      perMessageDeflate: false,
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`socket refused: ${res.statusCode}`)));
    });
    ws.on('error', () => undefined);
    return new HubSocket(ws);
  }

  static async open(server: ServerChild, token: string): Promise<HubSocket> {
    const socket = await HubSocket.connect(server, token);
    await socket.handshake();
    return socket;
  }

  handshake(): Promise<void> {
    const answered = new Promise<void>((resolve, reject) => {
      this.ws.once('message', (data) =>
        data.toString().startsWith('{}' + RS)
          ? resolve()
          : reject(new Error(`handshake: ${data.toString().slice(0, 200)}`)),
      );
    });
    this.ws.on('message', (data) => this.receive(data.toString()));
    this.ws.send(JSON.stringify({ protocol: 'json', version: 1 }) + RS);
    return answered;
  }

  expect(watch: PresenceWatch | null): void {
    this.watch = watch;
  }

  ping(): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(`{"type":6}${RS}`);
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }

  private receive(text: string): void {
    const watch = this.watch;
    if (!watch || !text.includes('ReceiveClientConnectedEvent')) return;
    for (const record of text.split(RS)) {
      if (!record.includes('ReceiveClientConnectedEvent')) continue;
      const users = (JSON.parse(record) as { arguments: { userId: number }[][] }).arguments[0];
      if (users.some((u) => u.userId === watch.userId) === watch.present) {
        this.watch = null;
        watch.onSeen(this);
        return;
      }
    }
  }
}

// ---------------------------------------------------------------- the server's memory

function rssBytes(pid: number | undefined): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

interface MemoryPoint {
  connections: number;
  rssMb: number | null;
  heapUsedMb: number | null;
}

/** Least-squares slope of y over x. */
function slope(points: [number, number][]): number {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return sxx ? sxy / sxx : NaN;
}

// ---------------------------------------------------------------- the run

async function openMany(server: ServerChild, tokens: string[], count: number, into: HubSocket[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      into.push(await HubSocket.open(server, tokens[index % tokens.length]));
    }
  };
  await Promise.all(Array.from({ length: Math.min(OPEN_CONCURRENCY, count) }, () => worker()));
}

/** Starts `change`, resolves with the ms until every one of `crowd` saw the joiner present (or gone). */
function timeChange(
  crowd: HubSocket[],
  userId: number,
  present: boolean,
  change: () => void,
): Promise<{ allMs: number; medianMs: number }> {
  return new Promise((resolve, reject) => {
    const arrivals: number[] = [];
    let started = 0n;
    const timer = setTimeout(
      () => reject(new Error(`only ${arrivals.length} of ${crowd.length} connections saw the change within 30 s`)),
      30_000,
    );
    const onSeen = () => {
      arrivals.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (arrivals.length < crowd.length) return;
      clearTimeout(timer);
      const sorted = Float64Array.from(arrivals).sort();
      resolve({ allMs: sorted[sorted.length - 1], medianMs: percentile(sorted, 50) });
    };
    for (const client of crowd) client.expect({ userId, present, onSeen });
    started = process.hrtime.bigint();
    change();
  });
}

async function main() {
  const startedAt = new Date();
  const settings = {
    connections: CONNECTIONS,
    joiners: JOINERS,
    rounds: ROUNDS,
    serverLogLevel: process.env.LOG_LEVEL || 'warn',
  };
  console.log(`Haulboard hub bench: ${JSON.stringify(settings)}`);
  console.log(`Machine: ${JSON.stringify(machineInfo())}, load now ${JSON.stringify(machineLoad())}`);

  // The server inherits these: its heap is read through a local inspector port; request lines are not the subject.
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:0`.trim();
  process.env.LOG_LEVEL ||= 'warn';
  const server = await startServer('sqlite', null);
  delete process.env.NODE_OPTIONS;
  const inspector = await Inspector.attach(server.logFile).catch(() => null);
  if (!inspector) console.log('(no inspector: heap figures skipped, RSS only)');
  const measure = async (connections: number): Promise<MemoryPoint> => {
    await sleep(500);
    const heap = inspector ? await inspector.heapUsed() : null;
    const rss = rssBytes(server.child.pid);
    return {
      connections,
      rssMb: rss === null ? null : rss / 2 ** 20,
      heapUsedMb: heap === null ? null : heap / 2 ** 20,
    };
  };

  // Sessions: every demo user who may use the hub; a few are kept aside to join while the crowd watches.
  const emails = [
    ...DEMO_ROLES.map((role) => demoEmail(role)),
    ...[2, 3, 4, 5].flatMap((n) => [demoEmail('Dispatcher', n), demoEmail('Driver', n)]),
  ];
  const sessions: { email: string; token: string; userId: number }[] = [];
  for (const email of emails) {
    const token = await login(server, email).catch(() => null);
    if (!token) continue;
    const me = await request(server, {
      method: 'GET',
      path: '/api/token/me',
      headers: { authorization: `Bearer ${token}` },
    });
    const negotiated = await request(server, {
      method: 'POST',
      path: '/notify/negotiate?negotiateVersion=1',
      headers: { authorization: `Bearer ${token}` },
    });
    if (me.status === 200 && negotiated.status === 200)
      sessions.push({ email, token, userId: (JSON.parse(me.body.toString()) as { data: { id: number } }).data.id });
  }
  if (sessions.length < JOINERS + 1) throw new Error(`only ${sessions.length} demo users may use the hub`);
  const joiners = sessions.slice(-JOINERS);
  const crowdTokens = sessions.slice(0, -JOINERS).map((s) => s.token);
  console.log(
    `${sessions.length} demo users: ${crowdTokens.length} share the ${CONNECTIONS} connections, ${joiners.length} join and leave`,
  );

  const crowd: HubSocket[] = [];
  const keepAlive = setInterval(() => crowd.forEach((c) => c.ping()), CLIENT_PING_MS);
  try {
    // Warm-up: the code paths compiled and the first allocations made before the baseline is taken.
    const warm: HubSocket[] = [];
    await openMany(server, crowdTokens, Math.min(100, CONNECTIONS), warm);
    await Promise.all(warm.map((c) => c.close()));

    const memory: MemoryPoint[] = [await measure(0)];
    const opened = Date.now();
    for (const step of [0.25, 0.5, 0.75, 1]) {
      await openMany(server, crowdTokens, Math.round(CONNECTIONS * step) - crowd.length, crowd);
      memory.push(await measure(crowd.length));
      console.log(
        `  ${String(crowd.length).padStart(5)} connections: RSS ${fmt(memory.at(-1)!.rssMb, 1)} MB, heap used ${fmt(memory.at(-1)!.heapUsedMb, 1)} MB`,
      );
    }
    const openSeconds = (Date.now() - opened) / 1000;
    assertAlive(server);

    const changes: { kind: 'join' | 'leave'; allMs: number; medianMs: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const joiner of joiners) {
        // Join: the joiner's socket is already open; the change is its handshake.
        const socket = await HubSocket.connect(server, joiner.token);
        const join = await timeChange(crowd, joiner.userId, true, () => void socket.handshake());
        changes.push({ kind: 'join', ...join });
        const leave = await timeChange(crowd, joiner.userId, false, () => void socket.close());
        changes.push({ kind: 'leave', ...leave });
      }
    }
    assertAlive(server);

    const perConnection = (key: 'rssMb' | 'heapUsedMb') => {
      const points = memory
        .filter((p) => p[key] !== null)
        .map((p) => [p.connections, p[key]! * 2 ** 20] as [number, number]);
      return points.length > 1 ? slope(points) / 1024 : null;
    };
    const summary = (kind: 'join' | 'leave' | 'all') => {
      const all = Float64Array.from(
        changes.filter((c) => kind === 'all' || c.kind === kind).map((c) => c.allMs),
      ).sort();
      return {
        samples: all.length,
        p50Ms: percentile(all, 50),
        p90Ms: percentile(all, 90),
        maxMs: all[all.length - 1],
      };
    };
    const result = {
      connections: crowd.length,
      openSeconds,
      memory,
      rssKbPerConnection: perConnection('rssMb'),
      heapKbPerConnection: perConnection('heapUsedMb'),
      presence: {
        join: summary('join'),
        leave: summary('leave'),
        all: summary('all'),
        medianClientMs: percentile(Float64Array.from(changes.map((c) => c.medianMs)).sort(), 50),
      },
      changes,
    };

    console.log(
      `\n=== ${crowd.length} concurrent hub connections on one server (SQLite), opened in ${fmt(openSeconds, 1)} s ===`,
    );
    console.log(
      `Server memory per connection (least-squares slope over ${memory.length} points): RSS ${fmt(result.rssKbPerConnection, 1)} KB, V8 heap ${fmt(result.heapKbPerConnection, 1)} KB`,
    );
    console.log(
      `  baseline: RSS ${fmt(memory[0].rssMb, 1)} MB, heap ${fmt(memory[0].heapUsedMb, 1)} MB; at ${crowd.length}: RSS ${fmt(memory.at(-1)!.rssMb, 1)} MB, heap ${fmt(memory.at(-1)!.heapUsedMb, 1)} MB`,
    );
    console.log(
      `Presence change reaching all ${crowd.length} connections (ms from the joiner's handshake / close to the last delivery):`,
    );
    for (const kind of ['join', 'leave', 'all'] as const) {
      const s = result.presence[kind];
      console.log(
        `  ${kind.padEnd(5)} n=${s.samples}  p50 ${fmt(s.p50Ms, 1)}  p90 ${fmt(s.p90Ms, 1)}  max ${fmt(s.maxMs, 1)}`,
      );
    }
    console.log(`  median time for one connection to hear of a change: ${fmt(result.presence.medianClientMs, 1)} ms`);
    console.log(`Machine load at the end: ${JSON.stringify(machineLoad())}`);

    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `hub-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify(
        {
          startedAt: startedAt.toISOString(),
          finishedAt: new Date().toISOString(),
          commit: gitCommit(),
          settings,
          machine: machineInfo(),
          result,
        },
        null,
        2,
      ) + '\n',
    );
    console.log(`\nResults written to ${path.relative(process.cwd(), file) || file}`);
  } finally {
    clearInterval(keepAlive);
    inspector?.close();
    await Promise.all(crowd.map((c) => c.close()));
  }
}

runBench('bench:hub', main);
