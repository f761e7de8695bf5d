import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, listen, startServerProcess } from '../helpers/hub';
import { inDays, makeVin } from '../helpers/records';
import { type TestServer, fingerprint, startTestServer } from '../helpers/server';

/**
 * npm run backup / npm run restore, run as the operator would (their own processes) against a server that keeps
 * serving. The backup must be the database as of one moment: every order acknowledged before it started, then
 * possibly some of those acknowledged while it ran, in order, each whole, and nothing after.
 */
const execute = promisify(execFile);
const root = path.resolve(__dirname, '../..');
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-backup-'));
const cli = (script: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  execute(process.execPath, ['--import', 'tsx', `server/cli/${script}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', JWT_SECRET: '', LOG_LEVEL: 'silent', ...env },
  });
/** The exit code and output of a run expected to fail. */
const refusal = (run: Promise<unknown>) =>
  run.then(
    () => {
      throw new Error('expected the command to fail');
    },
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const listing = (dir: string) => fs.readdirSync(dir).sort();
const freshDir = (name: string) => fs.mkdtempSync(path.join(temp, `${name}-`));

function integrity(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

/** Enough of a database to tell two apart: row counts and highest ids of the tables the demo seed fills most. */
function summary(file: string): Record<string, unknown>[] {
  const db = new SQLite(file);
  try {
    return ['users', 'book_orders', 'book_order_vehicles', 'audit_log', 'sessions'].map(
      (table) =>
        db.prepare(`select '${table}' as t, count(*) as n, max(id) as hi from ${table}`).get() as Record<
          string,
          unknown
        >,
    );
  } finally {
    db.close();
  }
}

describe('backup and restore of the embedded database', () => {
  let server: TestServer;
  let base: string;
  let token: string;
  let order: Record<string, unknown>;
  let vin = 7000;
  let backupFile: string;
  /** The orders the API acknowledged, in the order it did. */
  const acknowledged: { id: number; vin: string }[] = [];

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    base = await listen(server);
    token = await server.login('dispatcher@haulboard.demo');
    const db = server.db;
    const first = async (table: 'brokers' | 'shippers' | 'carriers') =>
      (await db.selectFrom(table).select('id').where('deleted_at', 'is', null).orderBy('id').executeTakeFirstOrThrow())
        .id;
    const dispatcherId = (
      await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'dispatcher@haulboard.demo')
        .executeTakeFirstOrThrow()
    ).id;
    const tx = (await db.selectFrom('states').select('id').where('abbreviation', '=', 'TX').executeTakeFirstOrThrow())
      .id;
    const stop = (city: string, zip: string, days: number) => ({
      venue: null,
      address: '100 Main St',
      city,
      stateId: tx,
      zip,
      contactName: null,
      contactPhone: null,
      dateType: 'EXACT',
      date: inDays(days),
      dateTo: null,
    });
    order = {
      loadBoard: 'Central Dispatch',
      externalLoadId: null,
      brokerId: await first('brokers'),
      shipperId: await first('shippers'),
      carrierId: await first('carriers'),
      dispatcherId,
      driverId: null,
      truckId: null,
      trailerId: null,
      trailerType: 'OPEN',
      pickup: stop('Dallas', '75201', 2),
      delivery: stop('Austin', '78701', 4),
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
  });
  afterAll(() => server?.close());

  /** One book order with one vehicle, through the API; recorded once the server has answered 200. */
  async function write(): Promise<void> {
    const vehicle = {
      vin: makeVin(++vin),
      year: 2021,
      make: 'Toyota',
      model: 'Camry',
      type: 'SEDAN',
      color: null,
      inoperable: false,
      lotNumber: null,
      stockNumber: null,
      price: 0,
    };
    const response = await fetch(`${base}/api/BookOrder`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...order, vehicles: [vehicle] }),
    });
    const body = (await response.json()) as { value: { id: number } };
    expect(response.status, JSON.stringify(body)).toBe(200);
    acknowledged.push({ id: body.value.id, vin: vehicle.vin });
  }

  it('backs up while the server takes writes; the restored copy has every write acknowledged before, in order and whole, and passes the integrity check', async () => {
    // The server's connection stops moving its -wal file into the database file, so every write of this test is in
    // the -wal file only, as recent writes are: a copy of the database file alone would have none of them.
    await sql`pragma wal_autocheckpoint = 0`.execute(server.db);
    for (let i = 0; i < 5; i++) await write();
    const before = acknowledged.length;
    backupFile = path.join(temp, 'haulboard-backup.db');
    let finished = false;
    const backup = cli('backup', ['--out', backupFile], { DATA_DIR: server.config.dataDir }).finally(
      () => (finished = true),
    );
    while (!finished) await write();
    const { stdout } = await backup;
    await sql`pragma wal_autocheckpoint = 1000`.execute(server.db);
    expect(stdout).toMatch(/Backed up .* integrity check ok/);
    expect(stdout).toContain(`Signing secret: ${backupFile}.jwt-secret (mode 600)`);
    expect(fs.statSync(`${backupFile}.jwt-secret`).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(`${backupFile}-wal`)).toBe(false);
    // The server kept answering while the backup ran.
    expect(acknowledged.length).toBeGreaterThan(before);

    const restoredDir = freshDir('restored');
    const restored = await cli('restore', [backupFile], { DATA_DIR: restoredDir });
    expect(restored.stdout).toContain('integrity check ok');
    expect(restored.stdout).toContain('Signing secret restored');
    const file = path.join(restoredDir, 'haulboard.db');
    expect(integrity(file)).toBe('ok');

    const copy = new SQLite(file, { readonly: true });
    const ids = acknowledged.map((w) => w.id);
    const present = copy
      .prepare(`select id from book_orders where id in (${ids.join(',')}) order by id`)
      .pluck()
      .all() as number[];
    const vins = new Map(
      (
        copy
          .prepare(`select book_order_id as id, vin from book_order_vehicles where book_order_id in (${ids.join(',')})`)
          .all() as { id: number; vin: string }[]
      ).map((v) => [v.id, v.vin]),
    );
    copy.close();
    // A prefix of the acknowledged writes, at least those before the backup began; each order with its vehicle.
    expect(present.length).toBeGreaterThanOrEqual(before);
    expect(present).toEqual(ids.slice(0, present.length));
    for (const w of acknowledged.slice(0, present.length)) expect(vins.get(w.id)).toBe(w.vin);

    // A server on the restored data dir serves them, and accepts a token the first server signed (same secret).
    const second = await startTestServer('sqlite', { DATA_DIR: restoredDir });
    try {
      const last = acknowledged[present.length - 1];
      const response = await second.call({ method: 'GET', url: `/api/BookOrder/${last.id}`, token });
      expect(response.status).toBe(200);
      expect(response.body.value.vehicles.map((v: { vin: string }) => v.vin)).toEqual([last.vin]);
    } finally {
      await second.app.close();
    }
  });

  it('refuses to restore while a server has the database open, and changes nothing', async () => {
    const dataDir = server.config.dataDir;
    const files = listing(dataDir);
    const state = await fingerprint(server.db);
    const refused = await refusal(cli('restore', [backupFile], { DATA_DIR: dataDir }));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is in use by another process .*stop it, then restore/);
    expect(refused.stderr).toContain('Nothing was changed.');
    expect(listing(dataDir)).toEqual(files);
    expect(await fingerprint(server.db)).toBe(state);
    await write();
  });

  it('refuses a damaged file, a file that is no database and one from a newer version, and changes nothing', async () => {
    const target = freshDir('target');
    await cli('restore', [backupFile], { DATA_DIR: target });
    const files = listing(target);
    const digest = sha256(path.join(target, 'haulboard.db'));

    // A page of the book-order table overwritten with zeros (the page after its root: one of its own).
    const damaged = path.join(temp, 'damaged.db');
    fs.copyFileSync(backupFile, damaged);
    const inspect = new SQLite(damaged, { readonly: true });
    const root = inspect
      .prepare("select rootpage from sqlite_schema where name = 'book_orders'")
      .pluck()
      .get() as number;
    const pageSize = inspect.pragma('page_size', { simple: true }) as number;
    inspect.close();
    const fd = fs.openSync(damaged, 'r+');
    fs.writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (root - 1) * pageSize);
    fs.closeSync(fd);

    const notDatabase = path.join(temp, 'notes.txt');
    fs.writeFileSync(notDatabase, 'not a database\n'.repeat(500));

    const newer = path.join(temp, 'newer.db');
    fs.copyFileSync(backupFile, newer);
    const future = new SQLite(newer);
    future
      .prepare('insert into kysely_migration (name, timestamp) values (?, ?)')
      .run('999_from_a_later_version', new Date().toISOString());
    future.close();

    for (const [file, reason] of [
      [damaged, /failed the integrity check/],
      [notDatabase, /is not a SQLite database/],
      [newer, /made by a newer Haulboard .*999_from_a_later_version/],
      [path.join(temp, 'missing.db'), /There is no file/],
    ] as const) {
      const refused = await refusal(cli('restore', [file], { DATA_DIR: target }));
      expect(refused.code, file).toBe(1);
      expect(refused.stderr, file).toMatch(reason);
      expect(listing(target)).toEqual(files);
      expect(sha256(path.join(target, 'haulboard.db'))).toBe(digest);
    }
  });

  it('restores over the data dir of a server that crashed, keeping the old database and secret aside', async () => {
    const dataDir = freshDir('crashed');
    let crashed: ServerProcess | undefined = await startServerProcess({
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      SQLITE_KEEP_RESIDENT: 'true',
    });
    try {
      expect(await crashed.stop('SIGKILL')).toBeNull();
      crashed = undefined;
      // What the crashed server had committed, part of it only in its -wal file: read from a copy of both files.
      expect(fs.statSync(path.join(dataDir, 'haulboard.db-wal')).size).toBeGreaterThan(0);
      const snapshot = freshDir('snapshot');
      for (const name of ['haulboard.db', 'haulboard.db-wal'])
        fs.copyFileSync(path.join(dataDir, name), path.join(snapshot, name));
      const committed = summary(path.join(snapshot, 'haulboard.db'));
      const { stdout } = await cli('restore', [backupFile], { DATA_DIR: dataDir });
      const aside = listing(dataDir).filter((name) => name.includes('.before-restore-'));
      expect(aside).toEqual([
        expect.stringMatching(/^haulboard\.db\.before-restore-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/),
        expect.stringMatching(/^jwt-secret\.before-restore-/),
      ]);
      expect(stdout).toContain(`Kept aside: ${path.join(dataDir, aside[0])}`);
      // The database kept aside has all of it, the -wal part included, in one file that passes the check.
      expect(integrity(path.join(dataDir, aside[0]))).toBe('ok');
      expect(summary(path.join(dataDir, aside[0]))).toEqual(committed);
      expect(sha256(path.join(dataDir, 'jwt-secret'))).toBe(sha256(`${backupFile}.jwt-secret`));
      expect(listing(dataDir).filter((name) => /-wal$|-shm$|restoring/.test(name))).toEqual([]);
    } finally {
      await crashed?.stop('SIGKILL');
    }
  });
});

describe('backup with DATABASE_URL', () => {
  const url = process.env.TEST_DATABASE_URL;

  it('writes nothing and says to use pg_dump, after checking that it can', async () => {
    const out = path.join(temp, 'pg.dump');
    // A pg_dump older than the server, on an otherwise empty PATH.
    const bin = freshDir('bin');
    fs.writeFileSync(path.join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n', { mode: 0o755 });
    const older = await refusal(
      cli('backup', ['--out', out], { DATABASE_URL: url ?? 'postgres://postgres@127.0.0.1:5432/test', PATH: bin }),
    );
    const missing = await refusal(
      cli('backup', ['--out', out], {
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
        PATH: freshDir('empty'),
      }),
    );
    expect(missing.code).toBe(1);
    expect(missing.stdout).toMatch(/pg_dump is not on PATH/);
    expect(older.code).toBe(1);
    if (url) {
      expect(older.stdout).toMatch(/pg_dump 9\.6\.24 cannot dump a PostgreSQL \d+/);
      const ready = await refusal(cli('backup', ['--out', out], { DATABASE_URL: url }));
      expect(ready.code).toBe(3);
      expect(ready.stdout).toMatch(
        /✓ pg_dump .* is on PATH\n.*✓ the server at DATABASE_URL answers: PostgreSQL [\d.]+\n.*✓ pg_dump \d+ can dump a PostgreSQL \d+ server/,
      );
      expect(ready.stdout).toContain(
        `No backup was written. Make it with pg_dump, e.g.\n  pg_dump --format=custom --file "${out}" "$DATABASE_URL"`,
      );
    }
    const unreachable = await refusal(
      cli('backup', ['--out', out], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', PATH: bin }),
    );
    expect(unreachable.stdout).toMatch(/✗ the server at DATABASE_URL does not answer/);
    expect(fs.existsSync(out)).toBe(false);
  });
});
