/**
 * The ratios every HTTP benchmark ends with. Absolute times move between machines by 2× and more; a ratio measured
 * side by side in one run does not, so the goals are ratios:
 * - server / bare: the server's p50 at 1 client (no queueing) against the p50 of the SQL one request runs, bare in one
 *   thread (prepared once): what the server adds per request beyond the database (goal ≤ 2);
 * - PostgreSQL / SQLite: the same scenario's server p50 on PostgreSQL against SQLite, in the same run (goal ≤ 2).
 * Each bench prints a table of them and one summary line with the worst of each; the summary is in its JSON too.
 */
import querystring from 'node:querystring';
import { loadConfig } from '../server/config';
import { type DatabaseHandle, openDatabase } from '../server/db';
import { normaliseQueryKeys } from '../server/http/validation';
import { type LoadResult, type RequestSpec, type ServerChild, fmt, load, numberFromEnv, percentile } from './lib';

/** Seconds of each scenario's run with 1 client (BENCH_SINGLE_SECONDS, 2; never more than the bench's own). */
const SINGLE_SECONDS = numberFromEnv('BENCH_SINGLE_SECONDS', 2);

/** The scenario again with 1 client: one request's latency without queueing, the server side of the ratio to the bare SQL. */
export const oneClient = (
  server: ServerChild,
  scenario: string,
  benchSeconds: number,
  next: (sequence: number) => RequestSpec,
): Promise<LoadResult> => load(server, scenario, 1, Math.min(SINGLE_SECONDS, benchSeconds), next);

export interface BareResult {
  iterations: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * The bare side of the ratio: `once` (the work one request does, in this process, no HTTP) run back to back by one
 * caller for `seconds` (as long as the 1-client run by default) and at least 10 times, after one unmeasured call.
 */
export async function bare(once: (sequence: number) => unknown, seconds: number = SINGLE_SECONDS): Promise<BareResult> {
  await once(0);
  const times: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline || times.length < 10) {
    const started = performance.now();
    await once(times.length + 1);
    times.push(performance.now() - started);
  }
  const sorted = Float64Array.from(times).sort();
  return { iterations: times.length, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99) };
}

/** The server's own SQLite handle on a DATA_DIR's file, with its settings (server/db/index.ts): the bare side's. */
export const serverSqlite = (dataDir: string): DatabaseHandle =>
  openDatabase({ databaseUrl: null, dataDir, mmapMb: loadConfig().sqliteMmapMb });

/** A request path's query as the route gets it (the parser of server/app.ts, then the route's schema): bare's input. */
export function routeQuery<T>(schema: { parse(value: unknown): T }, url: string): T {
  const at = url.indexOf('?');
  return schema.parse(normaliseQueryKeys(querystring.parse(at < 0 ? '' : url.slice(at + 1))));
}

export const RATIO_GOALS = { serverOverBare: 2, postgresOverSqlite: 2 } as const;

export interface RatioRow {
  scenario: string;
  /** The server's p50 at 1 client, ms (null: not measured). */
  serverP50Ms: number | null;
  /** The bare SQL's p50, ms (null: no bare baseline for this scenario). */
  bareP50Ms: number | null;
  /** With PostgreSQL in the run: the same scenario's p50 on PostgreSQL and on SQLite, ms, at the same client count. */
  postgresP50Ms?: number | null;
  sqliteP50Ms?: number | null;
}

export interface Worst {
  ratio: number;
  scenario: string;
  pass: boolean;
}

export interface RatioSummary {
  serverOverBare: Worst | null;
  postgresOverSqlite: Worst | null;
  line: string;
}

export function ratioOf(numerator: number | null | undefined, denominator: number | null | undefined): number | null {
  if (numerator == null || denominator == null || !Number.isFinite(numerator) || !Number.isFinite(denominator))
    return null;
  return denominator > 0 ? numerator / denominator : null;
}

function worst(rows: RatioRow[], ratio: (row: RatioRow) => number | null, goal: number): Worst | null {
  let found: Worst | null = null;
  for (const row of rows) {
    const value = ratio(row);
    if (value !== null && (!found || value > found.ratio))
      found = { ratio: value, scenario: row.scenario, pass: false };
  }
  if (found) found.pass = found.ratio <= goal;
  return found;
}

const serverOverBare = (row: RatioRow) => ratioOf(row.serverP50Ms, row.bareP50Ms);
const postgresOverSqlite = (row: RatioRow) => ratioOf(row.postgresP50Ms, row.sqliteP50Ms);

const describe = (name: string, found: Worst | null, goal: number) =>
  found
    ? `worst ${name} ${fmt(found.ratio, 2)}x (${found.scenario}) [${found.pass ? 'PASS' : 'MISS'} ≤ ${goal}x]`
    : `${name} not measured`;

/** Prints the ratio table and the summary line; returns the summary for the bench's JSON. */
export function printRatios(bench: string, rows: RatioRow[], note?: string): RatioSummary {
  const withPostgres = rows.some((row) => row.postgresP50Ms != null);
  const width = Math.max(34, ...rows.map((row) => row.scenario.length));
  const header = [
    'server 1c p50',
    'bare p50',
    'server/bare',
    ...(withPostgres ? ['pg p50', 'sqlite p50', 'pg/sqlite'] : []),
  ];
  console.log(`\n=== ${bench}: ratios (p50 ms; server/bare at 1 client) ===`);
  if (note) console.log(note);
  console.log(['scenario'.padEnd(width), ...header.map((h) => h.padStart(13))].join(' '));
  for (const row of rows) {
    const cells = [fmt(row.serverP50Ms, 3), fmt(row.bareP50Ms, 3), ratioCell(serverOverBare(row))];
    if (withPostgres)
      cells.push(
        fmt(row.postgresP50Ms ?? null, 2),
        fmt(row.sqliteP50Ms ?? null, 2),
        ratioCell(postgresOverSqlite(row)),
      );
    console.log([row.scenario.padEnd(width), ...cells.map((c) => c.padStart(13))].join(' '));
  }
  const summary = {
    serverOverBare: worst(rows, serverOverBare, RATIO_GOALS.serverOverBare),
    postgresOverSqlite: withPostgres ? worst(rows, postgresOverSqlite, RATIO_GOALS.postgresOverSqlite) : null,
  };
  const line = `${bench} ratios: ${describe('server/bare', summary.serverOverBare, RATIO_GOALS.serverOverBare)}; ${
    withPostgres
      ? describe('PostgreSQL/SQLite', summary.postgresOverSqlite, RATIO_GOALS.postgresOverSqlite)
      : 'PostgreSQL/SQLite not measured (set DATABASE_URL)'
  }`;
  console.log(line);
  return { ...summary, line };
}

const ratioCell = (value: number | null) => (value === null ? '-' : `${fmt(value, 2)}x`);
