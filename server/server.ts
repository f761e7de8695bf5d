import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { resolveJwtSecret } from './auth/secret';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db';
import { migrateToLatest } from './db/migrate';
import { seedDemo, seedReference } from './db/seed';

export interface Server {
  app: FastifyInstance;
  database: DatabaseHandle;
  demoSeeded: boolean;
}

/** Opens and migrates the database, seeds what is missing and builds the app (not yet listening). */
export async function createServer(config: Config, options: { logger?: boolean } = {}): Promise<Server> {
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, mmapMb: config.sqliteMmapMb });
  try {
    await migrateToLatest(database.db);
    await seedReference(database.db);
    const demoSeeded = config.demoData ? await seedDemo(database.db, database.dialect) : false;
    const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
    const app = await buildApp({ config, database, jwtSecret, logger: options.logger });
    app.addHook('onClose', async () => database.close());
    return { app, database, demoSeeded };
  } catch (error) {
    await database.close();
    throw error;
  }
}
