import { usMoney } from '../../../schema/format';
import { AUTHORITY_STATUS_LABELS } from '../../../schema/vetting';
import type { Db } from '../../db/types';
import type { FmcsaAuthoritiesTable } from '../../db/vettingTables';
import { type BatchCounts, ROWS_PER_STATEMENT, type SeenChange, insertAll, lastByKey } from './batches';
import type { AuthorityRow } from './layouts';

type Kept = Omit<FmcsaAuthoritiesTable, 'changed_on' | 'import_id'>;

const word = (letter: string | null) => AUTHORITY_STATUS_LABELS[letter ?? ''] ?? 'Unknown';
const onFile = (flag: number | null) => (flag === null ? 'unknown' : flag ? 'on file' : 'not on file');

/** How each watched fact of a docket reads in a change: its authorities, its insurance, its bond. */
const FACTS: { field: string; text: (row: Kept) => string }[] = [
  {
    field: 'authority',
    text: (row) =>
      `Broker ${word(row.broker_status)} · Common ${word(row.common_status)} · Contract ${word(row.contract_status)}`,
  },
  {
    field: 'insurance',
    text: (row) =>
      `BIPD ${row.bipd_on_file ? usMoney(row.bipd_on_file * 1000) : 'none'} on file · cargo ${onFile(row.cargo_on_file)}`,
  },
  { field: 'bond', text: (row) => `Bond ${onFile(row.bond_on_file)}` },
];

const keptOf = (row: AuthorityRow): Kept => ({
  docket: row.docket,
  dot_number: row.dotNumber,
  legal_name: row.legalName,
  dba_name: row.dbaName,
  common_status: row.common,
  contract_status: row.contract,
  broker_status: row.broker,
  bipd_required: row.bipdRequired,
  bipd_on_file: row.bipdOnFile,
  cargo_required: row.cargoRequired,
  cargo_on_file: row.cargoOnFile,
  bond_required: row.bondRequired,
  bond_on_file: row.bondOnFile,
});
const COLUMNS = Object.keys(keptOf({} as AuthorityRow)) as (keyof Kept)[];

/**
 * One batch of the licensing file's carrier rows (one per docket), inside the caller's transaction: as the census
 * (./census.ts), new dockets added, changed ones rewritten with each change of authority, insurance or bond recorded,
 * the same ones left alone.
 */
export async function writeAuthorities(
  trx: Db,
  rows: readonly AuthorityRow[],
  { importId, seenOn }: { importId: number; seenOn: string },
): Promise<BatchCounts> {
  const unique = lastByKey(rows, (row) => row.docket);
  const kept = new Map(
    (
      await trx
        .selectFrom('fmcsa_authorities')
        .selectAll()
        .where(
          'docket',
          'in',
          unique.map((row) => row.docket),
        )
        .execute()
    ).map((row) => [row.docket, row] as const),
  );
  const writes: FmcsaAuthoritiesTable[] = [];
  const changes: SeenChange[] = [];
  let added = 0;
  for (const row of unique) {
    const now = keptOf(row);
    const before = kept.get(row.docket);
    if (before && COLUMNS.every((column) => (before[column] ?? null) === now[column])) continue;
    const seen = before
      ? FACTS.filter((fact) => fact.text(before) !== fact.text(now)).map((fact) => ({
          dot_number: now.dot_number,
          docket: now.docket,
          field: fact.field,
          before: fact.text(before),
          after: fact.text(now),
          since_on: before.changed_on,
        }))
      : [];
    if (!before) added++;
    changes.push(...seen);
    writes.push({ ...now, changed_on: !before || seen.length ? seenOn : before.changed_on, import_id: importId });
  }
  for (let start = 0; start < writes.length; start += ROWS_PER_STATEMENT)
    await trx
      .insertInto('fmcsa_authorities')
      .values(writes.slice(start, start + ROWS_PER_STATEMENT))
      .onConflict((oc) =>
        oc
          .column('docket')
          .doUpdateSet((eb) =>
            Object.fromEntries(
              [...COLUMNS.filter((column) => column !== 'docket'), 'changed_on', 'import_id'].map((column) => [
                column,
                eb.ref(`excluded.${column as keyof FmcsaAuthoritiesTable}`),
              ]),
            ),
          ),
      )
      .execute();
  await insertAll(
    trx,
    'fmcsa_changes',
    changes.map((change) => ({ ...change, seen_on: seenOn, import_id: importId, flagged_at: null })),
  );
  return { added, updated: writes.length - added, changes: changes.length };
}
