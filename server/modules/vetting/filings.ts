import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { type BatchCounts, ROWS_PER_STATEMENT, lastByKey } from './batches';
import type { FilingRow } from './layouts';

const keyOf = (row: FilingRow) => `${row.docket}|${row.form}|${row.policy}|${row.effectiveOn}`;

/**
 * One batch of the insurance file's filings (active or pending), inside the caller's transaction: each filing kept by
 * its docket, form, policy and effective date, marked with the import that last named it. What the insurance file no
 * longer names of a docket it names is dropped once the file is read whole (dropUnnamedFilings).
 */
export async function writeFilings(
  trx: Db,
  rows: readonly FilingRow[],
  { importId }: { importId: number },
): Promise<BatchCounts> {
  const unique = lastByKey(rows, keyOf);
  const dockets = [...new Set(unique.map((row) => row.docket))];
  const before = new Set(
    (
      await trx
        .selectFrom('fmcsa_insurance')
        .select(['docket', 'form', 'policy', 'effective_on'])
        .where('docket', 'in', dockets)
        .execute()
    ).map((row) => `${row.docket}|${row.form}|${row.policy}|${row.effective_on}`),
  );
  for (let start = 0; start < unique.length; start += ROWS_PER_STATEMENT)
    await trx
      .insertInto('fmcsa_insurance')
      .values(
        unique.slice(start, start + ROWS_PER_STATEMENT).map((row) => ({
          docket: row.docket,
          dot_number: row.dotNumber,
          form: row.form,
          kind: row.kind,
          insurer: row.insurer,
          policy: row.policy,
          coverage: row.coverage,
          effective_on: row.effectiveOn,
          cancel_on: row.cancelOn,
          import_id: importId,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['docket', 'form', 'policy', 'effective_on']).doUpdateSet((eb) => ({
          dot_number: eb.ref('excluded.dot_number'),
          kind: eb.ref('excluded.kind'),
          insurer: eb.ref('excluded.insurer'),
          coverage: eb.ref('excluded.coverage'),
          cancel_on: eb.ref('excluded.cancel_on'),
          import_id: eb.ref('excluded.import_id'),
        })),
      )
      .execute();
  const added = unique.filter((row) => !before.has(keyOf(row))).length;
  return { added, updated: unique.length - added, changes: 0 };
}

/** The filings of the dockets this import named that it did not name again: cancelled since, no longer on file. */
export async function dropUnnamedFilings(trx: Db, importId: number): Promise<void> {
  await sql`delete from fmcsa_insurance where import_id <> ${importId}
    and docket in (select docket from fmcsa_insurance where import_id = ${importId})`.execute(trx);
}
