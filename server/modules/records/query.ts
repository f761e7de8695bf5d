import { type CompiledQuery, sql } from 'kysely';
import { dueBy } from '../../../schema/expiry';
import type { RecordDto } from '../../../schema/records';
import type { JsonRenderer } from '../../db/json';
import { markersFor, templateOf } from '../../db/prepared';
import type { Db } from '../../db/types';
import { containsPattern } from '../users/queries';
import { type AnyQuery, type AnyRecordDefinition, type ListQueryBase, type Row, type Where, anyTables } from './types';

/** The case-insensitive "contains" of a search over several expressions. */
export function searchWhere(expressions: readonly string[], text: string): Where {
  const pattern = containsPattern(text);
  return (eb) =>
    eb.or(expressions.map((expression) => eb(sql`lower(${sql.raw(expression)})`, 'like', sql`${pattern} escape '\\'`)));
}

/** expiring=true: any of the dates is past or within the window; false: none is. Each column has its index. */
export function expiringWhere(columns: readonly string[]) {
  return (expiring: boolean, today: string): Where => {
    const limit = dueBy(today);
    return (eb) =>
      expiring
        ? eb.or(columns.map((column) => eb(column, '<=', limit)))
        : eb.and(columns.map((column) => eb.or([eb(column, 'is', null), eb(column, '>', limit)])));
  };
}

/** What an equality made by `equals` compares: its SQL is the same whatever the value (listStatements binds it). */
const EQUALS = Symbol('equals');
type EqualsWhere = Where & { [EQUALS]?: { column: string; value: unknown } };

/** An equality filter on one column (also a scope: one driver's rows). */
export const equals =
  (column: string) =>
  (value: unknown): Where =>
    Object.assign<Where, Pick<EqualsWhere, typeof EQUALS>>((eb) => eb(column, '=', value), {
      [EQUALS]: { column, value },
    });

/** One condition of a list: which query key it comes from ('#scope', '#live' and '#search' for the others). */
interface Condition {
  key: string;
  where: Where;
}

/** The column and value of a condition made by `equals` with one value (a list or an object would change the SQL). */
function equality(condition: Condition): { column: string; value: unknown } | null {
  const equal = (condition.where as EqualsWhere)[EQUALS];
  return equal && (typeof equal.value !== 'object' || equal.value === null) ? equal : null;
}

/** The list's conditions over "r": what the caller may see, live rows, each filter, the search. */
function conditions<Q extends ListQueryBase>(
  definition: AnyRecordDefinition,
  query: Q,
  today: string,
  scope: Where | null,
): Condition[] {
  const found: Condition[] = [];
  if (scope) found.push({ key: '#scope', where: scope });
  // Append-only records (the ledger) are never deleted: no condition that would read every matching row's table page.
  if (!query.showDeleted && !definition.appendOnly)
    found.push({ key: '#live', where: (eb) => eb('r.deleted_at', 'is', null) });
  for (const [key, toWhere] of Object.entries(definition.filters) as [
    keyof Q & string,
    ((value: unknown, today: string, query: Q) => Where | null) | undefined,
  ][]) {
    const value = query[key];
    const where = toWhere && value !== undefined && value !== null ? toWhere(value, today, query) : null;
    if (where) found.push({ key, where });
  }
  if (query.search) found.push({ key: '#search', where: searchWhere(definition.search, query.search) });
  return found;
}

const selectFromRecords = (db: Db, definition: AnyRecordDefinition, wheres: readonly Where[]): AnyQuery =>
  wheres.reduce(
    (builder, where) => builder.where(where),
    anyTables(db).selectFrom(`${definition.table} as r`) as AnyQuery,
  );

/** The list's rows: filters, search and showDeleted over "r" (joins come with `select`), within what the caller may see. */
export function filtered<Q extends ListQueryBase>(
  db: Db,
  definition: AnyRecordDefinition,
  query: Q,
  today: string,
  scope: Where | null = null,
): AnyQuery {
  return selectFromRecords(
    db,
    definition,
    conditions(definition, query, today, scope).map((c) => c.where),
  );
}

export function sorted(builder: AnyQuery, definition: AnyRecordDefinition, sort: string | undefined): AnyQuery {
  const wanted = sort ?? definition.defaultSort;
  const field = wanted.replace(/^-/, '');
  const direction = wanted.startsWith('-') ? 'desc' : 'asc';
  let ordered = builder;
  for (const column of definition.sorts[field] ?? definition.sorts[definition.defaultSort.replace(/^-/, '')] ?? [])
    ordered = ordered.orderBy(column, direction);
  return ordered.orderBy('r.id', direction);
}

/** The statements of one shape of list query, compiled once: each binds a request's values. */
interface ListTemplate {
  page: (args: readonly unknown[]) => CompiledQuery;
  count: (args: readonly unknown[]) => CompiledQuery;
}

/** What one list request runs: the page (each row's item as JSON text when the definition renders it), the count. */
export interface ListStatements {
  page: CompiledQuery;
  /** Compiled when first asked for: a list whose extras know the count never needs it. */
  count: () => CompiledQuery;
}

/**
 * A record list's statements, compiled once per shape of query (prepared.ts): Kysely would otherwise build and
 * compile the page and the count afresh on every call, the largest part of a small list's time after the database.
 * The shape is every value the SQL depends on: today, the sort, showDeleted, the search and each filter's value,
 * except an equality made by `equals` (a driverId, a type, the scope's driver …), which is a parameter: one statement
 * serves every driver's ledger. Limit and offset are parameters too. A search, and a scope that is not an `equals`,
 * are compiled for their request alone. A filter may read the query keys that are not `equals` filters besides its
 * own value (a period reads from and to): those are in the key, the values of `equals` filters are not.
 *
 * With `json` and a definition that renders its DTO in SQL (listItem), the page selects each row as JSON text
 * (server/db/json.ts) under `item`, else its columns for toDtos.
 */
export function listStatements(db: Db, definition: AnyRecordDefinition, json: JsonRenderer | null, max = 200) {
  const templates = new Map<string, ListTemplate>();

  /** Builds and compiles the statements; with `bind`, `equals` values, limit and offset are markers to bind later. */
  function build(query: ListQueryBase, today: string, found: readonly Condition[], bind: boolean): ListTemplate | null {
    const bound = bind ? found.filter((c) => equality(c)) : [];
    const markers = markersFor(bound.length);
    const [limit, offset] = bind ? markersFor(2) : [query.size, query.page * query.size];
    const wheres = found.map((c) => {
      const index = bound.indexOf(c);
      if (index < 0) return c.where;
      const { column } = equality(c)!;
      return ((eb) => eb(column, '=', markers[index])) as Where;
    });
    let rows = sorted(definition.select(selectFromRecords(db, definition, wheres), today), definition, query.sort);
    if (json && definition.listItem) rows = rows.clearSelect().select(definition.listItem(json, today).as('item'));
    const page = templateOf(
      rows
        .limit(limit as number)
        .offset(offset as number)
        .compile(),
      bind ? [...markers, limit as object, offset as object] : [],
    );
    if ('unbound' in page) return null;
    let count: ((args: readonly unknown[]) => CompiledQuery) | null = null;
    return {
      page: page.bind,
      count: (args) => {
        if (!count) {
          const compiled = templateOf(
            selectFromRecords(db, definition, wheres)
              .select(({ fn }) => fn.countAll<number>().as('n'))
              .compile(),
            markers,
          );
          if ('unbound' in compiled)
            throw new Error(`${definition.label} list: the count does not take every value the page takes`);
          count = compiled.bind;
        }
        return count(args.slice(0, bound.length));
      },
    };
  }

  return (query: ListQueryBase, today: string, scope: Where | null): ListStatements => {
    const found = conditions(definition, query, today, scope);
    const args: unknown[] = [];
    const shape: Record<string, unknown> = { ...query, page: undefined, size: undefined };
    let reusable = true;
    for (const c of found) {
      const equal = equality(c);
      if (equal) {
        args.push(equal.value);
        shape[c.key] = `?${equal.column}`;
      } else if (c.key === '#scope' || c.key === '#search' || (c.where as EqualsWhere)[EQUALS]) {
        // A scope of another kind has no key, nor an equality with a list; a search is typed, each text once or twice.
        reusable = false;
      }
    }
    const key = JSON.stringify([today, shape]);
    let template = reusable ? templates.get(key) : undefined;
    if (template) {
      // Most recently used last: the first key is the one to drop.
      templates.delete(key);
      templates.set(key, template);
    } else {
      template = (reusable ? build(query, today, found, true) : null) ?? undefined;
      if (template) {
        if (templates.size >= max) templates.delete(templates.keys().next().value!);
        templates.set(key, template);
      } else {
        // Compiled with the values themselves, for this request alone.
        const once = build(query, today, found, false)!;
        return { page: once.page([]), count: () => once.count([]) };
      }
    }
    args.push(query.size, query.page * query.size);
    const bound = template;
    return { page: bound.page(args), count: () => bound.count(args) };
  };
}

/** A page of DTOs with their children, in one query for the rows and one per child table. */
export async function loadPage<Dto extends RecordDto>(
  db: Db,
  definition: AnyRecordDefinition,
  query: ListQueryBase,
  today: string,
  limit: number,
  offset: number,
  scope: Where | null = null,
): Promise<Dto[]> {
  const rows = (await sorted(
    definition.select(filtered(db, definition, query, today, scope), today),
    definition,
    query.sort,
  )
    .limit(limit)
    .offset(offset)
    .execute()) as Row[];
  return toDtos<Dto>(db, definition, rows, today);
}

export async function toDtos<Dto extends RecordDto>(
  db: Db,
  definition: AnyRecordDefinition,
  rows: Row[],
  today: string,
): Promise<Dto[]> {
  const children =
    definition.children && rows.length
      ? await definition.children.load(
          db,
          rows.map((r) => Number(r.id)),
        )
      : null;
  return rows.map((row) => definition.toDto(row, children?.get(Number(row.id)), today) as Dto);
}

/** id, version, deleted and the instants every record DTO carries. */
export function recordMeta(row: Row): RecordDto {
  return {
    id: Number(row.id),
    version: Number(row.version),
    deleted: row.deleted_at !== null && row.deleted_at !== undefined,
    deletedAt: row.deleted_at ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** "First Last" of a users/drivers alias, as SQL. */
export const fullName = (alias: string) =>
  sql<string | null>`${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}`;
