import type { Kysely } from 'kysely';

/**
 * Custom roles (issue 20.1): administrators add roles by copying one. The roles of SPEC.md §6 are marked built-in
 * by the reference seed (server/db/seed/reference.ts) and keep their names: the product refers to them by name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('roles').addColumn('is_system', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('roles').dropColumn('is_system').execute();
}
