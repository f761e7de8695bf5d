import { type Kysely, sql } from 'kysely';
import { isPostgres, withId } from '../frozen/schemaHelpers';

/**
 * Staff chat (docs/product/administration.md#chat; server/modules/chat):
 * - chat_threads: direct threads (direct_key "lowId:highId", one per pair) and named groups, with their last message
 *   for the thread list;
 * - chat_members: who is in a thread and the last message each has seen (unread counts, "Seen by …");
 * - chat_messages: author, text, time, edited / deleted (soft: the text is cleared), version for edits;
 * - chat_attachments: files sent in a thread (PDF, JPEG, PNG told by their bytes), the thread's members' alone;
 * - search: SQLite an FTS5 trigram index of the messages' text (chat_message_search, rowid = message id), PostgreSQL a
 *   trigram GIN index on lower(body) when pg_trgm is there (migration 003 creates it); without it search scans the
 *   caller's threads' messages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);

  await withId(db, db.schema.createTable('chat_threads'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('direct_key', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_message_id', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await run(`CREATE UNIQUE INDEX chat_threads_direct_key ON chat_threads (direct_key)`);

  await db.schema
    .createTable('chat_members')
    .addColumn('thread_id', 'integer', (c) => c.notNull().references('chat_threads.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addColumn('last_read_message_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('chat_members_pk', ['thread_id', 'user_id'])
    .execute();
  // A user's threads (the list, the unread count, search's scope).
  await run(`CREATE INDEX chat_members_user ON chat_members (user_id, thread_id)`);

  await withId(db, db.schema.createTable('chat_messages'))
    .addColumn('thread_id', 'integer', (c) => c.notNull().references('chat_threads.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text')
    .addColumn('deleted_at', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // History a page at a time, unread counts (messages after the last seen): both walk (thread_id, id).
  await run(`CREATE INDEX chat_messages_thread ON chat_messages (thread_id, id)`);

  await withId(db, db.schema.createTable('chat_attachments'))
    .addColumn('thread_id', 'integer', (c) => c.notNull().references('chat_threads.id').onDelete('cascade'))
    .addColumn('message_id', 'integer', (c) => c.references('chat_messages.id').onDelete('cascade'))
    .addColumn('uploaded_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await run(`CREATE INDEX chat_attachments_message ON chat_attachments (message_id)`);
  await run(`CREATE INDEX chat_attachments_uploader ON chat_attachments (uploaded_by, message_id)`);

  if (isPostgres(db)) {
    await sql`SAVEPOINT chat_trigram`.execute(db);
    try {
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
      await sql`CREATE INDEX chat_messages_body_trgm ON chat_messages USING gin (lower(body) gin_trgm_ops)`.execute(db);
      await sql`RELEASE SAVEPOINT chat_trigram`.execute(db);
    } catch {
      // Without the extension search scans the caller's threads' messages.
      await sql`ROLLBACK TO SAVEPOINT chat_trigram`.execute(db);
    }
  } else {
    await sql`CREATE VIRTUAL TABLE chat_message_search USING fts5(text, tokenize = 'trigram')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await sql`DROP TABLE chat_message_search`.execute(db);
  for (const table of ['chat_attachments', 'chat_messages', 'chat_members', 'chat_threads'])
    await db.schema.dropTable(table).execute();
}
