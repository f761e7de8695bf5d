import { personName } from '../../../schema/format';
import {
  CLEARINGHOUSE_SETTING,
  QUALIFICATION_ITEMS,
  QUALIFICATION_ITEM_INFO,
  type QualificationFileDto,
  type QualificationItem,
  type QualificationItemDto,
  type QualificationRecordDto,
  fileState,
  itemState,
  keepUntilOf,
} from '../../../schema/qualification';
import type { Db } from '../../db/types';
import { driverName } from '../drivers/names';

/** Whether the company put the Clearinghouse query on every driver's checklist (a company_settings row, off by default). */
export async function clearinghouseRequired(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('company_settings')
    .select('value')
    .where('name', '=', CLEARINGHOUSE_SETTING)
    .executeTakeFirst();
  return row?.value === 'true';
}

/** The items on every driver's checklist. */
export const checklistItems = (clearinghouse: boolean): QualificationItem[] =>
  QUALIFICATION_ITEMS.filter((item) => item !== 'CLEARINGHOUSE' || clearinghouse);

export interface DriverRow {
  id: number;
  name: string;
  user_id: number | null;
  hired_on: string | null;
  terminated_on: string | null;
}

/** The drivers not deleted (one, or all of them), with their names as the lists show them. */
export function driversOf(db: Db, driverId?: number) {
  let query = db
    .selectFrom('drivers as d')
    .select(['d.id', driverName('d').as('name'), 'd.user_id', 'd.hired_on', 'd.terminated_on'])
    .where('d.deleted_at', 'is', null);
  if (driverId !== undefined) query = query.where('d.id', '=', driverId);
  return query;
}

/** The records not deleted of these drivers (current and replaced), newest first, with who checked them and their papers. */
async function recordsOf(db: Db, drivers: readonly DriverRow[]) {
  if (!drivers.length) return [];
  const terminated = new Map(drivers.map((d) => [d.id, d.terminated_on]));
  const rows = await db
    .selectFrom('driver_qualification_records as r')
    .leftJoin('users as u', 'u.id', 'r.checked_by')
    .selectAll('r')
    .select(['u.first_name', 'u.last_name'])
    .where(
      'r.driver_id',
      'in',
      drivers.map((d) => d.id),
    )
    .where('r.deleted_at', 'is', null)
    .orderBy('r.done_on', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
  const documents = rows.length
    ? await db
        .selectFrom('documents')
        .select(['id', 'owner_id', 'file_name', 'content_type', 'size_bytes'])
        .where('owner_type', '=', 'qualificationItem')
        .where(
          'owner_id',
          'in',
          rows.map((r) => r.id),
        )
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute()
    : [];
  return rows.map((r) => {
    const item = r.item as QualificationItem;
    const record: QualificationRecordDto & { driverId: number } = {
      driverId: r.driver_id,
      id: r.id,
      item,
      doneOn: r.done_on,
      expiresOn: r.expires_on,
      registryVerifiedOn: r.registry_verified_on,
      notes: r.notes,
      checkedBy: r.first_name === null ? null : personName(r.first_name, r.last_name),
      checkedAt: r.checked_at,
      replacedAt: r.replaced_at,
      keepUntil: keepUntilOf(item, r.done_on, terminated.get(r.driver_id) ?? null),
      documents: documents
        .filter((d) => d.owner_id === r.id)
        .map((d) => ({
          id: d.id,
          fileName: d.file_name,
          contentType: d.content_type,
          sizeBytes: Number(d.size_bytes),
        })),
      version: r.version,
    };
    return record;
  });
}

/** Each driver's checklist: every item on it with its state today, its current record and those it replaced. */
export async function qualificationFiles(
  db: Db,
  drivers: readonly DriverRow[],
  today: string,
): Promise<Omit<QualificationFileDto, 'canUpdate'>[]> {
  const items = checklistItems(await clearinghouseRequired(db));
  const records = await recordsOf(db, drivers);
  return drivers.map((driver) => {
    const own = records.filter((r) => r.driverId === driver.id).map(({ driverId: _driverId, ...r }) => r);
    const checklist = items.map((item): QualificationItemDto => {
      const current = own.find((r) => r.item === item && !r.replacedAt) ?? null;
      return {
        item,
        label: QUALIFICATION_ITEM_INFO[item].label,
        rule: QUALIFICATION_ITEM_INFO[item].rule,
        ...itemState(item, current, today),
        current,
        replaced: own.filter((r) => r.item === item && r.replacedAt),
      };
    });
    return {
      driverId: driver.id,
      driverName: driver.name,
      hiredOn: driver.hired_on,
      terminatedOn: driver.terminated_on,
      state: fileState(checklist.map((i) => i.state)),
      items: checklist,
    };
  });
}
