import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACKNOWLEDGE_DAYS, plusDays } from '../../schema/claims';
import { addDays, todayIso } from '../../schema/expiry';
import { weekStart } from '../../schema/period';
import type { MailKind } from '../../schema/mail';
import { sendClaimReminders } from '../../server/modules/claims/reminders';
import { renderMail, type MailTemplate } from '../../server/modules/mail/templates';
import { orderAssignedToDriver, registrationAwaitingActivation } from '../../server/modules/notifications/events';
import { sendDeadlineReminders } from '../../server/modules/tickets/reminders';
import { seedDemoClaims } from '../../server/db/seed/claims';
import { seedDemoTickets } from '../../server/db/seed/tickets';
import { transact } from '../../server/db/transaction';
import { pdfText } from '../helpers/pdf';
import { rawParts, schemaCodes } from '../helpers/rawText';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Every text the server writes for people to read — notifications (book order assigned, registration waiting, claim
 * and ticket deadlines), every kind of mail, the pay bill statement — shows dates as 12/02/2026 and enums by their
 * labels: no stored date (2026-12-02) and no schema code (ACH_DEBIT) in any of them (tests/helpers/rawText.ts).
 */
describe.each(DATABASES)('the texts of messages on %s', (kind) => {
  let server: TestServer;
  let codes: ReadonlySet<string>;
  const today = todayIso();

  beforeAll(async () => {
    server = await startTestServer(kind);
    // The demo's tickets and claims (the whole demo ledgers are more than these texts need).
    await seedDemoTickets(server.db);
    await seedDemoClaims(server.db);
    codes = await schemaCodes();
  }, 300_000);
  afterAll(() => server?.close());

  /** Each text with what it must not show, so a failure names the message and the word. */
  const rawIn = (texts: Record<string, string>) =>
    Object.entries(texts).flatMap(([where, text]) => rawParts(text, codes).map((part) => `${where}: ${part}`));

  it('the scan finds what it looks for', () => {
    expect(codes).toContain('ACH_DEBIT');
    expect(codes).toContain('PAY_BILL');
    expect(codes).toContain('BOOK_ORDER');
    expect(rawParts('Pickup in Dallas on 2026-12-02 by ACH_DEBIT, VIN 1HGCM82633A004352, ORIG_CO', codes)).toEqual([
      '2026-12-02',
      'ACH_DEBIT',
    ]);
  });

  it('notifications read as people write', async () => {
    const db = server.db;
    const admin = await db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name'])
      .where('email', '=', 'administrator@haulboard.demo')
      .executeTakeFirstOrThrow();
    const driver = await db
      .selectFrom('drivers')
      .select('id')
      .where('user_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // Deadlines within the reminders' week, each with an assignee: one of each kind of reminder is due.
    const claim = await db.selectFrom('claims').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db
      .updateTable('claims')
      .set({ received_on: plusDays(today, 3 - ACKNOWLEDGE_DAYS), assignee_id: admin.id, deleted_at: null })
      .where('id', '=', claim.id)
      .execute();
    await db.updateTable('claim_steps').set({ done_at: null }).where('claim_id', '=', claim.id).execute();
    const citation = await db
      .selectFrom('citations')
      .select(['id', 'ticket_id'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('citations')
      .set({ court_date: plusDays(today, 3), court_result: 'PENDING', deleted_at: null })
      .where('id', '=', citation.id)
      .execute();
    const inspection = await db
      .selectFrom('inspection_reports')
      .select(['id', 'ticket_id'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('inspection_reports')
      .set({ challenge_deadline: plusDays(today, 2), challenge_status: 'TO_FILE', deleted_at: null })
      .where('id', '=', inspection.id)
      .execute();
    await db
      .updateTable('tickets')
      .set({ user_id: admin.id, deleted_at: null })
      .where('id', 'in', [citation.ticket_id, inspection.ticket_id])
      .execute();

    await transact(db, async (trx) => {
      await orderAssignedToDriver(trx, {
        id: 1,
        orderNumber: 'HB-0001',
        driverId: driver.id,
        pickup: { city: 'Dallas', date: plusDays(today, 2) },
        delivery: { city: 'Phoenix', date: plusDays(today, 5) },
      });
      await registrationAwaitingActivation(
        trx,
        { id: admin.id, firstName: 'Ana', lastName: 'Lopez', email: 'ana@example.com' },
        [admin],
      );
    });
    await sendClaimReminders(db, today);
    await sendDeadlineReminders(db, today);

    const stored = await db.selectFrom('notifications').select(['id', 'type', 'title', 'body']).execute();
    const types = new Set(stored.map((n) => n.type));
    for (const type of [
      'bookOrderAssigned',
      'registrationAwaitingActivation',
      'claimDeadlineSoon',
      'courtDateSoon',
      'challengeDeadlineSoon',
    ])
      expect(types, type).toContain(type);
    expect(rawIn(Object.fromEntries(stored.map((n) => [`${n.type} #${n.id}`, `${n.title}\n${n.body ?? ''}`])))).toEqual(
      [],
    );
  });

  it('every kind of mail reads as people write', async () => {
    const link = 'https://haulboard.example/verify?token=abc';
    const samples: Record<MailKind, MailTemplate> = {
      verification: { kind: 'verification', name: 'Ana', link, hours: 24 },
      passwordReset: { kind: 'passwordReset', name: 'Ana', link, hours: 1 },
      emailChange: { kind: 'emailChange', name: 'Ana', link, hours: 24, newEmail: 'ana@example.com' },
      emailChangeRequested: { kind: 'emailChangeRequested', name: 'Ana', newEmail: 'ana@example.com' },
      emailChanged: { kind: 'emailChanged', name: 'Ana', newEmail: 'ana@example.com' },
      passwordChanged: { kind: 'passwordChanged', name: 'Ana' },
      webhookPaused: {
        kind: 'webhookPaused',
        name: 'Ana',
        url: 'https://hooks.example.com/haulboard',
        reason: 'The receiver answered 410 Gone: it asks for no more deliveries.',
        link,
      },
      registrationAwaiting: {
        kind: 'registrationAwaiting',
        name: 'Ana',
        newcomer: 'John Smith',
        email: 'john@example.com',
        link,
      },
      contact: {
        kind: 'contact',
        name: 'Ana',
        sender: 'John Smith',
        senderEmail: 'john@example.com',
        subject: 'A quote',
        message: 'Hello',
      },
      billOfLading: {
        kind: 'billOfLading',
        name: 'Acme Motors',
        company: 'Haulboard Carriers',
        orderNumber: 'HB0002001',
        stage: 'Pickup',
        vehicles: '2 vehicles',
        link,
        expiresOn: '12/09/2026',
        hash: 'ab'.repeat(32),
      },
      invoice: {
        kind: 'invoice',
        name: 'Acme Logistics',
        company: 'Haulboard Carriers',
        number: 'INV-1042',
        amount: '$1,234.56',
        dueOn: '12/09/2026',
        terms: 'Net 30',
        orders: 'order HB0002001',
        withBol: true,
      },
      tracking: {
        kind: 'tracking',
        name: 'Acme Motors',
        company: 'Haulboard Carriers',
        orderNumber: 'HB0002001',
        event: 'ETA_SLIPPED',
        route: 'Dallas, TX → Denver, CO',
        eta: '12/11/2026',
        window: 'Estimated 12/09/2026',
        link,
        unsubscribe: 'https://haulboard.example/track/unsubscribe/abc',
      },
    };
    const mails = Object.values(samples).map(renderMail);
    const kept = await server.db.selectFrom('mail_messages').select(['id', 'subject', 'text_body']).execute();
    expect(
      rawIn({
        ...Object.fromEntries(mails.map((m) => [m.kind, `${m.subject}\n${m.text}`])),
        ...Object.fromEntries(kept.map((m) => [`mail #${m.id}`, `${m.subject}\n${m.text_body}`])),
      }),
    ).toEqual([]);
  });

  it('pay bill statements read as people write', async () => {
    const token = await server.login('administrator@haulboard.demo');
    // Last week's bills of every driver, with their loads and entries.
    const built = await server.call({
      method: 'POST',
      url: '/api/PayBills/build',
      token,
      payload: { weekStart: weekStart(addDays(today, -7)) },
    });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const bills = await server.db.selectFrom('pay_bills').select('id').orderBy('id', 'desc').limit(3).execute();
    expect(bills.length).toBeGreaterThan(0);
    const texts: Record<string, string> = {};
    for (const bill of bills) {
      const pdf = await server.app.inject({
        method: 'GET',
        url: `/api/PayBills/${bill.id}/statement.pdf`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(pdf.statusCode).toBe(200);
      texts[`statement #${bill.id}`] = pdfText(pdf.rawPayload);
    }
    expect(Object.values(texts).join('').length).toBeGreaterThan(100);
    expect(rawIn(texts)).toEqual([]);
  });
});
