import type { Kysely } from 'kysely';
import { withId, withRecordColumns } from '../frozen/schemaHelpers';

/** Users, roles, features, permissions, sidebar layouts, sessions, audit log and reference lists. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await withRecordColumns(
    withId(db, db.schema.createTable('users'))
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text')
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('avatar', 'text')
      .addColumn('phone', 'text')
      .addColumn('user_type', 'text')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_email_verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('registration_completed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('account_id', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();
  await db.schema.createIndex('users_name').on('users').columns(['last_name', 'first_name']).execute();

  await withId(db, db.schema.createTable('roles'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_roles_role').on('user_roles').columns(['role_id', 'user_id']).execute();

  await withId(db, db.schema.createTable('features'))
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('uri', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('parent_feature_id', 'integer', (c) => c.references('features.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('role_feature_permissions')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('feature_id', 'integer', (c) => c.notNull().references('features.id').onDelete('cascade'))
    .addColumn('permission', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_feature_permissions_pk', ['role_id', 'feature_id', 'permission'])
    .execute();

  await withId(db, db.schema.createTable('feature_groups'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addUniqueConstraint('feature_groups_user_name', ['user_id', 'name'])
    .execute();
  await db.schema
    .createTable('feature_group_items')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('feature_id', 'integer', (c) => c.notNull().references('features.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('feature_groups.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('feature_group_items_pk', ['user_id', 'feature_id'])
    .execute();
  await db.schema.createIndex('feature_group_items_group').on('feature_group_items').column('group_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'expires_at']).execute();

  await withId(db, db.schema.createTable('login_failures'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_email_at').on('login_failures').columns(['email', 'at']).execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('request_id', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id', 'at']).execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'at']).execute();

  // Reference lists (docs/product/conventions.md#reference-lists).
  await withId(db, db.schema.createTable('states'))
    .addColumn('abbreviation', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  for (const table of ['load_boards', 'payment_methods', 'money_sources']) {
    await withId(db, db.schema.createTable(table))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();
  }
  await withId(db, db.schema.createTable('phone_countries'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('dial_code', 'text', (c) => c.notNull())
    .addColumn('digits', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'phone_countries',
    'money_sources',
    'payment_methods',
    'load_boards',
    'states',
    'audit_log',
    'login_failures',
    'sessions',
    'feature_group_items',
    'feature_groups',
    'role_feature_permissions',
    'features',
    'user_roles',
    'roles',
    'users',
    'meta',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
