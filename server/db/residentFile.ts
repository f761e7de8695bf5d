import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Keeps the embedded database file in memory.
 *
 * Linux drops page cache that has not been read for a while, and some hosts do it early. This VM runs a proactive
 * reclaim (DAMON 'pageout') that evicts file pages idle for 60 s when no process maps them, with 20 GB free. A GET by
 * id for an order nobody had opened for a minute then waited on the disk. That disk read blocked the server's only
 * thread and the nine requests behind it: tens of major page faults per 5 s of random ids took p99 from 3 to 7-8 ms.
 * Pages that some process maps are left alone.
 *
 * So a worker thread opens its own read-only connection with the same memory map and walks every b-tree of the file:
 * counting a table or an index visits each of its pages. It then stays idle with the connection open. The pages
 * stay mapped, and the server's connection reads them from memory. Memory pressure can still reclaim them, since
 * mapped file pages are cache the kernel can drop, so this never pins memory the machine needs.
 *
 * The walk repeats every REWALK_MS, on a new connection, to cover the pages the file has gained since. Only the first
 * SQLITE_MMAP_MB of the file can be kept this way; free pages and rows' overflow pages are not walked.
 */

/** Re-walk period: new orders' pages get mapped within this time (the server maps those it reads itself). */
const REWALK_MS = 10 * 60_000;

export interface ResidentFigures {
  /** B-trees (tables and indexes) walked; `skipped` could not be counted through their own pages. */
  btrees: number;
  skipped: string[];
  /** Pages in the file as the walk saw it (one snapshot), and the bytes of them that lie within the memory map. */
  pages: number;
  pageSize: number;
  mappedBytes: number;
  /** When the walk began (epoch ms): a walk that began after a write saw it. */
  startedAt: number;
  ms: number;
}

export interface ResidentFile {
  /** The first walk: resolves when every page is mapped, rejects if the worker could not do it. */
  readonly firstWalk: Promise<ResidentFigures>;
  /** 'mapping' until the first walk ends (GET /api/health shows it). */
  readonly state: 'mapping' | 'in memory' | 'failed';
  /** Hears of each walk after the first, and of the failures after it. */
  onEvent: (event: ResidentEvent) => void;
  stop(): Promise<void>;
}

export type ResidentEvent = { kind: 'walked'; figures: ResidentFigures } | { kind: 'error'; message: string };

/**
 * Plain CommonJS evaluated as is (`eval: true`): a worker thread does not inherit tsx's TypeScript loader on Node 20.
 * COUNT(*) on a table NOT INDEXED counts the cells of each of its pages. An index needs a WHERE clause, even a
 * constant one: without it SQLite counts any table's rows with its smallest index, whatever INDEXED BY says.
 */
const WORKER_SOURCE = `
const { parentPort, workerData: data } = require('node:worker_threads');
const post = (message) => parentPort.postMessage(message);
const quote = (name) => '"' + name.replace(/"/g, '""') + '"';
const SQLite = require(data.sqlitePath);
function open() {
  const connection = new SQLite(data.file, { readonly: true, fileMustExist: true });
  connection.pragma('mmap_size = ' + data.mmapBytes);
  connection.pragma('cache_size = -1024');
  return connection;
}
/** Whether the statement reads the b-tree at rootpage: its program opens that b-tree (and counting it visits every page). */
function readsBtree(connection, sql, rootpage) {
  return connection.prepare('explain ' + sql).all().some((op) => op.opcode === 'OpenRead' && op.p2 === rootpage);
}
function walk(connection) {
  const started = Date.now();
  const clock = performance.now();
  const skipped = [];
  // One read transaction: the counts and the page count see the same snapshot, so the figures never claim pages that
  // a writer added while the walk ran.
  connection.exec('begin');
  try {
    const btrees = connection.prepare("select type, name, tbl_name, rootpage, sql from sqlite_schema where rootpage > 0 and type in ('table', 'index')").all();
    for (const btree of btrees) {
      const sql = btree.type === 'table'
        ? 'select count(*) from ' + quote(btree.name) + ' not indexed'
        // A partial index is only used under its own condition: count with it.
        : 'select count(*) from ' + quote(btree.tbl_name) + ' indexed by ' + quote(btree.name) + ' where ' + (/\\swhere\\s([\\s\\S]+)$/i.exec(btree.sql ?? '')?.[1] ?? '1');
      try {
        if (!readsBtree(connection, sql, btree.rootpage)) throw new Error('counted through another b-tree');
        connection.prepare(sql).pluck().get();
      } catch { skipped.push(btree.name); }
    }
    const pageSize = connection.pragma('page_size', { simple: true });
    const pages = connection.pragma('page_count', { simple: true });
    const mappedBytes = Math.min(pages * pageSize, data.mmapBytes);
    post({ kind: 'walked', figures: { btrees: btrees.length, skipped, pages, pageSize, mappedBytes, startedAt: started, ms: Math.round(performance.now() - clock) } });
  } finally {
    connection.exec('commit');
  }
}
let current = null;
try {
  current = open();
  walk(current);
  // SQLite drops a connection's map when it sees that the file changed, so a walk on the same connection would leave
  // the pages unmapped for a moment. A new connection walks first; the old one closes after.
  setInterval(() => {
    let next = null;
    try {
      next = open();
      walk(next);
      current.close();
      current = next;
    } catch (error) {
      if (next && next !== current) next.close();
      post({ kind: 'error', message: error.message });
    }
  }, data.rewalkMs);
  parentPort.on('message', () => {
    current.close();
    process.exit(0);
  });
} catch (error) {
  post({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
}
`;

/** Starts keeping the first `mmapBytes` of `file` mapped. The worker does not keep the process alive. */
export function keepFileResident(file: string, mmapBytes: number, { rewalkMs = REWALK_MS } = {}): ResidentFile {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { sqlitePath: createRequire(import.meta.url).resolve('better-sqlite3'), file, mmapBytes, rewalkMs },
  });
  worker.unref();
  let state: ResidentFile['state'] = 'mapping';
  let settled = false;
  const firstWalk = new Promise<ResidentFigures>((resolve, reject) => {
    worker.on('message', (message: ResidentEvent) => {
      if (settled) return resident.onEvent(message);
      settled = true;
      state = message.kind === 'walked' ? 'in memory' : 'failed';
      if (message.kind === 'walked') resolve(message.figures);
      else reject(new Error(`could not map the database file into memory: ${message.message}`));
    });
    worker.on('error', (error) => {
      if (settled) return resident.onEvent({ kind: 'error', message: error.message });
      settled = true;
      state = 'failed';
      reject(error);
    });
    worker.on('exit', (code) => {
      if (settled) return;
      settled = true;
      state = 'failed';
      reject(new Error(`the worker mapping the database file stopped (exit code ${code})`));
    });
  });
  firstWalk.catch(() => undefined);

  let stopped: Promise<void> | null = null;
  const resident: ResidentFile = {
    firstWalk,
    get state() {
      return state;
    },
    onEvent: () => undefined,
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        if (worker.threadId === -1) return resolve();
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
        // A worker still in its first walk reads its messages only after it; terminate does not wait for that.
        setTimeout(() => void worker.terminate(), 1000).unref();
      });
      return stopped;
    },
  };
  return resident;
}
