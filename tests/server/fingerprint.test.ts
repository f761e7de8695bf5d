import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, type TestServer, fingerprint, startTestServer, watchedFingerprint } from '../helpers/server';

/**
 * "A rejected write changes nothing" rests on the test helper's fingerprint (tests/helpers/server.ts). The watched one
 * re-reads only the tables a write touched: it must always equal a whole fingerprint read afresh, and see every kind of
 * change a rejected write could make.
 */
describe.each(DATABASES)('the watched fingerprint on %s', (kind) => {
  let server: TestServer;
  let watched: () => Promise<string>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    watched = await watchedFingerprint(server.db);
  });
  afterAll(() => server?.close());

  /** The watched print after `write`: equal to a whole fresh one, and whether it moved. */
  async function after(write: () => Promise<unknown>): Promise<boolean> {
    const before = await watched();
    await write();
    const now = await watched();
    expect(now).toBe(await fingerprint(server.db));
    return now !== before;
  }

  it('stays put without a write, and when a write sets a row to what it was', async () => {
    expect(await after(async () => undefined)).toBe(false);
    expect(
      await after(() =>
        sql`update users set first_name = first_name where email = 'dispatcher@haulboard.demo'`.execute(server.db),
      ),
    ).toBe(false);
  });

  it('moves for a changed field, a new row and a deleted one, in a small table and in the large ones', async () => {
    expect(
      await after(() =>
        sql`update users set first_name = first_name || 'x' where email = 'dispatcher@haulboard.demo'`.execute(
          server.db,
        ),
      ),
    ).toBe(true);
    expect(
      await after(() =>
        sql`insert into mail_labels (user_id, name, color, created_at) values ((select min(id) from users), 'Fingerprint', '#123456', '2026-12-02T00:00:00Z')`.execute(
          server.db,
        ),
      ),
    ).toBe(true);
    expect(await after(() => sql`delete from mail_labels where name = 'Fingerprint'`.execute(server.db))).toBe(true);
    expect(
      await after(() =>
        sql`update book_orders set version = version + 1 where id = (select min(id) from book_orders)`.execute(
          server.db,
        ),
      ),
    ).toBe(true);
  });

  it('sees each of two tables written one after the other between reads', async () => {
    const before = await watched();
    await sql`update users set last_name = last_name || 'y' where email = 'dispatcher@haulboard.demo'`.execute(
      server.db,
    );
    const between = await watched();
    await sql`update book_orders set version = version + 1 where id = (select max(id) from book_orders)`.execute(
      server.db,
    );
    const now = await watched();
    expect(new Set([before, between, now]).size).toBe(3);
    expect(now).toBe(await fingerprint(server.db));
  });
});
