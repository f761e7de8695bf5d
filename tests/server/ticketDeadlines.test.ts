import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../schema/expiry';
import { weekStart } from '../../schema/period';
import { deadlineRemindersJob, sendDeadlineReminders } from '../../server/modules/tickets/reminders';
import { runPeriodicNow } from '../helpers/jobs';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Ticket deadlines (docs/product/tickets.md#ticket-deadlines) and the ledger's settled weeks: an assignee is told of a
 * court date or a DataQs deadline 7 days ahead, once per date (a second run, or a second server, tells nobody again; a
 * date moved is told anew); a paid citation whose week is already settled on the driver's bill posts its share on the
 * first open week instead.
 */
describe.each(DATABASES)('ticket deadlines and settled weeks on %s', (kind) => {
  let server: TestServer;
  let token: string;
  let managerId: number;
  let driverId: number;
  const today = todayIso();

  beforeAll(async () => {
    server = await startTestServer(kind);
    token = await server.login('manager@haulboard.demo');
    managerId = Number(
      (
        await server.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'manager@haulboard.demo')
          .executeTakeFirstOrThrow()
      ).id,
    );
    driverId = Number(
      (
        await server.db
          .selectFrom('drivers')
          .select('id')
          .where('deleted_at', 'is', null)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }, 60_000);
  afterAll(() => server?.close());

  const post = async (url: string, payload: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') => {
    const response = await server.call({ method, url, payload, token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.value;
  };
  const ticket = (extra: Record<string, unknown> = {}) =>
    post('/api/Tickets', {
      type: 'TRAFFIC_CITATION',
      date: addDays(today, -20),
      userId: managerId,
      driverId,
      ...extra,
    });
  /** What a PUT sends back of a record read: all but its ticket (fixed, and refused when sent). */
  const edited = ({ ticketId: _ticket, ...rest }: Record<string, unknown>, changes: Record<string, unknown> = {}) => ({
    ...rest,
    ...changes,
  });
  const notificationsOf = (type: string) =>
    server.db
      .selectFrom('notifications')
      .select(['title', 'link'])
      .where('user_id', '=', managerId)
      .where('type', '=', type)
      .execute();

  it('tells the assignee of a court date within 7 days once, of a moved date again, and not of one further off or of a ticket without an assignee', async () => {
    const soon = await post('/api/Citations', {
      ticketId: (await ticket()).id,
      citationNumber: 'CRT-1',
      date: addDays(today, -20),
      amount: 200,
      courtDate: addDays(today, 3),
    });
    await post('/api/Citations', {
      ticketId: (await ticket()).id,
      citationNumber: 'CRT-2',
      date: addDays(today, -20),
      amount: 200,
      courtDate: addDays(today, 8),
    });
    await post('/api/Citations', {
      ticketId: (await ticket({ userId: null })).id,
      citationNumber: 'CRT-3',
      date: addDays(today, -20),
      amount: 200,
      courtDate: addDays(today, 2),
    });

    const first = await sendDeadlineReminders(server.db, today);
    expect(first.map((d) => [d.userId, d.notification.title])).toEqual([
      [managerId, expect.stringContaining('citation CRT-1')],
    ]);
    expect(await sendDeadlineReminders(server.db, today)).toEqual([]);
    expect((await notificationsOf('courtDateSoon')).map((n) => n.link)).toEqual([
      `/app/management/citations/${soon.id}/edit`,
    ]);

    // The hearing is moved: the new date is told too.
    await post(`/api/Citations/${soon.id}`, edited(soon, { courtDate: addDays(today, 5) }), 'PUT');
    expect((await sendDeadlineReminders(server.db, today)).map((d) => d.notification.title)).toEqual([
      expect.stringContaining('CRT-1'),
    ]);
    expect(await notificationsOf('courtDateSoon')).toHaveLength(2);
  });

  it('tells the assignee of a DataQs deadline of a challenge to file or filed, not of one decided', async () => {
    const { id } = await ticket({ type: 'ROADSIDE_INSPECTION' });
    await post('/api/InspectionReports', {
      ticketId: id,
      reportNumber: 'DQ-1',
      level: 'I',
      category: 'VEHICLE_MAINTENANCE',
      challengeStatus: 'FILED',
      challengeDeadline: addDays(today, 6),
    });
    await post('/api/InspectionReports', {
      ticketId: id,
      reportNumber: 'DQ-2',
      level: 'I',
      category: 'VEHICLE_MAINTENANCE',
      challengeStatus: 'DENIED',
      challengeDeadline: addDays(today, 6),
    });
    const sent = await sendDeadlineReminders(server.db, today);
    expect(sent.map((d) => d.notification.title)).toEqual([expect.stringContaining('inspection DQ-1')]);
  });

  it('tells of a court date from the hourly job of the queue, once', async () => {
    await post('/api/Citations', {
      ticketId: (await ticket()).id,
      citationNumber: 'CRT-JOB',
      date: addDays(today, -20),
      amount: 200,
      courtDate: addDays(today, 4),
    });
    const told = async () =>
      (await notificationsOf('courtDateSoon')).filter((n) => n.title.includes('citation CRT-JOB')).length;
    expect(await told()).toBe(0);
    await runPeriodicNow(server, deadlineRemindersJob.name);
    expect(await told()).toBe(1);
    await runPeriodicNow(server, deadlineRemindersJob.name);
    expect(await told()).toBe(1);
  });

  it('posts a share paid in a week the driver’s bill already settled on the first open week, and keeps it there on a later save', async () => {
    const paidOn = addDays(weekStart(today), -10);
    const week = weekStart(paidOn);
    const now = new Date().toISOString();
    await server.db
      .insertInto('pay_bills')
      .values({
        week_start: week,
        driver_id: driverId,
        status: 'APPROVED',
        opening_cents: 0,
        credits_cents: 0,
        debits_cents: 0,
        net_cents: 0,
        paid_cents: 0,
        closing_cents: 0,
        payment_method: null,
        payment_reference: null,
        paid_on: null,
        built_at: now,
        built_by: null,
        approved_at: now,
        approved_by: null,
        paid_at: null,
        paid_by: null,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .execute();
    const citation = await post('/api/Citations', {
      ticketId: (await ticket()).id,
      citationNumber: 'WK-1',
      date: addDays(paidOn, -2),
      amount: 300,
      driverShare: 100,
      paymentStatus: 'PAID',
      paidOn,
    });
    const entries = () =>
      server.db
        .selectFrom('driver_transactions')
        .select(['id', 'posted_on', 'voided_by_id'])
        .where('link_type', '=', 'CITATION')
        .where('link_id', '=', citation.id)
        .execute();
    const [entry] = await entries();
    expect(entry.posted_on).toBe(addDays(week, 7));
    // Saved again unchanged: the entry stays as it is (no void, no repost).
    await post(`/api/Citations/${citation.id}`, edited(citation), 'PUT');
    expect(await entries()).toEqual([entry]);
  });
});
