import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { type ResidentFigures, keepFileResident } from '../../server/db/residentFile';
import { createServer } from '../../server/server';

// Linux only: the test reads this process's memory maps.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-resident-'));
const file = path.join(dataDir, 'haulboard.db');
const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, DEMO_DATA: 'true', LOG_LEVEL: 'silent', ...env });

/** Bytes of `file` in memory through each of this process's mappings of it (/proc/self/smaps: a header, then fields). */
function mappedResidentBytes(mapped = file): number[] {
  const sizes: number[] = [];
  let current = false;
  for (const line of fs.readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) current = line.trimEnd().endsWith(` ${mapped}`);
    else if (current && line.startsWith('Rss:')) sizes.push(Number(/(\d+) kB/.exec(line)![1]) * 1024);
  }
  return sizes;
}

describe('keeping the SQLite file in memory', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('maps every page of the file in a worker, keeps it mapped until the server closes, and is off on request', async () => {
    // First start: creates and seeds the file, which reads much of it through the server's own map.
    const seeding = await createServer(config({ SQLITE_KEEP_RESIDENT: 'false' }), { logger: false });
    expect(seeding.resident).toBeNull();
    await seeding.app.close();
    expect(mappedResidentBytes()).toEqual([]);

    // Without the worker a restarted server has read only a little of it.
    const plain = await createServer(config({ SQLITE_KEEP_RESIDENT: 'false' }), { logger: false });
    await plain.app.ready();
    const fileBytes = fs.statSync(file).size;
    expect(fileBytes).toBeGreaterThan(4 * 1024 * 1024);
    expect(Math.max(0, ...mappedResidentBytes())).toBeLessThan(fileBytes / 2);
    await plain.app.close();

    const kept = await createServer(config({}), { logger: false });
    expect(kept.resident).not.toBeNull();
    const figures = await kept.resident!.firstWalk;
    expect(figures.skipped).toEqual([]);
    expect(figures.btrees).toBeGreaterThan(50);
    expect(figures.mappedBytes).toBe(fs.statSync(file).size);
    // Free pages are not walked; the seeded file has next to none.
    expect(Math.max(...mappedResidentBytes())).toBeGreaterThan(figures.mappedBytes * 0.9);
    expect((await kept.app.inject({ url: '/api/health' })).json().value).toEqual({ status: 'ok', database: 'sqlite', fileInMemory: 'in memory' });
    await kept.app.close();
    expect(mappedResidentBytes()).toEqual([]);
  });

  it('is off without a memory map, and on unless SQLITE_KEEP_RESIDENT says otherwise', async () => {
    expect(loadConfig({}).sqliteKeepResident).toBe(true);
    expect(loadConfig({ SQLITE_KEEP_RESIDENT: 'false' }).sqliteKeepResident).toBe(false);
    const unmapped = await createServer(config({ SQLITE_MMAP_MB: '0' }), { logger: false });
    expect(unmapped.resident).toBeNull();
    expect((await unmapped.app.inject({ url: '/api/health' })).json().value).toEqual({ status: 'ok', database: 'sqlite' });
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
    const grow = writer.prepare("insert into t (text) values (hex(randomblob(200)))");
    const addRows = writer.transaction((n: number) => { for (let i = 0; i < n; i++) grow.run(); });
    addRows(5000);
    // Built after the rows, the index is a run of pages of its own, about half the file: touching the table's
    // pages does not bring it in.
    writer.exec('create index t_text on t (text)');
    writer.pragma('wal_checkpoint(TRUNCATE)');
    const resident = keepFileResident(dbFile, 64 * 1024 * 1024, { rewalkMs: 300 });
    try {
      const first = await resident.firstWalk;
      expect(first.btrees).toBe(2);
      expect(first.mappedBytes).toBe(fs.statSync(dbFile).size);
      expect(Math.max(...mappedResidentBytes(dbFile))).toBeGreaterThan(first.mappedBytes * 0.95);
      addRows(20000);
      writer.pragma('wal_checkpoint(TRUNCATE)');
      const grown = fs.statSync(dbFile).size;
      expect(grown).toBeGreaterThan(first.mappedBytes * 3);
      const later = await new Promise<ResidentFigures>((resolve, reject) => {
        resident.onEvent = (event) => {
          if (event.kind === 'error') reject(new Error(event.message));
          else if (event.figures.mappedBytes === grown) resolve(event.figures);
        };
      });
      expect(later.pages * 4096).toBe(grown);
      expect(Math.max(...mappedResidentBytes(dbFile))).toBeGreaterThan(grown * 0.9);
    } finally {
      await resident.stop();
      writer.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(mappedResidentBytes(dbFile)).toEqual([]);
  });
});
