import type { Db } from '../../db/types';
import type { FmcsaCensusTable } from '../../db/vettingTables';
import { type BatchCounts, ROWS_PER_STATEMENT, type SeenChange, insertAll, lastByKey } from './batches';
import type { CensusRow } from './layouts';

/** Who the company says it is: its legal name, and its trade name when it has one. */
export const nameText = (legal: string, dba: string | null) => (dba ? `${legal} (DBA ${dba})` : legal);
/** Text compared as the same whatever its case and spacing. */
const same = (a: string | null, b: string | null) =>
  (a ?? '').replace(/\s+/g, ' ').trim().toUpperCase() === (b ?? '').replace(/\s+/g, ' ').trim().toUpperCase();

/** The identity changes between what was kept and what the file says now (docs/product/compliance.md#changes). */
function changesOf(before: FmcsaCensusTable, row: CensusRow): SeenChange[] {
  const fields: [string, string | null, string | null][] = [
    ['name', nameText(before.legal_name, before.dba_name), nameText(row.legalName, row.dbaName)],
    ['address', before.address, row.address],
    ['phone', before.phone, row.phone],
    ['email', before.email, row.email],
  ];
  return fields
    .filter(([, was, now]) => !same(was, now))
    .map(([field, was, now]) => ({
      dot_number: row.dotNumber,
      docket: null,
      field,
      before: was,
      after: now,
      since_on: before.changed_on,
    }));
}

/**
 * One batch of census rows, inside the caller's transaction: new companies added, changed ones rewritten with each
 * change of name, address, phone or e-mail recorded, the rest left alone — so a file imported twice writes nothing the
 * second time.
 */
export async function writeCensus(
  trx: Db,
  rows: readonly CensusRow[],
  { importId, seenOn }: { importId: number; seenOn: string },
): Promise<BatchCounts> {
  const unique = lastByKey(rows, (row) => row.dotNumber);
  const kept = new Map(
    (
      await trx
        .selectFrom('fmcsa_census')
        .selectAll()
        .where(
          'dot_number',
          'in',
          unique.map((row) => row.dotNumber),
        )
        .execute()
    ).map((row) => [Number(row.dot_number), row] as const),
  );
  const writes: FmcsaCensusTable[] = [];
  const changes: SeenChange[] = [];
  let added = 0;
  for (const row of unique) {
    const before = kept.get(row.dotNumber);
    const seen = before ? changesOf(before, row) : [];
    if (before && !seen.length && (before.mc_number ?? null) === row.mcNumber) continue;
    if (!before) added++;
    changes.push(...seen);
    writes.push({
      dot_number: row.dotNumber,
      legal_name: row.legalName,
      dba_name: row.dbaName,
      address: row.address,
      phone: row.phone,
      email: row.email,
      mc_number: row.mcNumber,
      changed_on: !before || seen.length ? seenOn : before.changed_on,
      import_id: importId,
    });
  }
  await upsertCensus(trx, writes);
  await insertAll(
    trx,
    'fmcsa_changes',
    changes.map((change) => ({ ...change, seen_on: seenOn, import_id: importId, flagged_at: null })),
  );
  return { added, updated: writes.length - added, changes: changes.length };
}

async function upsertCensus(trx: Db, rows: FmcsaCensusTable[]) {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT)
    await trx
      .insertInto('fmcsa_census')
      .values(rows.slice(start, start + ROWS_PER_STATEMENT))
      .onConflict((oc) =>
        oc.column('dot_number').doUpdateSet((eb) => ({
          legal_name: eb.ref('excluded.legal_name'),
          dba_name: eb.ref('excluded.dba_name'),
          address: eb.ref('excluded.address'),
          phone: eb.ref('excluded.phone'),
          email: eb.ref('excluded.email'),
          mc_number: eb.ref('excluded.mc_number'),
          changed_on: eb.ref('excluded.changed_on'),
          import_id: eb.ref('excluded.import_id'),
        })),
      )
      .execute();
}
