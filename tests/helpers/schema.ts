import { sql } from 'kysely';
import type { Field } from '../../schema/define/fields';
import { type AnyResource, columnOf } from '../../schema/define/resource';
import { wantedIndexes } from '../../server/db/scaffold';
import type { Db } from '../../server/db/types';

/** What a migrated database holds: a table's columns and indexes, read from the database itself (both dialects). */
export interface Column {
  name: string;
  type: string;
  notNull: boolean;
}

export async function columnsOf(db: Db, kind: string, table: string): Promise<Column[]> {
  if (kind === 'sqlite') {
    const { rows } = await sql<{
      name: string;
      type: string;
      notnull: number;
      pk: number;
    }>`select * from pragma_table_info(${table})`.execute(db);
    return rows.map((r) => ({ name: r.name, type: r.type.toLowerCase(), notNull: r.notnull === 1 || r.pk === 1 }));
  }
  const { rows } = await sql<{ name: string; type: string; nullable: string }>`
    select column_name as name, data_type as type, is_nullable as nullable from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(
    db,
  );
  return rows.map((r) => ({ name: r.name, type: r.type, notNull: r.nullable === 'NO' }));
}

/** Each index's definition as SQL text, lower-cased (the columns and expressions it is on). */
export async function indexesOf(db: Db, kind: string, table: string): Promise<string[]> {
  if (kind === 'sqlite') {
    const { rows } = await sql<{
      sql: string | null;
      name: string;
    }>`select name, sql from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(db);
    const out: string[] = [];
    for (const row of rows) {
      // Automatic indexes of UNIQUE constraints have no SQL: read their columns.
      if (row.sql) out.push(row.sql.toLowerCase().replace(/^.*? on \S+\s*/, ''));
      else
        out.push(
          `(${(await sql<{ name: string }>`select name from pragma_index_info(${row.name})`.execute(db)).rows.map((c) => c.name).join(', ')})`,
        );
    }
    return out;
  }
  const { rows } = await sql<{
    def: string;
  }>`select indexdef as def from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(db);
  return rows.map((r) => r.def.toLowerCase().replace(/^.*? using \w+ /, ''));
}

export const columnKey = (c: Column) => `${c.name} ${c.type}${c.notNull ? ' not null' : ''}`;

/** The child tables of a definition's rows fields, with the columns they must have. */
export function childTables(def: AnyResource): { table: string; columns: Column[] }[] {
  return Object.values(def.fields as Record<string, Field>)
    .filter((f) => f.rows)
    .map((f) => ({
      table: f.rows!.table,
      columns: [
        { name: 'id', type: 'integer', notNull: true },
        { name: f.rows!.parent, type: 'integer', notNull: true },
        { name: 'position', type: 'integer', notNull: true },
        ...Object.entries(f.rows!.fields).map(([sub, inner]) => ({
          name: columnOf(sub, inner),
          type: inner.column!.type,
          notNull: inner.required,
        })),
      ],
    }));
}

/** The indexes a definition's list needs (server/db/scaffold.ts holds the rule), without the names. */
export const indexedColumns = (def: AnyResource) =>
  wantedIndexes(def).map(({ column, after }) => ({ column: column.replace(/^lower\((\w+)\)$/, '$1'), after }));

/** Whether some index starts with the scope columns and then the column (lower(...) and quotes allowed). */
export function leadingIndex(indexes: string[], { column, after }: { column: string; after: string[] }): boolean {
  const keyOf = (name: string) => `(lower\\()?"?${name}\\b"?\\)?`;
  return indexes.some((index) => new RegExp(`^\\(${[...after, column].map(keyOf).join(',\\s*')}`).test(index));
}
