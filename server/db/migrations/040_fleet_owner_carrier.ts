import type { Kysely } from 'kysely';

/**
 * A Fleet owner's account is linked to one carrier (users.carrier_id, set by an administrator on the Users screen):
 * the fleet owner reads that carrier's units, drivers, loads and settlements (server/modules/fleetOwner). Null for
 * everyone else. The index finds a carrier's linked accounts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('carrier_id', 'integer', (c) => c.references('carriers.id'))
    .execute();
  await db.schema.createIndex('users_carrier').on('users').column('carrier_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_carrier').execute();
  await db.schema.alterTable('users').dropColumn('carrier_id').execute();
}
