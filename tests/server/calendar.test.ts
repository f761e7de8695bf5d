import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../schema/expiry';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';
import { shownDriverNames } from '../helpers/driverNames';

/**
 * The Performance Calendar (/api/calendar/*, docs/product/people.md): every driver's day states of a month equal the
 * test's own reading of the orders, events and employment dates (every order, not only the recent ones); loaded days,
 * loads and gross equal sums over the orders; court dates and expirations are marked; moving an event moves its days,
 * keeps its length, checks the version and the permissions; removing it takes it off; bad input is refused.
 */

const today = todayIso();
const month = today.slice(0, 7);
const CODES = { off: 'O', loaded: 'L', shop: 'S', home: 'H', empty: 'E', upcoming: '-' } as const;

describe.each(DATABASES)('the Performance Calendar on %s', (kind) => {
  let server: TestServer;
  let dispatchManager: string;

  const monthOf = async (query: string, token = dispatchManager) =>
    server.call({ method: 'GET', url: `/api/calendar/month?${query}`, token });
  const move = (payload: Record<string, unknown>, token = dispatchManager) =>
    server.call({ method: 'PUT', url: '/api/calendar/events/update', payload, token });

  /** The days of a month as the test counts them. */
  const daysOf = (m: string) => {
    const days: string[] = [];
    for (let day = `${m}-01`; day.startsWith(m); day = addDays(day, 1)) days.push(day);
    return days;
  };

  /** Each listed driver's states, loaded days, loads and gross, straight from the tables. */
  const expected = async (m: string) => {
    const days = daysOf(m);
    const first = days[0];
    const last = days[days.length - 1];
    const drivers = (
      await server.db
        .selectFrom('drivers')
        .select(['id', 'first_name', 'last_name', 'hired_on', 'terminated_on'])
        .where('deleted_at', 'is', null)
        .execute()
    ).filter((d) => (!d.hired_on || d.hired_on <= last) && (!d.terminated_on || d.terminated_on >= first));
    const orders = await server.db
      .selectFrom('book_orders')
      .select(['driver_id', 'pickup_date', 'delivery_date', 'price_cents', 'status', 'deleted_at'])
      .where('driver_id', 'is not', null)
      .execute();
    const live = orders.filter((o) => o.deleted_at === null && o.status !== 'CANCELLED');
    const shown = await shownDriverNames(server.db);
    const events = await server.db
      .selectFrom('driver_events')
      .select(['driver_id', 'type', 'start_on', 'end_on'])
      .where('deleted_at', 'is', null)
      .execute();
    return new Map(
      drivers.map((driver) => {
        const mine = live.filter((o) => o.driver_id === driver.id);
        const states = days.map((day) => {
          if ((driver.hired_on && day < driver.hired_on) || (driver.terminated_on && day > driver.terminated_on))
            return 'off';
          if (mine.some((o) => o.pickup_date <= day && day <= o.delivery_date)) return 'loaded';
          const covering = events.filter((e) => e.driver_id === driver.id && e.start_on <= day && day <= e.end_on);
          if (covering.some((e) => e.type === 'SHOP_TIME')) return 'shop';
          if (covering.some((e) => e.type === 'HOME_TIME')) return 'home';
          return day <= today ? 'empty' : 'upcoming';
        });
        const picked = mine.filter((o) => o.pickup_date >= first && o.pickup_date <= last);
        return [
          driver.id,
          {
            name: shown.get(driver.id),
            days: states.map((s) => CODES[s]).join(''),
            loadedDays: states.filter((s) => s === 'loaded').length,
            loads: picked.length,
            gross: picked.reduce((sum, o) => sum + Number(o.price_cents), 0) / 100,
          },
        ];
      }),
    );
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    dispatchManager = await server.login('dispatchmanager@haulboard.demo');
  }, 120_000);
  afterAll(() => server?.close());

  it("each driver's days, loaded days, loads and gross equal the orders and events that make them, this month and the last", async () => {
    for (const m of [month, `${addDays(`${month}-01`, -1).slice(0, 7)}`]) {
      const response = await monthOf(`month=${m}&today=${today}`);
      expect(response.status).toBe(200);
      const answer = response.body.value;
      expect(answer.days).toEqual(daysOf(m));
      const want = await expected(m);
      expect(answer.drivers.length).toBe(want.size);
      for (const driver of answer.drivers)
        expect({ id: driver.id, ...want.get(driver.id) }, driver.name).toEqual({
          id: driver.id,
          name: driver.name,
          days: driver.days,
          loadedDays: driver.loadedDays,
          loads: driver.loads,
          gross: driver.gross,
        });
      // The demo month shows every state but "off" somewhere.
      const all = answer.drivers.map((d: any) => d.days).join('');
      for (const code of ['L', 'H', 'E']) expect(all, code).toContain(code);
    }
  });

  it("a driver's month, and a carrier's drivers' month, are those drivers' rows of the whole", async () => {
    const whole = (await monthOf(`month=${month}&today=${today}`)).body.value;
    const busy = whole.drivers.find((d: any) => d.loadedDays > 0);
    const one = (await monthOf(`month=${month}&today=${today}&driverId=${busy.id}`)).body.value;
    expect(one.drivers).toEqual([busy]);
    expect(one.events).toEqual(whole.events.filter((e: any) => e.driverId === busy.id));
    const { carrier_id: carrierId } = await server.db
      .selectFrom('drivers')
      .select('carrier_id')
      .where('id', '=', busy.id)
      .executeTakeFirstOrThrow();
    const ofCarrier = new Set(
      (await server.db.selectFrom('drivers').select('id').where('carrier_id', '=', carrierId).execute()).map(
        (d) => d.id,
      ),
    );
    const carrier = (await monthOf(`month=${month}&today=${today}&carrierId=${carrierId}`)).body.value;
    expect(carrier.drivers.length).toBeGreaterThan(0);
    expect(carrier.drivers).toEqual(whole.drivers.filter((d: any) => ofCarrier.has(d.id)));
  });

  it("marks the court dates of the drivers' citations and their credentials that expire in the month", async () => {
    const days = daysOf(month);
    const answer = (await monthOf(`month=${month}&today=${today}`)).body.value;
    const listed = new Set(answer.drivers.map((d: any) => d.id));
    const courts = (
      await server.db
        .selectFrom('citations as c')
        .innerJoin('tickets as t', 't.id', 'c.ticket_id')
        .select(['t.driver_id', 'c.court_date'])
        .where('c.deleted_at', 'is', null)
        .where('t.deleted_at', 'is', null)
        .where('c.court_date', '>=', days[0])
        .where('c.court_date', '<=', days[days.length - 1])
        .execute()
    ).filter((c) => listed.has(c.driver_id));
    const drivers = await server.db
      .selectFrom('drivers')
      .select(['id', 'cdl_expires_on', 'medical_card_expires_on'])
      .execute();
    const expiring = drivers
      .filter((d) => listed.has(d.id))
      .flatMap((d) =>
        [d.cdl_expires_on, d.medical_card_expires_on]
          .filter((on): on is string => !!on && on.startsWith(month))
          .map((day) => ({ driverId: d.id, day })),
      );
    const marks = answer.marks as { driverId: number; day: string; kind: string }[];
    const sort = (rows: { driverId: number; day: string }[]) => rows.map((r) => `${r.driverId}@${r.day}`).sort();
    expect(sort(marks.filter((m) => m.kind === 'court'))).toEqual(
      sort(courts.map((c) => ({ driverId: c.driver_id!, day: c.court_date! }))),
    );
    expect(sort(marks.filter((m) => m.kind === 'expires'))).toEqual(sort(expiring));
  });

  it('a dispatch manager moves home time: its days move, its length stays, the version is checked; then removes it', async () => {
    const answer = (await monthOf(`month=${month}&today=${today}`)).body.value;
    const event = answer.events.find(
      (e: any) => e.type === 'HOME_TIME' && e.startOn >= `${month}-01` && e.endOn <= `${month}-20`,
    );
    expect(event, 'the demo has home time early in the month').toBeDefined();
    const to = addDays(event.startOn, 7);
    const moved = await move({ eventId: event.id, startOn: to, version: event.version });
    expect(moved.status).toBe(200);
    expect(moved.body.value).toMatchObject({ startOn: to, endOn: addDays(event.endOn, 7), version: event.version + 1 });
    const after = (await monthOf(`month=${month}&today=${today}`)).body.value;
    const want = await expected(month);
    expect(after.drivers.find((d: any) => d.id === event.driverId).days).toBe(want.get(event.driverId)!.days);
    expect(after.events.find((e: any) => e.id === event.id)).toMatchObject({ startOn: to });
    // The version read before the move is stale now: refused, nothing changes.
    expect((await move({ eventId: event.id, startOn: event.startOn, version: event.version })).status).toBe(409);
    const row = await server.db
      .selectFrom('driver_events')
      .select(['start_on', 'version'])
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ start_on: to, version: event.version + 1 });

    expect(
      (await server.call({ method: 'DELETE', url: `/api/calendar/events/remove/${event.id}`, token: dispatchManager }))
        .status,
    ).toBe(200);
    expect((await monthOf(`month=${month}&today=${today}`)).body.value.events.some((e: any) => e.id === event.id)).toBe(
      false,
    );
  });

  it('refuses what it cannot do: no token, no grant, bad months and moves, unknown events', async () => {
    expect((await monthOf(`month=${month}`, '')).status).toBe(401);
    const dispatcher = await server.login('dispatcher@haulboard.demo');
    expect((await monthOf(`month=${month}`, dispatcher)).status).toBe(403);
    const event = (await monthOf(`month=${month}&today=${today}`)).body.value.events[0];
    expect((await move({ eventId: event.id, startOn: today, version: event.version }, dispatcher)).status).toBe(403);
    expect((await move({ eventId: event.id, startOn: today, version: event.version }, '')).status).toBe(401);
    for (const bad of ['month=2026-13', 'month=11-2026', 'month=2026-11&driverId=abc', 'month=2026-11&color=red']) {
      const response = await monthOf(bad);
      expect(response.status, bad).toBe(400);
    }
    const before = await server.db
      .selectFrom('driver_events')
      .select(['id', 'start_on', 'end_on', 'version'])
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ eventId: event.id, startOn: '2026-02-30', version: event.version }, 400, 'startOn'],
      [{ eventId: event.id, version: event.version }, 400, 'startOn'],
      [{ eventId: event.id, startOn: today, endOn: addDays(today, -2), version: event.version }, 400, 'endOn'],
      [{ eventId: event.id, startOn: today, endOn: addDays(today, 90), version: event.version }, 400, 'endOn'],
      [{ eventId: event.id, startOn: today }, 400, 'version'],
      [{ eventId: event.id, startOn: today, version: event.version, driverId: 1 }, 400, 'driverId'],
      [{ eventId: 999_999, startOn: today, version: 1 }, 404, 'not found'],
    ];
    for (const [payload, status, words] of cases) {
      const response = await move(payload);
      expect(response.status, JSON.stringify(payload)).toBe(status);
      expect(JSON.stringify(response.body)).toContain(words);
    }
    expect(
      (await server.call({ method: 'DELETE', url: '/api/calendar/events/remove/abc', token: dispatchManager })).status,
    ).toBe(400);
    expect(
      await server.db
        .selectFrom('driver_events')
        .select(['id', 'start_on', 'end_on', 'version'])
        .where('id', '=', event.id)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
  });
});
