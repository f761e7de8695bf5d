import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../server/config';
import { DATABASE_FILE } from '../../server/db/backup';
import { type ServerOptions, createServer } from '../../server/server';
import { scratchDatabase } from './scratchDatabase';
import { TEST_TIME_ZONE } from './testTimeZone';

/**
 * The run's database templates: one database per kind, migrated and seeded with the demo data by a real start of the
 * server with the test servers' settings, made once when the server tests begin (vitest.config.ts, globalSetup) and
 * removed when they end. A test server with those settings starts on a copy (tests/helpers/server.ts): the server's
 * start then finds its migrations applied and its demo data there, as on any restart, and only the first start of the
 * run pays for making them.
 */
export interface DatabaseTemplates {
  /** The embedded database's file, closed (its write-ahead log folded in), to copy into a test's data directory. */
  sqliteFile: string;
  /** PostgreSQL's template database on TEST_DATABASE_URL's server, when set; nobody stays connected to it. */
  postgresName: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates | null;
  }
}

/**
 * The settings of a test server on `dataDir` (and PostgreSQL's `databaseUrl`), before a test's own; the journeys' servers
 * count the company's day in the browser's zone instead (tests/helpers/testTimeZone.ts).
 */
export function testServerSettings(
  dataDir: string,
  databaseUrl?: string,
  timeZone = TEST_TIME_ZONE,
): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    DEMO_LEDGERS: 'false',
    LOG_LEVEL: 'silent',
    SQLITE_KEEP_RESIDENT: 'false',
    COMPANY_TIMEZONE: timeZone,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

/** Settings that change what a start writes into a new database: a test that sets one starts from nothing. */
const SEEDING_SETTINGS = ['DATA_DIR', 'DATABASE_URL', 'DEMO_DATA', 'DEMO_LEDGERS', 'COMPANY_TIMEZONE'];

/** Whether a start with these settings and options makes the same database as the templates' start. */
export function startsLikeTemplate(env: Record<string, string>, options: ServerOptions): boolean {
  return !SEEDING_SETTINGS.some((name) => name in env) && !options.extraMigrations && !options.extraResources;
}

/** The run's templates; null outside vitest's server tests (a script using the helpers) or before they are made. */
export function databaseTemplates(): DatabaseTemplates | null {
  if (!process.env.VITEST) return null;
  try {
    return inject('databaseTemplates') ?? null;
  } catch {
    return null;
  }
}

/** One real start and stop of the server on a new database with the test servers' settings. */
async function startAndStop(timeZone: string, dataDir: string, databaseUrl?: string): Promise<void> {
  const { app } = await createServer(loadConfig(testServerSettings(dataDir, databaseUrl, timeZone)), {
    logger: false,
  });
  await app.ready();
  await app.close();
}

/**
 * vitest's globalSetup of the server tests: makes the templates, provides them, and removes them at the end. The
 * journeys (tests/e2e/journeyTemplate.ts) make only the embedded one, in their own zone: their servers are SQLite.
 */
export default function serverTestTemplates(project: TestProject): Promise<() => Promise<void>> {
  return makeDatabaseTemplates(project, { timeZone: TEST_TIME_ZONE, postgres: true });
}

export async function makeDatabaseTemplates(
  project: TestProject,
  { timeZone, postgres: withPostgres }: { timeZone: string; postgres: boolean },
): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-template-'));
  const serverUrl = withPostgres ? process.env.TEST_DATABASE_URL : undefined;
  const postgres = serverUrl ? await scratchDatabase(serverUrl, 'hb_template') : null;
  const remove = async () => {
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // Each start in a data directory of its own: both write the token secret there.
    const postgresDataDir = path.join(dataDir, 'postgres');
    await Promise.all([
      startAndStop(timeZone, dataDir),
      postgres ? startAndStop(timeZone, postgresDataDir, postgres.url) : null,
    ]);
    if (postgres && serverUrl) await noOneConnected(serverUrl, postgres.name);
  } catch (error) {
    await remove();
    throw error;
  }
  const sqliteFile = path.join(dataDir, DATABASE_FILE);
  for (const leftover of ['-wal', '-shm'])
    if (fs.existsSync(sqliteFile + leftover))
      throw new Error(`the SQLite template ${sqliteFile} was not closed cleanly (${leftover} is left)`);
  project.provide('databaseTemplates', { sqliteFile, postgresName: postgres?.name ?? null });
  return remove;
}

/**
 * PostgreSQL copies a template only while nobody is connected to it: wait (2 s at most) for the closed server's
 * connections to end, which they do as the pool's sockets close.
 */
async function noOneConnected(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 40; attempt++) {
      const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0].n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { rows } = await client.query(
      'select application_name, state, left(query, 60) as query from pg_stat_activity where datname = $1',
      [name],
    );
    throw new Error(
      `the PostgreSQL template ${name} still has connections after the server closed: ${JSON.stringify(rows)}`,
    );
  } finally {
    await client.end();
  }
}
