import type { FastifyInstance } from 'fastify';
import type { Kysely, Migration } from 'kysely';
import type { AnyResource } from '../schema/define/resource';
import { RECORD_RESOURCES } from '../schema/resources';
import { buildApp } from './app';
import { resolveJwtSecret } from './auth/secret';
import type { Config } from './config';
import type { LogDestination } from './http/logging';
import { type DatabaseHandle, openDatabase } from './db';
import { migrateToLatest } from './db/migrate';
import type { AnyJob } from './jobs/define';
import { migrateQueue } from './jobs/postgres';
import { predicateLockWarning } from './db/transaction';
import { keepFileResident, type ResidentFile } from './db/residentFile';
import { seedDemo, seedReference } from './db/seed';
import { COMPANY_SETTINGS_REFRESH_MS, CompanyTimeZone } from './modules/company/timeZone';
import { type ObjectStore, createObjectStore } from './files/objectStore';

export interface Server {
  app: FastifyInstance;
  database: DatabaseHandle;
  demoSeeded: boolean;
  /** SQLite with a memory map and SQLITE_KEEP_RESIDENT: the worker keeping the file in memory. */
  resident: ResidentFile | null;
}

/** Opens and migrates the database, seeds what is missing and builds the app (not yet listening). */
export interface ServerOptions {
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: LogDestination;
  /** Record resources served besides schema/resources, with the migrations of their tables (the tests' throw-away one). */
  extraResources?: readonly AnyResource[];
  extraMigrations?: Readonly<Record<string, Migration>>;
  /** Jobs run besides the server's own (the tests' counting jobs). */
  extraJobs?: readonly AnyJob[];
  /** How often the company's settings are read again (COMPANY_SETTINGS_REFRESH_MS; tests of several servers shorten it). */
  companySettingsRefreshMs?: number;
}

export async function createServer(config: Config, options: ServerOptions = {}): Promise<Server> {
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    mmapMb: config.sqliteMmapMb,
  });
  let resident: ResidentFile | null = null;
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(database.db, options.extraMigrations);
    // graphile-worker's schema, before anything (the seed included) may enqueue a job.
    if (config.databaseUrl) await migrateQueue(config.databaseUrl);
    // The company's day is in force before anything dates anything (the demo data too).
    const companyZone = new CompanyTimeZone(
      config.companyTimeZone,
      options.companySettingsRefreshMs ?? COMPANY_SETTINGS_REFRESH_MS,
      (message) => app?.log.info(message),
    );
    await companyZone.load(database.db);
    await seedReference(database.db, [...RECORD_RESOURCES, ...(options.extraResources ?? [])]);
    const demoSeeded = config.demoData
      ? await seedDemo(database.db, database.dialect, { ledgers: config.demoLedgers })
      : false;
    const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
    // A configured object store answers before the server does: a wrong S3_URL stops the start, not the first upload.
    const files = config.s3 ? createObjectStore(config.s3, config.s3Region) : null;
    if (files) await storeAnswers(files);
    resident =
      database.file && config.sqliteKeepResident && config.sqliteMmapMb > 0
        ? keepFileResident(database.file, config.sqliteMmapMb * 1024 * 1024)
        : null;
    app = await buildApp({
      files,
      config,
      database,
      resident,
      jwtSecret,
      logger: options.logger,
      logStream: options.logStream,
      extraResources: options.extraResources,
      extraJobs: options.extraJobs,
      companyZone,
    });
    // Serializable writes (db/transaction.ts) keep what they read in PostgreSQL's predicate-lock table: say when it is small.
    const lockWarning = await predicateLockWarning(database.db as Kysely<unknown>);
    if (lockWarning) app.log.warn(lockWarning);
    if (resident) logResidentFile(resident, app);
    app.addHook('onClose', async () => {
      await resident?.stop();
      await database.close();
    });
    return { app, database, demoSeeded, resident };
  } catch (error) {
    await resident?.stop();
    await database.close();
    throw error;
  }
}

/** How long the start waits for the object store of S3_URL. */
const STORE_WAIT_MS = 20_000;

/**
 * The object store answers (its bucket made if missing), or the start stops saying so. The wait has its own timer:
 * the S3 client's retries alone do not keep the process alive, and it would end silently, with success, mid-start.
 */
async function storeAnswers(files: ObjectStore): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${STORE_WAIT_MS / 1000} s`)), STORE_WAIT_MS);
  });
  try {
    await Promise.race([files.ready(), late]);
  } catch (error) {
    throw new Error(`The object store of S3_URL (${files.where}) does not answer: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    clearTimeout(timer);
  }
}

function logResidentFile(resident: ResidentFile, app: FastifyInstance): void {
  resident.onEvent = (event) => {
    if (event.kind === 'error') app.log.warn(`keeping the database file in memory: ${event.message}`);
  };
  resident.firstWalk.then(
    (figures) => {
      const skipped = figures.skipped.length ? `; not walked: ${figures.skipped.join(', ')}` : '';
      app.log.info(
        `database file in memory: ${Math.round(figures.mappedBytes / 1048576)} MiB of ${figures.pages} pages mapped in ${figures.ms} ms${skipped}`,
      );
    },
    (error: Error) => app.log.warn(`${error.message}; reads of pages idle for a while may wait on the disk`),
  );
}
