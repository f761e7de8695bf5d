import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BackupError, backupDatabase } from '../db/backup';
import { checkPgDump } from '../db/pgDump';

/**
 * npm run backup -- --out FILE: a consistent copy of the embedded database while the server runs, plus FILE.jwt-secret
 * when the signing secret was generated (server/db/backup.ts). With DATABASE_URL it makes none: it checks that pg_dump
 * can, and says how. Exit codes: 0 written, 1 failed, 2 usage, 3 PostgreSQL (nothing written; pg_dump will work).
 */
const USAGE = 'Usage: npm run backup -- --out FILE';
let out: string;
try {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true, allowPositionals: false });
  if (!values.out) throw new Error('--out FILE is required');
  out = values.out;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

const config = loadConfig();
const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MiB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

if (config.databaseUrl) {
  console.log('DATABASE_URL is set: the data is in PostgreSQL, and this command backs up only the embedded database.');
  const check = await checkPgDump(config.databaseUrl);
  for (const line of check.lines) console.log(`  ${line}`);
  if (!check.ok) {
    console.error('No backup was written, and pg_dump cannot make one yet (see above).');
    process.exit(1);
  }
  console.log(
    `No backup was written. Make it with pg_dump, e.g.\n  pg_dump --format=custom --file ${JSON.stringify(out)} "$DATABASE_URL"\nand restore it with pg_restore --clean --if-exists --dbname "$DATABASE_URL" ${JSON.stringify(out)}.`,
  );
  if (!config.jwtSecret)
    console.log(`Keep ${config.dataDir}/jwt-secret with it (the servers' signing secret), or set JWT_SECRET.`);
  process.exit(3);
}

try {
  const figures = await backupDatabase(config.dataDir, out, { secretFromEnv: Boolean(config.jwtSecret) });
  console.log(
    `Backed up ${config.dataDir}/haulboard.db to ${figures.file}: ${mib(figures.bytes)}, ${figures.pages.toLocaleString('en-US')} pages, integrity check ok, in ${seconds(figures.ms)} (copy ${seconds(figures.phases.copyMs)}, check ${seconds(figures.phases.checkMs)}, fsync ${seconds(figures.phases.syncMs)}).`,
  );
  console.log(
    'file' in figures.secret
      ? `Signing secret: ${figures.secret.file} (mode 600).`
      : `Signing secret not copied: ${figures.secret.skipped}.`,
  );
} catch (error) {
  console.error(`Backup failed: ${error instanceof BackupError ? error.message : String(error)}`);
  process.exit(1);
}
