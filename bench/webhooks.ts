/**
 * Webhook delivery benchmark (docs/product/webhooks.md#delivery): how long from an order's status change until each
 * of many subscriptions has its delivery. A benchmark, not a test: it never fails on a slow figure.
 *
 *   1. the real server as a child process on the embedded SQLite database (and, with DATABASE_URL=postgres://…,
 *      again on a scratch PostgreSQL database), demo data;
 *   2. a receiver in this process (tests/helpers/webhookReceiver.ts) answering 200, and BENCH_WEBHOOKS (1,000)
 *      subscriptions to order.status_changed, made through the API as an administrator would (allowing the private
 *      address 127.0.0.1, which is where the receiver is);
 *   3. BENCH_WEBHOOK_ROUNDS (5) status changes of one order (ASSIGNED ⇄ ON_HOLD), one after the other: each timed
 *      from just before its request until each subscription's delivery of it arrives (every one must arrive, once,
 *      with a valid signature); per round and over all deliveries, p50, p95 and the last; and the request itself.
 *
 * Results: stdout and bench/results/webhooks-<timestamp>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Receiver, startReceiver, verifySignature } from '../tests/helpers/webhookReceiver';
import {
  RESULTS_DIR,
  type ServerChild,
  fmt,
  gitCommit,
  login,
  machineInfo,
  machineLoad,
  numberFromEnv,
  percentile,
  request,
  runBench,
  scratchPostgresOrSkip,
  sleep,
  startServer,
  stopChild,
} from './lib';

const SUBSCRIPTIONS = numberFromEnv('BENCH_WEBHOOKS', 1000, { integer: true });
const ROUNDS = numberFromEnv('BENCH_WEBHOOK_ROUNDS', 5, { integer: true });
const DATABASE_URL = process.env.DATABASE_URL?.trim() || null;
/** A round's deliveries must all arrive within this, or the round fails. */
const ROUND_LIMIT_MS = 120_000;

interface RoundResult {
  requestMs: number;
  p50: number;
  p95: number;
  last: number;
}

async function call(server: ServerChild, token: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  const response = await request(server, {
    method,
    path: url,
    headers: { authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = response.body.toString();
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as { value: Record<string, unknown> & { id: number; version: number } };
}

const sorted = (values: number[]) => Float64Array.from(values).sort();

async function benchDatabase(label: string, databaseUrl: string | null, receiver: Receiver) {
  const server = await startServer(label, databaseUrl);
  try {
    const admin = await login(server, 'administrator@haulboard.demo');
    const dispatcher = await login(server, 'dispatcher@haulboard.demo');
    const made = performance.now();
    /** Each subscription's secret, by the `s` of its address. */
    const secrets = new Map<string, string>();
    for (let start = 0; start < SUBSCRIPTIONS; start += 50)
      await Promise.all(
        Array.from({ length: Math.min(50, SUBSCRIPTIONS - start) }, async (_, i) => {
          const { value } = await call(server, admin, 'POST', '/api/Webhooks', {
            url: `${receiver.url}?s=${start + i}`,
            events: ['order.status_changed'],
            allowPrivateNetwork: true,
          });
          secrets.set(String(start + i), value.secret as string);
        }),
      );
    console.log(`[${label}] ${SUBSCRIPTIONS} subscriptions made in ${fmt((performance.now() - made) / 1000, 1)} s`);
    const orders = await call(server, dispatcher, 'GET', '/api/BookOrder/filter-books?Size=200');
    const items = (orders.value as unknown as { items: { id: number; status: string }[] }).items;
    const orderId = items.find((order) => order.status === 'ASSIGNED')!.id;
    const rounds: RoundResult[] = [];
    const all: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { value: order } = await call(server, dispatcher, 'GET', `/api/BookOrder/${orderId}`);
      receiver.received.length = 0;
      const started = performance.now();
      await call(server, dispatcher, 'POST', `/api/BookOrder/${orderId}/status`, {
        status: round % 2 ? 'ASSIGNED' : 'ON_HOLD',
        version: order.version,
      });
      const requestMs = performance.now() - started;
      while (receiver.received.length < SUBSCRIPTIONS) {
        if (performance.now() - started > ROUND_LIMIT_MS)
          throw new Error(`[${label}] round ${round + 1}: ${receiver.received.length} of ${SUBSCRIPTIONS} delivered`);
        await sleep(5);
      }
      await sleep(200);
      const got = receiver.received;
      const subscriber = (path: string) => new URL(path, receiver.url).searchParams.get('s') ?? '';
      if (
        got.length !== SUBSCRIPTIONS ||
        new Set(got.map((r) => r.event.id)).size !== 1 ||
        new Set(got.map((r) => subscriber(r.path))).size !== SUBSCRIPTIONS
      )
        throw new Error(`[${label}] round ${round + 1}: ${got.length} deliveries, not one event to each subscription`);
      const forged = got.find((r) => !verifySignature(secrets.get(subscriber(r.path)) ?? '', r));
      if (forged) throw new Error(`[${label}] round ${round + 1}: a signature did not verify (${forged.path})`);
      const latencies = got.map((r) => r.at - started);
      all.push(...latencies);
      const ordered = sorted(latencies);
      rounds.push({
        requestMs,
        p50: percentile(ordered, 50),
        p95: percentile(ordered, 95),
        last: ordered[ordered.length - 1],
      });
      const r = rounds.at(-1)!;
      console.log(
        `[${label}] round ${round + 1}: status change ${fmt(requestMs, 1)} ms; delivered p50 ${fmt(r.p50, 0)} ms, p95 ${fmt(r.p95, 0)} ms, last ${fmt(r.last, 0)} ms`,
      );
      await sleep(500);
    }
    const overall = sorted(all);
    const summary = { p50: percentile(overall, 50), p95: percentile(overall, 95), max: overall[overall.length - 1] };
    console.log(
      `[${label}] all ${all.length} deliveries: p50 ${fmt(summary.p50, 0)} ms, p95 ${fmt(summary.p95, 0)} ms, max ${fmt(summary.max, 0)} ms (goal p95 ≤ 2,000 ms)`,
    );
    return { label, subscriptions: SUBSCRIPTIONS, rounds, summary };
  } finally {
    await stopChild(server.child);
  }
}

runBench('webhooks bench', async () => {
  const receiver = await startReceiver();
  try {
    const results = [await benchDatabase('sqlite', null, receiver)];
    if (!DATABASE_URL) console.log('PostgreSQL: skipped (set DATABASE_URL=postgres://… to include it)');
    else {
      const scratch = await scratchPostgresOrSkip(DATABASE_URL, 'haulboard_webhooks');
      if (scratch) results.push(await benchDatabase('postgres', scratch.url, receiver));
    }
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `webhooks-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    const json = { commit: gitCommit(), machine: machineInfo(), load: machineLoad(), results };
    fs.writeFileSync(file, JSON.stringify(json, null, 2));
    console.log(`results: ${path.relative(process.cwd(), file)}`);
  } finally {
    await receiver.close();
  }
});
