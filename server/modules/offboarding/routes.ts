import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idText } from '../../../schema/common';
import { todayIso } from '../../../schema/expiry';
import { plainMoney } from '../../../schema/format';
import {
  OFFBOARDING_STEPS,
  OFFBOARDING_STEP_KEYS,
  type OffBoardingQuery,
  type OffBoardingRow,
  type OffBoardingStepKey,
  offBoardingQuery,
  stepBody,
} from '../../../schema/offboarding';
import { ok, page, type ServerContext } from '../../context';
import { type CsvColumn, csvStream, pageThrough, sendCsv } from '../../http/csv';
import { conflict, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { offBoardingOf, offBoardingPage } from './picture';
import { transact } from '../../db/transaction';

const FEATURE = 'DriverOffBoarding';
const OFFBOARDING_CSV: readonly CsvColumn<OffBoardingRow>[] = [
  ['Driver', (r) => r.name],
  ['Terminated', (r) => r.terminatedOn],
  ['Ending balance', (r) => plainMoney(r.balance)],
  ['Escrow held', (r) => plainMoney(r.escrow)],
  ['Open items', (r) => r.openItems],
  ['Steps done', (r) => r.stepsDone],
  ['Steps', (r) => r.steps],
];
const tags = ['Driver off-boarding'];
const driverParams = z.object({ driverId: idText }).strict();
const stepParams = z.object({ driverId: idText, step: z.enum(OFFBOARDING_STEP_KEYS) }).strict();
type StepParams = { driverId: number; step: OffBoardingStepKey };

/**
 * Driver off-boarding (schema/offboarding.ts): the list of drivers with a termination date and what they still have
 * open, one driver's picture and checklist, and ticking or unticking a step (who and when kept, audited).
 */
export default async function offBoardingRoutes(app: FastifyInstance, ctx: ServerContext) {
  const read = { access: { feature: FEATURE, permission: 'Read' as const } };
  const write = { access: { feature: FEATURE, permission: 'Update' as const } };
  const picture = async (driverId: number) => {
    const found = await offBoardingOf(ctx.db, driverId, todayIso());
    if (!found) throw notFound('A terminated or leaving driver with that id');
    return found;
  };

  app.get<{ Querystring: OffBoardingQuery }>(
    '/api/OffBoarding',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Drivers with a termination date: balance, escrow, open items and checklist progress (state open, done or all; search by name)',
        querystring: offBoardingQuery,
      },
    },
    async (request) => {
      const { items, total } = await offBoardingPage(ctx.db, request.query, todayIso());
      return page(items, total, request.query.page, request.query.size);
    },
  );

  app.get<{ Querystring: OffBoardingQuery }>(
    '/api/OffBoarding/export',
    {
      config: { access: { feature: FEATURE, permission: 'Export' as const } },
      schema: { tags, summary: 'The same list as CSV, every row of the filter', querystring: offBoardingQuery },
    },
    async (request, reply) => {
      const today = todayIso();
      return sendCsv(
        reply,
        'driver-off-boarding',
        csvStream(
          OFFBOARDING_CSV,
          pageThrough(
            async (limit, offset) => (await offBoardingPage(ctx.db, request.query, today, limit, offset)).items,
          ),
        ),
      );
    },
  );

  app.get<{ Params: { driverId: number } }>(
    '/api/OffBoarding/:driverId',
    {
      config: read,
      schema: {
        tags,
        summary: 'One driver’s off-boarding: what is still open and the checklist, each step with who did it and when',
        params: driverParams,
      },
    },
    async (request) => ok(await picture(request.params.driverId)),
  );

  app.post<{ Params: { driverId: number }; Body: z.infer<typeof stepBody> }>(
    '/api/OffBoarding/:driverId/steps',
    {
      config: write,
      schema: {
        tags,
        summary: 'Tick a step (step, with a note); refused while what it checks is still open',
        params: driverParams,
        body: stepBody,
      },
    },
    async (request) => {
      const { driverId } = request.params;
      const { step } = request.body;
      const before = await picture(driverId);
      const current = before.steps.find((s) => s.key === step)!;
      if (current.doneAt) throw conflict(`“${current.label}” was already ticked by ${current.doneBy}`);
      if (current.blockedBy) throw conflict(`“${current.label}” cannot be ticked yet: ${current.blockedBy}`);
      await transact(ctx.db, async (trx) => {
        const row = {
          driver_id: driverId,
          step,
          done_by: request.auth!.user.id,
          done_at: new Date().toISOString(),
          note: request.body.note || null,
        };
        // The unique (driver, step) index settles two people ticking at once: the second insert fails, nothing is doubled.
        const inserted = await trx
          .insertInto('driver_offboarding_steps')
          .values(row)
          .onConflict((oc) => oc.columns(['driver_id', 'step']).doNothing())
          .executeTakeFirst();
        if (!Number(inserted.numInsertedOrUpdatedRows ?? 0))
          throw conflict(`“${current.label}” was just ticked by someone else`);
        await audit(trx, request, {
          action: 'offboarding.step.done',
          entity: 'driver',
          entityId: driverId,
          after: { step, note: row.note },
        });
      });
      return ok(await picture(driverId));
    },
  );

  app.delete<{ Params: StepParams }>(
    '/api/OffBoarding/:driverId/steps/:step',
    {
      config: write,
      schema: {
        tags,
        summary: 'Untick a step (a mistake): who had ticked it stays in the audit log',
        params: stepParams,
      },
    },
    async (request) => {
      const { driverId, step } = request.params;
      await picture(driverId);
      await transact(ctx.db, async (trx) => {
        const removed = await trx
          .deleteFrom('driver_offboarding_steps')
          .where('driver_id', '=', driverId)
          .where('step', '=', step)
          .returningAll()
          .executeTakeFirst();
        if (!removed) throw notFound(`A ticked “${OFFBOARDING_STEPS.find((s) => s.key === step)!.label}” step`);
        await audit(trx, request, {
          action: 'offboarding.step.undone',
          entity: 'driver',
          entityId: driverId,
          before: { step, doneBy: removed.done_by, doneAt: removed.done_at, note: removed.note },
        });
      });
      return ok(await picture(driverId));
    },
  );
}
