import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, afterCommit, transact } from '../../server/db/transaction';
import { ApiError } from '../../server/http/errors';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * The one concurrency discipline (server/db/transaction.ts): a read-modify-write run by many at once counts every one
 * of them; an effect registered with afterCommit happens once, after the attempt that committed; a race lost more
 * often than the attempts allow is a 409 that wrote nothing.
 */
describe.each(DATABASES)('transact on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
    await sql`create table race_counter (id integer primary key, n integer not null)`.execute(server.db);
    await sql`insert into race_counter (id, n) values (1, 0)`.execute(server.db);
  }, 60_000);
  afterAll(() => server?.close());

  const counter = async () =>
    Number((await sql<{ n: number }>`select n from race_counter where id = 1`.execute(server.db)).rows[0].n);

  it('20 read-modify-writes of one row at once count 20, and each effect runs once', async () => {
    const before = await counter();
    let effects = 0;
    let attempts = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        transact(server.db, async (trx) => {
          attempts++;
          // Read, think, write back: the shape that double-counts under READ COMMITTED.
          const { n } = (await sql<{ n: number }>`select n from race_counter where id = 1`.execute(trx)).rows[0];
          await new Promise((resolve) => setTimeout(resolve, 5));
          await sql`update race_counter set n = ${Number(n) + 1} where id = 1`.execute(trx);
          afterCommit(trx, () => effects++);
        }),
      ),
    );
    expect(await counter()).toBe(before + 20);
    expect(effects).toBe(20);
    if (kind === 'postgres') expect(attempts).toBeGreaterThan(20);
    else expect(attempts).toBe(20);
  });

  it('a write that fails writes nothing and runs no effect', async () => {
    const before = await counter();
    let effects = 0;
    await expect(
      transact(server.db, async (trx) => {
        await sql`update race_counter set n = n + 100 where id = 1`.execute(trx);
        afterCommit(trx, () => effects++);
        throw new ApiError(400, 'refused');
      }),
    ).rejects.toThrow('refused');
    expect(await counter()).toBe(before);
    expect(effects).toBe(0);
  });

  it.runIf(kind === 'postgres')(
    'a race lost on every attempt is a 409 after the bounded number of attempts',
    async () => {
      let attempts = 0;
      const error = await transact(server.db, async () => {
        attempts++;
        throw Object.assign(new Error('could not serialize access due to read/write dependencies among transactions'), {
          code: '40001',
        });
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).statusCode).toBe(409);
      expect(attempts).toBe(MAX_ATTEMPTS);
    },
  );

  it.runIf(kind === 'sqlite')('SQLite runs a transaction once: it has one writer at a time', async () => {
    let attempts = 0;
    const error = await transact(server.db, async () => {
      attempts++;
      throw Object.assign(new Error('simulated'), { code: '40001' });
    }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('simulated');
    expect(attempts).toBe(1);
  });

  it('once: work on one-shot input is not run again', async () => {
    let attempts = 0;
    const error = await transact(
      server.db,
      async () => {
        attempts++;
        throw Object.assign(new Error('lost'), { code: '40001' });
      },
      { once: true },
    ).catch((e: unknown) => e);
    expect(attempts).toBe(1);
    if (kind === 'postgres') expect((error as ApiError).statusCode).toBe(409);
  });

  it('afterCommit outside transact is a programming error', () => {
    expect(() => afterCommit(server.db, () => undefined)).toThrow(/transact/);
  });
});
