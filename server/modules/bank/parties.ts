import type { Db } from '../../db/types';

/**
 * Brokers, shippers and drivers whose name a bank description carries ("ORIG CO NAME:RCG LOGISTICS ORIG ID:…",
 * "ACH PMT JOHN SMITH"). Names are compared as words, upper case, without punctuation or company suffixes, so
 * "RCG Logistics, LLC" is found in "RCG LOGISTICS". Kept in memory and read again when a table changes (its count
 * and latest update, asked at most once a second), so a broker added a moment ago is found.
 */
export interface Parties {
  brokers: number[];
  shippers: number[];
  drivers: number[];
}

const SUFFIXES = new Set([
  'LLC',
  'L L C',
  'INC',
  'CO',
  'CORP',
  'CORPORATION',
  'LTD',
  'LP',
  'LLP',
  'COMPANY',
  'THE',
  'INCORPORATED',
]);
/** Shorter keys ("AB") would be found in too many descriptions. */
const MIN_KEY = 4;

/** A name or a description as words: upper case, letters and digits, single spaces. */
export const words = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();

export function nameKey(name: string): string | null {
  const key = words(name)
    .split(' ')
    .filter((w) => !SUFFIXES.has(w))
    .join(' ');
  return key.length >= MIN_KEY ? key : null;
}

type Table = 'brokers' | 'shippers' | 'drivers';
interface Known {
  signature: string;
  checkedAt: number;
  keys: { id: number; key: string }[];
}
const cache = new WeakMap<Db, Map<Table, Known>>();
/** Within this, the names read a moment ago are used without asking the table whether it changed. */
const FRESH_MS = 1000;

async function known(db: Db, table: Table): Promise<Known> {
  const recent = cache.get(db)?.get(table);
  if (recent && Date.now() - recent.checkedAt < FRESH_MS) return recent;
  const stamp = await db
    .selectFrom(table)
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('at')])
    .executeTakeFirstOrThrow();
  const signature = `${stamp.n}|${stamp.at}`;
  let tables = cache.get(db);
  if (!tables) cache.set(db, (tables = new Map()));
  const kept = tables.get(table);
  if (kept?.signature === signature) {
    kept.checkedAt = Date.now();
    return kept;
  }
  const rows =
    table === 'drivers'
      ? await db
          .selectFrom('drivers')
          .select(['id', 'first_name', 'last_name'])
          .where('deleted_at', 'is', null)
          .execute()
      : await db.selectFrom(table).select(['id', 'name']).where('deleted_at', 'is', null).execute();
  const keys: Known['keys'] = [];
  for (const row of rows) {
    const name = 'name' in row ? row.name : `${row.first_name} ${row.last_name}`;
    const key = nameKey(name);
    if (key) keys.push({ id: row.id, key });
  }
  const fresh = { signature, checkedAt: Date.now(), keys };
  tables.set(table, fresh);
  return fresh;
}

/**
 * The name fields of an ACH description (the originator's and the individual's), which the bank cuts to its field's
 * width: "ORIG CO NAME:EMPIRE VEHICLE SHIPPIN ORIG ID:…" still names Empire Vehicle Shipping.
 */
const NAME_FIELDS = [/ORIG CO NAME:(.+?)\s+ORIG ID:/, /IND NAME:(.+?)(?:\s+TRN:|$)/];
/** A cut name is trusted from this many letters on. */
const MIN_CUT = 10;

/** The parties named in a description, whole anywhere in it, or cut short in one of its name fields. */
export async function partiesIn(db: Db, description: string, tables: readonly Table[]): Promise<Parties> {
  const text = ` ${words(description)} `;
  const fields = NAME_FIELDS.map((pattern) => pattern.exec(description)?.[1])
    .filter((f): f is string => !!f)
    .map((f) => nameKey(f) ?? '')
    .filter((f) => f.length >= MIN_CUT);
  const found: Parties = { brokers: [], shippers: [], drivers: [] };
  for (const table of tables) {
    for (const { id, key } of (await known(db, table)).keys) {
      if (text.includes(` ${key} `) || fields.some((field) => key.startsWith(field))) found[table].push(id);
    }
  }
  return found;
}
