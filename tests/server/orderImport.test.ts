import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_CSV_COLUMNS } from '../../schema/orderImport';
import { makeVin } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Loads from a CSV file (docs/product/book-orders.md#csv-import), on both databases: the template reads back as the
 * columns; a preview reports each load's problems by line and column and its likely duplicates, writing nothing; the
 * import books every ready load in one go, leaves the others named, and a second import of the same file books
 * nothing twice; a file that is not the template, too large or of another type is refused; who may not book is too.
 */
describe.each(DATABASES)('loads from a CSV file on %s', (kind) => {
  let server: TestServer;
  let dispatcher: string;
  let driver: string;
  let names: { broker: string; shipper: string; carrier: string; dispatcher: string };
  beforeAll(async () => {
    server = await startTestServer(kind);
    dispatcher = await server.login('dispatcher@haulboard.demo');
    driver = await server.login('driver@haulboard.demo');
    const name = async (table: 'brokers' | 'shippers' | 'carriers') =>
      (
        await server.db
          .selectFrom(table)
          .select('name')
          .where('deleted_at', 'is', null)
          .$if(table === 'brokers', (q) => q.where('status' as never, '=', 'ACTIVE' as never))
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).name;
    names = {
      broker: await name('brokers'),
      shipper: await name('shippers'),
      carrier: await name('carriers'),
      dispatcher: 'dispatcher@haulboard.demo',
    };
  });
  afterAll(() => server?.close());

  const send = (url: string, file: string, token = dispatcher, type = 'text/csv') =>
    server.call({ method: 'POST', url, token, headers: { 'content-type': type }, payload: file });
  const cell = (v: string) => (/[",]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  /** A file of the template's columns: each row the example with `over` applied. */
  const file = (rows: Partial<Record<(typeof ORDER_CSV_COLUMNS)[number]['key'], string>>[]) =>
    [
      ORDER_CSV_COLUMNS.map((c) => c.header).join(','),
      ...rows.map((over) =>
        ORDER_CSV_COLUMNS.map((c) =>
          cell(over[c.key] ?? ({ ...names, vin: '' } as Record<string, string>)[c.key] ?? c.example),
        ).join(','),
      ),
    ].join('\r\n');
  const count = async () =>
    Number(
      (
        await server.db
          .selectFrom('book_orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('the template is the columns and an example row', async () => {
    const answer = await server.call({ method: 'GET', url: '/api/BookOrder/import/template', token: dispatcher });
    expect(answer.status).toBe(200);
    const [header, example] = parse(String(answer.body), { bom: true }) as string[][];
    expect(header).toEqual(ORDER_CSV_COLUMNS.map((c) => c.header));
    expect(example).toHaveLength(header.length);
  });

  it('previews each load with its problems by line and column, books the ready ones in one go, and never twice', async () => {
    const tag = `${kind.toUpperCase()}-${Date.now()}`;
    const [v1, v2, v3, v4] = [1, 2, 3, 4].map((n) => makeVin(700_000 + n + (kind === 'postgres' ? 50 : 0)));
    const csv = file([
      // A: two cars, one load.
      { ref: 'A', loadId: `${tag}-A`, vin: v1 },
      { ref: 'A', loadId: `${tag}-A`, vin: v2, make: 'Toyota', model: 'Camry', vehicleType: 'Sedan' },
      // B: an unknown broker, a bad date and a bad price.
      { ref: 'B', loadId: `${tag}-B`, vin: v3, broker: 'Nobody Logistics', pickupDate: '13/45/2026', price: 'lots' },
      // C: ready.
      { ref: 'C', loadId: `${tag}-C`, vin: v4, vehicleType: 'suv', trailerType: 'enclosed' },
    ]);
    const before = await count();
    const preview = await send('/api/BookOrder/import/preview', csv);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(await count(), 'a preview writes nothing').toBe(before);
    const loads = preview.body.value.loads as {
      ref: string;
      lines: number[];
      problems: { line: number; column: string | null; message: string }[];
    }[];
    expect(loads.map((l) => [l.ref, l.lines])).toEqual([
      ['A', [2, 3]],
      ['B', [4]],
      ['C', [5]],
    ]);
    expect(preview.body.value.ready).toBe(2);
    expect(loads[0].problems).toEqual([]);
    expect(loads[1].problems).toEqual(
      expect.arrayContaining([
        { line: 4, column: 'Broker', message: expect.stringContaining('No broker named “Nobody Logistics”') },
        { line: 4, column: 'Pickup date', message: '“13/45/2026” is not a date as MM/DD/YYYY' },
        { line: 4, column: 'Price', message: '“lots” is not an amount in dollars' },
      ]),
    );

    const booked = await send('/api/BookOrder/import', csv);
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.value.created.map((c: { ref: string }) => c.ref)).toEqual(['A', 'C']);
    expect(booked.body.value.skipped).toEqual([{ ref: 'B', reason: expect.stringMatching(/^3 problems: /) }]);
    expect(await count()).toBe(before + 2);
    const a = await server.call({
      method: 'GET',
      url: `/api/BookOrder/${booked.body.value.created[0].id}`,
      token: dispatcher,
    });
    expect(a.body.value).toMatchObject({
      externalLoadId: `${tag}-A`,
      brokerName: names.broker,
      trailerType: 'OPEN',
      price: 1250,
      pickup: { city: 'Dallas', date: '2026-12-09' },
      delivery: { city: 'Atlanta', date: '2026-12-11' },
    });
    expect(a.body.value.vehicles.map((v: { vin: string; type: string }) => [v.vin, v.type])).toEqual([
      [v1, 'SEDAN'],
      [v2, 'SEDAN'],
    ]);

    // The same file again: A and C look booked already; B still has its problems; nothing is booked.
    const again = await send('/api/BookOrder/import/preview', csv);
    expect(again.body.value.ready).toBe(0);
    expect(again.body.value.loads[0].duplicates[0]).toMatchObject({ reason: 'LOAD_ID' });
    const twice = await send('/api/BookOrder/import', csv);
    expect(twice.status).toBe(400);
    expect(await count()).toBe(before + 2);
  });

  it('refuses what is not the template, too large, of another type, and who may not book', async () => {
    const bad = await send('/api/BookOrder/import/preview', 'Name,Colour\r\nx,1\r\n');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('columns not in the template: Name, Colour');
    expect((await send('/api/BookOrder/import/preview', '')).status).toBe(400);
    expect((await send('/api/BookOrder/import/preview', 'x'.repeat(1_100_000))).status).toBe(413);
    expect((await send('/api/BookOrder/import/preview', '{}', dispatcher, 'application/json')).status).toBe(415);
    expect((await send('/api/BookOrder/import/preview', file([{}]), driver)).status).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/BookOrder/import/template' })).status, 'no token').toBe(401);
  });
});
