import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../schema/bookOrders';
import { DASHBOARD_TILE_FEATURES, type DashboardSummary, type OrderListFilter } from '../../schema/dashboard';
import { addDays, todayIso } from '../../schema/expiry';
import { FEATURES, defaultGrants } from '../../schema/features';
import { weekStart } from '../../schema/period';
import { RECORD_RESOURCES } from '../../schema/resources';
import type { RoleName } from '../../schema/roles';
import { DEMO_ROLES, demoEmail } from '../../server/db/seed';
import { seedDemoClaims } from '../../server/db/seed/claims';
import { seedDemoTickets } from '../../server/db/seed/tickets';
import type { Db } from '../../server/db/types';
import { dayTotals } from '../../server/modules/dashboard/gross';
import { codOnTheRoad, receivable } from '../../server/modules/dashboard/receivables';
import { milesBetweenZips } from '../../server/places';
import { inDays, makeVin } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * The landing dashboard (docs/analytics.md, GET /api/Dashboard/summary): every figure equals the test's own computation
 * over the tables, every order count equals what the book-order list (GET /api/BookOrder/filter-books) counts for the
 * filter the dashboard returns with it, and every expiration count what its record list shows with expiring=true; a
 * tile is there only for a role that may read its feature; route_miles follows every order write.
 */

type Body = Record<string, any>;
const SUMMARY = '/api/Dashboard/summary';
const EXPIRING = RECORD_RESOURCES.filter((def) => def.expiring.length);
const num = (value: unknown) => Number(value ?? 0);
const dollars = (cents: number) => Math.round(cents) / 100;
/** The query string the web app sends for a list filter (dataProvider toApiQuery). */
const queryOf = (filter: object) =>
  new URLSearchParams(Object.entries(filter).map(([key, value]) => [key, String(value)])).toString();
/** Whether a role may read any of the features by the default matrix (what the demo users have). */
const reads = (role: RoleName, keys: readonly string[]) =>
  FEATURES.some((f) => keys.includes(f.key) && defaultGrants(f, role).includes('Read'));
/** The miles a route should have: the ZIP table's centroid distance, rounded; null when a ZIP is unknown. */
const expectedMiles = (from: string, to: string) => {
  const miles = milesBetweenZips(from, to);
  return miles === null ? null : Math.round(miles);
};

describe.each(DATABASES)('dashboard on %s', (kind) => {
  let server: TestServer;
  let db: Db;
  const tokens: Partial<Record<RoleName, string>> = {};
  const today = todayIso();

  beforeAll(async () => {
    server = await startTestServer(kind);
    db = server.db;
    // The tests' demo leaves tickets and claims out (DEMO_LEDGERS=false): the dashboard has them to count.
    await seedDemoTickets(db);
    await seedDemoClaims(db);
    for (const role of DEMO_ROLES) tokens[role] = await server.login(demoEmail(role));
  }, 120_000);
  afterAll(() => server?.close());

  const summary = async (role: RoleName = 'Administrator', query = ''): Promise<DashboardSummary> => {
    const response = await server.call({ method: 'GET', url: `${SUMMARY}${query}`, token: tokens[role] });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.value;
  };
  /** A list's totalCount for a filter, as the screen opening the link would get it. */
  const listCount = async (url: string, filter: object) => {
    const response = await server.call({
      method: 'GET',
      url: `${url}?${queryOf({ ...filter, page: 0, size: 1 })}`,
      token: tokens.Administrator,
    });
    expect(response.status, `${url} ${JSON.stringify(filter)} → ${JSON.stringify(response.body)}`).toBe(200);
    return Number(response.body.value.totalCount);
  };
  const orderListCount = (filter: OrderListFilter) => listCount('/api/BookOrder/filter-books', filter);
  const liveOrders = () => db.selectFrom('book_orders').where('deleted_at', 'is', null);

  describe('access', () => {
    it('401 without a token; a bad or unknown query is a 400', async () => {
      expect((await server.call({ method: 'GET', url: SUMMARY })).status).toBe(401);
      for (const query of ['?today=2026-02-30', '?today=yesterday', '?today=1899-01-01', '?colour=red']) {
        expect(
          (await server.call({ method: 'GET', url: `${SUMMARY}${query}`, token: tokens.Manager })).status,
          query,
        ).toBe(400);
      }
    });

    it('each role gets exactly the tiles of the features it may read, the others not even as zeros', async () => {
      for (const role of DEMO_ROLES) {
        const answer = await summary(role);
        const tiles = Object.entries(DASHBOARD_TILE_FEATURES)
          .filter(([, keys]) => reads(role, keys))
          .map(([tile]) => tile);
        const lists = EXPIRING.filter((def) => reads(role, def.readFeatures))
          .map((def) => def.name)
          .sort();
        expect(Object.keys(answer).sort(), role).toEqual(
          ['today', ...tiles, ...(lists.length ? ['expirations'] : [])].sort(),
        );
        expect((answer.expirations?.lists ?? []).map((list) => list.list).sort(), role).toEqual(lists);
      }
      // Spelled out for the roles of the issue: a driver sees none of the company's figures; the claims team the
      // claims and the fleet's expirations, not tickets or carriers; a dispatcher the loads and their money only.
      expect(Object.keys(await summary('Driver'))).toEqual(['today']);
      const team = await summary('ClaimTrackerTeam');
      expect(team).toHaveProperty('claims');
      expect(team).not.toHaveProperty('tickets');
      expect(team.expirations!.lists.map((list) => list.list).sort()).toEqual([
        'management/drivers',
        'management/fuel-cards',
        'management/vehicles',
      ]);
      expect(Object.keys(await summary('Dispatcher')).sort()).toEqual([
        'gross',
        'loads',
        'receivables',
        'today',
        'waiting',
      ]);
    });
  });

  describe('book orders', () => {
    /** The test's own count of live orders picked up in a range, of a status or all. */
    const pickedUp = async (from: string, to: string, status?: string) => {
      let query = liveOrders()
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .where('pickup_date', '>=', from)
        .where('pickup_date', '<=', to);
      if (status) query = query.where('status', '=', status);
      return num((await query.executeTakeFirstOrThrow()).n);
    };

    it('loads today and this week, by status: the list shows the same count for the returned filter, and so does the table', async () => {
      // The server's day; a day a week ago and one three days ahead (another week: "this week" goes as its dates).
      for (const day of [today, inDays(-7), inDays(3)]) {
        const { loads } = await summary('Manager', `?today=${day}`);
        const monday = weekStart(day);
        expect(loads!.route).toBe('/app/books/bookorders');
        expect(loads!.today).toMatchObject({ from: day, to: day, filter: { filtered: 'custom', from: day, to: day } });
        expect(loads!.thisWeek).toMatchObject({ from: monday, to: addDays(monday, 6) });
        expect(loads!.thisWeek.filter).toEqual(
          weekStart(today) === monday
            ? { filtered: 'this_week' }
            : { filtered: 'custom', from: monday, to: addDays(monday, 6) },
        );
        for (const period of [loads!.today, loads!.thisWeek]) {
          expect(period.byStatus.map((s) => s.status)).toEqual([...ORDER_STATUSES]);
          expect(period.count).toBe(await orderListCount(period.filter));
          expect(period.count).toBe(await pickedUp(period.from, period.to));
          for (const figure of period.byStatus) {
            expect(figure.filter).toEqual({ ...period.filter, status: figure.status });
            expect(figure.count, `${day} ${figure.status}`).toBe(await orderListCount(figure.filter));
            expect(figure.count).toBe(await pickedUp(period.from, period.to, figure.status));
          }
          expect(period.byStatus.reduce((sum, s) => sum + s.count, 0)).toBe(period.count);
        }
      }
      // The demo has loads this week: the figures are not all zeros.
      expect((await summary()).loads!.thisWeek.count).toBeGreaterThan(0);
    });

    it('gross, clean gross and revenue per mile by week for 12 weeks, cancelled and deleted orders left out', async () => {
      const { gross } = await summary('Finance');
      const monday = weekStart(today);
      expect(gross!.weeks.map((w) => w.week)).toEqual(
        Array.from({ length: 12 }, (_, i) => addDays(monday, 7 * (i - 11))),
      );
      expect(gross).toMatchObject({ from: addDays(monday, -77), to: addDays(monday, 6) });
      const rows = await liveOrders()
        .select(['pickup_date', 'price_cents', 'broker_fee_cents', 'route_miles'])
        .where('status', '!=', 'CANCELLED')
        .where('pickup_date', '>=', gross!.from)
        .where('pickup_date', '<=', gross!.to)
        .execute();
      const all = { loads: 0, price: 0, fee: 0, withMiles: 0, milesPrice: 0, miles: 0 };
      for (const week of gross!.weeks) {
        const mine = rows.filter((r) => weekStart(r.pickup_date) === week.week);
        const rated = mine.filter((r) => (r.route_miles ?? 0) > 0);
        const sums = {
          loads: mine.length,
          price: mine.reduce((s, r) => s + num(r.price_cents), 0),
          fee: mine.reduce((s, r) => s + num(r.broker_fee_cents), 0),
          withMiles: rated.length,
          milesPrice: rated.reduce((s, r) => s + num(r.price_cents), 0),
          miles: rated.reduce((s, r) => s + num(r.route_miles), 0),
        };
        for (const key of Object.keys(all) as (keyof typeof all)[]) all[key] += sums[key];
        expect(week, week.week).toEqual({
          week: week.week,
          to: addDays(week.week, 6),
          loads: sums.loads,
          gross: dollars(sums.price),
          brokerFees: dollars(sums.fee),
          cleanGross: dollars(sums.price - sums.fee),
          loadsWithMiles: sums.withMiles,
          grossWithMiles: dollars(sums.milesPrice),
          miles: sums.miles,
          revenuePerMile: sums.miles ? Math.round(sums.milesPrice / sums.miles) / 100 : null,
          filter: { filtered: 'custom', from: week.week, to: addDays(week.week, 6), hideCancelled: true },
        });
        // A week's Loads opens the list of that week's booked loads: the list counts the same.
        expect(await orderListCount(week.filter), `${week.week} list`).toBe(sums.loads);
      }
      expect(gross!.totals).toMatchObject({
        loads: all.loads,
        gross: dollars(all.price),
        cleanGross: dollars(all.price - all.fee),
        miles: all.miles,
        loadsWithMiles: all.withMiles,
      });
      // The demo's orders all have known ZIPs: every week with loads has a revenue per mile.
      expect(all.loads).toBeGreaterThan(0);
      expect(all.withMiles).toBe(all.loads);
      expect(gross!.totals.revenuePerMile).toBeGreaterThan(0);
    });

    it('loads waiting for approval or a manager: the list shows the same count over every period, and so does the table', async () => {
      const { waiting } = await summary('BookOrderApprover');
      expect(waiting!.approval.filter).toEqual({ filtered: 'all', showNotApproved: true });
      expect(waiting!.managerReview.filter).toEqual({ filtered: 'all', hasManagerReview: true });
      const count = async (column: 'approved' | 'has_manager_review', value: number) =>
        num(
          (
            await liveOrders()
              .select(({ fn }) => fn.countAll<number>().as('n'))
              .where(column, '=', value)
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(waiting!.approval.count).toBe(await count('approved', 0));
      expect(waiting!.managerReview.count).toBe(await count('has_manager_review', 1));
      expect(waiting!.approval.count).toBe(await orderListCount(waiting!.approval.filter));
      expect(waiting!.managerReview.count).toBe(await orderListCount(waiting!.managerReview.filter));
      expect(waiting!.approval.count).toBeGreaterThan(0);
    });

    it('AR (delivered or invoiced, not paid) and COD on the road (picked up, paid on delivery)', async () => {
      const { receivables } = await summary('FinanceSuper');
      const ar = await liveOrders()
        .select(({ fn }) => [fn.countAll<number>().as('n'), fn.sum<number>('price_cents').as('cents')])
        .where('status', 'in', ['DELIVERED', 'INVOICED'])
        .where('payment_status', '!=', 'PAID')
        .executeTakeFirstOrThrow();
      const cod = await liveOrders()
        .select(({ fn }) => [fn.countAll<number>().as('n'), fn.sum<number>('cod_amount_cents').as('cents')])
        .where('status', '=', 'PICKED_UP')
        .where('pay_on_delivery', '=', 1)
        .executeTakeFirstOrThrow();
      expect(receivables!.ar).toEqual({ count: num(ar.n), amount: dollars(num(ar.cents)) });
      expect(receivables!.cod).toEqual({
        count: num(cod.n),
        amount: dollars(num(cod.cents)),
        filter: { filtered: 'all', status: 'PICKED_UP', payOnDelivery: true },
      });
      expect(receivables!.cod.count).toBe(await orderListCount(receivables!.cod.filter));
      expect(receivables!.ar.count).toBeGreaterThan(0);
    });
  });

  describe('expirations, claims, tickets', () => {
    it('expirations: each list shows the same count with expiring=true; each date expired before today, due within 30 days', async () => {
      const { expirations } = await summary('Manager');
      expect(expirations!.windowDays).toBe(30);
      expect(expirations!.lists.map((l) => l.route).sort()).toEqual(EXPIRING.map((def) => def.route).sort());
      const limit = addDays(today, 30);
      for (const list of expirations!.lists) {
        const def = EXPIRING.find((d) => d.name === list.list)!;
        expect(list.filter).toEqual({ expiring: true });
        expect(list.count, list.list).toBe(await listCount(def.listApi ?? def.api, list.filter));
        const counted = async (column: string, from: string | null, to: string) => {
          let query = db
            .selectFrom(def.table as 'drivers')
            .select(({ fn }) => fn.countAll<number>().as('n'))
            .where('deleted_at', 'is', null)
            .where(column as 'cdl_expires_on', '<=', to);
          if (from) query = query.where(column as 'cdl_expires_on', '>=', from);
          return num((await query.executeTakeFirstOrThrow()).n);
        };
        for (const [index, e] of def.expiring.entries()) {
          expect(list.fields[index]).toEqual({
            field: e.path,
            label: e.label,
            expired: await counted(e.column, null, addDays(today, -1)),
            due: await counted(e.column, today, limit),
          });
        }
      }
      expect(expirations!.lists.some((l) => l.count > 0)).toBe(true);
    });

    it('open claims, overdue and due soon as the claims list works them out, and the next five deadlines', async () => {
      const { claims } = await summary('ClaimTrackerTeam');
      const response = await server.call({
        method: 'GET',
        url: '/api/ClaimTracker/get-all-claimtrackers?size=200',
        token: tokens.ClaimTrackerTeam,
      });
      const open = (response.body.value.items as Body[]).filter(
        (c) => !['SETTLED', 'CLOSED', 'DECLINED'].includes(c.status),
      );
      expect(response.body.value.totalCount).toBeLessThan(200);
      const next = open
        .filter((c) => c.nextDeadline)
        .sort((a, b) => a.nextDeadline.localeCompare(b.nextDeadline) || a.id - b.id)
        .slice(0, 5);
      expect(claims).toEqual({
        route: '/app/reports/claims-tracker',
        open: open.length,
        overdue: open.filter((c) => c.deadlineState === 'OVERDUE').length,
        dueSoon: open.filter((c) => c.deadlineState === 'DUE_SOON').length,
        next: next.map((c) => ({
          id: c.id,
          claimNumber: c.claimNumber,
          claimantCompany: c.claimantCompany,
          nextDeadline: c.nextDeadline,
          what: c.nextDeadline === c.acknowledgeBy ? 'ACKNOWLEDGE' : 'DECIDE',
          deadlineState: c.deadlineState,
        })),
      });
      // The demo's recent claims are overdue or due soon.
      expect(claims!.overdue + claims!.dueSoon).toBeGreaterThan(0);
    });

    it('court dates in the next 14 days and unpaid citations: the citations list shows the same unpaid count', async () => {
      const { tickets } = await summary('Manager');
      const hearings = await db
        .selectFrom('citations as c')
        .innerJoin('tickets as t', 't.id', 'c.ticket_id')
        .select(['c.id', 'c.court_date', 't.id as ticket_id'])
        .where('c.deleted_at', 'is', null)
        .where('t.deleted_at', 'is', null)
        .where('c.court_result', '=', 'PENDING')
        .where('c.court_date', '>=', today)
        .where('c.court_date', '<=', addDays(today, 14))
        .orderBy('c.court_date')
        .orderBy('c.id')
        .execute();
      expect(tickets!.courtDates.citations).toBe(hearings.length);
      expect(tickets!.courtDates.tickets).toBe(new Set(hearings.map((h) => h.ticket_id)).size);
      expect(tickets!.courtDates.next.map((h) => [h.citationId, h.courtDate])).toEqual(
        hearings.slice(0, 5).map((h) => [h.id, h.court_date]),
      );
      expect(hearings.length).toBeGreaterThan(0);
      const unpaid = await db
        .selectFrom('citations')
        .select(({ fn }) => [fn.countAll<number>().as('n'), fn.sum<number>('amount_cents').as('cents')])
        .where('deleted_at', 'is', null)
        .where('payment_status', '=', 'UNPAID')
        .executeTakeFirstOrThrow();
      expect(tickets!.unpaid).toEqual({
        count: num(unpaid.n),
        amount: dollars(num(unpaid.cents)),
        filter: { paymentStatus: 'UNPAID' },
      });
      expect(tickets!.unpaid.count).toBe(await listCount('/api/Citations', tickets!.unpaid.filter));
      expect(tickets).toMatchObject({
        route: '/app/management/ticket-management',
        citationsRoute: '/app/management/citations',
        courtDays: 14,
      });
    });
  });

  it.runIf(kind === 'sqlite')(
    'gross and revenue per mile read the per-day totals by key; AR and COD their partial index alone (EXPLAIN QUERY PLAN)',
    () => {
      const sqlite = new Database(path.join(server.config.dataDir, 'haulboard.db'), {
        readonly: true,
        fileMustExist: true,
      });
      try {
        const plan = (query: { compile(): { sql: string; parameters: readonly unknown[] } }) => {
          const { sql: text, parameters } = query.compile();
          return (sqlite.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...parameters) as { detail: string }[])
            .map((r) => r.detail)
            .join(' | ');
        };
        expect(plan(dayTotals(db, addDays(today, -77), today))).toMatch(
          /^MULTI-INDEX OR|^SEARCH book_order_totals USING PRIMARY KEY/,
        );
        expect(plan(receivable(db))).toMatch(
          /^SEARCH book_orders USING COVERING INDEX book_orders_receivable_status \(status=\?\)/,
        );
        expect(plan(codOnTheRoad(db))).toMatch(
          /^SEARCH book_orders USING COVERING INDEX book_orders_cod_status \(status=\?\)$/,
        );
      } finally {
        sqlite.close();
      }
    },
  );

  describe('route miles', () => {
    it('every seeded order has the miles between its ZIP centroids', async () => {
      const rows = await db.selectFrom('book_orders').select(['pickup_zip', 'delivery_zip', 'route_miles']).execute();
      const wrong = rows.filter((r) => r.route_miles !== expectedMiles(r.pickup_zip!, r.delivery_zip!));
      expect(wrong).toEqual([]);
    });

    it('set on create, followed by an update that changes a ZIP, null for a ZIP the table does not know or none', async () => {
      const first = async (table: 'brokers' | 'shippers' | 'carriers') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select('id')
              .where('deleted_at', 'is', null)
              .orderBy('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
      const states = await db
        .selectFrom('states')
        .select(['id', 'abbreviation'])
        .where('abbreviation', 'in', ['TX', 'AZ', 'GA'])
        .execute();
      const state = (abbreviation: string) => Number(states.find((s) => s.abbreviation === abbreviation)!.id);
      const dispatcher = Number(
        (
          await db
            .selectFrom('users')
            .select('id')
            .where('email', '=', demoEmail('Dispatcher'))
            .executeTakeFirstOrThrow()
        ).id,
      );
      const broker = Number(
        (
          await db
            .selectFrom('brokers')
            .select('id')
            .where('status', '=', 'ACTIVE')
            .orderBy('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      const stop = (city: string, stateId: number, zip: string | null, date: string) => ({
        venue: null,
        address: '1 Main St',
        city,
        stateId,
        zip,
        contactName: null,
        contactPhone: null,
        dateType: 'ESTIMATED',
        date,
        dateTo: null,
      });
      const body = {
        loadBoard: 'Central Dispatch',
        externalLoadId: null,
        brokerId: broker,
        shipperId: await first('shippers'),
        carrierId: await first('carriers'),
        dispatcherId: dispatcher,
        driverId: null,
        truckId: null,
        trailerId: null,
        trailerType: 'OPEN',
        pickup: stop('Dallas', state('TX'), '75236', today),
        delivery: stop('Phoenix', state('AZ'), '85001', inDays(3)),
        price: 1500,
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
            vin: makeVin(881, '1HGCM826'),
            year: 2020,
            make: 'Honda',
            model: 'Accord',
            type: 'SEDAN',
            color: null,
            inoperable: false,
            lotNumber: null,
            stockNumber: null,
            price: 1500,
          },
        ],
      };
      const write = async (method: 'POST' | 'PUT', url: string, payload: Body) => {
        const response = await server.call({ method, url, token: tokens.Dispatcher, payload });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        return response.body.value as Body;
      };
      const milesOf = async (orderId: number) =>
        (await db.selectFrom('book_orders').select('route_miles').where('id', '=', orderId).executeTakeFirstOrThrow())
          .route_miles;
      let order = await write('POST', '/api/BookOrder', body);
      const dallasPhoenix = expectedMiles('75236', '85001');
      expect(dallasPhoenix).toBeGreaterThan(800);
      expect(await milesOf(order.id)).toBe(dallasPhoenix);
      const update = async (delivery: Partial<ReturnType<typeof stop>>) => {
        order = await write('PUT', `/api/BookOrder/${order.id}`, {
          ...body,
          delivery: { ...body.delivery, ...delivery },
          version: order.version,
        });
        return milesOf(order.id);
      };
      expect(await update({ city: 'Atlanta', stateId: state('GA'), zip: '30301-1234' })).toBe(
        expectedMiles('75236', '30301'),
      );
      expect(await update({ zip: '00000' })).toBeNull();
      expect(await update({ zip: null })).toBeNull();
      expect(await update({ zip: '30301' })).toBe(expectedMiles('75236', '30301'));
      // The new order is among today's loads at once (the per-day totals move with the write).
      const { loads } = await summary('Manager');
      expect(loads!.today.byStatus.find((s) => s.status === 'NEW')!.count).toBe(
        await orderListCount({ filtered: 'custom', from: today, to: today, status: 'NEW' }),
      );
    });
  });
});
