import { sql } from 'kysely';
import { periodRange } from '../../../schema/period';
import { todayIso } from '../../../schema/expiry';
import {
  type InvoiceDto,
  type InvoiceStatus,
  type LineKind,
  type PayerKind,
  creditNoteNumberText,
  invoiceListQuery,
  invoiceNumberText,
  termsText,
} from '../../../schema/invoices';
import type { Db } from '../../db/types';
import { invoicePaymentsQuery } from '../bank/invoicePayments';
import { invoiceFactoring } from '../factoring/invoiceFactoring';
import type { z } from 'zod';

/** The invoice's columns with its payer's name (a broker's or a shipper's). */
const invoices = (db: Db) =>
  db
    .selectFrom('invoices as i')
    .leftJoin('brokers as b', 'b.id', 'i.broker_id')
    .leftJoin('shippers as s', 's.id', 'i.shipper_id')
    .select([
      'i.id',
      'i.number',
      'i.payer_kind',
      'i.broker_id',
      'i.shipper_id',
      'i.status',
      'i.issued_on',
      'i.terms_days',
      'i.due_on',
      'i.subtotal_cents',
      'i.total_cents',
      'i.paid_cents',
      'i.credited_cents',
      'i.paid_on',
      'i.short_paid',
      'i.short_reason',
      'i.notes',
      'i.sent_at',
      'i.sent_to',
      'i.sent_document_id',
      'i.voided_at',
      'i.factoring_company_id',
      'i.created_at',
      'i.version',
    ])
    .select(sql<string>`coalesce(b.name, s.name)`.as('payer_name'));

type InvoiceRow = Awaited<ReturnType<ReturnType<typeof invoices>['executeTakeFirstOrThrow']>>;

/** The row as the list shows it (no lines, no orders). */
function summaryOf(row: InvoiceRow) {
  const total = Number(row.total_cents);
  const paid = Number(row.paid_cents);
  const credited = Number(row.credited_cents);
  return {
    id: Number(row.id),
    number: Number(row.number),
    numberText: invoiceNumberText(Number(row.number)),
    payerKind: row.payer_kind as PayerKind,
    payerId: Number(row.broker_id ?? row.shipper_id),
    payerName: row.payer_name,
    status: row.status as InvoiceStatus,
    issuedOn: row.issued_on,
    termsDays: Number(row.terms_days),
    terms: termsText(Number(row.terms_days)),
    dueOn: row.due_on,
    subtotalCents: Number(row.subtotal_cents),
    totalCents: total,
    paidCents: paid,
    creditedCents: credited,
    balanceCents: total - paid - credited,
    paidOn: row.paid_on,
    shortPaid: Number(row.short_paid) === 1,
    shortReason: row.short_reason,
    notes: row.notes,
    sentAt: row.sent_at,
    sentTo: row.sent_to ? (JSON.parse(row.sent_to) as string[]) : [],
    hasSentPdf: row.sent_document_id !== null,
    voidedAt: row.voided_at,
    createdAt: row.created_at,
    version: Number(row.version),
  };
}
export type InvoiceSummaryDto = ReturnType<typeof summaryOf>;

/** One invoice whole: its orders, lines and credit note; null when there is none. */
export async function loadInvoice(db: Db, id: number): Promise<InvoiceDto | null> {
  const row = await invoices(db).where('i.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [orders, lines, credit, factoring] = await Promise.all([
    db
      .selectFrom('invoice_orders as io')
      .innerJoin('book_orders as o', 'o.id', 'io.book_order_id')
      .select(['o.id', 'o.order_number'])
      .where('io.invoice_id', '=', id)
      .orderBy('io.id')
      .execute(),
    db
      .selectFrom('invoice_lines as l')
      .leftJoin('book_orders as o', 'o.id', 'l.book_order_id')
      .select([
        'l.position',
        'l.kind',
        'l.book_order_id',
        'o.order_number',
        'l.product_id',
        'l.description',
        'l.quantity',
        'l.unit_cents',
        'l.amount_cents',
      ])
      .where('l.invoice_id', '=', id)
      .orderBy('l.position')
      .execute(),
    db.selectFrom('credit_notes').selectAll().where('invoice_id', '=', id).executeTakeFirst(),
    invoiceFactoring(db, id, row.factoring_company_id === null ? null : Number(row.factoring_company_id)),
  ]);
  const payments = await invoicePaymentsQuery(db, id).execute();
  return {
    ...summaryOf(row),
    orders: orders.map((o) => ({ id: Number(o.id), orderNumber: o.order_number })),
    lines: lines.map((l) => ({
      position: Number(l.position),
      kind: l.kind as LineKind,
      orderId: l.book_order_id === null ? null : Number(l.book_order_id),
      orderNumber: l.order_number ?? null,
      productId: l.product_id === null ? null : Number(l.product_id),
      description: l.description,
      quantity: Number(l.quantity),
      unitCents: Number(l.unit_cents),
      amountCents: Number(l.amount_cents),
    })),
    creditNote: credit
      ? {
          number: Number(credit.number),
          numberText: creditNoteNumberText(Number(credit.number)),
          amountCents: Number(credit.amount_cents),
          reason: credit.reason,
          createdAt: credit.created_at,
        }
      : null,
    payments: payments.map((p) => ({
      matchId: Number(p.match_id),
      bankTransactionId: Number(p.bank_transaction_id),
      postedOn: p.posted_on,
      description: p.description,
      amountCents: Number(p.amount_cents),
    })),
    ...factoring,
  };
}

export const INVOICE_SORTS = {
  number: 'i.number',
  issuedOn: 'i.issued_on',
  dueOn: 'i.due_on',
  totalCents: 'i.total_cents',
  payerName: 'payer_name',
  status: 'i.status',
} as const;

/**
 * The invoice list: search by number (with or without INV-) or the payer's name, filters of status, payer and the
 * issue day's period that combine, newest first unless sorted.
 */
export function invoiceSelection(db: Db, q: z.output<typeof invoiceListQuery>) {
  let rows = invoices(db);
  if (q.status) rows = rows.where('i.status', '=', q.status);
  if (q.brokerId !== undefined) rows = rows.where('i.broker_id', '=', q.brokerId);
  if (q.shipperId !== undefined) rows = rows.where('i.shipper_id', '=', q.shipperId);
  const { from, to } = periodRange(q.filtered, todayIso(), q.from, q.to);
  if (from) rows = rows.where('i.issued_on', '>=', from);
  if (to) rows = rows.where('i.issued_on', '<=', to);
  if (q.search) {
    const digits = /^(?:inv-?)?\s*(\d{1,9})$/i.exec(q.search)?.[1];
    const pattern = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    rows = rows.where((eb) =>
      eb.or([
        ...(digits ? [eb('i.number', '=', Number(digits))] : []),
        eb(sql`lower(coalesce(b.name, s.name))`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return rows;
}

export function invoicePage(db: Db, q: z.output<typeof invoiceListQuery>) {
  const key = (q.sort ?? '-number').replace(/^-/, '') as keyof typeof INVOICE_SORTS;
  const direction = (q.sort ?? '-number').startsWith('-') ? 'desc' : 'asc';
  const column = INVOICE_SORTS[key] ?? INVOICE_SORTS.number;
  return invoiceSelection(db, q)
    .orderBy(sql.ref(column), direction)
    .orderBy('i.id', direction)
    .limit(q.size)
    .offset(q.page * q.size);
}

export const toSummary = summaryOf;
