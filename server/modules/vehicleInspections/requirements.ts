import type { InspectionSettingsDto } from '../../../schema/company';
import { INSPECTION_TYPE_KEYS, type InspectionType } from '../../../schema/inspectionTypes';
import type { Db } from '../../db/types';
import { badRequest } from '../../http/errors';

/**
 * Which inspection a load asks for, and whether the company makes a completed inspection the only way to Picked up
 * and Delivered. The company's two rules are rows of company_settings, read where they are used (one primary-key
 * read), so every server sharing the database applies an administrator's change at once.
 */
export const INSPECTION_SETTINGS = { type: 'inspection_type', required: 'inspection_required' } as const;

const isType = (value: unknown): value is InspectionType => INSPECTION_TYPE_KEYS.includes(value as InspectionType);

export async function inspectionSettings(db: Db): Promise<
  Omit<InspectionSettingsDto, 'canChange' | 'updatedBy'> & {
    updatedById: number | null;
  }
> {
  const rows = await db
    .selectFrom('company_settings')
    .select(['name', 'value', 'updated_at', 'updated_by'])
    .where('name', 'in', Object.values(INSPECTION_SETTINGS))
    .execute();
  const type = rows.find((row) => row.name === INSPECTION_SETTINGS.type);
  const required = rows.find((row) => row.name === INSPECTION_SETTINGS.required);
  const latest = [type, required].filter((row) => !!row).sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0];
  return {
    inspectionType: isType(type?.value) ? type.value : 'STANDARD',
    inspectionRequired: required?.value === 'true',
    updatedAt: latest?.updated_at ?? null,
    updatedById: latest?.updated_by ?? null,
  };
}

/** The stricter of two types (Coded asks the most, Standard the least). */
const stricter = (a: InspectionType, b: InspectionType) =>
  INSPECTION_TYPE_KEYS.indexOf(a) >= INSPECTION_TYPE_KEYS.indexOf(b) ? a : b;

/**
 * The inspection each order asks for: the stricter of its shipper's and its broker's choice, or the company's
 * default when neither chose.
 */
export async function inspectionTypesOf(db: Db, orderIds: readonly number[]): Promise<Map<number, InspectionType>> {
  const types = new Map<number, InspectionType>();
  if (!orderIds.length) return types;
  const rows = await db
    .selectFrom('book_orders as o')
    .leftJoin('shippers as s', 's.id', 'o.shipper_id')
    .leftJoin('brokers as b', 'b.id', 'o.broker_id')
    .select(['o.id', 's.inspection_type as shipper', 'b.inspection_type as broker'])
    .where('o.id', 'in', orderIds)
    .execute();
  let fallback: InspectionType | undefined;
  for (const row of rows) {
    const chosen = [row.shipper, row.broker].filter(isType);
    const type = chosen.length ? chosen.reduce(stricter) : (fallback ??= (await inspectionSettings(db)).inspectionType);
    types.set(Number(row.id), type);
  }
  return types;
}

/**
 * With the company's rule on (inspectionRequired), an order reaches Picked up or Delivered only when every vehicle's
 * inspection at that stop is completed: the driver's phone moves it (roadStatus.ts), a dispatcher cannot before.
 */
export async function requireInspections(
  db: Db,
  order: { vehicleCount: number; inspected: { pickup: number; delivery: number } },
  status: string,
): Promise<void> {
  const stage = status === 'PICKED_UP' ? 'pickup' : status === 'DELIVERED' ? 'delivery' : null;
  if (!stage || order.inspected[stage] >= order.vehicleCount) return;
  if (!(await inspectionSettings(db)).inspectionRequired) return;
  throw badRequest(
    `The company asks for every vehicle's inspection at ${stage} before this status (${order.inspected[stage]} of ${order.vehicleCount} done): the driver completes them on the phone`,
    'status',
  );
}
