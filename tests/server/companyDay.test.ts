import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { companyTimeZone, setClock, todayIso } from '../../schema/businessDay';
import { createServer } from '../../server/server';
import { expectRefused } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * The company's day (schema/businessDay.ts, server/modules/company): with COMPANY_TIMEZONE=America/Chicago and the
 * server's clock at 2026-11-29T05:25Z — 11:25 PM on 11/28 in Chicago, already 11/29 in UTC — every business date the
 * server decides is 11/28: a claim received "tomorrow" is refused, a paid citation without a date is paid on 11/28 and
 * its share is posted then, the ledger's "this month" is still December on 12/31 at 11:25 PM. An administrator changes
 * the zone through the API (others get 403, an unknown zone 400); it survives a restart and reaches a second server
 * on the same database.
 */
const LATE_SATURDAY = new Date('2026-11-29T05:25:00Z');
const NEW_YEARS_EVE = new Date('2027-01-01T05:25:00Z');
const SETTINGS = '/api/Company/settings';
type Body = Record<string, any>;

describe.each(DATABASES)('the company’s day on %s', (kind) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let serial = 0;

  beforeAll(async () => {
    server = await startTestServer(kind, { COMPANY_TIMEZONE: 'America/Chicago' }, { companySettingsRefreshMs: 50 });
    for (const role of ['Administrator', 'Manager', 'Dispatcher', 'ClaimTrackerTeam', 'Finance'])
      tokens[role] = await server.login(`${role.toLowerCase()}@haulboard.demo`);
  }, 60_000);
  afterAll(() => server?.close());
  afterEach(() => setClock(LATE_SATURDAY));
  beforeAll(() => setClock(LATE_SATURDAY));
  afterAll(() => setClock(null));

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
    server.call({ method, url, token, payload: payload as Body });
  const value = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) => {
    const response = await call(method, url, token, payload);
    expect(response.status, `${method} ${url} ${JSON.stringify(payload)} → ${JSON.stringify(response.body)}`).toBe(200);
    return response.body.value;
  };

  it('everyone signed in reads the zone and the company’s today: 11/28 in Chicago while UTC is on 11/29', async () => {
    expect(todayIso(LATE_SATURDAY, 'UTC')).toBe('2026-11-29');
    expect(companyTimeZone()).toBe('America/Chicago');
    expect(todayIso()).toBe('2026-11-28');
    const settings = await value('GET', SETTINGS, tokens.Dispatcher);
    expect(settings).toEqual({
      timeZone: 'America/Chicago',
      defaultTimeZone: 'America/Chicago',
      chosen: false,
      today: '2026-11-28',
      now: LATE_SATURDAY.toISOString(),
      updatedAt: null,
      updatedBy: null,
      canChange: false,
    });
    expect((await value('GET', SETTINGS, tokens.Administrator)).canChange).toBe(true);
    expect((await call('GET', SETTINGS, '')).status).toBe(401);
  });

  it('a claim received on the company’s tomorrow is refused; on its today it is taken', async () => {
    const { db } = server;
    const order = await db
      .selectFrom('book_orders')
      .select(['id'])
      .where('driver_id', 'is not', null)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('book_orders')
      .set({ delivery_actual_at: '2026-11-20T15:00:00.000Z', status: 'DELIVERED' })
      .where('id', '=', order.id)
      .execute();
    const claim = (receivedOn: string) => ({
      bookOrderId: order.id,
      claimantCompany: `Dealer ${++serial}`,
      type: 'DELAY',
      priority: 'MEDIUM',
      receivedOn,
      vehicles: [],
      claimed: 100,
      description: null,
    });
    await expectRefused(
      server,
      { method: 'POST', url: '/api/ClaimTracker', token: tokens.ClaimTrackerTeam, payload: claim('2026-11-29') },
      400,
      'receivedOn',
      /today or earlier/,
    );
    expect(await value('POST', '/api/ClaimTracker', tokens.ClaimTrackerTeam, claim('2026-11-28'))).toMatchObject({
      receivedOn: '2026-11-28',
    });
  });

  it('a citation marked paid without a date is paid on the company’s today, and the driver’s share is posted that day', async () => {
    const { db } = server;
    const driver = await db
      .selectFrom('drivers')
      .select('id')
      .where('deleted_at', 'is', null)
      .where('terminated_on', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const carrier = await db
      .selectFrom('carriers')
      .select('id')
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const state = await db.selectFrom('states').select('id').where('abbreviation', '=', 'TX').executeTakeFirstOrThrow();
    const manager = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'manager@haulboard.demo')
      .executeTakeFirstOrThrow();
    const ticket = await value('POST', '/api/Tickets', tokens.Manager, {
      type: 'TRAFFIC_CITATION',
      priority: 'MEDIUM',
      status: 'OPEN',
      reportNumber: `TZ-${++serial}`,
      date: '2026-11-27',
      driverId: driver.id,
      carrierId: carrier.id,
      userId: manager.id,
      stateId: state.id,
      description: null,
    });
    const citation = await value('POST', '/api/Citations', tokens.Manager, {
      ticketId: ticket.id,
      citationNumber: `TZ-CIT-${++serial}`,
      date: '2026-11-27',
      amount: 200,
      driverShare: 50,
      paymentStatus: 'PAID',
    });
    expect(citation).toMatchObject({ paymentStatus: 'PAID', paidOn: '2026-11-28', ledgerEntryId: expect.any(Number) });
    const share = await db
      .selectFrom('driver_transactions')
      .select(['posted_on'])
      .where('id', '=', citation.ledgerEntryId)
      .executeTakeFirstOrThrow();
    expect(share.posted_on).toBe('2026-11-28');
    // Paid "tomorrow" is refused, as the form says.
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/Citations',
        token: tokens.Manager,
        payload: {
          ticketId: ticket.id,
          citationNumber: `TZ-CIT-${++serial}`,
          date: '2026-11-27',
          amount: 200,
          driverShare: 0,
          paymentStatus: 'PAID',
          paidOn: '2026-11-29',
        },
      },
      400,
      'paidOn',
    );
  });

  it('an entry of 12/31 is in the ledger’s “this month” at 11:25 PM on 12/31 in Chicago (UTC is in January already)', async () => {
    setClock(NEW_YEARS_EVE);
    const driver = await server.db
      .selectFrom('drivers')
      .select('id')
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const posted = await value('POST', '/api/DriverTransactions', tokens.Finance, {
      postedOn: '2026-12-31',
      driverId: driver.id,
      type: 'FUEL_ADVANCE',
      direction: 'DEBIT',
      amount: 12.34,
      moneySource: 'company',
    });
    const month = await value(
      'GET',
      `/api/DriverTransactions?filtered=this_month&driverId=${driver.id}&size=500`,
      tokens.Finance,
    );
    expect(month.items.map((item: { id: number }) => item.id)).toContain(posted.id);
    const lastMonth = await value(
      'GET',
      `/api/DriverTransactions?filtered=last_month&driverId=${driver.id}&size=500`,
      tokens.Finance,
    );
    expect(lastMonth.items.map((item: { id: number }) => item.id)).not.toContain(posted.id);
  });

  it('only an administrator changes the zone: 403 for anyone else (whatever the body), 400 for what is not an IANA zone, nothing written', async () => {
    await expectRefused(
      server,
      { method: 'PUT', url: SETTINGS, token: tokens.Manager, payload: { timeZone: 'Asia/Tokyo' } },
      403,
    );
    await expectRefused(
      server,
      { method: 'PUT', url: SETTINGS, token: tokens.Dispatcher, payload: { timeZone: 'Mars/Olympus_Mons' } },
      403,
    );
    for (const timeZone of ['Mars/Olympus_Mons', 'CST', '+05:00', '', 'America/Chicago; DROP TABLE users', 42]) {
      await expectRefused(
        server,
        { method: 'PUT', url: SETTINGS, token: tokens.Administrator, payload: { timeZone } },
        400,
        'timeZone',
      );
    }
    await expectRefused(
      server,
      { method: 'PUT', url: SETTINGS, token: tokens.Administrator, payload: {} },
      400,
      'timeZone',
    );
    expect(companyTimeZone()).toBe('America/Chicago');
  });

  it('an administrator’s change is in force at once, audited, kept over a restart, and reaches a second server on the database', async () => {
    const second = await createServer(server.config, { logger: false, companySettingsRefreshMs: 50 });
    await second.app.ready();
    const onSecond = async () =>
      JSON.parse(
        (
          await second.app.inject({
            method: 'GET',
            url: SETTINGS,
            headers: { authorization: `Bearer ${tokens.Dispatcher}` },
          })
        ).body,
      ).value;
    try {
      expect((await onSecond()).timeZone).toBe('America/Chicago');
      // Tokyo: 2:25 PM on 11/29. Written in any case, kept under its canonical name.
      const changed = await value('PUT', SETTINGS, tokens.Administrator, { timeZone: 'asia/tokyo' });
      expect(changed).toMatchObject({
        timeZone: 'Asia/Tokyo',
        chosen: true,
        today: '2026-11-29',
        updatedBy: expect.stringMatching(/\w/),
        canChange: true,
      });
      expect(companyTimeZone()).toBe('Asia/Tokyo');
      expect(todayIso()).toBe('2026-11-29');
      expect(await value('GET', SETTINGS, tokens.Dispatcher)).toMatchObject({
        timeZone: 'Asia/Tokyo',
        today: '2026-11-29',
        canChange: false,
      });
      const audit = await server.db
        .selectFrom('audit_log')
        .select(['action', 'before', 'after'])
        .where('entity', '=', 'company_settings')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect({ ...audit, before: JSON.parse(audit.before!), after: JSON.parse(audit.after!) }).toEqual({
        action: 'update',
        before: { timeZone: 'America/Chicago' },
        after: { timeZone: 'Asia/Tokyo' },
      });

      // The second server reads it again on its own (every companySettingsRefreshMs).
      await expect.poll(async () => (await onSecond()).timeZone, { timeout: 5_000 }).toBe('Asia/Tokyo');
      expect((await onSecond()).today).toBe('2026-11-29');

      // The same zone again changes nothing.
      const audits = async () =>
        (
          await server.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('entity', '=', 'company_settings')
            .executeTakeFirstOrThrow()
        ).n;
      const before = Number(await audits());
      await value('PUT', SETTINGS, tokens.Administrator, { timeZone: 'Asia/Tokyo' });
      expect(Number(await audits())).toBe(before);
    } finally {
      await second.app.close();
    }

    // A restart keeps the administrator's choice over COMPANY_TIMEZONE.
    server = await server.restart();
    tokens.Dispatcher = await server.login('dispatcher@haulboard.demo');
    expect(await value('GET', SETTINGS, tokens.Dispatcher)).toMatchObject({
      timeZone: 'Asia/Tokyo',
      defaultTimeZone: 'America/Chicago',
      chosen: true,
    });
    expect(companyTimeZone()).toBe('Asia/Tokyo');
  });
});
