import { distinctNames, phoneTail } from '../../schema/format';
import type { Db } from '../../server/db/types';

/**
 * Every driver's name as screens show it, by id, worked out here from the rows with the web app's rule
 * (schema/format.ts distinctNames), apart from the SQL the server writes it with (server/modules/drivers/names.ts):
 * a name another driver shares carries the last four digits of the phone, else the driver's number.
 */
export async function shownDriverNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.selectFrom('drivers').select(['id', 'first_name', 'last_name', 'phone']).execute();
  return distinctNames(
    rows.map((row) => ({ id: row.id, name: `${row.first_name} ${row.last_name}`, phone: row.phone })),
    [(driver) => phoneTail(driver.phone)],
  );
}
