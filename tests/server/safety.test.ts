import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../schema/expiry';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * The safety picture: GET /api/Tickets/safety, per driver or per carrier, the inspection violations of the last 24
 * months weighted as FMCSA's SMS method does (docs/product/tickets.md#safety). The inspections are recorded through the
 * API around a fixed asOf (far from the demo company's dates, so nothing else lands in the window); the expected
 * figures are worked out below, plainly, from the codes' severities as the violation dropdown answers them — not by the
 * server's module.
 */

const SAFETY = '/api/Tickets/safety';
const AS_OF = '2035-06-30';
const BASIC_ORDER = [
  'UNSAFE_DRIVING',
  'CRASH_INDICATOR',
  'HOS_COMPLIANCE',
  'VEHICLE_MAINTENANCE',
  'CONTROLLED_SUBSTANCES',
  'HM_COMPLIANCE',
  'DRIVER_FITNESS',
];
const CHALLENGE_ORDER = ['NONE', 'TO_FILE', 'FILED', 'ACCEPTED', 'DENIED'];

/**
 * The SMS time weight on 2035-06-30, its bands written out by hand: after 2034-12-30 (within 6 months) 3, after
 * 2034-06-30 (6–12 months) 2, after 2033-06-30 (12–24 months) 1; older, or after asOf, nothing.
 */
const timeWeightOnAsOf = (date: string) =>
  date > AS_OF ? 0 : date > '2034-12-30' ? 3 : date > '2034-06-30' ? 2 : date > '2033-06-30' ? 1 : 0;

type Who = 'a' | 'b';
interface Fixture {
  name: string;
  date: string;
  driver: Who;
  carrier: 'main' | 'other';
  violations: [code: string, outOfService: boolean][];
  challenge?: 'NONE' | 'TO_FILE' | 'FILED' | 'ACCEPTED' | 'DENIED';
  deadline?: string;
  deleteReport?: boolean;
  deleteTicket?: boolean;
}

/** Every band, out of service and not, one BASIC over the 30 cap, and each thing that keeps an inspection out. */
const FIXTURES: Fixture[] = [
  {
    name: 'SAF-1',
    date: '2035-05-01',
    driver: 'a',
    carrier: 'main',
    violations: [
      ['392.2-SLLS4', true],
      ['393.75A', false],
    ],
  },
  // Vehicle maintenance 10 + 8 + 10 + 6 = 34: capped at 30 before the time weight.
  {
    name: 'SAF-2',
    date: '2035-01-15',
    driver: 'a',
    carrier: 'main',
    violations: [
      ['393.75A', true],
      ['393.75C-TAOTD-LT2/32', false],
      ['396.9C2OOSO', false],
      ['393.9H', false],
      ['395.8E-HOSPD', false],
    ],
    challenge: 'FILED',
    deadline: '2035-07-15',
  },
  // The most recent day of the 6–12 months band.
  {
    name: 'SAF-3',
    date: '2034-12-30',
    driver: 'b',
    carrier: 'main',
    violations: [
      ['395.3A1-HOSPD', true],
      ['392.16', false],
    ],
    challenge: 'TO_FILE',
    deadline: '2035-07-01',
  },
  {
    name: 'SAF-4',
    date: '2034-03-01',
    driver: 'b',
    carrier: 'main',
    violations: [
      ['391.41A-MCPC', false],
      ['393.9ALSML', false],
    ],
    challenge: 'DENIED',
  },
  {
    name: 'SAF-5',
    date: '2034-10-01',
    driver: 'b',
    carrier: 'main',
    violations: [
      ['392.2-SLLS4', true],
      ['393.9H', true],
    ],
    challenge: 'ACCEPTED',
  },
  {
    name: 'SAF-6',
    date: '2034-11-01',
    driver: 'a',
    carrier: 'main',
    violations: [['393.75A', true]],
    deleteReport: true,
  },
  // Exactly 24 months before asOf: out of the window; the day after it is the oldest day in (a clean inspection).
  { name: 'SAF-7', date: '2033-06-30', driver: 'a', carrier: 'main', violations: [['392.16', false]] },
  { name: 'SAF-8', date: '2033-07-01', driver: 'b', carrier: 'main', violations: [] },
  {
    name: 'SAF-9',
    date: '2034-07-01',
    driver: 'a',
    carrier: 'other',
    violations: [
      ['395.8A1-HOSP', false],
      ['393.45DLUV', true],
    ],
    challenge: 'TO_FILE',
  },
  {
    name: 'SAF-10',
    date: '2035-03-01',
    driver: 'b',
    carrier: 'main',
    violations: [['393.75A', true]],
    deleteTicket: true,
  },
  {
    name: 'SAF-11',
    date: '2035-07-01',
    driver: 'a',
    carrier: 'main',
    violations: [['392.2-SLLS4', false]],
    challenge: 'FILED',
  },
];

interface Code {
  id: number;
  code: string;
  description: string;
  basic: string;
  severity: number;
}

/** The picture worked out by hand from the fixtures a filter keeps (a driver's, or a carrier's). */
function expectedPicture(codes: Map<string, Code>, keep: (f: Fixture) => boolean, driverIds: Record<Who, number>) {
  const inWindow = FIXTURES.filter(
    (f) => keep(f) && !f.deleteReport && !f.deleteTicket && timeWeightOnAsOf(f.date) > 0,
  );
  const counted = inWindow.filter((f) => f.challenge !== 'ACCEPTED');
  const basics: Record<string, { weight: number; inspections: number; violations: number; oosViolations: number }> = {};
  for (const basic of BASIC_ORDER) basics[basic] = { weight: 0, inspections: 0, violations: 0, oosViolations: 0 };
  const drivers: Record<string, { total: number; weights: Record<string, number> }> = {};
  const byCode: Record<string, { count: number; oosCount: number; weight: number }> = {};
  const inspectionWeight: Record<string, number> = {};
  for (const f of counted) {
    const tw = timeWeightOnAsOf(f.date);
    const driverId = String(driverIds[f.driver]);
    drivers[driverId] ??= { total: 0, weights: Object.fromEntries(BASIC_ORDER.map((b) => [b, 0])) };
    inspectionWeight[f.name] = 0;
    for (const basic of BASIC_ORDER) {
      const lines = f.violations.filter(([code]) => codes.get(code)!.basic === basic);
      if (!lines.length) continue;
      let severitySum = 0;
      for (const [code, oos] of lines) severitySum += codes.get(code)!.severity + (oos ? 2 : 0);
      const capped = severitySum > 30 ? 30 : severitySum;
      const weight = capped * tw;
      basics[basic].weight += weight;
      basics[basic].inspections += 1;
      basics[basic].violations += lines.length;
      basics[basic].oosViolations += lines.filter(([, oos]) => oos).length;
      drivers[driverId].weights[basic] += weight;
      drivers[driverId].total += weight;
      inspectionWeight[f.name] += weight;
      for (const [code, oos] of lines) {
        byCode[code] ??= { count: 0, oosCount: 0, weight: 0 };
        byCode[code].count += 1;
        if (oos) byCode[code].oosCount += 1;
        byCode[code].weight += ((codes.get(code)!.severity + (oos ? 2 : 0)) / severitySum) * capped * tw;
      }
    }
  }
  const byStatus: Record<string, number> = Object.fromEntries(CHALLENGE_ORDER.map((s) => [s, 0]));
  for (const f of inWindow) byStatus[f.challenge ?? 'NONE'] += 1;
  const open = inWindow
    .filter((f) => f.challenge === 'TO_FILE' || f.challenge === 'FILED')
    .map((f) => ({
      reportNumber: f.name,
      status: f.challenge,
      deadline: f.deadline ?? null,
      weight: inspectionWeight[f.name],
    }));
  const totalWeight = BASIC_ORDER.reduce((sum, b) => sum + basics[b].weight, 0);
  return {
    inspections: counted.length,
    inspectionsWithViolations: counted.filter((f) => f.violations.length > 0).length,
    totalWeight,
    basics,
    drivers,
    byCode,
    byStatus,
    open,
  };
}

describe.each(DATABASES)('the safety picture on %s', (kind) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const codes = new Map<string, Code>();
  let driverIds: Record<Who, number>;
  let carrierIds: Record<'main' | 'other', number>;
  const reports: Record<string, { id: number; ticketId: number }> = {};

  const call = async (url: string, token = tokens.Manager) => server.call({ method: 'GET', url, token });
  const picture = async (query: string) => {
    const response = await call(`${SAFETY}?${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.value;
  };
  const post = async (url: string, payload: Record<string, unknown>) => {
    const response = await server.call({ method: 'POST', url, token: tokens.Manager, payload });
    expect(response.status, `${url}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body.value;
  };
  /** A roadside-inspection ticket with one inspection report, recorded as the screens do. */
  const record = async (f: Fixture) => {
    const ticket = await post('/api/Tickets', {
      type: 'ROADSIDE_INSPECTION',
      date: f.date,
      driverId: driverIds[f.driver],
      carrierId: carrierIds[f.carrier],
    });
    const report = await post('/api/InspectionReports', {
      ticketId: ticket.id,
      reportNumber: f.name,
      level: 'I',
      category: 'VEHICLE_MAINTENANCE',
      violations: f.violations.map(([code, outOfService]) => ({
        violationNumberId: codes.get(code)!.id,
        outOfService,
      })),
      challengeStatus: f.challenge ?? 'NONE',
      challengeDeadline: f.deadline ?? null,
    });
    return { id: Number(report.id), ticketId: Number(ticket.id) };
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const role of ['Manager', 'Administrator', 'Driver', 'Dispatcher'])
      tokens[role] = await server.login(`${role.toLowerCase()}@haulboard.demo`);
    const dropdown = await call('/api/Tickets/get-all-violation-number-dropdown');
    expect(dropdown.status).toBe(200);
    for (const c of dropdown.body.value as Code[]) codes.set(c.code, c);
    const drivers = await server.db
      .selectFrom('drivers')
      .select('id')
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .limit(2)
      .execute();
    const carriers = await server.db
      .selectFrom('carriers')
      .select('id')
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .limit(2)
      .execute();
    driverIds = { a: Number(drivers[0].id), b: Number(drivers[1].id) };
    carrierIds = { main: Number(carriers[0].id), other: Number(carriers[1].id) };
    for (const f of FIXTURES) reports[f.name] = await record(f);
    for (const f of FIXTURES.filter((x) => x.deleteReport)) {
      expect(
        (
          await server.call({
            method: 'DELETE',
            url: `/api/Tickets/inspectionreport/remove/${reports[f.name].id}`,
            token: tokens.Manager,
          })
        ).status,
      ).toBe(200);
    }
    for (const f of FIXTURES.filter((x) => x.deleteTicket)) {
      expect(
        (
          await server.call({
            method: 'DELETE',
            url: `/api/Tickets/ticket/remove/${reports[f.name].ticketId}`,
            token: tokens.Manager,
          })
        ).status,
      ).toBe(200);
    }
    // The API refuses a code twice on one report; a second line written past it still counts once.
    const twice = await server.db
      .selectFrom('inspection_violations')
      .selectAll()
      .where('inspection_report_id', '=', reports['SAF-3'].id)
      .orderBy('position', 'desc')
      .executeTakeFirstOrThrow();
    const { id: _id, ...line } = twice;
    await server.db
      .insertInto('inspection_violations')
      .values({ ...line, position: line.position + 1 })
      .execute();
  }, 120_000);
  afterAll(() => server?.close());

  /** The answer matches the hand computation, figure by figure. */
  function expectMatches(answer: any, expected: ReturnType<typeof expectedPicture>) {
    expect(answer.asOf).toBe(AS_OF);
    expect(answer.window).toEqual({ from: '2033-07-01', to: AS_OF });
    expect(answer.timeWeights).toEqual([
      { weight: 3, from: '2034-12-31', to: AS_OF },
      { weight: 2, from: '2034-07-01', to: '2034-12-30' },
      { weight: 1, from: '2033-07-01', to: '2034-06-30' },
    ]);
    expect(answer.inspections).toBe(expected.inspections);
    expect(answer.inspectionsWithViolations).toBe(expected.inspectionsWithViolations);
    expect(answer.totalWeight).toBe(expected.totalWeight);
    expect(answer.basics.map((b: any) => b.basic)).toEqual(BASIC_ORDER);
    for (const row of answer.basics) {
      expect({
        basic: row.basic,
        weight: row.weight,
        inspections: row.inspections,
        violations: row.violations,
        oosViolations: row.oosViolations,
      }).toEqual({ basic: row.basic, ...expected.basics[row.basic] });
    }
    const expectedCodes = Object.entries(expected.byCode).sort(([, x], [, y]) => y.weight - x.weight);
    expect(answer.codes).toHaveLength(Math.min(10, expectedCodes.length));
    for (const row of answer.codes) {
      const want = expected.byCode[row.code];
      expect(want, `${row.code} is not among the expected codes`).toBeDefined();
      expect(row.count).toBe(want.count);
      expect(row.oosCount).toBe(want.oosCount);
      expect(row.weight).toBeCloseTo(want.weight, 2);
      expect(row).toMatchObject({
        basic: codes.get(row.code)!.basic,
        severity: codes.get(row.code)!.severity,
        description: codes.get(row.code)!.description,
        violationNumberId: codes.get(row.code)!.id,
      });
    }
    const weights = answer.codes.map((c: any) => c.weight);
    expect(weights).toEqual([...weights].sort((x, y) => y - x));
    expect(answer.challenges.byStatus).toEqual(
      CHALLENGE_ORDER.map((status) => expect.objectContaining({ status, count: expected.byStatus[status] })),
    );
    const open = [...expected.open].sort((x, y) => (x.deadline ?? '9999').localeCompare(y.deadline ?? '9999'));
    expect(
      answer.challenges.open.map((o: any) => ({
        reportNumber: o.reportNumber,
        status: o.status,
        deadline: o.deadline,
        weight: o.weight,
      })),
    ).toEqual(open);
    for (const o of answer.challenges.open) expect(o.ticketId).toBe(reports[o.reportNumber].ticketId);
  }

  it('a carrier: the SMS-weighted figures equal an independent computation, and its drivers share them out', async () => {
    const answer = await picture(`carrierId=${carrierIds.main}&asOf=${AS_OF}`);
    const expected = expectedPicture(codes, (f) => f.carrier === 'main', driverIds);
    expect(answer.subject).toMatchObject({ kind: 'carrier', id: carrierIds.main });
    expectMatches(answer, expected);
    // The figures the fixtures were chosen for, spelled out: the cap, the bands, out of service.
    const basic = (key: string) => answer.basics.find((b: any) => b.basic === key);
    expect(basic('VEHICLE_MAINTENANCE').weight).toBe(8 * 3 + 30 * 3 + 2 * 1);
    expect(basic('UNSAFE_DRIVING').weight).toBe(12 * 3 + 7 * 2);
    expect(basic('HOS_COMPLIANCE').weight).toBe(7 * 3 + 9 * 2);
    expect(basic('DRIVER_FITNESS')).toMatchObject({ weight: 1, inspections: 1, violations: 1, oosViolations: 0 });
    expect(answer.inspections).toBe(5);
    expect(answer.challenges.byStatus.map((s: any) => s.count)).toEqual([2, 1, 1, 1, 1]);
    // The drivers, largest first, each with their sums per BASIC; they add up to the carrier's.
    const drivers = Object.entries(expected.drivers)
      .map(([id, d]) => ({ driverId: Number(id), total: d.total, weights: d.weights }))
      .sort((x, y) => y.total - x.total);
    expect(answer.drivers.map((d: any) => ({ driverId: d.driverId, total: d.total, weights: d.weights }))).toEqual(
      drivers,
    );
    expect(answer.drivers.reduce((sum: number, d: any) => sum + d.total, 0)).toBe(answer.totalWeight);
    for (const d of answer.drivers) expect(d.driverName).toEqual(expect.any(String));
  });

  it('a driver: the same arithmetic over their inspections for every carrier, without a drivers list', async () => {
    for (const who of ['a', 'b'] as const) {
      const answer = await picture(`driverId=${driverIds[who]}&asOf=${AS_OF}`);
      expect(answer.subject).toMatchObject({ kind: 'driver', id: driverIds[who] });
      expect(answer.drivers).toBeNull();
      expectMatches(
        answer,
        expectedPicture(codes, (f) => f.driver === who, driverIds),
      );
    }
    const a = await picture(`driverId=${driverIds.a}&asOf=${AS_OF}`);
    // SAF-9 (the other carrier, the oldest day of the 6–12 band) counts for the driver: HOS 5×2, VM (4+2)×2.
    expect(a.basics.find((b: any) => b.basic === 'HOS_COMPLIANCE').weight).toBe(7 * 3 + 5 * 2);
  });

  it('a later asOf moves inspections down the bands and out of the window', async () => {
    // On 2035-07-15 the bands start after 2035-01-15, 2034-07-15 and 2033-07-15.
    const later = await picture(`carrierId=${carrierIds.main}&asOf=2035-07-15`);
    const now = await picture(`carrierId=${carrierIds.main}&asOf=${AS_OF}`);
    const vm = (p: any) => p.basics.find((b: any) => b.basic === 'VEHICLE_MAINTENANCE').weight;
    const ud = (p: any) => p.basics.find((b: any) => b.basic === 'UNSAFE_DRIVING').weight;
    // SAF-2 (2035-01-15) moves to the 6–12 band: its capped 30 counts ×2, not ×3. SAF-11 (2035-07-01) comes in with a
    // speeding 10 ×3; SAF-8 (2033-07-01, clean) leaves the window.
    expect(vm(now) - vm(later)).toBe(30);
    expect(ud(later) - ud(now)).toBe(30);
    expect(later.inspections).toBe(now.inspections);
    expect(later.challenges.byStatus.find((s: any) => s.status === 'FILED').count).toBe(2);
    const gone = await picture(`carrierId=${carrierIds.main}&asOf=2040-01-01`);
    expect(gone).toMatchObject({ inspections: 0, totalWeight: 0, drivers: [], codes: [], challenges: { open: [] } });
  });

  it('recording an inspection with two violations, one out of service, changes the driver’s BASIC picture by their weight', async () => {
    const before = await picture(`driverId=${driverIds.b}`);
    const today = todayIso();
    expect(before.asOf).toBe(today);
    const ticket = await post('/api/Tickets', {
      type: 'ROADSIDE_INSPECTION',
      date: today,
      driverId: driverIds.b,
      carrierId: carrierIds.main,
    });
    await post('/api/InspectionReports', {
      ticketId: ticket.id,
      reportNumber: 'SAF-TODAY',
      level: 'I',
      category: 'HOS_COMPLIANCE',
      violations: [
        { violationNumberId: codes.get('395.8A1-HOSP')!.id, outOfService: true },
        { violationNumberId: codes.get('393.9H')!.id, outOfService: false },
      ],
    });
    const after = await picture(`driverId=${driverIds.b}`);
    const delta = (key: string) => {
      const [x, y] = [before, after].map((p) => p.basics.find((b: any) => b.basic === key));
      return {
        weight: y.weight - x.weight,
        inspections: y.inspections - x.inspections,
        violations: y.violations - x.violations,
        oosViolations: y.oosViolations - x.oosViolations,
      };
    };
    expect(delta('HOS_COMPLIANCE')).toEqual({
      weight: (codes.get('395.8A1-HOSP')!.severity + 2) * 3,
      inspections: 1,
      violations: 1,
      oosViolations: 1,
    });
    expect(delta('VEHICLE_MAINTENANCE')).toEqual({
      weight: codes.get('393.9H')!.severity * 3,
      inspections: 1,
      violations: 1,
      oosViolations: 0,
    });
    expect(after.inspections).toBe(before.inspections + 1);
  });

  it('who may ask: the tickets’ readers; not a driver or a dispatcher; nobody without signing in', async () => {
    expect((await server.call({ method: 'GET', url: `${SAFETY}?carrierId=${carrierIds.main}` })).status).toBe(401);
    for (const role of ['Driver', 'Dispatcher']) {
      const refused = await call(`${SAFETY}?driverId=${driverIds.a}`, tokens[role]);
      expect(refused.status, role).toBe(403);
      expect(JSON.stringify(refused.body)).not.toContain('weight');
    }
    for (const role of ['Manager', 'Administrator'])
      expect((await call(`${SAFETY}?carrierId=${carrierIds.main}&asOf=${AS_OF}`, tokens[role])).status, role).toBe(200);
  });

  it('exactly one of driverId and carrierId, a real date, a known record', async () => {
    const refused = async (query: string, field: string, status = 400) => {
      const response = await call(`${SAFETY}${query}`);
      expect(response.status, query).toBe(status);
      if (field)
        expect(
          response.body.messages.map((m: any) => m.field),
          query,
        ).toContain(field);
      return response.body;
    };
    await refused('', 'driverId');
    await refused(`?asOf=${AS_OF}`, 'driverId');
    await refused(`?driverId=${driverIds.a}&carrierId=${carrierIds.main}`, 'carrierId');
    await refused('?driverId=abc', 'driverId');
    await refused(`?carrierId=${carrierIds.main}&asOf=2035-02-30`, 'asOf');
    await refused(`?carrierId=${carrierIds.main}&asOf=06/30/2035`, 'asOf');
    await refused(`?carrierId=${carrierIds.main}&basic=UNSAFE_DRIVING`, 'basic');
    const missingDriver = await refused('?driverId=99999999', '', 404);
    expect(missingDriver.message).toMatch(/Driver not found/);
    const missingCarrier = await refused('?carrierId=99999999', '', 404);
    expect(missingCarrier.message).toMatch(/Carrier not found/);
  });
});
