/**
 * Two servers sharing one PostgreSQL database, for journeys that show a change made through one server arriving live
 * in a browser signed in to the other (the /notify hub's backplane: LISTEN/NOTIFY).
 *
 * A fresh database (created from TEST_DATABASE_URL, dropped on close) with the demo data, two server processes
 * serving the built web app (HAULBOARD_DIST_DIR, as the journeys' own server) with the same DATA_DIR, so the same
 * token secret: a token issued by one is good on the other, as behind a load balancer.
 *
 * Journeys using it skip themselves when TEST_DATABASE_URL is not set:
 *   describe.skipIf(!process.env.TEST_DATABASE_URL)('…', () => { … startPostgresPair() … })
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DIST_DIR } from '../../server/app';
import { type ServerProcess, startServerProcess } from '../helpers/hub';
import { scratchDatabase } from '../helpers/scratchDatabase';

export interface PostgresPair {
  /** The two servers' base URLs (http://127.0.0.1:port), both serving the API, the hub and the web app. */
  bases: [string, string];
  /** Stops both servers, drops the database and removes the data directory. */
  close(): Promise<void>;
}

export async function startPostgresPair(): Promise<PostgresPair> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('startPostgresPair needs TEST_DATABASE_URL (skip the journey when it is not set)');
  if (!fs.existsSync(path.join(DIST_DIR, 'index.html')))
    throw new Error('dist/index.html is missing: run `npm run build` before the journeys');
  const database = await scratchDatabase(admin, 'hb_e2e');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-e2e-pair-'));
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    HAULBOARD_DIST_DIR: DIST_DIR,
    HUB_HEARTBEAT_MS: '1000',
  };
  const servers: ServerProcess[] = [];
  const close = async () => {
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    // The pools have closed with their processes; a moment for PostgreSQL to notice before the forced drop.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // One after the other: the first migrates and seeds; the second finds the demo data there and adds nothing.
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  return { bases: [servers[0].base, servers[1].base], close };
}
