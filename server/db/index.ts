import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database, Db } from './types';

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
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the server drops (restart, pg_terminate_backend) emits 'error' on the pool; unhandled, that
    // would end the process. The pool discards the connection and opens a new one on the next query.
    pool.on('error', (error) => console.error(`PostgreSQL closed an idle connection: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', file: null, close: () => db.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'haulboard.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', file, close: () => db.destroy() };
}

/**
 * Kysely prepares every query afresh; preparing costs more than running our small indexed queries. Keep the
 * prepared statements by SQL text (queries are parameterised, so the set is small), and prepare a fresh one
 * only while the cached one is busy streaming.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  const MAX = 2000;
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      const cached = cache.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      if (!cached) {
        if (cache.size >= MAX) cache.clear();
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}
