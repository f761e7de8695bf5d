import { TRACKING_DAYS } from '../../../schema/tracking';
import type { Db } from '../../db/types';

/** The company setting (a row of company_settings): days a tracking link keeps working after the delivery. */
export const TRACKING_DAYS_SETTING = 'tracking_days_after_delivery';

/** Read where it is used (one primary-key read), so every server applies an administrator's change at once. */
export async function trackingDays(db: Db): Promise<number> {
  const row = await db
    .selectFrom('company_settings')
    .select('value')
    .where('name', '=', TRACKING_DAYS_SETTING)
    .executeTakeFirst();
  const days = Number(row?.value);
  return Number.isInteger(days) && days >= TRACKING_DAYS.min && days <= TRACKING_DAYS.max
    ? days
    : TRACKING_DAYS.default;
}
