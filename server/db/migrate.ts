import fs from 'node:fs';
import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './types';

/** Every file of migrations/ is a migration (NNN_what.ts), named by its file name; none is listed anywhere else. */
const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

export function migrationNames(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d{3}_\w+\.ts$/.test(file))
    .map((file) => file.replace(/\.ts$/, ''))
    .sort();
}

/** The migrations of migrations/, and `extra` ones (the tests' throw-away resource). */
const providerWith = (extra: Readonly<Record<string, Migration>>): MigrationProvider => ({
  async getMigrations() {
    const migrations: Record<string, Migration> = {};
    // Imported from this module (not by Kysely's file provider) so that tsx and vitest load the TypeScript alike.
    for (const name of migrationNames()) migrations[name] = (await import(`./migrations/${name}.ts`)) as Migration;
    return { ...migrations, ...extra };
  },
});

export async function migrateToLatest(db: Db, extra: Readonly<Record<string, Migration>> = {}): Promise<string[]> {
  // Parallel branches add migrations independently; each one creates its own tables, so the order they reach a
  // database in does not matter (a database that got 008 before 006 still gets 006).
  const migrator = new Migrator({ db, provider: providerWith(extra), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
