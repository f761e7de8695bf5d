import type { Kysely } from 'kysely';

/**
 * Sign-in failures counted per address over every account (docs/authentication.md#throttles: a password spray from one
 * address, each try at a different e-mail, was never throttled): the count reads the address's recent failures.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('login_failures_address_at').on('login_failures').columns(['address', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('login_failures_address_at').execute();
}
