import type SQLite from 'better-sqlite3';

/** What Kysely's SQLite driver calls on a prepared statement. */
export interface KyselyStatement {
  readonly reader: boolean;
  readonly busy: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): SQLite.RunResult;
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
}

/**
 * The database handle Kysely's SqliteDialect is given, with two savings on every query:
 * - Prepared statements kept by SQL text: Kysely prepares every query afresh, and preparing costs more than running
 *   our small indexed queries (queries are parameterised, so the set is small). A fresh one is prepared only while
 *   the cached one is busy streaming.
 * - Rows read as arrays and turned into objects by a function made once per statement: better-sqlite3 builds each row
 *   object key by key, which for the book-order list (50 rows of 35 columns) took as long as the query itself.
 */
export function statementCache(sqlite: SQLite.Database, max = 2000) {
  const cache = new Map<string, KyselyStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): KyselyStatement {
      const cached = cache.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = fastRows(sqlite.prepare(sql));
      if (!cached) {
        if (cache.size >= max) cache.clear();
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

function fastRows(statement: SQLite.Statement): KyselyStatement {
  const columns = statement.reader ? statement.columns().map((c) => c.name) : [];
  // A column named __proto__ would set the prototype in an object literal; such a statement keeps better-sqlite3's rows.
  if (!statement.reader || columns.includes('__proto__')) {
    return {
      reader: statement.reader,
      get busy() {
        return statement.busy;
      },
      all: (p) => statement.all(p),
      run: (p) => statement.run(p),
      iterate: (p) => statement.iterate(p),
    };
  }
  // Column names are JSON-quoted into the literal; a repeated name keeps its last value, as better-sqlite3 does.
  const toObject = new Function(
    'row',
    `return { ${columns.map((name, i) => `${JSON.stringify(name)}: row[${i}]`).join(', ')} };`,
  ) as (row: unknown[]) => unknown;
  statement.raw(true);
  return {
    reader: true,
    get busy() {
      return statement.busy;
    },
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(toObject),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const row of statement.iterate(parameters)) yield toObject(row as unknown[]);
    },
  };
}
