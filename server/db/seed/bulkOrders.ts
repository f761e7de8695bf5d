/**
 * `npm run seed -- --orders N`: N more generated book orders (with their vehicles, status history and search index
 * rows) for benchmarks and load tests, built by the demo's own generator (generateOrder) so the data looks the same.
 *
 * SQLite: one better-sqlite3 connection on the database file, one transaction for the whole load (a crash or an error
 * leaves the database as it was), the rollback journal instead of WAL during the load (appended pages need no
 * journal), no fsync, the secondary indexes dropped first and re-created from their own SQL afterwards (sorting once
 * beats inserting into sixteen B-trees a million times), multi-row INSERTs. The FTS5 trigram index is the other big
 * cost, so a worker thread builds it in a side file while this thread writes the tables and the indexes, and its
 * shadow tables are then copied in as they are.
 *
 * PostgreSQL: multi-row INSERTs in concurrent batches with the secondary indexes (the trigram GIN one included)
 * dropped and re-created afterwards, then VACUUM (ANALYZE).
 */
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Db } from '../types';
import { type GeneratedOrder, type OrderWorld, generateOrder } from './orders';
import { SeededRandom } from './random';

/** The most orders one run adds. */
export const MAX_BULK_ORDERS = 5_000_000;

/** "1000000" (also 1_000_000 or 1,000,000) → 1000000; anything else is refused with a message saying why. */
export function parseOrderCount(text: string): number {
  const trimmed = text.trim();
  if (!/^\d[\d_,]*$/.test(trimmed))
    throw new Error(`--orders takes a whole number of orders, e.g. --orders 1000000 (got "${text}")`);
  const count = Number(trimmed.replace(/[_,]/g, ''));
  if (!Number.isSafeInteger(count) || count < 1) throw new Error(`--orders must be at least 1 (got "${text}")`);
  if (count > MAX_BULK_ORDERS)
    throw new Error(
      `--orders can add at most ${MAX_BULK_ORDERS.toLocaleString('en-US')} orders in one run (got ${count.toLocaleString('en-US')})`,
    );
  return count;
}

export interface BulkPlan {
  world: OrderWorld;
  /** The id of the first new order: one past the largest existing id. */
  firstId: number;
  count: number;
  /** Pickup dates spread over the year before this day and the two weeks after (as for the demo orders). */
  today?: Date;
  log?: (line: string) => void;
}

export interface BulkReport {
  orders: number;
  vehicles: number;
  history: number;
  seconds: number;
  phases: Record<string, number>;
}

const DAY_MS = 86_400_000;
const TABLES = ['book_orders', 'book_order_vehicles', 'book_order_status_history'] as const;
const HISTORY_COLUMNS = ['book_order_id', 'from_status', 'to_status', 'at'] as const;
const PROGRESS_EVERY_MS = 3_000;

const formatCount = (n: number) => Math.round(n).toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The generated orders, one after another: deterministic for a given first id and day. Each order is stamped as
 * created 2–21 days before its pickup (at the latest at the start of the day), so sorting by creation time means
 * something and the same first id on the same day always gives the same rows.
 */
class OrderStream {
  private readonly random: SeededRandom;
  private readonly today: Date;
  private nextId: number;

  constructor(private readonly plan: BulkPlan) {
    if (
      !plan.world.brokerIds.length ||
      !plan.world.shipperIds.length ||
      !plan.world.carrierIds.length ||
      !plan.world.dispatcherIds.length ||
      !plan.world.drivers.length ||
      !plan.world.states.length
    ) {
      throw new Error(
        'The demo master data (brokers, shippers, carriers, dispatchers, drivers) is missing: run the demo seed first',
      );
    }
    const day = plan.today ?? new Date();
    this.today = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
    this.random = new SeededRandom(1_000_003 + plan.firstId);
    this.nextId = plan.firstId;
  }

  next(): GeneratedOrder {
    const id = this.nextId++;
    const generated = generateOrder(this.random, this.plan.world, id, this.today, this.today.toISOString());
    const { order } = generated;
    const pickup = Date.parse(`${String(order.pickup_date)}T00:00:00Z`);
    const created = new Date(
      Math.min(this.today.getTime(), pickup - (2 + ((id * 7_919) % 20)) * DAY_MS + ((id * 104_729) % 86_400) * 1000),
    ).toISOString();
    order.created_at = created;
    order.updated_at = created;
    if (order.deleted_at !== null) order.deleted_at = created;
    return generated;
  }
}

/** Prints progress every few seconds: what is done, how fast, and when it will be done. */
class Progress {
  private readonly started = Date.now();
  private lastAt = this.started;
  private lastDone = 0;

  constructor(
    private readonly total: number,
    private readonly log: (line: string) => void,
  ) {}

  tick(done: number, extra: () => string): void {
    const now = Date.now();
    if (now - this.lastAt < PROGRESS_EVERY_MS) return;
    const rate = ((done - this.lastDone) * 1000) / (now - this.lastAt);
    const eta = rate > 0 ? (this.total - done) / rate : NaN;
    this.log(
      `  ${formatCount(done).padStart(9)} / ${formatCount(this.total)} orders  ${formatCount(rate).padStart(7)} orders/s  ${extra()}  ${seconds(now - this.started)}${Number.isFinite(eta) ? `, ~${Math.ceil(eta)} s to go` : ''}`,
    );
    this.lastAt = now;
    this.lastDone = done;
  }
}

/** Rows into one table through a prepared INSERT of `perStatement` rows at a time (far fewer calls than one per row). */
class RowSink {
  private readonly values: unknown[];
  private filled = 0;
  private readonly many: SQLite.Statement;
  private readonly one: SQLite.Statement;
  written = 0;

  constructor(
    sqlite: SQLite.Database,
    table: string,
    private readonly columns: readonly string[],
    perStatement: number,
  ) {
    const row = `(${columns.map(() => '?').join(', ')})`;
    const head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values `;
    this.many = sqlite.prepare(head + Array.from({ length: perStatement }, () => row).join(', '));
    this.one = sqlite.prepare(head + row);
    this.values = new Array(columns.length * perStatement);
  }

  /** A row given as a record with (at least) the sink's columns. */
  add(record: Record<string, unknown>): void {
    const { columns, values } = this;
    let at = this.filled;
    for (let i = 0; i < columns.length; i++) values[at++] = record[columns[i]];
    this.advance(at);
  }

  /** A row given as its values, in the sink's column order. */
  addValues(...row: unknown[]): void {
    const { values } = this;
    let at = this.filled;
    for (let i = 0; i < row.length; i++) values[at++] = row[i];
    this.advance(at);
  }

  private advance(filled: number): void {
    this.written++;
    if (filled === this.values.length) {
      this.many.run(this.values);
      this.filled = 0;
    } else this.filled = filled;
  }

  flush(): void {
    const width = this.columns.length;
    for (let at = 0; at < this.filled; at += width) this.one.run(this.values.slice(at, at + width));
    this.filled = 0;
  }
}

function checkColumns(sqlite: SQLite.Database, table: string, columns: readonly string[]): void {
  const existing = new Set(
    (sqlite.prepare(`select name from pragma_table_info(?)`).all(table) as { name: string }[]).map((c) => c.name),
  );
  const missing = columns.filter((c) => !existing.has(c));
  if (missing.length) throw new Error(`${table} has no column ${missing.join(', ')}: is the database migrated?`);
}

// ---------------------------------------------------------------- the search index builder (worker thread)

const SEARCH_TABLE = 'book_order_search';
/** FTS5's shadow tables that hold the index and the text; %_config (settings, version) stays as it is. */
const SEARCH_SHADOWS = ['data', 'idx', 'content', 'docsize'].map((suffix) => `${SEARCH_TABLE}_${suffix}`);
interface BuilderData {
  /** better-sqlite3, resolved from here: the worker is plain JavaScript and has no module resolution of ours. */
  sqlitePath: string;
  file: string;
  createSql: string;
  table: string;
}
type ToBuilder = { kind: 'rows'; ids: number[]; texts: string[] } | { kind: 'finish' };
type FromBuilder =
  | { kind: 'ready' }
  | { kind: 'progress'; rows: number }
  | { kind: 'done'; rows: number; insertMs: number }
  | { kind: 'error'; message: string };

/**
 * The worker: the same FTS5 table in a scratch file, filled in rowid order in one transaction. (An 'optimize' into
 * one segment afterwards costs ~5 s of CPU at 1M rows and saves only a fraction of a millisecond per search.)
 * Plain CommonJS evaluated as is (`eval: true`): a worker thread does not inherit tsx's TypeScript loader on Node 20.
 */
const BUILDER_SOURCE = `
const { parentPort, workerData: data } = require('node:worker_threads');
const post = (message) => parentPort.postMessage(message);
const failed = (error) => post({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
try {
  const SQLite = require(data.sqlitePath);
  const sqlite = new SQLite(data.file);
  sqlite.pragma('journal_mode = OFF');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -262144');
  sqlite.exec(data.createSql);
  const table = '"' + data.table + '"';
  const insert = sqlite.prepare('insert into ' + table + ' (rowid, text) values (?, ?)');
  let rows = 0;
  let insertMs = 0;
  post({ kind: 'ready' });
  sqlite.exec('begin');
  parentPort.on('message', (message) => {
    try {
      if (message.kind === 'rows') {
        const started = performance.now();
        for (let i = 0; i < message.ids.length; i++) insert.run(message.ids[i], message.texts[i]);
        rows += message.ids.length;
        insertMs += performance.now() - started;
        post({ kind: 'progress', rows });
      } else {
        const started = performance.now();
        sqlite.exec('commit');
        insertMs += performance.now() - started;
        sqlite.close();
        post({ kind: 'done', rows, insertMs });
        parentPort.close();
      }
    } catch (error) {
      failed(error);
      parentPort.close();
    }
  });
} catch (error) {
  failed(error);
}
`;

type BuilderResult = { rows: number; insertMs: number };

/** The main thread's handle on the builder. */
class SearchIndexBuilder {
  readonly worker: Worker;
  rows = 0;
  private failure: Error | null = null;
  private readonly ready: Promise<void>;
  private readonly done: Promise<BuilderResult>;

  constructor(data: BuilderData) {
    this.worker = new Worker(BUILDER_SOURCE, { eval: true, workerData: data });
    let readyResolve!: () => void;
    let doneResolve!: (value: BuilderResult) => void;
    let doneReject!: (error: Error) => void;
    this.ready = new Promise((resolve) => (readyResolve = resolve));
    this.done = new Promise((resolve, reject) => {
      doneResolve = resolve;
      doneReject = reject;
    });
    this.done.catch(() => undefined);
    let finished = false;
    const fail = (error: Error) => {
      if (finished) return;
      finished = true;
      this.failure = error;
      doneReject(error);
      readyResolve();
    };
    this.worker.on('message', (message: FromBuilder) => {
      if (message.kind === 'ready') readyResolve();
      else if (message.kind === 'progress') this.rows = message.rows;
      else if (message.kind === 'done') {
        finished = true;
        doneResolve(message);
      } else fail(new Error(`the search index builder failed: ${message.message}`));
    });
    this.worker.on('error', (error) => fail(error));
    this.worker.on('exit', (code) => fail(new Error(`the search index builder stopped (exit code ${code})`)));
  }

  async started(): Promise<void> {
    await this.ready;
    if (this.failure) throw this.failure;
  }

  send(ids: number[], texts: string[]): void {
    if (this.failure) throw this.failure;
    this.worker.postMessage({ kind: 'rows', ids, texts } satisfies ToBuilder);
  }

  finish(): Promise<BuilderResult> {
    this.worker.postMessage({ kind: 'finish' } satisfies ToBuilder);
    return this.done;
  }

  async stop(): Promise<void> {
    await this.worker.terminate();
  }
}

// ---------------------------------------------------------------- SQLite

/** Adds plan.count orders to the SQLite database in `file`. Nothing else may have the file open. */
export async function bulkLoadSqlite(file: string, plan: BulkPlan): Promise<BulkReport> {
  const log = plan.log ?? ((line: string) => console.log(line));
  const started = Date.now();
  const phases: Record<string, number> = {};
  const buildFile = `${file}.search-build-${process.pid}`;
  const removeBuildFile = () => {
    for (const suffix of ['', '-journal']) fs.rmSync(buildFile + suffix, { force: true });
  };

  const sqlite = new SQLite(file, { fileMustExist: true, timeout: 2_000 });
  let builder: SearchIndexBuilder | null = null;
  let inTransaction = false;
  let attached = false;
  try {
    // WAL keeps every new page twice (log, then checkpoint); the rollback journal only keeps pages that existed.
    let mode: unknown;
    try {
      mode = sqlite.pragma('journal_mode = DELETE', { simple: true });
    } catch (error) {
      mode = error instanceof Error ? error.message : String(error);
    }
    if (mode !== 'delete')
      throw new Error(
        `Cannot take the database for the bulk load (${String(mode)}). Stop the server (or anything else using ${file}) and try again.`,
      );
    sqlite.pragma('synchronous = OFF');
    sqlite.pragma('foreign_keys = OFF');
    sqlite.pragma('temp_store = MEMORY');
    // Up to 2 GB of page cache (an eighth of the memory at most): the index builds then scan the table in memory.
    sqlite.pragma(`cache_size = -${Math.max(262_144, Math.min(2_097_152, Math.floor(os.totalmem() / 8 / 1024)))}`);

    const stream = new OrderStream(plan);
    const sample = stream.next();
    let pending: GeneratedOrder | null = sample;
    const nextOrder = () => {
      const order = pending ?? stream.next();
      pending = null;
      return order;
    };
    const orderColumns = Object.keys(sample.order);
    const vehicleColumns = Object.keys(sample.vehicles[0]);
    checkColumns(sqlite, 'book_orders', orderColumns);
    checkColumns(sqlite, 'book_order_vehicles', vehicleColumns);
    checkColumns(sqlite, 'book_order_status_history', HISTORY_COLUMNS);
    const searchSql = (
      sqlite.prepare(`select sql from sqlite_master where type = 'table' and name = ?`).get(SEARCH_TABLE) as
        { sql: string } | undefined
    )?.sql;
    const shadowCount = (
      sqlite
        .prepare(
          `select count(*) as n from sqlite_master where type = 'table' and name in (${SEARCH_SHADOWS.map(() => '?').join(', ')})`,
        )
        .get(...SEARCH_SHADOWS) as { n: number }
    ).n;
    if (!searchSql || shadowCount !== SEARCH_SHADOWS.length)
      throw new Error(`${SEARCH_TABLE} is not the FTS5 table the migration creates: is the database migrated?`);
    const indexes = sqlite
      .prepare(
        `select name, tbl_name as tableName, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${TABLES.map(() => '?').join(', ')}) order by tbl_name, name`,
      )
      .all(...TABLES) as { name: string; tableName: string; sql: string }[];

    // The search index: a worker builds it in a side file from the rows already indexed plus the new ones.
    removeBuildFile();
    builder = new SearchIndexBuilder({
      sqlitePath: createRequire(import.meta.url).resolve('better-sqlite3'),
      file: buildFile,
      createSql: searchSql,
      table: SEARCH_TABLE,
    });
    await builder.started();
    sqlite.prepare('attach database ? as search_build').run(buildFile);
    attached = true;
    let existing = 0;
    {
      const ids: number[] = [];
      const texts: string[] = [];
      for (const row of sqlite
        .prepare(`select id, c0 as text from "${SEARCH_TABLE}_content" order by id`)
        .iterate() as IterableIterator<{ id: number; text: string }>) {
        ids.push(row.id);
        texts.push(row.text);
        if (ids.length === 5_000) {
          builder.send(ids.splice(0), texts.splice(0));
          existing += 5_000;
        }
      }
      if (ids.length) builder.send(ids, texts);
      existing += ids.length;
    }

    // Deferred: it locks main at the first write and the side file only when reading it at the end, once built.
    sqlite.exec('begin');
    inTransaction = true;
    let mark = Date.now();
    for (const index of indexes) sqlite.exec(`drop index "${index.name}"`);
    log(
      `Dropped ${indexes.length} indexes of ${TABLES.join(', ')} for the load; ${formatCount(existing)} orders already in the search index.`,
    );

    const orders = new RowSink(sqlite, 'book_orders', orderColumns, 10);
    const vehicles = new RowSink(sqlite, 'book_order_vehicles', vehicleColumns, 50);
    const history = new RowSink(sqlite, 'book_order_status_history', HISTORY_COLUMNS, 50);
    const progress = new Progress(plan.count, log);
    const CHUNK = 2_000;
    for (let done = 0; done < plan.count;) {
      const size = Math.min(CHUNK, plan.count - done);
      const ids: number[] = new Array(size);
      const texts: string[] = new Array(size);
      for (let i = 0; i < size; i++) {
        const g = nextOrder();
        const id = g.order.id as number;
        orders.add(g.order);
        for (const vehicle of g.vehicles) vehicles.add(vehicle);
        for (const step of g.history) history.addValues(id, step.from_status, step.to_status, step.at);
        ids[i] = id;
        texts[i] = g.searchText;
      }
      builder.send(ids, texts);
      done += size;
      // Let the builder's progress messages in.
      await new Promise((resolve) => setImmediate(resolve));
      progress.tick(
        done,
        () =>
          `${formatCount(vehicles.written)} vehicles, ${formatCount(history.written)} history rows, ${formatCount(Math.max(0, builder!.rows - existing))} searchable`,
      );
    }
    orders.flush();
    vehicles.flush();
    history.flush();
    const searchDone = builder.finish();
    phases.insert = (Date.now() - mark) / 1000;
    log(
      `Inserted ${formatCount(orders.written)} orders, ${formatCount(vehicles.written)} vehicles, ${formatCount(history.written)} status changes in ${seconds(Date.now() - mark)}.`,
    );

    mark = Date.now();
    // Each index build scans the whole table: read through a memory map with a small page cache, a build took about
    // a third less time than through the 2 GB cache the load used (measured at 1M orders).
    sqlite.pragma('cache_size = -65536');
    sqlite.pragma('mmap_size = 2147418112');
    for (const index of indexes) {
      const at = Date.now();
      sqlite.exec(index.sql);
      log(`  index ${index.name} (${index.tableName}) ${seconds(Date.now() - at)}`);
    }
    phases.indexes = (Date.now() - mark) / 1000;
    log(`Re-created ${indexes.length} indexes in ${seconds(Date.now() - mark)}.`);

    mark = Date.now();
    // The builder's messages queued up while this thread was busy: a short wait lets them in.
    const finished = await Promise.race([
      searchDone.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 50)),
    ]);
    if (!finished)
      log(
        `Waiting for the search index (${formatCount(builder.rows)} of ${formatCount(existing + plan.count)} rows) …`,
      );
    const search = await searchDone;
    if (search.rows !== existing + plan.count)
      throw new Error(`the search index has ${search.rows} rows, expected ${existing + plan.count}`);
    phases.searchWait = (Date.now() - mark) / 1000;
    mark = Date.now();
    // Writing FTS5's shadow tables needs SQLite's defensive mode off, for these statements only.
    sqlite.unsafeMode(true);
    for (const table of SEARCH_SHADOWS) {
      sqlite.exec(`delete from main."${table}"`);
      sqlite.exec(`insert into main."${table}" select * from search_build."${table}"`);
    }
    sqlite.unsafeMode(false);
    phases.searchCopy = (Date.now() - mark) / 1000;
    log(
      `Search index: ${formatCount(search.rows)} rows built in ${seconds(search.insertMs)} (beside the load), copied in ${seconds(Date.now() - mark)}.`,
    );

    mark = Date.now();
    sqlite.exec('commit');
    inTransaction = false;
    phases.commit = (Date.now() - mark) / 1000;
    const total = (Date.now() - started) / 1000;
    return { orders: orders.written, vehicles: vehicles.written, history: history.written, seconds: total, phases };
  } finally {
    if (inTransaction) {
      try {
        sqlite.exec('rollback');
      } catch {
        /* the error that got us here matters more */
      }
    }
    if (builder) await builder.stop();
    if (attached) sqlite.exec('detach database search_build');
    removeBuildFile();
    try {
      sqlite.pragma('journal_mode = WAL');
    } finally {
      sqlite.close();
    }
  }
}

// ---------------------------------------------------------------- PostgreSQL

/** Adds plan.count orders through Kysely on PostgreSQL (DATABASE_URL). */
export async function bulkLoadPostgres(db: Db, plan: BulkPlan): Promise<BulkReport> {
  const log = plan.log ?? ((line: string) => console.log(line));
  const started = Date.now();
  const phases: Record<string, number> = {};
  const indexes = (
    await sql<{ name: string; definition: string }>`
      select i.indexname as name, i.indexdef as definition from pg_indexes i
      where i.schemaname = current_schema() and i.tablename in (${sql.join([...TABLES])})
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
      order by i.tablename, i.indexname`.execute(db)
  ).rows;
  for (const index of indexes) await sql`drop index if exists ${sql.id(index.name)}`.execute(db);
  log(`Dropped ${indexes.length} indexes of ${TABLES.join(', ')} for the load.`);

  let mark = Date.now();
  let loaded = false;
  const counts = { orders: 0, vehicles: 0, history: 0 };
  try {
    const stream = new OrderStream(plan);
    const progress = new Progress(plan.count, log);
    // 500 orders × 62 columns stays under PostgreSQL's 65,535 parameters per statement.
    const BATCH = 500;
    const CONCURRENCY = 4;
    const inFlight = new Set<Promise<void>>();
    let failure: unknown = null;
    for (let done = 0; done < plan.count && !failure;) {
      const batch = Array.from({ length: Math.min(BATCH, plan.count - done) }, () => stream.next());
      done += batch.length;
      // Insert-only batches into a database nobody else writes yet (the benchmark set): no read to race with.
      // eslint-disable-next-line no-restricted-syntax
      const write = db
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('book_orders')
            .values(batch.map((b) => b.order) as never)
            .execute();
          const vehicleRows = batch.flatMap((b) => b.vehicles);
          for (let i = 0; i < vehicleRows.length; i += 2_000)
            await trx
              .insertInto('book_order_vehicles')
              .values(vehicleRows.slice(i, i + 2_000) as never)
              .execute();
          const historyRows = batch.flatMap((b) =>
            b.history.map((h) => ({ ...h, book_order_id: Number(b.order.id), actor_id: null, note: null })),
          );
          for (let i = 0; i < historyRows.length; i += 5_000)
            await trx
              .insertInto('book_order_status_history')
              .values(historyRows.slice(i, i + 5_000))
              .execute();
          counts.orders += batch.length;
          counts.vehicles += vehicleRows.length;
          counts.history += historyRows.length;
        })
        .catch((error: unknown) => {
          failure ??= error;
        });
      const tracked = write.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
      if (inFlight.size >= CONCURRENCY) await Promise.race(inFlight);
      progress.tick(
        counts.orders,
        () => `${formatCount(counts.vehicles)} vehicles, ${formatCount(counts.history)} history rows`,
      );
    }
    await Promise.all(inFlight);
    if (failure) throw failure;
    for (const table of TABLES) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
        db,
      );
    }
    loaded = true;
    phases.insert = (Date.now() - mark) / 1000;
    log(
      `Inserted ${formatCount(counts.orders)} orders, ${formatCount(counts.vehicles)} vehicles, ${formatCount(counts.history)} status changes in ${seconds(Date.now() - mark)}.`,
    );
  } finally {
    // The indexes come back even when the load failed part-way (the batches written so far stay).
    mark = Date.now();
    await db.connection().execute(async (connection) => {
      await sql`set maintenance_work_mem = '512MB'`.execute(connection);
      for (const index of indexes) {
        const at = Date.now();
        await sql
          .raw(index.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '))
          .execute(connection);
        if (loaded) log(`  index ${index.name} ${seconds(Date.now() - at)}`);
      }
    });
    phases.indexes = (Date.now() - mark) / 1000;
    if (loaded) log(`Re-created ${indexes.length} indexes in ${seconds(Date.now() - mark)}.`);
  }
  // Statistics for the planner, and the visibility map that lets index-only scans skip the heap.
  mark = Date.now();
  for (const table of TABLES) await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  phases.vacuum = (Date.now() - mark) / 1000;
  return { ...counts, seconds: (Date.now() - started) / 1000, phases };
}
