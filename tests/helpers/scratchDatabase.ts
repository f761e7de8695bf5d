import pg from 'pg';

/**
 * A throwaway PostgreSQL database: made on a server (empty, or a copy of a template), used, dropped. The one way the tests (tests/helpers/server.ts,
 * tests/e2e/servers.ts) and the benchmarks (bench/lib.ts scratchPostgres) make one; it imports nothing of the project,
 * so bench/ may import it from here.
 */
export interface ScratchDatabase {
  /** Its name: `<prefix>_<pid>_<random>`, lower case, so it needs no quoting and two processes never meet. */
  name: string;
  /** The server's URL with this database in its path. */
  url: string;
  /** Drops it, whoever is still connected (WITH (FORCE)); a second call does nothing. */
  drop(): Promise<void>;
}

/** One statement on its own connection to the server (CREATE and DROP DATABASE cannot run in a transaction). */
async function runOn(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const PLAIN_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * A new database on the PostgreSQL server of `serverUrl` (any database of it: the URL's path is replaced): empty, or a
 * copy of the database `template` (which nobody may be connected to while it is copied).
 */
export async function scratchDatabase(serverUrl: string, prefix: string, template?: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`.toLowerCase();
  if (!PLAIN_NAME.test(name)) throw new Error(`scratchDatabase: "${prefix}" makes no plain database name`);
  if (template !== undefined && !PLAIN_NAME.test(template))
    throw new Error(`scratchDatabase: "${template}" is no plain database name`);
  await runOn(serverUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | null = null;
  return {
    name,
    url: url.toString(),
    drop: () => (dropped ??= runOn(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}
