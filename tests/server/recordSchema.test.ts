import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snakeCase } from '../../schema/define/naming';
import type { Field } from '../../schema/define/fields';
import { columnOf } from '../../schema/define/resource';
import { RECORD_RESOURCES } from '../../schema/resources';
import { childTables, columnKey as key, columnsOf, indexedColumns, indexesOf, leadingIndex } from '../helpers/schema';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * The migrations and the definitions agree (as Django's makemigrations --check): every table a definition derives
 * (server/db/types.ts takes its Kysely types from them) has exactly the columns, types and NOT NULLs the migrated
 * database has, and what a list sorts, filters or keeps unique by has an index.
 */
describe.each(DATABASES)('record tables as their definitions say, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it.each(RECORD_RESOURCES.map((def) => [def.table, def] as const))(
    '%s has exactly the columns of its definition',
    async (table, def) => {
      const actual = (await columnsOf(server.db, kind, table)).map(key).sort();
      const expected = def.columns.map((c) => key({ ...c, type: c.type })).sort();
      expect(
        actual,
        `the migrations and schema/resources disagree on ${table}: write a migration for the difference`,
      ).toEqual(expected);
      for (const child of childTables(def)) {
        expect((await columnsOf(server.db, kind, child.table)).map(key).sort(), child.table).toEqual(
          child.columns.map(key).sort(),
        );
      }
    },
  );

  it.each(RECORD_RESOURCES.map((def) => [def.table, def] as const))(
    '%s has an index for every sort, filter, expiry and unique rule',
    async (table, def) => {
      const indexes = await indexesOf(server.db, kind, table);
      const missing = indexedColumns(def)
        .filter((wanted) => !leadingIndex(indexes, wanted))
        .map((wanted) => [...wanted.after, wanted.column].join(', '));
      expect(missing, `${table}: add an index on ${missing.map((m) => `(${m})`).join(', ')} in a migration`).toEqual(
        [],
      );
    },
  );

  it('names every column once: a field is stored under its key in snake_case (money with _cents)', () => {
    expect(snakeCase('annualInspectionDueOn')).toBe('annual_inspection_due_on');
    const money = (RECORD_RESOURCES.find((d) => d.table === 'fuel_cards')!.fields as Record<string, Field>).limit;
    expect(columnOf('limit', money)).toBe('limit_cents');
  });
});
