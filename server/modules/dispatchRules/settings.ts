import { REQUIRED_CREDENTIALS, type RequiredCredential } from '../../../schema/dispatchRules';
import type { Db } from '../../db/types';

/** The company setting (a row of company_settings): the credentials a driver must have on file to be dispatched. */
export const REQUIRED_CREDENTIALS_SETTING = 'dispatch_required_credentials';

/**
 * Read where it is used (one primary-key read), as the inspection rules are (server/modules/vehicleInspections/
 * requirements.ts), so that every server applies an administrator's change at once. Nothing is required by default.
 */
export async function requiredCredentials(db: Db): Promise<{
  required: RequiredCredential[];
  updatedAt: string | null;
  updatedById: number | null;
}> {
  const row = await db
    .selectFrom('company_settings')
    .select(['value', 'updated_at', 'updated_by'])
    .where('name', '=', REQUIRED_CREDENTIALS_SETTING)
    .executeTakeFirst();
  let listed: unknown = [];
  try {
    listed = row ? JSON.parse(row.value) : [];
  } catch {
    listed = [];
  }
  const required = REQUIRED_CREDENTIALS.filter((key) => Array.isArray(listed) && listed.includes(key));
  return { required, updatedAt: row?.updated_at ?? null, updatedById: row?.updated_by ?? null };
}
