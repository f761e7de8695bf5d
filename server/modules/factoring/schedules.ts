import type { FastifyRequest } from 'fastify';
import { todayIso } from '../../../schema/expiry';
import { type ScheduleCreateBody, type ScheduleDto, scheduleNumberText } from '../../../schema/factoring';
import { INVOICE_STATUS_LABELS, type InvoiceStatus, invoiceNumberText } from '../../../schema/invoices';
import type { Db } from '../../db/types';
import { badRequest, conflict, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { takeNumber } from '../invoices/numbers';
import { activeFactor } from './assign';
import { loadSchedule } from './queries';

/** The schedule read inside the write, at the version the client read: else 404, or 409 with the current one. */
export async function scheduleAt(trx: Db, id: number, version: number): Promise<ScheduleDto> {
  const schedule = await loadSchedule(trx, id);
  if (!schedule) throw notFound('Schedule');
  if (schedule.version !== version)
    throw conflict(
      `Someone else changed schedule ${schedule.numberText} since you opened it. Reload it to see their changes.`,
      { current: schedule },
    );
  return schedule;
}

/** Moves the schedule's version (and what else `set` says) under the version read: the write's own guard. */
export async function bumpSchedule(trx: Db, schedule: ScheduleDto, set: Record<string, unknown> = {}) {
  const moved = await trx
    .updateTable('factoring_schedules')
    .set({ ...set, version: schedule.version + 1, updated_at: new Date().toISOString() })
    .where('id', '=', schedule.id)
    .where('version', '=', schedule.version)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1)
    throw conflict(`Schedule ${schedule.numberText} changed meanwhile: reload it`);
}

/**
 * Makes a schedule of accounts inside the caller's `transact` (docs/product/factoring.md#schedules): an active factor,
 * its sent invoices on no live schedule, each at its balance, numbered without gaps. Answers the new schedule's id.
 */
export async function createSchedule(trx: Db, request: FastifyRequest, body: ScheduleCreateBody): Promise<number> {
  const factor = await activeFactor(trx, body.factoringCompanyId, 'factoringCompanyId');
  const ids = [...new Set(body.invoiceIds)];
  const invoices = await trx
    .selectFrom('invoices')
    .select(['id', 'number', 'status', 'factoring_company_id', 'total_cents', 'paid_cents', 'credited_cents'])
    .where('id', 'in', ids)
    .orderBy('number')
    .execute();
  const missing = ids.find((id) => !invoices.some((i) => Number(i.id) === id));
  if (missing !== undefined) throw badRequest(`Invoice ${missing} not found`, 'invoiceIds');
  for (const invoice of invoices) {
    const text = invoiceNumberText(Number(invoice.number));
    if (Number(invoice.factoring_company_id) !== factor.id)
      throw badRequest(`Invoice ${text} is not assigned to ${factor.name}`, 'invoiceIds');
    if (invoice.status !== 'SENT')
      throw conflict(
        `Invoice ${text} is ${INVOICE_STATUS_LABELS[invoice.status as InvoiceStatus].toLowerCase()}: only a sent invoice is scheduled`,
      );
    const live = await trx
      .selectFrom('factoring_schedule_invoices as si')
      .innerJoin('factoring_schedules as s', 's.id', 'si.schedule_id')
      .select(['s.id', 's.number'])
      .where('si.invoice_id', '=', invoice.id)
      .where('si.live', '=', 1)
      .executeTakeFirst();
    if (live)
      throw conflict(`Invoice ${text} is on schedule ${scheduleNumberText(Number(live.number))} already`, {
        scheduleId: Number(live.id),
      });
  }
  const amounts = invoices.map((i) => Number(i.total_cents) - Number(i.paid_cents) - Number(i.credited_cents));
  const total = amounts.reduce((a, b) => a + b, 0);
  const number = await takeNumber(trx, 'factoring_schedule');
  const now = new Date().toISOString();
  const row = await trx
    .insertInto('factoring_schedules')
    .values({
      number,
      factoring_company_id: factor.id,
      schedule_on: body.scheduleOn ?? todayIso(),
      status: 'OPEN',
      total_cents: total,
      invoice_count: invoices.length,
      created_by: request.auth?.user.id ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await trx
    .insertInto('factoring_schedule_invoices')
    .values(invoices.map((i, n) => ({ schedule_id: id, invoice_id: Number(i.id), amount_cents: amounts[n], live: 1 })))
    .execute();
  await audit(trx, request, {
    action: 'create',
    entity: 'factoringSchedule',
    entityId: id,
    after: { number, factor: factor.name, invoices: invoices.map((i) => Number(i.number)), totalCents: total },
  });
  return id;
}

/**
 * Cancels a schedule the factor has not funded (docs/product/factoring.md#schedules): kept, its invoices freed for
 * another schedule. A funded one is cancelled only after its funding is reversed.
 */
export async function cancelSchedule(trx: Db, request: FastifyRequest, id: number, version: number): Promise<void> {
  const schedule = await scheduleAt(trx, id, version);
  if (schedule.status !== 'OPEN')
    throw conflict(
      schedule.status === 'FUNDED'
        ? `Schedule ${schedule.numberText} is funded: reverse its funding first`
        : `Schedule ${schedule.numberText} is cancelled already`,
    );
  await bumpSchedule(trx, schedule, { status: 'CANCELLED', cancelled_at: new Date().toISOString() });
  await trx.updateTable('factoring_schedule_invoices').set({ live: 0 }).where('schedule_id', '=', id).execute();
  await audit(trx, request, {
    action: 'cancel',
    entity: 'factoringSchedule',
    entityId: id,
    before: { status: schedule.status },
    after: { status: 'CANCELLED' },
  });
}
