import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../db';
import { literalPage, prepared } from '../../db/prepared';
import type { Db } from '../../db/types';
import { containsPattern } from '../users/queries';

/**
 * Search: any part of the number, the external load id or a VIN (trigram index), of a pickup or delivery city (the
 * matching names from book_order_cities, then the (city, pickup_date) indexes), or of the broker's or shipper's name.
 *
 * The names a text matches are looked up first in the small name tables (searchMatchesQuery), so that each part of
 * the search is a condition one index serves:
 * - the page takes, from each matching broker, shipper and city (and the trigram rowids), its own first rows in list
 *   order and cuts the page from their union: a broker's (broker_id, pickup_date) index yields them already in order,
 *   where "broker_id in (7, 23)" sorted all 6,348 matches of the period to keep 50;
 * - the totals sum each kind of match from its covering index, each order once (searchTotals).
 */

/**
 * Up to this many matching names of one kind are searched one by one; more are searched as one set by name (a text
 * such as "a" matches most names, and dozens of branches would cost more than one sort).
 */
const PER_VALUE_LIMIT = 16;

/** The matching ids (brokers, shippers) or names (cities), [] for none, or 'many' when over PER_VALUE_LIMIT. */
export type Matched<T> = T[] | 'many';
export interface SearchMatches {
  brokers: Matched<number>;
  shippers: Matched<number>;
  cities: Matched<string>;
}

/** For callers that did not look the names up: every kind, by name (the same orders, only slower). */
export const BY_NAME: SearchMatches = { brokers: 'many', shippers: 'many', cities: 'many' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Condition = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

const likeName = (pattern: string) => sql<boolean>`lower(name) like ${pattern} escape '\\'`;

interface NameRow {
  kind: string;
  id: number;
  name: string;
}

/** One statement, compiled once: the brokers, shippers and cities whose names contain the text (a few of each). */
export function searchMatchesStatement(db: Db) {
  const limit = PER_VALUE_LIMIT + 1;
  const statement = prepared((brokers: string, shippers: string, cities: string) => ({
    compile: () =>
      sql<NameRow>`
    select * from (select 'broker' as kind, id, name from brokers where ${likeName(brokers)} order by id limit ${sql.lit(limit)}) as b
    union all select * from (select 'shipper' as kind, id, name from shippers where ${likeName(shippers)} order by id limit ${sql.lit(limit)}) as s
    union all select * from (select 'city' as kind, 0 as id, name from book_order_cities where ${likeName(cities)} order by name limit ${sql.lit(limit)}) as c`.compile(
        db,
      ),
  }));
  return (text: string) => {
    const pattern = containsPattern(text);
    return statement(pattern, pattern, pattern);
  };
}

export function readSearchMatches(rows: NameRow[]): SearchMatches {
  const of = <T>(kind: string, pick: (row: NameRow) => T): Matched<T> => {
    const values = rows.filter((row) => row.kind === kind).map(pick);
    return values.length > PER_VALUE_LIMIT ? 'many' : values;
  };
  return {
    brokers: of('broker', (r) => Number(r.id)),
    shippers: of('shipper', (r) => Number(r.id)),
    cities: of('city', (r) => r.name),
  };
}

/** The names a search text matches (searchMatchesStatement, read by readSearchMatches). */
export function searchMatchesQuery(db: Db) {
  const statement = searchMatchesStatement(db);
  return async (executor: Db, text: string): Promise<SearchMatches> =>
    readSearchMatches((await executor.executeQuery(statement(text))).rows);
}

/** The order's own text: number, external load id and VINs. */
function ownText(dialect: DialectName, text: string): Condition {
  const pattern = containsPattern(text);
  if (dialect === 'sqlite' && text.length >= 3) {
    // FTS5 trigram: a quoted phrase matches any substring of three characters or more.
    const phrase = `"${text.toLowerCase().replace(/"/g, '""')}"`;
    return (eb) =>
      eb('o.id', 'in', sql<number>`(select rowid from book_order_search where book_order_search match ${phrase})`);
  }
  return (eb) => eb(sql`o.search_text`, 'like', sql`${pattern} escape '\\'`);
}

type NameColumn = 'o.broker_id' | 'o.shipper_id' | 'o.pickup_city' | 'o.delivery_city';

/**
 * The search's conditions, in the order searchTotals relies on (broker, shipper, pickup city, delivery city, own
 * text), leaving out the kinds nothing matched. perValue: one condition per matching name instead of one per kind.
 */
export function searchBranches(
  db: Db,
  dialect: DialectName,
  text: string,
  matches: SearchMatches,
  perValue = false,
): Condition[] {
  const pattern = containsPattern(text);
  const branches: Condition[] = [];
  const add = <T extends number | string>(columns: NameColumn[], matched: Matched<T>, byName: () => AnyQuery) => {
    for (const column of columns) {
      if (matched === 'many') branches.push((eb) => eb(column, 'in', byName()));
      else if (perValue) for (const value of matched) branches.push((eb) => eb(column, '=', value));
      else if (matched.length) branches.push((eb) => eb(column, 'in', matched));
    }
  };
  add(['o.broker_id'], matches.brokers, () => db.selectFrom('brokers').select('id').where(likeName(pattern)));
  add(['o.shipper_id'], matches.shippers, () => db.selectFrom('shippers').select('id').where(likeName(pattern)));
  add(['o.pickup_city', 'o.delivery_city'], matches.cities, () =>
    db.selectFrom('book_order_cities').select('name').where(likeName(pattern)),
  );
  branches.push(ownText(dialect, text));
  return branches;
}

export const anyOf = (branches: Condition[]): Condition =>
  branches.length === 1 ? branches[0] : (eb) => eb.or(branches.map((branch) => branch(eb)));

/** Count, price and broker fee of the orders a query selects (alias o): the list's totals. */
export const totalsOf = (query: AnyQuery) =>
  query.select(({ fn }) => [
    fn.countAll<number>().as('count'),
    fn.sum<number>('o.price_cents').as('price'),
    fn.sum<number>('o.broker_fee_cents').as('fee'),
  ]);

/**
 * Count and sums of the orders any branch matches, each order once, with every name branch read from its own index
 * alone: each branch counts the orders no earlier branch matches, and the covering indexes of the later kinds hold the
 * columns the earlier ones test (the shipper index holds broker_id, the city indexes the broker, the shipper and the
 * pickup city: migrations 010 and 067); the own-text branch comes last, as it reads its rows from the table anyway.
 * OR read every matching row from the table (SQLite: a broker and five shippers matching 11,218 current orders, 1.5 →
 * 0.6 ms; PostgreSQL: "houston" over all time at 1M orders, 138 ms), and PostgreSQL's union of the branches, which
 * dropped the repeats, hashed every match (that search's 21,654 orders: 16 of its 27 ms).
 */
export function searchTotals(db: Db, text: string, filtered: AnyQuery, branches: Condition[]) {
  // A text of one or two characters is matched in search_text, which no index holds: the OR reads the rows anyway.
  if (text.length < 3 || branches.length === 1) return totalsOf(filtered.where(anyOf(branches)));
  const parts = branches.map((branch, i) =>
    totalsOf(
      i === 0 ? filtered.where(branch) : filtered.where(branch).where((eb) => eb.not(anyOf(branches.slice(0, i))(eb))),
    ),
  );
  const union = parts.slice(1).reduce((query, part) => query.unionAll(part), parts[0]);
  // PostgreSQL sums bigints (the branches' counts and sums) as numeric, which reaches pg as text: back to bigint, as
  // totalsOf gives them.
  return db
    .selectFrom(union.as('parts'))
    .select([
      sql<number>`cast(sum(parts.count) as bigint)`.as('count'),
      sql<number>`cast(sum(parts.price) as bigint)`.as('price'),
      sql<number>`cast(sum(parts.fee) as bigint)`.as('fee'),
    ]);
}

/** The sort columns that hold numbers (the rest are text). */
const NUMERIC_SORT = new Set(['o.price_cents', 'o.id']);

/**
 * The ids (and sort keys) of a search's page, in order. Each branch takes its own first (page + 1) × size orders and
 * the page is cut from their union: every order of the page is among the first ones of a branch it matches.
 *
 * PostgreSQL runs these as prepared statements, and a generic plan cannot tell how many orders a LIKE pattern
 * matches: for the order's own text (always the last branch) it walked the pickup-date index backward, testing every
 * row, to find 50 matches that a text such as "houston" does not have (545 ms at 100k orders). That branch is ordered
 * by an expression no index holds (the same order: `date || ''`, `price + 0`), so its matches come from the trigram
 * index first and are sorted after.
 */
export function searchPageIds(
  db: Db,
  dialect: DialectName,
  filtered: AnyQuery,
  branches: Condition[],
  sort: { column: string; direction: 'asc' | 'desc' },
  page: number,
  size: number,
) {
  const { column, direction } = sort;
  const unindexed = NUMERIC_SORT.has(column) ? sql`${sql.ref(column)} + 0` : sql`${sql.ref(column)} || ''`;
  const firstOf = (branch: Condition, i: number) => {
    const own = dialect === 'postgres' && i === branches.length - 1;
    return filtered
      .where(branch)
      .select(['o.id', sql.ref(column).as('sort_key')])
      .orderBy(own ? unindexed : sql.ref(column), direction)
      .orderBy(own ? sql`o.id + 0` : sql.ref('o.id'), direction);
  };
  if (branches.length === 1) return literalPage(firstOf(branches[0], 0), page, size);
  const depth = (page + 1) * size;
  const [first, ...rest] = branches.map((branch, i) =>
    db.selectFrom(literalPage(firstOf(branch, i), 0, depth).as(`b${i}`)).selectAll(),
  );
  // UNION ALL, then one row per order: cheaper than UNION, which sorted every branch's rows again to merge them.
  const union = rest.reduce((query, branch) => query.unionAll(branch), first);
  return literalPage(
    db
      .selectFrom(union.as('m'))
      .select(['m.id', 'm.sort_key'])
      .groupBy(['m.id', 'm.sort_key'])
      .orderBy('m.sort_key', direction)
      .orderBy('m.id', direction),
    page,
    size,
  );
}
