import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, idOf, inDays, makeVin } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Input at the edges (docs/product/conventions.md#limits): text that is not well-formed Unicode, body-less calls marked
 * as JSON, business dates outside 1990–2100 and money with more than two decimals. Each is refused with a 400 naming
 * the field and writing nothing, or accepted as sent.
 */
const LONE = '\ud800';
const JSON_TYPE = { 'content-type': 'application/json' };

describe.each(DATABASES)('input at the edges on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let ids: {
    tx: number;
    az: number;
    carrier: number;
    broker: number;
    shipper: number;
    dispatcher: number;
    driver: number;
    truck: number;
    user: number;
  };
  let vin = 500;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.login('administrator@haulboard.demo');
    const db = server.db;
    const freeTruck = await db
      .selectFrom('units')
      .select('id')
      .where('unit_type', '=', 'Truck')
      .where('deleted_at', 'is', null)
      .where('id', 'not in', db.selectFrom('unit_assignments').select('unit_id').where('unit_id', 'is not', null))
      .orderBy('id')
      .executeTakeFirstOrThrow();
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
      driver: Number(
        (
          await db
            .selectFrom('drivers')
            .select('id')
            .where('terminated_on', 'is', null)
            .where('deleted_at', 'is', null)
            .orderBy('id')
            .executeTakeFirstOrThrow()
        ).id,
      ),
      truck: Number(freeTruck.id),
      user: await idOf(server, 'users', 'email', 'dispatcher5@haulboard.demo'),
    };
  });
  afterAll(() => server.close());

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
  const card = (o: Body = {}) => ({
    cardNumber: `7083 0500 ${String(1000_0000 + ++vin).slice(0, 8)}`,
    provider: 'EFS',
    expiresOn: inDays(500),
    status: 'ACTIVE',
    limit: 750,
    ...o,
  });
  const carrier = (o: Body = {}) => ({
    code: `edge${++vin}`,
    name: `Edge Carrier ${vin}`,
    mcNumber: null,
    usdotNumber: null,
    authorities: [],
    insurance: {
      insurer: 'Sentry',
      policyNumber: 'CA-1',
      cargoCoverage: 250000,
      liabilityCoverage: 1000000,
      expiresOn: inDays(200),
    },
    ...o,
  });
  const driver = (o: Body = {}) => ({
    carrierId: ids.carrier,
    firstName: 'Edge',
    lastName: 'Driver',
    email: null,
    phone: null,
    phoneCountry: 'US',
    driverType: 'COMPANY',
    cdlClass: null,
    cdlNumber: null,
    cdlStateId: null,
    hiredOn: inDays(-100),
    payType: 'PER_MILE',
    payRate: 0.65,
    ...o,
  });
  const refused = (method: 'POST' | 'PUT', url: string, payload: unknown, field: string) =>
    expectRefused(server, { method, url, token: admin, payload: payload as Body }, 400, field);

  describe('text that is not text (25.4)', () => {
    it('refuses a lone surrogate in any text field, naming the field, and stores nothing', async () => {
      const user = (await server.call({ method: 'GET', url: `/api/User/${ids.user}`, token: admin })).body.value;
      const cases: [string, 'POST' | 'PUT', string, unknown][] = [
        ['name', 'POST', '/api/AccessManagements/groups/new', { name: `Sur${LONE}rogate` }],
        [
          'pickup.city',
          'POST',
          '/api/BookOrder',
          order((b) => {
            b.pickup.city = `Dal${LONE}las`;
          }),
        ],
        [
          'vehicles.1.make',
          'POST',
          '/api/BookOrder',
          order((b) => {
            b.vehicles[1].make = `\udc00Honda`;
          }),
        ],
        [
          'notes',
          'POST',
          '/api/BookOrder',
          order((b) => {
            b.notes = `ends badly ${LONE}`;
          }),
        ],
        [
          'filter.search',
          'POST',
          '/api/SavedFilters',
          { resource: 'books/bookorders', name: 'Mine', filter: { search: `a${LONE}` } },
        ],
        [
          'filter.\ufffdkey',
          'POST',
          '/api/SavedFilters',
          { resource: 'books/bookorders', name: 'Mine', filter: { [`${LONE}key`]: 1 } },
        ],
        [
          'name',
          'POST',
          '/api/Shipper',
          {
            name: `Ship${LONE}per`,
            contactName: null,
            phone: null,
            email: null,
            address: null,
            city: null,
            stateId: ids.tx,
            zip: null,
          },
        ],
        [
          'firstName',
          'PUT',
          `/api/User/${ids.user}`,
          {
            firstName: `Ann${LONE}`,
            lastName: user.lastName,
            email: user.email,
            phone: user.phone,
            roleIds: user.roleIds,
            isActive: true,
            version: user.version,
          },
        ],
        ['password', 'POST', '/api/Auth/login', { email: 'manager@haulboard.demo', password: `demo-password${LONE}` }],
        [
          'name',
          'POST',
          '/api/ConnectedApps',
          { name: `App${LONE}`, callerId: 'edge', scopes: { Shippers: ['Read'] } },
        ],
        ['secretKey', 'POST', '/apps/auth-token', { clientId: 'hbapp_edge', secretKey: `s${LONE}`, callerId: 'edge' }],
        [
          'lastName',
          'PUT',
          '/api/account/profile',
          { firstName: 'Ann', lastName: `Lee${LONE}`, phoneCountry: 'US', phone: '555 010 9999' },
        ],
        ['name', 'POST', '/api/mail/labels', { name: `Label${LONE}`, color: '#123456' }],
      ];
      for (const [field, method, url, payload] of cases) {
        const response = await refused(method, url, payload, field);
        expect(response.body.message, url).toMatch(/valid Unicode/);
      }
    });

    it('stores text with well-formed pairs and reads it back unchanged', async () => {
      const name = 'Team 😀👍🏽 Ünïcödé';
      const created = await server.call({
        method: 'POST',
        url: '/api/AccessManagements/groups/new',
        token: admin,
        payload: { name },
      });
      expect(created.status).toBe(200);
      const groups = (await server.call({ method: 'GET', url: '/api/Auth/features/get', token: admin })).body.value;
      expect(groups.map((g: { name: string }) => g.name)).toContain(name);
    });
  });

  describe('body-less calls marked as JSON (25.5)', () => {
    it('accepts an empty JSON body on routes that take none: logout signs the user out', async () => {
      const token = await server.login('manager@haulboard.demo');
      const out = await server.call({
        method: 'POST',
        url: '/api/token/logout',
        token,
        headers: JSON_TYPE,
        payload: '',
      });
      expect(out.status, JSON.stringify(out.body)).toBe(200);
      expect((await server.call({ method: 'GET', url: '/api/token/me', token })).status).toBe(401);
      const readAll = await server.call({
        method: 'POST',
        url: '/api/Notifications/read-all',
        token: admin,
        headers: JSON_TYPE,
        payload: '',
      });
      expect(readAll.status, JSON.stringify(readAll.body)).toBe(200);
      const link = await server.call({
        method: 'POST',
        url: `/api/User/${ids.user}/password-link`,
        token: admin,
        headers: JSON_TYPE,
        payload: ' \n',
      });
      expect(link.status, JSON.stringify(link.body)).toBe(200);
    });

    it('still refuses an empty body where one is required', async () => {
      const response = await expectRefused(
        server,
        { method: 'POST', url: '/api/AccessManagements/groups/new', token: admin, headers: JSON_TYPE, payload: '' },
        400,
      );
      expect(response.body.message).toBe('The request body is empty; send a JSON object');
    });
  });

  describe('dates and money within reason (25.6)', () => {
    it('refuses business dates outside 1990-01-01..2100-12-31 on every dated write, naming the field', async () => {
      for (const date of ['0000-01-01', '9999-12-31', '1989-12-31', '2101-01-01']) {
        await refused(
          'POST',
          '/api/BookOrder',
          order((b) => {
            b.pickup.date = date;
            b.delivery.date = inDays(5);
          }),
          'pickup.date',
        );
        await refused(
          'POST',
          '/api/BookOrder',
          order((b) => {
            b.delivery.date = date;
          }),
          'delivery.date',
        );
        await refused('POST', '/api/FuelCards', card({ expiresOn: date }), 'expiresOn');
        await refused(
          'POST',
          '/api/UnitAssignments',
          { driverId: ids.driver, truckId: ids.truck, startsOn: date },
          'startsOn',
        );
        await refused(
          'POST',
          '/api/DriverAssignments',
          { driverId: ids.driver, dispatcherId: ids.dispatcher, startsOn: date },
          'startsOn',
        );
        await refused('POST', '/api/Driver', driver({ hiredOn: date }), 'hiredOn');
      }
      const filter = await server.call({
        method: 'GET',
        url: '/api/BookOrder/filter-books?filtered=custom&from=0000-01-01',
        token: admin,
      });
      expect(filter.status).toBe(400);
      expect(filter.body.messages[0].field).toBe('from');
    });

    it('accepts the first and last day of the window', async () => {
      const first = await server.call({
        method: 'POST',
        url: '/api/FuelCards',
        token: admin,
        payload: card({ expiresOn: '2100-12-31' }),
      });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.value.expiresOn).toBe('2100-12-31');
      const last = await server.call({
        method: 'POST',
        url: '/api/Driver',
        token: admin,
        payload: driver({ hiredOn: '1990-01-01' }),
      });
      expect(last.status, JSON.stringify(last.body)).toBe(200);
    });

    it('refuses money with more than two decimals however close to a cent it is, and keeps exact cents exact', async () => {
      for (const amount of [19.999999999, 0.001, 1.005, 100.0000001]) {
        await refused(
          'POST',
          '/api/BookOrder',
          order((b) => {
            b.price = amount;
          }),
          'price',
        );
        await refused(
          'POST',
          '/api/BookOrder',
          order((b) => {
            b.vehicles[0].price = amount;
          }),
          'vehicles.0.price',
        );
        await refused('POST', '/api/FuelCards', card({ limit: amount }), 'limit');
        await refused(
          'POST',
          '/api/Carriers',
          carrier({ insurance: { ...carrier().insurance, cargoCoverage: 250000 + amount } }),
          'insurance.cargoCoverage',
        );
        await refused('POST', '/api/Driver', driver({ payType: 'FLAT', payRate: 100 + amount }), 'payRate');
      }
      const exact = await server.call({
        method: 'POST',
        url: '/api/BookOrder',
        token: admin,
        payload: order((b) => {
          b.price = 19.99;
          b.brokerFee = 0.07;
          b.vehicles[0].price = 1234567.89;
        }),
      });
      expect(exact.status, JSON.stringify(exact.body)).toBe(200);
      expect(exact.body.value).toMatchObject({ price: 19.99, brokerFee: 0.07 });
      expect(exact.body.value.vehicles[0].price).toBe(1234567.89);
    });
  });
});
