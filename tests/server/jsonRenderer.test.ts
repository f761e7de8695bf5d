import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRenderer } from '../../server/db/json';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * JSON rendered by the database (server/db/json.ts) is sent as it is, so it must be the text JSON.stringify writes for
 * the same values: every kind of value, the nulls, the escapes, the key order and the nesting, on both databases.
 */
describe.each(DATABASES)('JSON rendered by %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const rows = [
    { cents: 175005, flag: 1, at: '2026-11-27', n: 7, text: 'Tom "T" O\'Neil \\ back\nline é \u2028 😀' },
    { cents: 175000, flag: 0, at: null, n: -3, text: '' },
    { cents: -5, flag: 0, at: null, n: null, text: null },
    { cents: 1, flag: 1, at: 'x', n: 2_147_483_647, text: '{"not":"json"}' },
    { cents: 99_999_999_999, flag: 0, at: null, n: 0, text: '</script>' },
    { cents: null, flag: 1, at: null, n: 1, text: 'null' },
  ];
  const expected = rows.map((row) => ({
    n: row.n,
    text: row.text,
    money: { dollars: row.cents === null ? null : row.cents / 100, flag: row.flag === 1 },
    decimals: { thousandths: row.cents === null ? null : row.cents / 1000, whole: row.cents },
    set: row.at !== null,
  }));

  it('writes each value as JSON.stringify does', async () => {
    const json = jsonRenderer(kind);
    const ref = (column: string) => sql.ref(`r.${column}`);
    const item = json.document({
      n: json.integer(ref('n')),
      text: ref('text'),
      money: { dollars: json.dollars(ref('cents')), flag: json.flag(ref('flag')) },
      decimals: { thousandths: json.decimal(ref('cents'), 3), whole: json.decimal(ref('cents'), 0) },
      set: json.isSet(ref('at')),
    });
    const literal = (value: string | number | null, type: string) =>
      value === null ? sql`cast(null as ${sql.raw(type)})` : sql.lit(value);
    const values = rows.map(
      (
        row,
        i,
      ) => sql`select ${sql.lit(i)} as i, ${literal(row.cents, 'bigint')} as cents, ${literal(row.flag, 'integer')} as flag,
      ${literal(row.at, 'text')} as at, ${literal(row.n, 'integer')} as n, ${literal(row.text, 'text')} as text`,
    );
    const { rows: rendered } = await sql<{
      item: string;
    }>`select ${item} as item from (${sql.join(values, sql` union all `)}) as r order by r.i`.execute(server.db);
    expect(rendered.map((row) => row.item)).toEqual(expected.map((value) => JSON.stringify(value)));
  });
});
