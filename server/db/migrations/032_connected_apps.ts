import { type Kysely, sql } from 'kysely';
import { withId } from '../frozen/schemaHelpers';

/**
 * Connected apps (schema/connectedApps.ts): applications an administrator registers, which exchange
 * their client id, secret and caller id for application tokens (POST /apps/auth-token). Only hashes of secrets are
 * kept: the current one, and after a rotation the one it replaced with the end of its grace period. The generation
 * counts rotations: a token names the generation of the secret it was issued for, so the replaced secret's tokens stop
 * when its grace ends. scopes is JSON ({ featureKey: [permissions] }). Revoked apps stay listed (the audit log names
 * them); created_by is the administrator the app acts for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('connected_apps'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('caller_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('secret_generation', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('secret_rotated_at', 'text')
    .addColumn('previous_secret_hash', 'text')
    .addColumn('previous_secret_until', 'text')
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('token_minutes', 'integer', (c) => c.notNull())
    .addColumn('rate_per_minute', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'integer', (c) => c.references('users.id'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // The exchange finds an app by its client id.
  await sql`CREATE UNIQUE INDEX connected_apps_client_id ON connected_apps (client_id)`.execute(db);
  await sql`CREATE INDEX connected_apps_name ON connected_apps (name)`.execute(db);
  await sql`CREATE INDEX connected_apps_created_by ON connected_apps (created_by)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('connected_apps').execute();
}
