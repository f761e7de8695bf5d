import { type Expression, type RawBuilder, sql } from 'kysely';
import type { DialectName } from '.';

/**
 * JSON rendered by the database. A list page read as 50 rows of 35 columns costs better-sqlite3 (and pg) one
 * JavaScript value per cell, then the server maps each row and serialises the page again; the database can write
 * each row's JSON itself, and the server sends that text as it is. Both dialects render the same document:
 * SQLite's json_object, PostgreSQL's json_build_object.
 */

/** What a field of a rendered object is: a column or expression, or a nested object. */
export type JsonField = Expression<unknown> | JsonShape;
export interface JsonShape {
  readonly [key: string]: JsonField;
}

const isExpression = (field: JsonField): field is Expression<unknown> => typeof (field as Expression<unknown>).toOperationNode === 'function';

export interface JsonRenderer {
  /** An object with these keys, in this order (null values stay null), as JSON text. */
  document(shape: JsonShape): RawBuilder<string>;
  /** Integer cents as dollars: 175005 → 1750.05, 175000 → 1750 (the same number JSON.stringify writes). */
  dollars(cents: Expression<unknown>): RawBuilder<number>;
  /** An integer 0/1 column as false/true. */
  flag(column: Expression<unknown>): RawBuilder<boolean>;
  /** true when the value is not null (a deleted_at as "deleted"). */
  isSet(column: Expression<unknown>): RawBuilder<boolean>;
}

export function jsonRenderer(dialect: DialectName): JsonRenderer {
  const sqlite = dialect === 'sqlite';
  const object = (shape: JsonShape): RawBuilder<string> => {
    const args = Object.entries(shape).flatMap(([key, field]) => [sql.lit(key), isExpression(field) ? field : object(field)]);
    return sqlite ? sql<string>`json_object(${sql.join(args)})` : sql<string>`json_build_object(${sql.join(args)})`;
  };
  return {
    // pg would parse a json column into objects; the text is what the server sends.
    document: (shape) => (sqlite ? object(shape) : sql<string>`${object(shape)}::text`),
    // SQLite: a REAL that is a whole number would print as 1750.0, so whole dollars stay integers. PostgreSQL: float8
    // prints the shortest exact form (numeric would print 1750.0000000000000000).
    dollars: (cents) => (sqlite ? sql<number>`iif(${cents} % 100 = 0, ${cents} / 100, ${cents} / 100.0)` : sql<number>`(${cents} / 100.0)::float8`),
    flag: (column) => (sqlite ? sql<boolean>`json(iif(${column} = 1, 'true', 'false'))` : sql<boolean>`(${column} = 1)`),
    isSet: (column) => (sqlite ? sql<boolean>`json(iif(${column} is null, 'false', 'true'))` : sql<boolean>`(${column} is not null)`),
  };
}
