import { loadConfig } from '../config';
import { openDatabase } from '../db';
import { migrateToLatest } from '../db/migrate';
import { seedDemo, seedReference } from '../db/seed';

/** npm run seed: migrate, then add the demo company if it is not there yet. */
const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(database.db);
  await seedReference(database.db);
  console.log((await seedDemo(database.db, database.dialect)) ? 'Demo company seeded.' : 'The demo company is already there.');
} finally {
  await database.close();
}
