import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BackupError, restoreDatabase } from '../db/backup';

/**
 * npm run restore -- FILE: puts a backup made by npm run backup in DATA_DIR's place (server/db/backup.ts). Refuses
 * while anything has the database open, and checks the file before replacing anything; the replaced database and
 * secret are kept beside, with the time in their names. Exit codes: 0 restored, 1 refused or failed, 2 usage.
 */
const USAGE = 'Usage: npm run restore -- FILE   (stop the server first)';
let file: string;
try {
  const { positionals } = parseArgs({ options: {}, strict: true, allowPositionals: true });
  if (positionals.length !== 1) throw new Error('Name one backup file');
  file = positionals[0];
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

const config = loadConfig();
if (config.databaseUrl) {
  console.error(
    'DATABASE_URL is set: the data is in PostgreSQL. Restore a pg_dump file with pg_restore; this command restores the embedded database only.',
  );
  process.exit(1);
}

try {
  const restored = restoreDatabase(config.dataDir, file);
  console.log(
    `Restored ${file} into ${config.dataDir}/haulboard.db: integrity check ok, ${restored.pages.toLocaleString('en-US')} pages, ${restored.migrations.length} migrations (the server applies newer ones at start).`,
  );
  console.log(
    restored.secretRestored
      ? 'Signing secret restored from the backup.'
      : 'No signing secret beside the backup: the current one stays (tokens signed with another are refused).',
  );
  if (restored.keptAside.length) console.log(`Kept aside: ${restored.keptAside.join(', ')}`);
} catch (error) {
  // A BackupError comes before anything is replaced; anything else may have come later.
  if (error instanceof BackupError) console.error(`Restore refused: ${error.message}\nNothing was changed.`);
  else
    console.error(
      `Restore failed: ${String(error)}\nCheck ${config.dataDir}: the files replaced are kept there with "before-restore" in their names.`,
    );
  process.exit(1);
}
