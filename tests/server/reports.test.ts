import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../schema/expiry';
import { REPORT_PAGE_SIZE } from '../../schema/reports';
import * as weekTotals from '../../server/db/migrations/066_report_week_totals';
import { rebuildOrderTotals } from '../../server/modules/bookOrders/totals';
import { reverseEntry } from '../../server/modules/finances/ledger';
import { milesBetweenZips } from '../../server/places';
import { expectRefused, parseCsv } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * The reports (docs/analytics.md, server/modules/reports): every figure of every report equals the test's
 * own computation over rows it reads straight from the tables (orders, ledger entries, bank matches), summed here in
 * JavaScript with its own week rule, for several periods, filters and groupings; the per-day totals the reports read
 * stay equal to a rebuild after writes (a cancelled order, a voided entry, bank matches); who may read which report,
 * and a driver only their own; the CSV export; bad input refused naming the field.
 */

const today = todayIso();
const DAY = 86_400_000;
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const mondayOf = (day: string) => shift(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
const cents = (dollars: unknown) =>
  dollars === null || dollars === undefined ? null : Math.round(Number(dollars) * 100);
const sum = <T>(list: readonly T[], value: (item: T) => number) => list.reduce((total, item) => total + value(item), 0);
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY + 1;
const DELIVERED = ['DELIVERED', 'INVOICED', 'PAID'];

interface Order {
  id: number;
  order_number: string;
  dispatcher_id: number;
  driver_id: number | null;
  carrier_id: number;
  status: string;
  pickup_date: string;
  delivery_date: string;
  price_cents: number;
  broker_fee_cents: number;
  vehicle_count: number;
  cod_amount_cents: number;
  payment_status: string;
  deleted_at: string | null;
  pickup_city: string;
  pickup_state_id: number;
  pickup_zip: string | null;
  delivery_city: string;
  delivery_state_id: number;
  delivery_zip: string | null;
}
interface Filters {
  dispatcherId?: number;
  driverId?: number;
  carrierId?: number;
}
interface Range {
  from: string;
  to: string;
}
type Row = Record<string, any>;

/** The order figures of a report row, in cents, computed here from order rows. */
function orderSums(list: readonly Order[]) {
  return {
    loads: list.length,
    vehicles: sum(list, (o) => o.vehicle_count),
    gross: sum(list, (o) => o.price_cents),
    brokerFees: sum(list, (o) => o.broker_fee_cents),
    cleanGross: sum(list, (o) => o.price_cents - o.broker_fee_cents),
    codCollected: sum(list, (o) => (DELIVERED.includes(o.status) ? o.cod_amount_cents : 0)),
    paid: sum(list, (o) => (o.payment_status === 'PAID' ? o.price_cents : 0)),
    unpaid: sum(list, (o) => (o.payment_status === 'PAID' ? 0 : o.price_cents)),
  };
}
const MONEY = new Set([
  'gross',
  'brokerFees',
  'cleanGross',
  'codCollected',
  'paid',
  'unpaid',
  'driverPay',
  'deductions',
  'paidToDrivers',
  'collected',
  'margin',
  'previousGross',
  'perVehicle',
  'price',
  'pay',
]);
/** A report row with its money in cents, to compare with sums made here. */
const inCents = (row: Row) =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key, MONEY.has(key) ? cents(value) : value]));
const weeksOf = ({ from, to }: Range) => {
  const weeks: string[] = [];
  for (let week = mondayOf(from); week <= to; week = shift(week, 7)) weeks.push(week);
  return weeks;
};

describe.each(DATABASES)('reports on %s', (kind) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let orders: Order[] = [];
  let ownDriverId: number;

  const readOrders = async () => {
    orders = (
      await server.db
        .selectFrom('book_orders')
        .select([
          'id',
          'order_number',
          'dispatcher_id',
          'driver_id',
          'carrier_id',
          'status',
          'pickup_date',
          'delivery_date',
          'price_cents',
          'broker_fee_cents',
          'vehicle_count',
          'cod_amount_cents',
          'payment_status',
          'deleted_at',
          'pickup_city',
          'pickup_state_id',
          'pickup_zip',
          'delivery_city',
          'delivery_state_id',
          'delivery_zip',
        ])
        .execute()
    ).map((o) => ({
      ...o,
      price_cents: Number(o.price_cents),
      broker_fee_cents: Number(o.broker_fee_cents),
      cod_amount_cents: Number(o.cod_amount_cents),
      vehicle_count: Number(o.vehicle_count),
    })) as Order[];
  };
  /** The booked orders (not deleted, not cancelled) picked up in the range, of the filters. */
  const booked = (range: Range, f: Filters = {}) =>
    orders.filter(
      (o) =>
        !o.deleted_at &&
        o.status !== 'CANCELLED' &&
        o.pickup_date >= range.from &&
        o.pickup_date <= range.to &&
        (f.dispatcherId === undefined || o.dispatcher_id === f.dispatcherId) &&
        (f.driverId === undefined || (o.driver_id ?? 0) === f.driverId) &&
        (f.carrierId === undefined || o.carrier_id === f.carrierId),
    );

  const get = async (url: string, token = tokens.Administrator) => {
    const response = await server.call({ method: 'GET', url, token });
    expect(response.status, `${url} → ${JSON.stringify(response.body).slice(0, 400)}`).toBe(200);
    return response.body.value;
  };
  const query = (params: Record<string, string | number | undefined>) =>
    new URLSearchParams(
      Object.entries(params)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    ).toString();
  const custom = (range: Range, extra: Record<string, string | number | undefined> = {}) =>
    query({ filtered: 'custom', from: range.from, to: range.to, today, ...extra });

  // Ranges of the demo's orders (a year before today to two weeks after): a quarter, a month, and a span over today.
  const quarter: Range = { from: shift(mondayOf(today), -13 * 7), to: shift(mondayOf(today), -1) };
  const month: Range = { from: shift(today, -45), to: shift(today, -15) };
  const aroundToday: Range = { from: shift(today, -10), to: shift(today, 12) };
  let sample: { dispatcherId: number; driverId: number; carrierId: number };

  beforeAll(async () => {
    // The demo ledgers and bank: pay bills, deductions, payments and bank matches to report on.
    server = await startTestServer(kind, { DEMO_LEDGERS: 'true' });
    for (const role of ['Administrator', 'Finance', 'Manager', 'Driver', 'DispatchManager', 'Dispatcher'])
      tokens[role] = await server.login(`${role.toLowerCase()}@haulboard.demo`);
    const driverUser = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'driver@haulboard.demo')
      .executeTakeFirstOrThrow();
    ownDriverId = Number(
      (
        await server.db
          .selectFrom('drivers')
          .select('id')
          .where('user_id', '=', driverUser.id)
          .executeTakeFirstOrThrow()
      ).id,
    );
    await readOrders();
    const withDriver = booked(quarter).find((o) => o.driver_id !== null && o.driver_id !== ownDriverId)!;
    sample = {
      dispatcherId: withDriver.dispatcher_id,
      driverId: withDriver.driver_id!,
      carrierId: withDriver.carrier_id,
    };
    // The demo ledgers on PostgreSQL took over 120 s twice on two cores at load average 13.
  }, 240_000);
  afterAll(() => server?.close());

  describe('weekly report', () => {
    const expectWeeks = (answer: Row, range: Range, f: Filters = {}) => {
      const weeks = weeksOf(range);
      expect(answer.rows.map((r: Row) => r.week)).toEqual(weeks);
      for (const row of answer.rows)
        expect(inCents(row), row.week).toEqual({
          week: row.week,
          ...orderSums(
            booked(
              {
                from: row.week < range.from ? range.from : row.week,
                to: shift(row.week, 6) > range.to ? range.to : shift(row.week, 6),
              },
              f,
            ),
          ),
        });
      expect(inCents(answer.totals)).toEqual(orderSums(booked(range, f)));
      expect(answer.chart).toBeUndefined();
    };

    it('the default: the last 12 weeks (this week and the 11 before), one row per week, empty ones too', async () => {
      const answer = await get(`/api/Reports/weekly-report?${query({ today })}`);
      const range = { from: shift(mondayOf(today), -77), to: shift(mondayOf(today), 6) };
      expect({ from: answer.from, to: answer.to }).toEqual(range);
      expectWeeks(answer, range);
      expect(answer.totals.loads).toBeGreaterThan(100);
    });

    it('a custom period that starts and ends mid-week, with each filter and with filters combined', async () => {
      const range = { from: shift(quarter.from, 3), to: shift(quarter.to, -2) };
      for (const f of [
        {},
        { dispatcherId: sample.dispatcherId },
        { driverId: sample.driverId },
        { carrierId: sample.carrierId },
        { dispatcherId: sample.dispatcherId, carrierId: sample.carrierId },
        { ...sample },
      ] as Filters[]) {
        const answer = await get(`/api/Reports/weekly-report?${custom(range, { ...f })}`);
        expectWeeks(answer, range, f);
      }
    });

    it("grouped by dispatcher or driver: a row per person with loads in a week, named, the chart the weeks' sums", async () => {
      for (const [groupBy, f] of [
        ['dispatcher', {}],
        ['driver', {}],
        ['driver', { carrierId: sample.carrierId }],
        ['dispatcher', { driverId: sample.driverId }],
        ['driver', { dispatcherId: sample.dispatcherId, carrierId: sample.carrierId }],
      ] as ['dispatcher' | 'driver', Filters][]) {
        // Every row on one page (500, the most a page holds).
        const answer = await get(`/api/Reports/weekly-report?${custom(month, { groupBy, ...f, size: 500 })}`);
        const key = groupBy === 'dispatcher' ? 'dispatcherId' : 'driverId';
        const expected = new Map<string, Order[]>();
        for (const o of booked(month, f)) {
          const id = (groupBy === 'dispatcher' ? o.dispatcher_id : o.driver_id) ?? null;
          const at = `${mondayOf(o.pickup_date)}|${id}`;
          expected.set(at, [...(expected.get(at) ?? []), o]);
        }
        expect(answer.rows.length, `${groupBy} ${JSON.stringify(f)}`).toBe(expected.size);
        for (const row of answer.rows) {
          const { week, name, [key]: id, ...figures } = inCents(row);
          expect(figures, `${week} ${name}`).toEqual(orderSums(expected.get(`${week}|${id}`) ?? []));
          expect(name).toEqual(id === null ? 'No driver' : expect.any(String));
        }
        const weeks = answer.rows.map((r: Row) => r.week);
        expect(weeks).toEqual([...weeks].sort());
        expect(answer.chart.map((r: Row) => r.week)).toEqual(weeksOf(month));
        expect(inCents(answer.totals)).toEqual(orderSums(booked(month, f)));
      }
      const named = await get(`/api/Reports/weekly-report?${custom(month, { groupBy: 'dispatcher' })}`);
      const user = await server.db
        .selectFrom('users')
        .select(['first_name', 'last_name'])
        .where('id', '=', named.rows[0].dispatcherId)
        .executeTakeFirstOrThrow();
      expect(named.rows[0].name).toBe(`${user.first_name} ${user.last_name}`);
    });

    it("a week's Loads opens the book-order list without the cancelled loads: the list counts what the report counts", async () => {
      const range = quarter;
      const cancelledWeeks = weeksOf(range).filter((week) =>
        orders.some(
          (o) => !o.deleted_at && o.status === 'CANCELLED' && o.pickup_date >= week && o.pickup_date <= shift(week, 6),
        ),
      );
      expect(cancelledWeeks.length, 'the demo has cancelled loads to leave out').toBeGreaterThan(0);
      // No filter and one person (the rolled-up counts), and a person with a status (the orders counted one by one).
      for (const f of [
        {},
        { driverId: sample.driverId },
        { dispatcherId: sample.dispatcherId, carrierId: sample.carrierId },
      ] as Filters[]) {
        const answer = await get(`/api/Reports/weekly-report?${custom(range, { ...f })}`);
        for (const row of answer.rows) {
          const list = await get(
            `/api/BookOrder/filter-books?${query({ filtered: 'custom', from: row.week, to: shift(row.week, 6), hideCancelled: 'true', ...f, size: 1 })}`,
          );
          expect(list.totalCount, `${row.week} ${JSON.stringify(f)}`).toBe(row.loads);
        }
      }
      const week = cancelledWeeks[0];
      const all = await get(
        `/api/BookOrder/filter-books?${query({ filtered: 'custom', from: week, to: shift(week, 6), size: 1 })}`,
      );
      const withoutCancelled = await get(
        `/api/BookOrder/filter-books?${query({ filtered: 'custom', from: week, to: shift(week, 6), hideCancelled: 'true', size: 1 })}`,
      );
      expect(withoutCancelled.totalCount).toBe(booked({ from: week, to: shift(week, 6) }).length);
      expect(all.totalCount).toBeGreaterThan(withoutCancelled.totalCount);
      const delivered = await get(
        `/api/BookOrder/filter-books?${query({ filtered: 'custom', from: week, to: shift(week, 6), hideCancelled: 'true', status: 'DELIVERED', size: 500 })}`,
      );
      expect(delivered.totalCount).toBe(
        booked({ from: week, to: shift(week, 6) }).filter((o) => o.status === 'DELIVERED').length,
      );
      const cancelledOnly = await get(
        `/api/BookOrder/filter-books?${query({ filtered: 'custom', from: week, to: shift(week, 6), hideCancelled: 'true', status: 'CANCELLED' })}`,
      );
      expect(cancelledOnly.totalCount).toBe(0);
    });
  });

  describe('weekly finance', () => {
    interface Entry {
      driver_id: number;
      posted_on: string;
      type: string;
      direction: string;
      amount_cents: number;
      link_type: string | null;
      link_id: number | null;
    }
    let entries: Entry[] = [];
    let lines: { posted_on: string; item_id: number; amount_cents: number }[] = [];
    const readMoney = async () => {
      entries = (
        await server.db
          .selectFrom('driver_transactions')
          .select(['driver_id', 'posted_on', 'type', 'direction', 'amount_cents', 'link_type', 'link_id'])
          .where('voids_id', 'is', null)
          .where('voided_by_id', 'is', null)
          .where('deleted_at', 'is', null)
          .execute()
      ).map((e) => ({ ...e, amount_cents: Number(e.amount_cents) })) as Entry[];
      lines = (
        await server.db
          .selectFrom('bank_match_lines as l')
          .innerJoin('bank_matches as m', 'm.id', 'l.match_id')
          .innerJoin('bank_transactions as b', 'b.id', 'm.bank_transaction_id')
          .select(['b.posted_on', 'l.item_id', 'l.amount_cents'])
          .where('l.item_type', '=', 'BOOK_ORDER')
          .where('m.undone_at', 'is', null)
          .execute()
      ).map((l) => ({ ...l, amount_cents: Number(l.amount_cents) }));
    };

    const expectFinance = async (range: Range, f: Filters) => {
      const answer = await get(`/api/Reports/weekly-finance?${custom(range, { ...f })}`);
      const byOrder = f.dispatcherId !== undefined || f.carrierId !== undefined;
      const orderOf = new Map(orders.map((o) => [o.id, o]));
      // An entry's driver is its own; a bank line's is its order's.
      const ofOrder = (id: number | null, withDriver: boolean) => {
        const o = id === null ? undefined : orderOf.get(id);
        return (
          !!o &&
          (f.dispatcherId === undefined || o.dispatcher_id === f.dispatcherId) &&
          (f.carrierId === undefined || o.carrier_id === f.carrierId) &&
          (!withDriver || f.driverId === undefined || o.driver_id === f.driverId)
        );
      };
      expect(answer.rows.map((r: Row) => r.week)).toEqual(weeksOf(range));
      for (const row of answer.rows) {
        const days = {
          from: row.week < range.from ? range.from : row.week,
          to: shift(row.week, 6) > range.to ? range.to : shift(row.week, 6),
        };
        const inWeek = entries.filter(
          (e) =>
            e.posted_on >= days.from &&
            e.posted_on <= days.to &&
            (f.driverId === undefined || e.driver_id === f.driverId),
        );
        const pay = inWeek.filter(
          (e) =>
            e.type === 'LOAD_PAY' &&
            e.direction === 'CREDIT' &&
            (!byOrder || (e.link_type === 'BOOK_ORDER' && ofOrder(e.link_id, false))),
        );
        const { loads, gross, brokerFees, cleanGross, codCollected } = orderSums(booked(days, f));
        const driverPay = sum(pay, (e) => e.amount_cents);
        expect(inCents(row), row.week).toEqual({
          week: row.week,
          loads,
          gross,
          brokerFees,
          cleanGross,
          codCollected,
          driverPay,
          margin: cleanGross - driverPay,
          deductions: byOrder
            ? null
            : sum(
                inWeek.filter((e) => e.direction === 'DEBIT' && e.type !== 'PAYMENT'),
                (e) => e.amount_cents,
              ),
          paidToDrivers: byOrder
            ? null
            : sum(
                inWeek.filter((e) => e.direction === 'DEBIT' && e.type === 'PAYMENT'),
                (e) => e.amount_cents,
              ),
          collected: sum(
            lines.filter(
              (l) =>
                l.posted_on >= days.from &&
                l.posted_on <= days.to &&
                (!Object.keys(f).length || ofOrder(l.item_id, true)),
            ),
            (l) => l.amount_cents,
          ),
        });
      }
      return answer;
    };

    /** Two deposits matched to open orders through the API: one pays an order in full, one part of another. */
    const bankDeposits = async () => {
      const open = (
        await server.call({
          method: 'GET',
          url: '/api/TransactionsMatching/open-items?type=BOOK_ORDER&size=50',
          token: tokens.Administrator,
        })
      ).body.value.items as { itemId: number; left: number }[];
      const [full, part] = open.filter((item) => item.left > 100);
      const day = shift(today, -20);
      const usDay = `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
      const file = [
        'Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #',
        ...[
          [full.left, 'FULL'],
          [50, 'PART'],
        ].map(
          ([amount, what]) =>
            `CREDIT,${usDay},"ACH DEPOSIT REPORTS ${what}",${Number(amount).toFixed(2)},ACH_CREDIT,,,`,
        ),
      ].join('\n');
      const imported = await server.call({
        method: 'POST',
        url: '/api/TransactionsMatching/import?fileName=reports.csv',
        token: tokens.Administrator,
        headers: { 'content-type': 'text/csv' },
        payload: file,
      });
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      const rows = (
        await server.call({
          method: 'GET',
          url: `/api/TransactionsMatching/transactions?importId=${imported.body.value.id}&size=10`,
          token: tokens.Administrator,
        })
      ).body.value.items as { id: number; version: number; amount: number }[];
      for (const [row, item] of [
        [rows.find((r) => r.amount !== 50)!, full],
        [rows.find((r) => r.amount === 50)!, part],
      ] as const) {
        const matched = await server.call({
          method: 'POST',
          url: `/api/TransactionsMatching/transactions/${row.id}/matches`,
          token: tokens.Administrator,
          payload: {
            version: row.version,
            lines: [{ itemType: 'BOOK_ORDER', itemId: item.itemId, amount: row.amount }],
          },
        });
        expect(matched.status, JSON.stringify(matched.body)).toBe(200);
      }
      await readOrders();
      expect(orders.find((o) => o.id === full.itemId)!.payment_status).toBe('PAID');
    };

    it("per week: the orders' figures, driver pay, deductions and payments (voids left out), bank money collected, margin", async () => {
      await bankDeposits();
      // A voided load pay in the quarter: neither it nor its void counts.
      const pay = await server.db
        .selectFrom('driver_transactions')
        .selectAll()
        .where('type', '=', 'LOAD_PAY')
        .where('voided_by_id', 'is', null)
        .where('voids_id', 'is', null)
        .where('posted_on', '>=', quarter.from)
        .where('posted_on', '<=', quarter.to)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await server.db.transaction().execute((trx) =>
        reverseEntry(
          trx,
          {
            id: pay.id,
            driverId: pay.driver_id,
            type: 'LOAD_PAY',
            direction: 'CREDIT',
            amountCents: Number(pay.amount_cents),
            linkType: 'BOOK_ORDER',
            linkId: pay.link_id,
          },
          'Wrong rate',
          null,
          quarter.to,
        ),
      );
      await readMoney();
      const year = { from: shift(today, -364), to: today };
      const answer = await expectFinance(year, {});
      for (const column of ['driverPay', 'deductions', 'paidToDrivers', 'collected', 'codCollected'])
        expect(answer.totals[column], column).toBeGreaterThan(0);
      expect(cents(answer.totals.margin)).toBe(cents(answer.totals.cleanGross)! - cents(answer.totals.driverPay)!);
    });

    it("filtered by driver, dispatcher or carrier (deductions and payments to drivers are no dispatcher's: null)", async () => {
      await readMoney();
      const payDriver = entries.find(
        (e) => e.type === 'LOAD_PAY' && e.posted_on >= quarter.from && e.posted_on <= quarter.to,
      )!.driver_id;
      await expectFinance(quarter, { driverId: payDriver });
      const answer = await expectFinance(quarter, { dispatcherId: sample.dispatcherId });
      expect(answer.totals.deductions).toBeNull();
      expect(answer.totals.driverPay).toBeGreaterThan(0);
      await expectFinance(quarter, { carrierId: sample.carrierId, driverId: payDriver });
    });
  });

  describe('per dispatcher and per driver', () => {
    const expectPeople = async (name: 'dispatchers' | 'drivers', range: Range, f: Filters = {}) => {
      const answer = await get(`/api/Reports/${name}?${custom(range, { ...f })}`);
      const idOf = (o: Order) => (name === 'dispatchers' ? o.dispatcher_id : o.driver_id);
      const key = name === 'dispatchers' ? 'dispatcherId' : 'driverId';
      const days = daysBetween(range.from, range.to);
      const previous = { from: shift(range.from, -days), to: shift(range.from, -1) };
      expect(answer.previous.from).toBe(previous.from);
      expect(answer.previous.to).toBe(previous.to);
      const now = booked(range, f);
      const then = booked(previous, f);
      const ids = [...new Set([...now, ...then].map(idOf))];
      expect(answer.rows.map((r: Row) => r[key]).sort()).toEqual([...ids].sort());
      const last = range.to < today ? range.to : today;
      const elapsed = last < range.from ? 0 : daysBetween(range.from, last);
      for (const row of answer.rows) {
        const mine = now.filter((o) => idOf(o) === row[key]);
        const before = then.filter((o) => idOf(o) === row[key]);
        const s = orderSums(mine);
        const loaded = new Set(mine.filter((o) => o.pickup_date <= today).map((o) => o.pickup_date)).size;
        const previousGross = orderSums(before).gross;
        expect(inCents(row), row.name).toEqual({
          [key]: row[key],
          name: row.name,
          loads: s.loads,
          vehicles: s.vehicles,
          gross: s.gross,
          brokerFees: s.brokerFees,
          cleanGross: s.cleanGross,
          perVehicle: s.vehicles ? Math.round(s.gross / s.vehicles) : null,
          loadedDays: row[key] === null ? null : loaded,
          emptyDays: row[key] === null ? null : elapsed - loaded,
          previousGross,
          grossChange: previousGross ? Math.round(((s.gross - previousGross) / previousGross) * 1000) / 10 : null,
        });
      }
      expect(answer.rows.map((r: Row) => r.gross)).toEqual(
        answer.rows.map((r: Row) => r.gross).sort((a: number, b: number) => b - a),
      );
      const totals = orderSums(now);
      expect(inCents(answer.totals)).toMatchObject({
        loads: totals.loads,
        vehicles: totals.vehicles,
        gross: totals.gross,
        brokerFees: totals.brokerFees,
        cleanGross: totals.cleanGross,
        previousGross: orderSums(then).gross,
      });
      expect(inCents(answer.previous.totals)).toMatchObject({
        loads: then.length,
        gross: orderSums(then).gross,
        cleanGross: orderSums(then).cleanGross,
      });
      return answer;
    };

    it('per dispatcher: a month, a span over today (days ahead are neither loaded nor empty), filtered by carrier', async () => {
      const answer = await expectPeople('dispatchers', month);
      expect(answer.rows.length).toBeGreaterThan(1);
      await expectPeople('dispatchers', aroundToday);
      await expectPeople('dispatchers', month, { carrierId: sample.carrierId });
    });

    it('per driver: the loads without a driver a row of their own; filtered by dispatcher, by carrier, by both', async () => {
      const answer = await expectPeople('drivers', aroundToday);
      expect(answer.rows.some((r: Row) => r.driverId === null && r.name === 'No driver')).toBe(true);
      await expectPeople('drivers', month);
      await expectPeople('drivers', month, { dispatcherId: sample.dispatcherId });
      await expectPeople('drivers', quarter, { dispatcherId: sample.dispatcherId, carrierId: sample.carrierId });
    });

    it('the default period is this month, compared with the month-long period before it', async () => {
      const answer = await get(`/api/Reports/drivers?${query({ today })}`);
      expect(answer.from).toBe(`${today.slice(0, 8)}01`);
      expect(shift(answer.to, 1).slice(8)).toBe('01');
    });
  });

  describe('driver loads', () => {
    const expectLoads = async (answer: Row, driverId: number, range: Range) => {
      const driver = await server.db
        .selectFrom('drivers')
        .select(['pay_type', 'pay_rate'])
        .where('id', '=', driverId)
        .executeTakeFirstOrThrow();
      const states = new Map(
        (await server.db.selectFrom('states').select(['id', 'abbreviation']).execute()).map((s) => [
          s.id,
          s.abbreviation,
        ]),
      );
      const mine = booked(range, { driverId }).sort(
        (a, b) => a.pickup_date.localeCompare(b.pickup_date) || a.id - b.id,
      );
      const vehicles = await server.db
        .selectFrom('book_order_vehicles')
        .select(['book_order_id', 'year', 'make', 'model', 'position'])
        .where('book_order_id', 'in', [0, ...mine.map((o) => o.id)])
        .execute();
      const payOf = (o: Order) => {
        const rate = Number(driver.pay_rate);
        if (driver.pay_type === 'PERCENT') return Math.round((o.price_cents * rate) / 10_000);
        if (driver.pay_type === 'FLAT') return rate;
        if (driver.pay_type === 'PER_MILE') {
          const miles = o.pickup_zip && o.delivery_zip ? milesBetweenZips(o.pickup_zip, o.delivery_zip) : null;
          return miles === null ? null : Math.round(Math.round(miles) * rate);
        }
        return null;
      };
      expect(answer.rows.map(inCents)).toEqual(
        mine.map((o) => ({
          id: o.id,
          orderNumber: o.order_number,
          pickupDate: o.pickup_date,
          deliveryDate: o.delivery_date,
          route: `${o.pickup_city}, ${states.get(o.pickup_state_id)} → ${o.delivery_city}, ${states.get(o.delivery_state_id)}`,
          vehicles: vehicles
            .filter((v) => v.book_order_id === o.id)
            .sort((a, b) => a.position - b.position)
            .map((v) => `${v.year} ${v.make} ${v.model}`)
            .join('; '),
          status: o.status,
          price: o.price_cents,
          pay: payOf(o),
        })),
      );
      expect(answer.chart.map((r: Row) => r.week)).toEqual(weeksOf(range));
      for (const week of answer.chart) {
        const inWeek = mine.filter((o) => mondayOf(o.pickup_date) === week.week);
        expect(inCents(week)).toEqual({
          week: week.week,
          loads: inWeek.length,
          price: sum(inWeek, (o) => o.price_cents),
          pay: sum(inWeek, (o) => payOf(o) ?? 0),
        });
      }
      expect(inCents(answer.totals)).toEqual({
        loads: mine.length,
        price: sum(mine, (o) => o.price_cents),
        pay: mine.length ? sum(mine, (o) => payOf(o) ?? 0) : 0,
      });
    };

    it("one driver's loads of the period with route, vehicles, status, price and pay by their rule; pay by week", async () => {
      for (const driverId of [sample.driverId, ownDriverId]) {
        const answer = await get(`/api/Reports/driver-loads?${custom(quarter, { driverId })}`);
        expect(answer.rows.length).toBeGreaterThan(0);
        await expectLoads(answer, driverId, quarter);
      }
      const percent = await server.db
        .selectFrom('drivers')
        .select('id')
        .where('pay_type', '=', 'PERCENT')
        .executeTakeFirst();
      if (percent)
        await expectLoads(
          await get(`/api/Reports/driver-loads?${custom(quarter, { driverId: percent.id })}`),
          Number(percent.id),
          quarter,
        );
    });

    it("a long list of loads comes a page at a time (100 unless said), the totals and chart always the whole period's", async () => {
      // The driver with the most loads over three years (the longest period a report covers).
      const years = { from: addDays(today, -1095), to: today };
      const busiest = await server.db
        .selectFrom('book_orders')
        .select(['driver_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('driver_id', 'is not', null)
        .where('deleted_at', 'is', null)
        .where('status', '<>', 'CANCELLED')
        .where('pickup_date', '>=', years.from)
        .where('pickup_date', '<=', years.to)
        .groupBy('driver_id')
        .orderBy('n', 'desc')
        .executeTakeFirstOrThrow();
      const driverId = Number(busiest.driver_id);
      const loads = Number(busiest.n);
      const size = 10;
      expect(loads, 'the demo data has a driver with more than a page of loads').toBeGreaterThan(size);
      const whole = await get(`/api/Reports/driver-loads?${custom(years, { driverId })}`);
      expect(whole).toMatchObject({ total: loads, page: 1, size: REPORT_PAGE_SIZE });
      expect(whole.rows).toHaveLength(Math.min(loads, REPORT_PAGE_SIZE));
      const first = await get(`/api/Reports/driver-loads?${custom(years, { driverId, size })}`);
      const second = await get(`/api/Reports/driver-loads?${custom(years, { driverId, size, page: 2 })}`);
      expect(first).toMatchObject({ total: loads, page: 1, size });
      expect(first.rows).toHaveLength(size);
      expect(second.rows).toHaveLength(Math.min(size, loads - size));
      expect(first.totals).toEqual(whole.totals);
      expect(second.totals).toEqual(first.totals);
      expect(second.chart).toEqual(first.chart);
      expect(first.totals.loads).toBe(loads);
      // The pages follow each other, as the file (every row) has them.
      const file = parseCsv(
        String(
          (
            await server.call({
              method: 'GET',
              url: `/api/Reports/driver-loads/export?${custom(years, { driverId, page: 2 })}`,
              token: tokens.Administrator,
            })
          ).body,
        ),
      );
      expect(file).toHaveLength(1 + loads);
      expect([...first.rows, ...second.rows].map((row: Row) => row.orderNumber)).toEqual(
        file.slice(1, 1 + first.rows.length + second.rows.length).map((line) => line[0]),
      );
      await expectRefused(
        server,
        {
          method: 'GET',
          url: `/api/Reports/driver-loads?${custom(years, { driverId, page: 0 })}`,
          token: tokens.Administrator,
        },
        400,
        'page',
      );
      await expectRefused(
        server,
        {
          method: 'GET',
          url: `/api/Reports/driver-loads?${custom(years, { driverId, size: 501 })}`,
          token: tokens.Administrator,
        },
        400,
        'size',
      );
    });

    it("any report's long answer comes a page at a time, its totals and chart the whole period's", async () => {
      const whole = await get(`/api/Reports/weekly-report?${custom(quarter, { groupBy: 'driver', size: 500 })}`);
      expect(whole.rows.length).toBeGreaterThan(5);
      expect(whole.total ?? whole.rows.length).toBe(whole.rows.length);
      const second = await get(
        `/api/Reports/weekly-report?${custom(quarter, { groupBy: 'driver', size: 5, page: 2 })}`,
      );
      expect(second).toMatchObject({
        total: whole.rows.length,
        page: 2,
        size: 5,
        totals: whole.totals,
        chart: whole.chart,
      });
      expect(second.rows).toEqual(whole.rows.slice(5, 10));
    });

    it('a driver reads their own without naming themselves; naming another driver is refused', async () => {
      const own = await get(`/api/Reports/driver-loads?${custom(quarter)}`, tokens.Driver);
      await expectLoads(own, ownDriverId, quarter);
      expect(
        await get(`/api/Reports/driver-loads?${custom(quarter, { driverId: ownDriverId })}`, tokens.Driver),
      ).toEqual(own);
      await expectRefused(
        server,
        {
          method: 'GET',
          url: `/api/Reports/driver-loads?${custom(quarter, { driverId: sample.driverId })}`,
          token: tokens.Driver,
        },
        403,
      );
      // Anyone else names the driver.
      await expectRefused(
        server,
        { method: 'GET', url: `/api/Reports/driver-loads?${custom(quarter)}`, token: tokens.Manager },
        400,
        'driverId',
      );
    });
  });

  describe('who reads what', () => {
    const status = async (url: string, token?: string) => (await server.call({ method: 'GET', url, token })).status;
    it('each report by its feature: Finance the weekly report, a Manager not it but weekly finance, a Driver only the driver report', async () => {
      const q = `?${query({ today })}`;
      expect(await status(`/api/Reports/weekly-report${q}`, tokens.Finance)).toBe(200);
      expect(await status(`/api/Reports/weekly-report${q}`, tokens.Manager)).toBe(403);
      expect(await status(`/api/Reports/weekly-finance${q}`, tokens.Manager)).toBe(200);
      expect(await status(`/api/Reports/weekly-finance${q}`, tokens.Dispatcher)).toBe(403);
      expect(await status(`/api/Reports/dispatchers${q}`, tokens.DispatchManager)).toBe(200);
      for (const name of ['weekly-report', 'weekly-finance', 'dispatchers', 'drivers'])
        expect(await status(`/api/Reports/${name}${q}`, tokens.Driver), name).toBe(403);
      expect(await status(`/api/Reports/driver-loads${q}`, tokens.Driver)).toBe(200);
      for (const name of ['weekly-report', 'driver-loads', 'dispatchers'])
        expect(await status(`/api/Reports/${name}${q}`), name).toBe(401);
    });

    it('a company-wide reader sees every driver (a Dispatch manager has no finance screen, yet reads them all)', async () => {
      const mine = await get(`/api/Reports/drivers?${custom(month)}`, tokens.DispatchManager);
      const all = await get(`/api/Reports/drivers?${custom(month)}`);
      expect(mine).toEqual(all);
      expect(mine.rows.length).toBeGreaterThan(5);
    });
  });

  describe('CSV export', () => {
    const exportCsv = (name: string, params: string, token = tokens.Finance) =>
      server.call({ method: 'GET', url: `/api/Reports/${name}/export?${params}`, token });

    it('the rows under the labels of the columns of the grouping, money as decimals, days US, named by report and days', async () => {
      const params = custom(quarter);
      const answer = await get(`/api/Reports/weekly-report?${params}`);
      const response = await exportCsv('weekly-report', params);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="weekly-report-${quarter.from}-to-${quarter.to}.csv"`,
      );
      const [header, ...rows] = parseCsv(String(response.body));
      expect(header).toEqual([
        'Week of',
        'Loads',
        'Vehicles',
        'Gross',
        'Broker fees',
        'Clean gross',
        'COD collected',
        'Paid',
        'Unpaid',
      ]);
      expect(rows).toHaveLength(answer.rows.length);
      const first = answer.rows.find((r: Row) => r.loads > 0);
      const line = rows[answer.rows.indexOf(first)];
      expect(line).toEqual([
        `${first.week.slice(5, 7)}/${first.week.slice(8)}/${first.week.slice(0, 4)}`,
        String(first.loads),
        String(first.vehicles),
        first.gross.toFixed(2),
        first.brokerFees.toFixed(2),
        first.cleanGross.toFixed(2),
        first.codCollected.toFixed(2),
        first.paid.toFixed(2),
        first.unpaid.toFixed(2),
      ]);
      expect(line[3]).toMatch(/^\d+\.\d\d$/);

      const grouped = parseCsv(String((await exportCsv('weekly-report', custom(quarter, { groupBy: 'driver' }))).body));
      expect(grouped[0].slice(0, 2)).toEqual(['Week of', 'Name']);
      const loads = parseCsv(
        String((await exportCsv('driver-loads', custom(quarter, { driverId: sample.driverId }))).body),
      );
      expect(loads[0]).toEqual(['Order', 'Pickup', 'Delivery', 'Route', 'Vehicles', 'Status', 'Price', 'Driver pay']);
      expect(loads[1][1]).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    });

    it('needs Export on the report: a Driver (Read only) cannot export even their own', async () => {
      expect((await exportCsv('driver-loads', custom(quarter), tokens.Driver)).status).toBe(403);
      expect((await exportCsv('weekly-finance', custom(quarter), tokens.Manager)).status).toBe(200);
    });
  });

  describe('bad input', () => {
    const refused = (url: string, statusCode: number, field?: string) =>
      expectRefused(server, { method: 'GET', url, token: tokens.Administrator }, statusCode, field);
    it('400 naming the field; 404 for a report that is not', async () => {
      await refused('/api/Reports/weekly-report?filtered=custom&to=2026-01-31', 400, 'from');
      await refused('/api/Reports/weekly-report?filtered=custom&from=2026-02-01&to=2026-01-31', 400, 'from');
      await refused('/api/Reports/weekly-report?filtered=custom&from=2020-01-01&to=2026-01-31', 400, 'to');
      await refused('/api/Reports/weekly-report?groupBy=month', 400, 'groupBy');
      await refused('/api/Reports/weekly-finance?groupBy=driver', 400, 'groupBy');
      await refused('/api/Reports/weekly-report?driverId=abc', 400, 'driverId');
      await refused('/api/Reports/weekly-report?filtered=forever', 400, 'filtered');
      await refused('/api/Reports/weekly-report?today=2026-02-30', 400, 'today');
      await refused('/api/Reports/weekly-report?driverID=3', 400, 'driverID');
      await refused('/api/Reports/weekly-report/export?filtered=custom', 400, 'from');
      await refused('/api/Reports/monthly-report', 404);
    });
  });

  describe('live data', () => {
    it('a cancelled order leaves the reports at once; the per-day totals stay equal to a rebuild after every write', async () => {
      const order = booked(aroundToday).find((o) => o.status === 'NEW')!;
      const range = { from: order.pickup_date, to: order.pickup_date };
      const before = await get(`/api/Reports/weekly-report?${custom(range)}`);
      const { version } = await get(`/api/BookOrder/${order.id}`);
      const cancelled = await server.call({
        method: 'POST',
        url: `/api/BookOrder/${order.id}/status`,
        token: tokens.Administrator,
        payload: { status: 'CANCELLED', version },
      });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      const after = await get(`/api/Reports/weekly-report?${custom(range)}`);
      expect(after.totals.loads).toBe(before.totals.loads - 1);
      expect(cents(after.totals.gross)).toBe(cents(before.totals.gross)! - order.price_cents);

      const snapshot = async () =>
        (
          await server.db
            .selectFrom('book_order_totals')
            .selectAll()
            .where('count', '!=', 0)
            .orderBy(['dim', 'value', 'day'])
            .execute()
        ).map((r) =>
          [r.dim, r.value, r.day, r.count, r.price_cents, r.fee_cents, r.vehicles, r.cod_cents, r.paid_cents]
            .map(String)
            .join('|'),
        );
      const kept = await snapshot();
      expect(kept.some((line) => line.startsWith('report:dispatcher_id+driver_id+carrier_id|'))).toBe(true);
      await server.db.transaction().execute((trx) => rebuildOrderTotals(trx));
      expect(await snapshot()).toEqual(kept);
    });

    it("the weekly rows an existing database gets by migration 066 are the week's days added up, as the writes keep them", async () => {
      const weekly = async () =>
        (
          await server.db
            .selectFrom('book_order_totals')
            .selectAll()
            .where('dim', 'like', 'week:%')
            .where('count', '!=', 0)
            .orderBy(['dim', 'value', 'day'])
            .execute()
        ).map((r) => Object.values(r).map(String).join('|'));
      const kept = await weekly();
      expect(kept.some((line) => line.startsWith('week:report:dispatcher_id+driver_id+carrier_id|'))).toBe(true);
      await server.db.transaction().execute(async (trx) => {
        await weekTotals.down(trx as never);
        expect(
          await trx.selectFrom('book_order_totals').select('dim').where('dim', 'like', 'week:%').execute(),
        ).toEqual([]);
        await weekTotals.up(trx as never);
      });
      expect(await weekly()).toEqual(kept);
    });
  });
});
