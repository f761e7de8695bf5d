import { type Kysely, sql } from 'kysely';

/** Group and saved-filter names are unique per user regardless of case, also when two requests race. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNIQUE INDEX feature_groups_user_lower_name ON feature_groups (user_id, lower(name))`.execute(db);
  await sql`CREATE UNIQUE INDEX saved_filters_user_lower_name ON saved_filters (user_id, resource, lower(name))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX saved_filters_user_lower_name`.execute(db);
  await sql`DROP INDEX feature_groups_user_lower_name`.execute(db);
}
