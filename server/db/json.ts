import { type Expression, type RawBuilder, sql } from 'kysely';
import type { DialectName } from '.';

/**
 * JSON rendered by the database. A list page read as 50 rows of 35 columns costs better-sqlite3 (and pg) one
 * JavaScript value per cell, then the server maps each row and serialises the page again; the database can write
 * each row's JSON itself, and the server sends that text as it is. Both dialects render the same document:
 * SQLite's json_object, and on PostgreSQL the object's text joined from its values' (postgresObject).
 */

/** What a field of a rendered object is: a column or expression, or a nested object. */
export type JsonField = Expression<unknown> | JsonShape;
export interface JsonShape {
  readonly [key: string]: JsonField;
}

const isExpression = (field: JsonField): field is Expression<unknown> =>
  typeof (field as Expression<unknown>).toOperationNode === 'function';

export interface JsonRenderer {
  /** An object with these keys, in this order (null values stay null), as JSON text. */
  document(shape: JsonShape): RawBuilder<string>;
  /** Integer cents as dollars: 175005 → 1750.05, 175000 → 1750 (the same number JSON.stringify writes). */
  dollars(cents: Expression<unknown>): RawBuilder<number>;
  /** A decimal kept as an integer count of 10^-scale (schema/define/fields.ts decimal()): 65 at scale 2 → 0.65. */
  decimal(units: Expression<unknown>, scale: number): RawBuilder<number>;
  /** An integer 0/1 column (NOT NULL, as every flag is) as false/true. */
  flag(column: Expression<unknown>): RawBuilder<boolean>;
  /** true when the value is not null (a deleted_at as "deleted"). */
  isSet(column: Expression<unknown>): RawBuilder<boolean>;
  /** An integer column (an id, a count, a version), null as null. */
  integer(column: Expression<unknown>): RawBuilder<number>;
}

/** SQLite's json_object: one call per object, its values in their SQL types. */
function sqliteObject(shape: JsonShape): RawBuilder<string> {
  const args = Object.entries(shape).flatMap(([key, field]) => [
    sql.lit(key),
    isExpression(field) ? field : sqliteObject(field),
  ]);
  return sql<string>`json_object(${sql.join(args)})`;
}

/**
 * PostgreSQL's values that are already JSON text (numbers, booleans): document() writes them in as they are. to_json
 * looks up how to write its argument's type on every call, and on the board's window the twenty-odd calls per card
 * were most of the database's work (pgbench: writing numbers and booleans directly, about 16% more windows a second).
 */
const postgresJsonText = new WeakSet<object>();
function asJsonText<T>(text: RawBuilder<unknown>): RawBuilder<T> {
  postgresJsonText.add(text);
  return text as RawBuilder<T>;
}

/**
 * PostgreSQL: the object's text joined from each value's JSON text, with the keys written in. json_build_object
 * builds a json value that ::text then copies out; on the dispatch board's pages it was the database's largest cost
 * after reading the rows (pgbench: the joined text, 10–25% more pages a second). Each value is written exactly as
 * json_build_object writes it (to_json is its conversion, or the value is JSON text already), a null as null.
 */
function postgresObject(shape: JsonShape): RawBuilder<string> {
  const parts = Object.entries(shape).map(([key, field], i) => {
    const name = sql.lit(`${i ? ',' : '{'}${JSON.stringify(key)}:`);
    if (!isExpression(field)) return sql`${name} || ${postgresObject(field)}`;
    return postgresJsonText.has(field)
      ? sql`${name} || ${field}`
      : sql`${name} || coalesce(to_json(${field})::text, 'null')`;
  });
  return parts.length ? sql<string>`(${sql.join(parts, sql` || `)} || '}')` : sql<string>`'{}'`;
}

export function jsonRenderer(dialect: DialectName): JsonRenderer {
  if (dialect === 'sqlite') {
    return {
      document: sqliteObject,
      // A REAL that is a whole number would print as 1750.0, so whole dollars stay integers.
      dollars: (cents) => sql<number>`iif(${cents} % 100 = 0, ${cents} / 100, ${cents} / 100.0)`,
      decimal: (units, scale) =>
        sql<number>`iif(${units} % ${sql.lit(10 ** scale)} = 0, ${units} / ${sql.lit(10 ** scale)}, ${units} / ${sql.raw(`${10 ** scale}.0`)})`,
      flag: (column) => sql<boolean>`json(iif(${column} = 1, 'true', 'false'))`,
      isSet: (column) => sql<boolean>`json(iif(${column} is null, 'false', 'true'))`,
      integer: (column) => sql<number>`${column}`,
    };
  }
  // pg would parse a json column into objects; text is what the server sends. float8 prints the shortest exact form
  // (numeric would print 1750.0000000000000000), and a boolean cast to text is true or false.
  return {
    document: postgresObject,
    dollars: (cents) => asJsonText(sql`coalesce(((${cents} / 100.0)::float8)::text, 'null')`),
    decimal: (units, scale) =>
      asJsonText(sql`coalesce(((${units} / ${sql.raw(`${10 ** scale}.0`)})::float8)::text, 'null')`),
    flag: (column) => asJsonText(sql`coalesce((${column} = 1)::text, 'null')`),
    isSet: (column) => asJsonText(sql`(${column} is not null)::text`),
    integer: (column) => asJsonText(sql`coalesce((${column})::text, 'null')`),
  };
}
