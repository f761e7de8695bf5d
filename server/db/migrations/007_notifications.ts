import type { Kysely } from 'kysely';
import { withId } from '../frozen/schemaHelpers';

/**
 * Stored notifications (so nothing is missed while offline; the hub delivers them live) and the browsers' push
 * tokens (Firebase), kept with the user they belong to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  // The list, newest first, and the unread ones (list and count) of one user.
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('notifications_user_unread')
    .on('notifications')
    .columns(['user_id', 'read_at', 'id'])
    .execute();

  await withId(db, db.schema.createTable('push_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull())
    // Unique through its SHA-256: a PostgreSQL index entry cannot hold a token of up to 4096 characters.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_tokens_user').on('push_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_tokens').execute();
  await db.schema.dropTable('notifications').execute();
}
