/**
 * The pieces that keep Kysely and better-sqlite3 off the hot path (server/db/prepared.ts, sqliteStatements.ts): a
 * query compiled once must bind each call's own values, a cached list query must not be served for another filter,
 * and rows built from arrays must equal better-sqlite3's own rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledCache, prepared } from '../../server/db/prepared';
import { statementCache } from '../../server/db/sqliteStatements';

interface Tables {
  people: { id: Generated<number>; name: string; city: string | null; age: number };
}

let dir: string;
let sqlite: SQLite.Database;
let db: Kysely<Tables>;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-compile-'));
  sqlite = new SQLite(path.join(dir, 'test.db'));
  sqlite.exec(`create table people (id integer primary key, name text not null, city text, age integer not null);
    insert into people (name, city, age) values ('Ann', 'Houston', 31), ('Bob', null, 45), ('Cy', 'Dallas', 27);`);
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
    const twice = prepared((id: number) => db.selectFrom('people').select('name').where('id', '=', id).where('age', '>', id));
    expect(() => twice(1)).toThrow(/argument 0/);
  });
});

describe('compiledCache()', () => {
  it('keeps compiled queries by key, runs each filter’s own query and drops the least recently used', async () => {
    const compiles: string[] = [];
    const byCity = compiledCache(2, (city: string) => city, (city: string) => {
      compiles.push(city);
      return { list: db.selectFrom('people').select('name').where('city', '=', city).compile() };
    });
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
    for await (const row of db.selectFrom('people').select(['id', 'name']).where('id', '<=', 2).orderBy('id').stream()) streamed.push(row);
    expect(streamed).toEqual([{ id: 1, name: 'Ann' }, { id: 2, name: 'Bob' }]);
    const inserted = await db.insertInto('people').values({ name: 'Di', city: 'Austin', age: 52 }).returning(['id', 'name']).executeTakeFirstOrThrow();
    expect(inserted).toEqual({ id: 4, name: 'Di' });
    const updated = await db.updateTable('people').set({ age: 53 }).where('id', '=', 4).executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(1);
  });
});
