import type { Kysely } from 'kysely';
import { withId } from '../frozen/schemaHelpers';

/**
 * Hardening (docs/authentication.md#throttles): sign-in failures carry the client's address, so a stranger's failures
 * lock only their own address out of an account; the addresses each user signed in from (their usual places, which the
 * account-wide backstop lets through); counted events for other throttles (registrations per address); indexes the
 * housekeeping prune walks (expired sessions, old failures and events) and the audit log's filters and sorts use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('login_failures').addColumn('address', 'text').execute();
  await db.schema
    .createIndex('login_failures_email_address_at')
    .on('login_failures')
    .columns(['email', 'address', 'at'])
    .execute();
  await db.schema.createIndex('login_failures_at').on('login_failures').column('at').execute();

  await db.schema
    .createTable('sign_in_addresses')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_addresses_pk', ['user_id', 'address'])
    .execute();
  await db.schema.createIndex('sign_in_addresses_last_at').on('sign_in_addresses').column('last_at').execute();

  await withId(db, db.schema.createTable('throttle_hits'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('throttle_hits_kind_key_at').on('throttle_hits').columns(['kind', 'key', 'at']).execute();
  await db.schema.createIndex('throttle_hits_at').on('throttle_hits').column('at').execute();

  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

  // The audit log's action and entity filters and sorts, and its search by entity id.
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'at', 'id']).execute();
  await db.schema.createIndex('audit_log_entity_at').on('audit_log').columns(['entity', 'at', 'id']).execute();
  await db.schema.createIndex('audit_log_entity_id').on('audit_log').columns(['entity_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'audit_log_entity_id',
    'audit_log_entity_at',
    'audit_log_action',
    'sessions_expires_at',
    'login_failures_at',
    'login_failures_email_address_at',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.dropTable('throttle_hits').execute();
  await db.schema.dropTable('sign_in_addresses').execute();
  await db.schema.alterTable('login_failures').dropColumn('address').execute();
}
