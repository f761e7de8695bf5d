import { loadConfig } from '../config';
import { openDatabase } from '../db';
import { migrateToLatest } from '../db/migrate';
import { migrateQueue } from '../jobs/postgres';
import { seedReference } from '../db/seed';

/** npm run migrate: bring the database (DATABASE_URL or the embedded one in DATA_DIR) to the latest version. */
const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const applied = await migrateToLatest(database.db);
  if (config.databaseUrl) await migrateQueue(config.databaseUrl);
  await seedReference(database.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await database.close();
}
