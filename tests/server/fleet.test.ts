import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, idOf, inDays, makeVin, parseCsv } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/** Drivers, vehicles (trucks and trailers), fuel cards and their dropdowns. */
describe.each(DATABASES)('drivers, vehicles and fuel cards on %s', (kind) => {
  let server: TestServer;
  const token: Record<string, string> = {};
  let carrierId: number;
  let tx: number;
  let vin = 0;

  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const role of [
      'administrator',
      'manager',
      'fleetmanager',
      'claimtrackerteam',
      'dispatchmanager',
      'dispatcher',
      'finance',
      'driver',
    ])
      token[role] = await server.login(`${role}@haulboard.demo`);
    carrierId = await idOf(server, 'carriers', 'code', 'select');
    tx = await idOf(server, 'states', 'abbreviation', 'TX');
  });
  afterAll(() => server.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = 'administrator') =>
    server.call({ method, url, payload: payload as never, token: token[as] });
  const driver = (o: Record<string, unknown> = {}) => ({
    carrierId,
    firstName: 'Test',
    lastName: 'Driver',
    email: 'test.driver@example.com',
    phone: '(555) 010-2030',
    phoneCountry: 'US',
    driverType: 'COMPANY',
    cdlClass: 'A',
    cdlNumber: `TD${100000 + ++vin}`,
    cdlStateId: tx,
    cdlExpiresOn: inDays(400),
    medicalCardExpiresOn: inDays(300),
    mvrCheckedOn: inDays(-30),
    hiredOn: inDays(-100),
    payType: 'PER_MILE',
    payRate: 0.65,
    ...o,
  });
  const unit = (o: Record<string, unknown> = {}) => ({
    unitType: 'Truck',
    unitNumber: `X${++vin}`,
    vin: makeVin(vin),
    make: 'Kenworth',
    model: 'W900',
    year: 2021,
    plate: 'AB 1234',
    plateStateId: tx,
    capacity: null,
    carrierId,
    registrationExpiresOn: inDays(200),
    annualInspectionDueOn: inDays(250),
    status: 'ACTIVE',
    ...o,
  });
  const card = (o: Record<string, unknown> = {}) => ({
    cardNumber: `7083 0500 ${String(1000_0000 + ++vin).slice(0, 8)}`,
    provider: 'EFS',
    expiresOn: inDays(500),
    status: 'ACTIVE',
    limit: 750,
    ...o,
  });

  it('seeds fuel cards, assignments with history, authorities, insurance and broker contacts, the same every time', async () => {
    const db = server.db;
    const count = async (
      table: 'fuel_cards' | 'driver_dispatcher_assignments' | 'broker_contacts' | 'carrier_authorities',
    ) => (await db.selectFrom(table).select('id').execute()).length;
    expect(await count('fuel_cards')).toBe(30);
    expect(await count('carrier_authorities')).toBe(4);
    expect(await count('broker_contacts')).toBeGreaterThan(40);
    const carriers = await db.selectFrom('carriers').select(['insurance_expires_on', 'mc_number']).execute();
    expect(carriers.every((c) => c.insurance_expires_on && /^\d{1,8}$/.test(c.mc_number ?? ''))).toBe(true);
    expect((await db.selectFrom('brokers').select('id').where('status', '=', 'DO_NOT_USE').execute()).length).toBe(3);
    const open = await db
      .selectFrom('driver_dispatcher_assignments')
      .select('driver_id')
      .where('ends_on', 'is', null)
      .execute();
    expect(open).toHaveLength(34);
    expect(new Set(open.map((a) => a.driver_id)).size).toBe(34);
    expect(await count('driver_dispatcher_assignments')).toBeGreaterThan(40);
    const cards = await db
      .selectFrom('unit_assignments')
      .select(['kind', 'ends_on'])
      .where('kind', '=', 'FuelCard')
      .execute();
    expect(cards.filter((a) => a.ends_on === null)).toHaveLength(22);
    expect(cards.filter((a) => a.ends_on !== null)).toHaveLength(3);
    const percent = await db.selectFrom('drivers').select('pay_rate').where('pay_type', '=', 'PERCENT').execute();
    expect(percent.every((d) => d.pay_rate >= 7000 && d.pay_rate <= 8500)).toBe(true);
    const other = await startTestServer('sqlite');
    const snapshot = (s: TestServer) =>
      Promise.all([
        s.db
          .selectFrom('fuel_cards')
          .select(['card_last4', 'provider', 'expires_on', 'status'])
          .orderBy('id')
          .execute(),
        s.db
          .selectFrom('driver_dispatcher_assignments')
          .select(['driver_id', 'dispatcher_id', 'starts_on', 'ends_on'])
          .orderBy('id')
          .execute(),
        s.db.selectFrom('carriers').select(['insurance_policy_number', 'insurance_expires_on']).orderBy('id').execute(),
      ]);
    expect(await snapshot(other)).toEqual(await snapshot(server));
    await other.close();
  });

  it('opens drivers to every screen that shows them and writes with Vehicles or Users', async () => {
    for (const role of ['administrator', 'manager', 'fleetmanager', 'claimtrackerteam', 'dispatchmanager', 'finance'])
      expect((await call('GET', '/api/Driver?size=1', undefined, role)).status, role).toBe(200);
    for (const role of ['dispatcher', 'driver'])
      expect((await call('GET', '/api/Driver?size=1', undefined, role)).status, role).toBe(403);
    expect((await call('POST', '/api/Driver', driver({ lastName: 'ByFleet' }), 'fleetmanager')).status).toBe(200);
    expect((await call('POST', '/api/Driver', driver({ lastName: 'ByManager' }), 'manager')).status).toBe(200);
    await expectRefused(
      server,
      { method: 'POST', url: '/api/Driver', payload: driver(), token: token.claimtrackerteam },
      403,
    );
    await expectRefused(
      server,
      { method: 'POST', url: '/api/Driver', payload: driver(), token: token.dispatchmanager },
      403,
    );
    for (const role of ['administrator', 'manager', 'fleetmanager', 'claimtrackerteam'])
      expect((await call('GET', '/api/Units?size=1', undefined, role)).status, role).toBe(200);
    for (const role of ['dispatchmanager', 'dispatcher', 'finance', 'driver'])
      expect((await call('GET', '/api/Units?size=1', undefined, role)).status, role).toBe(403);
    await expectRefused(
      server,
      { method: 'POST', url: '/api/Units', payload: unit(), token: token.claimtrackerteam },
      403,
    );
    // Fuel cards: read with Vehicles or VehicleAndCardAssignment, written with VehicleAndCardAssignment.
    expect((await call('GET', '/api/FuelCards?size=1', undefined, 'claimtrackerteam')).status).toBe(200);
    expect((await call('GET', '/api/FuelCards?size=1', undefined, 'dispatchmanager')).status).toBe(403);
    await expectRefused(
      server,
      { method: 'POST', url: '/api/FuelCards', payload: card(), token: token.claimtrackerteam },
      403,
    );
    expect((await call('POST', '/api/FuelCards', card(), 'fleetmanager')).status).toBe(200);
    expect((await server.call({ method: 'GET', url: '/api/FuelCards' })).status).toBe(401);
  });

  it('refuses every bad driver field with 400 naming it, writing nothing', async () => {
    const userOfDispatcher = await idOf(server, 'users', 'email', 'dispatcher@haulboard.demo');
    const cases: [Record<string, unknown>, string][] = [
      [driver({ firstName: '' }), 'firstName'],
      [driver({ lastName: undefined }), 'lastName'],
      [driver({ email: 'x@' }), 'email'],
      [driver({ phone: '555-010-203' }), 'phone'],
      [driver({ phone: '+995 555 12 34 5', phoneCountry: 'GE' }), 'phone'],
      [driver({ phoneCountry: 'FR' }), 'phoneCountry'],
      [driver({ driverType: 'TEMP' }), 'driverType'],
      [driver({ cdlClass: 'D' }), 'cdlClass'],
      [driver({ cdlNumber: 'ab!' }), 'cdlNumber'],
      [driver({ cdlStateId: null }), 'cdlStateId'],
      [driver({ cdlStateId: 999_999 }), 'cdlStateId'],
      [driver({ cdlExpiresOn: '2027-13-01' }), 'cdlExpiresOn'],
      [driver({ medicalCardExpiresOn: 'soon' }), 'medicalCardExpiresOn'],
      [driver({ hiredOn: inDays(-10), terminatedOn: inDays(-20) }), 'terminatedOn'],
      [driver({ hiredOn: null, terminatedOn: inDays(-20) }), 'hiredOn'],
      [driver({ payType: 'DAILY' }), 'payType'],
      [driver({ payRate: 0 }), 'payRate'],
      [driver({ payRate: 12 }), 'payRate'],
      [driver({ payType: 'PERCENT', payRate: 101 }), 'payRate'],
      [driver({ payRate: 0.655 }), 'payRate'],
      [driver({ payRate: '0.65' }), 'payRate'],
      [driver({ carrierId: 999_999 }), 'carrierId'],
      [driver({ carrierId: undefined }), 'carrierId'],
      [driver({ userId: 999_999 }), 'userId'],
      [driver({ userId: userOfDispatcher }), 'userId'],
    ];
    for (const [payload, field] of cases)
      await expectRefused(
        server,
        { method: 'POST', url: '/api/Driver', payload, token: token.administrator },
        400,
        field,
      );
  });

  it('stores phones as national digits per country, pay rates as cents or basis points, and derives the status', async () => {
    const ge = (
      await call(
        'POST',
        '/api/Driver',
        driver({
          lastName: 'Beridze',
          phone: '+995 555 12 34 56',
          phoneCountry: 'GE',
          driverType: 'OWNER_OPERATOR',
          payType: 'PERCENT',
          payRate: 72.5,
        }),
      )
    ).body.value;
    expect(ge).toMatchObject({
      phone: '555123456',
      phoneCountry: 'GE',
      payType: 'PERCENT',
      payRate: 72.5,
      status: 'ACTIVE',
      carrierName: 'Select Auto Transport LLC',
      cdlState: 'TX',
    });
    expect(
      (await server.db.selectFrom('drivers').select('pay_rate').where('id', '=', ge.id).executeTakeFirstOrThrow())
        .pay_rate,
    ).toBe(7250);
    const ph = (
      await call('POST', '/api/Driver', driver({ lastName: 'Santos', phone: '1234 5678 9012', phoneCountry: 'PH' }))
    ).body.value;
    expect(ph.phone).toBe('123456789012');
    const gone = (
      await call('POST', '/api/Driver', driver({ lastName: 'Former', hiredOn: inDays(-300), terminatedOn: inDays(-1) }))
    ).body.value;
    expect(gone.status).toBe('TERMINATED');
    const leaving = (
      await call('POST', '/api/Driver', driver({ lastName: 'Leaving', hiredOn: inDays(-300), terminatedOn: inDays(5) }))
    ).body.value;
    expect(leaving.status).toBe('ACTIVE');
    const terminated = (await call('GET', '/api/Driver?terminated=true&size=500')).body.value.items.map(
      (d: { id: number }) => d.id,
    );
    expect(terminated).toContain(gone.id);
    expect(terminated).not.toContain(leaving.id);
    const names = (await call('GET', '/api/Driver/GetAllNames', undefined, 'dispatchmanager')).body.value.map(
      (d: { id: number }) => d.id,
    );
    expect(names).toContain(leaving.id);
    expect(names).not.toContain(gone.id);
    await expectRefused(
      server,
      { method: 'POST', url: '/api/Driver', payload: driver({ cdlNumber: ge.cdlNumber }), token: token.administrator },
      409,
      'cdlNumber',
    );
    expect(
      (
        await call(
          'POST',
          '/api/Driver',
          driver({
            lastName: 'OtherState',
            cdlNumber: ge.cdlNumber,
            cdlStateId: await idOf(server, 'states', 'abbreviation', 'CA'),
          }),
        )
      ).status,
    ).toBe(200);
  });

  it('links a driver to a Driver user once, flags CDL and medical-card expiry and filters by it', async () => {
    const user = await idOf(server, 'users', 'email', 'driver5@haulboard.demo');
    const taken = await server.db.selectFrom('drivers').select('id').where('user_id', '=', user).executeTakeFirst();
    if (taken) await server.db.updateTable('drivers').set({ user_id: null }).where('id', '=', taken.id).execute();
    const linked = (await call('POST', '/api/Driver', driver({ lastName: 'Linked', userId: user }))).body.value;
    expect(linked.userEmail).toBe('driver5@haulboard.demo');
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/Driver',
        payload: driver({ lastName: 'Twice', userId: user }),
        token: token.administrator,
      },
      409,
      'userId',
    );

    const due = (
      await call(
        'POST',
        '/api/Driver',
        driver({ lastName: 'Due', cdlExpiresOn: inDays(30), medicalCardExpiresOn: inDays(-2) }),
      )
    ).body.value;
    expect(due.expiry).toEqual([
      { field: 'medicalCardExpiresOn', on: inDays(-2), state: 'expired' },
      { field: 'cdlExpiresOn', on: inDays(30), state: 'due' },
    ]);
    const fine = (
      await call(
        'POST',
        '/api/Driver',
        driver({ lastName: 'Fine', cdlExpiresOn: inDays(31), medicalCardExpiresOn: null }),
      )
    ).body.value;
    expect(fine.expiry).toEqual([]);
    const expiring = (await call('GET', '/api/Driver?expiring=true&size=500')).body.value.items;
    expect(expiring.map((d: { id: number }) => d.id)).toContain(due.id);
    expect(expiring.map((d: { id: number }) => d.id)).not.toContain(fine.id);
    expect(expiring.every((d: { expiry: unknown[] }) => d.expiry.length > 0)).toBe(true);
    const notExpiring = (await call('GET', '/api/Driver?expiring=false&size=500')).body.value.items;
    expect(notExpiring.every((d: { expiry: unknown[] }) => d.expiry.length === 0)).toBe(true);
    const byCarrier = (await call('GET', `/api/Driver?carrierId=${carrierId}&driverType=OWNER_OPERATOR&size=500`)).body
      .value.items;
    expect(
      byCarrier.every(
        (d: { carrierId: number; driverType: string }) =>
          d.carrierId === carrierId && d.driverType === 'OWNER_OPERATOR',
      ),
    ).toBe(true);
    const sorted = (await call('GET', '/api/Driver?sort=cdlExpiresOn&size=500')).body.value.items
      .map((d: { cdlExpiresOn: string | null }) => d.cdlExpiresOn)
      .filter(Boolean);
    expect(sorted).toEqual([...sorted].sort());
  });

  it('refuses every bad vehicle field with 400 naming it, writing nothing', async () => {
    const badVin = makeVin(990_001).replace(/^(.{8})(.)/, (_, a: string, d: string) => a + (d === '1' ? '2' : '1'));
    const cases: [Record<string, unknown>, string][] = [
      [unit({ unitType: 'Van' }), 'unitType'],
      [unit({ unitNumber: '' }), 'unitNumber'],
      [unit({ unitNumber: 'T 1' }), 'unitNumber'],
      [unit({ vin: badVin }), 'vin'],
      [unit({ vin: '1HGCM82633A00435' }), 'vin'],
      [unit({ vin: '1HGCM82633A00435O' }), 'vin'],
      [unit({ make: '' }), 'make'],
      [unit({ year: 1979 }), 'year'],
      [unit({ year: new Date().getUTCFullYear() + 2 }), 'year'],
      [unit({ year: 2020.5 }), 'year'],
      [unit({ plate: 'AB*1' }), 'plate'],
      [unit({ plateStateId: null }), 'plateStateId'],
      [unit({ plateStateId: 999_999 }), 'plateStateId'],
      [unit({ unitType: 'Trailer', capacity: null }), 'capacity'],
      [unit({ unitType: 'Trailer', capacity: 13 }), 'capacity'],
      [unit({ capacity: 4 }), 'capacity'],
      [unit({ carrierId: 999_999 }), 'carrierId'],
      [unit({ registrationExpiresOn: '2026-02-29' }), 'registrationExpiresOn'],
      [unit({ status: 'STOLEN' }), 'status'],
    ];
    for (const [payload, field] of cases)
      await expectRefused(
        server,
        { method: 'POST', url: '/api/Units', payload, token: token.fleetmanager },
        400,
        field,
      );
  });

  it('keeps unit numbers unique per type and VINs unique, flags registration and inspection dates', async () => {
    const truck = (
      await call(
        'POST',
        '/api/Units',
        unit({ unitNumber: 'dup-1', registrationExpiresOn: inDays(-5), annualInspectionDueOn: inDays(20) }),
        'fleetmanager',
      )
    ).body.value;
    expect(truck).toMatchObject({
      unitNumber: 'DUP-1',
      unitType: 'Truck',
      carrierName: 'Select Auto Transport LLC',
      plateState: 'TX',
      driverId: null,
    });
    expect(truck.expiry.map((e: { field: string; state: string }) => `${e.field}:${e.state}`)).toEqual([
      'registrationExpiresOn:expired',
      'annualInspectionDueOn:due',
    ]);
    await expectRefused(
      server,
      { method: 'POST', url: '/api/Units', payload: unit({ unitNumber: 'DUP-1' }), token: token.fleetmanager },
      409,
      'unitNumber',
    );
    expect(
      (
        await call(
          'POST',
          '/api/Units',
          unit({ unitNumber: 'DUP-1', unitType: 'Trailer', capacity: 9 }),
          'fleetmanager',
        )
      ).status,
    ).toBe(200);
    await expectRefused(
      server,
      { method: 'POST', url: '/api/Units', payload: unit({ vin: truck.vin.toLowerCase() }), token: token.fleetmanager },
      409,
      'vin',
    );
    const expiring = (await call('GET', '/api/Units?expiring=true&unitType=Truck&size=500')).body.value.items;
    expect(expiring.map((u: { id: number }) => u.id)).toContain(truck.id);
    expect(
      expiring.every((u: { expiry: unknown[]; unitType: string }) => u.expiry.length > 0 && u.unitType === 'Truck'),
    ).toBe(true);
    const search = (await call('GET', `/api/Units?search=${truck.vin.slice(-6).toLowerCase()}`)).body.value.items;
    expect(search.map((u: { id: number }) => u.id)).toEqual([truck.id]);
    const csv = parseCsv((await call('GET', '/api/Units/export?search=dup-1')).body);
    expect(csv.slice(1).map((r) => r[1])).toEqual(['DUP-1', 'DUP-1']);
    expect((await call('GET', '/api/Units/export', undefined, 'fleetmanager')).status).toBe(200);
  });

  it('shows who drives a vehicle today, filters assigned ones, and keeps assigned vehicles from being deleted or retyped', async () => {
    const assigned = (await call('GET', '/api/Units?assigned=true&size=500')).body.value;
    const free = (await call('GET', '/api/Units?assigned=false&size=500')).body.value;
    const all = (await call('GET', '/api/Units?size=500')).body.value;
    expect(assigned.totalCount + free.totalCount).toBe(all.totalCount);
    expect(assigned.items.every((u: { driverName: string | null }) => u.driverName)).toBe(true);
    expect(free.items.every((u: { driverId: number | null }) => u.driverId === null)).toBe(true);
    const held = assigned.items.find((u: { unitType: string }) => u.unitType === 'Truck');
    await expectRefused(
      server,
      { method: 'DELETE', url: `/api/Units/${held.id}`, token: token.fleetmanager },
      409,
      undefined,
      new RegExp(`Truck ${held.unitNumber} is assigned to driver ${held.driverName}`),
    );
    const {
      id,
      version,
      deleted,
      deletedAt,
      createdAt,
      updatedAt,
      plateState,
      carrierName,
      driverId,
      driverName,
      expiry,
      ...body
    } = held;
    void [id, deleted, deletedAt, createdAt, updatedAt, plateState, carrierName, driverId, driverName, expiry];
    await expectRefused(
      server,
      {
        method: 'PUT',
        url: `/api/Units/${held.id}`,
        payload: { ...body, unitType: 'Trailer', capacity: 7, version },
        token: token.fleetmanager,
      },
      400,
      'unitType',
    );
    const spare = free.items.find((u: { unitType: string }) => u.unitType === 'Truck');
    expect((await call('DELETE', `/api/Units/${spare.id}`, undefined, 'fleetmanager')).body.value.deleted).toBe(true);
  });

  it('never stores, answers, exports or audits a fuel card number; finds a card entered twice', async () => {
    const number = '6900 4612 3456 7890';
    const created = await call(
      'POST',
      '/api/FuelCards',
      card({ cardNumber: number, provider: 'WEX', limit: 1000.5, expiresOn: inDays(20) }),
      'fleetmanager',
    );
    expect(created.status).toBe(200);
    const c = created.body.value;
    expect(c).toMatchObject({
      cardLast4: '7890',
      maskedNumber: '•••• 7890',
      provider: 'WEX',
      limit: 1000.5,
      expiry: [{ field: 'expiresOn', on: inDays(20), state: 'due' }],
    });
    expect(JSON.stringify(c)).not.toContain('4612');
    const row = await server.db.selectFrom('fuel_cards').selectAll().where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toMatch(/4612|6900461234567890/);
    const audit = await server.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('entity', '=', 'fuel_card')
      .execute();
    expect(JSON.stringify(audit)).not.toContain('4612');
    expect((await call('GET', '/api/FuelCards/export?search=7890')).body).not.toContain('4612');
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/FuelCards',
        payload: card({ cardNumber: '6900-4612-3456-7890' }),
        token: token.fleetmanager,
      },
      409,
      'cardNumber',
    );
    for (const [payload, field] of [
      [card({ cardNumber: '1234' }), 'cardNumber'],
      [card({ cardNumber: '1234 5678 abcd' }), 'cardNumber'],
      [card({ provider: 'VISA' }), 'provider'],
      [card({ expiresOn: '2027-02-30' }), 'expiresOn'],
      [card({ status: 'FROZEN' }), 'status'],
      [card({ limit: -1 }), 'limit'],
      [card({ limit: 10.123 }), 'limit'],
      [card({ carrierId: 999_999 }), 'carrierId'],
    ] as const)
      await expectRefused(
        server,
        { method: 'POST', url: '/api/FuelCards', payload, token: token.fleetmanager },
        400,
        field,
      );
    // An update without a number keeps it; with one it replaces it.
    const kept = (
      await call(
        'PUT',
        `/api/FuelCards/${c.id}`,
        { provider: 'WEX', expiresOn: inDays(400), status: 'BLOCKED', limit: null, version: 1 },
        'fleetmanager',
      )
    ).body.value;
    expect(kept).toMatchObject({ cardLast4: '7890', status: 'BLOCKED', limit: null, expiry: [] });
    const replaced = (
      await call(
        'PUT',
        `/api/FuelCards/${c.id}`,
        { cardNumber: '6900461234560001', provider: 'WEX', expiresOn: inDays(400), status: 'ACTIVE', version: 2 },
        'fleetmanager',
      )
    ).body.value;
    expect(replaced.cardLast4).toBe('0001');
    expect(
      (await call('GET', '/api/FuelCards?status=BLOCKED&size=500')).body.value.items.every(
        (f: { status: string }) => f.status === 'BLOCKED',
      ),
    ).toBe(true);
    expect(
      (await call('GET', '/api/FuelCards?search=0001')).body.value.items.map((f: { id: number }) => f.id),
    ).toContain(c.id);
  });

  it('answers the dropdowns from this data, honouring showDeleted and HideAssigned', async () => {
    const get = async (url: string, as = 'fleetmanager') => (await call('GET', url, undefined, as)).body;
    const trucks = (await get('/api/Units/get-all-trucks-dropdown?type=Truck')).value;
    const freeTrucks = (await get('/api/Units/get-all-trucks-dropdown?HideAssigned=true&type=Truck')).value;
    const assigned = (await call('GET', '/api/Units?assigned=true&unitType=Truck&size=500')).body.value.items.map(
      (u: { id: number }) => u.id,
    );
    expect(freeTrucks.length).toBe(trucks.length - assigned.length);
    expect(freeTrucks.some((u: { id: number }) => assigned.includes(u.id))).toBe(false);
    const deletedTruck = (
      await call('GET', '/api/Units?unitType=Truck&showDeleted=true&size=500')
    ).body.value.items.find((u: { deleted: boolean }) => u.deleted);
    expect(deletedTruck, 'a truck deleted by an earlier test').toBeTruthy();
    expect(trucks.map((u: { id: number }) => u.id)).not.toContain(deletedTruck.id);
    expect(
      (await get('/api/Units/get-all-trucks-dropdown?type=Truck&ShowDeleted=true')).value.find(
        (u: { id: number }) => u.id === deletedTruck.id,
      ),
    ).toMatchObject({ deleted: true });

    const cards = (await get('/api/FuelCards/dropdown-list')).value;
    const freeCards = (await get('/api/FuelCards/dropdown-list?HideAssigned=true')).value;
    const heldCards = (await call('GET', '/api/FuelCards?assigned=true&size=500')).body.value.items.map(
      (f: { id: number }) => f.id,
    );
    expect(heldCards.length).toBeGreaterThan(0);
    expect(freeCards.length).toBe(cards.length - heldCards.length);
    expect(JSON.stringify(cards)).toMatch(/•••• \d{4}/);
    expect((await call('GET', '/api/FuelCards/dropdown-list', undefined, 'dispatchmanager')).status).toBe(403);

    const shipper = (
      await server.db.selectFrom('shippers').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
    ).id;
    await call('DELETE', `/api/Shipper/${shipper}`);
    const shippers = (await get('/api/Shipper/get-all-shippers-dropdown', 'manager')).value.map(
      (s: { id: number }) => s.id,
    );
    expect(shippers).not.toContain(shipper);
    expect(
      (await get('/api/Shipper/get-all-shippers-dropdown?showDeleted=true', 'manager')).value.map(
        (s: { id: number }) => s.id,
      ),
    ).toContain(shipper);
    const broker = (await server.db.selectFrom('brokers').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow())
      .id;
    await call('DELETE', `/api/Brokers/${broker}`);
    expect((await get('/api/Brokers/dropdown-list', 'manager')).value.map((b: { id: number }) => b.id)).not.toContain(
      broker,
    );
    expect(
      (await get('/api/Brokers/dropdown-list?ShowDeleted=true', 'manager')).value.map((b: { id: number }) => b.id),
    ).toContain(broker);
    const carrier = (await call('POST', '/api/Carriers', { code: 'dropco', name: 'Drop Co' })).body.value;
    await call('DELETE', `/api/Carriers/${carrier.id}`);
    expect((await get('/api/Carriers/dropdown-list', 'manager')).data.map((c: { id: number }) => c.id)).not.toContain(
      carrier.id,
    );
    expect(
      (await get('/api/Carriers/dropdown-list?showDeleted=true', 'manager')).data.map((c: { id: number }) => c.id),
    ).toContain(carrier.id);
  });
});
