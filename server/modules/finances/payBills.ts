import type { FastifyRequest } from 'fastify';
import { idParams } from '../../../schema/common';
import { usDate } from '../../../schema/format';
import { fromCents, toCents } from '../../../schema/money';
import {
  type PayBillDto,
  billVersionBody,
  buildBillsBody,
  payBillBody,
  type payBills,
} from '../../../schema/resources/payBills';
import { ok, type ServerContext } from '../../context';
import type { Db } from '../../db/types';
import { badRequest, conflict } from '../../http/errors';
import { audit } from '../audit/audit';
import type { RecordExtension } from '../records/fromDefinition';
import { type BillDriver, type ComputedBill, addDays, billDrivers, billSignature, computeBill } from './billing';
import { postEntries } from './ledger';
import { driverScopeWhere } from './scope';
import { statementPdf } from './statement';
import { transact } from '../../db/transaction';

type BuildBody = { weekStart: string; driverIds?: number[] };
type PayBody = { version: number; paymentMethod?: string; reference?: string; paidOn: string };

export interface BuildResult {
  weekStart: string;
  built: number[];
  rebuilt: number[];
  skipped: { driverId: number; driver: string; reason: string }[];
}

const lineRows = (billId: number, bill: ComputedBill) =>
  bill.lines.map((l, position) => ({
    pay_bill_id: billId,
    position,
    kind: l.kind,
    type: l.type,
    direction: l.direction,
    amount_cents: l.amountCents,
    description: l.description,
    detail: l.detail,
    posted_on: l.postedOn,
    transaction_id: l.transactionId,
    book_order_id: l.bookOrderId,
  }));

async function saveLines(trx: Db, billId: number, bill: ComputedBill): Promise<void> {
  await trx.deleteFrom('pay_bill_lines').where('pay_bill_id', '=', billId).execute();
  const rows = lineRows(billId, bill);
  for (let i = 0; i < rows.length; i += 200)
    await trx
      .insertInto('pay_bill_lines')
      .values(rows.slice(i, i + 200))
      .execute();
}

const billTotals = (bill: ComputedBill) => ({
  opening_cents: bill.openingCents,
  credits_cents: bill.creditsCents,
  debits_cents: bill.debitsCents,
  net_cents: bill.netCents,
  paid_cents: 0,
  closing_cents: bill.netCents,
});

/** Why a driver's bill of a week cannot be built now (earlier bills unpaid, a later week billed), or their opening. */
async function billingPosition(
  trx: Db,
  driverId: number,
  weekStart: string,
): Promise<{ reason: string } | { openingCents: number }> {
  const later = await trx
    .selectFrom('pay_bills')
    .select('week_start')
    .where('driver_id', '=', driverId)
    .where('week_start', '>', weekStart)
    .orderBy('week_start')
    .limit(1)
    .executeTakeFirst();
  if (later) return { reason: `The week of ${usDate(later.week_start)} is already billed` };
  const previous = await trx
    .selectFrom('pay_bills')
    .select(['week_start', 'status', 'closing_cents'])
    .where('driver_id', '=', driverId)
    .where('week_start', '<', weekStart)
    .orderBy('week_start', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (previous && previous.status !== 'PAID')
    return { reason: `Pay the bill of the week of ${usDate(previous.week_start)} first` };
  const unpaid = await trx
    .selectFrom('pay_bills')
    .select('week_start')
    .where('driver_id', '=', driverId)
    .where('week_start', '<', weekStart)
    .where('status', '<>', 'PAID')
    .limit(1)
    .executeTakeFirst();
  if (unpaid) return { reason: `Pay the bill of the week of ${usDate(unpaid.week_start)} first` };
  return { openingCents: previous?.closing_cents ?? 0 };
}

/**
 * The drafts of a week: for each driver (the ones named, or every driver employed during the week), a new draft, a
 * draft rebuilt, or the reason there is none. One transaction: the week is built whole or not at all.
 */
export async function buildWeek(
  db: Db,
  body: BuildBody,
  userId: number | null,
  request: FastifyRequest | null = null,
): Promise<BuildResult> {
  const { weekStart } = body;
  const weekEnd = addDays(weekStart, 6);
  return transact(db, async (trx) => {
    let ids = body.driverIds;
    if (ids) {
      const known = await trx
        .selectFrom('drivers')
        .select('id')
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .execute();
      const missing = ids.filter((id) => !known.some((k) => k.id === id));
      if (missing.length)
        throw badRequest(`No driver ${missing.join(', ')}; choose drivers from the list`, 'driverIds');
    } else {
      ids = (
        await trx
          .selectFrom('drivers')
          .select('id')
          .where('deleted_at', 'is', null)
          .where((eb) => eb.or([eb('terminated_on', 'is', null), eb('terminated_on', '>=', weekStart)]))
          .where((eb) => eb.or([eb('hired_on', 'is', null), eb('hired_on', '<=', weekEnd)]))
          .orderBy('id')
          .execute()
      ).map((d) => d.id);
    }
    const drivers = await billDrivers(trx, ids);
    const existing = new Map(
      (
        await trx
          .selectFrom('pay_bills')
          .select(['id', 'driver_id', 'status', 'version'])
          .where('week_start', '=', weekStart)
          .execute()
      ).map((b) => [b.driver_id, b]),
    );
    const result: BuildResult = { weekStart, built: [], rebuilt: [], skipped: [] };
    const now = new Date().toISOString();
    for (const driver of drivers.values()) {
      const bill = existing.get(driver.id);
      if (bill && bill.status !== 'DRAFT') {
        result.skipped.push({
          driverId: driver.id,
          driver: driver.name,
          reason: `Already ${bill.status === 'PAID' ? 'paid' : 'approved'}`,
        });
        continue;
      }
      const position = await billingPosition(trx, driver.id, weekStart);
      if ('reason' in position) {
        result.skipped.push({ driverId: driver.id, driver: driver.name, reason: position.reason });
        continue;
      }
      const computed = await computeBill(trx, driver, weekStart, position.openingCents);
      if (bill) {
        await trx
          .updateTable('pay_bills')
          .set({ ...billTotals(computed), built_at: now, built_by: userId, updated_at: now, version: bill.version + 1 })
          .where('id', '=', bill.id)
          .execute();
        await saveLines(trx, bill.id, computed);
        result.rebuilt.push(bill.id);
        continue;
      }
      if (!computed.lines.length) {
        result.skipped.push({ driverId: driver.id, driver: driver.name, reason: 'Nothing to pay or deduct this week' });
        continue;
      }
      const { id } = await trx
        .insertInto('pay_bills')
        .values({
          week_start: weekStart,
          driver_id: driver.id,
          status: 'DRAFT',
          ...billTotals(computed),
          payment_method: null,
          payment_reference: null,
          paid_on: null,
          built_at: now,
          built_by: userId,
          approved_at: null,
          approved_by: null,
          paid_at: null,
          paid_by: null,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await saveLines(trx, id, computed);
      result.built.push(id);
    }
    await audit(
      trx,
      request,
      {
        action: 'build',
        entity: 'pay_bill',
        entityId: null,
        after: {
          weekStart,
          built: result.built.length,
          rebuilt: result.rebuilt.length,
          skipped: result.skipped.length,
        },
      },
      userId,
    );
    return result;
  });
}

/** A stored bill's driver and its computation as of now (for rebuild and approve). */
async function recompute(
  trx: Db,
  before: Pick<PayBillDto, 'driverId' | 'weekStart'>,
): Promise<{ driver: BillDriver; computed: ComputedBill }> {
  const driver = (await billDrivers(trx, [before.driverId])).get(before.driverId)!;
  const position = await billingPosition(trx, before.driverId, before.weekStart);
  if ('reason' in position) throw conflict(position.reason);
  return { driver, computed: await computeBill(trx, driver, before.weekStart, position.openingCents) };
}

/** What approving and paying read of a bill. */
type Settled = Pick<PayBillDto, 'id' | 'driverId' | 'weekStart' | 'status' | 'opening' | 'net' | 'lines'>;

/** A stored bill as approve and pay read it, without the request's record helpers (the demo seed settles weeks). */
export async function billToSettle(trx: Db, id: number): Promise<Settled> {
  const bill = await trx
    .selectFrom('pay_bills')
    .select(['id', 'driver_id', 'week_start', 'status', 'opening_cents', 'net_cents'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const lines = await trx
    .selectFrom('pay_bill_lines')
    .select(['kind', 'type', 'direction', 'amount_cents', 'transaction_id', 'book_order_id'])
    .where('pay_bill_id', '=', id)
    .orderBy('position')
    .execute();
  return {
    id: bill.id,
    driverId: bill.driver_id,
    weekStart: bill.week_start,
    status: bill.status as Settled['status'],
    opening: fromCents(bill.opening_cents),
    net: fromCents(bill.net_cents),
    lines: lines.map((l) => ({
      kind: l.kind,
      type: l.type,
      direction: l.direction,
      amount: fromCents(l.amount_cents),
      transactionId: l.transaction_id,
      bookOrderId: l.book_order_id,
    })) as never,
  };
}
const storedSignature = (bill: Pick<PayBillDto, 'opening' | 'net' | 'lines'>) =>
  billSignature({
    openingCents: toCents(bill.opening),
    netCents: toCents(bill.net),
    lines: bill.lines.map((l) => ({ ...l, amountCents: toCents(l.amount) })),
  });

/** Approval: the draft as built must still be what the ledger and the loads say; then its lines are posted, frozen. */
export async function approve(trx: Db, before: Settled, userId: number | null): Promise<void> {
  if (before.status !== 'DRAFT')
    throw conflict(
      `This bill is already ${before.status === 'PAID' ? 'paid' : 'approved'}; an approved bill does not change`,
    );
  const { computed } = await recompute(trx, before);
  if (billSignature(computed) !== storedSignature(before)) {
    throw conflict(
      'The ledger or the loads changed since this bill was built: rebuild it and check it again before approving',
    );
  }
  const toPost = computed.lines.filter((l) => l.post);
  const postedIds = await postEntries(
    trx,
    toPost.map((l) => ({ ...l.post!, payBillId: before.id, postedBy: userId })),
  );
  toPost.forEach((line, i) => (line.transactionId = postedIds[i]));
  const settled = computed.lines.filter((l) => l.kind === 'ENTRY').map((l) => l.transactionId!);
  for (let i = 0; i < settled.length; i += 500) {
    const chunk = settled.slice(i, i + 500);
    const claimed = await trx
      .updateTable('driver_transactions')
      .set({ pay_bill_id: before.id })
      .where('id', 'in', chunk)
      .where('pay_bill_id', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== chunk.length)
      throw conflict('Another bill settled some of these entries meanwhile: rebuild this bill');
  }
  await saveLines(trx, before.id, computed);
  await trx
    .updateTable('pay_bills')
    .set({ status: 'APPROVED', approved_at: new Date().toISOString(), approved_by: userId })
    .where('id', '=', before.id)
    .execute();
}

/**
 * Payment: a positive net is paid by one PAYMENT entry (its key makes a second payment impossible), leaving nothing
 * owed; a net of zero or less is closed unpaid and carried into the next bill as its opening.
 */
export async function pay(trx: Db, before: Settled, body: PayBody, userId: number | null): Promise<void> {
  if (before.status === 'DRAFT') throw conflict('Approve this bill before paying it');
  if (before.status === 'PAID') throw conflict('This bill is already paid');
  if (body.paidOn < before.weekStart)
    throw badRequest(`A bill is paid on or after its week starts (${usDate(before.weekStart)})`, 'paidOn');
  const netCents = toCents(before.net);
  const now = new Date().toISOString();
  if (netCents > 0) {
    if (!body.paymentMethod) throw badRequest('Choose how the driver was paid', 'paymentMethod');
    if (!body.reference) throw badRequest('Enter the payment reference (check number, ACH trace …)', 'reference');
    const [paymentId] = await postEntries(trx, [
      {
        driverId: before.driverId,
        postedOn: body.paidOn,
        type: 'PAYMENT',
        direction: 'DEBIT',
        amountCents: netCents,
        paymentMethod: body.paymentMethod,
        reference: body.reference,
        category: 'Payroll',
        memo: `Pay bill, week of ${usDate(before.weekStart)}`,
        payBillId: before.id,
        postedBy: userId,
        idempotencyKey: `BILL:${before.id}:PAYMENT`,
      },
    ]);
    await trx
      .insertInto('pay_bill_lines')
      .values({
        pay_bill_id: before.id,
        position: before.lines.length,
        kind: 'PAYMENT',
        type: 'PAYMENT',
        direction: 'DEBIT',
        amount_cents: netCents,
        description: `Paid by ${body.paymentMethod}, ${body.reference}`,
        detail: null,
        posted_on: body.paidOn,
        transaction_id: paymentId,
        book_order_id: null,
      })
      .execute();
  }
  const paidCents = Math.max(netCents, 0);
  await trx
    .updateTable('pay_bills')
    .set({
      status: 'PAID',
      paid_cents: paidCents,
      closing_cents: netCents - paidCents,
      payment_method: body.paymentMethod ?? null,
      payment_reference: body.reference ?? null,
      paid_on: body.paidOn,
      paid_at: now,
      paid_by: userId,
    })
    .where('id', '=', before.id)
    .execute();
}

/**
 * Weekly pay bills (schema/resources/payBills.ts) on the server: built by week, rebuilt while drafts, approved (the
 * lines posted to the ledger), paid once; a driver reads their own; the statement as a PDF.
 */
export function payBillExtension(ctx: ServerContext): RecordExtension<typeof payBills> {
  const { db } = ctx;
  return {
    customWrites: true,
    select: (query) =>
      query
        .leftJoin('users as ab', 'ab.id', 'r.approved_by')
        .leftJoin('users as pb', 'pb.id', 'r.paid_by')
        .select([
          'ab.first_name as approvedByFirst',
          'ab.last_name as approvedByLast',
          'pb.first_name as paidByFirst',
          'pb.last_name as paidByLast',
        ]),
    computed: (r) => ({
      builtAt: r.built_at as string,
      approvedAt: (r.approved_at as string | null) ?? null,
      approvedBy: r.approvedByFirst ? `${r.approvedByFirst} ${r.approvedByLast}` : null,
      paidAt: (r.paid_at as string | null) ?? null,
      paidBy: r.paidByFirst ? `${r.paidByFirst} ${r.paidByLast}` : null,
    }),
    scope: (request) => driverScopeWhere(ctx, request),
    routes: (app, _ctx, bills) => {
      const tags = ['Pay bills'];
      const userOf = (request: FastifyRequest) => request.auth?.user.id ?? null;

      app.post<{ Body: BuildBody }>(
        '/api/PayBills/build',
        {
          config: bills.access('Create'),
          schema: {
            tags,
            summary:
              'Build the drafts of a week (Monday): every driver employed that week, or the ones named; drafts are rebuilt',
            body: buildBillsBody,
          },
        },
        async (request) => ok(await buildWeek(db, request.body, userOf(request), request)),
      );

      app.post<{ Params: { id: number }; Body: { version: number } }>(
        '/api/PayBills/:id/rebuild',
        {
          config: bills.access('Create'),
          schema: {
            tags,
            summary: 'Rebuild a draft from the ledger and the loads as they are now',
            params: idParams,
            body: billVersionBody,
          },
        },
        async (request) =>
          ok(
            await bills.guarded(
              request,
              request.params.id,
              'rebuild',
              async (trx, before) => {
                if (before.status !== 'DRAFT')
                  throw conflict("An approved bill does not change: post a new entry, it goes on next week's bill");
                const { computed } = await recompute(trx, before);
                await trx
                  .updateTable('pay_bills')
                  .set({ ...billTotals(computed), built_at: new Date().toISOString(), built_by: userOf(request) })
                  .where('id', '=', before.id)
                  .execute();
                await saveLines(trx, before.id, computed);
              },
              request.body.version,
            ),
          ),
      );

      app.post<{ Params: { id: number }; Body: { version: number } }>(
        '/api/PayBills/:id/approve',
        {
          config: bills.access('Approve'),
          schema: {
            tags,
            summary:
              'Approve a draft: its load pay and deductions are posted to the ledger and its entries settled; it no longer changes',
            params: idParams,
            body: billVersionBody,
          },
        },
        async (request) =>
          ok(
            await bills.guarded(
              request,
              request.params.id,
              'approve',
              (trx, before) => approve(trx, before, userOf(request)),
              request.body.version,
            ),
          ),
      );

      app.post<{ Params: { id: number }; Body: PayBody }>(
        '/api/PayBills/:id/pay',
        {
          config: bills.access('Update'),
          schema: {
            tags,
            summary:
              'Pay an approved bill: one payment entry of its net (method and reference); a net of zero or less carries into next week',
            params: idParams,
            body: payBillBody,
          },
        },
        async (request) =>
          ok(
            await bills.guarded(
              request,
              request.params.id,
              'pay',
              (trx, before) => pay(trx, before, request.body, userOf(request)),
              request.body.version,
            ),
          ),
      );

      app.get<{ Params: { id: number } }>(
        '/api/PayBills/:id/statement.pdf',
        {
          config: bills.access('Read', true),
          schema: {
            tags,
            summary:
              'The settlement statement of a bill as a PDF (loads with route and VINs, deductions, opening and closing)',
            params: idParams,
          },
        },
        async (request, reply) => {
          const bill = await bills.mustLoad(db, request.params.id, await driverScopeWhere(ctx, request));
          const pdf = await statementPdf(db, bill);
          const driver = bill.driverName?.replace(/[^\w]+/g, '-') ?? 'driver';
          return reply
            .header('content-type', 'application/pdf')
            .header('content-disposition', `inline; filename="statement-${driver}-${bill.weekStart}.pdf"`)
            .send(pdf);
        },
      );
    },
  };
}
