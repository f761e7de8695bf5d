import type { Insertable } from 'kysely';
import type { Database, Db } from '../../db/types';

/** Rows per statement: under SQLite's 32,766 parameters and PostgreSQL's 65,535 for the widest table here (13). */
export const ROWS_PER_STATEMENT = 1000;

/** Inserts rows a statement of ROWS_PER_STATEMENT at a time. */
export async function insertAll<T extends keyof Database & string>(
  trx: Db,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT)
    await trx
      .insertInto(table)
      .values(rows.slice(start, start + ROWS_PER_STATEMENT) as never)
      .execute();
}

/** The last of each key: a file that names a company twice is read as its last line says (one upsert per key). */
export function lastByKey<R, K>(rows: readonly R[], key: (row: R) => K): R[] {
  return [...new Map(rows.map((row) => [key(row), row] as const)).values()];
}

/** What a batch did, added to the import's counts. */
export interface BatchCounts {
  added: number;
  updated: number;
  changes: number;
}

/** A change of one company between two imports (fmcsa_changes). */
export interface SeenChange {
  dot_number: number | null;
  docket: string | null;
  field: string;
  before: string | null;
  after: string | null;
  since_on: string | null;
}
