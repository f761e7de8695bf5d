import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { migrationNames } from './migrate';

/**
 * Backups of the embedded database (npm run backup / npm run restore).
 *
 * A backup is two files: FILE, a standalone SQLite database (one file, no -wal beside it; the sqlite3 shell opens
 * it), and FILE.jwt-secret (mode 600) when the signing secret was generated into DATA_DIR rather than given as
 * JWT_SECRET. The copy is taken with SQLite's online backup while the server keeps serving: one step copies every
 * page inside one read transaction, so it is the database as of one moment, and in WAL mode the server's writes go
 * on meanwhile. A file copy of a live WAL database would not be: recent commits sit in the -wal file.
 */

export const DATABASE_FILE = 'haulboard.db';
export const SECRET_FILE = 'jwt-secret';

/** What refuses a restore: the message says what to do. */
export class BackupError extends Error {}

export interface BackupFigures {
  file: string;
  bytes: number;
  pages: number;
  ms: number;
  /** Of which: copying the pages, checking the copy, writing it to disk (fsync). */
  phases: { copyMs: number; checkMs: number; syncMs: number };
  /** Where the signing secret went, or why it did not. */
  secret: { file: string } | { skipped: string };
}

export interface Checked {
  pages: number;
  migrations: string[];
}

const secretBeside = (file: string) => `${file}.${SECRET_FILE}`;

function fsyncPath(target: string): void {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Write `text` to `target` through a temporary name, so `target` is either the old file or the whole new one. */
function writeAtomically(target: string, text: string | Buffer, mode: number): void {
  const temporary = `${target}.partial-${process.pid}`;
  fs.writeFileSync(temporary, text, { mode });
  fs.chmodSync(temporary, mode);
  fsyncPath(temporary);
  fs.renameSync(temporary, target);
}

/**
 * Integrity check, then the schema: a Haulboard database whose migrations this code all knows (a file from a newer
 * version could have tables and columns this code would not keep up). Also leaves the file in rollback-journal mode,
 * so that it is one file. Throws a BackupError saying what is wrong.
 */
export function checkDatabaseFile(file: string): Checked {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { fileMustExist: true });
    db.pragma('journal_mode = DELETE');
  } catch (error) {
    throw new BackupError(`${file} is not a SQLite database this code can open (${(error as Error).message})`);
  }
  try {
    let problems: string[];
    try {
      problems = (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check);
    } catch (error) {
      problems = [(error as Error).message];
    }
    if (problems.join() !== 'ok')
      throw new BackupError(`${file} failed the integrity check: ${problems.slice(0, 5).join('; ')}`);
    const hasMigrations = db
      .prepare("select 1 from sqlite_schema where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!hasMigrations) throw new BackupError(`${file} is not a Haulboard database (it has no migration table)`);
    const migrations = db.prepare('select name from kysely_migration order by name').pluck().all() as string[];
    const known = migrationNames();
    const unknown = migrations.filter((name) => !known.includes(name));
    if (unknown.length) {
      throw new BackupError(
        `${file} was made by a newer Haulboard (its schema has migrations this version does not know: ${unknown.join(', ')}); restore it with that version or a later one`,
      );
    }
    return { pages: db.pragma('page_count', { simple: true }) as number, migrations };
  } finally {
    db.close();
  }
}

/** Copies DATA_DIR's database (and its generated secret) to `out`. The server may keep running. */
export async function backupDatabase(
  dataDir: string,
  out: string,
  { secretFromEnv }: { secretFromEnv: boolean },
): Promise<BackupFigures> {
  const started = performance.now();
  const source = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source} (DATA_DIR): nothing to back up`);
  const target = path.resolve(out);
  const live = path.join(dataDir, DATABASE_FILE);
  if ([live, `${live}-wal`, `${live}-shm`, `${live}-journal`].includes(target))
    throw new BackupError('The backup must not be written over the database or its -wal, -shm and -journal files');
  if (!fs.existsSync(path.dirname(target))) throw new BackupError(`The folder ${path.dirname(target)} does not exist`);

  const temporary = `${target}.partial-${process.pid}`;
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    // The first step only starts the backup; the second copies every page in one go, in one read transaction (in
    // small steps, a write by the server between two steps would start the copy over, again and again).
    await db.backup(temporary, { progress: () => 0x7fffffff });
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  } finally {
    db.close();
  }
  const copied = performance.now();
  let checked: Checked;
  let synced: number;
  try {
    checked = checkDatabaseFile(temporary);
    fs.chmodSync(temporary, 0o600);
    synced = performance.now();
    fsyncPath(temporary);
    fs.renameSync(temporary, target);
    fsyncPath(path.dirname(target));
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
  const phases = {
    copyMs: Math.round(copied - started),
    checkMs: Math.round(synced - copied),
    syncMs: Math.round(performance.now() - synced),
  };

  let secret: BackupFigures['secret'];
  const secretFile = path.join(dataDir, SECRET_FILE);
  if (secretFromEnv)
    secret = { skipped: 'the signing secret comes from JWT_SECRET: keep it where you keep that setting' };
  else if (!fs.existsSync(secretFile)) secret = { skipped: `there is no ${secretFile} yet` };
  else {
    writeAtomically(secretBeside(target), fs.readFileSync(secretFile), 0o600);
    secret = { file: secretBeside(target) };
  }
  return {
    file: target,
    bytes: fs.statSync(target).size,
    pages: checked.pages,
    ms: Math.round(performance.now() - started),
    phases,
    secret,
  };
}

/**
 * Holds the database so that nothing else can use it, or throws when something does. Every connection to a WAL
 * database holds a shared lock on the file while it is open (the server's for its whole life, the resident-file
 * worker's too); an exclusive lock is only granted when there is none. The operating system drops a process's locks
 * when it ends, so a server that crashed leaves nothing behind that could block a restore.
 */
function holdExclusively(file: string): SQLite.Database {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('begin exclusive');
    db.exec('commit');
    return db;
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new BackupError(
        `${file} is in use by another process (a running server, or a seed or backup): stop it, then restore`,
      );
    }
    throw error;
  }
}

/** Throws when a server (or anything else) has DATA_DIR's database open. */
export function assertNotInUse(dataDir: string): void {
  const file = path.join(dataDir, DATABASE_FILE);
  if (fs.existsSync(file)) holdExclusively(file).close();
}

export interface RestoreFigures extends Checked {
  /** Where the replaced database and secret were kept. */
  keptAside: string[];
  secretRestored: boolean;
}

const stamp = (now: Date) =>
  now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');

/**
 * Puts the backup `file` in DATA_DIR's place: refuses while the database is in use, checks a copy of the backup
 * inside DATA_DIR first, then keeps the current database (and secret) aside under a timestamped name.
 */
export function restoreDatabase(dataDir: string, file: string, now = new Date()): RestoreFigures {
  const backup = path.resolve(file);
  if (!fs.existsSync(backup)) throw new BackupError(`There is no file ${backup}`);
  fs.mkdirSync(dataDir, { recursive: true });
  assertNotInUse(dataDir);

  const current = path.join(dataDir, DATABASE_FILE);
  const incoming = `${current}.restoring-${process.pid}`;
  const keptAside: string[] = [];
  let checked: Checked;
  try {
    // The copy inside DATA_DIR is what gets checked and then renamed into place (a rename within one folder).
    fs.copyFileSync(backup, incoming);
    checked = checkDatabaseFile(incoming);
    fsyncPath(incoming);
    if (fs.existsSync(current)) {
      const lock = holdExclusively(current);
      try {
        // Back to rollback-journal mode: the -wal file is checkpointed into the file and removed, so nothing of the
        // old database is left beside the new one under its name.
        lock.pragma('journal_mode = DELETE');
        const aside = `${current}.before-restore-${stamp(now)}`;
        fs.linkSync(current, aside);
        keptAside.push(aside);
        fs.rmSync(`${current}-shm`, { force: true });
        fs.renameSync(incoming, current);
      } finally {
        lock.close();
      }
    } else {
      // A -wal file left without its database would be replayed onto the new one.
      for (const suffix of ['-wal', '-shm']) fs.rmSync(current + suffix, { force: true });
      fs.renameSync(incoming, current);
    }
    fsyncPath(dataDir);
  } finally {
    fs.rmSync(incoming, { force: true });
  }

  const secretBackup = secretBeside(backup);
  const secretRestored = fs.existsSync(secretBackup);
  const secret = path.join(dataDir, SECRET_FILE);
  if (secretRestored && !(fs.existsSync(secret) && fs.readFileSync(secret).equals(fs.readFileSync(secretBackup)))) {
    if (fs.existsSync(secret)) {
      const aside = `${secret}.before-restore-${stamp(now)}`;
      fs.renameSync(secret, aside);
      keptAside.push(aside);
    }
    writeAtomically(secret, fs.readFileSync(secretBackup), 0o600);
  }
  return { ...checked, keptAside, secretRestored };
}
