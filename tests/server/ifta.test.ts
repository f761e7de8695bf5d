import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IftaReturnDto } from '../../schema/ifta';
import {
  DIESEL_E3,
  FUEL_CSV,
  IFTA_QUARTER,
  LOADS,
  NC_RATE,
  RATES,
  REFUSED_LINES,
  STATES_CROSSED,
  workedReturn,
} from '../helpers/iftaQuarter';
import { pdfText } from '../helpers/pdf';
import { DATABASES, type TestServer, fingerprint, startTestServer } from '../helpers/server';

/**
 * IFTA on both databases (docs/product/ifta.md): the synthetic quarter of tests/helpers/iftaQuarter.ts booked as
 * delivered loads; the fuel-card export previewed and imported (bad lines named by line, a second import adding
 * nothing); the rates saved at the version read; the close refused while a state lacks its rate, then made, its tax
 * to the cent; the closed quarter frozen whatever changes after; the PDF and CSV; and who may do what.
 */
const API = `/api/Ifta/quarters/${IFTA_QUARTER}`;
const ratesOf = (table: Record<string, string>) => Object.entries(table).map(([state, rate]) => ({ state, rate }));

describe.each(DATABASES)('IFTA on %s', (kind) => {
  let server: TestServer;
  let finance: string;
  let manager: string;
  let dispatcher: string;
  const orderIds: number[] = [];

  const get = (url: string, token = finance) => server.call({ method: 'GET', url, token });
  const csv = (url: string, body: string, token = finance) =>
    server.call({ method: 'POST', url, token, headers: { 'content-type': 'text/csv' }, payload: body });
  const json = (method: 'PUT' | 'POST', url: string, payload: object, token = finance) =>
    server.call({ method, url, token, payload });
  const current = async (): Promise<IftaReturnDto> => (await get(API)).body.value;

  beforeAll(async () => {
    server = await startTestServer(kind);
    [finance, manager, dispatcher] = await Promise.all(
      ['finance', 'manager', 'dispatcher'].map((role) => server.login(`${role}@haulboard.demo`)),
    );
    // The quarter's loads: a demo order copied, delivered on its day, between the synthetic stops.
    const {
      id: _id,
      version: _version,
      ...template
    } = await server.db
      .selectFrom('book_orders')
      .selectAll()
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    for (const [i, load] of LOADS.entries()) {
      const { id } = await server.db
        .insertInto('book_orders')
        .values({
          ...template,
          order_number: `IFTA-${i + 1}`,
          external_load_id: null,
          status: 'DELIVERED',
          pickup_zip: load.pickupZip,
          delivery_zip: load.deliveryZip,
          pickup_date: load.deliveredOn,
          delivery_date: load.deliveredOn,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      orderIds.push(id);
      for (const zip of load.trail ?? [])
        await server.db
          .insertInto('tracking_trail')
          .values({ book_order_id: id, zip, at: new Date().toISOString() })
          .execute();
    }
  });
  afterAll(() => server?.close());

  it('is Finance’s, Manager’s and Administrator’s: others are refused, signed out is 401', async () => {
    expect((await get(API, dispatcher)).status).toBe(403);
    expect((await server.call({ method: 'GET', url: API })).status).toBe(401);
    expect((await csv('/api/Ifta/fuel/import', FUEL_CSV, dispatcher)).status).toBe(403);
    expect((await json('PUT', `${API}/rates`, { version: 0, rates: [] }, dispatcher)).status).toBe(403);
    expect((await json('POST', `${API}/close`, { version: 0 }, dispatcher)).status).toBe(403);
    expect((await get(`${API}/report.pdf`, dispatcher)).status).toBe(403);
    expect((await get(API, manager)).status).toBe(200);
    const features = (await get('/api/Auth/features/get')).body.value.flatMap((g: any) => g.features);
    expect(features.find((f: any) => f.uri === '/app/finances/ifta')).toMatchObject({
      title: 'IFTA',
      permissions: expect.arrayContaining(['Read', 'Create', 'Update', 'Export', 'Approve']),
    });
  });

  it('a quarter never written: the loads’ miles in eleven states, no fuel, no rates — every state flagged', async () => {
    const value = await current();
    expect(value).toMatchObject({
      quarter: IFTA_QUARTER,
      from: '2031-01-01',
      to: '2031-03-31',
      dueOn: '2031-04-30',
      status: 'OPEN',
      version: 0,
      mpg: null,
      totalGallons: 0,
      outsideMiles: 0,
      orders: { counted: LOADS.length, byTrail: 1, withoutRoute: [] },
    });
    expect(value.rows.map((r) => r.state)).toEqual(STATES_CROSSED);
    expect(value.missingRates).toEqual(STATES_CROSSED);
    expect(value.rows.every((r) => r.taxCents === null && r.taxableGallons === null)).toBe(true);
    expect((await get('/api/Ifta/quarters/2031-Q5')).status).toBe(400);
  });

  it('previews the fuel-card export without writing, naming the bad lines', async () => {
    const before = await fingerprint(server.db);
    const response = await csv('/api/Ifta/fuel/preview', FUEL_CSV);
    expect(response.status).toBe(200);
    expect(response.body.value).toMatchObject({ lines: 17, ready: 13, duplicates: 0, notFuel: 1 });
    expect(response.body.value.refused.map((r: { line: number }) => r.line)).toEqual(REFUSED_LINES.map((r) => r.line));
    for (const [i, refused] of REFUSED_LINES.entries())
      expect(response.body.value.refused[i].message).toMatch(refused.message);
    expect(response.body.value.quarters).toEqual([
      { quarter: IFTA_QUARTER, lines: 13, gallonsE3: Object.values(DIESEL_E3).reduce((a, b) => a + b, 40_000) },
    ]);
    expect(await fingerprint(server.db)).toBe(before);
  });

  it('refuses what is not a fuel-card export, and another media type, changing nothing', async () => {
    const before = await fingerprint(server.db);
    const wrong = await csv('/api/Ifta/fuel/import', 'Date,Description,Amount\r\n01/02/2031,Coffee,3.00');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/no Card #.*Invoice.*State\/ Prov.*Item.*Qty.*Amt/);
    const typed = await server.call({
      method: 'POST',
      url: '/api/Ifta/fuel/import',
      token: finance,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ csv: FUEL_CSV }),
    });
    expect(typed.status).toBe(415);
    expect(await fingerprint(server.db)).toBe(before);
  });

  it('imports each fuel line once: the same file again adds nothing', async () => {
    const first = await server.call({
      method: 'POST',
      url: '/api/Ifta/fuel/import?fileName=efs-jan-mar.csv',
      token: finance,
      headers: { 'content-type': 'text/csv' },
      payload: FUEL_CSV,
    });
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ fileName: 'efs-jan-mar.csv', added: 13, duplicates: 0 });
    expect(first.body.value.refused).toHaveLength(3);
    const again = await csv('/api/Ifta/fuel/import', FUEL_CSV);
    expect(again.body.value).toMatchObject({ added: 0, duplicates: 13 });
    const rows = await server.db
      .selectFrom('fuel_purchases')
      .select(['state', 'product', 'gallons_e3', 'card_last4'])
      .execute();
    expect(rows).toHaveLength(13);
    expect(new Set(rows.map((r) => r.card_last4))).toEqual(new Set(['1234']));
    const value = await current();
    // The first import made the quarter's row; the second added nothing to it and left its version.
    expect(value.version).toBe(1);
    expect(value.totalGallons).toBe(447);
    expect(value.fuel).toMatchObject({ reeferGallons: 40, gasolineGallons: 0 });
    const history = (await get('/api/Ifta/fuel/imports')).body.value;
    expect(history[1]).toMatchObject({
      fileName: 'efs-jan-mar.csv',
      added: 13,
      refused: 3,
      createdBy: expect.any(String),
    });
  });

  it('reads the other card companies’ column names, quoted cells, a byte-order mark; two equal fills are both real', async () => {
    const wex =
      '\uFEFFTransaction Date,Transaction ID,Card Number,Merchant Name,Merchant City,Merchant State,Product,Quantity,Amount\r\n' +
      '2030-11-02,W-1,XXXXXXXXXXXX9876,"Pilot, #77",Tulsa,OK,DSL,50.5,200.00\r\n' +
      '2030-11-02,W-1,XXXXXXXXXXXX9876,"Pilot, #77",Tulsa,OK,DSL,50.5,200.00\r\n';
    const first = await csv('/api/Ifta/fuel/import', wex);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ added: 2, duplicates: 0, refused: [] });
    expect((await csv('/api/Ifta/fuel/import', wex)).body.value).toMatchObject({ added: 0, duplicates: 2 });
    const rows = await server.db
      .selectFrom('fuel_purchases')
      .select(['location', 'card_last4', 'gallons_e3', 'amount_cents'])
      .where('purchased_on', '=', '2030-11-02')
      .execute();
    expect(rows).toEqual([
      { location: 'Pilot, #77', card_last4: '9876', gallons_e3: 50_500, amount_cents: 20_000 },
      { location: 'Pilot, #77', card_last4: '9876', gallons_e3: 50_500, amount_cents: 20_000 },
    ]);
  });

  it('reads a rate table from CSV by line, and saves rates at the version read only', async () => {
    const preview = await csv(
      `${API}/rates/preview`,
      'Jurisdiction,Rate\r\nTexas,0.2\r\nOK,$0.1900\r\nXX,0.3\r\nAR,0.12345\r\nTX,0.25\r\n',
    );
    expect(preview.status).toBe(200);
    expect(preview.body.value.rates).toEqual([
      { state: 'OK', rate: '0.1900' },
      { state: 'TX', rate: '0.2000' },
    ]);
    expect(preview.body.value.problems).toEqual([
      { line: 4, message: '"XX" is not a US state' },
      { line: 5, message: expect.stringMatching(/^AR: "0.12345" — .*four decimals/) },
      { line: 6, message: 'TX is on line 2 already' },
    ]);
    const before = await fingerprint(server.db);
    const stale = await json('PUT', `${API}/rates`, { version: 0, rates: ratesOf(RATES) });
    expect(stale.status).toBe(409);
    const badRate = await json('PUT', `${API}/rates`, { version: 1, rates: [{ state: 'TX', rate: '0.12345' }] });
    expect(badRate.status).toBe(400);
    expect(badRate.body.messages[0].field).toBe('rates.0.rate');
    expect(await fingerprint(server.db)).toBe(before);
    const saved = await json('PUT', `${API}/rates`, { version: 1, rates: ratesOf(RATES) });
    expect(saved.status).toBe(200);
    expect(saved.body.value).toMatchObject({ version: 2, missingRates: ['NC'] });
    const nc = saved.body.value.rows.find((r: { state: string }) => r.state === 'NC');
    expect(nc).toMatchObject({ rate: null, taxCents: null });
    expect(nc.miles).toBeGreaterThan(50);
  });

  it('will not close while a state lacks its rate, nor at a stale version; then closes, its tax to the cent', async () => {
    const before = await fingerprint(server.db);
    const missing = await json('POST', `${API}/close`, { version: 2 });
    expect(missing.status).toBe(409);
    expect(missing.body.message).toMatch(/rate of NC/);
    expect(await fingerprint(server.db)).toBe(before);
    expect((await json('PUT', `${API}/rates`, { version: 2, rates: ratesOf({ ...RATES, NC: NC_RATE }) })).status).toBe(
      200,
    );
    expect((await json('POST', `${API}/close`, { version: 2 })).status).toBe(409);
    // Four closes at once with the version read: one files the return.
    const closes = await Promise.all([0, 1, 2, 3].map(() => json('POST', `${API}/close`, { version: 3 })));
    expect(closes.map((c) => c.status).sort()).toEqual([200, 409, 409, 409]);
    const filed: IftaReturnDto = closes.find((c) => c.status === 200)!.body.value;
    expect(filed).toMatchObject({ status: 'CLOSED', version: 4, closedBy: expect.any(String), missingRates: [] });
    const worked = workedReturn(Object.fromEntries(filed.rows.map((r) => [r.state, r.miles])), DIESEL_E3, {
      ...RATES,
      NC: NC_RATE,
    });
    expect(filed).toMatchObject({ ...worked, rows: worked.rows.map((r) => expect.objectContaining(r)) });
    expect(filed.totalTaxCents).not.toBe(0);
  });

  it('a closed quarter stands as filed: new loads, fuel and rates change nothing of it', async () => {
    const filed = await current();
    const {
      id: _id,
      version: _v,
      ...template
    } = await server.db.selectFrom('book_orders').selectAll().where('id', '=', orderIds[0]).executeTakeFirstOrThrow();
    await server.db
      .insertInto('book_orders')
      .values({ ...template, order_number: 'IFTA-LATE', delivery_date: '2031-03-30' })
      .execute();
    const late = FUEL_CSV.split('\r\n')[0] + '\r\n' + FUEL_CSV.split('\r\n')[1].replace('100001', '100099');
    const imported = await csv('/api/Ifta/fuel/import', late);
    expect(imported.body.value).toMatchObject({ added: 0 });
    expect(imported.body.value.refused[0].message).toMatch(/Q1 2031, which is closed/);
    const rates = await json('PUT', `${API}/rates`, { version: filed.version, rates: ratesOf(RATES) });
    expect(rates.status).toBe(409);
    expect(rates.body.message).toMatch(/closed/);
    expect((await json('POST', `${API}/close`, { version: filed.version })).status).toBe(409);
    expect(await current()).toEqual(filed);
    const list = (await get('/api/Ifta/quarters')).body.value;
    expect(list[0]).toMatchObject({ quarter: IFTA_QUARTER, status: 'CLOSED', rateCount: 11 });
  });

  it('gives the return as filed in PDF and CSV', async () => {
    const filed = await current();
    const pdf = await server.app.inject({
      method: 'GET',
      url: `${API}/report.pdf`,
      headers: { authorization: `Bearer ${finance}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain('IFTA-2031-Q1.pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('IFTA QUARTERLY FUEL TAX RETURN');
    // pdfText reads Windows-1252: the en dash is one byte of its own.
    expect(text).toMatch(/Q1 2031 \(01\/01\/2031 . 03\/31\/2031\)/);
    expect(text).toContain('Closed as filed');
    expect(text).toMatch(/IFTA Q1 2031 . as filed . Page 1 of 1/);
    const csvFile = await server.call({ method: 'GET', url: `${API}/report.csv`, token: finance });
    expect(csvFile.status).toBe(200);
    const lines = String(csvFile.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(1 + STATES_CROSSED.length + 1);
    expect(lines.at(-1)).toBe(
      `${IFTA_QUARTER},CLOSED,TOTAL,${filed.totalMiles},,${filed.totalGallons},,,${(filed.totalTaxCents / 100).toFixed(2)},${filed.mpg}`,
    );
    const nc = filed.rows.find((r) => r.state === 'NC')!;
    expect(lines).toContain(
      `${IFTA_QUARTER},CLOSED,NC,${nc.miles},${nc.taxableGallons},0,${nc.netTaxableGallons},0.4050,${(nc.taxCents! / 100).toFixed(2)},${filed.mpg}`,
    );
  });

  it('one export imported four times at once into an open quarter: each line once', async () => {
    const april = FUEL_CSV.replace(/(\d\d)\/(\d\d)\/2031/g, (_m, _mm, dd) => `04/${dd}/2031`).replace(
      /10\d{4},/g,
      (m) => `2${m}`,
    );
    const results = await Promise.all([0, 1, 2, 3].map(() => csv('/api/Ifta/fuel/import', april)));
    for (const r of results) expect([200, 409]).toContain(r.status);
    const rows = await server.db
      .selectFrom('fuel_purchases')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('purchased_on', '>=', '2031-04-01')
      .executeTakeFirstOrThrow();
    // Line 18's 13/01 became 04/01: a real date now, so fourteen lines go in, once.
    expect(Number(rows.n)).toBe(14);
  });
});
