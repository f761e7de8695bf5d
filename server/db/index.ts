import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { DATABASE_FILE } from './backup';
import { statementCache } from './sqliteStatements';
import type { Database, Db } from './types';

/** SQLite page cache per connection (KiB; SQLite's default is 16 MiB): keeps the upper levels of the big indexes. */
export const SQLITE_CACHE_KIB = 65_536;

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** For the embedded database: the file on disk. */
  file: string | null;
  close(): Promise<void>;
}

// COUNT(*) and SUM() come back from PostgreSQL as int8 text; our counts and cents fit in a double.
pg.types.setTypeParser(20, (text) => Number(text));

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** SQLite: how much of the file to read through a memory map (MiB; 0 = none). */
  mmapMb?: number;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on('connect', namedStatements);
    // An idle connection the server drops (restart, pg_terminate_backend) emits 'error' on the pool; unhandled, that
    // would end the process. The pool discards the connection and opens a new one on the next query.
    pool.on('error', (error) => console.error(`PostgreSQL closed an idle connection: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', file: null, close: () => db.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, DATABASE_FILE);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Reading through a memory map skips a copy per page: GET by id on the 2 GB million-order file took a third of the time.
  const mmapBytes = Math.floor((options.mmapMb ?? 0) * 1024 * 1024);
  if (mmapBytes) sqlite.pragma(`mmap_size = ${mmapBytes}`);
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statementCache(sqlite) }) });
  return { db, dialect: 'sqlite', file, close: () => db.destroy() };
}

/**
 * PostgreSQL plans an unnamed statement afresh on every call; for the nine-join book-order query that planning took
 * longer than running it (2 ms of planning for 1 ms of running a page of the list). Queries with parameters
 * (Kysely's, so never several statements in one text) and single SELECTs without any (a list page of every order:
 * its LIMIT is in the text, see server/db/prepared.ts literalPage) become named statements, prepared once per
 * connection and then executed with their plan cached by the server. Exported for the benchmark's bare baseline
 * (bench/orders.ts), which runs the same SQL the same way.
 */
export function namedStatements(client: pg.ClientBase): void {
  const names = new Map<string, string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    const given = values === undefined ? [] : values;
    if (typeof config === 'string' && Array.isArray(given) && (given.length > 0 || oneSelect(config))) {
      let name = names.get(config);
      if (!name) {
        if (names.size >= 5000) names.clear();
        name = `hb_${crypto.createHash('sha1').update(config).digest('base64url')}`;
        names.set(config, name);
      }
      return query({ name, text: config, values: given }, callback);
    }
    return query(config, values, callback);
  }) as typeof client.query;
}

/**
 * A text that is one SELECT (no semicolon anywhere, so never several statements) and not a page past the first (its
 * OFFSET is in the text: paging deep would leave a prepared statement per page on the connection): it may be prepared.
 */
const oneSelect = (text: string) =>
  /^\s*(select|with)\s/i.test(text) && !text.includes(';') && !/\boffset\s/i.test(text);
