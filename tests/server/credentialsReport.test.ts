import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, todayIso } from '../../schema/expiry';
import { parseCsv } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';
import { shownDriverNames } from '../helpers/driverNames';

/**
 * The credentials report (/api/Reports/driver-license, docs/analytics.md): its rows equal the test's own reading of the
 * tables — each credential column named here, not taken from the definitions — for each of its periods; the groups,
 * days left and the chart's counts; a renewed date leaves the report; who may read it; bad input refused.
 */

const today = todayIso();
const DAY = 86_400_000;
const daysLeft = (on: string) => Math.round((Date.parse(`${on}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY);
const group = (days: number) =>
  days < 0 ? 'Past due' : days <= 30 ? 'Within 30 days' : days <= 60 ? 'In 31 to 60 days' : 'In 61 to 90 days';

/** Each credential: its table and column, its words, its list, and how a row is named (as the lists name it). */
const CREDENTIALS = [
  {
    table: 'drivers',
    column: 'cdl_expires_on',
    credential: 'CDL',
    list: 'Drivers',
    name: (r: any, drivers: Map<number, string>) => drivers.get(r.id),
  },
  {
    table: 'drivers',
    column: 'medical_card_expires_on',
    credential: 'Medical card',
    list: 'Drivers',
    name: (r: any, drivers: Map<number, string>) => drivers.get(r.id),
  },
  {
    table: 'drivers',
    column: 'mvr_checked_on',
    credential: 'MVR review',
    list: 'Drivers',
    name: (r: any, drivers: Map<number, string>) => drivers.get(r.id),
    months: 12,
  },
  {
    table: 'units',
    column: 'registration_expires_on',
    credential: 'Registration',
    list: 'Vehicles',
    name: (r: any, _drivers: Map<number, string>) => r.unit_number,
  },
  {
    table: 'units',
    column: 'annual_inspection_due_on',
    credential: 'Annual inspection',
    list: 'Vehicles',
    name: (r: any, _drivers: Map<number, string>) => r.unit_number,
  },
  {
    table: 'carriers',
    column: 'insurance_expires_on',
    credential: 'Insurance',
    list: 'Carriers',
    name: (r: any, _drivers: Map<number, string>) => r.name,
  },
  {
    table: 'fuel_cards',
    column: 'expires_on',
    credential: 'Card',
    list: 'Fuel cards',
    name: (r: any, _drivers: Map<number, string>) => `•••• ${r.card_last4}`,
  },
] as const;

describe.each(DATABASES)('the credentials report on %s', (kind) => {
  let server: TestServer;
  let admin: string;

  /** What the report must list up to `last` (inclusive), read straight from the tables, soonest first. */
  const expected = async (last: string) => {
    const rows: {
      holder: string;
      credential: string;
      list: string;
      expiresOn: string;
      daysLeft: number;
      due: string;
      id: number;
    }[] = [];
    const drivers = await shownDriverNames(server.db);
    for (const c of CREDENTIALS) {
      const records = await server.db
        .selectFrom(c.table as 'drivers')
        .selectAll()
        .where('deleted_at' as never, 'is', null)
        .execute();
      for (const record of records as any[]) {
        const dated = record[c.column] as string | null;
        if (!dated) continue;
        const expiresOn = 'months' in c ? addMonths(dated, c.months) : dated;
        if (expiresOn > last) continue;
        rows.push({
          holder: c.name(record, drivers)!,
          credential: c.credential,
          list: c.list,
          expiresOn,
          daysLeft: daysLeft(expiresOn),
          due: group(daysLeft(expiresOn)),
          id: Number(record.id),
        });
      }
    }
    return rows.sort((a, b) =>
      a.expiresOn < b.expiresOn
        ? -1
        : a.expiresOn > b.expiresOn
          ? 1
          : a.holder < b.holder
            ? -1
            : a.holder > b.holder
              ? 1
              : a.id - b.id,
    );
  };
  const get = async (query: string, token = admin) =>
    server.call({ method: 'GET', url: `/api/Reports/driver-license?${query}`, token });

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.login('administrator@haulboard.demo');
  }, 120_000);
  afterAll(() => server?.close());

  it("lists every credential due by the period's end and everything past due, grouped, with days left and the chart's counts", async () => {
    for (const days of [30, 60, 90]) {
      const response = await get(`filtered=next_${days}_days&today=${today}`);
      expect(response.status).toBe(200);
      const answer = response.body.value;
      expect({ from: answer.from, to: answer.to }).toEqual({ from: today, to: addDays(today, days) });
      const want = await expected(addDays(today, days));
      expect(want.some((row) => row.due === 'Past due')).toBe(true);
      expect(answer.rows.map(({ route, ...row }: any) => row)).toEqual(want);
      const groups = ['Past due', 'Within 30 days', 'In 31 to 60 days', 'In 61 to 90 days'].slice(0, 1 + days / 30);
      expect(answer.chart).toEqual(
        groups.map((due) => ({ due, credentials: want.filter((row) => row.due === due).length })),
      );
    }
  });

  it("a renewed date leaves it; a deleted record's dates are not listed", async () => {
    const before = (await get(`today=${today}`)).body.value.rows as any[];
    const card =
      before.find((row) => row.credential === 'Medical card' && row.due === 'Past due') ??
      before.find((row) => row.credential === 'Medical card');
    expect(card, 'the demo has a medical card due').toBeDefined();
    await server.db
      .updateTable('drivers')
      .set({ medical_card_expires_on: addDays(today, 400) } as never)
      .where('id', '=', card.id)
      .execute();
    const unit = before.find((row) => row.list === 'Vehicles');
    await server.db
      .updateTable('units')
      .set({ deleted_at: new Date().toISOString() } as never)
      .where('id', '=', unit.id)
      .execute();
    const after = (await get(`today=${today}`)).body.value.rows as any[];
    expect(after.some((row) => row.credential === 'Medical card' && row.id === card.id)).toBe(false);
    expect(after.some((row) => row.list === 'Vehicles' && row.id === unit.id)).toBe(false);
    expect(after.map(({ route, ...row }) => row)).toEqual(await expected(addDays(today, 90)));
  });

  it("each row leads to its record's screen; the CSV has the same rows", async () => {
    const answer = (await get(`today=${today}`)).body.value;
    const routes = {
      Drivers: '/app/management/drivers',
      Vehicles: '/app/management/vehicles',
      Carriers: '/app/management/carrier-management',
      'Fuel cards': '/app/management/fuel-cards',
    } as Record<string, string>;
    for (const row of answer.rows) expect(row.route).toBe(routes[row.list]);
    const csv = await server.call({
      method: 'GET',
      url: `/api/Reports/driver-license/export?today=${today}`,
      token: admin,
    });
    expect(csv.status).toBe(200);
    const lines = parseCsv(String(csv.body));
    expect(lines[0]).toEqual(['Name', 'Credential', 'List', 'Expires', 'Days left', 'When']);
    expect(lines.length - 1).toBe(answer.rows.length);
  });

  it('only for the roles with Driver License; a period of the past or nonsense is refused', async () => {
    expect((await get(`today=${today}`, '')).status).toBe(401);
    const dispatcher = await server.login('dispatcher@haulboard.demo');
    expect((await get(`today=${today}`, dispatcher)).status).toBe(403);
    const fleet = await server.login('fleetmanager@haulboard.demo');
    expect((await get(`today=${today}`, fleet)).status).toBe(200);
    for (const query of ['filtered=this_week', 'filtered=next_45_days', 'today=2026-13-40', 'groupBy=week']) {
      const response = await get(query);
      expect(response.status, query).toBe(400);
    }
  });
});

describe('addMonths', () => {
  it("moves by calendar months, the 31st to a shorter month's last day", () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2026-11-27', 12)).toBe('2027-11-27');
    expect(addMonths('2026-12-15', -12)).toBe('2025-12-15');
  });
});
