import type { Kysely } from 'kysely';

/**
 * Custom roles: administrators add roles by copying one. The built-in roles (docs/product/accounts.md#roles) are marked
 * by the reference seed (server/db/seed/reference.ts) and keep their names: the product refers to them by name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('roles')
    .addColumn('is_system', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('roles').dropColumn('is_system').execute();
}
