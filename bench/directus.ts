/**
 * Directus for bench/peer.ts: installed by the bench into its own folder (never by `npm ci`: it is in no package.json
 * or lock file of the project), bootstrapped on the bench's own copy of the database, started, signed in.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type RequestSpec,
  type ServerChild,
  freePort,
  logTail,
  makeTempDir,
  removeTempDir,
  request,
  sleep,
  stopChild,
  trackChild,
} from './lib';

/** Exact versions: a figure means something only for the version measured. */
export const DIRECTUS_VERSION = '12.4.0';
/**
 * Directus pins isolated-vm 5.0.3 (its script-running flow step), which does not compile against Node 24's V8 headers
 * and has no prebuilt binary on the registry; 6.2.0 has the same API and builds. The bench never runs a flow.
 */
const ISOLATED_VM_VERSION = '6.2.0';

const CACHE_ROOT = process.env.BENCH_PEER_CACHE?.trim() || path.join(os.homedir(), '.cache', 'haulboard-peer');
export const DIRECTUS_DIR = path.join(CACHE_ROOT, `directus-${DIRECTUS_VERSION}`);
const CLI = path.join(DIRECTUS_DIR, 'node_modules', 'directus', 'cli.js');
const STARTUP_TIMEOUT_MS = 180_000;

export interface DirectusInstall {
  dir: string;
  /** Seconds the install took in this run; null when the folder was already there. */
  installSeconds: number | null;
}

/** The environment npm and node-gyp need to build native modules here, where only the npm registry is reachable. */
function buildEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // sqlite3's install script asks GitHub for a prebuilt binary first; told its own name, it builds from source
  // (prebuild-install's rule). argon2 and isolated-vm carry their binaries in their packages or build them.
  env.npm_config_build_from_source = 'sqlite3';
  // node-gyp builds against this Node's headers instead of downloading them (as scripts/supported-node.sh sets).
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  if (!env.npm_config_nodedir && fs.existsSync(path.join(prefix, 'include', 'node', 'node.h')))
    env.npm_config_nodedir = prefix;
  return env;
}

/** The npm next to the running node (the one scripts/supported-node.sh chose), else the one on PATH. */
function npmCommand(): string {
  const beside = path.join(path.dirname(process.execPath), 'npm');
  return fs.existsSync(beside) ? beside : 'npm';
}

/**
 * Directus in DIRECTUS_DIR, installed there when missing: into a side folder first, renamed when complete, so that an
 * interrupted install is never taken for a cached one.
 */
export async function installDirectus(): Promise<DirectusInstall> {
  if (fs.existsSync(CLI)) {
    console.log(`Directus ${DIRECTUS_VERSION}: installed in ${DIRECTUS_DIR}`);
    return { dir: DIRECTUS_DIR, installSeconds: null };
  }
  const staging = `${DIRECTUS_DIR}.partial`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  fs.writeFileSync(
    path.join(staging, 'package.json'),
    JSON.stringify({ private: true, overrides: { 'isolated-vm': ISOLATED_VM_VERSION } }, null, 2) + '\n',
  );
  const logFile = path.join(staging, 'install.log');
  console.log(`Directus ${DIRECTUS_VERSION}: installing into ${DIRECTUS_DIR} (minutes: sqlite3 builds from source) …`);
  const started = Date.now();
  const out = fs.openSync(logFile, 'a');
  const child = spawn(
    npmCommand(),
    [
      'install',
      '--prefix',
      staging,
      '--no-audit',
      '--no-fund',
      '--save-exact',
      '--foreground-scripts',
      `directus@${DIRECTUS_VERSION}`,
    ],
    { env: buildEnv(), stdio: ['ignore', out, out] },
  );
  fs.closeSync(out);
  trackChild(child);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  await stopChild(child);
  if (code !== 0 || !fs.existsSync(path.join(staging, 'node_modules', 'directus', 'cli.js')))
    throw new Error(`npm install directus@${DIRECTUS_VERSION} failed (exit ${code}); ${logFile}:\n${logTail(logFile)}`);
  fs.renameSync(staging, DIRECTUS_DIR);
  const installSeconds = (Date.now() - started) / 1000;
  console.log(`Directus ${DIRECTUS_VERSION}: installed in ${installSeconds.toFixed(0)} s`);
  return { dir: DIRECTUS_DIR, installSeconds };
}

/** Where Directus finds the database: the SQLite file Haulboard uses, or its PostgreSQL database. */
export type DirectusDatabase = { client: 'sqlite3'; filename: string } | { client: 'pg'; url: string };

export interface DirectusServer extends ServerChild {
  bootstrapSeconds: number;
  admin: { email: string; password: string };
}

function directusEnv(database: DirectusDatabase, workDir: string, port: number, password: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'PORT', 'HOST', 'LOG_LEVEL', 'DEMO_DATA']) delete env[name];
  const db =
    database.client === 'sqlite3'
      ? { DB_CLIENT: 'sqlite3', DB_FILENAME: database.filename }
      : { DB_CLIENT: 'pg', DB_CONNECTION_STRING: database.url };
  return {
    ...env,
    ...db,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    KEY: randomBytes(16).toString('hex'),
    SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: password,
    // Tokens outlive the run (the default is 15 minutes).
    ACCESS_TOKEN_TTL: '1d',
    // No response cache: each request reaches the database, as each of Haulboard's does.
    CACHE_ENABLED: 'false',
    RATE_LIMITER_ENABLED: 'false',
    RATE_LIMITER_GLOBAL_ENABLED: 'false',
    // Under ten clients the pressure limiter would answer 503 instead of queueing: the bench measures the queue.
    PRESSURE_LIMITER_ENABLED: 'false',
    TELEMETRY: 'false',
    LOG_LEVEL: 'warn',
    STORAGE_LOCAL_ROOT: path.join(workDir, 'uploads'),
    EXTENSIONS_PATH: path.join(workDir, 'extensions'),
    EXTENSIONS_AUTO_RELOAD: 'false',
    WEBSOCKETS_ENABLED: 'false',
  };
}

/** `directus <command>` in workDir (where a .env would be read: there is none), its output appended to logFile. */
function runCli(command: string, env: NodeJS.ProcessEnv, workDir: string, logFile: string) {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [CLI, command], { cwd: workDir, env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  trackChild(child);
  return child;
}

/**
 * `directus bootstrap` (its directus_* tables and an administrator, next to Haulboard's tables), then `directus start`,
 * answering GET /server/ping.
 */
export async function startDirectus(dbLabel: string, database: DirectusDatabase): Promise<DirectusServer> {
  const workDir = makeTempDir('haulboard-peer-directus-');
  for (const dir of ['uploads', 'extensions']) fs.mkdirSync(path.join(workDir, dir));
  const logFile = path.join(workDir, 'directus.log');
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const env = directusEnv(database, workDir, port, password);

  const bootStarted = Date.now();
  const boot = runCli('bootstrap', env, workDir, logFile);
  const bootCode = await new Promise<number | null>((resolve) => boot.once('exit', (code) => resolve(code)));
  await stopChild(boot);
  if (bootCode !== 0)
    throw new Error(`[${dbLabel}] directus bootstrap failed (exit ${bootCode}):\n${logTail(logFile)}`);
  const bootstrapSeconds = (Date.now() - bootStarted) / 1000;

  const child = runCli('start', env, workDir, logFile);
  const server: DirectusServer = {
    child,
    port,
    dataDir: workDir,
    logFile,
    dbLabel,
    bootstrapSeconds,
    admin: { email: env.ADMIN_EMAIL!, password },
  };
  console.log(
    `[${dbLabel}] Directus bootstrapped in ${bootstrapSeconds.toFixed(1)} s; pid ${child.pid} starting on 127.0.0.1:${port}, log ${logFile}`,
  );
  const started = Date.now();
  while (Date.now() - started < STARTUP_TIMEOUT_MS) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    const pong = await request(server, { method: 'GET', path: '/server/ping' }, undefined, 2_000).catch(() => null);
    if (pong?.status === 200) {
      console.log(`[${dbLabel}] Directus answering after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return server;
    }
    await sleep(200);
  }
  await stopChild(child);
  throw new Error(`[${dbLabel}] Directus did not start:\n${logTail(logFile)}`);
}

/** Stops Directus and removes its working folder, its log with it. */
export async function stopDirectus(server: DirectusServer): Promise<void> {
  await stopChild(server.child);
  removeTempDir(server.dataDir);
}

/** A Directus answer: its `data`, and `meta` when asked for (meta=filter_count). */
export interface DirectusBody<T> {
  data: T;
  meta?: { filter_count?: number };
}

async function body<T>(server: ServerChild, spec: RequestSpec): Promise<DirectusBody<T>> {
  const response = await request(server, spec);
  if (response.status < 200 || response.status > 299)
    throw new Error(
      `[${server.dbLabel}] ${spec.method} ${spec.path}: ${response.status} ${response.body.toString().slice(0, 300)}`,
    );
  return JSON.parse(response.body.toString() || '{}') as DirectusBody<T>;
}

const call = async <T>(server: ServerChild, spec: RequestSpec): Promise<T> => (await body<T>(server, spec)).data;

/** An administrator's access token (POST /auth/login). */
export async function directusLogin(server: DirectusServer): Promise<string> {
  const data = await call<{ access_token: string }>(server, {
    method: 'POST',
    path: '/auth/login',
    body: JSON.stringify(server.admin),
  });
  return data.access_token;
}

/** GET with the administrator's token: the whole answer (data and meta). */
export const directusGet = <T>(server: ServerChild, auth: Record<string, string>, pathAndQuery: string) =>
  body<T>(server, { method: 'GET', path: pathAndQuery, headers: auth });

/**
 * Directus reads a table it has no record of, and its foreign keys as many-to-one relations (broker_id.name works as
 * it is). The one-to-many side has no column to read it from: `vehicles` on book_orders is registered as Directus's
 * own alias field on the relation book_order_vehicles.book_order_id, so GET by id can return the order's vehicles as
 * Haulboard's does.
 */
export async function registerVehicles(server: DirectusServer, auth: Record<string, string>): Promise<void> {
  await call(server, {
    method: 'POST',
    path: '/fields/book_orders',
    headers: auth,
    body: JSON.stringify({ field: 'vehicles', type: 'alias', meta: { special: ['o2m'], interface: 'list-o2m' } }),
  });
  await call(server, {
    method: 'PATCH',
    path: '/relations/book_order_vehicles/book_order_id',
    headers: auth,
    body: JSON.stringify({ meta: { one_field: 'vehicles' } }),
  });
}
