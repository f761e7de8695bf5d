import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { claimChargebackBody, claimSettleBody } from '../../../schema/claimActions';
import { idParams } from '../../../schema/common';
import { todayIso } from '../../../schema/expiry';
import { usDate, usMoney } from '../../../schema/format';
import { fromCents, toCents } from '../../../schema/money';
import { paymentMethodLabel } from '../../../schema/reference';
import { ok, type ServerContext } from '../../context';
import { badRequest, conflict } from '../../http/errors';
import { fullName } from '../records/query';
import { syncChargeback } from './chargeback';
import { addEvent, statusChange } from './events';
import { type ClaimRecords, stepsOf } from './steps';
import { linkedEntries } from '../finances/ledger';

const tags = ['Claims'];
const chargebackBody = claimChargebackBody;
const settleBody = claimSettleBody;

/**
 * The claim's money (docs/product/claims.md): the driver's chargeback, posted once to the driver's ledger and followed
 * by void and repost when it changes (chargeback.ts); the payments to the claimant, kept with method and reference so a
 * bank line can be matched to them.
 */
export function registerClaimMoneyRoutes(app: FastifyInstance, ctx: ServerContext, records: ClaimRecords): void {
  const who = (request: FastifyRequest) => request.auth?.user.id ?? null;

  app.post<{ Params: { id: number }; Body: z.infer<typeof chargebackBody> }>(
    '/api/ClaimTracker/:id/chargeback',
    {
      config: records.access('Update'),
      schema: {
        tags,
        params: idParams,
        body: chargebackBody,
        summary:
          'Charge the claim back to its driver: amount (0 takes it back), postedOn (default today). Posts one CLAIM_CHARGEBACK debit linked to the claim to the driver’s ledger; a new amount voids it and posts the new one; the same amount again changes nothing. 400 when the claim names no driver. Answers the claim.',
      },
    },
    async (request) => {
      const { amount, postedOn, version } = request.body;
      if (postedOn && postedOn > todayIso()) throw badRequest('A chargeback is dated today or earlier', 'postedOn');
      return ok(
        await records.guarded(
          request,
          request.params.id,
          'chargeback',
          async (trx, before) => {
            if (!before.driverId && amount > 0)
              throw badRequest(
                'The claim names no driver: choose the driver before charging the claim back',
                'driverId',
              );
            const cents = toCents(amount);
            const current = await trx
              .selectFrom('claims')
              .select(['chargeback_cents', 'chargeback_on'])
              .where('id', '=', before.id)
              .executeTakeFirstOrThrow();
            const on = cents
              ? (postedOn ??
                (current.chargeback_cents === cents && current.chargeback_on ? current.chargeback_on : todayIso()))
              : null;
            if ((current.chargeback_cents ?? 0) === cents && current.chargeback_on === on) return;
            await trx
              .updateTable('claims')
              .set({ chargeback_cents: cents || null, chargeback_on: on })
              .where('id', '=', before.id)
              .execute();
            await addEvent(
              trx,
              before.id,
              who(request),
              'CHARGEBACK',
              cents
                ? `Charged back to the driver: ${usMoney(amount)} on ${usDate(on)}`
                : 'Chargeback to the driver taken back',
            );
            await syncChargeback(trx, before.id, who(request));
          },
          version,
        ),
      );
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/ClaimTracker/:id/chargeback',
    {
      config: records.access('Read', true),
      schema: {
        tags,
        params: idParams,
        summary:
          'The driver-ledger entries of a claim’s chargeback: the live one (null when none) and every one it ever had',
      },
    },
    async (request) => {
      await records.mustLoad(ctx.db, request.params.id);
      return ok(await linkedEntries(ctx.db, 'CLAIM', request.params.id, 'CLAIM_CHARGEBACK'));
    },
  );

  app.post<{ Params: { id: number }; Body: z.infer<typeof settleBody> }>(
    '/api/ClaimTracker/:id/settle',
    {
      config: records.access('Update'),
      schema: {
        tags,
        params: idParams,
        body: settleBody,
        summary:
          'Record a payment to the claimant: amount, paidOn, method, reference (the check or transfer number a bank line shows). Refused 409 before the claim is decided, or when it was declined. Completes the payment step and settles the claim. Answers the claim.',
      },
    },
    async (request) => {
      const { amount, paidOn, method, reference, version } = request.body;
      if (paidOn > todayIso()) throw badRequest('A payment is dated today or earlier', 'paidOn');
      return ok(
        await records.guarded(
          request,
          request.params.id,
          'settle',
          async (trx, before) => {
            const steps = await stepsOf(trx, before.id);
            const decision = steps.find((s) => s.step === 'DECISION');
            if (decision && !decision.done)
              throw conflict(`“${decision.name}” comes first: the claim is paid once it is decided`, {
                waitingFor: [decision.name],
              });
            if (before.status === 'DECLINED')
              throw conflict('The claim was declined: undo the decision before paying it');
            const now = new Date().toISOString();
            await trx
              .insertInto('claim_settlements')
              .values({
                claim_id: before.id,
                paid_on: paidOn,
                amount_cents: toCents(amount),
                method,
                reference: reference ?? null,
                created_at: now,
                created_by: who(request),
              })
              .execute();
            await addEvent(
              trx,
              before.id,
              who(request),
              'SETTLEMENT',
              `Paid ${usMoney(amount)} to ${before.claimantCompany} on ${usDate(paidOn)} by ${paymentMethodLabel(method)}${reference ? ` (${reference})` : ''}`,
            );
            const payment = steps.find((s) => s.step === 'PAYMENT');
            if (payment && !payment.done) {
              await trx
                .updateTable('claim_steps')
                .set({ done_at: now, done_by: who(request), note: null })
                .where('id', '=', payment.id)
                .execute();
              await addEvent(trx, before.id, who(request), 'STEP_DONE', `${payment.name} done`);
            }
            if (before.status !== 'SETTLED' && before.status !== 'CLOSED') {
              await trx.updateTable('claims').set({ status: 'SETTLED' }).where('id', '=', before.id).execute();
              await addEvent(trx, before.id, who(request), 'STATUS', statusChange(before.status, 'SETTLED'));
            }
          },
          version,
        ),
      );
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/ClaimTracker/:id/settlements',
    {
      config: records.access('Read', true),
      schema: {
        tags,
        params: idParams,
        summary: 'The payments to the claimant of a claim: id, paidOn, amount, method, reference, recorded by and when',
      },
    },
    async (request) => {
      await records.mustLoad(ctx.db, request.params.id);
      const rows = await ctx.db
        .selectFrom('claim_settlements as s')
        .leftJoin('users as u', 'u.id', 's.created_by')
        .select([
          's.id',
          's.paid_on',
          's.amount_cents',
          's.method',
          's.reference',
          's.created_at',
          's.created_by',
          fullName('u').as('created_by_name'),
        ])
        .where('s.claim_id', '=', request.params.id)
        .orderBy('s.paid_on')
        .orderBy('s.id')
        .execute();
      return ok(
        rows.map((s) => ({
          id: s.id,
          paidOn: s.paid_on,
          amount: fromCents(Number(s.amount_cents)),
          method: s.method,
          reference: s.reference,
          createdAt: s.created_at,
          createdById: s.created_by,
          createdByName: s.created_by_name,
        })),
      );
    },
  );
}
