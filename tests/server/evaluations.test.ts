import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../schema/expiry';
import { parseCsv } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';
import { shownDriverNames } from '../helpers/driverNames';

/**
 * Evaluations and the evaluation report (docs/analytics.md): the report's figures equal the test's own reading of the
 * evaluations table — the criteria columns named here, the averages worked out here — per driver and per dispatcher,
 * for several periods and filters; the evaluator comes from the session; the rules of a body; only the evaluator or an
 * administrator changes an evaluation; who may read and write; bad input changes nothing.
 */

const today = todayIso();
const DRIVER_CRITERIA = {
  safety: 'safety',
  onTime: 'on_time',
  damageFree: 'damage_free',
  communication: 'communication',
  paperwork: 'paperwork',
};
const DISPATCHER_CRITERIA = {
  loadPlanning: 'load_planning',
  driverSupport: 'driver_support',
  communication: 'communication',
  paperwork: 'paperwork',
};
const ALL_COLUMNS = [
  'safety',
  'on_time',
  'damage_free',
  'load_planning',
  'driver_support',
  'communication',
  'paperwork',
];
/** An average to a tenth, half up. */
const tenth = (sum: number, n: number) => (n ? Math.round((10 * sum) / n) / 10 : null);
const DAY = 86_400_000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY;

type Row = Record<string, any>;
type View = 'driver' | 'dispatcher';

describe.each(DATABASES)('evaluations on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let manager: string;
  let managerId: number;

  const evaluationsIn = async (from: string, to: string) =>
    (await server.db
      .selectFrom('evaluations')
      .selectAll()
      .where('deleted_at', 'is', null)
      .where('evaluated_on', '>=', from)
      .where('evaluated_on', '<=', to)
      .execute()) as Row[];

  /** The averages of a set of evaluations, read column by column. */
  const averagesOf = (rows: Row[], view: View) => {
    const criteria = view === 'driver' ? DRIVER_CRITERIA : DISPATCHER_CRITERIA;
    const out: Row = { evaluations: rows.length };
    for (const [key, column] of Object.entries(criteria)) {
      const scored = rows
        .map((r) => r[column])
        .filter((v) => v !== null)
        .map(Number);
      out[key] = tenth(
        scored.reduce((a, b) => a + b, 0),
        scored.length,
      );
    }
    const every = rows.flatMap((r) =>
      ALL_COLUMNS.map((c) => r[c])
        .filter((v) => v !== null)
        .map(Number),
    );
    out.overall = tenth(
      every.reduce((a, b) => a + b, 0),
      every.length,
    );
    return out;
  };

  /** What the report must say, from the tables: people of the period or the previous one, best overall first. */
  const expected = async (
    view: View,
    from: string,
    to: string,
    filter: { driverId?: number; dispatcherId?: number } = {},
  ) => {
    const days = daysBetween(from, to) + 1;
    const before = { from: addDays(from, -days), to: addDays(from, -1) };
    let team: Set<number> | null = null;
    if (filter.dispatcherId && view === 'driver') {
      const assignments = (await server.db
        .selectFrom('driver_dispatcher_assignments')
        .selectAll()
        .where('dispatcher_id', '=', filter.dispatcherId)
        .execute()) as Row[];
      team = new Set(
        assignments
          .filter((a) => a.starts_on <= to && (a.ends_on === null || a.ends_on >= from))
          .map((a) => Number(a.driver_id)),
      );
    }
    const keep = (r: Row) => {
      const id = r[`${view}_id`];
      if (id === null) return false;
      if (filter.driverId && (view !== 'driver' || Number(id) !== filter.driverId)) return false;
      if (filter.dispatcherId && view === 'dispatcher' && Number(id) !== filter.dispatcherId) return false;
      return !team || team.has(Number(id));
    };
    const now = (await evaluationsIn(from, to)).filter(keep);
    const then = (await evaluationsIn(before.from, before.to)).filter(keep);
    const ids = [...new Set([...now, ...then].map((r) => Number(r[`${view}_id`])))];
    const names =
      view === 'driver'
        ? await shownDriverNames(server.db)
        : new Map(
            ((await server.db.selectFrom('users').select(['id', 'first_name', 'last_name']).execute()) as Row[]).map(
              (p) => [Number(p.id), `${p.first_name} ${p.last_name}`],
            ),
          );
    const rows = ids
      .map((id) => {
        const mine = (rows: Row[]) => rows.filter((r) => Number(r[`${view}_id`]) === id);
        return {
          [`${view}Id`]: id,
          name: names.get(id),
          ...averagesOf(mine(now), view),
          previousOverall: averagesOf(mine(then), view).overall,
          from,
          to,
        } as Row;
      })
      .sort((a, b) => (b.overall ?? -1) - (a.overall ?? -1) || (a.name! < b.name! ? -1 : a.name! > b.name! ? 1 : 0));
    return {
      rows,
      totals: { ...averagesOf(now, view), previousOverall: averagesOf(then, view).overall },
      previous: { ...before, totals: averagesOf(then, view) },
    };
  };

  const report = (query: string, token = manager) =>
    server.call({ method: 'GET', url: `/api/Reports/evaluation-report?today=${today}&${query}`, token });
  const create = (payload: Row, token = manager) =>
    server.call({ method: 'POST', url: '/api/Evaluations', payload, token });
  const count = async () =>
    Number(
      (
        (await server.db
          .selectFrom('evaluations')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()) as Row
      ).n,
    );

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.login('administrator@haulboard.demo');
    manager = await server.login('manager@haulboard.demo');
    managerId = Number(
      (
        await server.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'manager@haulboard.demo')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }, 120_000);
  afterAll(() => server?.close());

  it('the demo has evaluations of drivers and dispatchers this year and last', async () => {
    const rows = await evaluationsIn(addDays(today, -400), today);
    expect(rows.filter((r) => r.driver_id !== null).length).toBeGreaterThan(100);
    expect(rows.filter((r) => r.dispatcher_id !== null).length).toBeGreaterThan(5);
    expect(
      rows.some((r) =>
        ALL_COLUMNS.some(
          (c) => r[c] === null && (r.driver_id ? !['load_planning', 'driver_support'].includes(c) : true),
        ),
      ),
    ).toBe(true);
  });

  it("per driver and per dispatcher: counts, each criterion's average, the overall and the previous period's, as the tables say", async () => {
    const periods: [string, string, string][] = [
      ['filtered=this_year', `${today.slice(0, 4)}-01-01`, `${today.slice(0, 4)}-12-31`],
      ['filtered=custom&from=2026-01-15&to=2026-06-30', '2026-01-15', '2026-06-30'],
      [`filtered=custom&from=${addDays(today, -120)}&to=${today}`, addDays(today, -120), today],
    ];
    for (const [query, from, to] of periods) {
      for (const view of ['driver', 'dispatcher'] as const) {
        const response = await report(`${query}&groupBy=${view}`);
        expect(response.status, query).toBe(200);
        const answer = response.body.value;
        const want = await expected(view, from, to);
        expect(want.rows.length, `${query} ${view}: the demo has people to compare`).toBeGreaterThan(
          view === 'driver' ? 10 : 2,
        );
        expect({ from: answer.from, to: answer.to }).toEqual({ from, to });
        expect(answer.rows, `${query} ${view}`).toEqual(want.rows);
        expect(answer.totals).toEqual(want.totals);
        expect(answer.previous).toEqual(want.previous);
      }
    }
  });

  it("filters: a driver, a dispatcher, a dispatcher's drivers; a dispatcher's report has no driver's evaluations", async () => {
    const from = `${today.slice(0, 4)}-01-01`;
    const to = `${today.slice(0, 4)}-12-31`;
    const driver = Number((await evaluationsIn(from, to)).find((r) => r.driver_id !== null)!.driver_id);
    const dispatcher = Number((await evaluationsIn(from, to)).find((r) => r.dispatcher_id !== null)!.dispatcher_id);
    const assigned = (await server.db
      .selectFrom('driver_dispatcher_assignments')
      .select('dispatcher_id')
      .where('starts_on', '<=', to)
      .execute()) as Row[];
    const teamLead = Number(assigned[0].dispatcher_id);
    const cases: [string, View, { driverId?: number; dispatcherId?: number }][] = [
      [`driverId=${driver}`, 'driver', { driverId: driver }],
      [`dispatcherId=${dispatcher}&groupBy=dispatcher`, 'dispatcher', { dispatcherId: dispatcher }],
      [`dispatcherId=${teamLead}`, 'driver', { dispatcherId: teamLead }],
    ];
    for (const [query, view, filter] of cases) {
      const answer = (await report(`filtered=this_year&${query}`)).body.value;
      const want = await expected(view, from, to, filter);
      expect(want.rows.length, query).toBeGreaterThan(0);
      expect(answer.rows, query).toEqual(want.rows);
      expect(answer.totals, query).toEqual(want.totals);
    }
    const team = (await report(`filtered=this_year&dispatcherId=${teamLead}`)).body.value.rows.length;
    expect(team).toBeLessThan((await report('filtered=this_year')).body.value.rows.length);
    expect((await report(`filtered=this_year&groupBy=dispatcher&driverId=${driver}`)).body.value.rows).toEqual([]);
  });

  it("an evaluation entered is the signed-in user's, scored as sent, in the report at once; the list says its overall", async () => {
    const driver = (await server.db
      .selectFrom('drivers')
      .select('id')
      .where('deleted_at', 'is', null)
      .where('user_id', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow()) as Row;
    const day = addDays(today, -1);
    const before = (await report(`filtered=custom&from=${day}&to=${day}&driverId=${driver.id}`)).body.value;
    const created = await create({
      driverId: driver.id,
      evaluatedOn: day,
      safety: 5,
      onTime: 4,
      damageFree: null,
      communication: 4,
      paperwork: 2,
      comments: '  Late PODs twice  ',
      evaluatorId: 1,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const dto = created.body.value;
    expect(dto).toMatchObject({
      evaluatorId: managerId,
      subject: 'DRIVER',
      overall: 3.8,
      comments: 'Late PODs twice',
      damageFree: null,
      loadPlanning: null,
      version: 1,
    });
    const me = (await server.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', managerId)
      .executeTakeFirstOrThrow()) as Row;
    expect(dto.evaluatorName).toBe(`${me.first_name} ${me.last_name}`);
    const stored = (await server.db
      .selectFrom('evaluations')
      .selectAll()
      .where('id', '=', dto.id)
      .executeTakeFirstOrThrow()) as Row;
    expect(Number(stored.evaluator_id)).toBe(managerId);
    expect(stored.created_at).toBe(dto.createdAt);
    const after = (await report(`filtered=custom&from=${day}&to=${day}&driverId=${driver.id}`)).body.value;
    expect(after.rows[0].evaluations).toBe((before.rows[0]?.evaluations ?? 0) + 1);
    expect(after.rows).toEqual((await expected('driver', day, day, { driverId: Number(driver.id) })).rows);

    const list = await server.call({
      method: 'GET',
      url: `/api/Evaluations?driverId=${driver.id}&filtered=custom&from=${day}&to=${day}&sort=-overall`,
      token: manager,
    });
    expect(list.status).toBe(200);
    const own = list.body.value.items.find((item: Row) => item.id === dto.id);
    expect(own).toMatchObject({ overall: 3.8, person: dto.person, driverName: dto.person });
    const overalls = list.body.value.items.map((item: Row) => item.overall);
    expect(overalls).toEqual([...overalls].sort((a, b) => b - a));
    const mine = await server.call({
      method: 'GET',
      url: `/api/Evaluations?evaluatorId=${managerId}&size=500`,
      token: manager,
    });
    expect(mine.body.value.items.every((item: Row) => item.evaluatorId === managerId)).toBe(true);
  });

  it('a body is refused naming the field, and nothing is written', async () => {
    const driver = Number(
      (
        (await server.db
          .selectFrom('drivers')
          .select('id')
          .where('deleted_at', 'is', null)
          .where('user_id', 'is', null)
          .orderBy('id')
          .executeTakeFirstOrThrow()) as Row
      ).id,
    );
    const dispatcher = Number(
      (
        (await server.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'dispatcher@haulboard.demo')
          .executeTakeFirstOrThrow()) as Row
      ).id,
    );
    const finance = Number(
      (
        (await server.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'finance@haulboard.demo')
          .executeTakeFirstOrThrow()) as Row
      ).id,
    );
    const day = addDays(today, -3);
    const n = await count();
    const cases: [Row, string][] = [
      [{ evaluatedOn: day, safety: 3 }, 'driverId'],
      [{ driverId: driver, dispatcherId: dispatcher, evaluatedOn: day, safety: 3 }, 'dispatcherId'],
      [{ driverId: driver, evaluatedOn: day, loadPlanning: 4, safety: 3 }, 'loadPlanning'],
      [{ dispatcherId: dispatcher, evaluatedOn: day, safety: 4, communication: 3 }, 'safety'],
      [{ driverId: driver, evaluatedOn: day }, 'safety'],
      [{ dispatcherId: dispatcher, evaluatedOn: day }, 'loadPlanning'],
      [{ driverId: driver, evaluatedOn: day, safety: 6 }, 'safety'],
      [{ driverId: driver, evaluatedOn: day, safety: 0 }, 'safety'],
      [{ driverId: driver, evaluatedOn: day, safety: 2.5 }, 'safety'],
      [{ driverId: driver, evaluatedOn: day, safety: '4' }, 'safety'],
      [{ driverId: driver, evaluatedOn: addDays(today, 2), safety: 4 }, 'evaluatedOn'],
      [{ driverId: driver, evaluatedOn: '2026-02-30', safety: 4 }, 'evaluatedOn'],
      [{ driverId: driver, safety: 4 }, 'evaluatedOn'],
      [{ driverId: 999_999, evaluatedOn: day, safety: 4 }, 'driverId'],
      [{ dispatcherId: finance, evaluatedOn: day, communication: 4 }, 'dispatcherId'],
      [{ dispatcherId: managerId, evaluatedOn: day, communication: 4 }, 'dispatcherId'],
      [{ driverId: driver, evaluatedOn: day, safety: 4, comments: 'x'.repeat(2001) }, 'comments'],
    ];
    for (const [payload, field] of cases) {
      const response = await create(payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(
        response.body.messages.map((m: Row) => m.field),
        JSON.stringify(payload),
      ).toContain(field);
    }
    expect(
      (
        await server.call({
          method: 'POST',
          url: '/api/Evaluations',
          payload: 'not json',
          headers: { 'content-type': 'application/json' },
          token: manager,
        })
      ).status,
    ).toBe(400);
    expect((await server.call({ method: 'GET', url: '/api/Evaluations/999999', token: manager })).status).toBe(404);
    expect((await server.call({ method: 'GET', url: '/api/Evaluations?driverId=abc', token: manager })).status).toBe(
      400,
    );
    expect(await count()).toBe(n);
  });

  it('only the evaluator or an administrator changes an evaluation; a stale version is a conflict', async () => {
    const driver = Number(
      (
        (await server.db
          .selectFrom('drivers')
          .select('id')
          .where('deleted_at', 'is', null)
          .where('user_id', 'is', null)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()) as Row
      ).id,
    );
    const body = {
      driverId: driver,
      evaluatedOn: addDays(today, -5),
      safety: 3,
      onTime: 3,
      damageFree: 3,
      communication: 3,
      paperwork: 3,
      comments: null,
    };
    const byAdmin = (await create(body, admin)).body.value;
    const put = (id: number, payload: Row, token: string) =>
      server.call({ method: 'PUT', url: `/api/Evaluations/${id}`, payload, token });
    const refused = await put(byAdmin.id, { ...body, safety: 1, version: 1 }, manager);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/administrator/);
    expect(
      (await server.call({ method: 'GET', url: `/api/Evaluations/${byAdmin.id}`, token: manager })).body.value,
    ).toMatchObject({ safety: 3, version: 1 });

    const mine = (await create(body)).body.value;
    const changed = await put(mine.id, { ...body, safety: 5, version: 1 }, manager);
    expect(changed.status).toBe(200);
    expect(changed.body.value).toMatchObject({ safety: 5, version: 2, evaluatorId: managerId, overall: 3.4 });
    expect((await put(mine.id, { ...body, safety: 4, version: 1 }, manager)).status).toBe(409);
    const byTheAdmin = await put(mine.id, { ...body, safety: 4, version: 2 }, admin);
    expect(byTheAdmin.status).toBe(200);
    expect(byTheAdmin.body.value.evaluatorId).toBe(managerId);

    // Deleting needs the feature's Delete (administrators by default), and is soft: restored as it was.
    expect((await server.call({ method: 'DELETE', url: `/api/Evaluations/${mine.id}`, token: manager })).status).toBe(
      403,
    );
    expect((await server.call({ method: 'DELETE', url: `/api/Evaluations/${mine.id}`, token: admin })).status).toBe(
      200,
    );
    const gone = await report(`filtered=custom&from=${body.evaluatedOn}&to=${body.evaluatedOn}&driverId=${driver}`);
    expect(gone.body.value.rows).toEqual(
      (await expected('driver', body.evaluatedOn, body.evaluatedOn, { driverId: driver })).rows,
    );
    expect(
      (await server.call({ method: 'POST', url: `/api/Evaluations/${mine.id}/restore`, token: admin })).body.value,
    ).toMatchObject({ deleted: false, safety: 4 });
  });

  it('read and written with the Evaluation feature only; CSV of the report and of the list', async () => {
    expect((await report('filtered=this_year', '')).status).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/Evaluations' })).status).toBe(401);
    for (const email of [
      'dispatcher@haulboard.demo',
      'driver@haulboard.demo',
      'finance@haulboard.demo',
      'dispatchmanager@haulboard.demo',
    ]) {
      const token = await server.login(email);
      expect((await report('filtered=this_year', token)).status, email).toBe(403);
      expect((await server.call({ method: 'GET', url: '/api/Evaluations', token })).status, email).toBe(403);
      expect((await create({ driverId: 1, evaluatedOn: today, safety: 3 }, token)).status, email).toBe(403);
    }
    const csv = await server.call({
      method: 'GET',
      url: `/api/Reports/evaluation-report/export?today=${today}&filtered=this_year&groupBy=dispatcher`,
      token: manager,
    });
    expect(csv.status).toBe(200);
    const lines = parseCsv(String(csv.body));
    expect(lines[0]).toEqual([
      'Name',
      'Evaluations',
      'Load planning',
      'Driver support',
      'Communication',
      'Paperwork and POD',
      'Overall',
      'Overall, previous period',
    ]);
    expect(lines.length - 1).toBe((await report('filtered=this_year&groupBy=dispatcher')).body.value.rows.length);
    const list = await server.call({ method: 'GET', url: '/api/Evaluations/export', token: manager });
    expect(list.status).toBe(200);
    expect(parseCsv(String(list.body))[0]).toContain('Overall');
    for (const query of [
      'groupBy=week',
      'filtered=next_30_days',
      'driverId=abc',
      'filtered=custom&from=2026-05-01',
      'bogus=1',
    ]) {
      expect((await report(query)).status, query).toBe(400);
    }
  });

  it("granted the report, a driver sees only their own evaluations, never another's or a dispatcher's", async () => {
    const id = async (table: 'roles' | 'features', column: string, value: string) =>
      Number(
        (
          (await server.db
            .selectFrom(table as never)
            .select('id' as never)
            .where(column as never, '=', value as never)
            .executeTakeFirstOrThrow()) as Row
        ).id,
      );
    await server.db
      .insertInto('role_feature_permissions')
      .values({
        role_id: await id('roles', 'name', 'Driver'),
        feature_id: await id('features', 'key', 'EvaluationReport'),
        permission: 'Read',
      } as never)
      .execute();
    server = await server.restart();
    manager = await server.login('manager@haulboard.demo');
    const token = await server.login('driver@haulboard.demo');
    const driverUser = Number(
      (
        (await server.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'driver@haulboard.demo')
          .executeTakeFirstOrThrow()) as Row
      ).id,
    );
    const own = Number(
      (
        (await server.db
          .selectFrom('drivers')
          .select('id')
          .where('user_id', '=', driverUser)
          .executeTakeFirstOrThrow()) as Row
      ).id,
    );
    const mine = (
      await server.db
        .selectFrom('evaluations')
        .select('id')
        .where('driver_id', '=', own)
        .where('deleted_at', 'is', null)
        .execute()
    )
      .map((r) => Number(r.id))
      .sort((a, b) => a - b);
    expect(mine.length).toBeGreaterThan(0);
    const list = await server.call({ method: 'GET', url: '/api/Evaluations?size=500', token });
    expect(list.status).toBe(200);
    expect(list.body.value.items.map((item: Row) => item.id).sort((a: number, b: number) => a - b)).toEqual(mine);
    const other = Number(
      (
        (await server.db
          .selectFrom('evaluations')
          .select('id')
          .where('driver_id', '<>', own)
          .executeTakeFirstOrThrow()) as Row
      ).id,
    );
    expect((await server.call({ method: 'GET', url: `/api/Evaluations/${other}`, token })).status).toBe(404);
    const from = `${today.slice(0, 4)}-01-01`;
    const answer = (await report('filtered=this_year', token)).body.value;
    expect(answer.rows).toEqual((await expected('driver', from, `${today.slice(0, 4)}-12-31`, { driverId: own })).rows);
    expect(answer.rows.every((row: Row) => row.driverId === own)).toBe(true);
    expect((await report('filtered=this_year&groupBy=dispatcher', token)).body.value.rows).toEqual([]);
    expect((await report(`filtered=this_year&driverId=${own + 1}`, token)).status).toBe(403);
    // Read alone: no evaluating.
    expect((await create({ driverId: own, evaluatedOn: today, safety: 5 }, token)).status).toBe(403);
  });
});
