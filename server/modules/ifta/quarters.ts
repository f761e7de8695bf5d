import { quarterLabel } from '../../../schema/ifta';
import type { Db } from '../../db/types';
import { conflict } from '../../http/errors';

/**
 * A quarter's row (migration 060): made by its first write, its version moved by every write (the rates saved, a
 * fuel-card import with purchases in it, the close), so a return read at one version is not closed, nor its rates
 * replaced, over a change its reader has not seen. A closed quarter takes no write at all: it stands as filed.
 */
export const quarterRow = (db: Db, quarter: string) =>
  db
    .selectFrom('ifta_quarters')
    .select(['id', 'quarter', 'status', 'version', 'snapshot', 'closed_at', 'closed_by'])
    .where('quarter', '=', quarter)
    .executeTakeFirst();

export const closedText = (quarter: string) =>
  `${quarterLabel(quarter)} is closed: its return stands as filed, and later data does not change it`;

/**
 * Inside a write: the quarter's row with its version moved (made at version 1 when the quarter had none). `version`
 * is what the writer read (0 for a quarter never written); 'any' moves it whatever it is (an import touching it).
 */
export async function claimQuarter(
  trx: Db,
  quarter: string,
  version: number | 'any',
): Promise<{ id: number; version: number }> {
  const row = await quarterRow(trx, quarter);
  const current = row?.version ?? 0;
  if (row?.status === 'CLOSED') throw conflict(closedText(quarter), { currentVersion: current });
  if (version !== 'any' && version !== current)
    throw conflict(
      `Someone else changed ${quarterLabel(quarter)} since you opened it: reload it to see their changes`,
      { currentVersion: current },
    );
  const now = new Date().toISOString();
  if (!row) {
    const made = await trx
      .insertInto('ifta_quarters')
      .values({ quarter, status: 'OPEN', created_at: now, updated_at: now, version: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: made.id, version: 1 };
  }
  await trx
    .updateTable('ifta_quarters')
    .set({ version: current + 1, updated_at: now })
    .where('id', '=', row.id)
    .execute();
  return { id: row.id, version: current + 1 };
}
