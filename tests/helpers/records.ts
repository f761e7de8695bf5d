import { expect } from 'vitest';
import { RECORD_RESOURCES, type RecordTableName } from '../../schema/resources';
import { vinCheckDigit } from '../../schema/vin';
import type { Database } from '../../server/db/types';
import { type TestServer, fingerprint } from './server';

/** Helpers for the people-and-fleet record tests. */

export const iso = (d: Date) => d.toISOString().slice(0, 10);
export const inDays = (n: number) => iso(new Date(Date.now() + n * 86_400_000));

/** A VIN with the right check digit, unique per n. */
export function makeVin(n: number, prefix = '1FUJGLDR'): string {
  const chars = [...`${prefix}0${'L'}S${String(n).padStart(6, '0').slice(-6)}`];
  chars[8] = vinCheckDigit(chars.join(''));
  return chars.join('');
}

/** Minimal CSV reader (RFC 4180), BOM dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

type Call = Parameters<TestServer['call']>[0];

/**
 * The request is refused with `status`, the error names `field` (when given), and the database is exactly as it
 * was before (DB fingerprint of the test helper).
 */
export async function expectRefused(
  server: TestServer,
  request: Call,
  status: number,
  field?: string,
  message?: RegExp,
) {
  const before = await fingerprint(server.db);
  const response = await server.call(request);
  expect(
    response.status,
    `${request.method} ${request.url} ${JSON.stringify(request.payload)} → ${JSON.stringify(response.body)}`,
  ).toBe(status);
  expect(response.body.messages?.length, JSON.stringify(response.body)).toBeGreaterThan(0);
  if (field)
    expect(
      response.body.messages.map((m: { field?: string }) => m.field),
      JSON.stringify(response.body),
    ).toContain(field);
  if (message) expect(response.body.message).toMatch(message);
  expect(await fingerprint(server.db), `${request.method} ${request.url} wrote something`).toBe(before);
  return response;
}

/** Every table of the database: each declared resource's (schema/resources RecordTableName), their child tables, the rest. */
export type TableName = RecordTableName | keyof Database;

/**
 * An id of a row of a table, by a condition on one column: any declared resource's table (a new one included, with
 * no change here), a child table, or any other (states, roles, features …). `idOf(server, 'units', 'unit_number', 'T-101')`.
 */
export async function idOf<T extends TableName>(
  server: TestServer,
  table: T,
  column: keyof Database[T] & string,
  value: unknown,
): Promise<number> {
  const row = await server.db
    .selectFrom(table as 'states')
    .select('id')
    .where(column as never, '=', value as never)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The id of a live row of a table (the first by id not deleted when the table keeps deleted rows): a reference for a sample body. */
export async function someIdOf<T extends TableName>(
  server: TestServer,
  table: T,
  column?: keyof Database[T] & string,
  value?: unknown,
): Promise<number> {
  let query = server.db
    .selectFrom(table as 'drivers')
    .select('id')
    .orderBy('id');
  if (column) query = query.where(column as never, value === null ? 'is' : '=', value as never);
  const row = RECORD_TABLES.has(table)
    ? await query.where('deleted_at', 'is', null).executeTakeFirstOrThrow()
    : await query.executeTakeFirstOrThrow();
  return Number(row.id);
}
const RECORD_TABLES: ReadonlySet<string> = new Set(RECORD_RESOURCES.map((def) => def.table));
