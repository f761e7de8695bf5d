import { type Kysely, sql } from 'kysely';
import { withId, withRecordColumns } from '../frozen/schemaHelpers';

/**
 * Dispatcher pay rules (schema/resources/dispatcherPayRules.ts): the table its definition derives, an
 * index per sort, filter and unique rule. The unique (dispatcher, effective day) is also how the salary report finds
 * the rule in effect on a day (the dispatcher's latest from that day back).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await withRecordColumns(
    withId(db, db.schema.createTable('dispatcher_pay_rules'))
      .addColumn('dispatcher_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('effective_from', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('percent', 'integer', (c) => c.notNull())
      .addColumn('base_cents', 'integer')
      .addColumn('notes', 'text'),
  ).execute();
  await run(
    `CREATE UNIQUE INDEX dispatcher_pay_rules_dispatcher_id_effective_from ON dispatcher_pay_rules (dispatcher_id, effective_from)`,
  );
  await run(`CREATE INDEX dispatcher_pay_rules_dispatcher_id ON dispatcher_pay_rules (dispatcher_id)`);
  await run(`CREATE INDEX dispatcher_pay_rules_effective_from ON dispatcher_pay_rules (effective_from)`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dispatcher_pay_rules').execute();
}
