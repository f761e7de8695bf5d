import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../frozen/schemaHelpers';

/**
 * Receivables (server/modules/receivables, docs/product/receivables.md#speed): what the list sums, kept per customer
 * so that it never reads the invoices' history:
 * - receivable_open: the open invoices (Sent, Partially paid) per payer, issue day and due day: how many and what they
 *   still owe (total − paid − credited). Open balance, past due and aging sum these rows; a row that no longer holds
 *   an open invoice is deleted;
 * - receivable_days: per payer and day, invoices paid that day (paid_count, and paid_days: the sum of their
 *   paid_on − issued_on) and invoices issued that day that received a payment (received_count, and short_count: the
 *   short-paid ones); receivable_months: the same per calendar month. The last 12 months read the whole months from
 *   receivable_months and the two partial months at the ends from receivable_days (its index by day);
 * - invoices_broker_status / invoices_shipper_status: "was this customer billed", one probe per customer.
 * Kept by triggers on invoices, so every writer of an invoice — making, sending, voiding, bank matching setting what
 * was paid, a fix by hand — moves them inside its own transaction, exactly; filled here from the invoices there are.
 */
type Ref = 'OLD' | 'NEW';

const OPEN = `('SENT', 'PARTIALLY_PAID')`;

function moves(ref: Ref, postgres: boolean): string[] {
  const sign = ref === 'OLD' ? '-' : '';
  const payer = `coalesce(${ref}.broker_id, ${ref}.shipper_id)`;
  const days = postgres
    ? `(${ref}.paid_on::date - ${ref}.issued_on::date)`
    : `cast(julianday(${ref}.paid_on) - julianday(${ref}.issued_on) as integer)`;
  const add = (table: string, columns: string[]) =>
    columns.map((c) => `${c} = ${postgres ? `${table}.` : ''}${c} + excluded.${c}`).join(', ');
  const counts = ['paid_count', 'paid_days', 'received_count', 'short_count'];
  const upsert = (table: string, key: string, at: string, values: string, when: string) =>
    `INSERT INTO ${table} (payer_kind, payer_id, ${key}, ${counts.join(', ')})
     SELECT ${ref}.payer_kind, ${payer}, ${at}, ${values} WHERE ${payer} IS NOT NULL AND ${when}
     ON CONFLICT (payer_kind, payer_id, ${key}) DO UPDATE SET ${add(table, counts)}`;
  const paid = `${sign}1, ${sign}${days}, 0, 0`;
  const received = `0, 0, ${sign}1, ${sign}${ref}.short_paid`;
  const open = `${ref}.status IN ${OPEN}`;
  const balance = `${sign}(${ref}.total_cents - ${ref}.paid_cents - ${ref}.credited_cents)`;
  const statements = [
    upsert('receivable_days', 'day', `${ref}.paid_on`, paid, `${ref}.paid_on IS NOT NULL`),
    upsert('receivable_months', 'month', `substr(${ref}.paid_on, 1, 7)`, paid, `${ref}.paid_on IS NOT NULL`),
    upsert('receivable_days', 'day', `${ref}.issued_on`, received, `${ref}.paid_cents > 0`),
    upsert('receivable_months', 'month', `substr(${ref}.issued_on, 1, 7)`, received, `${ref}.paid_cents > 0`),
    `INSERT INTO receivable_open (payer_kind, payer_id, issued_on, due_on, open_count, open_cents)
     SELECT ${ref}.payer_kind, ${payer}, ${ref}.issued_on, ${ref}.due_on, ${sign}1, ${balance}
     WHERE ${payer} IS NOT NULL AND ${open}
     ON CONFLICT (payer_kind, payer_id, issued_on, due_on) DO UPDATE SET ${add('receivable_open', ['open_count', 'open_cents'])}`,
  ];
  if (ref === 'OLD')
    statements.push(`DELETE FROM receivable_open WHERE payer_kind = OLD.payer_kind AND payer_id = ${payer}
      AND issued_on = OLD.issued_on AND due_on = OLD.due_on AND open_count = 0 AND ${open}`);
  return statements;
}

const WATCHED =
  'status, paid_on, issued_on, due_on, total_cents, paid_cents, credited_cents, short_paid, payer_kind, broker_id, shipper_id';

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  const postgres = isPostgres(db);
  await run(`CREATE INDEX invoices_broker_status ON invoices (broker_id, status)`);
  await run(`CREATE INDEX invoices_shipper_status ON invoices (shipper_id, status)`);
  const counts = `paid_count integer NOT NULL DEFAULT 0, paid_days integer NOT NULL DEFAULT 0,
    received_count integer NOT NULL DEFAULT 0, short_count integer NOT NULL DEFAULT 0`;
  await run(`CREATE TABLE receivable_days (payer_kind text NOT NULL, payer_id integer NOT NULL, day text NOT NULL,
    ${counts}, PRIMARY KEY (payer_kind, payer_id, day))`);
  await run(`CREATE INDEX receivable_days_day ON receivable_days (day)`);
  await run(`CREATE TABLE receivable_months (payer_kind text NOT NULL, payer_id integer NOT NULL, month text NOT NULL,
    ${counts}, PRIMARY KEY (payer_kind, payer_id, month))`);
  await run(`CREATE TABLE receivable_open (payer_kind text NOT NULL, payer_id integer NOT NULL,
    issued_on text NOT NULL, due_on text NOT NULL, open_count integer NOT NULL, open_cents bigint NOT NULL,
    PRIMARY KEY (payer_kind, payer_id, issued_on, due_on))`);

  const days = postgres
    ? `(paid_on::date - issued_on::date)`
    : `cast(julianday(paid_on) - julianday(issued_on) as integer)`;
  const moved = (key: (column: string) => string) => `
      SELECT payer_kind, coalesce(broker_id, shipper_id) AS payer_id, ${key('paid_on')} AS at, 1 AS paid_count,
             ${days} AS paid_days, 0 AS received_count, 0 AS short_count
        FROM invoices WHERE paid_on IS NOT NULL
      UNION ALL
      SELECT payer_kind, coalesce(broker_id, shipper_id), ${key('issued_on')}, 0, 0, 1, short_paid
        FROM invoices WHERE paid_cents > 0`;
  for (const [table, column, key] of [
    ['receivable_days', 'day', (c: string) => c],
    ['receivable_months', 'month', (c: string) => `substr(${c}, 1, 7)`],
  ] as const)
    await run(`INSERT INTO ${table} (payer_kind, payer_id, ${column}, paid_count, paid_days, received_count, short_count)
      SELECT payer_kind, payer_id, at, sum(paid_count), sum(paid_days), sum(received_count), sum(short_count)
      FROM (${moved(key)}) AS moved WHERE payer_id IS NOT NULL GROUP BY payer_kind, payer_id, at`);
  await run(`INSERT INTO receivable_open (payer_kind, payer_id, issued_on, due_on, open_count, open_cents)
    SELECT payer_kind, coalesce(broker_id, shipper_id), issued_on, due_on, count(*),
      sum(total_cents - paid_cents - credited_cents)
    FROM invoices WHERE status IN ${OPEN} AND coalesce(broker_id, shipper_id) IS NOT NULL
    GROUP BY payer_kind, coalesce(broker_id, shipper_id), issued_on, due_on`);

  if (postgres) {
    await run(`CREATE FUNCTION receivables_move() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN ${moves('OLD', true).join('; ')}; END IF;
        IF TG_OP <> 'DELETE' THEN ${moves('NEW', true).join('; ')}; END IF;
        RETURN NULL;
      END $$`);
    await run(`CREATE TRIGGER invoices_receivables_write AFTER INSERT OR DELETE ON invoices
      FOR EACH ROW EXECUTE FUNCTION receivables_move()`);
    await run(`CREATE TRIGGER invoices_receivables_update AFTER UPDATE OF ${WATCHED} ON invoices
      FOR EACH ROW EXECUTE FUNCTION receivables_move()`);
  } else {
    await run(`CREATE TRIGGER invoices_receivables_insert AFTER INSERT ON invoices
      BEGIN ${moves('NEW', false).join('; ')}; END`);
    await run(`CREATE TRIGGER invoices_receivables_delete AFTER DELETE ON invoices
      BEGIN ${moves('OLD', false).join('; ')}; END`);
    await run(`CREATE TRIGGER invoices_receivables_update AFTER UPDATE OF ${WATCHED} ON invoices
      BEGIN ${[...moves('OLD', false), ...moves('NEW', false)].join('; ')}; END`);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  if (isPostgres(db)) {
    await run(`DROP TRIGGER invoices_receivables_write ON invoices`);
    await run(`DROP TRIGGER invoices_receivables_update ON invoices`);
    await run(`DROP FUNCTION receivables_move()`);
  } else {
    for (const name of ['insert', 'delete', 'update']) await run(`DROP TRIGGER invoices_receivables_${name}`);
  }
  for (const table of ['receivable_open', 'receivable_months', 'receivable_days']) await run(`DROP TABLE ${table}`);
  for (const index of ['invoices_broker_status', 'invoices_shipper_status']) await run(`DROP INDEX ${index}`);
}
