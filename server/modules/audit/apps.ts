import type { Db } from '../../db/types';

/**
 * The names of the connected apps entries were written under, by id (connected_apps, migration 032; a revoked app
 * keeps its row and its name). Only the ids of one page, or one CSV batch, are asked.
 */
export async function appNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const apps = await db
    .selectFrom('connected_apps')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(apps.map((app) => [app.id, app.name]));
}
