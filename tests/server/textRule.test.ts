import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TEXT } from '../../schema/common';
import { expectRefused, idOf, inDays, makeVin } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * One text rule for every way text comes in (schema/common.ts textProblem): JSON bodies, query strings, path values,
 * bank CSV cells and uploaded file names refuse control characters (but tab, line feed and carriage return where
 * text may run over several lines), DEL and the C1 range, and text longer than its column; the answer is a 400
 * naming the field (or the line and column of the file), the same on SQLite and PostgreSQL, with nothing stored.
 */

const CHECKING = 'Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #';
const CARD = 'Transaction Date,Post Date,Description,Category,Type,Amount,Memo';
const row = (day: number, description: string, amount: string, type = 'ACH_CREDIT') =>
  `${amount.startsWith('-') ? 'DEBIT' : 'CREDIT'},11/${String(day).padStart(2, '0')}/2026,"${description}",${amount},${type},,,`;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');

describe.each(DATABASES)('one text rule on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let banking: string;
  let ids: { tx: number; az: number; carrier: number; broker: number; shipper: number; dispatcher: number };
  let citationId: number;
  let vin = 900;

  beforeAll(async () => {
    server = await startTestServer(kind);
    [admin, banking] = await Promise.all(
      ['administrator@haulboard.demo', 'banking@haulboard.demo'].map((e) => server.login(e)),
    );
    const db = server.db;
    ids = {
      tx: await idOf(server, 'states', 'abbreviation', 'TX'),
      az: await idOf(server, 'states', 'abbreviation', 'AZ'),
      carrier: await idOf(server, 'carriers', 'code', 'select'),
      broker: Number(
        (
          await db
            .selectFrom('brokers')
            .select('id')
            .where('status', '=', 'ACTIVE')
            .orderBy('id')
            .executeTakeFirstOrThrow()
        ).id,
      ),
      shipper: Number((await db.selectFrom('shippers').select('id').orderBy('id').executeTakeFirstOrThrow()).id),
      dispatcher: await idOf(server, 'users', 'email', 'dispatcher@haulboard.demo'),
    };
    const ticket = await server.call({
      method: 'POST',
      url: '/api/Tickets',
      token: admin,
      payload: { type: 'TRAFFIC_CITATION', date: '2026-11-01' },
    });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
    const citation = await server.call({
      method: 'POST',
      url: '/api/Citations',
      token: admin,
      payload: { ticketId: ticket.body.value.id, citationNumber: 'T900', date: '2026-11-01', amount: 100 },
    });
    expect(citation.status, JSON.stringify(citation.body)).toBe(200);
    citationId = Number(citation.body.value.id);
  }, 60_000);
  afterAll(() => server?.close());

  type Body = Record<string, any>;
  const order = (change: (b: Body) => void = () => {}): Body => {
    const body: Body = {
      loadBoard: 'Central Dispatch',
      externalLoadId: null,
      brokerId: ids.broker,
      shipperId: ids.shipper,
      carrierId: ids.carrier,
      dispatcherId: ids.dispatcher,
      driverId: null,
      truckId: null,
      trailerId: null,
      trailerType: 'OPEN',
      pickup: {
        venue: null,
        address: '5333 W Kiest Blvd',
        city: 'Dallas',
        stateId: ids.tx,
        zip: '75236',
        contactName: null,
        contactPhone: null,
        dateType: 'EXACT',
        date: inDays(2),
        dateTo: null,
      },
      delivery: {
        venue: null,
        address: '1 Camelback Rd',
        city: 'Phoenix',
        stateId: ids.az,
        zip: '85001',
        contactName: null,
        contactPhone: null,
        dateType: 'EXACT',
        date: inDays(5),
        dateTo: null,
      },
      price: 1850.5,
      brokerFee: 0,
      localFee: 0,
      codAmount: 0,
      paymentMethod: 'ACH',
      payOnPickup: false,
      payOnDelivery: false,
      paymentTermsDays: 5,
      notes: null,
      vehicles: [
        {
          vin: makeVin(++vin, '2T1BURHE'),
          year: 2019,
          make: 'Toyota',
          model: 'Corolla',
          type: 'SEDAN',
          color: null,
          inoperable: false,
          lotNumber: null,
          stockNumber: null,
          price: 900,
        },
        {
          vin: makeVin(++vin, '2T1BURHE'),
          year: 2018,
          make: 'Honda',
          model: 'Accord',
          type: 'SEDAN',
          color: null,
          inoperable: false,
          lotNumber: null,
          stockNumber: null,
          price: 950.5,
        },
      ],
    };
    change(body);
    return body;
  };
  const shipper = (name: string, o: Body = {}) => ({
    name,
    contactName: null,
    phone: null,
    email: null,
    address: null,
    city: null,
    stateId: ids.tx,
    zip: null,
    ...o,
  });

  const importCsv = (file: string | Buffer, fileName = 'activity.csv') =>
    server.call({
      method: 'POST',
      url: `/api/TransactionsMatching/import?fileName=${encodeURIComponent(fileName)}`,
      token: banking,
      headers: { 'content-type': 'text/csv' },
      payload: file,
    });
  const bankCounts = async () => ({
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
  const expectCsvRefused = async (file: string | Buffer, message: RegExp, fileName?: string) => {
    const before = await bankCounts();
    const answer = await importCsv(file, fileName);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(400);
    expect(answer.body.message).toMatch(message);
    expect(answer.body.messages[0]).toMatchObject({
      code: 'validation',
      field: 'file',
      description: expect.stringMatching(message),
    });
    // A refusal is short: it never echoes a megabyte back.
    expect(JSON.stringify(answer.body).length).toBeLessThan(2000);
    expect(await bankCounts()).toEqual(before);
    return answer;
  };

  describe('bank CSV cells', () => {
    it('refuses a NUL byte in a Description with a 400 naming the line and the column, importing nothing', async () => {
      const file = [CHECKING, row(3, 'GOOD ROW', '1.00'), row(4, 'ACME\u0000AUTO', '2.00')].join('\n');
      await expectCsvRefused(file, /^Line 3, Description: .*control character U\+0000/);
    });

    it('refuses other control characters, DEL and C1 characters in any text column, naming it', async () => {
      await expectCsvRefused([CHECKING, row(3, 'BELL\u0007', '1.00')].join('\n'), /^Line 2, Description: .*U\+0007/);
      await expectCsvRefused(
        [CHECKING, row(3, 'RUBOUT', '1.00', 'ACH_\u007fCREDIT')].join('\r\n'),
        /^Line 2, Type: .*U\+007F/,
      );
      const card = `${CARD}\n11/02/2026,11/03/2026,PILOT 0389,Gas,Sale,-41.20,fuel\u0085stop\n`;
      await expectCsvRefused(card, /^Line 2, Memo: .*U\+0085/);
      // A line break inside a quoted cell: a bank row is one line.
      await expectCsvRefused([CHECKING, row(3, 'TWO\nLINES', '1.00')].join('\n'), /^Line 2, Description: .*line break/);
    });

    it('refuses a 1 MB Description with a 400 naming the line and the column', async () => {
      const file = [CHECKING, row(3, 'FIRST', '1.00'), row(4, 'X'.repeat(1024 * 1024), '-2.00', 'DEBIT_CARD')].join(
        '\n',
      );
      await expectCsvRefused(file, /^Line 3, Description: At most 1,000 characters/);
    });

    it('limits every column to what the bank writes in it', async () => {
      await expectCsvRefused(
        [CHECKING, row(3, 'ONE', '1.00', 'T'.repeat(41))].join('\n'),
        /^Line 2, Type: At most 40 characters/,
      );
      await expectCsvRefused(
        `${CARD}\n11/02/2026,11/03/2026,PILOT,${'C'.repeat(61)},Sale,-41.20,\n`,
        /^Line 2, Category: At most 60 characters/,
      );
      await expectCsvRefused(
        `${CARD}\n11/02/2026,11/03/2026,PILOT,Gas,Sale,-41.20,${'m'.repeat(501)}\n`,
        /^Line 2, Memo: At most 500 characters/,
      );
      await expectCsvRefused(
        [CHECKING, `CREDIT,${'1'.repeat(100)},ONE,1.00,ACH_CREDIT,,,`].join('\n'),
        /^Line 2, Posting Date: At most 20 characters/,
      );
    });

    it('still imports what a real export holds: long ACH descriptions, tabs, and a name in any script', async () => {
      const ach =
        'ORIG CO NAME:ACME AUTO TRANSP ORIG ID:1234567890 DESC DATE:261112 CO ENTRY DESCR:PAYMENT SEC:CCD TRACE#:021000021234567 EED:261112 IND ID:HB-4471 IND NAME:HAULBOARD LOGISTICS LLC TRN: 3161234567TC';
      const zelle = 'ZELLE TO JOSÉ\tNUÑEZ 検査';
      const file = [CHECKING, row(20, ach, '4250.00'), row(21, zelle, '-80.00', 'QUICKPAY_DEBIT')].join('\n');
      const answer = await importCsv(file, 'Überführung 11-2026.csv');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.value).toMatchObject({ rowsRead: 2, added: 2, fileName: 'Überführung 11-2026.csv' });
      const stored = await server.db
        .selectFrom('bank_transactions')
        .select('description')
        .where('import_id', '=', answer.body.value.id)
        .orderBy('line')
        .execute();
      expect(stored.map((r) => r.description)).toEqual([ach, zelle]);
    });

    it('refuses a control character in the file name the import is given', async () => {
      const file = [CHECKING, row(22, 'NAMED', '1.00')].join('\n');
      await expectRefused(
        server,
        {
          method: 'POST',
          url: '/api/TransactionsMatching/import?fileName=nov%07.csv',
          token: banking,
          headers: { 'content-type': 'text/csv' },
          payload: file,
        },
        400,
        'fileName',
        /control character/,
      );
      await expectRefused(
        server,
        {
          method: 'POST',
          url: '/api/TransactionsMatching/import?fileName=nov%0A.csv',
          token: banking,
          headers: { 'content-type': 'text/csv' },
          payload: file,
        },
        400,
        'fileName',
      );
    });
  });

  describe('JSON bodies, query strings and path values', () => {
    it('refuses NUL, BEL, DEL and C1 characters in a shipper name with a 400 naming the field, storing nothing', async () => {
      for (const bad of ['Ac\u0000me', 'Ac\u0007me', 'Ac\u001bme', 'Ac\u007fme', 'Ac\u0080me', 'Ac\u009fme']) {
        const response = await expectRefused(
          server,
          { method: 'POST', url: '/api/Shipper', token: admin, payload: shipper(bad) },
          400,
          'name',
        );
        expect(response.body.message, JSON.stringify(bad)).toMatch(
          /^name: Text cannot contain the control character U\+00/,
        );
        expect(response.body.messages).toEqual([
          { code: 'validation', description: response.body.message, field: 'name' },
        ]);
      }
    });

    it('names the path of a nested field', async () => {
      await expectRefused(
        server,
        {
          method: 'POST',
          url: '/api/BookOrder',
          token: admin,
          payload: order((b) => {
            b.vehicles[1].make = 'Hon\u0007da';
          }),
        },
        400,
        'vehicles.1.make',
        /^vehicles\.1\.make: .*U\+0007/,
      );
      await expectRefused(
        server,
        {
          method: 'POST',
          url: '/api/BookOrder',
          token: admin,
          payload: order((b) => {
            b.pickup.city = 'Dal\u0085las';
          }),
        },
        400,
        'pickup.city',
        /U\+0085/,
      );
    });

    it('keeps tabs and line breaks in multi-line notes (and in a field shown on one line: an address pasted on two)', async () => {
      const address = await server.call({
        method: 'POST',
        url: '/api/Shipper',
        token: admin,
        payload: shipper(`Two Lines ${vin}`, { address: '5333 W Kiest Blvd\r\nDock 4', contactName: 'Ann\tLee' }),
      });
      expect(address.status, JSON.stringify(address.body)).toBe(200);
      expect(address.body.value).toMatchObject({ address: '5333 W Kiest Blvd\r\nDock 4', contactName: 'Ann\tLee' });
      const notes = 'Gate code:\t4471\r\nCall ahead\n\tthen ring twice';
      const created = await server.call({
        method: 'POST',
        url: '/api/BookOrder',
        token: admin,
        payload: order((b) => {
          b.notes = notes;
        }),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.value.notes).toBe(notes);
      const stored = await server.db
        .selectFrom('book_orders')
        .select('notes')
        .where('id', '=', created.body.value.id)
        .executeTakeFirstOrThrow();
      expect(stored.notes).toBe(notes);
    });

    it('refuses %00 and other control characters in a query string, naming the parameter', async () => {
      for (const value of ['%00', 'a%00b', 'a%07b', '%7F', '%C2%85']) {
        const response = await server.call({ method: 'GET', url: `/api/Shipper?search=${value}`, token: admin });
        expect(response.status, `${value}: ${JSON.stringify(response.body)}`).toBe(400);
        expect(response.body.messages[0], value).toMatchObject({
          code: 'validation',
          field: 'search',
          description: expect.stringMatching(/^search: Text cannot contain the control character/),
        });
      }
    });

    it('refuses text over MAX_TEXT wherever no narrower limit is declared, and declares none above it', async () => {
      // A key the schema does not take is dropped by it, yet still carried no more than any text may be.
      const extra = { ...shipper(`Ceiling ${vin}`), remarks: 'x'.repeat(MAX_TEXT + 1) };
      await expectRefused(
        server,
        { method: 'POST', url: '/api/Shipper', token: admin, payload: extra },
        400,
        'remarks',
        /^remarks: At most 10,000 characters \(this is 10,001\)/,
      );
      await expectRefused(
        server,
        {
          method: 'POST',
          url: '/api/Shipper',
          token: admin,
          payload: { ...shipper(`Ceiling ${vin}`), 'bad\u0001key': 1 },
        },
        400,
        'bad\u0001key',
      );
      const doc = (await server.call({ method: 'GET', url: '/api/openapi.json' })).body;
      const limits: number[] = [];
      // The drawn signature is the one field a route takes longer (its config's longText, server/http/text.ts; the
      // completion route of server/modules/vehicleInspections/routes.ts): base64 of a PNG, not text anyone types.
      const longer = new Set(['signaturePng']);
      JSON.stringify(doc, (key, value) => {
        if (longer.has(key)) return undefined;
        if (key === 'maxLength') limits.push(value);
        return value;
      });
      expect(limits.length).toBeGreaterThan(100);
      expect(
        Math.max(...limits),
        'a declared limit above MAX_TEXT: raise MAX_TEXT (schema/common.ts) or lower the limit',
      ).toBeLessThanOrEqual(MAX_TEXT);
    });

    it('refuses a control character in a path value, naming it', async () => {
      const response = await server.call({ method: 'GET', url: '/api/Shipper/1%07', token: admin });
      expect(response.status).toBe(400);
      expect(response.body.messages[0]).toMatchObject({
        field: 'id',
        description: expect.stringMatching(/control character U\+0007/),
      });
    });
  });

  describe('uploaded file names', () => {
    const upload = (fileName: string) =>
      server.call({
        method: 'POST',
        url: `/api/Documents?ownerType=citation&ownerId=${citationId}&fileName=${encodeURIComponent(fileName)}`,
        token: admin,
        headers: { 'content-type': 'application/pdf' },
        payload: PDF,
      });
    const documents = async () =>
      Number(
        (
          await server.db
            .selectFrom('documents')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('refuses a document whose name holds a control character (tab and line breaks included), storing nothing', async () => {
      const before = await documents();
      for (const name of ['scan\u0007.pdf', 'scan\u0001 final.pdf', 'scan\t.pdf', 'scan\n.pdf', 'scan\u009b.pdf']) {
        const response = await upload(name);
        expect(response.status, `${JSON.stringify(name)}: ${JSON.stringify(response.body)}`).toBe(400);
        expect(response.body.messages[0], JSON.stringify(name)).toMatchObject({
          code: 'validation',
          field: 'fileName',
          description: expect.stringMatching(/^fileName: /),
        });
      }
      expect(await documents()).toBe(before);
      const fine = await upload('Überführung 検査 "final".pdf');
      expect(fine.status, JSON.stringify(fine.body)).toBe(200);
      expect(fine.body.value.fileName).toBe('Überführung 検査 final.pdf');
    });
  });
});
