import type { FastifyRequest } from 'fastify';
import { usDate } from '../../../schema/format';
import {
  KEEP_AFTER_EMPLOYMENT_YEARS,
  QUALIFICATION_ITEM_INFO,
  type QualificationItem,
  type QualificationRecordBody,
  keepUntilOf,
} from '../../../schema/qualification';
import type { Db } from '../../db/types';
import { conflict, notFound } from '../../http/errors';
import { audit } from '../audit/audit';

/**
 * The driver's own dates that the rest of the app reads (the credentials report, the dispatch rules, the driver's
 * form): a medical card recorded here sets the card's expiry on the driver, an annual review the MVR date. The file
 * builds on those columns rather than keeping the same date twice out of step.
 */
const DRIVER_DATES: Partial<Record<QualificationItem, (body: QualificationRecordBody) => Record<string, string>>> = {
  MEDICAL_CARD: (body) => ({ medical_card_expires_on: body.expiresOn! }),
  ANNUAL_REVIEW: (body) => ({ mvr_checked_on: body.doneOn }),
};

/**
 * Records an item of a driver's file: the current record of the item, if any, is marked replaced (kept for its legal
 * time), the new one becomes current, and the driver's own date follows. In the caller's transaction, audited.
 */
export async function recordItem(
  trx: Db,
  request: FastifyRequest,
  driverId: number,
  body: QualificationRecordBody,
): Promise<number> {
  const now = new Date().toISOString();
  const userId = request.auth!.user.id;
  // The driver's row first, locked: two records of one driver's file are written one after the other.
  const driver = await trx
    .updateTable('drivers')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', driverId)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!driver) throw notFound('Driver');
  const replaced = await trx
    .updateTable('driver_qualification_records')
    .set((eb) => ({ replaced_at: now, updated_at: now, version: eb('version', '+', 1) }))
    .where('driver_id', '=', driverId)
    .where('item', '=', body.item)
    .where('replaced_at', 'is', null)
    .where('deleted_at', 'is', null)
    .returning('id')
    .execute();
  const { id } = await trx
    .insertInto('driver_qualification_records')
    .values({
      driver_id: driverId,
      item: body.item,
      done_on: body.doneOn,
      expires_on: body.expiresOn ?? null,
      registry_verified_on: body.registryVerifiedOn ?? null,
      notes: body.notes || null,
      checked_by: userId,
      checked_at: now,
      replaced_at: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
      deleted_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const dates = DRIVER_DATES[body.item]?.(body);
  if (dates) await trx.updateTable('drivers').set(dates).where('id', '=', driverId).execute();
  await audit(trx, request, {
    action: 'create',
    entity: 'driverQualification',
    entityId: id,
    after: { driverId, ...body, replaced: replaced.map((r) => r.id) },
  });
  return id;
}

/** A record not deleted, with its driver's termination date (what its retention turns on). */
export async function findRecord(db: Db, id: number) {
  return db
    .selectFrom('driver_qualification_records as r')
    .innerJoin('drivers as d', 'd.id', 'r.driver_id')
    .selectAll('r')
    .select('d.terminated_on')
    .where('r.id', '=', id)
    .where('r.deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * 409 unless the record's legal time is over (391.51(c)/(d)): the message names the first day it may go. Its papers
 * (documents of owner type qualificationItem) are held by the same rule (server/modules/documents/routes.ts).
 */
export function refuseBeforeKept(
  record: { item: string; done_on: string; terminated_on: string | null },
  today: string,
): void {
  const item = record.item as QualificationItem;
  const until = keepUntilOf(item, record.done_on, record.terminated_on);
  const what = QUALIFICATION_ITEM_INFO[item]?.label ?? 'This record';
  if (!until)
    throw conflict(
      `${what} is kept while the driver is employed and ${KEEP_AFTER_EMPLOYMENT_YEARS} years after they leave: it cannot be deleted yet`,
      { keepUntil: null },
    );
  if (today < until)
    throw conflict(`${what} must be kept until ${usDate(until)}: it may be deleted from then on`, { keepUntil: until });
}

/** Deletes a record past its legal time (soft: marked deleted), with its papers. */
export async function deleteRecord(trx: Db, request: FastifyRequest, id: number, today: string): Promise<void> {
  const record = await findRecord(trx, id);
  if (!record) throw notFound('Qualification record');
  refuseBeforeKept(record, today);
  const now = new Date().toISOString();
  const userId = request.auth!.user.id;
  await trx
    .updateTable('driver_qualification_records')
    .set((eb) => ({ deleted_at: now, deleted_by: userId, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .execute();
  await trx
    .updateTable('documents')
    .set({ deleted_at: now, deleted_by: userId })
    .where('owner_type', '=', 'qualificationItem')
    .where('owner_id', '=', id)
    .where('deleted_at', 'is', null)
    .execute();
  await audit(trx, request, { action: 'delete', entity: 'driverQualification', entityId: id, before: record });
}
