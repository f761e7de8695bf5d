import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../frozen/schemaHelpers';

/**
 * Receivables (server/modules/receivables, docs/product/receivables.md#speed):
 * - invoices_open: the open invoices (Sent, Partially paid) by payer with what the list sums (dates and money), so the
 *   open balance, past due and aging read the open invoices alone, from the index, never the paid history;
 * - invoices_broker_status / invoices_shipper_status: "has this customer been billed", one probe per customer;
 * - receivable_days: per payer and day, what the last-12-months figures add up: invoices paid that day (paid_count,
 *   paid_days = the sum of their paid_on − issued_on), and invoices issued that day that received a payment
 *   (received_count) and of those the short-paid ones (short_count). A year of a customer is at most 366 rows however
 *   many invoices it has. Kept by triggers on invoices, so every writer of an invoice — bank matching setting paid_on,
 *   a fixture, a fix by hand — moves it inside its own transaction, exactly; filled here from the invoices there are.
 */
type Ref = 'OLD' | 'NEW';

function moves(ref: Ref, postgres: boolean): string[] {
  const sign = ref === 'OLD' ? '-' : '';
  const payer = `coalesce(${ref}.broker_id, ${ref}.shipper_id)`;
  const days = postgres
    ? `(${ref}.paid_on::date - ${ref}.issued_on::date)`
    : `cast(julianday(${ref}.paid_on) - julianday(${ref}.issued_on) as integer)`;
  const t = postgres ? 'receivable_days.' : '';
  const upsert = (day: string, values: string, when: string) =>
    `INSERT INTO receivable_days (payer_kind, payer_id, day, paid_count, paid_days, received_count, short_count)
     SELECT ${ref}.payer_kind, ${payer}, ${day}, ${values} WHERE ${payer} IS NOT NULL AND ${when}
     ON CONFLICT (payer_kind, payer_id, day) DO UPDATE SET
       paid_count = ${t}paid_count + excluded.paid_count, paid_days = ${t}paid_days + excluded.paid_days,
       received_count = ${t}received_count + excluded.received_count, short_count = ${t}short_count + excluded.short_count`;
  return [
    upsert(`${ref}.paid_on`, `${sign}1, ${sign}${days}, 0, 0`, `${ref}.paid_on IS NOT NULL`),
    upsert(`${ref}.issued_on`, `0, 0, ${sign}1, ${sign}${ref}.short_paid`, `${ref}.paid_cents > 0`),
  ];
}

const WATCHED = 'paid_on, issued_on, paid_cents, short_paid, payer_kind, broker_id, shipper_id';

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  const postgres = isPostgres(db);
  await run(
    `CREATE INDEX invoices_open ON invoices (payer_kind, broker_id, shipper_id, issued_on, due_on, total_cents, paid_cents, credited_cents) WHERE status IN ('SENT', 'PARTIALLY_PAID')`,
  );
  await run(`CREATE INDEX invoices_broker_status ON invoices (broker_id, status)`);
  await run(`CREATE INDEX invoices_shipper_status ON invoices (shipper_id, status)`);
  await run(`CREATE TABLE receivable_days (
    payer_kind text NOT NULL, payer_id integer NOT NULL, day text NOT NULL,
    paid_count integer NOT NULL DEFAULT 0, paid_days integer NOT NULL DEFAULT 0,
    received_count integer NOT NULL DEFAULT 0, short_count integer NOT NULL DEFAULT 0,
    PRIMARY KEY (payer_kind, payer_id, day))`);

  const days = postgres
    ? `(paid_on::date - issued_on::date)`
    : `cast(julianday(paid_on) - julianday(issued_on) as integer)`;
  await run(`INSERT INTO receivable_days (payer_kind, payer_id, day, paid_count, paid_days, received_count, short_count)
    SELECT payer_kind, payer_id, day, sum(paid_count), sum(paid_days), sum(received_count), sum(short_count) FROM (
      SELECT payer_kind, coalesce(broker_id, shipper_id) AS payer_id, paid_on AS day, 1 AS paid_count, ${days} AS paid_days,
             0 AS received_count, 0 AS short_count
        FROM invoices WHERE paid_on IS NOT NULL
      UNION ALL
      SELECT payer_kind, coalesce(broker_id, shipper_id), issued_on, 0, 0, 1, short_paid
        FROM invoices WHERE paid_cents > 0
    ) AS moved WHERE payer_id IS NOT NULL GROUP BY payer_kind, payer_id, day`);

  if (postgres) {
    await run(`CREATE FUNCTION receivable_days_move() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN ${moves('OLD', true).join('; ')}; END IF;
        IF TG_OP <> 'DELETE' THEN ${moves('NEW', true).join('; ')}; END IF;
        RETURN NULL;
      END $$`);
    await run(`CREATE TRIGGER invoices_receivable_days_write AFTER INSERT OR DELETE ON invoices
      FOR EACH ROW EXECUTE FUNCTION receivable_days_move()`);
    await run(`CREATE TRIGGER invoices_receivable_days_update AFTER UPDATE OF ${WATCHED} ON invoices
      FOR EACH ROW EXECUTE FUNCTION receivable_days_move()`);
  } else {
    await run(`CREATE TRIGGER invoices_receivable_days_insert AFTER INSERT ON invoices
      BEGIN ${moves('NEW', false).join('; ')}; END`);
    await run(`CREATE TRIGGER invoices_receivable_days_delete AFTER DELETE ON invoices
      BEGIN ${moves('OLD', false).join('; ')}; END`);
    await run(`CREATE TRIGGER invoices_receivable_days_update AFTER UPDATE OF ${WATCHED} ON invoices
      BEGIN ${[...moves('OLD', false), ...moves('NEW', false)].join('; ')}; END`);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  if (isPostgres(db)) {
    await run(`DROP TRIGGER invoices_receivable_days_write ON invoices`);
    await run(`DROP TRIGGER invoices_receivable_days_update ON invoices`);
    await run(`DROP FUNCTION receivable_days_move()`);
  } else {
    for (const name of ['insert', 'delete', 'update']) await run(`DROP TRIGGER invoices_receivable_days_${name}`);
  }
  await run(`DROP TABLE receivable_days`);
  for (const index of ['invoices_open', 'invoices_broker_status', 'invoices_shipper_status'])
    await run(`DROP INDEX ${index}`);
}
