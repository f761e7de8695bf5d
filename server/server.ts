import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { resolveJwtSecret } from './auth/secret';
import type { Config } from './config';
import type { LogDestination } from './http/logging';
import { type DatabaseHandle, openDatabase } from './db';
import { migrateToLatest } from './db/migrate';
import { keepFileResident, type ResidentFile } from './db/residentFile';
import { seedDemo, seedReference } from './db/seed';

export interface Server {
  app: FastifyInstance;
  database: DatabaseHandle;
  demoSeeded: boolean;
  /** SQLite with a memory map and SQLITE_KEEP_RESIDENT: the worker keeping the file in memory. */
  resident: ResidentFile | null;
}

/** Opens and migrates the database, seeds what is missing and builds the app (not yet listening). */
export async function createServer(config: Config, options: { logger?: boolean; logStream?: LogDestination } = {}): Promise<Server> {
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, mmapMb: config.sqliteMmapMb });
  let resident: ResidentFile | null = null;
  try {
    await migrateToLatest(database.db);
    await seedReference(database.db);
    const demoSeeded = config.demoData ? await seedDemo(database.db, database.dialect) : false;
    const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
    resident = database.file && config.sqliteKeepResident && config.sqliteMmapMb > 0 ? keepFileResident(database.file, config.sqliteMmapMb * 1024 * 1024) : null;
    const app = await buildApp({ config, database, resident, jwtSecret, logger: options.logger, logStream: options.logStream });
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

function logResidentFile(resident: ResidentFile, app: FastifyInstance): void {
  resident.onEvent = (event) => {
    if (event.kind === 'error') app.log.warn(`keeping the database file in memory: ${event.message}`);
  };
  resident.firstWalk.then(
    (figures) => {
      const skipped = figures.skipped.length ? `; not walked: ${figures.skipped.join(', ')}` : '';
      app.log.info(`database file in memory: ${Math.round(figures.mappedBytes / 1048576)} MiB of ${figures.pages} pages mapped in ${figures.ms} ms${skipped}`);
    },
    (error: Error) => app.log.warn(`${error.message}; reads of pages idle for a while may wait on the disk`),
  );
}
