import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIN_CHECK_MESSAGE, VIN_SHAPE_MESSAGE, vehicleTypeOf } from '../../schema/vin';
import { demoEmail } from '../../server/db/seed/demo';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * GET /api/Vin/{vin}: the national VIN database on the server (no database of ours is read, so SQLite alone). The
 * expected vehicles are what NHTSA's public decoder says of these VINs.
 */
describe('VIN decoding', () => {
  let server: TestServer;
  let dispatcher: string;
  const decode = (vin: string, token?: string) => server.call({ method: 'GET', url: `/api/Vin/${vin}`, token });

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    dispatcher = await server.login(demoEmail('Dispatcher'));
  });
  afterAll(() => server?.close());

  it('fills year, make, model and body type from the VIN, whatever its case', async () => {
    const honda = await decode('1hgcm82633a004352', dispatcher);
    expect(honda.status).toBe(200);
    expect(honda.body.value).toEqual({
      vin: '1HGCM82633A004352',
      year: 2003,
      make: 'Honda',
      model: 'Accord',
      bodyStyle: 'Coupe',
      type: 'COUPE',
    });
    const ford = await decode('1FTFW1ET9DFC10312', dispatcher);
    expect(ford.body.value).toMatchObject({ year: 2013, make: 'Ford', model: 'F-150', type: 'PICKUP' });
    const tesla = await decode('5YJ3E1EA2KF317000', dispatcher);
    expect(tesla.body.value).toMatchObject({ year: 2019, make: 'Tesla', model: 'Model 3', type: 'SEDAN' });
  });

  it('says what is wrong with a VIN that cannot be one, and 404 for one nobody made', async () => {
    const short = await decode('1HGCM82633A00435', dispatcher);
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(VIN_SHAPE_MESSAGE);
    const withO = await decode('1HGCM82633AO04352', dispatcher);
    expect(withO.body.message).toBe(VIN_SHAPE_MESSAGE);
    const badCheck = await decode('1HGCM82643A004352', dispatcher);
    expect(badCheck.status).toBe(400);
    expect(badCheck.body.message).toBe(VIN_CHECK_MESSAGE);
    // Seventeen ones has a correct check digit and no maker.
    const nobody = await decode('11111111111111111', dispatcher);
    expect(nobody.status).toBe(404);
    expect(nobody.body.message).toMatch(/type the vehicle in/);
    const long = await decode('1'.repeat(41), dispatcher);
    expect(long.status).toBe(400);
  });

  it('needs a session, and the book orders', async () => {
    expect((await decode('1HGCM82633A004352')).status).toBe(401);
    const driver = await server.login(demoEmail('Driver'));
    expect((await decode('1HGCM82633A004352', driver)).status).toBe(403);
  });
});

describe('the vehicle type of a body style', () => {
  it('puts what travels alike together, and says nothing of nothing', () => {
    expect(
      ['Sedan', 'Hatchback', 'Wagon', 'Coupe', 'Convertible', 'Sport Utility Vehicle (SUV)', 'Pickup', 'Minivan'].map(
        vehicleTypeOf,
      ),
    ).toEqual(['SEDAN', 'SEDAN', 'SEDAN', 'COUPE', 'COUPE', 'SUV', 'PICKUP', 'MINIVAN']);
    expect(vehicleTypeOf('Cargo Van')).toBe('VAN');
    expect(vehicleTypeOf('Motorcycle - Scooter')).toBe('MOTORCYCLE');
    expect(vehicleTypeOf('Bus')).toBe('OTHER');
    expect(vehicleTypeOf(null)).toBeNull();
  });
});

describe('a ZIP’s city and state', () => {
  let server: TestServer;
  let token: string;
  const place = (zip: string, auth = token) =>
    server.call({ method: 'GET', url: `/api/Reference/zip/${zip}`, token: auth });

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    token = await server.login(demoEmail('Dispatcher'));
  });
  afterAll(() => server?.close());

  it('answers the city, the state and the state’s id the form picks', async () => {
    const dallas = await place('75201');
    expect(dallas.status).toBe(200);
    const texas = await server.db
      .selectFrom('states')
      .select('id')
      .where('abbreviation', '=', 'TX')
      .executeTakeFirstOrThrow();
    expect(dallas.body.value).toEqual({ zip: '75201', city: 'Dallas', state: 'TX', stateId: texas.id });
  });

  it('400 for what is not a ZIP, 404 for a ZIP nobody has, 401 signed out', async () => {
    expect((await place('7520')).status).toBe(400);
    expect((await place('7520a')).status).toBe(400);
    const none = await place('00000');
    expect(none.status).toBe(404);
    expect(none.body.message).toMatch(/type the city and state/);
    expect((await server.call({ method: 'GET', url: '/api/Reference/zip/75201' })).status).toBe(401);
  });
});

describe('the order form’s driver: of its carrier, with the truck and trailer of the pickup day', () => {
  let server: TestServer;
  let token: string;
  const get = (url: string, auth = token) => server.call({ method: 'GET', url, token: auth });

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    token = await server.login(demoEmail('Dispatcher'));
  });
  afterAll(() => server?.close());

  it('lists one carrier’s drivers with carrierId, every driver without', async () => {
    const carrier = await server.db.selectFrom('carriers').select('id').orderBy('id').executeTakeFirstOrThrow();
    const theirs = await server.db
      .selectFrom('drivers')
      .select('id')
      .where('carrier_id', '=', carrier.id)
      .where('deleted_at', 'is', null)
      .where('terminated_on', 'is', null)
      .execute();
    const listed = await get(`/api/Driver/GetAllNames?carrierId=${carrier.id}`);
    expect(listed.status).toBe(200);
    const ids = (rows: { id: number }[]) => rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    expect(ids(listed.body.value)).toEqual(ids(theirs));
    const all = await get('/api/Driver/GetAllNames');
    expect(all.body.value.length).toBeGreaterThan(listed.body.value.length);
    expect((await get('/api/Driver/GetAllNames?carrierId=abc')).status).toBe(400);
  });

  it('gives the truck and trailer a driver is assigned on a day, null where none', async () => {
    const truck = await server.db
      .selectFrom('unit_assignments')
      .select(['driver_id', 'unit_id', 'starts_on'])
      .where('kind', '=', 'Truck')
      .where('ends_on', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const trailer = await server.db
      .selectFrom('unit_assignments')
      .select('unit_id')
      .where('kind', '=', 'Trailer')
      .where('driver_id', '=', truck.driver_id)
      .where('ends_on', 'is', null)
      .executeTakeFirst();
    const on = await get(`/api/UnitAssignments/driver/${truck.driver_id}/on?on=${truck.starts_on}`);
    expect(on.status).toBe(200);
    expect(on.body.value).toEqual({
      driverId: truck.driver_id,
      on: truck.starts_on,
      truckId: truck.unit_id,
      trailerId: trailer?.unit_id ?? null,
    });
    // The day before the assignment began: nothing yet.
    const before = new Date(Date.parse(`${truck.starts_on}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const earlier = await get(`/api/UnitAssignments/driver/${truck.driver_id}/on?on=${before}`);
    expect(earlier.body.value.truckId).not.toBe(truck.unit_id);
    expect((await get(`/api/UnitAssignments/driver/999999/on?on=${truck.starts_on}`)).status).toBe(404);
    expect((await get(`/api/UnitAssignments/driver/${truck.driver_id}/on?on=12/09/2026`)).status).toBe(400);
    const driver = await server.login(demoEmail('Driver'));
    expect((await get(`/api/UnitAssignments/driver/${truck.driver_id}/on?on=${truck.starts_on}`, driver)).status).toBe(
      403,
    );
  });
});
