import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CLAIM_DECISIONS,
  CLAIM_STATUS_LABELS,
  CLAIM_STEPS,
  CLAIM_STEP_LABELS,
  type ClaimStep,
  type ClaimType,
  STEP_MOVES_TO,
  STEP_TEMPLATES,
  plusDays,
  statusRank,
} from '../../../schema/claims';
import { claimStepCompleteBody, claimStepUndoBody } from '../../../schema/claimActions';
import { idParams } from '../../../schema/common';
import { toCents } from '../../../schema/money';
import type { ClaimDto, ClaimInput } from '../../../schema/resources/claims';
import { ok, type ServerContext } from '../../context';
import type { Db } from '../../db/types';
import { badRequest, conflict, notFound } from '../../http/errors';
import { fullName } from '../records/query';
import type { RecordHelpers } from '../records/routes';
import { addEvent, statusChange } from './events';
import { usMoney } from '../../../schema/format';
import { claimStatusMoved } from '../webhooks/catalogue';

const tags = ['Claims'];
export type ClaimRecords = RecordHelpers<ClaimDto, ClaimInput & { version: number }, never>;
const name = (step: string) => CLAIM_STEP_LABELS[step as ClaimStep] ?? step;
const dueOn = (receivedOn: string, dueDays: number | null) => (dueDays === null ? null : plusDays(receivedOn, dueDays));

/** A new claim's steps: its type's template, due by the template's days after receipt, with the claim's assignee. */
export async function createSteps(
  trx: Db,
  claimId: number,
  type: ClaimType,
  receivedOn: string,
  assigneeId: number | null,
): Promise<void> {
  await trx
    .insertInto('claim_steps')
    .values(
      STEP_TEMPLATES[type].map((t, position) => ({
        claim_id: claimId,
        position,
        step: t.step,
        prerequisites: t.after.join(','),
        assignee_id: assigneeId,
        due_on: dueOn(receivedOn, t.dueDays),
        done_at: null,
        done_by: null,
        note: null,
      })),
    )
    .execute();
}

/** An update's effect on the steps: a new type gets its template (no step is done: beforeWrite checked), a new receipt date moves the due dates, a new assignee takes the steps the old one had. */
export async function stepsAfterChange(trx: Db, before: ClaimDto, input: Partial<ClaimInput>): Promise<void> {
  const type = input.type ?? before.type;
  const receivedOn = input.receivedOn ?? before.receivedOn;
  const assigneeId = input.assigneeId === undefined ? before.assigneeId : input.assigneeId;
  if (type !== before.type) {
    await trx.deleteFrom('claim_steps').where('claim_id', '=', before.id).execute();
    await createSteps(trx, before.id, type, receivedOn, assigneeId ?? null);
    return;
  }
  if (receivedOn !== before.receivedOn) {
    for (const t of STEP_TEMPLATES[type])
      await trx
        .updateTable('claim_steps')
        .set({ due_on: dueOn(receivedOn, t.dueDays) })
        .where('claim_id', '=', before.id)
        .where('step', '=', t.step)
        .execute();
  }
  if (assigneeId !== before.assigneeId) {
    await trx
      .updateTable('claim_steps')
      .set({ assignee_id: assigneeId ?? null })
      .where('claim_id', '=', before.id)
      .where((eb) =>
        eb.or([
          eb('assignee_id', 'is', null),
          ...(before.assigneeId ? [eb('assignee_id', '=', before.assigneeId)] : []),
        ]),
      )
      .execute();
  }
}

/** A claim's steps in order, each with what it waits for and whether it can be completed now. */
export async function stepsOf(db: Db, claimId: number) {
  const rows = await db
    .selectFrom('claim_steps as s')
    .leftJoin('users as u', 'u.id', 's.done_by')
    .leftJoin('users as a', 'a.id', 's.assignee_id')
    .select([
      's.id',
      's.step',
      's.position',
      's.prerequisites',
      's.assignee_id',
      fullName('a').as('assignee_name'),
      's.due_on',
      's.done_at',
      's.done_by',
      fullName('u').as('done_by_name'),
      's.note',
    ])
    .where('s.claim_id', '=', claimId)
    .orderBy('s.position')
    .execute();
  const done = new Set(rows.filter((s) => s.done_at).map((s) => s.step));
  return rows.map((s) => {
    const prerequisites = s.prerequisites ? s.prerequisites.split(',') : [];
    const waitingFor = prerequisites.filter((p) => !done.has(p));
    const dependants = rows
      .filter((other) => other.prerequisites.split(',').includes(s.step))
      .map((other) => other.step);
    return {
      id: s.id,
      step: s.step,
      name: name(s.step),
      position: s.position,
      done: !!s.done_at,
      doneAt: s.done_at,
      doneById: s.done_by,
      doneByName: s.done_by_name,
      assigneeId: s.assignee_id,
      assigneeName: s.assignee_name,
      dueOn: s.due_on,
      note: s.note,
      prerequisites: prerequisites.map((p) => ({ step: p, name: name(p), done: done.has(p) })),
      waitingFor: waitingFor.map(name),
      canComplete: !s.done_at && !waitingFor.length,
      canUndo: !!s.done_at && !dependants.some((d) => done.has(d)),
    };
  });
}
export type ClaimStepDto = Awaited<ReturnType<typeof stepsOf>>[number];

/** A step by its code ('ACKNOWLEDGE') or its id (get-step-prerequisite's `id`). */
const stepParams = z
  .object({ id: idParams.shape.id, step: z.union([z.enum(CLAIM_STEPS), idParams.shape.id]) })
  .strict();
const completeBody = claimStepCompleteBody;
const undoBody = claimStepUndoBody;

/** The step of a claim (by code or id), or 404 naming it. */
function stepIn(steps: ClaimStepDto[], step: string | number): ClaimStepDto {
  const found = steps.find((s) => (typeof step === 'number' ? s.id === step : s.step === step));
  if (!found)
    throw notFound(typeof step === 'number' ? `Step #${step} of this claim` : `Step “${name(step)}” of this claim`);
  return found;
}

export function registerStepRoutes(app: FastifyInstance, ctx: ServerContext, records: ClaimRecords): void {
  const claimQuery = z.object({ claimId: idParams.shape.id }).strict();
  app.get<{ Querystring: z.infer<typeof claimQuery> }>(
    '/api/ClaimTracker/get-step-prerequisite',
    {
      config: records.access('Read', true),
      schema: {
        tags,
        summary:
          'The steps of a claim (claimId) in order: each with its prerequisites (done or not), what it waits for, whether it can be completed or undone now, its due date, assignee, and who did it when',
        querystring: claimQuery,
      },
    },
    async (request) => {
      const claim = await records.load(ctx.db, request.query.claimId);
      if (!claim || claim.deleted) throw notFound('Claim');
      return ok(await stepsOf(ctx.db, claim.id));
    },
  );

  const who = (request: FastifyRequest) => request.auth?.user.id ?? null;
  /** The code of a step named by code or id (404 when the claim has no such step). */
  const stepCode = async (claimId: number, step: string | number): Promise<ClaimStep> => {
    if (typeof step === 'string') return step as ClaimStep;
    const row = await ctx.db
      .selectFrom('claim_steps')
      .select('step')
      .where('id', '=', step)
      .where('claim_id', '=', claimId)
      .executeTakeFirst();
    if (!row) throw notFound(`Step #${step} of this claim`);
    return row.step as ClaimStep;
  };

  app.post<{ Params: z.infer<typeof stepParams>; Body: z.infer<typeof completeBody> }>(
    '/api/ClaimTracker/:id/steps/:step/complete',
    {
      config: records.access('Update'),
      schema: {
        tags,
        params: stepParams,
        body: completeBody,
        summary:
          'Complete a step of a claim (note optional; the decision step takes decision APPROVED, OFFERED or DECLINED and approvedAmount). Refused 409 naming the prerequisites not done, or when it is done; the claim’s status moves forward with it. Answers the claim.',
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const step = await stepCode(id, request.params.step);
      if (step !== 'DECISION' && (body.decision || body.approvedAmount != null))
        throw badRequest(
          'Only the decision step takes a decision and an amount',
          body.decision ? 'decision' : 'approvedAmount',
        );
      return ok(
        await records.guarded(
          request,
          id,
          `complete step ${step}`,
          async (trx, before) => {
            const target = stepIn(await stepsOf(trx, id), step);
            if (target.done) throw conflict(`“${target.name}” is already done`);
            if (target.waitingFor.length)
              throw conflict(
                `“${target.name}” waits for ${target.waitingFor.map((w) => `“${w}”`).join(' and ')}: complete ${target.waitingFor.length > 1 ? 'them' : 'it'} first`,
                { waitingFor: target.waitingFor },
              );
            // What the decision says is asked once it may be taken (a skipped decision is refused for what it waits for).
            if (step === 'DECISION' && !body.decision)
              throw badRequest('Say the decision: approved (pay), a compromise offer, or declined', 'decision');
            if (step === 'DECISION' && body.decision !== 'DECLINED' && body.approvedAmount == null)
              throw badRequest('Say the amount approved or offered', 'approvedAmount');
            if (step === 'PAYMENT' && !before.paid)
              throw conflict('Record the payment to the claimant (settle) first: it completes this step');
            await trx
              .updateTable('claim_steps')
              .set({ done_at: new Date().toISOString(), done_by: who(request), note: body.note ?? null })
              .where('id', '=', target.id)
              .execute();
            let status = STEP_MOVES_TO[step];
            const change: { status?: string; approved_cents?: number | null } = {};
            if (step === 'DECISION') {
              status = body.decision!;
              change.approved_cents = body.decision === 'DECLINED' ? 0 : toCents(body.approvedAmount!);
            }
            // Forward only, and a decision replaces an earlier decision's status.
            if (status && (statusRank(status) > statusRank(before.status) || step === 'DECISION'))
              change.status = status;
            if (Object.keys(change).length) await trx.updateTable('claims').set(change).where('id', '=', id).execute();
            await addEvent(
              trx,
              id,
              who(request),
              'STEP_DONE',
              `${target.name} done${step === 'DECISION' ? `: ${CLAIM_STATUS_LABELS[body.decision!]}${body.approvedAmount != null && body.decision !== 'DECLINED' ? ` ${usMoney(body.approvedAmount)}` : ''}` : ''}${body.note ? ` — ${body.note}` : ''}`,
            );
            if (change.status && change.status !== before.status) {
              await addEvent(trx, id, who(request), 'STATUS', statusChange(before.status, change.status));
              await claimStatusMoved(trx, id, change.status);
            }
          },
          body.version,
        ),
      );
    },
  );

  app.post<{ Params: z.infer<typeof stepParams>; Body: z.infer<typeof undoBody> }>(
    '/api/ClaimTracker/:id/steps/:step/undo',
    {
      config: records.access('Update'),
      schema: {
        tags,
        params: stepParams,
        body: undoBody,
        summary:
          'Undo a done step of a claim: refused 409 while a step that waits for it is done (naming it). Undoing the decision puts the claim back to investigating. Answers the claim.',
      },
    },
    async (request) => {
      const { id } = request.params;
      const step = await stepCode(id, request.params.step);
      return ok(
        await records.guarded(
          request,
          id,
          `undo step ${step}`,
          async (trx, before) => {
            const steps = await stepsOf(trx, id);
            const target = stepIn(steps, step);
            if (!target.done) throw conflict(`“${target.name}” is not done`);
            const doneDependants = steps.filter((s) => s.done && s.prerequisites.some((p) => p.step === step));
            if (doneDependants.length)
              throw conflict(
                `${doneDependants.map((s) => `“${s.name}”`).join(' and ')} ${doneDependants.length > 1 ? 'wait' : 'waits'} for “${target.name}” and ${doneDependants.length > 1 ? 'are' : 'is'} done: undo ${doneDependants.length > 1 ? 'them' : 'it'} first`,
              );
            await trx
              .updateTable('claim_steps')
              .set({ done_at: null, done_by: null })
              .where('id', '=', target.id)
              .execute();
            await addEvent(trx, id, who(request), 'STEP_UNDONE', `${target.name} undone`);
            if (step === 'DECISION' && (CLAIM_DECISIONS as readonly string[]).includes(before.status)) {
              await trx.updateTable('claims').set({ status: 'INVESTIGATING' }).where('id', '=', id).execute();
              await addEvent(trx, id, who(request), 'STATUS', statusChange(before.status, 'INVESTIGATING'));
            }
          },
          request.body?.version,
        ),
      );
    },
  );
}
