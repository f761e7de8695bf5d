import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usDate } from '../../schema/format';
import { expectRefused, idOf, inDays, makeVin, parseCsv } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/** Dated assignments: driver ↔ dispatcher and driver ↔ truck / trailer / fuel card. */
describe.each(DATABASES)('assignments on %s', (kind) => {
  let server: TestServer;
  const token: Record<string, string> = {};
  let dispatchers: number[];
  let n = 0;

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
    ])
      token[role] = await server.login(`${role}@haulboard.demo`);
    dispatchers = [];
    for (const i of ['', '2', '3', '4', '5'])
      dispatchers.push(await idOf(server, 'users', 'email', `dispatcher${i}@haulboard.demo`));
  });
  afterAll(() => server.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = 'administrator') =>
    server.call({ method, url, payload: payload as never, token: token[as] });
  const currentOf = async (driverId: number) =>
    (await call('GET', `/api/DriverAssignments/current?driverId=${driverId}`)).body.value.items[0];
  const unitsOf = async (driverId: number) =>
    (await call('GET', `/api/UnitAssignments/current?driverId=${driverId}`)).body.value.items[0];
  /** A fresh driver (with a carrier) that holds nothing yet. */
  async function newDriver(lastName: string) {
    const carrierId = await idOf(server, 'carriers', 'code', 'shipops');
    const response = await call(
      'POST',
      '/api/Driver',
      {
        carrierId,
        firstName: 'Asg',
        lastName,
        driverType: 'COMPANY',
        payType: 'PER_MILE',
        payRate: 0.6,
        hiredOn: inDays(-500),
      },
      'fleetmanager',
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.value.id as number;
  }
  async function newUnit(unitType: 'Truck' | 'Trailer', status = 'ACTIVE') {
    const carrierId = await idOf(server, 'carriers', 'code', 'shipops');
    const response = await call(
      'POST',
      '/api/Units',
      {
        unitType,
        unitNumber: `${unitType === 'Truck' ? 'AT' : 'AL'}${++n}`,
        vin: makeVin(500 + n, '3AKJHHDR'),
        make: 'Freightliner',
        model: 'Cascadia',
        year: 2022,
        capacity: unitType === 'Trailer' ? 9 : null,
        carrierId,
        status,
      },
      'fleetmanager',
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.value as { id: number; unitNumber: string };
  }
  async function newCard(status = 'ACTIVE') {
    const response = await call(
      'POST',
      '/api/FuelCards',
      { cardNumber: `55667788${String(10_000_000 + ++n)}`, provider: 'COMDATA', expiresOn: inDays(600), status },
      'fleetmanager',
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.value as { id: number; cardLast4: string; maskedNumber: string };
  }

  it('opens the screens to their roles only', async () => {
    for (const role of ['administrator', 'manager', 'fleetmanager', 'claimtrackerteam', 'dispatchmanager'])
      expect((await call('GET', '/api/DriverAssignments/current', undefined, role)).status, role).toBe(200);
    for (const role of ['dispatcher', 'finance'])
      expect((await call('GET', '/api/DriverAssignments/history', undefined, role)).status, role).toBe(403);
    for (const role of ['administrator', 'manager', 'fleetmanager', 'claimtrackerteam'])
      expect((await call('GET', '/api/UnitAssignments/current', undefined, role)).status, role).toBe(200);
    for (const role of ['dispatchmanager', 'dispatcher', 'finance'])
      expect((await call('GET', '/api/UnitAssignments/history', undefined, role)).status, role).toBe(403);
    const driverId = await newDriver('Perms');
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/DriverAssignments',
        payload: { driverId, dispatcherId: dispatchers[0], startsOn: inDays(0) },
        token: token.claimtrackerteam,
      },
      403,
    );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/UnitAssignments',
        payload: { driverId, truckId: 1, startsOn: inDays(0) },
        token: token.dispatchmanager,
      },
      403,
    );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/DriverAssignments',
        payload: { driverId, dispatcherId: dispatchers[0], startsOn: inDays(0) },
      },
      401,
    );
  });

  it('shows one row per active driver with today’s dispatcher, and filters it', async () => {
    const all = (await call('GET', '/api/DriverAssignments/current?size=500')).body.value;
    const names = (await call('GET', '/api/Driver/GetAllNames')).body.value;
    expect(all.totalCount).toBe(names.length);
    expect(new Set(all.items.map((r: { driverId: number }) => r.driverId)).size).toBe(all.totalCount);
    const unassigned = (await call('GET', '/api/DriverAssignments/current?unassigned=true&size=500')).body.value;
    expect(unassigned.items.every((r: { dispatcherId: number | null }) => r.dispatcherId === null)).toBe(true);
    expect(unassigned.totalCount).toBeGreaterThanOrEqual(3);
    const mine = (await call('GET', `/api/DriverAssignments/current?dispatcherId=${dispatchers[1]}&size=500`)).body
      .value;
    expect(mine.totalCount).toBeGreaterThan(0);
    expect(mine.items.every((r: { dispatcherId: number }) => r.dispatcherId === dispatchers[1])).toBe(true);
    const byName = mine.items[0].driverName as string;
    expect(
      (
        await call('GET', `/api/DriverAssignments/current?search=${encodeURIComponent(byName.toUpperCase())}`)
      ).body.value.items.map((r: { driverName: string }) => r.driverName),
    ).toContain(byName);
    const sorted = (
      await call('GET', '/api/DriverAssignments/current?sort=-dispatcherName&unassigned=false&size=500')
    ).body.value.items.map((r: { dispatcherName: string }) =>
      r.dispatcherName.split(' ').reverse().join(' ').toLowerCase(),
    );
    expect(sorted).toEqual([...sorted].sort().reverse());
    const csv = parseCsv(
      (await call('GET', `/api/DriverAssignments/export?dispatcherId=${dispatchers[1]}`, undefined, 'dispatchmanager'))
        .body,
    );
    expect(csv.length - 1).toBe(mine.totalCount);
  });

  it('reassigns a driver in one action: the running assignment ends the day before, history keeps both', async () => {
    const driverId = await newDriver('Moves');
    const first = await call(
      'POST',
      '/api/DriverAssignments',
      { driverId, dispatcherId: dispatchers[0], startsOn: inDays(-60) },
      'dispatchmanager',
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.value).toMatchObject({
      driverId,
      dispatcherId: dispatchers[0],
      startsOn: inDays(-60),
      endsOn: null,
      current: true,
    });
    const second = await call(
      'POST',
      '/api/DriverAssignments',
      { driverId, dispatcherId: dispatchers[1], startsOn: inDays(0) },
      'dispatchmanager',
    );
    expect(second.body.value).toMatchObject({
      dispatcherId: dispatchers[1],
      startsOn: inDays(0),
      current: true,
      createdByName: expect.any(String),
    });
    expect(await currentOf(driverId)).toMatchObject({ dispatcherId: dispatchers[1], startsOn: inDays(0), next: null });
    const history = (
      await call('GET', `/api/DriverAssignments/history?driverId=${driverId}`, undefined, 'claimtrackerteam')
    ).body.value;
    expect(
      history.items.map((h: { dispatcherId: number; startsOn: string; endsOn: string | null }) => [
        h.dispatcherId,
        h.startsOn,
        h.endsOn,
      ]),
    ).toEqual([
      [dispatchers[1], inDays(0), null],
      [dispatchers[0], inDays(-60), inDays(-1)],
    ]);
    expect(history.items[1]).toMatchObject({
      current: false,
      endedByName: expect.any(String),
      endedAt: expect.any(String),
    });
    const audit = (
      await call('GET', `/api/AuditLog?entity=driver_dispatcher_assignment&entityId=${second.body.value.id}`)
    ).body.value.items;
    expect(audit[0]).toMatchObject({
      action: 'assign',
      after: { driverId, dispatcherId: dispatchers[1], endedAssignmentId: first.body.value.id },
    });

    // A dated reassignment ahead: today's dispatcher stays current until the day before.
    await call('POST', '/api/DriverAssignments', { driverId, dispatcherId: dispatchers[2], startsOn: inDays(10) });
    expect(await currentOf(driverId)).toMatchObject({
      dispatcherId: dispatchers[1],
      endsOn: inDays(9),
      next: { dispatcherId: dispatchers[2], startsOn: inDays(10) },
    });
  });

  it('refuses an assignment that would overlap a dated one with 409, writing nothing', async () => {
    const driverId = await newDriver('Overlap');
    const driverName = `Asg Overlap`;
    const first = (
      await call('POST', '/api/DriverAssignments', { driverId, dispatcherId: dispatchers[0], startsOn: inDays(-100) })
    ).body.value;
    await call('POST', '/api/DriverAssignments', { driverId, dispatcherId: dispatchers[1], startsOn: inDays(-40) });
    const dispatcher2 = (await call('GET', `/api/User/${dispatchers[1]}`)).body.value.name;
    const dispatcher1 = (await call('GET', `/api/User/${dispatchers[0]}`)).body.value.name;
    const before = await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/DriverAssignments',
        payload: { driverId, dispatcherId: dispatchers[2], startsOn: inDays(-40) },
        token: token.dispatchmanager,
      },
      409,
      'startsOn',
    );
    expect(before.body.message).toBe(
      `Driver ${driverName} already has dispatcher ${dispatcher2} from ${usDate(inDays(-40))} to now; choose a start date after ${usDate(inDays(-40))}`,
    );
    const inHistory = await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/DriverAssignments',
        payload: { driverId, dispatcherId: dispatchers[2], startsOn: inDays(-70) },
        token: token.dispatchmanager,
      },
      409,
      'startsOn',
    );
    expect(inHistory.body.message).toBe(
      `Driver ${driverName} already has dispatcher ${dispatcher1} from ${usDate(inDays(-100))} to ${usDate(inDays(-41))}; choose a start date after ${usDate(inDays(-41))}`,
    );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/DriverAssignments',
        payload: { driverId, dispatcherId: dispatchers[1], startsOn: inDays(0) },
        token: token.dispatchmanager,
      },
      409,
      'startsOn',
      /already has dispatcher .* since/,
    );
    // An open-ended start before them all would run into both.
    const early = await call('POST', '/api/DriverAssignments', {
      driverId,
      dispatcherId: dispatchers[3],
      startsOn: inDays(-300),
    });
    expect(early.status).toBe(409);
    expect(first.startsOn).toBe(inDays(-100));
  });

  it('refuses unknown or unsuitable drivers, dispatchers and dates with 400 naming the field', async () => {
    const driverId = await newDriver('Checks');
    const finance = await idOf(server, 'users', 'email', 'finance@haulboard.demo');
    const terminated = (
      await server.db
        .selectFrom('drivers')
        .select('id')
        .where('terminated_on', 'is not', null)
        .executeTakeFirstOrThrow()
    ).id;
    for (const [payload, field] of [
      [{ driverId, dispatcherId: finance, startsOn: inDays(0) }, 'dispatcherId'],
      [{ driverId, dispatcherId: 999_999, startsOn: inDays(0) }, 'dispatcherId'],
      [{ driverId: 999_999, dispatcherId: dispatchers[0], startsOn: inDays(0) }, 'driverId'],
      [{ driverId: terminated, dispatcherId: dispatchers[0], startsOn: inDays(0) }, 'driverId'],
      [{ driverId, dispatcherId: dispatchers[0], startsOn: '2026-02-30' }, 'startsOn'],
      [{ driverId, dispatcherId: dispatchers[0] }, 'startsOn'],
      [{ driverId: '1', dispatcherId: dispatchers[0], startsOn: inDays(0) }, 'driverId'],
    ] as const)
      await expectRefused(
        server,
        { method: 'POST', url: '/api/DriverAssignments', payload, token: token.manager },
        400,
        field,
      );
  });

  it('ends an open assignment on a chosen day, once, not before it starts', async () => {
    const driverId = await newDriver('Ends');
    const a = (
      await call('POST', '/api/DriverAssignments', { driverId, dispatcherId: dispatchers[4], startsOn: inDays(-5) })
    ).body.value;
    await expectRefused(
      server,
      {
        method: 'POST',
        url: `/api/DriverAssignments/${a.id}/end`,
        payload: { endsOn: inDays(-6) },
        token: token.manager,
      },
      400,
      'endsOn',
    );
    const ended = await call('POST', `/api/DriverAssignments/${a.id}/end`, { endsOn: inDays(-1) }, 'manager');
    expect(ended.body.value).toMatchObject({ endsOn: inDays(-1), current: false });
    expect(await currentOf(driverId)).toMatchObject({ dispatcherId: null, assignmentId: null });
    await expectRefused(
      server,
      {
        method: 'POST',
        url: `/api/DriverAssignments/${a.id}/end`,
        payload: { endsOn: inDays(0) },
        token: token.manager,
      },
      400,
      'endsOn',
      /already ended/,
    );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/DriverAssignments/999999/end',
        payload: { endsOn: inDays(0) },
        token: token.manager,
      },
      404,
    );
  });

  it('gives a driver a new truck and fuel card in one action: the old ones end the day before and are free again', async () => {
    const holder = (await call('GET', '/api/UnitAssignments/current?size=500')).body.value.items.find(
      (r: { truck: unknown; fuelCard: unknown }) => r.truck && r.fuelCard,
    );
    const truck = await newUnit('Truck');
    const card = await newCard();
    const response = await call(
      'POST',
      '/api/UnitAssignments',
      { driverId: holder.driverId, truckId: truck.id, fuelCardId: card.id, startsOn: inDays(0) },
      'fleetmanager',
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.value.map((a: { kind: string; label: string }) => `${a.kind} ${a.label}`)).toEqual([
      `Truck ${truck.unitNumber}`,
      `FuelCard ${card.maskedNumber}`,
    ]);
    const now = await unitsOf(holder.driverId);
    expect(now).toMatchObject({
      truck: { itemId: truck.id, label: truck.unitNumber, startsOn: inDays(0) },
      trailer: { itemId: holder.trailer.itemId },
      fuelCard: { itemId: card.id, label: card.maskedNumber },
    });
    const oldTruck = (await call('GET', `/api/UnitAssignments/history?unitId=${holder.truck.itemId}`)).body.value
      .items[0];
    expect(oldTruck).toMatchObject({ driverId: holder.driverId, endsOn: inDays(-1), current: false });
    const freeTrucks = (
      await call('GET', '/api/Units/get-all-trucks-dropdown?HideAssigned=true&type=Truck', undefined, 'fleetmanager')
    ).body.value.map((u: { id: number }) => u.id);
    expect(freeTrucks).toContain(holder.truck.itemId);
    expect(freeTrucks).not.toContain(truck.id);
    const freeCards = (
      await call('GET', '/api/FuelCards/dropdown-list?HideAssigned=true', undefined, 'fleetmanager')
    ).body.value.map((c: { id: number }) => c.id);
    expect(freeCards).toContain(holder.fuelCard.itemId);
    expect(freeCards).not.toContain(card.id);
    expect((await call('GET', `/api/Units/${truck.id}`)).body.value).toMatchObject({
      driverId: holder.driverId,
      driverName: holder.driverName,
    });
    const history = (await call('GET', `/api/UnitAssignments/history?driverId=${holder.driverId}&size=50`)).body.value
      .items;
    expect(history[0].startsOn >= history[history.length - 1].startsOn).toBe(true);
  });

  it('refuses a unit another driver holds unless told to reassign it, and never overlaps dates', async () => {
    const a = await newDriver('HolderA');
    const b = await newDriver('HolderB');
    const trailer = await newUnit('Trailer');
    expect(
      (
        await call(
          'POST',
          '/api/UnitAssignments',
          { driverId: a, trailerId: trailer.id, startsOn: inDays(-30) },
          'fleetmanager',
        )
      ).status,
    ).toBe(200);
    const held = await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/UnitAssignments',
        payload: { driverId: b, trailerId: trailer.id, startsOn: inDays(0) },
        token: token.fleetmanager,
      },
      409,
      'trailerId',
    );
    expect(held.body.message).toBe(
      `Trailer ${trailer.unitNumber} is with driver Asg HolderA since ${usDate(inDays(-30))}; send reassign: true to move it (their assignment ends the day before)`,
    );
    expect(held.body.reassignable).toBe(true);
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/UnitAssignments',
        payload: { driverId: b, trailerId: trailer.id, startsOn: inDays(-30), reassign: true },
        token: token.fleetmanager,
      },
      409,
      'trailerId',
      /choose a start date after/,
    );
    const moved = await call(
      'POST',
      '/api/UnitAssignments',
      { driverId: b, trailerId: trailer.id, startsOn: inDays(0), reassign: true },
      'fleetmanager',
    );
    expect(moved.status).toBe(200);
    expect((await unitsOf(a)).trailer).toBeNull();
    expect((await unitsOf(b)).trailer).toMatchObject({ itemId: trailer.id });
    const history = (await call('GET', `/api/UnitAssignments/history?unitId=${trailer.id}`)).body.value.items;
    expect(
      history.map((h: { driverId: number; startsOn: string; endsOn: string | null }) => [
        h.driverId,
        h.startsOn,
        h.endsOn,
      ]),
    ).toEqual([
      [b, inDays(0), null],
      [a, inDays(-30), inDays(-1)],
    ]);
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/UnitAssignments',
        payload: { driverId: b, trailerId: trailer.id, startsOn: inDays(1) },
        token: token.fleetmanager,
      },
      409,
      'trailerId',
      /already has trailer/,
    );
    await expectRefused(
      server,
      { method: 'DELETE', url: `/api/Driver/${b}`, token: token.fleetmanager },
      409,
      undefined,
      /still has trailer/,
    );
    await expectRefused(server, { method: 'DELETE', url: `/api/Units/${trailer.id}`, token: token.fleetmanager }, 409);
  });

  it('refuses unsuitable trucks, trailers and cards with 400 naming the field, writing nothing', async () => {
    const driverId = await newDriver('Unsuitable');
    const truck = await newUnit('Truck');
    const sold = await newUnit('Truck', 'SOLD');
    const blocked = await newCard('BLOCKED');
    const expiring = (
      await call(
        'POST',
        '/api/FuelCards',
        { cardNumber: '5566778899990001', provider: 'WEX', expiresOn: inDays(2), status: 'ACTIVE' },
        'fleetmanager',
      )
    ).body.value;
    for (const [payload, field] of [
      [{ driverId, startsOn: inDays(0) }, 'truckId'],
      [{ driverId, trailerId: truck.id, startsOn: inDays(0) }, 'trailerId'],
      [{ driverId, truckId: sold.id, startsOn: inDays(0) }, 'truckId'],
      [{ driverId, truckId: 999_999, startsOn: inDays(0) }, 'truckId'],
      [{ driverId, fuelCardId: blocked.id, startsOn: inDays(0) }, 'fuelCardId'],
      [{ driverId, fuelCardId: expiring.id, startsOn: inDays(5) }, 'fuelCardId'],
      [{ driverId, truckId: truck.id, startsOn: 'today' }, 'startsOn'],
      [{ driverId, truckId: truck.id, startsOn: inDays(0), reassign: 'yes' }, 'reassign'],
      [{ driverId: 999_999, truckId: truck.id, startsOn: inDays(0) }, 'driverId'],
    ] as const)
      await expectRefused(
        server,
        { method: 'POST', url: '/api/UnitAssignments', payload, token: token.fleetmanager },
        400,
        field,
      );
    // A refused slot refuses the whole action: the truck is not assigned when the card is wrong.
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/UnitAssignments',
        payload: { driverId, truckId: truck.id, fuelCardId: blocked.id, startsOn: inDays(0) },
        token: token.fleetmanager,
      },
      400,
      'fuelCardId',
    );
    const a = (
      await call('POST', '/api/UnitAssignments', { driverId, truckId: truck.id, startsOn: inDays(-3) }, 'fleetmanager')
    ).body.value[0];
    const ended = await call('POST', `/api/UnitAssignments/${a.id}/end`, { endsOn: inDays(-1) }, 'fleetmanager');
    expect(ended.body.value).toMatchObject({ endsOn: inDays(-1), current: false });
    expect((await unitsOf(driverId)).truck).toBeNull();
    await expectRefused(
      server,
      {
        method: 'POST',
        url: `/api/UnitAssignments/${a.id}/end`,
        payload: { endsOn: inDays(0) },
        token: token.fleetmanager,
      },
      400,
      'endsOn',
    );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: `/api/UnitAssignments/${a.id}/end`,
        payload: { endsOn: inDays(0) },
        token: token.claimtrackerteam,
      },
      403,
    );
  });

  it('lists and exports the current vehicles and cards with filters', async () => {
    const all = (await call('GET', '/api/UnitAssignments/current?size=500', undefined, 'claimtrackerteam')).body.value;
    expect(all.totalCount).toBe((await call('GET', '/api/Driver/GetAllNames')).body.value.length);
    const truckNumber = all.items.find((r: { truck: unknown }) => r.truck).truck.label as string;
    const found = (await call('GET', `/api/UnitAssignments/current?search=${truckNumber.toLowerCase()}`)).body.value
      .items;
    expect(found.some((r: { truck: { label: string } | null }) => r.truck?.label === truckNumber)).toBe(true);
    const card = all.items.find((r: { fuelCard: unknown }) => r.fuelCard).fuelCard;
    expect((await call('GET', `/api/UnitAssignments/current?fuelCardId=${card.itemId}`)).body.value.items).toHaveLength(
      1,
    );
    const csv = parseCsv((await call('GET', '/api/UnitAssignments/export', undefined, 'claimtrackerteam')).body);
    expect(csv[0]).toEqual([
      'Driver',
      'Carrier',
      'Truck',
      'Truck since',
      'Trailer',
      'Trailer since',
      'Fuel card',
      'Card since',
    ]);
    expect(csv.length - 1).toBe(all.totalCount);
    expect((await call('GET', '/api/UnitAssignments/history?unitId=abc')).status).toBe(400);
  });
});
