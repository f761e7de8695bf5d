import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './types';
import * as m001 from './migrations/001_platform';
import * as m002 from './migrations/002_master_data';
import * as m003 from './migrations/003_book_orders';
import * as m004 from './migrations/004_case_insensitive_names';
import * as m005 from './migrations/005_covering_list_indexes';
import * as m006 from './migrations/006_people_fleet';
import * as m007 from './migrations/007_notifications';
import * as m008 from './migrations/008_list_speed';
import * as m009 from './migrations/009_covering_city_indexes';
import * as m010 from './migrations/010_search_covering_indexes';

/** Versioned migrations, in order. Add a file under migrations/ and one line here. */
const MIGRATIONS: Record<string, Migration> = {
  '001_platform': m001,
  '002_master_data': m002,
  '003_book_orders': m003,
  '004_case_insensitive_names': m004,
  '005_covering_list_indexes': m005,
  '006_people_fleet': m006,
  '007_notifications': m007,
  '008_list_speed': m008,
  '009_covering_city_indexes': m009,
  '010_search_covering_indexes': m010,
};

/** The migrations this code knows: a database that has any other was made by a newer (or another) version. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Db): Promise<string[]> {
  // Parallel branches add migrations independently; each one creates its own tables, so the order they reach a
  // database in does not matter (a database that got 008 before 006 still gets 006).
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
