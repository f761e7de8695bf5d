import { type Kysely, sql } from 'kysely';
import { withId, withRecordColumns } from '../frozen/schemaHelpers';

/**
 * Claims (docs/product/claims.md; schema/resources/claims.ts, schema/claims.ts): the claims with their damaged vehicles
 * (rows of the order's vehicles), the steps of each claim (from its type's template, prerequisites kept with the step
 * so a later template change leaves old claims as they were worked), the comments, the payments to the claimant (what a
 * bank line of the payment will be matched against) and the events of the timeline.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await withRecordColumns(
    withId(db, db.schema.createTable('claims'))
      .addColumn('book_order_id', 'integer', (c) => c.notNull().references('book_orders.id'))
      .addColumn('claimant_company', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('priority', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('assignee_id', 'integer', (c) => c.references('users.id'))
      .addColumn('driver_id', 'integer', (c) => c.references('drivers.id'))
      .addColumn('received_on', 'text', (c) => c.notNull())
      .addColumn('claimed_cents', 'integer', (c) => c.notNull())
      .addColumn('approved_cents', 'integer')
      .addColumn('settled_cents', 'integer')
      .addColumn('recovered_from_insurance_cents', 'integer')
      .addColumn('description', 'text')
      .addColumn('chargeback_cents', 'integer')
      .addColumn('chargeback_on', 'text'),
  ).execute();
  await withId(db, db.schema.createTable('claim_vehicles'))
    .addColumn('claim_id', 'integer', (c) => c.notNull().references('claims.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('book_order_vehicle_id', 'integer', (c) => c.notNull())
    .addColumn('damage', 'text')
    .execute();
  await run(`CREATE INDEX claim_vehicles_claim_id ON claim_vehicles (claim_id, position)`);
  await run(`CREATE INDEX claims_claimant_company ON claims (claimant_company)`);
  await run(`CREATE INDEX claims_type ON claims (type)`);
  await run(`CREATE INDEX claims_priority ON claims (priority)`);
  await run(`CREATE INDEX claims_status ON claims (status)`);
  await run(`CREATE INDEX claims_received_on ON claims (received_on)`);
  await run(`CREATE INDEX claims_claimed_cents ON claims (claimed_cents)`);
  await run(`CREATE INDEX claims_book_order_id ON claims (book_order_id)`);
  await run(`CREATE INDEX claims_driver_id ON claims (driver_id)`);
  // The claims list's AssignUserId filter, and the deadline reminders (open claims of an assignee).
  await run(`CREATE INDEX claims_assignee_id ON claims (assignee_id, received_on)`);

  await withId(db, db.schema.createTable('claim_steps'))
    .addColumn('claim_id', 'integer', (c) => c.notNull().references('claims.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    // The steps it waits for, comma-separated codes ('COLLECT_DOCUMENTS,DRIVER_STATEMENT').
    .addColumn('prerequisites', 'text', (c) => c.notNull())
    .addColumn('assignee_id', 'integer', (c) => c.references('users.id'))
    .addColumn('due_on', 'text')
    .addColumn('done_at', 'text')
    .addColumn('done_by', 'integer', (c) => c.references('users.id'))
    .addColumn('note', 'text')
    .execute();
  await run(`CREATE UNIQUE INDEX claim_steps_claim_id ON claim_steps (claim_id, step)`);

  await withId(db, db.schema.createTable('claim_comments'))
    .addColumn('claim_id', 'integer', (c) => c.notNull().references('claims.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await run(`CREATE INDEX claim_comments_claim_id ON claim_comments (claim_id, created_at)`);

  await withId(db, db.schema.createTable('claim_settlements'))
    .addColumn('claim_id', 'integer', (c) => c.notNull().references('claims.id').onDelete('cascade'))
    .addColumn('paid_on', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await run(`CREATE INDEX claim_settlements_claim_id ON claim_settlements (claim_id)`);
  // The claimed-vs-paid chart reads payments by month.
  await run(`CREATE INDEX claim_settlements_paid_on ON claim_settlements (paid_on)`);

  await withId(db, db.schema.createTable('claim_events'))
    .addColumn('claim_id', 'integer', (c) => c.notNull().references('claims.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .execute();
  await run(`CREATE INDEX claim_events_claim_id ON claim_events (claim_id, at)`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'claim_events',
    'claim_settlements',
    'claim_comments',
    'claim_steps',
    'claim_vehicles',
    'claims',
  ])
    await db.schema.dropTable(table).execute();
}
