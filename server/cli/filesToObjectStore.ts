import { loadConfig } from '../config';
import { openDatabase } from '../db';
import { migrateToLatest } from '../db/migrate';
import { createObjectStore } from '../files/objectStore';
import { moveDocumentsToObjectStore } from '../modules/documents/store';

/**
 * npm run files:to-object-store: with S3_URL set, moves the files kept in the database (DATABASE_URL or DATA_DIR's
 * embedded one) into the object store, one at a time, each checked by its SHA-256 before its row lets go of the bytes.
 * Servers may keep running: they read a file from wherever its row says it is. Stopped halfway, run it again.
 */
const config = loadConfig();
if (!config.s3) {
  console.error('Set S3_URL to the object store first (docs/deployment.md#files)');
  process.exit(2);
}
const files = createObjectStore(config.s3, config.s3Region);
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(database.db);
  await files.ready();
  const moved = await moveDocumentsToObjectStore(database.db, files, (count) => {
    if (count % 100 === 0) console.log(`${count} files moved …`);
  });
  console.log(
    moved ? `Moved ${moved} ${moved === 1 ? 'file' : 'files'} to ${files.where}` : 'No file is left in the database.',
  );
} finally {
  await database.close();
}
