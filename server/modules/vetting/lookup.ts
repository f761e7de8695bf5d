import type { z } from 'zod';
import { addDays, todayIso } from '../../../schema/expiry';
import {
  type AuthorityDto,
  type ChangeField,
  FMCSA_FILE_KINDS,
  type FmcsaFileKind,
  RECENT_CHANGE_DAYS,
  type VettingDto,
  type lookupQuery,
} from '../../../schema/vetting';
import type { Db } from '../../db/types';
import type { FmcsaAuthoritiesTable } from '../../db/vettingTables';
import { docketOf, dotOf } from './keys';

/** The changes a record shows: the latest, recent ones highlighted. */
const SHOWN_CHANGES = 20;

const flag = (value: number | null) => (value === null ? null : value === 1);
const dollars = (thousands: number | null) => (thousands === null ? null : thousands * 1000);

/** Whether the docket may broker or haul: any of its authorities active (docs/product/compliance.md#vetting). */
export const isActive = (row: Pick<FmcsaAuthoritiesTable, 'common_status' | 'contract_status' | 'broker_status'>) =>
  [row.common_status, row.contract_status, row.broker_status].includes('A');

function authorityDto(row: FmcsaAuthoritiesTable): AuthorityDto {
  return {
    docket: row.docket,
    common: row.common_status,
    contract: row.contract_status,
    broker: row.broker_status,
    active: isActive(row),
    bipdRequired: dollars(row.bipd_required),
    bipdOnFile: dollars(row.bipd_on_file),
    cargoRequired: flag(row.cargo_required),
    cargoOnFile: flag(row.cargo_on_file),
    bondRequired: flag(row.bond_required),
    bondOnFile: flag(row.bond_on_file),
    changedOn: row.changed_on,
  };
}

/**
 * Reads that do not depend on each other: at once (on PostgreSQL, over several of the pool's connections), or one after
 * the other inside a transaction (its one connection).
 */
async function together<T extends readonly (() => unknown)[]>(
  db: Db,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (!db.isTransaction) return Promise.all(reads.map((read) => read())) as never;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as never;
}

/** How long a server keeps the imports' dates: every lookup shows them, and they change once a month or so. */
const IMPORTED_TTL_MS = 5_000;
const importedCache = new WeakMap<Db, { at: number; dates: Promise<Record<FmcsaFileKind, string | null>> }>();

/** An import ended on this server: its date shows at the next lookup (other servers within IMPORTED_TTL_MS). */
export const forgetImportedOn = (db: Db) => importedCache.delete(db);

/** The date of the last file of each kind imported whole. */
export function importedOn(db: Db): Promise<Record<FmcsaFileKind, string | null>> {
  const kept = importedCache.get(db);
  if (kept && Date.now() - kept.at < IMPORTED_TTL_MS) return kept.dates;
  const dates = db
    .selectFrom('fmcsa_imports')
    .select(['kind', (eb) => eb.fn.max('seen_on').as('seen_on')])
    .where('status', '=', 'done')
    .groupBy('kind')
    .execute()
    .then(
      (rows) =>
        Object.fromEntries(
          FMCSA_FILE_KINDS.map((kind) => [kind, rows.find((row) => row.kind === kind)?.seen_on ?? null]),
        ) as Record<FmcsaFileKind, string | null>,
    );
  // Inside a transaction the answer is the transaction's own; a failed read is not kept.
  if (!db.isTransaction) {
    importedCache.set(db, { at: Date.now(), dates });
    dates.catch(() => forgetImportedOn(db));
  }
  return dates;
}

/** The keys of a lookup by MC or USDOT number (GET /api/Vetting/lookup's query) for vettingOf. */
export const lookupKeys = (query: z.output<typeof lookupQuery>) => ({
  mcNumber: query.mc ?? null,
  usdotNumber: query.dot ?? null,
});

/**
 * What the imported files say of the company with this MC and/or USDOT number: its census record, its authority and
 * insurance on file, its filings and the latest changes. The MC docket finds the authority (and through it the USDOT
 * number when none is given); the USDOT number finds the census record (or the census's own docket does).
 */
export async function vettingOf(
  db: Db,
  keys: { mcNumber: string | null; usdotNumber: string | null },
  today = todayIso(),
): Promise<VettingDto> {
  const docket = docketOf(keys.mcNumber);
  const givenDot = dotOf(keys.usdotNumber);
  const census = (dot: number) =>
    db.selectFrom('fmcsa_census').selectAll().where('dot_number', '=', dot).executeTakeFirst();
  // Two rounds of reads that do not depend on each other. First the docket's authority and the census record, by the
  // USDOT number given or else by the census's own MC docket.
  const [authorityRow, firstCensus] = await together(db, [
    () =>
      docket
        ? db.selectFrom('fmcsa_authorities').selectAll().where('docket', '=', docket).executeTakeFirst()
        : givenDot !== null
          ? db
              .selectFrom('fmcsa_authorities')
              .selectAll()
              .where('dot_number', '=', givenDot)
              .orderBy('docket')
              .executeTakeFirst()
          : undefined,
    () =>
      givenDot !== null
        ? census(givenDot)
        : docket?.startsWith('MC')
          ? db
              .selectFrom('fmcsa_census')
              .selectAll()
              .where('mc_number', '=', docket.slice(2))
              .orderBy('dot_number')
              .executeTakeFirst()
          : undefined,
  ] as const);
  const dot = givenDot ?? authorityRow?.dot_number ?? firstCensus?.dot_number ?? null;
  const theDocket = authorityRow?.docket ?? docket;
  // Then what hangs on the USDOT number and the docket found.
  const [censusRow, filings, changes, imported] = await together(db, [
    () => firstCensus ?? (dot !== null ? census(dot) : undefined),
    () =>
      theDocket
        ? db
            .selectFrom('fmcsa_insurance')
            .selectAll()
            .where('docket', '=', theDocket)
            .orderBy('effective_on', 'desc')
            .orderBy('id')
            .execute()
        : [],
    () =>
      dot !== null || theDocket
        ? db
            .selectFrom('fmcsa_changes')
            .selectAll()
            .where((eb) =>
              eb.or([
                ...(dot !== null ? [eb('dot_number', '=', dot)] : []),
                ...(theDocket ? [eb('docket', '=', theDocket)] : []),
              ]),
            )
            .orderBy('seen_on', 'desc')
            .orderBy('id', 'desc')
            .limit(SHOWN_CHANGES)
            .execute()
        : [],
    () => importedOn(db),
  ] as const);
  const recentFrom = addDays(today, -RECENT_CHANGE_DAYS);
  return {
    mcNumber: keys.mcNumber,
    usdotNumber: keys.usdotNumber,
    imported,
    census: censusRow
      ? {
          dotNumber: Number(censusRow.dot_number),
          legalName: censusRow.legal_name,
          dbaName: censusRow.dba_name,
          address: censusRow.address,
          phone: censusRow.phone,
          email: censusRow.email,
          changedOn: censusRow.changed_on,
        }
      : null,
    authority: authorityRow ? authorityDto(authorityRow) : null,
    filings: filings.map((row) => ({
      form: row.form,
      kind: row.kind,
      insurer: row.insurer,
      policy: row.policy,
      coverage: dollars(row.coverage),
      effectiveOn: row.effective_on,
      cancelOn: row.cancel_on,
    })),
    changes: changes.map((row) => ({
      id: Number(row.id),
      field: row.field as ChangeField,
      before: row.before,
      after: row.after,
      sinceOn: row.since_on,
      seenOn: row.seen_on,
      recent: row.seen_on >= recentFrom,
    })),
  };
}
