import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTICE_OF_ASSIGNMENT } from '../../schema/factoring';
import { pdfText } from '../helpers/pdf';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Factoring (docs/product/factoring.md) on both databases: factoring companies, a broker's factor as its invoices'
 * default and an invoice's own, the notice of assignment on the PDF and the mail to the factor, schedules of accounts
 * (numbers without gaps, one live schedule per invoice, PDF and CSV), the factor's funding, reserve releases and
 * reversals, and what each factor owes; other roles, bad bodies and stale versions refused.
 */
describe.each(DATABASES)('factoring on %s', (kind) => {
  let server: TestServer;
  let manager: string;
  let finance: string;
  let dispatcher: string;
  let driver: string;
  let factorId: number;
  let otherFactorId: number;
  let inactiveFactorId: number;
  let brokerId: number;
  let orderIds: number[];

  type Body = Record<string, unknown>;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | undefined, payload?: Body) =>
    server.call({ method, url, token, ...(payload ? { payload } : {}) });
  /** A file the API answers (a PDF, a CSV), its bytes as sent. */
  const file = (url: string, token: string) =>
    server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const factorBody = (name: string, over: Body = {}) => ({
    name,
    billingEmail: `funding@${name.toLowerCase().replace(/[^a-z]/g, '')}.example`,
    phone: '2145550100',
    active: true,
    address: 'PO Box 650',
    city: 'Dallas',
    stateId: 44,
    zip: '75265',
    advancePercent: 90,
    feePercent: 3.5,
    ...over,
  });

  beforeAll(async () => {
    server = await startTestServer(kind);
    manager = await server.login('manager@haulboard.demo');
    finance = await server.login('finance@haulboard.demo');
    dispatcher = await server.login('dispatcher@haulboard.demo');
    driver = await server.login('driver@haulboard.demo');
    const texas = await server.db
      .selectFrom('states')
      .select('id')
      .where('abbreviation', '=', 'TX')
      .executeTakeFirstOrThrow();
    const make = async (name: string, over: Body = {}) => {
      const made = await call(
        'POST',
        '/api/FactoringCompanies',
        finance,
        factorBody(name, { stateId: Number(texas.id), ...over }),
      );
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      return Number(made.body.value.id);
    };
    factorId = await make('Lone Star Capital');
    otherFactorId = await make('Triumph Freight Funding', { noticeText: 'Pay Triumph only.' });
    inactiveFactorId = await make('Closed Factor LLC', { active: false });
    // A broker with three delivered orders on no invoice, and billing contacts to send to.
    const rows = await server.db
      .selectFrom('book_orders')
      .select(['id', 'broker_id'])
      .where('status', '=', 'DELIVERED')
      .where('deleted_at', 'is', null)
      .where('id', 'not in', server.db.selectFrom('invoice_orders').select('book_order_id'))
      .orderBy('id')
      .execute();
    const byBroker = new Map<number, number[]>();
    for (const r of rows)
      byBroker.set(Number(r.broker_id), [...(byBroker.get(Number(r.broker_id)) ?? []), Number(r.id)]);
    [brokerId, orderIds] = [...byBroker.entries()].find(([, list]) => list.length >= 4)!;
  });
  afterAll(() => server.close());

  const invoice = (orderId: number, over: Body = {}) =>
    call('POST', '/api/Invoices', finance, { payerKind: 'BROKER', payerId: brokerId, orderIds: [orderId], ...over });
  const sendInvoice = async (id: number, version: number) => {
    const sent = await call('POST', `/api/Invoices/${id}/send`, finance, { version });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    return sent.body.value;
  };

  it('keeps factoring to its roles: 401 without a token, 403 for dispatchers and drivers', async () => {
    expect((await call('GET', '/api/FactoringSchedules', undefined)).status).toBe(401);
    expect((await call('GET', '/api/FactoringCompanies', undefined)).status).toBe(401);
    for (const token of [dispatcher, driver]) {
      expect((await call('GET', '/api/FactoringCompanies', token)).status).toBe(403);
      expect((await call('GET', '/api/FactoringSchedules', token)).status).toBe(403);
      expect((await call('GET', '/api/FactoringCompanies/books', token)).status).toBe(403);
      expect(
        (await call('POST', '/api/FactoringSchedules', token, { factoringCompanyId: factorId, invoiceIds: [1] }))
          .status,
      ).toBe(403);
      expect((await call('POST', '/api/FactoringCompanies', token, factorBody('Nope Capital'))).status).toBe(403);
    }
    expect((await call('GET', '/api/FactoringSchedules', finance)).status).toBe(200);
    // The dropdown serves the forms that pick a factor: a dispatcher reads invoices, a driver nothing.
    expect((await call('GET', '/api/FactoringCompanies/dropdown-list', dispatcher)).status).toBe(200);
    expect((await call('GET', '/api/FactoringCompanies/dropdown-list', driver)).status).toBe(403);
  });

  it('refuses a factoring company whose advance and fee pass 100%, or with no remit-to address (400 naming the field)', async () => {
    const over = await call(
      'POST',
      '/api/FactoringCompanies',
      finance,
      factorBody('Greedy Capital', { advancePercent: 98, feePercent: 3 }),
    );
    expect([over.status, over.body.messages?.[0]?.field]).toEqual([400, 'feePercent']);
    const noAddress = await call(
      'POST',
      '/api/FactoringCompanies',
      finance,
      factorBody('Nowhere Capital', { address: '' }),
    );
    expect([noAddress.status, noAddress.body.messages?.[0]?.field]).toEqual([400, 'address']);
    const fraction = await call(
      'POST',
      '/api/FactoringCompanies',
      finance,
      factorBody('Fraction Capital', { feePercent: 3.125 }),
    );
    expect([fraction.status, fraction.body.messages?.[0]?.field]).toEqual([400, 'feePercent']);
  });

  it("a broker's factor is its new invoices' default; an invoice may take another or none, while a draft; an inactive factor is refused", async () => {
    const broker = (await call('GET', `/api/Brokers/${brokerId}`, manager)).body.value;
    const inactiveOnBroker = await call('PUT', `/api/Brokers/${brokerId}`, manager, {
      ...broker,
      factoringCompanyId: inactiveFactorId,
    });
    expect([inactiveOnBroker.status, inactiveOnBroker.body.messages?.[0]?.field]).toEqual([400, 'factoringCompanyId']);
    const put = await call('PUT', `/api/Brokers/${brokerId}`, manager, { ...broker, factoringCompanyId: factorId });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.value).toMatchObject({ factoringCompanyId: factorId, factoringCompanyName: 'Lone Star Capital' });

    const byDefault = await invoice(orderIds[0]);
    expect(byDefault.status, JSON.stringify(byDefault.body)).toBe(201);
    expect(byDefault.body.value.factoring).toMatchObject({ id: factorId, name: 'Lone Star Capital', schedule: null });
    expect(byDefault.body.value.factoring.noticeText).toBe(DEFAULT_NOTICE_OF_ASSIGNMENT);
    expect(byDefault.body.value.factored).toBe(false);

    const inactive = await invoice(orderIds[1], { factoringCompanyId: inactiveFactorId });
    expect([inactive.status, inactive.body.messages?.[0]?.field]).toEqual([400, 'factoringCompanyId']);
    const unknown = await invoice(orderIds[1], { factoringCompanyId: 99_999_999 });
    expect([unknown.status, unknown.body.messages?.[0]?.field]).toEqual([400, 'factoringCompanyId']);
    const none = await invoice(orderIds[1], { factoringCompanyId: null });
    expect(none.status).toBe(201);
    expect(none.body.value.factoring).toBeNull();

    // While a draft: another factor (stale version 409, inactive 400), then sent it keeps the one it was sent with.
    const id = none.body.value.id;
    const set = (version: number, factoringCompanyId: number | null, token = finance) =>
      call('PUT', `/api/Invoices/${id}/factoring`, token, { version, factoringCompanyId });
    expect((await set(none.body.value.version, otherFactorId, dispatcher)).status).toBe(403);
    expect((await set(none.body.value.version, inactiveFactorId)).status).toBe(400);
    const changed = await set(none.body.value.version, otherFactorId);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.value.factoring).toMatchObject({ id: otherFactorId, noticeText: 'Pay Triumph only.' });
    expect((await set(none.body.value.version, null)).status).toBe(409);
    const cleared = await set(changed.body.value.version, null);
    expect(cleared.body.value.factoring).toBeNull();
    const sent = await sendInvoice(id, cleared.body.value.version);
    expect((await set(sent.version, factorId)).status).toBe(409);
    expect(
      (await call('PUT', '/api/Invoices/99999999/factoring', finance, { version: 1, factoringCompanyId: null })).status,
    ).toBe(404);
  });

  it('an assigned invoice carries the notice on its PDF and is mailed to the factor as well as the customer', async () => {
    const made = (await invoice(orderIds[2])).body.value;
    const pdf = await file(`/api/Invoices/${made.id}/pdf`, finance);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('PAY TO (THIS INVOICE IS ASSIGNED)');
    expect(text).toContain('Lone Star Capital');
    expect(text).toContain('PO Box 650');
    expect(text).toContain('Dallas, TX 75265');
    expect(text.replace(/\n/g, ' ')).toContain('payable only to the factoring company');
    const sent = await sendInvoice(made.id, made.version);
    expect(sent.sentTo).toContain('funding@lonestarcapital.example');
    expect(sent.sentTo.length).toBeGreaterThan(1);
  });

  it('schedules sent invoices without gaps, one live schedule per invoice; PDF and CSV; funds, releases, reverses; the factor owes its reserve', async () => {
    // Two sent invoices of the factor.
    const first = (await invoice(orderIds[3])).body.value;
    const ids = [first.id];
    const sentFirst = await sendInvoice(first.id, first.version);
    const earlier = await server.db
      .selectFrom('invoices')
      .select('id')
      .where('factoring_company_id', '=', factorId)
      .where('status', '=', 'SENT')
      .where('id', '!=', first.id)
      .executeTakeFirstOrThrow();
    ids.push(Number(earlier.id));
    const eligible = await call('GET', `/api/FactoringSchedules/eligible?factoringCompanyId=${factorId}`, finance);
    expect(eligible.body.value.map((i: { invoiceId: number }) => i.invoiceId).sort()).toEqual([...ids].sort());

    // Refusals: a draft (409), another factor's invoice (400), an unknown one (400), an inactive factor (400).
    const draft = (await invoice(orderIds[4] ?? orderIds[3], { factoringCompanyId: factorId })).body.value;
    const schedule = (body: Body, token = finance) => call('POST', '/api/FactoringSchedules', token, body);
    if (draft) expect((await schedule({ factoringCompanyId: factorId, invoiceIds: [draft.id] })).status).toBe(409);
    expect((await schedule({ factoringCompanyId: otherFactorId, invoiceIds: ids })).status).toBe(400);
    expect((await schedule({ factoringCompanyId: factorId, invoiceIds: [99_999_999] })).status).toBe(400);
    expect((await schedule({ factoringCompanyId: inactiveFactorId, invoiceIds: ids })).status).toBe(400);
    expect((await schedule({ factoringCompanyId: factorId, invoiceIds: [] })).status).toBe(400);

    const counter = await server.db
      .selectFrom('number_counters')
      .select('next_value')
      .where('name', '=', 'factoring_schedule')
      .executeTakeFirstOrThrow();
    const made = await schedule({ factoringCompanyId: factorId, invoiceIds: ids, scheduleOn: '2026-11-20' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const s = made.body.value;
    const total = s.invoices.reduce((sum: number, i: { amountCents: number }) => sum + i.amountCents, 0);
    expect(s).toMatchObject({
      number: Number(counter.next_value),
      numberText: `SCH-${counter.next_value}`,
      status: 'OPEN',
      invoiceCount: 2,
      totalCents: total,
    });
    expect(total).toBe(
      sentFirst.totalCents + s.invoices.find((i: { invoiceId: number }) => i.invoiceId !== first.id).amountCents,
    );
    const again = await schedule({ factoringCompanyId: factorId, invoiceIds: [first.id] });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(s.numberText);

    // PDF and CSV.
    const pdf = await file(`/api/FactoringSchedules/${s.id}/pdf`, finance);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const pdfWords = pdfText(pdf.rawPayload);
    for (const words of [
      'SCHEDULE OF ACCOUNTS',
      s.numberText,
      '11/20/2026',
      'Lone Star Capital',
      first.numberText,
      first.payerName,
    ])
      expect(pdfWords).toContain(words);
    const csv = await file(`/api/FactoringSchedules/${s.id}/csv`, finance);
    const lines = csv.body.trim().split(/\r\n/);
    expect(lines[0]).toBe('Schedule,Date,Factor,Invoice,Debtor,Invoice date,Amount');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe(`${s.numberText},2026-11-20,Lone Star Capital,Total,,,${(total / 100).toFixed(2)}`);
    expect((await call('GET', `/api/FactoringSchedules/${s.id}/csv`, dispatcher)).status).toBe(403);
    expect((await call('GET', '/api/FactoringSchedules/99999999', finance)).status).toBe(404);

    // Funding: the three must make the total; all three or none; the stale version 409; once.
    const fund = (body: Body) => call('POST', `/api/FactoringSchedules/${s.id}/funding`, finance, body);
    const wrongSum = await fund({ version: s.version, advance: 1, fee: 1, reserve: 1 });
    expect([wrongSum.status, wrongSum.body.messages?.[0]?.field]).toEqual([400, 'reserve']);
    expect((await fund({ version: s.version, advance: 1 })).status).toBe(400);
    expect((await fund({ version: s.version, advance: 1, fee: 0.001, reserve: 1 })).status).toBe(400);
    expect((await fund({ version: s.version + 7 })).status).toBe(409);
    expect(s.suggested.advanceCents).toBe(Math.round(total * 0.9));
    expect(s.suggested.feeCents).toBe(Math.round(total * 0.035));
    const funded = await fund({ version: s.version, fundedOn: '2026-11-21' });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);
    const f = funded.body.value;
    expect(f).toMatchObject({
      status: 'FUNDED',
      ...s.suggested,
      releasedCents: 0,
      owedCents: s.suggested.reserveCents,
    });
    expect(f.advanceCents + f.feeCents + f.reserveCents).toBe(total);
    expect((await fund({ version: f.version })).status).toBe(409);
    const inv = (await call('GET', `/api/Invoices/${first.id}`, finance)).body.value;
    expect(inv).toMatchObject({
      status: 'SENT',
      factored: true,
      factoring: { schedule: { id: s.id, status: 'FUNDED' } },
    });
    expect((await call('POST', `/api/FactoringSchedules/${s.id}/cancel`, finance, { version: f.version })).status).toBe(
      409,
    );

    // A factor holding reserve is not deleted.
    const deleting = await call('DELETE', `/api/FactoringCompanies/${factorId}`, finance);
    expect(deleting.status).toBe(409);
    expect(deleting.body.message).toContain('still holds');

    // Releases: part, never beyond what is held.
    const release = (version: number, amount: number) =>
      call('POST', `/api/FactoringSchedules/${s.id}/releases`, finance, { version, amount, releasedOn: '2026-12-01' });
    const over = await release(f.version, f.reserveCents / 100 + 0.01);
    expect([over.status, over.body.messages?.[0]?.field]).toEqual([400, 'amount']);
    expect((await release(f.version, 0)).status).toBe(400);
    const part = await release(f.version, 10);
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.value).toMatchObject({ releasedCents: 1000, owedCents: f.reserveCents - 1000 });
    const books = (await call('GET', `/api/FactoringCompanies/${factorId}/books`, finance)).body.value;
    expect(books).toMatchObject({
      reserveCents: f.reserveCents,
      releasedCents: 1000,
      owedCents: f.reserveCents - 1000,
      feeCents: f.feeCents,
      scheduledCents: total,
    });
    const all = (await call('GET', '/api/FactoringCompanies/books', finance)).body.value;
    expect(all.totalOwedCents).toBe(all.rows.reduce((sum: number, r: { owedCents: number }) => sum + r.owedCents, 0));
    expect(all.totalOwedCents).toBe(f.reserveCents - 1000);

    // Reversals: the funding not while a release stands; the release, then the funding; nothing deleted.
    const fundingId = f.entries[0].id;
    const releaseId = part.body.value.entries[1].id;
    const reverse = (entryId: number, version: number, token = finance) =>
      call('POST', `/api/FactoringSchedules/${s.id}/entries/${entryId}/reverse`, token, {
        version,
        reason: 'Keyed wrong',
      });
    let version = part.body.value.version;
    expect((await reverse(fundingId, version)).status).toBe(409);
    expect((await reverse(releaseId, version, dispatcher)).status).toBe(403);
    expect(
      (
        await call('POST', `/api/FactoringSchedules/${s.id}/entries/${releaseId}/reverse`, finance, {
          version,
          reason: '',
        })
      ).status,
    ).toBe(400);
    const undone = await reverse(releaseId, version);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.value).toMatchObject({ releasedCents: 0, owedCents: f.reserveCents });
    version = undone.body.value.version;
    expect((await reverse(releaseId, version)).status).toBe(409);
    const unfunded = await reverse(fundingId, version);
    expect(unfunded.body.value).toMatchObject({
      status: 'OPEN',
      advanceCents: 0,
      feeCents: 0,
      reserveCents: 0,
      owedCents: 0,
    });
    expect(unfunded.body.value.entries).toHaveLength(4);
    expect((await call('GET', `/api/Invoices/${first.id}`, finance)).body.value.factored).toBe(false);
    expect((await call('GET', `/api/FactoringCompanies/${factorId}/books`, finance)).body.value.owedCents).toBe(0);

    // Cancelled while open: kept, its invoices free for another schedule.
    const cancelled = await call('POST', `/api/FactoringSchedules/${s.id}/cancel`, finance, {
      version: unfunded.body.value.version,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.value.status).toBe('CANCELLED');
    const next = await schedule({ factoringCompanyId: factorId, invoiceIds: ids });
    expect(next.status).toBe(201);
    expect(next.body.value.number).toBe(s.number + 1);
    const listed = await call('GET', `/api/FactoringSchedules?factoringCompanyId=${factorId}`, finance);
    expect(listed.body.value.items.map((r: { number: number }) => r.number)).toEqual([s.number + 1, s.number]);
  });
});
