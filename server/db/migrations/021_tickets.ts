import { type Kysely, sql } from 'kysely';
import { VIOLATION_CODES, codeKey } from '../frozen/violationCodes';
import { isPostgres, withId, withRecordColumns } from '../frozen/schemaHelpers';

/**
 * Tickets (docs/product/tickets.md; schema/resources/tickets.ts, citations.ts, inspections.ts): the violation-code
 * table with the FMCSA codes of server/db/frozen/violationCodes.ts (reference data, not demo data: every install has
 * it), tickets, their citations and inspection reports with their violations, the documents scanned for them, and the
 * reminders already sent for court dates and challenge deadlines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);

  await withId(db, db.schema.createTable('violation_codes'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    // The code without dots, parentheses, dashes and spaces: '3939H' finds '393.9H'.
    .addColumn('code_key', 'text', (c) => c.notNull().unique())
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('basic', 'text', (c) => c.notNull())
    .addColumn('violation_group', 'text', (c) => c.notNull())
    .addColumn('severity', 'integer', (c) => c.notNull().check(sql`severity between 1 and 10`))
    // On the CVSA out-of-service criteria: 1 yes, 0 no, null not known.
    .addColumn('oos', 'integer')
    .execute();
  for (const v of VIOLATION_CODES) {
    await db
      .insertInto('violation_codes' as never)
      .values({
        code: v.code,
        code_key: codeKey(v.code),
        section: v.section,
        description: v.description,
        basic: v.basic,
        violation_group: v.group,
        severity: v.severity,
        oos: v.oos === null ? null : v.oos ? 1 : 0,
      } as never)
      .execute();
  }

  await withRecordColumns(
    withId(db, db.schema.createTable('tickets'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('priority', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('report_number', 'text')
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id'))
      .addColumn('driver_id', 'integer', (c) => c.references('drivers.id'))
      .addColumn('carrier_id', 'integer', (c) => c.references('carriers.id'))
      .addColumn('state_id', 'integer', (c) => c.references('states.id'))
      .addColumn('truck_id', 'integer', (c) => c.references('units.id'))
      .addColumn('trailer_id', 'integer', (c) => c.references('units.id'))
      .addColumn('description', 'text'),
  ).execute();
  // The list: newest first, alone or within a status, type, driver, carrier or assignee (the Tickets list's filters).
  for (const column of ['status', 'type', 'driver_id', 'carrier_id', 'user_id'])
    await run(`CREATE INDEX tickets_${column} ON tickets (${column}, date)`);
  await run(`CREATE INDEX tickets_date ON tickets (date)`);
  await run(`CREATE INDEX tickets_priority ON tickets (priority)`);
  await run(`CREATE INDEX tickets_report_number ON tickets (report_number)`);

  await withRecordColumns(
    withId(db, db.schema.createTable('citations'))
      .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id'))
      .addColumn('citation_number', 'text', (c) => c.notNull())
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('violation_number_id', 'integer', (c) => c.references('violation_codes.id'))
      .addColumn('court_date', 'text')
      .addColumn('appearance', 'integer', (c) => c.notNull())
      .addColumn('court_result', 'text', (c) => c.notNull())
      .addColumn('payment_status', 'text', (c) => c.notNull())
      .addColumn('paid_on', 'text')
      .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
      .addColumn('driver_share', 'integer', (c) => c.notNull().check(sql`driver_share between 0 and 100`))
      .addColumn('company_share', 'integer')
      .addColumn('payment_for_driver_cents', 'integer')
      // The split (docs/product/tickets.md#citation-split), kept by the database too: the shares add up to 100; only a
      // paid citation has a payment date.
      .addCheckConstraint('citations_shares', sql`company_share is null or company_share = 100 - driver_share`)
      .addCheckConstraint('citations_paid_on', sql`(payment_status = 'PAID') = (paid_on is not null)`),
  ).execute();
  await run(`CREATE INDEX citations_ticket_id ON citations (ticket_id)`);
  await run(`CREATE INDEX citations_citation_number ON citations (citation_number)`);
  await run(`CREATE INDEX citations_date ON citations (date)`);
  await run(`CREATE INDEX citations_court_date ON citations (court_date)`);
  await run(`CREATE INDEX citations_amount_cents ON citations (amount_cents)`);

  await withRecordColumns(
    withId(db, db.schema.createTable('inspection_reports'))
      .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id'))
      .addColumn('report_number', 'text', (c) => c.notNull())
      .addColumn('level', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('unit_type', 'text', (c) => c.notNull())
      .addColumn('submission_required', 'integer', (c) => c.notNull())
      .addColumn('oos', 'integer', (c) => c.notNull())
      .addColumn('challenge_status', 'text', (c) => c.notNull())
      .addColumn('challenge_deadline', 'text'),
  ).execute();
  await withId(db, db.schema.createTable('inspection_violations'))
    .addColumn('inspection_report_id', 'integer', (c) =>
      c.notNull().references('inspection_reports.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('violation_number_id', 'integer', (c) => c.notNull().references('violation_codes.id'))
    .addColumn('out_of_service', 'integer', (c) => c.notNull())
    .execute();
  await run(
    `CREATE INDEX inspection_violations_inspection_report_id ON inspection_violations (inspection_report_id, position)`,
  );
  await run(`CREATE INDEX inspection_violations_code ON inspection_violations (violation_number_id)`);
  await run(`CREATE INDEX inspection_reports_ticket_id ON inspection_reports (ticket_id)`);
  await run(`CREATE INDEX inspection_reports_report_number ON inspection_reports (report_number)`);
  await run(`CREATE INDEX inspection_reports_challenge_deadline ON inspection_reports (challenge_deadline)`);

  // Scanned tickets and inspection reports (server/modules/documents): the bytes in the database, so every server of
  // an install behind a load balancer has them.
  await withId(db, db.schema.createTable('documents'))
    .addColumn('owner_type', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await run(`CREATE INDEX documents_owner ON documents (owner_type, owner_id)`);

  // A reminder goes once per record and date, however many servers run the check (the unique key decides).
  await withId(db, db.schema.createTable('deadline_reminders'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('due_on', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
  await run(`CREATE UNIQUE INDEX deadline_reminders_once ON deadline_reminders (kind, record_id, due_on)`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'deadline_reminders',
    'documents',
    'inspection_violations',
    'inspection_reports',
    'citations',
    'tickets',
    'violation_codes',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
