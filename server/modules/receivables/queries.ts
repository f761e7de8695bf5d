import { type RawBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { daysBetween, todayIso } from '../../../schema/expiry';
import { type InvoiceStatus, type PayerKind, invoiceNumberText } from '../../../schema/invoices';
import {
  type CustomerInvoiceDto,
  type CustomerPaymentDto,
  type ReceivableRowDto,
  type ReceivableSort,
  type ReceivableTotals,
  OPEN_STATUSES,
  RECEIVABLE_SORTS,
  agingEdges,
  customerKey,
  receivablesQuery,
  yearBefore,
} from '../../../schema/receivables';
import type { Db } from '../../db/types';

type ListQuery = z.output<typeof receivablesQuery>;

/** The SQL of each sortable figure, on the `figures` rows. */
const SORT_SQL: Record<ReceivableSort, string> = {
  name: 'lower(name)',
  openCents: 'open_cents',
  pastDueCents: 'past_due_cents',
  age0to30: 'age0to30',
  age31to60: 'age31to60',
  age61to90: 'age61to90',
  age90plus: 'age90plus',
  openCount: 'open_count',
  avgDaysToPay: 'CASE WHEN paid_count > 0 THEN paid_days * 1.0 / paid_count END',
  shortPaidShare: 'CASE WHEN received_count > 0 THEN short_count * 1.0 / received_count END',
};

export const isReceivableSort = (key: string): key is ReceivableSort =>
  (RECEIVABLE_SORTS as readonly string[]).includes(key);

interface Only {
  kind: PayerKind;
  id: number;
}

/**
 * Every paying customer's figures as of `today` (docs/product/receivables.md#figures): the customers are the brokers
 * and shippers billed at least once (one index probe each); the open balance, past due and aging sum
 * receivable_open (the open invoices per customer, issue day and due day); the last 12 months add up
 * receivable_months for the whole months and receivable_days for the partial months at either end (migration 053).
 * `only` narrows it to one customer, billed or not.
 */
function figures(today: string, only?: Only): RawBuilder<unknown> {
  const { d30, d60, d90 } = agingEdges(today);
  const yearAgo = yearBefore(today);
  const firstMonth = yearAgo.slice(0, 7);
  const lastMonth = today.slice(0, 7);
  const payer = (kind: PayerKind, table: 'brokers' | 'shippers', column: 'broker_id' | 'shipper_id') => {
    const where = only
      ? sql`p.id = ${only.kind === kind ? only.id : 0}`
      : sql`EXISTS (SELECT 1 FROM invoices i WHERE i.${sql.ref(column)} = p.id AND i.status <> 'DRAFT')`;
    return sql`SELECT ${kind} AS payer_kind, p.id AS payer_id, p.name, p.payment_terms_days AS terms_days
      FROM ${sql.table(table)} p WHERE ${where}`;
  };
  const payers =
    only?.kind === 'BROKER'
      ? payer('BROKER', 'brokers', 'broker_id')
      : only?.kind === 'SHIPPER'
        ? payer('SHIPPER', 'shippers', 'shipper_id')
        : sql`${payer('BROKER', 'brokers', 'broker_id')} UNION ALL ${payer('SHIPPER', 'shippers', 'shipper_id')}`;
  const one = only ? sql`AND payer_kind = ${only.kind} AND payer_id = ${only.id}` : sql``;
  const counts = sql.raw('paid_count, paid_days, received_count, short_count');
  return sql`WITH payers AS (${payers}),
    open_sums AS (
      SELECT payer_kind, payer_id, sum(open_count) AS open_count, sum(open_cents) AS open_cents,
        sum(CASE WHEN due_on < ${today} THEN open_cents ELSE 0 END) AS past_due_cents,
        sum(CASE WHEN issued_on >= ${d30} THEN open_cents ELSE 0 END) AS age0to30,
        sum(CASE WHEN issued_on < ${d30} AND issued_on >= ${d60} THEN open_cents ELSE 0 END) AS age31to60,
        sum(CASE WHEN issued_on < ${d60} AND issued_on >= ${d90} THEN open_cents ELSE 0 END) AS age61to90,
        sum(CASE WHEN issued_on < ${d90} THEN open_cents ELSE 0 END) AS age90plus
      FROM receivable_open WHERE 1 = 1 ${one}
      GROUP BY payer_kind, payer_id),
    year_sums AS (
      SELECT payer_kind, payer_id, sum(paid_count) AS paid_count, sum(paid_days) AS paid_days,
        sum(received_count) AS received_count, sum(short_count) AS short_count
      FROM (
        SELECT payer_kind, payer_id, ${counts} FROM receivable_months
          WHERE month > ${firstMonth} AND month < ${lastMonth} ${one}
        UNION ALL
        SELECT payer_kind, payer_id, ${counts} FROM receivable_days
          WHERE day > ${yearAgo} AND day <= ${`${firstMonth}-31`} ${one}
        UNION ALL
        SELECT payer_kind, payer_id, ${counts} FROM receivable_days
          WHERE day >= ${`${lastMonth}-01`} AND day <= ${today} ${one}
      ) AS year_rows
      GROUP BY payer_kind, payer_id),
    figures AS (
      SELECT p.payer_kind, p.payer_id, p.name, p.terms_days,
        coalesce(o.open_count, 0) AS open_count, coalesce(o.open_cents, 0) AS open_cents,
        coalesce(o.past_due_cents, 0) AS past_due_cents, coalesce(o.age0to30, 0) AS age0to30,
        coalesce(o.age31to60, 0) AS age31to60, coalesce(o.age61to90, 0) AS age61to90,
        coalesce(o.age90plus, 0) AS age90plus,
        coalesce(y.paid_count, 0) AS paid_count, coalesce(y.paid_days, 0) AS paid_days,
        coalesce(y.received_count, 0) AS received_count, coalesce(y.short_count, 0) AS short_count
      FROM payers p
      LEFT JOIN open_sums o ON o.payer_kind = p.payer_kind AND o.payer_id = p.payer_id
      LEFT JOIN year_sums y ON y.payer_kind = p.payer_kind AND y.payer_id = p.payer_id)`;
}

interface FigureRow {
  payer_kind: string;
  payer_id: number | string;
  name: string;
  terms_days: number | string;
  open_count: number | string;
  open_cents: number | string;
  past_due_cents: number | string;
  age0to30: number | string;
  age31to60: number | string;
  age61to90: number | string;
  age90plus: number | string;
  paid_count: number | string;
  paid_days: number | string;
  received_count: number | string;
  short_count: number | string;
}

/** One decimal, as the screens show averages and shares. */
const tenths = (value: number) => Math.round(value * 10) / 10;

function rowOf(row: FigureRow): ReceivableRowDto {
  const kind = row.payer_kind as PayerKind;
  const id = Number(row.payer_id);
  const paidCount = Number(row.paid_count);
  const receivedCount = Number(row.received_count);
  return {
    id: customerKey(kind, id),
    payerKind: kind,
    payerId: id,
    name: row.name,
    termsDays: Number(row.terms_days),
    openCents: Number(row.open_cents),
    pastDueCents: Number(row.past_due_cents),
    age0to30: Number(row.age0to30),
    age31to60: Number(row.age31to60),
    age61to90: Number(row.age61to90),
    age90plus: Number(row.age90plus),
    openCount: Number(row.open_count),
    avgDaysToPay: paidCount ? tenths(Number(row.paid_days) / paidCount) : null,
    paidCount,
    shortPaidShare: receivedCount ? tenths((100 * Number(row.short_count)) / receivedCount) : null,
    receivedCount,
  };
}

type ListRow = FigureRow & { total_count: number | string } & Record<
    `total_${keyof ReceivableTotals}`,
    number | string
  >;

/** The list's SQL: the figures filtered, sorted and paged, with the count and totals over every row found. */
function listSql(q: ListQuery, today: string) {
  const where: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (q.payerKind) where.push(sql`payer_kind = ${q.payerKind}`);
  if (q.pastDue) where.push(sql`past_due_cents > 0`);
  if (q.withBalance) where.push(sql`open_cents > 0`);
  if (q.search) {
    const pattern = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`lower(name) LIKE ${pattern} ESCAPE '\\'`);
  }
  const key = (q.sort ?? '-openCents').replace(/^-/, '');
  const order = isReceivableSort(key) ? SORT_SQL[key] : SORT_SQL.openCents;
  const direction = sql.raw((q.sort ?? '-openCents').startsWith('-') ? 'DESC' : 'ASC');
  return sql<ListRow>`${figures(today)}
    SELECT f.*, count(*) OVER () AS total_count,
      sum(open_cents) OVER () AS "total_openCents", sum(past_due_cents) OVER () AS "total_pastDueCents",
      sum(age0to30) OVER () AS "total_age0to30", sum(age31to60) OVER () AS "total_age31to60",
      sum(age61to90) OVER () AS "total_age61to90", sum(age90plus) OVER () AS "total_age90plus"
    FROM figures f WHERE ${sql.join(where, sql` AND `)}
    ORDER BY (${sql.raw(order)}) IS NULL, ${sql.raw(order)} ${direction}, lower(name), payer_kind, payer_id
    LIMIT ${q.size} OFFSET ${q.page * q.size}`;
}

/** The list as it opens (bench/receivables.ts reads its plan). */
export const receivablesPlanSql = (today: string) => listSql({ page: 0, size: 25 }, today);

/** A page of the receivables list with the count and the totals over every customer the filters find. */
export async function receivablesPage(
  db: Db,
  q: ListQuery,
  today: string = todayIso(),
): Promise<{ rows: ReceivableRowDto[]; count: number; totals: ReceivableTotals }> {
  const result = await listSql(q, today).execute(db);
  const first = result.rows[0];
  const total = (name: keyof ReceivableTotals) => Number(first?.[`total_${name}`] ?? 0);
  return {
    rows: result.rows.map(rowOf),
    // A page past the end has no row to carry the count: count again without paging.
    count: first
      ? Number(first.total_count)
      : q.page
        ? await receivablesPage(db, { ...q, page: 0, size: 1 }, today).then((r) => r.count)
        : 0,
    totals: {
      openCents: total('openCents'),
      pastDueCents: total('pastDueCents'),
      age0to30: total('age0to30'),
      age31to60: total('age31to60'),
      age61to90: total('age61to90'),
      age90plus: total('age90plus'),
    },
  };
}

/** One customer's figures, or null when there is no such broker or shipper. */
export async function customerFigures(
  db: Db,
  kind: PayerKind,
  id: number,
  today: string = todayIso(),
): Promise<ReceivableRowDto | null> {
  const result = await sql<FigureRow>`${figures(today, { kind, id })} SELECT * FROM figures`.execute(db);
  return result.rows[0] ? rowOf(result.rows[0]) : null;
}

/** The customer's invoices (never drafts), newest first: all, or only the open ones. */
export function customerInvoices(db: Db, kind: PayerKind, id: number, open = false) {
  let rows = db
    .selectFrom('invoices')
    .where('payer_kind', '=', kind)
    .where(kind === 'BROKER' ? 'broker_id' : 'shipper_id', '=', id)
    .where('status', '<>', 'DRAFT');
  if (open) rows = rows.where('status', 'in', OPEN_STATUSES);
  return rows;
}

export async function customerInvoicePage(
  db: Db,
  kind: PayerKind,
  id: number,
  options: { open?: boolean; limit: number; offset: number },
  today: string = todayIso(),
): Promise<CustomerInvoiceDto[]> {
  const rows = await customerInvoices(db, kind, id, options.open)
    .select([
      'id',
      'number',
      'status',
      'issued_on',
      'due_on',
      'total_cents',
      'paid_cents',
      'credited_cents',
      'paid_on',
      'short_paid',
    ])
    .orderBy('issued_on', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return rows.map((row) => {
    const status = row.status as InvoiceStatus;
    const open = (OPEN_STATUSES as readonly string[]).includes(status);
    const balance = Number(row.total_cents) - Number(row.paid_cents) - Number(row.credited_cents);
    return {
      id: Number(row.id),
      numberText: invoiceNumberText(Number(row.number)),
      status,
      issuedOn: row.issued_on,
      dueOn: row.due_on,
      totalCents: Number(row.total_cents),
      paidCents: Number(row.paid_cents),
      creditedCents: Number(row.credited_cents),
      balanceCents: open ? balance : 0,
      paidOn: row.paid_on,
      shortPaid: Number(row.short_paid) === 1,
      ageDays: open ? daysBetween(row.issued_on, today) : null,
      pastDue: open && balance > 0 && row.due_on < today,
    };
  });
}

/** A page of the customer's invoices and how many there are in all: GET /api/Receivables/:kind/:id/invoices. */
export async function customerInvoiceWindow(
  db: Db,
  kind: PayerKind,
  id: number,
  q: { open?: boolean; page: number; size: number },
): Promise<{ rows: CustomerInvoiceDto[]; count: number }> {
  const [rows, count] = await Promise.all([
    customerInvoicePage(db, kind, id, { open: q.open, limit: q.size, offset: q.page * q.size }),
    customerInvoices(db, kind, id, q.open)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(count.n) };
}

/**
 * The customer's payments (docs/product/receivables.md#a-customer): the live match lines of item type INVOICE on its
 * invoices, dated by the bank row they were matched to; newest first, optionally within a period.
 */
export function customerPayments(db: Db, kind: PayerKind, id: number, period: { from?: string; to?: string } = {}) {
  let rows = db
    .selectFrom('bank_match_lines as l')
    .innerJoin('bank_matches as m', 'm.id', 'l.match_id')
    .innerJoin('bank_transactions as t', 't.id', 'm.bank_transaction_id')
    .innerJoin('invoices as i', 'i.id', 'l.item_id')
    .where('l.item_type', '=', 'INVOICE')
    .where('m.undone_at', 'is', null)
    .where('i.payer_kind', '=', kind)
    .where(kind === 'BROKER' ? 'i.broker_id' : 'i.shipper_id', '=', id);
  if (period.from) rows = rows.where('t.posted_on', '>=', period.from);
  if (period.to) rows = rows.where('t.posted_on', '<=', period.to);
  return rows;
}

export async function customerPaymentPage(
  db: Db,
  kind: PayerKind,
  id: number,
  options: { limit: number; offset: number; from?: string; to?: string },
): Promise<CustomerPaymentDto[]> {
  const rows = await customerPayments(db, kind, id, options)
    .select(['l.id', 't.posted_on', 'i.id as invoice_id', 'i.number', 'l.amount_cents', 't.description'])
    .orderBy('t.posted_on', 'desc')
    .orderBy('l.id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    postedOn: row.posted_on,
    invoiceId: Number(row.invoice_id),
    invoiceNumberText: invoiceNumberText(Number(row.number)),
    amountCents: Number(row.amount_cents),
    description: row.description,
  }));
}

/** A page of the customer's payments and how many there are in all: GET /api/Receivables/:kind/:id/payments. */
export async function customerPaymentWindow(
  db: Db,
  kind: PayerKind,
  id: number,
  q: { page: number; size: number },
): Promise<{ rows: CustomerPaymentDto[]; count: number }> {
  const [rows, count] = await Promise.all([
    customerPaymentPage(db, kind, id, { limit: q.size, offset: q.page * q.size }),
    customerPayments(db, kind, id)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(count.n) };
}
