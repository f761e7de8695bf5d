import { type Kysely, sql } from 'kysely';
import { withId, withRecordColumns } from '../frozen/schemaHelpers';

/**
 * Evaluations of drivers and dispatchers (schema/resources/evaluations.ts): who is evaluated (a driver or a
 * dispatcher, exactly one, checked by the database too), the day evaluated, the seven criteria scored 1–5 or null (not
 * applicable), comments, and the user who entered it. The indexes serve the list's sort and filters and the report,
 * which reads a period of days per driver or per dispatcher.
 */
const CRITERIA = ['safety', 'on_time', 'damage_free', 'load_planning', 'driver_support', 'communication', 'paperwork'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  let table = withRecordColumns(
    withId(db, db.schema.createTable('evaluations'))
      .addColumn('evaluated_on', 'text', (c) => c.notNull())
      .addColumn('driver_id', 'integer', (c) => c.references('drivers.id'))
      .addColumn('dispatcher_id', 'integer', (c) => c.references('users.id'))
      .addColumn('evaluator_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('comments', 'text'),
  ).addCheckConstraint('evaluations_one_subject', sql`(driver_id is null) <> (dispatcher_id is null)`);
  for (const column of CRITERIA) {
    table = table
      .addColumn(column, 'integer')
      .addCheckConstraint(`evaluations_${column}_score`, sql.raw(`${column} is null or ${column} between 1 and 5`));
  }
  await table.execute();
  await run('CREATE INDEX evaluations_evaluated_on ON evaluations (evaluated_on)');
  // A person's evaluations of a period: the report's rows and the drill to them.
  await run('CREATE INDEX evaluations_driver_id ON evaluations (driver_id, evaluated_on)');
  await run('CREATE INDEX evaluations_dispatcher_id ON evaluations (dispatcher_id, evaluated_on)');
  await run('CREATE INDEX evaluations_evaluator_id ON evaluations (evaluator_id, evaluated_on)');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('evaluations').execute();
}
