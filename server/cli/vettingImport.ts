import fs from 'node:fs';
import path from 'node:path';
import { todayIso } from '../../schema/expiry';
import { loadConfig } from '../config';
import { openDatabase } from '../db';
import { migrateToLatest } from '../db/migrate';
import { transact } from '../db/transaction';
import { createImport, runImport } from '../modules/vetting/imports';

/**
 * npm run vetting:import -- <file> [<file> …]: imports FMCSA files (the carrier census, the licensing carrier file,
 * the insurance file; each recognised by its header) into the database of DATABASE_URL or DATA_DIR, streamed, whatever
 * their size (docs/product/compliance.md#fmcsa-files). Servers may keep running. Prints the progress, and for each file
 * its counts, the time and the process's peak memory.
 */
const files = process.argv.slice(2).filter((arg) => arg !== '--');
if (!files.length) {
  console.error('Usage: npm run vetting:import -- <census, carrier or insurance file> [more files]');
  process.exit(2);
}
const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let failed = false;
// The process at rest (Node, the loaded code, the database's cache), against which the peak is read.
const restingMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
try {
  await migrateToLatest(database.db);
  for (const file of files) {
    const started = performance.now();
    const bytes = fs.statSync(file).size;
    const id = await transact(database.db, (trx) =>
      createImport(trx, { fileName: path.basename(file), bytes, userId: null, seenOn: todayIso() }),
    );
    let shown = 0;
    const { kind, counts, problem } = await runImport(database.db, id, fs.createReadStream(file), (progress) => {
      if (progress.rowsRead - shown >= 100_000) {
        shown = progress.rowsRead;
        console.log(`${path.basename(file)}: ${progress.rowsRead.toLocaleString('en-US')} rows …`);
      }
    }).catch(async (error: Error) => {
      await database.db
        .updateTable('fmcsa_imports')
        .set({ status: 'failed', error: error.message, finished_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
      throw error;
    });
    const seconds = (performance.now() - started) / 1000;
    const peakMb = process.resourceUsage().maxRSS / 1024;
    if (problem) {
      failed = true;
      console.error(`${file}: ${problem}`);
      continue;
    }
    console.log(
      JSON.stringify({
        file,
        import: id,
        kind,
        ...counts,
        seconds: Number(seconds.toFixed(1)),
        restingRssMb: restingMb,
        peakRssMb: Math.round(peakMb),
      }),
    );
  }
} finally {
  await database.close();
}
if (failed) process.exit(1);
