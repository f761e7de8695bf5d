import { sql } from 'kysely';
import {
  type EntryKind,
  type FactorBooksDto,
  type ScheduleDto,
  type ScheduleStatus,
  fundingSplit,
  scheduleListQuery,
  scheduleNumberText,
} from '../../../schema/factoring';
import { invoiceNumberText } from '../../../schema/invoices';
import type { Db } from '../../db/types';
import type { z } from 'zod';

/** The invoice's debtor: its broker's or shipper's name. */
const debtor = sql<string>`coalesce(b.name, sh.name)`;

/** A schedule's columns with its factor's name and percentages. */
const schedules = (db: Db) =>
  db
    .selectFrom('factoring_schedules as s')
    .innerJoin('factoring_companies as f', 'f.id', 's.factoring_company_id')
    .select([
      's.id',
      's.number',
      's.factoring_company_id',
      's.schedule_on',
      's.status',
      's.total_cents',
      's.invoice_count',
      's.created_at',
      's.version',
      'f.name as factor_name',
      'f.advance_percent',
      'f.fee_percent',
    ]);

/** Sums of a set of entries, each 0 when there is none (a reversal's negated amounts take back what it reverses). */
const entrySums = (db: Db) =>
  db
    .selectFrom('factoring_entries as e')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('e.advance_cents'), sql<number>`0`).as('advance'),
      eb.fn.coalesce(eb.fn.sum<number>('e.fee_cents'), sql<number>`0`).as('fee'),
      eb.fn.coalesce(eb.fn.sum<number>('e.reserve_cents'), sql<number>`0`).as('reserve'),
      eb.fn.coalesce(eb.fn.sum<number>('e.released_cents'), sql<number>`0`).as('released'),
    ]);

/** One schedule whole (docs/product/factoring.md#schedules): its invoices, its books and their sums; null if none. */
export async function loadSchedule(db: Db, id: number): Promise<ScheduleDto | null> {
  const row = await schedules(db).where('s.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [invoices, entries, sums] = await Promise.all([
    db
      .selectFrom('factoring_schedule_invoices as si')
      .innerJoin('invoices as i', 'i.id', 'si.invoice_id')
      .leftJoin('brokers as b', 'b.id', 'i.broker_id')
      .leftJoin('shippers as sh', 'sh.id', 'i.shipper_id')
      .select(['i.id', 'i.number', 'i.issued_on', 'si.amount_cents'])
      .select(debtor.as('debtor'))
      .where('si.schedule_id', '=', id)
      .orderBy('i.number')
      .execute(),
    db
      .selectFrom('factoring_entries as e')
      .leftJoin('factoring_entries as r', 'r.reverses_id', 'e.id')
      .selectAll('e')
      .select('r.id as reversed_by')
      .where('e.schedule_id', '=', id)
      .orderBy('e.id')
      .execute(),
    entrySums(db).where('e.schedule_id', '=', id).executeTakeFirstOrThrow(),
  ]);
  const total = Number(row.total_cents);
  const reserve = Number(sums.reserve);
  const released = Number(sums.released);
  return {
    id: Number(row.id),
    number: Number(row.number),
    numberText: scheduleNumberText(Number(row.number)),
    factoringCompanyId: Number(row.factoring_company_id),
    factoringCompanyName: row.factor_name,
    scheduleOn: row.schedule_on,
    status: row.status as ScheduleStatus,
    totalCents: total,
    invoiceCount: Number(row.invoice_count),
    advanceCents: Number(sums.advance),
    feeCents: Number(sums.fee),
    reserveCents: reserve,
    releasedCents: released,
    owedCents: reserve - released,
    suggested: fundingSplit(total, Number(row.advance_percent), Number(row.fee_percent)),
    invoices: invoices.map((i) => ({
      invoiceId: Number(i.id),
      number: Number(i.number),
      numberText: invoiceNumberText(Number(i.number)),
      debtor: i.debtor,
      issuedOn: i.issued_on,
      amountCents: Number(i.amount_cents),
    })),
    entries: entries.map((e) => ({
      id: Number(e.id),
      kind: e.kind as EntryKind,
      enteredOn: e.entered_on,
      advanceCents: Number(e.advance_cents),
      feeCents: Number(e.fee_cents),
      reserveCents: Number(e.reserve_cents),
      releasedCents: Number(e.released_cents),
      note: e.note,
      reversesId: e.reverses_id === null ? null : Number(e.reverses_id),
      reversedById: e.reversed_by === null ? null : Number(e.reversed_by),
      createdAt: e.created_at,
    })),
    createdAt: row.created_at,
    version: Number(row.version),
  };
}

/** The schedule list, newest first: a factor's or all, of one state or all. */
export function scheduleSelection(db: Db, q: z.output<typeof scheduleListQuery>) {
  let rows = schedules(db);
  if (q.factoringCompanyId !== undefined) rows = rows.where('s.factoring_company_id', '=', q.factoringCompanyId);
  if (q.status) rows = rows.where('s.status', '=', q.status);
  if (q.search) {
    const digits = /^(?:sch-?)?\s*(\d{1,9})$/i.exec(q.search)?.[1];
    if (digits) rows = rows.where('s.number', '=', Number(digits));
  }
  return rows;
}

export const scheduleSummary = (row: Awaited<ReturnType<ReturnType<typeof schedules>['execute']>>[number]) => ({
  id: Number(row.id),
  number: Number(row.number),
  numberText: scheduleNumberText(Number(row.number)),
  factoringCompanyId: Number(row.factoring_company_id),
  factoringCompanyName: row.factor_name,
  scheduleOn: row.schedule_on,
  status: row.status as ScheduleStatus,
  totalCents: Number(row.total_cents),
  invoiceCount: Number(row.invoice_count),
  version: Number(row.version),
});
export type ScheduleSummaryDto = ReturnType<typeof scheduleSummary>;

/** A factor's sent invoices on no live schedule: what a new schedule may take, oldest first. */
export function eligibleInvoices(db: Db, factorId: number) {
  return db
    .selectFrom('invoices as i')
    .leftJoin('brokers as b', 'b.id', 'i.broker_id')
    .leftJoin('shippers as sh', 'sh.id', 'i.shipper_id')
    .select(['i.id', 'i.number', 'i.issued_on', 'i.total_cents', 'i.paid_cents', 'i.credited_cents'])
    .select(debtor.as('debtor'))
    .where('i.factoring_company_id', '=', factorId)
    .where('i.status', '=', 'SENT')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('factoring_schedule_invoices as si')
            .select('si.id')
            .whereRef('si.invoice_id', '=', 'i.id')
            .where('si.live', '=', 1),
        ),
      ),
    )
    .orderBy('i.issued_on')
    .orderBy('i.number')
    .limit(500);
}

/**
 * The books by factor (docs/product/factoring.md#what-the-factor-owes): what was scheduled (live schedules), advanced,
 * charged, held in reserve and released, and what the factor still owes (reserve less released); `factorId` for one.
 */
export async function factorBooks(db: Db, factorId?: number): Promise<FactorBooksDto[]> {
  let factors = db
    .selectFrom('factoring_companies as f')
    .select(['f.id', 'f.name', 'f.active'])
    .where('f.deleted_at', 'is', null)
    .orderBy('f.name');
  let scheduled = db
    .selectFrom('factoring_schedules as s')
    .select('s.factoring_company_id as id')
    .select((eb) => eb.fn.sum<number>('s.total_cents').as('total'))
    .where('s.status', '!=', 'CANCELLED')
    .groupBy('s.factoring_company_id');
  let entries = entrySums(db).select('e.factoring_company_id as id').groupBy('e.factoring_company_id');
  if (factorId !== undefined) {
    factors = factors.where('f.id', '=', factorId);
    scheduled = scheduled.where('s.factoring_company_id', '=', factorId);
    entries = entries.where('e.factoring_company_id', '=', factorId);
  }
  const [rows, totals, sums] = await Promise.all([factors.execute(), scheduled.execute(), entries.execute()]);
  return rows.map((r) => {
    const total = totals.find((t) => Number(t.id) === Number(r.id));
    const sum = sums.find((t) => Number(t.id) === Number(r.id));
    const reserve = Number(sum?.reserve ?? 0);
    const released = Number(sum?.released ?? 0);
    return {
      factoringCompanyId: Number(r.id),
      name: r.name,
      active: Number(r.active) === 1,
      scheduledCents: Number(total?.total ?? 0),
      advanceCents: Number(sum?.advance ?? 0),
      feeCents: Number(sum?.fee ?? 0),
      reserveCents: reserve,
      releasedCents: released,
      owedCents: reserve - released,
    };
  });
}
