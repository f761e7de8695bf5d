/**
 * Staff chat fan-out benchmark (docs/product/administration.md). A benchmark, not a test: it never fails on a slow figure.
 *
 *   1. the real server as a child process on the embedded SQLite database (and, with DATABASE_URL=postgres://…, again
 *      on a fresh PostgreSQL database made next to it), demo data plus BENCH_CHAT_USERS (100) chat users of its own
 *      (dispatchers with the demo password, written straight into the database before the server serves them);
 *   2. each of them signs in and holds one /notify connection (the unmodified @microsoft/signalr client, as the web app);
 *      all are members of one group thread the demo dispatcher started;
 *   3. the dispatcher posts BENCH_CHAT_MESSAGES (30) messages one after the other (after 5 for warm-up); for each, the
 *      time from sending the POST to its answer, and to the last of the 100 connections receiving ReceiveChatMessage.
 *      The clients run in this one process, so the figure includes reading 100 frames here.
 *
 * Environment: BENCH_CHAT_USERS (100), BENCH_CHAT_MESSAGES (30), DATABASE_URL (optional, a PostgreSQL server to make a
 * temporary database on), LOG_LEVEL (passed to the server; default warn).
 * Results: stdout and bench/results/chat-<timestamp>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../server/db';
import { demoEmail } from '../server/db/seed';
import { type HubClient, connect } from '../tests/helpers/hub';
import {
  RESULTS_DIR,
  type ServerChild,
  assertAlive,
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
  scratchPostgres,
  startServer,
  stopChild,
} from './lib';

const USERS = numberFromEnv('BENCH_CHAT_USERS', 100, { integer: true });
const MESSAGES = numberFromEnv('BENCH_CHAT_MESSAGES', 30, { integer: true });
const WARMUP = 5;
const SENDER = demoEmail('Dispatcher');
const benchEmail = (n: number) => `chat.bench.${String(n).padStart(3, '0')}@haulboard.demo`;

/** The chat users of the run: active dispatchers with the demo dispatcher's password, added once. */
async function addUsers(databaseUrl: string | null, dataDir: string): Promise<void> {
  const database = openDatabase({ databaseUrl, dataDir });
  try {
    await database.db.transaction().execute(async (trx) => {
      const model = await trx.selectFrom('users').selectAll().where('email', '=', SENDER).executeTakeFirstOrThrow();
      const role = await trx
        .selectFrom('roles')
        .select('id')
        .where('name', '=', 'Dispatcher')
        .executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      for (let n = 1; n <= USERS; n++) {
        const { id: _id, version: _version, ...rest } = model;
        const { id } = await trx
          .insertInto('users')
          .values({
            ...rest,
            email: benchEmail(n),
            first_name: 'Bench',
            last_name: `User ${n}`,
            created_at: now,
            updated_at: now,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('user_roles')
          .values({ user_id: Number(id), role_id: Number(role.id) })
          .execute();
      }
    });
  } finally {
    await database.close();
  }
}

interface Round {
  postMs: number;
  allMs: number;
  medianClientMs: number;
}

async function run(label: string, databaseUrl: string | null) {
  const dataDir = makeTempDir();
  let server: ServerChild;
  if (databaseUrl) {
    server = await startServer(label, databaseUrl, { dataDir });
    await addUsers(databaseUrl, dataDir);
  } else {
    // The embedded file belongs to one process: seeded by a first start, added to, then served.
    await stopChild((await startServer(label, null, { dataDir })).child);
    await addUsers(null, dataDir);
    server = await startServer(label, null, { dataDir });
  }
  const base = `http://127.0.0.1:${server.port}`;
  const clients: HubClient[] = [];
  try {
    const senderToken = await login(server, SENDER);
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const tokens: string[] = [];
    for (let n = 1; n <= USERS; n++) tokens.push(await login(server, benchEmail(n)));
    const ids = await Promise.all(
      tokens.map(
        async (token) =>
          (
            JSON.parse(
              (await request(server, { method: 'GET', path: '/api/token/me', headers: auth(token) })).body.toString(),
            ) as { data: { id: number } }
          ).data.id,
      ),
    );
    const made = await request(server, {
      method: 'POST',
      path: '/api/Chat/threads',
      headers: auth(senderToken),
      body: JSON.stringify({ userIds: ids, name: 'Bench fan-out' }),
    });
    if (made.status !== 200) throw new Error(`thread: ${made.status} ${made.body.toString().slice(0, 300)}`);
    const threadId = (JSON.parse(made.body.toString()) as { value: { id: number } }).value.id;

    // Every receipt of a message id, as it happens.
    const arrivals = new Map<number, number[]>();
    const waiting = new Map<number, () => void>();
    for (let i = 0; i < tokens.length; i += 20) {
      clients.push(...(await Promise.all(tokens.slice(i, i + 20).map((token) => connect(base, token)))));
    }
    for (const client of clients) {
      client.connection.on('ReceiveChatMessage', (event: { message: { id: number } }) => {
        const at = performance.now();
        const list = arrivals.get(event.message.id) ?? [];
        list.push(at);
        arrivals.set(event.message.id, list);
        if (list.length === clients.length) waiting.get(event.message.id)?.();
      });
    }
    console.log(`[${label}] ${clients.length} users connected to the hub, one group thread of ${ids.length + 1}`);

    const rounds: Round[] = [];
    for (let i = 0; i < WARMUP + MESSAGES; i++) {
      const started = performance.now();
      const posted = await request(server, {
        method: 'POST',
        path: `/api/Chat/threads/${threadId}/messages`,
        headers: auth(senderToken),
        body: JSON.stringify({ body: `Load ${i}: picked up at the Dallas yard, on the way to Phoenix` }),
      });
      const postMs = performance.now() - started;
      if (posted.status !== 200) throw new Error(`message: ${posted.status} ${posted.body.toString().slice(0, 300)}`);
      const id = (JSON.parse(posted.body.toString()) as { value: { id: number } }).value.id;
      if ((arrivals.get(id)?.length ?? 0) < clients.length) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () =>
              reject(
                new Error(
                  `only ${arrivals.get(id)?.length ?? 0} of ${clients.length} received message ${id} within 30 s`,
                ),
              ),
            30_000,
          );
          waiting.set(id, () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      const times = Float64Array.from(arrivals.get(id)!.map((at) => at - started)).sort();
      if (i >= WARMUP) rounds.push({ postMs, allMs: times[times.length - 1], medianClientMs: percentile(times, 50) });
    }
    assertAlive(server);
    const sorted = (key: keyof Round) => Float64Array.from(rounds.map((r) => r[key])).sort();
    const summary = (key: keyof Round) => ({
      p50Ms: percentile(sorted(key), 50),
      p99Ms: percentile(sorted(key), 99),
      maxMs: sorted(key).at(-1)!,
    });
    const result = {
      database: label,
      users: clients.length,
      messages: rounds.length,
      post: summary('postMs'),
      all: summary('allMs'),
      medianClient: summary('medianClientMs'),
      rounds,
    };
    console.log(`\n=== ${label}: one message to ${clients.length} connected users (${rounds.length} messages) ===`);
    console.log(
      `  POST answered         p50 ${fmt(result.post.p50Ms, 1)} ms  p99 ${fmt(result.post.p99Ms, 1)} ms  max ${fmt(result.post.maxMs, 1)} ms`,
    );
    console.log(
      `  received by all       p50 ${fmt(result.all.p50Ms, 1)} ms  p99 ${fmt(result.all.p99Ms, 1)} ms  max ${fmt(result.all.maxMs, 1)} ms`,
    );
    console.log(
      `  received by a median  p50 ${fmt(result.medianClient.p50Ms, 1)} ms  p99 ${fmt(result.medianClient.p99Ms, 1)} ms`,
    );
    return result;
  } finally {
    await Promise.all(clients.map((client) => client.stop().catch(() => undefined)));
    await stopChild(server.child);
  }
}

async function main() {
  const startedAt = new Date();
  process.env.LOG_LEVEL ||= 'warn';
  const settings = { users: USERS, messages: MESSAGES, warmup: WARMUP, serverLogLevel: process.env.LOG_LEVEL };
  console.log(`Haulboard chat bench: ${JSON.stringify(settings)}`);
  console.log(`Machine: ${JSON.stringify(machineInfo())}, load now ${JSON.stringify(machineLoad())}`);
  const postgresUrl = process.env.DATABASE_URL?.trim() || null;
  delete process.env.DATABASE_URL;
  const results = [await run('sqlite', null)];
  if (postgresUrl) results.push(await run('postgres', (await scratchPostgres(postgresUrl, 'hb_bench_chat')).url));
  else console.log('PostgreSQL: skipped (set DATABASE_URL=postgres://… to include it)');
  console.log(`Machine load at the end: ${JSON.stringify(machineLoad())}`);
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `chat-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
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
      },
      null,
      2,
    ) + '\n',
  );
  console.log(`\nResults written to ${path.relative(process.cwd(), file) || file}`);
}

runBench('bench:chat', main);
