/**
 * The pieces that keep Kysely and better-sqlite3 off the hot path (server/db/prepared.ts, sqliteStatements.ts,
 * records/query.ts listStatements): a query compiled once must bind each call's own values, a cached list query must
 * not be served for another filter, and rows built from arrays must equal better-sqlite3's own rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRenderer } from '../../server/db/json';
import { compiledCache, prepared } from '../../server/db/prepared';
import { statementCache } from '../../server/db/sqliteStatements';
import { equals, listStatements } from '../../server/modules/records/query';
import type { AnyQuery, AnyRecordDefinition, ListQueryBase, Where } from '../../server/modules/records/types';

interface Tables {
  people: { id: Generated<number>; name: string; city: string | null; age: number };
  stops: {
    id: Generated<number>;
    city: string;
    state: string;
    miles: number;
    version: number;
    created_at: string;
    updated_at: string;
    deleted_at: string | null;
  };
}

let dir: string;
let sqlite: SQLite.Database;
let db: Kysely<Tables>;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-compile-'));
  sqlite = new SQLite(path.join(dir, 'test.db'));
  sqlite.exec(`create table people (id integer primary key, name text not null, city text, age integer not null);
    insert into people (name, city, age) values ('Ann', 'Houston', 31), ('Bob', null, 45), ('Cy', 'Dallas', 27);
    create table stops (id integer primary key, city text not null, state text not null, miles integer not null, version integer not null default 1,
      created_at text not null default 'c', updated_at text not null default 'u', deleted_at text);
    insert into stops (city, state, miles, deleted_at) values ('Austin', 'TX', 10, null), ('Dallas', 'TX', 250, null), ('Tulsa', 'OK', 400, null),
      ('Waco', 'TX', 90, 'gone'), ('Enid', 'OK', 480, null), ('Plano', 'TX', 270, null);`);
  db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: statementCache(sqlite) }) });
});

afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('prepared()', () => {
  it('compiles once and binds every call’s own values', async () => {
    let builds = 0;
    const byAgeAndCity = prepared((minAge: number, city: string) => {
      builds++;
      return db.selectFrom('people').select(['name']).where('age', '>=', minAge).where('city', '=', city).orderBy('id');
    });
    expect((await db.executeQuery(byAgeAndCity(30, 'Houston'))).rows).toEqual([{ name: 'Ann' }]);
    expect((await db.executeQuery(byAgeAndCity(20, 'Dallas'))).rows).toEqual([{ name: 'Cy' }]);
    expect((await db.executeQuery(byAgeAndCity(40, 'Dallas'))).rows).toEqual([]);
    expect(builds).toBe(1);
    const first = byAgeAndCity(1, 'x');
    const second = byAgeAndCity(1, 'x');
    expect(first.queryId).not.toBe(second.queryId);
  });

  it('refuses a builder that does not use each argument as exactly one parameter', () => {
    const unused = prepared((_id: number) => db.selectFrom('people').select('name'));
    expect(() => unused(1)).toThrow(/argument 0/);
    const twice = prepared((id: number) =>
      db.selectFrom('people').select('name').where('id', '=', id).where('age', '>', id),
    );
    expect(() => twice(1)).toThrow(/argument 0/);
  });
});

describe('compiledCache()', () => {
  it('keeps compiled queries by key, runs each filter’s own query and drops the least recently used', async () => {
    const compiles: string[] = [];
    const byCity = compiledCache(
      2,
      (city: string) => city,
      (city: string) => {
        compiles.push(city);
        return { list: db.selectFrom('people').select('name').where('city', '=', city).compile() };
      },
    );
    const names = async (city: string) => (await db.executeQuery(byCity(city).list)).rows;
    expect(await names('Houston')).toEqual([{ name: 'Ann' }]);
    expect(await names('Dallas')).toEqual([{ name: 'Cy' }]);
    expect(await names('Houston')).toEqual([{ name: 'Ann' }]);
    expect(compiles).toEqual(['Houston', 'Dallas']);
    // Houston was used last, so a third key pushes Dallas out.
    await names('Austin');
    await names('Houston');
    await names('Dallas');
    expect(compiles).toEqual(['Houston', 'Dallas', 'Austin', 'Dallas']);
  });
});

describe('listStatements()', () => {
  type StopQuery = ListQueryBase & { state?: string; minMiles?: number };
  /** A record definition of the stops table, as fromDefinition would declare it: state an equality, minMiles not. */
  function stopsDefinition(selects: { n: number }, listItem = false): AnyRecordDefinition {
    return {
      label: 'Stop',
      table: 'stops',
      search: ['r.city'],
      defaultSort: 'city',
      sorts: { city: ['r.city'], miles: ['r.miles'] },
      filters: {
        state: equals('r.state'),
        minMiles:
          (miles: number): Where =>
          (eb) =>
            eb('r.miles', '>=', miles),
      },
      select: (query: AnyQuery) => {
        selects.n++;
        return query.selectAll('r');
      },
      ...(listItem
        ? {
            listItem: (json: ReturnType<typeof jsonRenderer>) =>
              json.document({ id: sql.ref('r.id'), city: sql.ref('r.city') }),
          }
        : {}),
    } as unknown as AnyRecordDefinition;
  }
  const query = (over: Partial<StopQuery> = {}): StopQuery => ({ page: 0, size: 50, showDeleted: false, ...over });
  const cities = async (statements: ReturnType<typeof listStatements>, q: StopQuery, scope: Where | null = null) =>
    ((await db.executeQuery(statements(q, '2026-01-05', scope).page)).rows as { city: string }[]).map(
      (row) => row.city,
    );
  const count = async (statements: ReturnType<typeof listStatements>, q: StopQuery, scope: Where | null = null) =>
    Number(((await db.executeQuery(statements(q, '2026-01-05', scope).count())).rows[0] as { n: number }).n);

  it('compiles a shape once and binds each equality, the page and the offset per call', async () => {
    const selects = { n: 0 };
    const statements = listStatements(db as never, stopsDefinition(selects), null);
    expect(await cities(statements, query({ state: 'TX' }))).toEqual(['Austin', 'Dallas', 'Plano']);
    expect(await cities(statements, query({ state: 'OK' }))).toEqual(['Enid', 'Tulsa']);
    expect(await cities(statements, query({ state: 'TX', page: 1, size: 2 }))).toEqual(['Plano']);
    expect(await count(statements, query({ state: 'OK' }))).toBe(2);
    expect(await count(statements, query({ state: 'TX' }))).toBe(3);
    expect(selects.n).toBe(1);
    // An equality scope is bound too: one statement for every scoped caller.
    expect(await cities(statements, query({ state: 'TX' }), equals('r.miles')(250))).toEqual(['Dallas']);
    expect(await cities(statements, query({ state: 'TX' }), equals('r.miles')(10))).toEqual(['Austin']);
    expect(selects.n).toBe(2);
  });

  it('never serves a statement for another value of a filter that is not an equality, nor another sort, search or showDeleted', async () => {
    const selects = { n: 0 };
    const statements = listStatements(db as never, stopsDefinition(selects), null);
    expect(await cities(statements, query({ minMiles: 260 }))).toEqual(['Enid', 'Plano', 'Tulsa']);
    expect(await cities(statements, query({ minMiles: 300 }))).toEqual(['Enid', 'Tulsa']);
    expect(await cities(statements, query({ minMiles: 260, sort: '-miles' }))).toEqual(['Enid', 'Tulsa', 'Plano']);
    expect(await cities(statements, query({ search: 'a' }))).toEqual(
      ['Austin', 'Dallas', 'Enid', 'Plano', 'Tulsa'].filter((c) => c.toLowerCase().includes('a')),
    );
    expect(await cities(statements, query({ search: 'w', showDeleted: true }))).toEqual(['Waco']);
    expect(await cities(statements, query({ minMiles: 260 }))).toEqual(['Enid', 'Plano', 'Tulsa']);
    // A search is compiled for its call alone (typed, each text once or twice).
    expect(await cities(statements, query({ search: 'w', showDeleted: true }))).toEqual(['Waco']);
    expect(selects.n).toBe(6);
    // A scope that is not an equality, or an equality with a list, is compiled for its call alone, with its own values.
    expect(await cities(statements, query(), equals('r.state')(['OK']))).toEqual(['Enid', 'Tulsa']);
    expect(await cities(statements, query(), equals('r.state')(['TX']))).toEqual(['Austin', 'Dallas', 'Plano']);
    expect(await cities(statements, query(), (eb) => eb('r.miles', '<', 100))).toEqual(['Austin']);
    expect(await cities(statements, query(), (eb) => eb('r.miles', '>', 400))).toEqual(['Enid']);
    expect(await count(statements, query(), (eb) => eb('r.miles', '>', 300))).toBe(2);
  });

  it('selects each row as JSON text when the definition renders its items', async () => {
    const statements = listStatements(db as never, stopsDefinition({ n: 0 }, true), jsonRenderer('sqlite'));
    const { rows } = await db.executeQuery(statements(query({ state: 'OK' }), '2026-01-05', null).page);
    expect((rows as { item: string }[]).map((row) => JSON.parse(row.item))).toEqual([
      { id: 5, city: 'Enid' },
      { id: 3, city: 'Tulsa' },
    ]);
  });
});

describe('statementCache()', () => {
  const plain = (sql: string, ...params: unknown[]) => sqlite.prepare(sql).all(...params);
  const cached = (sql: string, ...params: unknown[]) => statementCache(sqlite).prepare(sql).all(params);

  it('gives the rows better-sqlite3 gives: names, nulls, repeated names (last wins) and odd aliases', () => {
    for (const sql of [
      'select * from people order by id',
      'select p.name, q.name from people p join people q on q.id = p.id + 1 order by p.id',
      'select name as "a b", age * 2 as "x""y", city as "__proto__x", null as missing from people where id = ?',
    ]) {
      const params = sql.includes('?') ? [2] : [];
      expect(cached(sql, ...params)).toEqual(plain(sql, ...params));
    }
  });

  it('keeps better-sqlite3 rows for a column named __proto__', () => {
    const rows = cached('select name as "__proto__" from people where id = 1') as Record<string, unknown>[];
    expect(rows).toEqual(plain('select name as "__proto__" from people where id = 1'));
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
  });

  it('streams rows as objects and runs writes', async () => {
    const streamed: unknown[] = [];
    for await (const row of db.selectFrom('people').select(['id', 'name']).where('id', '<=', 2).orderBy('id').stream())
      streamed.push(row);
    expect(streamed).toEqual([
      { id: 1, name: 'Ann' },
      { id: 2, name: 'Bob' },
    ]);
    const inserted = await db
      .insertInto('people')
      .values({ name: 'Di', city: 'Austin', age: 52 })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    expect(inserted).toEqual({ id: 4, name: 'Di' });
    const updated = await db.updateTable('people').set({ age: 53 }).where('id', '=', 4).executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(1);
  });
});
