import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../schema/expiry';
import { expectRefused, parseCsv } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * The dispatcher pay rules and the dispatcher salary report (docs/analytics.md): every figure equals the test's own
 * computation from the orders and the rules read straight from the tables — each load at the rule in effect on its
 * pickup day, a base day by day (a seventh of the week's base for each day in effect), rounded once per dispatcher
 * and week — for several periods, groupings and filters, before and after rules change through the API; a dispatcher
 * sees only their own rows and rules, a driver their own loads and no pay; who may write rules; bad input refused.
 */

const today = todayIso();
const DAY = 86_400_000;
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const mondayOf = (day: string) => shift(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
const cents = (dollars: unknown) =>
  dollars === null || dollars === undefined ? null : Math.round(Number(dollars) * 100);
/** Half up, as money is rounded. */
const roundDiv = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));

interface Order {
  dispatcher_id: number;
  driver_id: number | null;
  carrier_id: number;
  status: string;
  pickup_date: string;
  price_cents: number;
  broker_fee_cents: number;
  deleted_at: string | null;
}
interface Rule {
  dispatcher_id: number;
  effective_from: string;
  kind: string;
  percent: number;
  base_cents: number | null;
  deleted_at: string | null;
}
interface Filters {
  dispatcherId?: number;
  driverId?: number;
  carrierId?: number;
}
type Row = Record<string, any>;

describe.each(DATABASES)('the dispatcher salary report on %s', (kind) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let dispatcherId: number;

  const readTables = async () => {
    const orders = (await server.db
      .selectFrom('book_orders')
      .select([
        'dispatcher_id',
        'driver_id',
        'carrier_id',
        'status',
        'pickup_date',
        'price_cents',
        'broker_fee_cents',
        'deleted_at',
      ])
      .execute()) as Order[];
    const rules = (await server.db
      .selectFrom('dispatcher_pay_rules')
      .select(['dispatcher_id', 'effective_from', 'kind', 'percent', 'base_cents', 'deleted_at'])
      .execute()) as Rule[];
    const users = await server.db.selectFrom('users').select(['id', 'first_name', 'last_name']).execute();
    return {
      orders,
      rules: rules.filter((r) => r.deleted_at === null),
      names: new Map(users.map((u) => [u.id, `${u.first_name} ${u.last_name}`])),
    };
  };

  /** The report's rows, per dispatcher and per dispatcher-week, computed here (money in cents). */
  const expected = async (from: string, to: string, filters: Filters = {}) => {
    const { orders, rules, names } = await readTables();
    const ruleOn = (dispatcher: number, day: string) =>
      rules
        .filter((r) => r.dispatcher_id === dispatcher && r.effective_from <= day)
        .sort((a, b) => (a.effective_from < b.effective_from ? 1 : -1))[0];
    const weeks = new Map<
      string,
      {
        dispatcher: number;
        week: string;
        loads: number;
        gross: number;
        clean: number;
        exact: number;
        baseDays: number;
        paid: boolean;
      }
    >();
    const weekOf = (dispatcher: number, week: string) => {
      const key = `${dispatcher}|${week}`;
      if (!weeks.has(key))
        weeks.set(key, { dispatcher, week, loads: 0, gross: 0, clean: 0, exact: 0, baseDays: 0, paid: false });
      return weeks.get(key)!;
    };
    for (const o of orders) {
      if (o.deleted_at !== null || o.status === 'CANCELLED' || o.pickup_date < from || o.pickup_date > to) continue;
      if (
        (filters.dispatcherId !== undefined && o.dispatcher_id !== filters.dispatcherId) ||
        (filters.driverId !== undefined && o.driver_id !== filters.driverId) ||
        (filters.carrierId !== undefined && o.carrier_id !== filters.carrierId)
      )
        continue;
      const week = weekOf(o.dispatcher_id, mondayOf(o.pickup_date));
      week.loads += 1;
      week.gross += o.price_cents;
      week.clean += o.price_cents - o.broker_fee_cents;
      const rule = ruleOn(o.dispatcher_id, o.pickup_date);
      if (!rule) continue;
      week.exact +=
        rule.percent * (rule.kind === 'PERCENT_OF_GROSS' ? o.price_cents : o.price_cents - o.broker_fee_cents) * 7;
      week.paid = true;
    }
    // The base, a day at a time: a seventh of the week's base for each day of the period the rule is in effect.
    if (filters.carrierId === undefined && filters.driverId === undefined) {
      for (const dispatcher of new Set(rules.map((r) => r.dispatcher_id))) {
        if (filters.dispatcherId !== undefined && dispatcher !== filters.dispatcherId) continue;
        for (let day = from; day <= to; day = shift(day, 1)) {
          const rule = ruleOn(dispatcher, day);
          if (rule?.kind !== 'BASE_PLUS_PERCENT') continue;
          const week = weekOf(dispatcher, mondayOf(day));
          week.exact += rule.base_cents! * 10_000;
          week.baseDays += rule.base_cents!;
          week.paid = true;
        }
      }
    }
    const weekRows = [...weeks.values()]
      .map((w) => {
        const pay = w.paid ? roundDiv(w.exact, 70_000) : null;
        const base = w.paid && w.baseDays ? roundDiv(w.baseDays, 7) : null;
        return {
          dispatcherId: w.dispatcher,
          name: names.get(w.dispatcher),
          week: w.week,
          loads: w.loads,
          gross: w.gross,
          cleanGross: w.clean,
          pay,
          base,
        };
      })
      .sort((a, b) =>
        a.week < b.week ? -1 : a.week > b.week ? 1 : a.name! < b.name! ? -1 : a.name! > b.name! ? 1 : 0,
      );
    const total = (list: typeof weekRows, key: 'base' | 'pay') =>
      list.some((w) => w[key] !== null) ? list.reduce((s, w) => s + (w[key] ?? 0), 0) : null;
    const dispatcherRows = [...new Set(weekRows.map((w) => w.dispatcherId))]
      .map((id) => {
        const own = weekRows.filter((w) => w.dispatcherId === id);
        return {
          dispatcherId: id,
          name: names.get(id),
          loads: own.reduce((s, w) => s + w.loads, 0),
          gross: own.reduce((s, w) => s + w.gross, 0),
          cleanGross: own.reduce((s, w) => s + w.cleanGross, 0),
          pay: total(own, 'pay'),
          base: total(own, 'base'),
        };
      })
      .sort((a, b) => (a.name! < b.name! ? -1 : a.name! > b.name! ? 1 : a.dispatcherId - b.dispatcherId));
    return { weekRows, dispatcherRows, hasRule: new Set(rules.map((r) => r.dispatcher_id)) };
  };

  const get = (query: string, token = tokens.administrator) =>
    server.call({ method: 'GET', url: `/api/Reports/dispatcher-salary-report?today=${today}&${query}`, token });
  /** A report row as the test computes it: money in cents, without the rule's words and the drill's days. */
  const comparable = ({ rule, from, to, ...row }: Row) => ({
    ...row,
    gross: cents(row.gross),
    cleanGross: cents(row.cleanGross),
    pay: cents(row.pay),
    base: cents(row.base),
  });

  const compare = async (query: string, from: string, to: string, filters: Filters = {}) => {
    const want = await expected(from, to, filters);
    for (const groupBy of ['dispatcher', 'week'] as const) {
      const response = await get(`${query}&groupBy=${groupBy}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const answer = response.body.value;
      expect({ from: answer.from, to: answer.to }).toEqual({ from, to });
      const rows = groupBy === 'week' ? want.weekRows : want.dispatcherRows;
      expect(answer.rows.map(comparable)).toEqual(rows);
      const sumOf = (key: 'loads' | 'gross' | 'cleanGross' | 'pay') => rows.reduce((s, r) => s + (r[key] ?? 0), 0);
      expect({
        loads: answer.totals.loads,
        gross: cents(answer.totals.gross),
        cleanGross: cents(answer.totals.cleanGross),
        pay: cents(answer.totals.pay),
      }).toEqual({
        loads: sumOf('loads'),
        gross: sumOf('gross'),
        cleanGross: sumOf('cleanGross'),
        pay: rows.some((r) => r.pay !== null) ? sumOf('pay') : null,
      });
      // A dispatcher without any rule is shown without pay, saying so.
      for (const row of answer.rows)
        if (!want.hasRule.has(row.dispatcherId)) expect([row.rule, row.pay]).toEqual(['No pay rule: add one', null]);
      if (groupBy === 'week') expect(answer.chart.map(comparable)).toEqual(want.dispatcherRows);
    }
    return want;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const role of ['administrator', 'manager', 'dispatcher', 'driver', 'banking', 'dispatchmanager', 'finance'])
      tokens[role] = await server.login(`${role}@haulboard.demo`);
    dispatcherId = (
      await server.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'dispatcher@haulboard.demo')
        .executeTakeFirstOrThrow()
    ).id;
  }, 120_000);
  afterAll(() => server?.close());

  it('pays each load at the rule in effect on its pickup day, bases by the days in effect, for several periods', async () => {
    const weeks = (await get('')).body.value;
    const want = await compare('filtered=last_12_weeks', weeks.from, weeks.to);
    // The demo shows every case: a base, a rule starting within the period, a dispatcher with no rule.
    expect(want.dispatcherRows.some((row) => row.base !== null)).toBe(true);
    expect(want.dispatcherRows.some((row) => !want.hasRule.has(row.dispatcherId))).toBe(true);
    const month = (await get('filtered=last_month')).body.value;
    await compare('filtered=last_month', month.from, month.to);
    // A custom period starting mid-week: a base is paid for its days only.
    const from = shift(mondayOf(today), -200 + 3);
    await compare(`filtered=custom&from=${from}&to=${shift(from, 120)}`, from, shift(from, 120));
  });

  it('filters by dispatcher and by carrier (percent pay of those loads, no base)', async () => {
    const range = (await get('')).body.value;
    await compare(`dispatcherId=${dispatcherId}`, range.from, range.to, { dispatcherId });
    const carrier = (
      await server.db
        .selectFrom('book_orders')
        .select('carrier_id')
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).carrier_id;
    const want = await compare(`carrierId=${carrier}`, range.from, range.to, { carrierId: carrier });
    expect(want.dispatcherRows.every((row) => row.base === null)).toBe(true);
  });

  it('a change of rule through the API changes history only from its day; a deleted rule no longer applies', async () => {
    const monday = mondayOf(shift(today, -21));
    const thursday = shift(monday, 3);
    const created = await server.call({
      method: 'POST',
      url: '/api/DispatcherPayRules',
      token: tokens.manager,
      payload: {
        dispatcherId,
        effectiveFrom: thursday,
        kind: 'BASE_PLUS_PERCENT',
        percent: 3.5,
        base: 350.5,
        notes: 'Test raise',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const rule = created.body.value;
    expect(rule).toMatchObject({
      dispatcherId,
      effectiveFrom: thursday,
      kind: 'BASE_PLUS_PERCENT',
      percent: 3.5,
      base: 350.5,
    });
    const range = (await get('')).body.value;
    const want = await compare('filtered=last_12_weeks', range.from, range.to);
    // The week it starts pays 4/7 of its base; the week before none of it.
    const week = want.weekRows.find((row) => row.dispatcherId === dispatcherId && row.week === monday)!;
    expect(week.base).toBe(roundDiv(35_050 * 4, 7));
    expect(
      want.weekRows.find((row) => row.dispatcherId === dispatcherId && row.week === shift(monday, -7))?.base ?? null,
    ).toBeNull();
    const words = (await get(`dispatcherId=${dispatcherId}`)).body.value.rows[0].rule as string;
    expect(words).toContain(
      `$350.50 a week + 3.5% of clean gross from ${thursday.slice(5, 7)}/${thursday.slice(8)}/${thursday.slice(0, 4)}`,
    );

    const removed = await server.call({
      method: 'DELETE',
      url: `/api/DispatcherPayRules/${rule.id}`,
      token: tokens.administrator,
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await compare('filtered=last_12_weeks', range.from, range.to);
  });

  it('a dispatcher sees only their own rows and rules; asking for another is refused', async () => {
    const mine = await get('groupBy=week', tokens.dispatcher);
    expect(mine.status).toBe(200);
    expect(mine.body.value.rows.length).toBeGreaterThan(0);
    expect(mine.body.value.rows.every((row: Row) => row.dispatcherId === dispatcherId)).toBe(true);
    const range = mine.body.value;
    expect(mine.body.value.rows.map(comparable)).toEqual(
      (await expected(range.from, range.to, { dispatcherId })).weekRows,
    );
    const other = await server.db
      .selectFrom('dispatcher_pay_rules')
      .select(['id', 'dispatcher_id'])
      .where('dispatcher_id', '<>', dispatcherId)
      .executeTakeFirstOrThrow();
    const refused = await get(`dispatcherId=${other.dispatcher_id}`, tokens.dispatcher);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toMatch(/"pay"/);
    const csv = await server.call({
      method: 'GET',
      url: `/api/Reports/dispatcher-salary-report/export?dispatcherId=${other.dispatcher_id}`,
      token: tokens.dispatcher,
    });
    expect(csv.status).toBe(403);

    const rules = await server.call({
      method: 'GET',
      url: '/api/DispatcherPayRules?size=500',
      token: tokens.dispatcher,
    });
    expect(rules.status).toBe(200);
    expect(rules.body.value.items.length).toBeGreaterThan(0);
    expect(rules.body.value.items.every((r: Row) => r.dispatcherId === dispatcherId)).toBe(true);
    expect(
      (await server.call({ method: 'GET', url: `/api/DispatcherPayRules/${other.id}`, token: tokens.dispatcher }))
        .status,
    ).toBe(404);
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/DispatcherPayRules',
        token: tokens.dispatcher,
        payload: { dispatcherId, effectiveFrom: today, kind: 'PERCENT_OF_GROSS', percent: 50 },
      },
      403,
    );
  });

  it("a driver sees the loads they hauled per dispatcher, and nobody's pay or rules", async () => {
    const driverId = (
      await server.db
        .selectFrom('drivers as d')
        .innerJoin('users as u', 'u.id', 'd.user_id')
        .select('d.id')
        .where('u.email', '=', 'driver@haulboard.demo')
        .executeTakeFirstOrThrow()
    ).id;
    const response = await get('filtered=this_year', tokens.driver);
    expect(response.status).toBe(200);
    const answer = response.body.value;
    const want = await expected(answer.from, answer.to, { driverId });
    expect(answer.rows.length).toBeGreaterThan(0);
    expect(
      answer.rows.map((row: Row) => ({ dispatcherId: row.dispatcherId, loads: row.loads, gross: cents(row.gross) })),
    ).toEqual(
      want.dispatcherRows.map((row) => ({ dispatcherId: row.dispatcherId, loads: row.loads, gross: row.gross })),
    );
    expect(answer.rows.every((row: Row) => row.rule === null && row.base === null && row.pay === null)).toBe(true);
    expect(answer.totals.pay).toBeNull();
    expect((await get('driverId=1', tokens.driver)).status).toBe(driverId === 1 ? 200 : 403);
    const rules = await server.call({ method: 'GET', url: '/api/DispatcherPayRules', token: tokens.driver });
    expect(rules.body.value.items).toEqual([]);
  });

  it('the company-wide readers see everyone; others are refused; the CSV has the same rows', async () => {
    const all = (await get('')).body.value.rows.length;
    for (const role of ['banking', 'dispatchmanager', 'manager'])
      expect((await get('', tokens[role])).body.value.rows.length).toBe(all);
    expect((await get('', tokens.finance)).status).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/Reports/dispatcher-salary-report' })).status).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/DispatcherPayRules', token: tokens.finance })).status).toBe(
      403,
    );
    const csv = await server.call({
      method: 'GET',
      url: `/api/Reports/dispatcher-salary-report/export?today=${today}`,
      token: tokens.banking,
    });
    expect(csv.status).toBe(200);
    const lines = parseCsv(String((csv as any).body ?? ''));
    expect(lines[0]).toEqual(['Dispatcher', 'Loads', 'Gross', 'Clean gross', 'Pay rule', 'Pay', 'Base']);
    expect(lines.length - 1).toBeGreaterThanOrEqual(all);
    // A Dispatcher may not export (Read only).
    expect(
      (
        await server.call({
          method: 'GET',
          url: '/api/Reports/dispatcher-salary-report/export',
          token: tokens.dispatcher,
        })
      ).status,
    ).toBe(403);
  });

  it('refuses bad rules naming the field, a second rule on the same day, a stale version; the manager writes, nothing else changes', async () => {
    const url = '/api/DispatcherPayRules';
    const good = { dispatcherId, effectiveFrom: shift(today, 30), kind: 'PERCENT_OF_GROSS', percent: 7.25 };
    await expectRefused(
      server,
      { method: 'POST', url, token: tokens.manager, payload: { ...good, percent: 100.01 } },
      400,
      'percent',
    );
    await expectRefused(
      server,
      { method: 'POST', url, token: tokens.manager, payload: { ...good, percent: -1 } },
      400,
      'percent',
    );
    await expectRefused(
      server,
      { method: 'POST', url, token: tokens.manager, payload: { ...good, percent: 7.255 } },
      400,
      'percent',
    );
    await expectRefused(
      server,
      { method: 'POST', url, token: tokens.manager, payload: { ...good, percent: 'ten' } },
      400,
      'percent',
    );
    await expectRefused(
      server,
      { method: 'POST', url, token: tokens.manager, payload: { ...good, kind: 'BASE_PLUS_PERCENT' } },
      400,
      'base',
    );
    await expectRefused(
      server,
      { method: 'POST', url, token: tokens.manager, payload: { ...good, kind: 'SALARY' } },
      400,
      'kind',
    );
    await expectRefused(
      server,
      { method: 'POST', url, token: tokens.manager, payload: { ...good, effectiveFrom: '2026-02-30' } },
      400,
      'effectiveFrom',
    );
    await expectRefused(
      server,
      { method: 'POST', url, token: tokens.manager, payload: { ...good, dispatcherId: 999_999 } },
      400,
      'dispatcherId',
    );
    await expectRefused(server, { method: 'POST', url, token: tokens.dispatchmanager, payload: good }, 403);
    await expectRefused(server, { method: 'POST', url, payload: good }, 401);

    const created = await server.call({ method: 'POST', url, token: tokens.manager, payload: { ...good, base: 0 } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.value.base).toBeNull();
    await expectRefused(server, { method: 'POST', url, token: tokens.manager, payload: good }, 409, 'effectiveFrom');
    const { id, version } = created.body.value;
    const updated = await server.call({
      method: 'PUT',
      url: `${url}/${id}`,
      token: tokens.manager,
      payload: { ...good, percent: 7.5, version },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    await expectRefused(
      server,
      { method: 'PUT', url: `${url}/${id}`, token: tokens.manager, payload: { ...good, percent: 8, version } },
      409,
    );
    await expectRefused(server, { method: 'GET', url: `${url}/999999`, token: tokens.manager }, 404);
    // A rule of the future changes nothing yet.
    const range = (await get('')).body.value;
    await compare('filtered=last_12_weeks', range.from, range.to);
  });

  it('refuses a grouping or period the report does not have, naming the field', async () => {
    expect((await get('groupBy=driver')).status).toBe(400);
    expect((await get('filtered=next_30_days')).status).toBe(400);
    const bad = await get('dispatcherId=abc');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/dispatcherId/);
  });
});
