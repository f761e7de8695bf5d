import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { type ResidentFigures, keepFileResident } from '../../server/db/residentFile';
import { createServer } from '../../server/server';

// Linux only: the test reads this process's memory maps. It checks what the worker did (each b-tree read through its
// own pages, in one snapshot of the file, through a mapping that spans the file), never how much of the file is
// resident: the kernel may drop mapped file pages at any time, and on a loaded machine it did.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-resident-'));
const file = path.join(dataDir, 'haulboard.db');
const config = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: dataDir, DEMO_DATA: 'true', DEMO_LEDGERS: 'false', LOG_LEVEL: 'silent', ...env });

/**
 * This process's mappings of `file` (/proc/self/smaps: a header line, then fields): `size` is the span mapped, which
 * only the mapping's owner changes; `resident` is how much of it is in memory now, which the kernel decides.
 */
function mappings(mapped = file): { size: number; resident: number }[] {
  const found: { size: number; resident: number }[] = [];
  const kB = (line: string) => Number(/(\d+) kB/.exec(line)![1]) * 1024;
  let current = false;
  for (const line of fs.readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) {
      current = line.trimEnd().endsWith(` ${mapped}`);
      if (current) found.push({ size: 0, resident: 0 });
    } else if (current && line.startsWith('Size:')) found.at(-1)!.size = kB(line);
    else if (current && line.startsWith('Rss:')) found.at(-1)!.resident = kB(line);
  }
  return found;
}
/** The widest span of `file` that one mapping covers. */
const widestMapping = (mapped = file) => Math.max(0, ...mappings(mapped).map((m) => m.size));

describe('keeping the SQLite file in memory', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('maps every page of the file in a worker, keeps it mapped until the server closes, and is off on request', async () => {
    // First start: creates and seeds the file, which reads much of it through the server's own map.
    const seeding = await createServer(config({ SQLITE_KEEP_RESIDENT: 'false' }), { logger: false });
    expect(seeding.resident).toBeNull();
    await seeding.app.close();
    expect(mappings()).toEqual([]);

    // Without the worker a restarted server has read only a little of it.
    const plain = await createServer(config({ SQLITE_KEEP_RESIDENT: 'false' }), { logger: false });
    await plain.app.ready();
    const fileBytes = fs.statSync(file).size;
    expect(fileBytes).toBeGreaterThan(4 * 1024 * 1024);
    // (A check that load can only make easier: the kernel may drop pages, never add ones nobody read.)
    expect(Math.max(0, ...mappings().map((m) => m.resident))).toBeLessThan(fileBytes / 2);
    await plain.app.close();

    const kept = await createServer(config({}), { logger: false });
    expect(kept.resident).not.toBeNull();
    const figures = await kept.resident!.firstWalk;
    expect(figures.skipped).toEqual([]);
    expect(figures.btrees).toBeGreaterThan(50);
    expect(figures.mappedBytes).toBe(fs.statSync(file).size);
    expect(figures.pages * figures.pageSize).toBe(figures.mappedBytes);
    // The worker's connection maps the whole file and keeps it mapped while the server runs.
    expect(widestMapping()).toBeGreaterThanOrEqual(figures.mappedBytes);
    expect((await kept.app.inject({ url: '/api/health' })).json().value).toEqual({
      status: 'ok',
      database: 'sqlite',
      fileInMemory: 'in memory',
    });
    await kept.app.close();
    expect(mappings()).toEqual([]);
  });

  it('is off without a memory map, and on unless SQLITE_KEEP_RESIDENT says otherwise', async () => {
    expect(loadConfig({}).sqliteKeepResident).toBe(true);
    expect(loadConfig({ SQLITE_KEEP_RESIDENT: 'false' }).sqliteKeepResident).toBe(false);
    const unmapped = await createServer(config({ SQLITE_MMAP_MB: '0' }), { logger: false });
    expect(unmapped.resident).toBeNull();
    expect((await unmapped.app.inject({ url: '/api/health' })).json().value).toEqual({
      status: 'ok',
      database: 'sqlite',
    });
    await unmapped.app.close();
  });
});

describe('the walk', () => {
  it('maps the pages of tables and indexes, then those the file has gained since, and keeps the earlier ones mapped', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-rewalk-'));
    const dbFile = path.join(dir, 'grow.db');
    const writer = new SQLite(dbFile);
    writer.pragma('journal_mode = WAL');
    writer.exec('create table t (id integer primary key, text text)');
    const grow = writer.prepare('insert into t (text) values (hex(randomblob(200)))');
    const addRows = writer.transaction((n: number) => {
      for (let i = 0; i < n; i++) grow.run();
    });
    addRows(5000);
    // Built after the rows, the index is a run of pages of its own, about half the file: touching the table's
    // pages does not bring it in.
    writer.exec('create index t_text on t (text)');
    writer.pragma('wal_checkpoint(TRUNCATE)');
    const resident = keepFileResident(dbFile, 64 * 1024 * 1024, { rewalkMs: 300 });
    try {
      const first = await resident.firstWalk;
      expect(first).toMatchObject({ btrees: 2, skipped: [], mappedBytes: fs.statSync(dbFile).size });
      expect(widestMapping(dbFile)).toBeGreaterThanOrEqual(first.mappedBytes);
      addRows(20000);
      writer.pragma('wal_checkpoint(TRUNCATE)');
      const grownAt = Date.now();
      const grown = fs.statSync(dbFile).size;
      expect(grown).toBeGreaterThan(first.mappedBytes * 3);
      // The first walk that began once every new page was in the file (earlier ones may have seen it half-grown).
      const later = await new Promise<ResidentFigures>((resolve, reject) => {
        resident.onEvent = (event) => {
          if (event.kind === 'error') reject(new Error(event.message));
          else if (event.figures.startedAt > grownAt) resolve(event.figures);
        };
      });
      expect(later).toMatchObject({ btrees: 2, skipped: [], pages: grown / 4096, mappedBytes: grown });
      // A connection that walked the grown file still maps all of it, the pages mapped at first included.
      expect(widestMapping(dbFile)).toBeGreaterThanOrEqual(grown);
    } finally {
      await resident.stop();
      writer.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(mappings(dbFile)).toEqual([]);
  });
});
