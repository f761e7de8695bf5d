/**
 * Inspection photo sync benchmark (docs/product/vehicle-inspections.md#vehicle-inspections-sync): many drivers' phones
 * come back into signal at once and empty their queues of inspection photos. A benchmark, not a test: it never fails
 * on a slow figure, only on a wrong result (an answer that is not 200, a photo stored twice or not at all, bytes read
 * back that are not the bytes sent).
 *
 *   1. The real server as a child process (bench/lib.ts startServer) on the embedded SQLite database with the demo
 *      data (and, with DATABASE_URL=postgres://…, again on a scratch PostgreSQL database made next to it). It is
 *      started once to migrate and seed, stopped, given BENCH_PHOTO_DRIVERS (100) drivers of its own, and started
 *      again with the inspector on, so that its V8 heap can be read.
 *      The drivers are written straight into the database while the server is stopped, as bench/chat.ts does with
 *      its chat users: per driver a user copied from the demo driver (the Driver role, the demo password), a drivers
 *      row copied from the demo driver's and linked to it, and one load made by the demo seed's own generateOrder
 *      (server/db/seed/orders.ts: real cities, ZIPs and valid VINs), ASSIGNED to that driver, with the seed's own
 *      bookkeeping after it (search rows, totals, cities, broker fees). Not through the admin API: a user made there is
 *      inactive until its password is set through a link (two more requests and an argon2 hash each), and a drivers
 *      row and a book order (shipper, broker, stops, vehicles) take a request each: ~400 requests of set-up through a
 *      server whose memory is then the baseline. The database route is one transaction, the rows are the seed's own
 *      kind, and the server that is measured starts fresh on them.
 *   2. BENCH_PHOTO_COUNT (12) photos per driver: phone-camera JPEGs made with sharp, 3000 × 4000 with noise so that
 *      JPEG keeps them at 2–3 MB, with an Exif block (Make, Model) as a phone writes. Encoding one takes 0.4–0.6 s
 *      (the noise ~0.27 s, the JPEG ~0.15 s on the 2-core dev VM): 1,200 distinct encodes would be 8–12 minutes.
 *      So BENCH_PHOTO_COUNT base images are encoded once (each its own noise seed and noise level, 2.2–3.0 MB), and
 *      every driver's copy of one gets a JPEG comment segment (COM, after the Exif block) naming the driver and the
 *      photo: every photo sent is a valid JPEG with its own bytes and its own SHA-256 (checked: all distinct). The
 *      server does not decode photos on upload, so the image content being shared changes nothing it does.
 *   3. Sign in every driver; then all at once, each driver's phone (its own keep-alive connection) saves its pickup
 *      inspection (PUT …/inspections/PICKUP/{vin}) and uploads its photos one after another (POST …/photos, the JPEG as
 *      the body, a UUID client key), all drivers in parallel. Measured: the time to drain (first request to last
 *      answer), each upload's latency (p50/p95/p99/max), MB/s received, the server's CPU; its RSS (VmRSS and RssAnon,
 *      the part that is not a mapped file, from /proc) and V8 memory (process.memoryUsage() through the inspector:
 *      heap used, external and array buffers, where received bytes live) before (after a forced GC), at their peak
 *      (sampled every 250 ms, without forcing a GC; VmHWM too) and after a forced GC.
 *   4. Verified: the database holds exactly drivers × photos photo rows for the bench loads (and no other new ones);
 *      a sample of BENCH_PHOTO_SAMPLE (20) photos read back through GET …/photos/{photoId} has the SHA-256 sent.
 *   5. A retry storm: every driver re-sends its last 3 photos with the same client keys at once (answers lost on the
 *      road): every answer 200 and the photo first stored, and still exactly drivers × photos rows.
 *
 * Environment: BENCH_PHOTO_DRIVERS (100), BENCH_PHOTO_COUNT (12), BENCH_PHOTO_SAMPLE (20), DATABASE_URL (optional, a
 * PostgreSQL server to make a temporary database on), LOG_LEVEL (passed to the server; default warn). Photos are kept
 * in the database unless S3_URL is set for the server (then in that object store; the result says which).
 * Results: stdout and bench/results/photos-<timestamp>.json; exit code 1 when a result was wrong.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { Client } from 'undici';
import { openDatabase } from '../server/db';
import { demoEmail } from '../server/db/seed';
import { generateOrder, loadOrderWorld } from '../server/db/seed/orders';
import { SeededRandom } from '../server/db/seed/random';
import { rebuildOrderCities } from '../server/modules/bookOrders/cities';
import { rebuildOrderTotals } from '../server/modules/bookOrders/totals';
import { backfillBrokerFees } from '../server/modules/brokerFees/sync';
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
  processCpuSeconds,
  processMemoryKb,
  removeTempDir,
  runBench,
  scratchPostgres,
  sleep,
  startServer,
  stopChild,
  waitForFileInMemory,
} from './lib';
import { Inspector } from './inspector';

const DRIVERS = numberFromEnv('BENCH_PHOTO_DRIVERS', 100, { integer: true });
const PHOTOS = numberFromEnv('BENCH_PHOTO_COUNT', 12, { integer: true });
const SAMPLE = numberFromEnv('BENCH_PHOTO_SAMPLE', 20, { integer: true });
const RETRIED = Math.min(3, PHOTOS);
const WIDTH = 3000;
const HEIGHT = 4000;
const SAMPLE_MS = 250;
/** A slow answer is a figure, not a failure: only a server that stops answering for this long fails the run. */
const ANSWER_TIMEOUT_MS = 300_000;
const STAGE = 'PICKUP';
const PHOTO_VIEWS = ['FRONT', 'REAR', 'LEFT', 'RIGHT', 'TOP', 'ODOMETER', 'VIN', 'OTHER'] as const;
const benchEmail = (n: number) => `photo.bench.${String(n).padStart(4, '0')}@haulboard.demo`;
const MB = 1e6;
const MiB = 2 ** 20;

// ---------------------------------------------------------------- the photos

/** A base photo: its bytes split where a comment segment goes (after SOI and the APPn segments: JFIF, Exif). */
interface BasePhoto {
  head: Buffer;
  rest: Buffer;
}

/** A phone-camera-like JPEG: light falling off a centre, colour gradients, a darker lower third, and sensor noise. */
async function makeBasePhoto(index: number): Promise<BasePhoto> {
  const raw = Buffer.allocUnsafe(WIDTH * HEIGHT * 3);
  const amplitude = 16 + (index % 4) * 2;
  let state = Math.imul(index + 1, 2_654_435_761) >>> 0 || 1;
  const cx = 1_200 + ((index * 397) % 900);
  const cy = 1_600 + ((index * 131) % 1_000);
  const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);
  for (let y = 0; y < HEIGHT; y++) {
    const ground = y > 2_600 ? -40 : 0;
    for (let x = 0; x < WIDTH; x++) {
      state ^= state << 13;
      state >>>= 0;
      state ^= state >>> 17;
      state ^= state << 5;
      state >>>= 0;
      const i = (y * WIDTH + x) * 3;
      const light = 1 - Math.hypot(x - cx, y - cy) / 4_000;
      raw[i] = clamp(60 + 150 * light + ((state & 0xff) / 127.5 - 1) * amplitude + ground);
      raw[i + 1] = clamp(70 + (120 * x) / WIDTH + (((state >>> 8) & 0xff) / 127.5 - 1) * amplitude);
      raw[i + 2] = clamp(90 + (100 * y) / HEIGHT + (((state >>> 16) & 0xff) / 127.5 - 1) * amplitude);
    }
  }
  const jpeg = await sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 15', Software: `haulboard bench base ${index}` } })
    .jpeg({ quality: 85 })
    .toBuffer();
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('sharp made no JPEG');
  let at = 2;
  while (jpeg[at] === 0xff && jpeg[at + 1] >= 0xe0 && jpeg[at + 1] <= 0xef) at += 2 + jpeg.readUInt16BE(at + 2);
  return { head: jpeg.subarray(0, at), rest: jpeg.subarray(at) };
}

/** The comment segment that makes driver d's copy of photo p its own bytes. */
function commentSegment(driver: number, photo: number): Buffer {
  const text = Buffer.from(`Haulboard photo bench: driver ${driver + 1}, photo ${photo + 1}`, 'latin1');
  const segment = Buffer.alloc(4 + text.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  text.copy(segment, 4);
  return segment;
}

const photoParts = (bases: BasePhoto[], driver: number, photo: number) => [
  bases[photo].head,
  commentSegment(driver, photo),
  bases[photo].rest,
];

// ---------------------------------------------------------------- the drivers

interface BenchLoad {
  email: string;
  orderId: number;
  vin: string;
}

/** The drivers of the run, each with a sign-in and one assigned load; written while the server is stopped. */
async function addDrivers(databaseUrl: string | null, dataDir: string): Promise<BenchLoad[]> {
  const database = openDatabase({ databaseUrl, dataDir });
  try {
    return await database.db.transaction().execute(async (trx) => {
      const modelUser = await trx
        .selectFrom('users')
        .selectAll()
        .where('email', '=', demoEmail('Driver'))
        .executeTakeFirstOrThrow();
      const modelDriver = await trx
        .selectFrom('drivers')
        .selectAll()
        .where('user_id', '=', modelUser.id)
        .executeTakeFirstOrThrow();
      const role = await trx.selectFrom('roles').select('id').where('name', '=', 'Driver').executeTakeFirstOrThrow();
      const world = await loadOrderWorld(trx);
      const random = new SeededRandom(20_261_129);
      const today = new Date();
      const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
      const day = (offset: number) => new Date(start.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
      const now = today.toISOString();
      const firstOrderId =
        Number(
          (
            await trx
              .selectFrom('book_orders')
              .select(({ fn }) => fn.max('id').as('max'))
              .executeTakeFirst()
          )?.max ?? 0,
        ) + 1;
      const loads: BenchLoad[] = [];
      for (let n = 1; n <= DRIVERS; n++) {
        const email = benchEmail(n);
        const { id: _userId, version: _userVersion, ...user } = modelUser;
        const userId = Number(
          (
            await trx
              .insertInto('users')
              .values({
                ...user,
                email,
                first_name: 'Photo',
                last_name: `Driver ${n}`,
                created_at: now,
                updated_at: now,
              } as never)
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
        await trx
          .insertInto('user_roles')
          .values({ user_id: userId, role_id: Number(role.id) })
          .execute();
        const { id: _driverId, version: _driverVersion, ...driver } = modelDriver;
        const driverId = Number(
          (
            await trx
              .insertInto('drivers')
              .values({
                ...driver,
                user_id: userId,
                first_name: 'Photo',
                last_name: `Driver ${n}`,
                email,
                cdl_number: `PB${String(n).padStart(8, '0')}`,
                terminated_on: null,
                created_at: now,
                updated_at: now,
                deleted_at: null,
              } as never)
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );

        // The seed's own order, then what makes it this driver's load, assigned and not yet picked up.
        const orderId = firstOrderId + n - 1;
        const made = generateOrder(
          random,
          { ...world, drivers: [{ id: driverId, truckId: null, trailerId: null }] },
          orderId,
          start,
          now,
        );
        const order = {
          ...made.order,
          driver_id: driverId,
          truck_id: null,
          trailer_id: null,
          status: 'ASSIGNED',
          pickup_date: day(1),
          pickup_actual_at: null,
          delivery_date: day(4),
          delivery_actual_at: null,
          payment_status: 'UNPAID',
          deleted_at: null,
        };
        await trx
          .insertInto('book_orders')
          .values(order as never)
          .execute();
        await trx
          .insertInto('book_order_vehicles')
          .values(made.vehicles as never)
          .execute();
        await trx
          .insertInto('book_order_status_history')
          .values([
            { book_order_id: orderId, from_status: null, to_status: 'NEW', at: now, actor_id: null, note: null },
            { book_order_id: orderId, from_status: 'NEW', to_status: 'ASSIGNED', at: now, actor_id: null, note: null },
          ])
          .execute();
        if (database.dialect === 'sqlite')
          await sql`insert into book_order_search (rowid, text) values (${orderId}, ${made.searchText})`.execute(trx);
        loads.push({ email, orderId, vin: String(made.vehicles[0].vin) });
      }
      if (database.dialect === 'postgres')
        await sql`select setval(pg_get_serial_sequence('book_orders', 'id'), (select max(id) from book_orders))`.execute(
          trx,
        );
      await rebuildOrderTotals(trx);
      await rebuildOrderCities(trx);
      await backfillBrokerFees(trx);
      return loads;
    });
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------- the server's memory

/** Fields of /proc/<pid>/status in kB: VmRSS, RssAnon, VmHWM (the peak RSS since the process began). */
function statusKb(pid: number | undefined, field: string): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** One reading of the server's memory, in MiB. */
interface MemoryMb {
  rss: number | null;
  rssAnon: number | null;
  heapUsed: number | null;
  heapTotal: number | null;
  external: number | null;
  arrayBuffers: number | null;
}

const mib = (bytes: number | null | undefined) => (bytes === null || bytes === undefined ? null : bytes / MiB);

async function readMemory(server: ServerChild, inspector: Inspector | null, collect: boolean): Promise<MemoryMb> {
  if (inspector && collect) await inspector.collectGarbage();
  const v8 = inspector ? await inspector.memory() : null;
  const proc = processMemoryKb(server.child.pid);
  return {
    rss: proc ? proc.rss / 1024 : null,
    rssAnon: proc ? proc.anon / 1024 : null,
    heapUsed: mib(v8?.heapUsed),
    heapTotal: mib(v8?.heapTotal),
    external: mib(v8?.external),
    arrayBuffers: mib(v8?.arrayBuffers),
  };
}

/** Samples the server's memory every SAMPLE_MS while a phase runs; keeps each figure's peak. */
class Sampler {
  private readonly peak: MemoryMb = {
    rss: null,
    rssAnon: null,
    heapUsed: null,
    heapTotal: null,
    external: null,
    arrayBuffers: null,
  };
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;
  samples = 0;
  v8Samples = 0;

  constructor(
    private readonly server: ServerChild,
    private readonly inspector: Inspector | null,
  ) {}

  private keep(key: keyof MemoryMb, value: number | null): void {
    const kept = this.peak[key];
    if (value !== null && (kept === null || value > kept)) this.peak[key] = value;
  }

  start(): void {
    const tick = () => {
      const proc = processMemoryKb(this.server.child.pid);
      if (proc) {
        this.samples++;
        this.keep('rss', proc.rss / 1024);
        this.keep('rssAnon', proc.anon / 1024);
      }
      // One inspector question at a time: the server answers it between its own work.
      if (this.inspector && !this.inFlight) {
        this.inFlight = this.inspector
          .memory()
          .then((v8) => {
            this.v8Samples++;
            this.keep('heapUsed', mib(v8.heapUsed));
            this.keep('heapTotal', mib(v8.heapTotal));
            this.keep('external', mib(v8.external));
            this.keep('arrayBuffers', mib(v8.arrayBuffers));
          })
          .catch(() => undefined)
          .finally(() => {
            this.inFlight = null;
          });
      }
    };
    tick();
    this.timer = setInterval(tick, SAMPLE_MS);
  }

  async stop(): Promise<MemoryMb & { samples: number; v8Samples: number }> {
    if (this.timer) clearInterval(this.timer);
    await this.inFlight;
    return { ...this.peak, samples: this.samples, v8Samples: this.v8Samples };
  }
}

// ---------------------------------------------------------------- the phones

interface SentPhoto {
  clientKey: string;
  sha256: string;
  size: number;
  takenAt: string;
  view: string;
  id: number | null;
}

interface Phone {
  index: number;
  load: BenchLoad;
  token: string;
  client: Client;
  inspectionKey: string;
  photos: SentPhoto[];
}

interface Answer {
  status: number;
  body: Buffer;
}

async function send(
  phone: Phone,
  method: 'GET' | 'PUT' | 'POST',
  urlPath: string,
  body?: Buffer | string,
  contentType?: string,
): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${phone.token}` };
  if (contentType) headers['content-type'] = contentType;
  const answer = await phone.client.request({ method, path: urlPath, headers, body });
  return { status: answer.statusCode, body: Buffer.from(await answer.body.arrayBuffer()) };
}

const inspectionPath = (phone: Phone) => `/api/MyLoads/${phone.load.orderId}/inspections/${STAGE}/${phone.load.vin}`;

function photoPath(phone: Phone, photo: SentPhoto): string {
  const query = new URLSearchParams({
    clientKey: photo.clientKey,
    takenAt: photo.takenAt,
    view: photo.view,
    latitudeE6: String(32_776_700 + phone.index * 1_000),
    longitudeE6: String(-96_797_000 - phone.index * 1_000),
    accuracyMeters: '8',
  });
  return `${inspectionPath(phone)}/photos?${query}`;
}

/** What went wrong, counted: every one of these makes the run fail. */
class Problems {
  readonly list: string[] = [];
  add(what: string): void {
    if (this.list.length < 1_000) this.list.push(what);
    if (this.list.length <= 5) console.log(`  WRONG: ${what}`);
  }
}

interface Upload {
  ms: number;
  status: number;
}

function latencySummary(ms: number[]) {
  const sorted = Float64Array.from(ms).sort();
  return {
    count: sorted.length,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.length ? sorted[sorted.length - 1] : NaN,
  };
}

const statusCounts = (uploads: Upload[]) =>
  uploads.reduce<Record<string, number>>((counts, u) => ({ ...counts, [u.status]: (counts[u.status] ?? 0) + 1 }), {});

/** Sends one photo: checks the answer is the photo with the SHA-256 sent (and, for a resend, the one first stored). */
async function upload(
  phone: Phone,
  photo: SentPhoto,
  bytes: Buffer,
  problems: Problems,
  expectId: number | null,
): Promise<Upload> {
  const started = performance.now();
  let status = 0;
  try {
    const answer = await send(phone, 'POST', photoPath(phone, photo), bytes, 'image/jpeg');
    status = answer.status;
    const ms = performance.now() - started;
    if (answer.status !== 200) {
      problems.add(
        `${phone.load.email} photo ${photo.clientKey}: ${answer.status} ${answer.body.toString().slice(0, 200)}`,
      );
      return { ms, status };
    }
    const value = (JSON.parse(answer.body.toString()) as { value: { id: number; sha256: string; sizeBytes: number } })
      .value;
    if (value.sha256 !== photo.sha256 || value.sizeBytes !== photo.size)
      problems.add(`${phone.load.email} photo ${photo.clientKey}: answered ${value.sha256} (${value.sizeBytes} B)`);
    if (expectId !== null && value.id !== expectId)
      problems.add(
        `${phone.load.email} photo ${photo.clientKey}: the resend answered photo ${value.id}, not ${expectId}`,
      );
    photo.id ??= value.id;
    return { ms, status };
  } catch (error) {
    problems.add(
      `${phone.load.email} photo ${photo.clientKey}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return { ms: performance.now() - started, status };
  }
}

/** Photo rows in the database: all of them, and those of the bench loads; and the bench loads' inspections. */
async function countRows(databaseUrl: string | null, dataDir: string, orderIds: number[]) {
  const database = openDatabase({ databaseUrl, dataDir });
  try {
    const { db } = database;
    const all = await db
      .selectFrom('vehicle_inspection_photos')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const ours = await db
      .selectFrom('vehicle_inspection_photos as p')
      .innerJoin('vehicle_inspections as i', 'i.id', 'p.inspection_id')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.count('p.sha256').distinct().as('distinct')])
      .where('i.book_order_id', 'in', orderIds)
      .executeTakeFirstOrThrow();
    const inspections = await db
      .selectFrom('vehicle_inspections')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('book_order_id', 'in', orderIds)
      .executeTakeFirstOrThrow();
    const size =
      database.dialect === 'postgres'
        ? Number(
            (await sql<{ size: number }>`select pg_database_size(current_database()) as size`.execute(db)).rows[0].size,
          )
        : ['haulboard.db', 'haulboard.db-wal'].reduce((sum, name) => {
            try {
              return sum + fs.statSync(path.join(dataDir, name)).size;
            } catch {
              return sum;
            }
          }, 0);
    return {
      photoRows: Number(all.n),
      benchPhotoRows: Number(ours.n),
      benchDistinctSha256: Number(ours.distinct),
      benchInspections: Number(inspections.n),
      databaseMb: size / MiB,
    };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------- one database

async function run(label: string, databaseUrl: string | null, bases: BasePhoto[], shas: string[][]) {
  const problems = new Problems();
  const dataDir = makeTempDir('haulboard-bench-photos-');
  const setupStarted = Date.now();
  // Seeded by a first start, given the bench drivers while stopped (the embedded file belongs to one process), then
  // served by a fresh start with the inspector on.
  await stopChild((await startServer(label, databaseUrl, { dataDir })).child);
  const loads = await addDrivers(databaseUrl, dataDir);
  const orderIds = loads.map((l) => l.orderId);
  const before = await countRows(databaseUrl, dataDir, orderIds);
  const nodeOptions = process.env.NODE_OPTIONS;
  process.env.NODE_OPTIONS = `${nodeOptions ?? ''} --inspect=127.0.0.1:0`.trim();
  let server: ServerChild;
  try {
    server = await startServer(label, databaseUrl, { dataDir, logFile: path.join(dataDir, 'server-measured.log') });
  } finally {
    if (nodeOptions === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = nodeOptions;
  }
  const inspector = await Inspector.attach(server.logFile).catch(() => null);
  if (!inspector) console.log(`[${label}] (no inspector: V8 figures skipped, RSS only)`);
  const phones: Phone[] = [];
  try {
    const fileInMemory = await waitForFileInMemory(server);
    // Sign-ins, a few at a time (each is an argon2 verification on the server).
    const tokens: string[] = new Array<string>(loads.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < loads.length) {
          const index = next++;
          tokens[index] = await login(server, loads[index].email);
        }
      }),
    );
    const setupSeconds = (Date.now() - setupStarted) / 1000;
    const origin = `http://127.0.0.1:${server.port}`;
    const takenFrom = Date.now() - PHOTOS * 60_000;
    for (const [index, load] of loads.entries()) {
      phones.push({
        index,
        load,
        token: tokens[index],
        client: new Client(origin, {
          headersTimeout: ANSWER_TIMEOUT_MS,
          bodyTimeout: ANSWER_TIMEOUT_MS,
          keepAliveTimeout: 60_000,
        }),
        inspectionKey: crypto.randomUUID(),
        photos: Array.from({ length: PHOTOS }, (_, p) => ({
          clientKey: crypto.randomUUID(),
          sha256: shas[index][p],
          size: photoParts(bases, index, p).reduce((sum, part) => sum + part.length, 0),
          takenAt: new Date(takenFrom + p * 60_000).toISOString(),
          view: PHOTO_VIEWS[p % PHOTO_VIEWS.length],
          id: null,
        })),
      });
    }
    console.log(
      `[${label}] ${phones.length} drivers signed in, each with one assigned load (set-up ${fmt(setupSeconds, 1)} s)`,
    );

    // ------------------------------------------------ the sync
    await sleep(500);
    const memoryBefore = await readMemory(server, inspector, true);
    const sampler = new Sampler(server, inspector);
    const uploads: Upload[] = [];
    const saves: number[] = [];
    const cpuBefore = processCpuSeconds(server.child.pid);
    const ownCpuBefore = process.cpuUsage();
    sampler.start();
    const started = performance.now();
    await Promise.all(
      phones.map(async (phone) => {
        const t = performance.now();
        try {
          const saved = await send(
            phone,
            'PUT',
            inspectionPath(phone),
            JSON.stringify({ clientKey: phone.inspectionKey, vinConfirmed: true }),
            'application/json',
          );
          saves.push(performance.now() - t);
          if (saved.status !== 200) {
            problems.add(`${phone.load.email} inspection: ${saved.status} ${saved.body.toString().slice(0, 200)}`);
            return;
          }
        } catch (error) {
          problems.add(`${phone.load.email} inspection: ${error instanceof Error ? error.message : String(error)}`);
          return;
        }
        // The phone's queue: one photo after the other.
        for (const [p, photo] of phone.photos.entries())
          uploads.push(await upload(phone, photo, Buffer.concat(photoParts(bases, phone.index, p)), problems, null));
      }),
    );
    const drainMs = performance.now() - started;
    const peak = await sampler.stop();
    const hwmKb = statusKb(server.child.pid, 'VmHWM');
    const cpuAfter = processCpuSeconds(server.child.pid);
    const ownCpu = process.cpuUsage(ownCpuBefore);
    assertAlive(server);
    const memoryAfter = await readMemory(server, inspector, true);
    const sentBytes = phones.reduce((sum, phone) => sum + phone.photos.reduce((s, photo) => s + photo.size, 0), 0);
    const drainSeconds = drainMs / 1000;
    const sync = {
      drainSeconds,
      inspectionsSaved: saves.length,
      photosSent: uploads.length,
      statuses: statusCounts(uploads),
      bytesSent: sentBytes,
      mbPerSecond: sentBytes / MB / drainSeconds,
      photosPerSecond: uploads.length / drainSeconds,
      save: latencySummary(saves),
      upload: latencySummary(uploads.map((u) => u.ms)),
      serverCpu: cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / drainSeconds : null,
      benchCpu: (ownCpu.user + ownCpu.system) / 1e6 / drainSeconds,
      memoryMb: {
        before: memoryBefore,
        peak,
        vmHwm: hwmKb === null ? null : hwmKb / 1024,
        afterGc: memoryAfter,
      },
    };
    console.log(
      `[${label}] sync drained in ${fmt(drainSeconds, 2)} s: ${uploads.length} photos, ${fmt(sentBytes / MB, 0)} MB, ${fmt(sync.mbPerSecond, 1)} MB/s`,
    );

    // ------------------------------------------------ verification
    const counted = await countRows(databaseUrl, dataDir, orderIds);
    const expected = DRIVERS * PHOTOS;
    if (counted.benchPhotoRows !== expected)
      problems.add(`the bench loads hold ${counted.benchPhotoRows} photo rows, not ${expected}`);
    if (counted.photoRows !== before.photoRows + expected)
      problems.add(`the database holds ${counted.photoRows} photo rows, not ${before.photoRows} + ${expected}`);
    if (counted.benchDistinctSha256 !== expected)
      problems.add(`the bench photos have ${counted.benchDistinctSha256} distinct SHA-256, not ${expected}`);
    if (counted.benchInspections !== DRIVERS)
      problems.add(`the bench loads hold ${counted.benchInspections} inspections, not ${DRIVERS}`);
    const picks = new Map<string, [number, number]>();
    for (let k = 0; k < Math.min(SAMPLE, expected); k++) {
      const d = Math.floor((k * DRIVERS) / Math.min(SAMPLE, expected)) % DRIVERS;
      const p = (k * 7 + d) % PHOTOS;
      picks.set(`${d}/${p}`, [d, p]);
    }
    let readBack = 0;
    const readMs: number[] = [];
    for (const [d, p] of picks.values()) {
      const phone = phones[d];
      const photo = phone.photos[p];
      if (photo.id === null) {
        problems.add(`${phone.load.email} photo ${p + 1} was never answered with an id`);
        continue;
      }
      const t = performance.now();
      const got = await send(phone, 'GET', `${inspectionPath(phone)}/photos/${photo.id}`);
      readMs.push(performance.now() - t);
      const sha = crypto.createHash('sha256').update(got.body).digest('hex');
      if (got.status !== 200) problems.add(`GET photo ${photo.id}: ${got.status} ${got.body.toString().slice(0, 200)}`);
      else if (sha !== photo.sha256) problems.add(`GET photo ${photo.id}: SHA-256 ${sha}, sent ${photo.sha256}`);
      else readBack++;
    }
    console.log(
      `[${label}] verified: ${counted.benchPhotoRows} photo rows (${counted.benchDistinctSha256} distinct SHA-256) for ${counted.benchInspections} inspections; ${readBack} of ${picks.size} photos read back byte for byte`,
    );

    // ------------------------------------------------ the retry storm
    const stormSampler = new Sampler(server, inspector);
    const resends: Upload[] = [];
    stormSampler.start();
    const stormStarted = performance.now();
    await Promise.all(
      phones.map(async (phone) => {
        for (let p = PHOTOS - RETRIED; p < PHOTOS; p++) {
          const photo = phone.photos[p];
          if (photo.id === null) continue;
          const bytes = Buffer.concat(photoParts(bases, phone.index, p));
          resends.push(await upload(phone, photo, bytes, problems, photo.id));
        }
      }),
    );
    const stormMs = performance.now() - stormStarted;
    const stormPeak = await stormSampler.stop();
    assertAlive(server);
    const recounted = await countRows(databaseUrl, dataDir, orderIds);
    if (recounted.benchPhotoRows !== expected || recounted.photoRows !== counted.photoRows)
      problems.add(
        `after the retry storm the bench loads hold ${recounted.benchPhotoRows} photo rows (all: ${recounted.photoRows}), not ${expected} (all: ${counted.photoRows})`,
      );
    const stormBytes = phones.reduce(
      (sum, phone) => sum + phone.photos.slice(PHOTOS - RETRIED).reduce((s, photo) => s + photo.size, 0),
      0,
    );
    const storm = {
      seconds: stormMs / 1000,
      resent: resends.length,
      statuses: statusCounts(resends),
      mbPerSecond: stormBytes / MB / (stormMs / 1000),
      upload: latencySummary(resends.map((u) => u.ms)),
      photoRowsAfter: recounted.benchPhotoRows,
      peakMemoryMb: stormPeak,
    };
    console.log(
      `[${label}] retry storm: ${resends.length} resends in ${fmt(storm.seconds, 2)} s, still ${recounted.benchPhotoRows} photo rows`,
    );

    return {
      database: label,
      drivers: phones.length,
      photosPerDriver: PHOTOS,
      objectStore: Boolean(process.env.S3_URL),
      fileInMemory,
      setupSeconds,
      sync,
      verification: {
        photoRowsBefore: before.photoRows,
        photoRowsAfter: counted.photoRows,
        benchPhotoRows: counted.benchPhotoRows,
        benchDistinctSha256: counted.benchDistinctSha256,
        benchInspections: counted.benchInspections,
        sampled: picks.size,
        readBackIdentical: readBack,
        readBack: latencySummary(readMs),
        databaseMbBefore: before.databaseMb,
        databaseMbAfter: counted.databaseMb,
      },
      storm,
      problems: problems.list,
    };
  } finally {
    inspector?.close();
    await Promise.all(phones.map((phone) => phone.client.close().catch(() => undefined)));
    await stopChild(server.child);
    // Gigabytes of photos: gone before the next database's run.
    removeTempDir(dataDir);
  }
}

type RunResult = Awaited<ReturnType<typeof run>>;

function printRun(r: RunResult): void {
  const s = r.sync;
  const m = s.memoryMb;
  console.log(
    `\n=== ${r.database}: ${r.drivers} drivers × ${r.photosPerDriver} photos synced at once (photos kept in ${r.objectStore ? 'the object store' : 'the database'}) ===`,
  );
  console.log(
    `  drain            ${fmt(s.drainSeconds, 2)} s (first request to last answer): ${s.photosSent} photos, ${fmt(s.bytesSent / MB, 0)} MB → ${fmt(s.mbPerSecond, 1)} MB/s, ${fmt(s.photosPerSecond, 1)} photos/s`,
  );
  console.log(
    `  photo upload     p50 ${fmt(s.upload.p50Ms, 0)} ms  p95 ${fmt(s.upload.p95Ms, 0)} ms  p99 ${fmt(s.upload.p99Ms, 0)} ms  max ${fmt(s.upload.maxMs, 0)} ms   statuses ${JSON.stringify(s.statuses)}`,
  );
  console.log(
    `  inspection save  p50 ${fmt(s.save.p50Ms, 0)} ms  p99 ${fmt(s.save.p99Ms, 0)} ms  max ${fmt(s.save.maxMs, 0)} ms`,
  );
  console.log(`  CPU              server ${fmt(s.serverCpu, 2)} cores, bench ${fmt(s.benchCpu, 2)} cores`);
  const row = (name: string, x: MemoryMb) =>
    `  ${name.padEnd(16)} RSS ${fmt(x.rss, 0)} MB (anon ${fmt(x.rssAnon, 0)})  heap used ${fmt(x.heapUsed, 0)} MB (total ${fmt(x.heapTotal, 0)})  external ${fmt(x.external, 0)} MB (array buffers ${fmt(x.arrayBuffers, 0)})`;
  console.log(row('before (GC)', m.before));
  console.log(row('peak (sampled)', m.peak) + `   [${m.peak.samples} RSS, ${m.peak.v8Samples} V8 samples]`);
  console.log(`  peak RSS VmHWM   ${fmt(m.vmHwm, 0)} MB`);
  console.log(row('after (GC)', m.afterGc));
  const v = r.verification;
  console.log(
    `  verified         ${v.benchPhotoRows} photo rows (expected ${r.drivers * r.photosPerDriver}), ${v.benchDistinctSha256} distinct SHA-256; ${v.readBackIdentical}/${v.sampled} read back identical (GET p50 ${fmt(v.readBack.p50Ms, 0)} ms); database ${fmt(v.databaseMbBefore, 0)} → ${fmt(v.databaseMbAfter, 0)} MB`,
  );
  const st = r.storm;
  console.log(
    `  retry storm      ${st.resent} resends in ${fmt(st.seconds, 2)} s (${fmt(st.mbPerSecond, 1)} MB/s)  p50 ${fmt(st.upload.p50Ms, 0)} ms  p95 ${fmt(st.upload.p95Ms, 0)} ms  p99 ${fmt(st.upload.p99Ms, 0)} ms  statuses ${JSON.stringify(st.statuses)}; rows after ${st.photoRowsAfter}; peak RSS ${fmt(st.peakMemoryMb.rss, 0)} MB, external ${fmt(st.peakMemoryMb.external, 0)} MB`,
  );
  console.log(`  wrong results    ${r.problems.length ? r.problems.length : 'none'}`);
}

async function main() {
  const startedAt = new Date();
  process.env.LOG_LEVEL ||= 'warn';
  const settings = {
    drivers: DRIVERS,
    photosPerDriver: PHOTOS,
    sample: SAMPLE,
    retried: RETRIED,
    photoSize: `${WIDTH}x${HEIGHT}`,
    serverLogLevel: process.env.LOG_LEVEL,
  };
  console.log(`Haulboard photo sync bench: ${JSON.stringify(settings)}`);
  console.log(`Machine: ${JSON.stringify(machineInfo())}, load now ${JSON.stringify(machineLoad())}`);

  // The photos: one base per photo of a driver's queue, then every driver's own copy of each (its SHA-256 only).
  const generated = Date.now();
  const bases: BasePhoto[] = [];
  for (let p = 0; p < PHOTOS; p++) bases.push(await makeBasePhoto(p));
  const generationSeconds = (Date.now() - generated) / 1000;
  const hashed = Date.now();
  const shas = Array.from({ length: DRIVERS }, (_, d) =>
    Array.from({ length: PHOTOS }, (_, p) => {
      const hash = crypto.createHash('sha256');
      for (const part of photoParts(bases, d, p)) hash.update(part);
      return hash.digest('hex');
    }),
  );
  const hashSeconds = (Date.now() - hashed) / 1000;
  const distinct = new Set(shas.flat()).size;
  if (distinct !== DRIVERS * PHOTOS) throw new Error(`only ${distinct} distinct photos of ${DRIVERS * PHOTOS}`);
  const sizes = bases.map((b) => (b.head.length + b.rest.length) / MB);
  const photos = {
    bases: bases.length,
    distinctPhotos: distinct,
    generationSeconds,
    perBaseSeconds: generationSeconds / bases.length,
    hashSeconds,
    baseMb: { min: Math.min(...sizes), mean: sizes.reduce((a, b) => a + b, 0) / sizes.length, max: Math.max(...sizes) },
  };
  console.log(
    `Photos: ${bases.length} JPEGs ${WIDTH}×${HEIGHT} of ${fmt(photos.baseMb.min, 2)}–${fmt(photos.baseMb.max, 2)} MB encoded in ${fmt(generationSeconds, 1)} s (${fmt(photos.perBaseSeconds, 2)} s each); ${distinct} distinct per-driver copies hashed in ${fmt(hashSeconds, 1)} s`,
  );

  const postgresUrl = process.env.DATABASE_URL?.trim() || null;
  delete process.env.DATABASE_URL;
  const results: RunResult[] = [await run('sqlite', null, bases, shas)];
  if (postgresUrl) {
    const scratch = await scratchPostgres(postgresUrl, 'hb_bench_photos');
    try {
      results.push(await run('postgres', scratch.url, bases, shas));
    } finally {
      await scratch.drop();
    }
  } else console.log('PostgreSQL: skipped (set DATABASE_URL=postgres://… to include it)');

  for (const r of results) printRun(r);
  console.log(`\nMachine load at the end: ${JSON.stringify(machineLoad())}`);
  const problems = results.flatMap((r) => r.problems.map((p) => `${r.database}: ${p}`));
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `photos-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        commit: gitCommit(),
        settings,
        machine: machineInfo(),
        photos,
        results,
        ok: problems.length === 0,
      },
      null,
      2,
    ) + '\n',
  );
  console.log(`Results written to ${path.relative(process.cwd(), file) || file}`);
  if (problems.length) {
    console.error(`\nbench:photos: ${problems.length} wrong result(s), the first: ${problems[0]}`);
    return 1;
  }
}

runBench('bench:photos', main);
