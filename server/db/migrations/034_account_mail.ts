import { type Kysely, sql } from 'kysely';
import { isPostgres, withId } from '../frozen/schemaHelpers';

/**
 * Account flows and the mailbox (docs/product/accounts.md; server/modules/account, server/modules/mail):
 * - users.phone_country: the country of the phone a user gave when completing the registration (schema/reference.ts);
 * - account_tokens: one-time links (e-mail verification, password reset, e-mail change), only their SHA-256 kept,
 *   with the address each was sent to; a newer link of a kind marks the older ones used;
 * - user_avatars: the resized picture of a user (users.avatar holds the URL that serves it);
 * - mail_messages, mail_labels, mail_message_labels: the in-app mailbox, each message its owner's alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await db.schema.alterTable('users').addColumn('phone_country', 'text').execute();

  await withId(db, db.schema.createTable('account_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await run(`CREATE UNIQUE INDEX account_tokens_hash ON account_tokens (token_hash)`);
  await run(`CREATE INDEX account_tokens_user_kind ON account_tokens (user_id, kind)`);
  await run(`CREATE INDEX account_tokens_expires_at ON account_tokens (expires_at)`);

  await db.schema
    .createTable('user_avatars')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('content', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('mail_messages'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('starred', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trashed_at', 'text')
    .execute();
  // A mailbox is always one user's, newest first.
  await run(`CREATE INDEX mail_messages_user ON mail_messages (user_id, id)`);

  await withId(db, db.schema.createTable('mail_labels'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await run(`CREATE UNIQUE INDEX mail_labels_user_name ON mail_labels (user_id, lower(name))`);

  await db.schema
    .createTable('mail_message_labels')
    .addColumn('message_id', 'integer', (c) => c.notNull().references('mail_messages.id').onDelete('cascade'))
    .addColumn('label_id', 'integer', (c) => c.notNull().references('mail_labels.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('mail_message_labels_pk', ['message_id', 'label_id'])
    .execute();
  await run(`CREATE INDEX mail_message_labels_label ON mail_message_labels (label_id, message_id)`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['mail_message_labels', 'mail_labels', 'mail_messages', 'user_avatars', 'account_tokens'])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('users').dropColumn('phone_country').execute();
}
