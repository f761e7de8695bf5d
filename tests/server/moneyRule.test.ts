import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MONEY } from '../../schema/money';
import { expectRefused, idOf, inDays } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * The one money rule and the one decimal rule on record bodies (schema/money.ts, schema/define/fields.ts money() and
 * decimal()): a third decimal is refused with a 400 naming the field, never rounded into the stored cents; float
 * noise of a sum typed in a form (0.1 + 0.2) is two decimals; one limit, $10,000,000.00, which every money column
 * holds (a PostgreSQL integer holds up to $21,474,836.47).
 */
describe.each(DATABASES)('money and decimals in record bodies on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let ids: { carrier: number; dispatcher: number };
  let n = 0;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.login('administrator@haulboard.demo');
    ids = {
      carrier: await idOf(server, 'carriers', 'code', 'select'),
      dispatcher: await idOf(server, 'users', 'email', 'dispatcher@haulboard.demo'),
    };
  });
  afterAll(() => server.close());

  type Body = Record<string, unknown>;
  const card = (o: Body = {}) => ({
    cardNumber: `7083 0600 ${String(1000_0000 + ++n).slice(0, 8)}`,
    provider: 'EFS',
    expiresOn: inDays(500),
    status: 'ACTIVE',
    limit: 750,
    ...o,
  });
  const carrier = (insurance: Body = {}) => ({
    code: `money${++n}`,
    name: `Money Carrier ${n}`,
    mcNumber: null,
    usdotNumber: null,
    authorities: [],
    insurance: {
      insurer: 'Sentry',
      policyNumber: 'CA-1',
      cargoCoverage: 250000,
      liabilityCoverage: 1000000,
      expiresOn: inDays(200),
      ...insurance,
    },
  });
  const driver = (o: Body = {}) => ({
    carrierId: ids.carrier,
    firstName: 'Money',
    lastName: `Driver ${++n}`,
    email: null,
    phone: null,
    phoneCountry: 'US',
    driverType: 'COMPANY',
    cdlClass: null,
    cdlNumber: null,
    cdlStateId: null,
    hiredOn: inDays(-100),
    payType: 'FLAT',
    payRate: 250,
    ...o,
  });
  const rule = (o: Body = {}) => ({
    dispatcherId: ids.dispatcher,
    effectiveFrom: inDays(400 + ++n),
    kind: 'PERCENT_OF_GROSS',
    percent: 3.5,
    ...o,
  });
  const post = (url: string, payload: Body) => server.call({ method: 'POST', url, token: admin, payload });
  const refused = (url: string, payload: Body, field: string, message: RegExp) =>
    expectRefused(server, { method: 'POST', url, token: admin, payload }, 400, field, message);

  it('refuses a third decimal in a money field with a 400 naming the field, storing nothing', async () => {
    await refused('/api/FuelCards', card({ limit: 12.345 }), 'limit', /Daily limit has at most two decimals/);
    await refused('/api/Driver', driver({ weeklyInsurance: 12.345 }), 'weeklyInsurance', /two decimals/);
    await refused('/api/Carriers', carrier({ cargoCoverage: 250000.125 }), 'insurance.cargoCoverage', /two decimals/);
  });

  it('refuses a decimal finer than its scale, or outside its bounds, naming the field', async () => {
    await refused('/api/Driver', driver({ payRate: 12.345 }), 'payRate', /Pay rate has at most two decimals/);
    await refused('/api/Driver', driver({ payType: 'PER_MILE', payRate: 0.655 }), 'payRate', /two decimals/);
    await refused('/api/DispatcherPayRules', rule({ percent: 3.125 }), 'percent', /Percent has at most two decimals/);
    await refused('/api/DispatcherPayRules', rule({ percent: 100.01 }), 'percent', /Percent is at most 100/);
    await refused('/api/DispatcherPayRules', rule({ percent: -1 }), 'percent', /Percent cannot be negative/);
  });

  it('takes a sum with float noise (0.1 + 0.2) as the two-decimal amount it is, and stores it exactly', async () => {
    const created = await post('/api/FuelCards', card({ limit: 0.1 + 0.2 }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.value.limit).toBe(0.3);
    const row = await server.db
      .selectFrom('fuel_cards')
      .select('limit_cents')
      .where('id', '=', created.body.value.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.limit_cents)).toBe(30);
    const paid = await post('/api/Driver', driver({ payType: 'PER_MILE', payRate: 0.1 + 0.2 }));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.value.payRate).toBe(0.3);
  });

  it('holds every money field to one limit, $10,000,000.00, which every money column can store', async () => {
    expect(MAX_MONEY).toBe(10_000_000);
    const top = await post('/api/Carriers', carrier({ liabilityCoverage: MAX_MONEY }));
    expect(top.status, JSON.stringify(top.body)).toBe(200);
    expect(top.body.value.insurance.liabilityCoverage).toBe(10_000_000);
    await refused(
      '/api/Carriers',
      carrier({ liabilityCoverage: 10_000_000.01 }),
      'insurance.liabilityCoverage',
      /Liability coverage is at most \$10,000,000\.00/,
    );
    await refused(
      '/api/Carriers',
      carrier({ liabilityCoverage: 30_000_000 }),
      'insurance.liabilityCoverage',
      /at most \$10,000,000\.00/,
    );
  });
});
