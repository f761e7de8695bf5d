import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { todayIso } from '../../../schema/expiry';
import type { fundingBody, releaseBody } from '../../../schema/factoring';
import { usCents } from '../../../schema/format';
import { toCents } from '../../../schema/money';
import type { Db } from '../../db/types';
import { badRequest, conflict, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { bumpSchedule, scheduleAt } from './schedules';

type Entry = {
  kind: 'FUNDING' | 'RELEASE';
  entered_on: string;
  advance_cents?: number;
  fee_cents?: number;
  reserve_cents?: number;
  released_cents?: number;
  reverses_id?: number | null;
  note?: string | null;
};

async function addEntry(trx: Db, request: FastifyRequest, scheduleId: number, factorId: number, entry: Entry) {
  const row = await trx
    .insertInto('factoring_entries')
    .values({
      schedule_id: scheduleId,
      factoring_company_id: factorId,
      ...entry,
      created_by: request.auth?.user.id ?? null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Records the factor's funding of a schedule (docs/product/factoring.md#funding), inside the caller's `transact`:
 * advance + fee + reserve must make the schedule's total (the factor's percentages when none is given); one live
 * funding per schedule, which marks it Funded and its invoices factored.
 */
export async function recordFunding(
  trx: Db,
  request: FastifyRequest,
  id: number,
  body: z.output<typeof fundingBody>,
): Promise<void> {
  const schedule = await scheduleAt(trx, id, body.version);
  if (schedule.status === 'CANCELLED') throw conflict(`Schedule ${schedule.numberText} is cancelled`);
  if (schedule.status === 'FUNDED')
    throw conflict(`Schedule ${schedule.numberText} is funded already: reverse that funding to record another`);
  const given = [body.advance, body.fee, body.reserve];
  if (given.some((v) => v !== undefined) && given.some((v) => v === undefined))
    throw badRequest(
      'Give the advance, the fee and the reserve, or none of them',
      ['advance', 'fee', 'reserve'][given.findIndex((v) => v === undefined)],
    );
  const split =
    body.advance === undefined
      ? schedule.suggested
      : {
          advanceCents: toCents(body.advance),
          feeCents: toCents(body.fee!),
          reserveCents: toCents(body.reserve!),
        };
  const sum = split.advanceCents + split.feeCents + split.reserveCents;
  if (sum !== schedule.totalCents)
    throw badRequest(
      `Advance, fee and reserve make ${usCents(sum)}; the schedule's total is ${usCents(schedule.totalCents)}`,
      'reserve',
    );
  const entryId = await addEntry(trx, request, id, schedule.factoringCompanyId, {
    kind: 'FUNDING',
    entered_on: body.fundedOn ?? todayIso(),
    advance_cents: split.advanceCents,
    fee_cents: split.feeCents,
    reserve_cents: split.reserveCents,
    note: body.note ?? null,
  });
  await bumpSchedule(trx, schedule, { status: 'FUNDED' });
  await audit(trx, request, {
    action: 'fund',
    entity: 'factoringSchedule',
    entityId: id,
    after: { entryId, ...split },
  });
}

/** Records a release of reserve (part or all of what the factor still holds on the schedule). */
export async function releaseReserve(
  trx: Db,
  request: FastifyRequest,
  id: number,
  body: z.output<typeof releaseBody>,
): Promise<void> {
  const schedule = await scheduleAt(trx, id, body.version);
  if (schedule.status !== 'FUNDED') throw conflict(`Schedule ${schedule.numberText} is not funded: nothing is held`);
  const cents = toCents(body.amount);
  if (cents > schedule.owedCents)
    throw badRequest(
      `The factor holds ${usCents(schedule.owedCents)} of reserve on ${schedule.numberText}: release at most that`,
      'amount',
    );
  const entryId = await addEntry(trx, request, id, schedule.factoringCompanyId, {
    kind: 'RELEASE',
    entered_on: body.releasedOn ?? todayIso(),
    released_cents: cents,
    note: body.note ?? null,
  });
  await bumpSchedule(trx, schedule);
  await audit(trx, request, {
    action: 'release',
    entity: 'factoringSchedule',
    entityId: id,
    after: { entryId, cents },
  });
}

/**
 * Takes back a wrong entry by a reversing one with its amounts negated (docs/product/factoring.md#reversing): nothing is
 * deleted. A funding is reversed only once its releases are (the schedule is then open again); a reversal is final.
 */
export async function reverseEntry(
  trx: Db,
  request: FastifyRequest,
  id: number,
  entryId: number,
  version: number,
  reason: string,
): Promise<void> {
  const schedule = await scheduleAt(trx, id, version);
  const entry = schedule.entries.find((e) => e.id === entryId);
  if (!entry) throw notFound('Entry');
  if (entry.reversesId !== null) throw conflict('A reversing entry is final: it is not reversed');
  if (entry.reversedById !== null) throw conflict('This entry is reversed already');
  if (entry.kind === 'FUNDING' && schedule.releasedCents !== 0)
    throw conflict(`Reverse the reserve released on ${schedule.numberText} first`);
  await addEntry(trx, request, id, schedule.factoringCompanyId, {
    kind: entry.kind,
    entered_on: todayIso(),
    advance_cents: -entry.advanceCents,
    fee_cents: -entry.feeCents,
    reserve_cents: -entry.reserveCents,
    released_cents: -entry.releasedCents,
    reverses_id: entry.id,
    note: reason,
  });
  await bumpSchedule(trx, schedule, entry.kind === 'FUNDING' ? { status: 'OPEN' } : {});
  await audit(trx, request, {
    action: 'reverse',
    entity: 'factoringSchedule',
    entityId: id,
    after: { entryId, kind: entry.kind, reason },
  });
}
