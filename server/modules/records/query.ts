import { sql } from 'kysely';
import { dueBy } from '../../../schema/expiry';
import type { RecordDto } from '../../../schema/records';
import type { Db } from '../../db/types';
import { containsPattern } from '../users/queries';
import type { AnyQuery, AnyRecordDefinition, ListQueryBase, Row, Where } from './types';

/** The case-insensitive "contains" of a search over several expressions. */
export function searchWhere(expressions: readonly string[], text: string): Where {
  const pattern = containsPattern(text);
  return (eb) => eb.or(expressions.map((expression) => eb(sql`lower(${sql.raw(expression)})`, 'like', sql`${pattern} escape '\\'`)));
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

/** An equality filter on one column. */
export const equals = (column: string) => (value: unknown): Where => (eb) => eb(column, '=', value);

/** The list's rows: filters, search and showDeleted over "r" (joins come with `select`), within what the caller may see. */
export function filtered<Q extends ListQueryBase>(db: Db, def: AnyRecordDefinition, query: Q, today: string, scope: Where | null = null): AnyQuery {
  let builder: AnyQuery = db.selectFrom(`${def.table} as r` as never);
  if (scope) builder = builder.where(scope);
  // Append-only records (the ledger) are never deleted: no condition that would read every matching row's table page.
  if (!query.showDeleted && !def.appendOnly) builder = builder.where('r.deleted_at', 'is', null);
  for (const [key, toWhere] of Object.entries(def.filters) as [keyof Q, ((value: unknown, today: string, query: Q) => Where | null) | undefined][]) {
    const value = query[key];
    const where = toWhere && value !== undefined && value !== null ? toWhere(value, today, query) : null;
    if (where) builder = builder.where(where);
  }
  if (query.search) builder = builder.where(searchWhere(def.search, query.search));
  return builder;
}

export function sorted(builder: AnyQuery, def: AnyRecordDefinition, sort: string | undefined): AnyQuery {
  const wanted = sort ?? def.defaultSort;
  const field = wanted.replace(/^-/, '');
  const direction = wanted.startsWith('-') ? 'desc' : 'asc';
  let ordered = builder;
  for (const column of def.sorts[field] ?? def.sorts[def.defaultSort.replace(/^-/, '')] ?? []) ordered = ordered.orderBy(column as never, direction);
  return ordered.orderBy('r.id', direction);
}

/** A page of DTOs with their children, in one query for the rows and one per child table. */
export async function loadPage<Dto extends RecordDto>(db: Db, def: AnyRecordDefinition, query: ListQueryBase, today: string, limit: number, offset: number, scope: Where | null = null): Promise<Dto[]> {
  const rows = (await sorted(def.select(filtered(db, def, query, today, scope), today), def, query.sort).limit(limit).offset(offset).execute()) as Row[];
  return toDtos<Dto>(db, def, rows, today);
}

export async function toDtos<Dto extends RecordDto>(db: Db, def: AnyRecordDefinition, rows: Row[], today: string): Promise<Dto[]> {
  const children = def.children && rows.length ? await def.children.load(db, rows.map((r) => Number(r.id))) : null;
  return rows.map((row) => def.toDto(row, children?.get(Number(row.id)), today) as Dto);
}

/** id, version, deleted and the instants every record DTO carries. */
export function recordMeta(row: Row): RecordDto {
  return {
    id: Number(row.id), version: Number(row.version), deleted: row.deleted_at !== null && row.deleted_at !== undefined, deletedAt: row.deleted_at ?? null,
    createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

/** "First Last" of a users/drivers alias, as SQL. */
export const fullName = (alias: string) => sql<string | null>`${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}`;
