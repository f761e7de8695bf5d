/**
 * What the HTTP benchmarks share (bench/run.ts, bench/orders.ts, bench/reports.ts): settings from the environment, the
 * million-order seed, the server as a child process with its own temp DATA_DIR, cleanup of children and temp dirs on every exit, keep-alive HTTP,
 * closed-loop load with percentiles and CPU shares, and a few formatting helpers. Scratch PostgreSQL databases come from
 * tests/helpers/scratchDatabase.ts (the tests' maker, which imports nothing of the project); every bench file ends
 * with runBench(name, main).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { DEMO_PASSWORD } from '../server/db/seed';
import { scratchDatabase } from '../tests/helpers/scratchDatabase';

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(BENCH_DIR, '..');
export const RESULTS_DIR = path.join(BENCH_DIR, 'results');

/** How long the server may take to seed and answer; BENCH_STARTUP_TIMEOUT_S raises it on a loaded machine. */
const STARTUP_TIMEOUT_MS = (() => {
  const text = process.env.BENCH_STARTUP_TIMEOUT_S?.trim();
  const seconds = text ? Number(text) : 120;
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error(`BENCH_STARTUP_TIMEOUT_S must be a positive number, not "${text}"`);
  return seconds * 1000;
})();
export const REQUEST_TIMEOUT_MS = 30_000;

// ---------------------------------------------------------------- settings

export function numberFromEnv(name: string, fallback: number, { integer = false } = {}): number {
  const text = process.env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be a positive ${integer ? 'integer' : 'number'}, not "${text}"`);
  }
  return value;
}

/**
 * The settings the million-order benches (orders, reports, board, receivables, peer) read alike: BENCH_ORDERS
 * (1,000,000), BENCH_SECONDS (5), BENCH_CLIENTS (10), BENCH_WARMUP_SECONDS (1), BENCH_DATA_DIR (an already seeded
 * SQLite DATA_DIR) and DATABASE_URL.
 */
export function orderBenchSettings() {
  const dataDir = process.env.BENCH_DATA_DIR?.trim();
  return {
    orders: numberFromEnv('BENCH_ORDERS', 1_000_000, { integer: true }),
    seconds: numberFromEnv('BENCH_SECONDS', 5),
    clients: numberFromEnv('BENCH_CLIENTS', 10, { integer: true }),
    warmupSeconds: numberFromEnv('BENCH_WARMUP_SECONDS', 1),
    reuseDataDir: dataDir ? path.resolve(dataDir) : null,
    databaseUrl: process.env.DATABASE_URL?.trim() || null,
  };
}

export function listFromEnv(name: string, fallback: number[]): number[] {
  const text = process.env[name]?.trim();
  if (!text) return fallback;
  const values = text.split(',').map((part) => Number(part.trim()));
  if (values.some((v) => !Number.isInteger(v) || v <= 0))
    throw new Error(`${name} must be a comma-separated list of positive integers, not "${text}"`);
  return values;
}

// ---------------------------------------------------------------- cleanup

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();
const cleanupHooks = new Set<() => Promise<void>>();

function killChild(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(child.pid, signal);
  } catch {
    /* already gone */
  }
}

/** Children started here are stopped by cleanup() and, failing that, killed when this process exits. */
export function trackChild(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => {
    if (child.exitCode !== null || child.signalCode !== null) children.delete(child);
  });
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    killChild(child, 'SIGTERM');
    const timer = setTimeout(() => killChild(child, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  children.delete(child);
}

export function makeTempDir(prefix = 'haulboard-bench-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/** Extra asynchronous cleanup (e.g. dropping a scratch database), run by cleanup() after the children stop. */
export function onCleanup(hook: () => Promise<void>): () => void {
  cleanupHooks.add(hook);
  return () => cleanupHooks.delete(hook);
}

export async function cleanup(): Promise<void> {
  await Promise.all([...children].map((child) => stopChild(child)));
  for (const hook of [...cleanupHooks]) {
    cleanupHooks.delete(hook);
    try {
      await hook();
    } catch (error) {
      console.error(`cleanup: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  for (const dir of [...tempDirs]) removeTempDir(dir);
}

// Last resort when the process ends some other way: no awaiting possible here.
process.on('exit', () => {
  for (const child of children) killChild(child, 'SIGKILL');
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server and removing the temp directory …`);
    void cleanup().finally(() => process.exit(130));
  });
}

/**
 * A fresh, empty database on the PostgreSQL server of `url` (tests/helpers/scratchDatabase.ts, the one maker of
 * throwaway databases, shared with the tests): its URL, and drop(), which cleanup() also runs when it was not called.
 */
export async function scratchPostgres(
  url: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const scratch = await scratchDatabase(url, prefix);
  const unregister = onCleanup(scratch.drop);
  return {
    url: scratch.url,
    drop: async () => {
      unregister();
      await scratch.drop();
    },
  };
}

/** scratchPostgres, or null when the server refuses one (said here): the bench then skips its PostgreSQL part. */
export async function scratchPostgresOrSkip(
  url: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> } | null> {
  try {
    return await scratchPostgres(url, prefix);
  } catch (error) {
    console.log(
      `PostgreSQL: cannot create a scratch database (${error instanceof Error ? error.message : String(error)}); skipped.`,
    );
    return null;
  }
}

/**
 * How every bench file ends: runs main, prints why it failed if it did, runs cleanup() whatever happened (the server
 * children, temp directories, scratch databases), and sets the exit code: main's own when it returns a number, 1 when
 * it threw (then exits once the cleanup is done, so that nothing left open keeps a failed run alive).
 */
export function runBench(name: string, main: () => Promise<number | void>): void {
  let failed = false;
  main()
    .then((code) => {
      if (typeof code === 'number') process.exitCode = code;
    })
    .catch((error: unknown) => {
      failed = true;
      console.error(`\n${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exitCode = 1;
    })
    .finally(async () => {
      await cleanup();
      if (failed) process.exit(1);
    });
}

// ---------------------------------------------------------------- seed

export interface SeedRun {
  orders: number;
  wallSeconds: number;
  /** The loader's own figure from its last line (without migrate, demo seed and process start). */
  loadSeconds: number | null;
  summary: string | null;
}

/** `seed --orders N` as a child process, its output passed through with a prefix. */
export async function runSeed(
  label: string,
  dataDir: string,
  databaseUrl: string | null,
  orders: number,
): Promise<SeedRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  console.log(`[${label}] seed --orders ${orders} …`);
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/seed.ts', '--orders', String(orders)], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  trackChild(child);
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      console.log(`  seed| ${line}`);
    });
  }
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  await stopChild(child);
  if (code !== 0) throw new Error(`[${label}] the seed failed (exit ${code}):\n${lines.slice(-20).join('\n')}`);
  const summary = lines.find((line) => line.startsWith('Added ')) ?? null;
  const loadSeconds = summary ? Number(/ in ([\d.]+) s/.exec(summary)?.[1] ?? NaN) : NaN;
  return {
    orders,
    wallSeconds: (Date.now() - started) / 1000,
    loadSeconds: Number.isFinite(loadSeconds) ? loadSeconds : null,
    summary,
  };
}

// ---------------------------------------------------------------- the server child

export interface ServerChild {
  child: ChildProcess;
  port: number;
  dataDir: string;
  logFile: string;
  dbLabel: string;
}

/** A port nothing listens on now (the system's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('Could not find a free port'))));
    });
  });
}

export function logTail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server output)';
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface StartOptions {
  /** An existing DATA_DIR (e.g. seeded beforehand); the caller owns it. Without it, a temp dir is made and owned here. */
  dataDir?: string;
  /** Server log file; default server.log in the data dir. */
  logFile?: string;
}

/**
 * The real server (`node --import tsx server/main.ts`) on a free port, healthy. With databaseUrl, it runs on
 * PostgreSQL with DEMO_DATA=true; without, on the embedded SQLite database in its DATA_DIR.
 */
export async function startServer(
  dbLabel: string,
  databaseUrl: string | null,
  options: StartOptions = {},
): Promise<ServerChild> {
  for (let attempt = 1; ; attempt++) {
    const ownDir = !options.dataDir;
    const dataDir = options.dataDir ?? makeTempDir();
    const logFile = options.logFile ?? path.join(dataDir, 'server.log');
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
    delete env.DATABASE_URL;
    delete env.DEMO_DATA;
    if (databaseUrl) Object.assign(env, { DATABASE_URL: databaseUrl, DEMO_DATA: 'true' });

    // The server's output goes straight to a file: the load generator does not spend its event loop on it.
    const out = fs.openSync(logFile, 'a');
    // `node --import tsx` is what `npx tsx` runs, minus the npx and tsx wrapper processes: one pid to stop.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', out, out],
    });
    fs.closeSync(out);
    trackChild(child);
    const server: ServerChild = { child, port, dataDir, logFile, dbLabel };
    console.log(`[${dbLabel}] server pid ${child.pid} starting on 127.0.0.1:${port}, DATA_DIR ${dataDir}`);

    const started = Date.now();
    let exitedEarly = false;
    while (Date.now() - started < STARTUP_TIMEOUT_MS) {
      if (child.exitCode !== null || child.signalCode !== null) {
        exitedEarly = true;
        break;
      }
      try {
        const response = await request(server, { method: 'GET', path: '/api/health' }, undefined, 2_000);
        if (response.status === 200) {
          console.log(
            `[${dbLabel}] healthy after ${((Date.now() - started) / 1000).toFixed(1)} s: ${response.body.toString()}`,
          );
          return server;
        }
      } catch {
        /* not listening yet */
      }
      await sleep(100);
    }

    const tail = logTail(logFile);
    await stopChild(child);
    if (ownDir) removeTempDir(dataDir);
    if (exitedEarly && /already in use|EADDRINUSE/.test(tail) && attempt < 3) {
      console.log(`[${dbLabel}] port ${port} was taken meanwhile; trying another`);
      continue;
    }
    throw new Error(
      `[${dbLabel}] the server did not start (${exitedEarly ? `exited with ${child.exitCode ?? child.signalCode}` : `no healthy answer within ${STARTUP_TIMEOUT_MS / 1000} s`}). Its last output:\n${tail}`,
    );
  }
}

/**
 * SQLite: waits until the server has mapped its file into memory (GET /api/health `fileInMemory`, see
 * server/db/residentFile.ts), so that the first scenario does not share the machine with that walk. Returns what
 * health said at the end: 'in memory', 'failed', or null when the server does not keep it (PostgreSQL, turned off).
 */
export async function waitForFileInMemory(server: ServerChild, timeoutMs = 300_000): Promise<string | null> {
  const started = Date.now();
  for (;;) {
    const response = await request(server, { method: 'GET', path: '/api/health' });
    const state =
      (JSON.parse(response.body.toString()) as { value?: { fileInMemory?: string } }).value?.fileInMemory ?? null;
    if (state !== 'mapping') {
      if (state)
        console.log(`[${server.dbLabel}] database file ${state} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return state;
    }
    if (Date.now() - started > timeoutMs)
      throw new Error(`[${server.dbLabel}] the database file was still being mapped after ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

export function assertAlive(server: ServerChild): void {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) {
    throw new Error(
      `[${server.dbLabel}] the server exited (${child.exitCode ?? child.signalCode}) during the run. Its last output:\n${logTail(server.logFile)}`,
    );
  }
}

/** The fields of /proc/<pid>/stat after "(comm)" (stat(5) field n is index n - 3); null off Linux. */
function procStat(pid: number | undefined): string[] | null {
  if (pid === undefined) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** utime + stime of a process in seconds (Linux /proc); null elsewhere. */
export function processCpuSeconds(pid: number | undefined): number | null {
  const fields = procStat(pid);
  // Fields 14 and 15 of stat(5); USER_HZ is 100 on Linux.
  return fields ? (Number(fields[11]) + Number(fields[12])) / 100 : null;
}

/**
 * Major page faults of a process so far (field 12 of stat(5)): pages read from disk while it waited, e.g. parts of
 * the database file the machine had dropped from its page cache. Each one stalls the server's only thread.
 */
export function processMajorFaults(pid: number | undefined): number | null {
  const fields = procStat(pid);
  return fields ? Number(fields[9]) : null;
}

/**
 * Resident memory of a process in kB (Linux /proc/<pid>/status): VmRSS, all of it, and RssAnon, the part that is not
 * a mapped file (heap, buffers: not SQLite's memory-mapped database file); null elsewhere or once it has exited.
 */
export function processMemoryKb(pid: number | undefined): { rss: number; anon: number } | null {
  if (pid === undefined) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: field('VmRSS'), anon: field('RssAnon') };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- HTTP

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: http.OutgoingHttpHeaders;
  body?: string;
}

export interface Response {
  status: number;
  body: Buffer;
}

export function request(
  server: ServerChild,
  spec: RequestSpec,
  agent?: http.Agent,
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { ...spec.headers };
    if (spec.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(spec.body);
    }
    const req = http.request(
      { host: '127.0.0.1', port: server.port, method: spec.method, path: spec.path, headers, agent: agent ?? false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(spec.body);
  });
}

export async function login(server: ServerChild, email: string): Promise<string> {
  const response = await request(server, {
    method: 'POST',
    path: '/api/Auth/login',
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const token =
    response.status === 200 ? (JSON.parse(response.body.toString()) as { value?: unknown }).value : undefined;
  if (typeof token !== 'string')
    throw new Error(
      `[${server.dbLabel}] sign-in as ${email} failed: ${response.status} ${response.body.toString().slice(0, 300)}`,
    );
  return token;
}

// ---------------------------------------------------------------- load

export interface LoadResult {
  db: string;
  scenario: string;
  clients: number;
  seconds: number;
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  statuses: Record<string, number>;
  firstError: string | null;
  /** Server CPU time over the run divided by wall time: 1.0 = one core busy. */
  serverCpu: number | null;
  /** Load-generator CPU, the same way. */
  loadGenCpu: number;
  /** The server's major page faults during the run (processMajorFaults); null off Linux. */
  serverMajorFaults: number | null;
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/**
 * Keep-alive connections to the server for a load generator. undici's pool: the load generator shares the machine's
 * cores with the server, and it spends about half the CPU per request that node:http's client does, leaving that to
 * the server under test. A body is sent as JSON unless spec.headers names another content-type.
 */
export function httpPool(
  server: ServerChild,
  connections: number,
): { send: (spec: RequestSpec) => Promise<Response>; close: () => Promise<void> } {
  const pool = new Pool(`http://127.0.0.1:${server.port}`, {
    connections,
    pipelining: 1,
    headersTimeout: REQUEST_TIMEOUT_MS,
    bodyTimeout: REQUEST_TIMEOUT_MS,
  });
  const send = async (spec: RequestSpec): Promise<Response> => {
    const headers: Record<string, string> = Object.fromEntries(
      Object.entries(spec.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    if (spec.body !== undefined) headers['content-type'] ??= 'application/json';
    const { statusCode, body } = await pool.request({ method: spec.method, path: spec.path, headers, body: spec.body });
    return { status: statusCode, body: Buffer.from(await body.arrayBuffer()) };
  };
  return { send, close: () => pool.destroy() };
}

/** Closed loop: `clients` workers, each sending its next request as soon as the previous one is answered. */
export async function load(
  server: ServerChild,
  scenario: string,
  clients: number,
  seconds: number,
  next: (sequence: number) => RequestSpec,
  onResult?: (result: LoadResult) => void,
): Promise<LoadResult> {
  const { send, close } = httpPool(server, clients);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let firstError: string | null = null;
  let sequence = 0;
  let consecutiveFailures = 0;

  const cpuBefore = processCpuSeconds(server.child.pid);
  const faultsBefore = processMajorFaults(server.child.pid);
  const ownCpuBefore = process.cpuUsage();
  const start = process.hrtime.bigint();
  const deadline = start + BigInt(Math.round(seconds * 1e9));

  const worker = async () => {
    while (process.hrtime.bigint() < deadline) {
      const spec = next(sequence++);
      const sent = process.hrtime.bigint();
      try {
        const response = await send(spec);
        latencies.push(Number(process.hrtime.bigint() - sent) / 1e6);
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        if (response.status !== 200) {
          errors++;
          firstError ??= `${response.status} ${response.body.toString().slice(0, 200)}`;
        }
        consecutiveFailures = 0;
      } catch (error) {
        latencies.push(Number(process.hrtime.bigint() - sent) / 1e6);
        errors++;
        statuses.network = (statuses.network ?? 0) + 1;
        firstError ??= error instanceof Error ? error.message : String(error);
        // A dead server fails every request at once: stop instead of spinning.
        if (++consecutiveFailures > 100) assertAlive(server);
        if (consecutiveFailures > 1_000)
          throw new Error(`[${server.dbLabel}] ${scenario}: over 1000 failures in a row, first: ${firstError}`, {
            cause: error,
          });
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: clients }, () => worker()));
  } finally {
    await close();
  }
  assertAlive(server);

  const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  const cpuAfter = processCpuSeconds(server.child.pid);
  const faultsAfter = processMajorFaults(server.child.pid);
  const ownCpu = process.cpuUsage(ownCpuBefore);
  const sorted = Float64Array.from(latencies).sort();
  const result: LoadResult = {
    db: server.dbLabel,
    scenario,
    clients,
    seconds: elapsed,
    requests: latencies.length,
    reqPerSec: latencies.length / elapsed,
    p50Ms: percentile(sorted, 50),
    p90Ms: percentile(sorted, 90),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.length ? sorted[sorted.length - 1] : NaN,
    errors,
    statuses,
    firstError,
    serverCpu: cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / elapsed : null,
    loadGenCpu: (ownCpu.user + ownCpu.system) / 1e6 / elapsed,
    serverMajorFaults: faultsBefore !== null && faultsAfter !== null ? faultsAfter - faultsBefore : null,
  };
  onResult?.(result);
  return result;
}

// ---------------------------------------------------------------- output

export function fmt(value: number | null, digits = 2): string {
  return value === null || Number.isNaN(value) ? '-' : value.toFixed(digits);
}

export function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

export function machineInfo() {
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
  };
}

/** 1-minute load average and how many cores: a busy machine makes every figure worse. */
export function machineLoad(): { loadAverage1m: number; cpus: number } {
  return { loadAverage1m: Math.round(os.loadavg()[0] * 100) / 100, cpus: os.cpus().length };
}
