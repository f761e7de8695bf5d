import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../schema/expiry';
import { parseCsv } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Driver events and the event report (/api/DriverEvents, docs/analytics.md): who may read and write them, what is
 * refused and why (nothing changes), who recorded an event, versions and soft delete; the counts and days of each type
 * beside the list equal the test's own reading of the table for the same filters; the CSV has the same events.
 */

const today = todayIso();
const TYPES = ['ACCIDENT', 'INCIDENT', 'BREAKDOWN', 'HOME_TIME', 'SHOP_TIME', 'COMPLAINT', 'COMPLIMENT'];
const DAY = 86_400_000;
const spanDays = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY) + 1;

describe.each(DATABASES)('driver events on %s', (kind) => {
  let server: TestServer;
  let manager: string;
  let dispatchManager: string;
  let driverId: number;

  const list = (query: string, token = manager) =>
    server.call({ method: 'GET', url: `/api/DriverEvents?${query}`, token });
  const create = (payload: Record<string, unknown>, token = dispatchManager) =>
    server.call({ method: 'POST', url: '/api/DriverEvents', payload, token });
  const count = async () =>
    Number(
      (
        await server.db
          .selectFrom('driver_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** The figures the list must carry, read straight from the table: live events starting in [from, to], of the driver and type if given. */
  const expected = async (from: string, to: string, filter: { driverId?: number; type?: string } = {}) => {
    let query = server.db
      .selectFrom('driver_events')
      .select(['type', 'start_on', 'end_on'])
      .where('deleted_at', 'is', null)
      .where('start_on', '>=', from)
      .where('start_on', '<=', to);
    if (filter.driverId) query = query.where('driver_id', '=', filter.driverId);
    if (filter.type) query = query.where('type', '=', filter.type);
    const rows = await query.execute();
    const byType = TYPES.map((type) => {
      const of = rows.filter((row) => row.type === type);
      return { type, events: of.length, days: of.reduce((sum, row) => sum + spanDays(row.start_on, row.end_on), 0) };
    });
    return { events: rows.length, days: byType.reduce((sum, t) => sum + t.days, 0), byType };
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    manager = await server.login('manager@haulboard.demo');
    dispatchManager = await server.login('dispatchmanager@haulboard.demo');
    driverId = (
      await server.db
        .selectFrom('drivers')
        .select('id')
        .where('deleted_at', 'is', null)
        .where('terminated_on', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  }, 120_000);
  afterAll(() => server?.close());

  it('the demo has events of every kind around the loads', async () => {
    const rows = await server.db.selectFrom('driver_events').select(['type']).where('deleted_at', 'is', null).execute();
    for (const type of TYPES)
      expect(
        rows.some((row) => row.type === type),
        type,
      ).toBe(true);
  });

  it("the counts and days of each type equal the table's, for the period, driver and type filters", async () => {
    const from = addDays(today, -120);
    const to = addDays(today, 20);
    const busiest = (
      await server.db
        .selectFrom('driver_events')
        .select(['driver_id', (eb) => eb.fn.countAll().as('n')])
        .where('deleted_at', 'is', null)
        .groupBy('driver_id')
        .orderBy('n', 'desc')
        .orderBy('driver_id')
        .executeTakeFirstOrThrow()
    ).driver_id;
    for (const filter of [{}, { driverId: busiest }, { type: 'HOME_TIME' }, { driverId: busiest, type: 'HOME_TIME' }]) {
      const query = new URLSearchParams({
        filtered: 'custom',
        from,
        to,
        size: '5',
        ...Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, String(v)])),
      });
      const response = await list(query.toString());
      expect(response.status).toBe(200);
      const want = await expected(from, to, filter);
      expect(want.events).toBeGreaterThan(0);
      const { totals, totalCount } = response.body.value;
      expect(totalCount).toBe(want.events);
      expect({
        events: totals.events,
        days: totals.days,
        byType: totals.byType.map(({ label, ...t }: any) => t),
      }).toEqual(want);
    }
  });

  it('a manager of the calendar records an event: the server keeps who, the days are counted; a stale version is refused; delete and restore', async () => {
    const start = addDays(today, 3);
    const response = await create({
      driverId,
      type: 'HOME_TIME',
      startOn: start,
      endOn: addDays(start, 2),
      notes: 'Anniversary',
    });
    expect(response.status).toBe(200);
    const event = response.body.value;
    expect(event).toMatchObject({
      driverId,
      type: 'HOME_TIME',
      startOn: start,
      endOn: addDays(start, 2),
      days: 3,
      notes: 'Anniversary',
      version: 1,
    });
    const me = await server.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('email', '=', 'dispatchmanager@haulboard.demo')
      .executeTakeFirstOrThrow();
    expect(event.recordedBy).toBe(`${me.first_name} ${me.last_name}`);
    expect(
      (
        await server.db
          .selectFrom('driver_events')
          .select('recorded_by')
          .where('id', '=', event.id)
          .executeTakeFirstOrThrow()
      ).recorded_by,
    ).toBe(me.id);

    const url = `/api/DriverEvents/${event.id}`;
    const body = { driverId, type: 'HOME_TIME', startOn: start, endOn: start, notes: 'Only one day', version: 1 };
    const updated = await server.call({ method: 'PUT', url, payload: body, token: manager });
    expect(updated.status).toBe(200);
    expect(updated.body.value).toMatchObject({ days: 1, version: 2, recordedBy: `${me.first_name} ${me.last_name}` });
    expect((await server.call({ method: 'PUT', url, payload: body, token: manager })).status).toBe(409);

    expect((await server.call({ method: 'DELETE', url, token: manager })).status).toBe(200);
    expect(
      (await list(`filtered=all&driverId=${driverId}&type=HOME_TIME`)).body.value.items.some(
        (row: any) => row.id === event.id,
      ),
    ).toBe(false);
    expect((await server.call({ method: 'POST', url: `${url}/restore`, token: manager })).status).toBe(200);
    expect(
      (await list(`filtered=all&driverId=${driverId}&type=HOME_TIME`)).body.value.items.some(
        (row: any) => row.id === event.id,
      ),
    ).toBe(true);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = await count();
    const good = { driverId, type: 'ACCIDENT', startOn: today, endOn: today };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, endOn: addDays(today, -1) }, 'endOn'],
      [{ ...good, endOn: addDays(today, 80) }, 'endOn'],
      [{ ...good, type: 'PARTY' }, 'type'],
      [{ ...good, driverId: 999_999 }, 'driverId'],
      [{ ...good, startOn: '2026-02-30' }, 'startOn'],
      [{ ...good, startOn: undefined }, 'startOn'],
      [{ ...good, notes: 'x'.repeat(2001) }, 'notes'],
    ];
    for (const [payload, field] of cases) {
      const response = await create(payload);
      expect(response.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(JSON.stringify(response.body)).toContain(field);
    }
    expect((await server.call({ method: 'GET', url: '/api/DriverEvents?type=PARTY', token: manager })).status).toBe(
      400,
    );
    expect((await server.call({ method: 'GET', url: '/api/DriverEvents/999999', token: manager })).status).toBe(404);
    expect(await count()).toBe(before);
  });

  it("only the event report's and the calendar's roles: read with either, write with the calendar's grants; 401 without a token", async () => {
    expect((await list('', '')).status).toBe(401);
    const dispatcher = await server.login('dispatcher@haulboard.demo');
    expect((await list('', dispatcher)).status).toBe(403);
    expect((await create({ driverId, type: 'ACCIDENT', startOn: today, endOn: today }, dispatcher)).status).toBe(403);
    const fleet = await server.login('fleetmanager@haulboard.demo');
    expect((await list('', fleet)).status).toBe(200);
    const driver = await server.login('driver@haulboard.demo');
    expect((await list('', driver)).status).toBe(403);
  });

  it('the CSV has the filtered events', async () => {
    const from = addDays(today, -120);
    const response = await server.call({
      method: 'GET',
      url: `/api/DriverEvents/export?filtered=custom&from=${from}&to=${today}&type=BREAKDOWN`,
      token: manager,
    });
    expect(response.status).toBe(200);
    const rows = parseCsv(String(response.body ?? ''))
      .slice(1)
      .filter((row) => row.length > 1);
    expect(rows.length).toBe((await expected(from, today, { type: 'BREAKDOWN' })).events);
  });
});
