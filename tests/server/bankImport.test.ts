import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Importing the bank's exports (docs/product/bank.md) through the API: rows once however often they are imported,
 * overlapping exports in any order giving the same rows, a malformed or oversized file refused with nothing written,
 * and only Banking and administrators allowed.
 */

const CHECKING = 'Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #';
const row = (day: number, description: string, amount: string, type = 'ACH_CREDIT') =>
  `${amount.startsWith('-') ? 'DEBIT' : 'CREDIT'},11/${String(day).padStart(2, '0')}/2026,"${description}",${amount},${type},,,`;

describe.each(DATABASES)('bank imports on %s', (kind) => {
  let server: TestServer;
  let banking: string;
  let admin: string;
  let dispatcher: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    [banking, admin, dispatcher] = await Promise.all(
      ['banking@haulboard.demo', 'administrator@haulboard.demo', 'dispatcher@haulboard.demo'].map((e) =>
        server.login(e),
      ),
    );
  }, 60_000);
  afterAll(() => server?.close());

  const upload = (file: string | Buffer, fileName = 'activity.csv', token = banking) =>
    server.call({
      method: 'POST',
      url: `/api/TransactionsMatching/import?fileName=${encodeURIComponent(fileName)}`,
      token,
      headers: { 'content-type': 'text/csv' },
      payload: file,
    });
  const bankRows = async () =>
    await server.db
      .selectFrom('bank_transactions')
      .select(['posted_on', 'description', 'amount_cents'])
      .orderBy('posted_on')
      .orderBy('description')
      .orderBy('amount_cents')
      .execute();
  const counts = async () => ({
    rows: Number(
      (
        await server.db
          .selectFrom('bank_transactions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    imports: Number(
      (
        await server.db
          .selectFrom('bank_imports')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  it('adds each row once: the same file twice adds nothing the second time, two identical rows both stay', async () => {
    const fuel = row(10, 'PILOT 0389 AMARILLO TX', '-412.37', 'DEBIT_CARD');
    const file = [
      CHECKING,
      row(12, 'ORIG CO NAME:ACME AUTO TRANSP, LLC', '4250.00'),
      fuel,
      fuel,
      row(9, 'MONTHLY SERVICE FEE', '-15.00', 'FEE_TRANSACTION'),
    ].join('\n');
    const first = await upload(file, 'november.csv');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.value).toMatchObject({
      layout: 'CHASE_CHECKING',
      fileName: 'november.csv',
      rowsRead: 4,
      added: 4,
      alreadyThere: 0,
      firstDay: '2026-11-09',
      lastDay: '2026-11-12',
    });
    const again = await upload(file, 'november.csv');
    expect(again.body.value).toMatchObject({ rowsRead: 4, added: 0, alreadyThere: 4 });
    const stored = await server.db
      .selectFrom('bank_transactions')
      .select(['amount_cents'])
      .where('description', '=', 'PILOT 0389 AMARILLO TX')
      .execute();
    expect(stored.map((r) => Number(r.amount_cents))).toEqual([-41237, -41237]);
    const imports = await server.call({ method: 'GET', url: '/api/TransactionsMatching/imports', token: banking });
    expect(
      imports.body.value.items
        .slice(0, 2)
        .map((i: { added: number; alreadyThere: number; importedBy: string }) => [
          i.added,
          i.alreadyThere,
          i.importedBy,
        ]),
    ).toEqual([
      [0, 4, expect.any(String)],
      [4, 0, expect.any(String)],
    ]);
  });

  it('gives the same rows whichever order overlapping exports come in', async () => {
    const early = [
      CHECKING,
      row(1, 'EARLY A', '10.00'),
      row(2, 'OVERLAP B', '20.00'),
      row(2, 'OVERLAP B', '20.00'),
      row(3, 'OVERLAP C', '-30.00', 'DEBIT_CARD'),
    ].join('\n');
    const late = [
      CHECKING,
      row(2, 'OVERLAP B', '20.00'),
      row(2, 'OVERLAP B', '20.00'),
      row(3, 'OVERLAP C', '-30.00', 'DEBIT_CARD'),
      row(4, 'LATE D', '40.00'),
    ].join('\n');
    const before = await bankRows();
    expect((await upload(early)).body.value.added).toBe(4);
    expect((await upload(late)).body.value).toMatchObject({ added: 1, alreadyThere: 3 });
    const oneWay = (await bankRows()).filter((r) => !before.some((b) => b.description === r.description));
    await server.db
      .deleteFrom('bank_transactions')
      .where('description', 'in', ['EARLY A', 'OVERLAP B', 'OVERLAP C', 'LATE D'])
      .execute();
    expect((await upload(late)).body.value.added).toBe(4);
    expect((await upload(early)).body.value).toMatchObject({ added: 1, alreadyThere: 3 });
    const otherWay = (await bankRows()).filter((r) => !before.some((b) => b.description === r.description));
    expect(otherWay).toEqual(oneWay);
    expect(oneWay).toHaveLength(5);
  });

  it('refuses a malformed file at its line and writes nothing, not even the import', async () => {
    const before = await counts();
    const bad: [string, RegExp][] = [
      ['', /empty/],
      ['Date,Description,Amount\n11/20/2026,FEE,-1\n', /^Line 1: the header is/],
      [
        `${CHECKING}\n${row(5, 'GOOD ROW', '1.00')}\nDEBIT,11/31/2026,FEE,-1.00,FEE_TRANSACTION,,,\n`,
        /^Line 3: Posting Date is "11\/31\/2026"/,
      ],
      [
        `${CHECKING}\n${row(5, 'GOOD ROW', '1.00')}\nDEBIT,11/20/2026,FEE,12;50,FEE_TRANSACTION,,,\n`,
        /^Line 3: Amount is "12;50"/,
      ],
      [
        `${CHECKING}\n${row(5, 'GOOD ROW', '1.00')}\nDEBIT,11/20/2026,"FEE,-1.00,FEE_TRANSACTION,,,\n`,
        /the file ends inside a quoted field/,
      ],
    ];
    for (const [file, message] of bad) {
      const answer = await upload(file);
      expect(answer.status, file).toBe(400);
      expect(answer.body.messages[0], file).toMatchObject({
        field: 'file',
        description: expect.stringMatching(message),
      });
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a 50 MB file (over the 25 MB limit) with 413, writing nothing', async () => {
    const before = await counts();
    const line = `${row(6, 'X'.repeat(200), '1.00')}\n`;
    const big = Buffer.from(CHECKING + '\n' + line.repeat(Math.ceil((50 * 1024 * 1024) / line.length)));
    const answer = await upload(big);
    expect(answer.status).toBe(413);
    // Sent in pieces with no length announced: the import counts the bytes as they come and stops past the limit.
    const streamed = await server.call({
      method: 'POST',
      url: '/api/TransactionsMatching/import?fileName=big.csv',
      token: banking,
      headers: { 'content-type': 'text/csv' },
      payload: Readable.from(
        Array.from({ length: Math.ceil(big.length / 65536) }, (_, i) => big.subarray(i * 65536, (i + 1) * 65536)),
      ),
    });
    expect(streamed.status, JSON.stringify(streamed.body)).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it('lets only Banking and administrators import, and no one without a token', async () => {
    const file = [CHECKING, row(7, 'ADMIN IMPORT', '5.00')].join('\n');
    expect((await upload(file, 'a.csv', admin)).status).toBe(200);
    expect((await upload(file, 'a.csv', dispatcher)).status).toBe(403);
    expect(
      (
        await server.call({
          method: 'POST',
          url: '/api/TransactionsMatching/import?fileName=a.csv',
          headers: { 'content-type': 'text/csv' },
          payload: file,
        })
      ).status,
    ).toBe(401);
    expect(
      (await server.call({ method: 'GET', url: '/api/TransactionsMatching/imports', token: dispatcher })).status,
    ).toBe(403);
    // JSON is not a file, and a name is required.
    expect(
      (
        await server.call({
          method: 'POST',
          url: '/api/TransactionsMatching/import?fileName=a.csv',
          token: banking,
          payload: { rows: [] },
        })
      ).status,
    ).toBe(415);
    expect(
      (
        await server.call({
          method: 'POST',
          url: '/api/TransactionsMatching/import',
          token: banking,
          headers: { 'content-type': 'text/csv' },
          payload: file,
        })
      ).status,
    ).toBe(400);
  });
});
