import { type Kysely, sql } from 'kysely';
import { isPostgres, withId } from '../frozen/schemaHelpers';

/**
 * Vetting the brokers and shippers we haul for (server/modules/vetting, docs/product/compliance.md#vetting): the
 * federal motor carrier agency's public files as the company imports them.
 * - fmcsa_imports: each file imported (its kind, name, progress and counts); fmcsa_upload_chunks holds an uploaded
 *   file's bytes until its import job has read them;
 * - fmcsa_census: one row per USDOT number from the carrier census file (names, physical address, phone, e-mail, the
 *   MC docket when the file names one), with the date its identity last changed;
 * - fmcsa_authorities: one row per docket (MC123456) from the licensing & insurance carrier file: the common, contract
 *   and broker authority status (A, I, N) and the insurance (BIPD in thousands of dollars) and bond required and on
 *   file;
 * - fmcsa_insurance: the active or pending insurance and bond filings per docket (form, insurer, policy, amount in
 *   thousands, effective and cancellation dates);
 * - fmcsa_changes: what changed between two imports (name, address, phone, e-mail, authority, insurance, bond) and when
 *   it was seen; flagged_at when the weekly sweep told the managers.
 * Shippers get a USDOT and an MC number of their own, so that they can be vetted as brokers are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  const bytes = isPostgres(db) ? 'bytea' : 'blob';

  await withId(db, db.schema.createTable('fmcsa_imports'))
    .addColumn('kind', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('added', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('changes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seen_on', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await run(`CREATE INDEX fmcsa_imports_kind ON fmcsa_imports (kind, status, id)`);

  await db.schema
    .createTable('fmcsa_upload_chunks')
    .addColumn('import_id', 'integer', (c) => c.notNull().references('fmcsa_imports.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('content', bytes, (c) => c.notNull())
    .addPrimaryKeyConstraint('fmcsa_upload_chunks_pk', ['import_id', 'seq'])
    .execute();

  await db.schema
    .createTable('fmcsa_census')
    .addColumn('dot_number', 'integer', (c) => c.primaryKey())
    .addColumn('legal_name', 'text', (c) => c.notNull())
    .addColumn('dba_name', 'text')
    .addColumn('address', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('mc_number', 'text')
    .addColumn('changed_on', 'text', (c) => c.notNull())
    .addColumn('import_id', 'integer', (c) => c.notNull())
    .execute();
  await run(`CREATE INDEX fmcsa_census_mc ON fmcsa_census (mc_number)`);

  await db.schema
    .createTable('fmcsa_authorities')
    .addColumn('docket', 'text', (c) => c.primaryKey())
    .addColumn('dot_number', 'integer')
    .addColumn('legal_name', 'text')
    .addColumn('dba_name', 'text')
    .addColumn('common_status', 'text')
    .addColumn('contract_status', 'text')
    .addColumn('broker_status', 'text')
    .addColumn('bipd_required', 'integer')
    .addColumn('bipd_on_file', 'integer')
    .addColumn('cargo_required', 'integer')
    .addColumn('cargo_on_file', 'integer')
    .addColumn('bond_required', 'integer')
    .addColumn('bond_on_file', 'integer')
    .addColumn('changed_on', 'text', (c) => c.notNull())
    .addColumn('import_id', 'integer', (c) => c.notNull())
    .execute();
  await run(`CREATE INDEX fmcsa_authorities_dot ON fmcsa_authorities (dot_number)`);

  await withId(db, db.schema.createTable('fmcsa_insurance'))
    .addColumn('docket', 'text', (c) => c.notNull())
    .addColumn('dot_number', 'integer')
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('insurer', 'text', (c) => c.notNull())
    .addColumn('policy', 'text', (c) => c.notNull())
    .addColumn('coverage', 'integer')
    .addColumn('effective_on', 'text', (c) => c.notNull())
    .addColumn('cancel_on', 'text')
    .addColumn('import_id', 'integer', (c) => c.notNull())
    .execute();
  await run(`CREATE UNIQUE INDEX fmcsa_insurance_filing ON fmcsa_insurance (docket, form, policy, effective_on)`);
  await run(`CREATE INDEX fmcsa_insurance_import ON fmcsa_insurance (import_id, docket)`);

  await withId(db, db.schema.createTable('fmcsa_changes'))
    .addColumn('dot_number', 'integer')
    .addColumn('docket', 'text')
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('since_on', 'text')
    .addColumn('seen_on', 'text', (c) => c.notNull())
    .addColumn('import_id', 'integer', (c) => c.notNull())
    .addColumn('flagged_at', 'text')
    .execute();
  await run(`CREATE INDEX fmcsa_changes_dot ON fmcsa_changes (dot_number, seen_on)`);
  await run(`CREATE INDEX fmcsa_changes_docket ON fmcsa_changes (docket, seen_on)`);
  await run(`CREATE INDEX fmcsa_changes_unflagged ON fmcsa_changes (flagged_at, id)`);

  await db.schema.alterTable('shippers').addColumn('mc_number', 'text').execute();
  await db.schema.alterTable('shippers').addColumn('usdot_number', 'text').execute();
  await run(`CREATE INDEX shippers_mc_number ON shippers (mc_number)`);
  await run(`CREATE INDEX shippers_usdot_number ON shippers (usdot_number)`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`DROP INDEX shippers_usdot_number`).execute(db);
  await sql.raw(`DROP INDEX shippers_mc_number`).execute(db);
  await db.schema.alterTable('shippers').dropColumn('usdot_number').execute();
  await db.schema.alterTable('shippers').dropColumn('mc_number').execute();
  for (const table of [
    'fmcsa_changes',
    'fmcsa_insurance',
    'fmcsa_authorities',
    'fmcsa_census',
    'fmcsa_upload_chunks',
    'fmcsa_imports',
  ])
    await db.schema.dropTable(table).execute();
}
