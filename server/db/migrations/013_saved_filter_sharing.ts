import { type Kysely, sql } from 'kysely';

/**
 * Saved filters on every list (docs/settings.md#saved-filters): a filter may be shared with one of its owner's roles,
 * and a list is named as the web app names it (its route without /app/: 'books/bookorders', 'management/drivers'), no
 * longer by the last part of its path alone, which left lists without a screen of their own (drivers, fuel cards) out.
 */
const SCREENS_AT_THIS_VERSION = [
  'books/bookorders',
  'dashboard',
  'reports/dashboard',
  'reports/dashboard-alternative',
  'reports/weekly-report',
  'reports/weekly-finance',
  'reports/driver-off-boarding',
  'reports/driver-report',
  'reports/claims-tracker',
  'reports/dispatcher-salary-report',
  'reports/event-report',
  'reports/driver-license',
  'reports/evaluation-report',
  'reports/driver-balance',
  'management/shipper-management',
  'management/user-management',
  'management/vehicles',
  'management/brokers',
  'calendar',
  'management/carrier-management',
  'management/ticket-management',
  'finances/pay-driver-bills',
  'finances/driver-transactions',
  'finances/match-transactions',
  'broker-fee',
  'management/driver-assignment',
  'management/vehicle-and-card-assignment',
  'permissions',
  'settings',
];

/** Filters saved under a screen's short name ('bookorders') take its full name ('books/bookorders'). */
export async function renameShortListNames(db: Kysely<unknown>): Promise<void> {
  for (const name of SCREENS_AT_THIS_VERSION) {
    const short = name.split('/').pop()!;
    if (short !== name) await sql`UPDATE saved_filters SET resource = ${name} WHERE resource = ${short}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('saved_filters')
    .addColumn('shared_role_id', 'integer', (c) => c.references('roles.id'))
    .execute();
  await sql.raw('CREATE INDEX saved_filters_shared ON saved_filters (resource, shared_role_id)').execute(db);
  await renameShortListNames(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The column stays (SQLite cannot drop a column that references another table); nothing is shared any more.
  await sql`UPDATE saved_filters SET shared_role_id = NULL`.execute(db);
  for (const name of SCREENS_AT_THIS_VERSION) {
    const short = name.split('/').pop()!;
    if (short !== name) await sql`UPDATE saved_filters SET resource = ${short} WHERE resource = ${name}`.execute(db);
  }
}
