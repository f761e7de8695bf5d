import { spawnSync } from 'node:child_process';
import pg from 'pg';

/**
 * For PostgreSQL, backups are pg_dump's job (consistent, and restorable into any later server). npm run backup does
 * not pretend to make one: it checks that pg_dump can, and says how.
 */
export interface PgDumpCheck {
  ok: boolean;
  /** One line per check, in order: pg_dump on PATH, the server reachable, the versions compatible. */
  lines: string[];
}

const majorOf = (version: string) => Number(/(\d+)(?:\.\d+)?/.exec(version)?.[1] ?? NaN);

export async function checkPgDump(databaseUrl: string, pgDump = 'pg_dump'): Promise<PgDumpCheck> {
  const lines: string[] = [];
  const found = spawnSync(pgDump, ['--version'], { encoding: 'utf8' });
  if (found.status !== 0) {
    lines.push(
      `✗ ${pgDump} is not on PATH (${found.error?.message ?? found.stderr.trim()}): install PostgreSQL's client tools (Debian: apt-get install postgresql-client)`,
    );
    return { ok: false, lines };
  }
  const dumpVersion = /\(PostgreSQL\)\s+(\S+)/.exec(found.stdout)?.[1] ?? found.stdout.trim();
  lines.push(`✓ ${pgDump} ${dumpVersion} is on PATH`);

  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  let serverVersion: string;
  try {
    await client.connect();
    serverVersion = (
      await client.query<{ server_version: string }>('show server_version')
    ).rows[0].server_version.split(' ')[0];
  } catch (error) {
    lines.push(`✗ the server at DATABASE_URL does not answer: ${(error as Error).message}`);
    return { ok: false, lines };
  } finally {
    await client.end().catch(() => undefined);
  }
  lines.push(`✓ the server at DATABASE_URL answers: PostgreSQL ${serverVersion}`);

  // pg_dump refuses a server of a later major version than its own; older servers it dumps.
  if (majorOf(dumpVersion) < majorOf(serverVersion)) {
    lines.push(
      `✗ pg_dump ${dumpVersion} cannot dump a PostgreSQL ${serverVersion} server: install the client tools of version ${majorOf(serverVersion)} or later`,
    );
    return { ok: false, lines };
  }
  lines.push(`✓ pg_dump ${majorOf(dumpVersion)} can dump a PostgreSQL ${majorOf(serverVersion)} server`);
  return { ok: true, lines };
}
