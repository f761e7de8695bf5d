/**
 * npm run bench:backup: `npm run backup` on a large embedded database while the server takes writes.
 *
 *   1. the server on BENCH_DATA_DIR (a DATA_DIR seeded with `npm run seed -- --orders 1000000`, left as it was but
 *      for the orders this adds), its file mapped into memory first;
 *   2. BENCH_WRITERS (4) closed-loop clients creating book orders (one vehicle each) through the API, for
 *      BENCH_SECONDS (5) before the backup, all through it, and BENCH_SECONDS after;
 *   3. the backup command as its own process, timed;
 *   4. the copy checked: every order acknowledged before the backup began is in it, the orders written here that it
 *      holds are exactly those up to one id (a moment's database: ids are given in commit order), each with its
 *      vehicle; the command itself ran the integrity check.
 *
 * Prints the backup's time and size and the write latency before and during it. Never part of npm test.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { demoEmail } from '../server/db/seed';
import { seedPlaces } from '../server/db/seed/places';
import { makeVin } from '../server/db/seed/vins';
import { SeededRandom } from '../server/db/seed/random';
import {
  ROOT,
  cleanup,
  fmt,
  login,
  makeTempDir,
  numberFromEnv,
  percentile,
  request,
  runBench,
  startServer,
  stopChild,
  waitForFileInMemory,
} from './lib';

const SECONDS = numberFromEnv('BENCH_SECONDS', 5);
const WRITERS = numberFromEnv('BENCH_WRITERS', 4, { integer: true });
const DATA_DIR = process.env.BENCH_DATA_DIR?.trim() ? path.resolve(process.env.BENCH_DATA_DIR.trim()) : null;
const execute = promisify(execFile);

interface Write {
  id: number;
  vin: string;
  sentAt: number;
  ms: number;
}

/** What an order needs, from the seeded data: its parties and two real stops. */
function orderTemplate(file: string) {
  const db = new SQLite(file, { readonly: true });
  try {
    const first = (table: string, where = '') =>
      db
        .prepare(`select id from ${table} where deleted_at is null ${where} order by id limit 1`)
        .pluck()
        .get() as number;
    const stateId = (abbreviation: string) =>
      db.prepare('select id from states where abbreviation = ?').pluck().get(abbreviation) as number;
    const dispatcherId = db
      .prepare('select id from users where email = ?')
      .pluck()
      .get(demoEmail('Dispatcher')) as number;
    const [houston, dallas] = [seedPlaces().TX[0], seedPlaces().TX[1]];
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const stop = (place: { city: string; zips: readonly string[] }, days: number) => ({
      venue: null,
      address: '100 Main St',
      city: place.city,
      stateId: stateId('TX'),
      zip: place.zips[0],
      contactName: null,
      contactPhone: null,
      dateType: 'EXACT',
      date: day(days),
      dateTo: null,
    });
    return {
      loadBoard: 'Central Dispatch',
      externalLoadId: null,
      brokerId: first('brokers', "and status = 'ACTIVE'"),
      shipperId: first('shippers'),
      carrierId: first('carriers'),
      dispatcherId,
      driverId: null,
      truckId: null,
      trailerId: null,
      trailerType: 'OPEN',
      pickup: stop(houston, 2),
      delivery: stop(dallas, 4),
      price: 900,
      brokerFee: 0,
      localFee: 0,
      codAmount: 0,
      paymentMethod: 'ACH',
      payOnPickup: false,
      payOnDelivery: false,
      paymentTermsDays: 5,
      notes: null,
    };
  } finally {
    db.close();
  }
}

function latency(writes: Write[]): string {
  const sorted = Float64Array.from(writes.map((w) => w.ms)).sort();
  return `${writes.length} writes, p50 ${fmt(percentile(sorted, 50))} ms, p99 ${fmt(percentile(sorted, 99))} ms, max ${fmt(sorted.at(-1) ?? NaN)} ms`;
}

async function main(): Promise<void> {
  if (!DATA_DIR) throw new Error('Set BENCH_DATA_DIR to a DATA_DIR seeded with npm run seed -- --orders 1000000');
  const file = path.join(DATA_DIR, 'haulboard.db');
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-bench-backup-')), 'server.log');
  const server = await startServer('sqlite', null, { dataDir: DATA_DIR, logFile });
  console.log(`[backup] server log: ${logFile}`);
  const outDir = makeTempDir();
  const out = path.join(outDir, 'backup.db');
  try {
    await waitForFileInMemory(server);
    const token = await login(server, demoEmail('Dispatcher'));
    const template = orderTemplate(file);
    const random = new SeededRandom(Date.now());
    const writes: Write[] = [];
    /** Writes that got no 200: a failure is a finding to report, not a reason to stop measuring. */
    const failures: { sentAt: number; ms: number; error: string }[] = [];
    let stop = false;
    const writer = async () => {
      while (!stop) {
        const vin = makeVin(random, 2022);
        const sentAt = performance.now();
        try {
          const response = await request(server, {
            method: 'POST',
            path: '/api/BookOrder',
            headers: { authorization: `Bearer ${token}` },
            body: JSON.stringify({
              ...template,
              vehicles: [
                {
                  vin,
                  year: 2022,
                  make: 'Toyota',
                  model: 'Camry',
                  type: 'SEDAN',
                  color: null,
                  inoperable: false,
                  lotNumber: null,
                  stockNumber: null,
                  price: 0,
                },
              ],
            }),
          });
          if (response.status !== 200) throw new Error(`${response.status} ${response.body.toString().slice(0, 300)}`);
          writes.push({
            id: (JSON.parse(response.body.toString()) as { value: { id: number } }).value.id,
            vin,
            sentAt,
            ms: performance.now() - sentAt,
          });
        } catch (error) {
          failures.push({
            sentAt,
            ms: performance.now() - sentAt,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
    };
    const writing = Promise.all(Array.from({ length: WRITERS }, writer));
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));

    const backupStart = performance.now();
    const before = writes.length;
    console.log(
      `[backup] ${before} orders acknowledged; npm run backup starts (${fmt(fs.statSync(file).size / 1048576, 0)} MiB database, WAL ${fmt((fs.statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0) / 1048576, 1)} MiB)`,
    );
    const { stdout } = await execute(process.execPath, ['--import', 'tsx', 'server/cli/backup.ts', '--out', out], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR },
    });
    const backupEnd = performance.now();
    const duringCount = writes.length - before;
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    stop = true;
    await writing;
    process.stdout.write(stdout.replace(/^/gm, '  backup| '));

    const copy = new SQLite(out, { readonly: true });
    const ids = writes.map((w) => w.id).sort((a, b) => a - b);
    const present = new Map(
      (
        copy
          .prepare(
            `select o.id, v.vin from book_orders o join book_order_vehicles v on v.book_order_id = o.id where o.id >= ?`,
          )
          .all(ids[0]) as { id: number; vin: string }[]
      ).map((r) => [r.id, r.vin]),
    );
    copy.close();
    const held = ids.filter((id) => present.has(id));
    const upTo = held.at(-1) ?? 0;
    const heldOf = (list: Write[]) => list.filter((w) => present.get(w.id) === w.vin).length;
    const [earlier, during, later] = [
      writes.slice(0, before),
      writes.slice(before, before + duringCount),
      writes.slice(before + duringCount),
    ];
    const consistent =
      held.length === ids.filter((id) => id <= upTo).length &&
      heldOf(earlier) === before &&
      heldOf(writes) === held.length &&
      heldOf(later) === 0;
    console.log(
      `\n[backup] npm run backup: ${fmt((backupEnd - backupStart) / 1000, 1)} s wall (tsx start-up included), ${fmt(fs.statSync(out).size / 1048576, 0)} MiB copy`,
    );
    console.log(`[backup] writes before:  ${latency(writes.filter((w) => w.sentAt < backupStart))}`);
    console.log(
      `[backup] writes during:  ${latency(writes.filter((w) => w.sentAt >= backupStart && w.sentAt < backupEnd))}`,
    );
    console.log(`[backup] writes after:   ${latency(writes.filter((w) => w.sentAt >= backupEnd))}`);
    for (const failure of failures)
      console.log(
        `[backup] FAILED write sent ${fmt((failure.sentAt - backupStart) / 1000, 1)} s after the backup began, after ${fmt(failure.ms / 1000, 1)} s: ${failure.error}`,
      );
    // The slowest writes and when they were sent, relative to the backup's start: where the server waited, if it did.
    const slowest = [...writes].sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log(
      `[backup] slowest writes: ${slowest.map((w) => `${fmt(w.ms, 0)} ms at ${fmt((w.sentAt - backupStart) / 1000, 1)} s`).join(', ')}`,
    );
    console.log(
      `[backup] the copy holds ${held.length} of the ${writes.length} orders written here: ${heldOf(earlier)} of the ${before} acknowledged before it began, ${heldOf(during)} of the ${duringCount} acknowledged while it ran, ${heldOf(later)} of the ${later.length} after`,
    );
    console.log(
      `[backup] ${consistent ? `consistent: every order written here up to id ${upTo} and none after it, each with its vehicle` : 'NOT CONSISTENT'}`,
    );
    if (!consistent || failures.length) process.exitCode = 1;
  } finally {
    await stopChild(server.child);
    fs.rmSync(outDir, { recursive: true, force: true });
    await cleanup();
  }
}

runBench('bench:backup', main);
