import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../helpers/pdf';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Invoices (docs/product/invoices.md) on both databases: made from a payer's delivered orders, numbered without gaps,
 * sent (the orders Invoiced, the PDF kept, a mail in the sender's mailbox), voided by a credit note (the orders back
 * to Delivered and free to bill again); stale versions, bad bodies and other roles refused.
 */
describe.each(DATABASES)('invoices on %s', (kind) => {
  let server: TestServer;
  let finance: string;
  let dispatcher: string;
  let driver: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    finance = await server.login('finance@haulboard.demo');
    dispatcher = await server.login('dispatcher@haulboard.demo');
    driver = await server.login('driver@haulboard.demo');
  });
  afterAll(() => server.close());

  /** Delivered orders of one broker on no invoice, at least `count` of them. */
  async function deliveredOfOneBroker(count: number) {
    const rows = await server.db
      .selectFrom('book_orders')
      .select(['id', 'broker_id', 'shipper_id', 'price_cents', 'version'])
      .where('status', '=', 'DELIVERED')
      .where('deleted_at', 'is', null)
      .where('id', 'not in', server.db.selectFrom('invoice_orders').select('book_order_id'))
      .orderBy('id')
      .execute();
    const byBroker = new Map<number, typeof rows>();
    for (const row of rows) byBroker.set(Number(row.broker_id), [...(byBroker.get(Number(row.broker_id)) ?? []), row]);
    const [brokerId, orders] = [...byBroker.entries()].find(([, list]) => list.length >= count)!;
    return { brokerId, orders: orders.slice(0, count) };
  }
  const create = (token: string, payload: unknown) =>
    server.call({ method: 'POST', url: '/api/Invoices', token, payload: payload as object });

  it('makes a draft for two delivered orders of one broker: linehaul per vehicle, products, due by the terms, the next number', async () => {
    const { brokerId, orders } = await deliveredOfOneBroker(2);
    const fuel = await server.db
      .selectFrom('products')
      .selectAll()
      .where('name', '=', 'Fuel surcharge')
      .executeTakeFirstOrThrow();
    const expedite = await server.db
      .selectFrom('products')
      .selectAll()
      .where('name', '=', 'Expedite')
      .executeTakeFirstOrThrow();
    const broker = await server.db
      .selectFrom('brokers')
      .select('payment_terms_days')
      .where('id', '=', brokerId)
      .executeTakeFirstOrThrow();
    const counter = await server.db
      .selectFrom('number_counters')
      .select('next_value')
      .where('name', '=', 'invoice')
      .executeTakeFirstOrThrow();
    const made = await create(finance, {
      payerKind: 'BROKER',
      payerId: brokerId,
      orderIds: orders.map((o) => Number(o.id)),
      products: [{ productId: Number(fuel.id) }, { productId: Number(expedite.id) }],
      issuedOn: '2026-11-02',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const invoice = made.body.value;
    expect(invoice).toMatchObject({ status: 'DRAFT', number: Number(counter.next_value), issuedOn: '2026-11-02' });
    expect(invoice.numberText).toBe(`INV-${counter.next_value}`);
    const linehaul = orders.reduce((sum, o) => sum + Number(o.price_cents), 0);
    const vehicles = await server.db
      .selectFrom('book_order_vehicles')
      .select('id')
      .where(
        'book_order_id',
        'in',
        orders.map((o) => o.id),
      )
      .execute();
    const linehaulLines = invoice.lines.filter((l: { kind: string }) => l.kind === 'LINEHAUL');
    expect(linehaulLines).toHaveLength(vehicles.length);
    expect(linehaulLines.reduce((sum: number, l: { amountCents: number }) => sum + l.amountCents, 0)).toBe(linehaul);
    const surcharge = Math.round((linehaul * Number(fuel.percent)) / 10_000);
    expect(invoice.totalCents).toBe(linehaul + surcharge + Number(expedite.price_cents));
    const due = new Date(Date.parse('2026-11-02T00:00:00Z') + Number(broker.payment_terms_days) * 86_400_000);
    expect(invoice.dueOn).toBe(due.toISOString().slice(0, 10));

    // An order on a live invoice is not billed twice: 409 naming the invoice.
    const again = await create(finance, { payerKind: 'BROKER', payerId: brokerId, orderIds: [Number(orders[0].id)] });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(invoice.numberText);
  });

  it('refuses bad bodies (400), unknown ids (400/404) and orders not delivered (409), writing nothing', async () => {
    const { brokerId, orders } = await deliveredOfOneBroker(1);
    const before = await server.db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await create(finance, { payerKind: 'BROKER', payerId: brokerId, orderIds: [] })).status).toBe(400);
    expect((await create(finance, { payerKind: 'NOBODY', payerId: brokerId, orderIds: [1] })).status).toBe(400);
    expect(
      (await create(finance, { payerKind: 'BROKER', payerId: 99_999_999, orderIds: [Number(orders[0].id)] })).status,
    ).toBe(400);
    expect((await create(finance, { payerKind: 'BROKER', payerId: brokerId, orderIds: [99_999_999] })).status).toBe(
      400,
    );
    const other = await server.db
      .selectFrom('book_orders')
      .select(['id', 'broker_id'])
      .where('status', '=', 'DELIVERED')
      .where('broker_id', '!=', brokerId)
      .executeTakeFirstOrThrow();
    expect(
      (await create(finance, { payerKind: 'BROKER', payerId: brokerId, orderIds: [Number(other.id)] })).status,
    ).toBe(400);
    const fresh = await server.db
      .selectFrom('book_orders')
      .select(['id', 'broker_id'])
      .where('status', '=', 'NEW')
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const notDelivered = await create(finance, {
      payerKind: 'BROKER',
      payerId: Number(fresh.broker_id),
      orderIds: [Number(fresh.id)],
    });
    expect(notDelivered.status).toBe(409);
    expect(notDelivered.body.message).toMatch(/only a delivered order is invoiced/);
    expect((await server.call({ method: 'GET', url: '/api/Invoices/99999999', token: finance })).status).toBe(404);
    expect((await server.call({ method: 'GET', url: '/api/Invoices?sort=nonsense', token: finance })).status).toBe(400);
    expect((await server.call({ method: 'GET', url: '/api/Invoices/abc', token: finance })).status).toBe(400);
    const after = await server.db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('401 without a token, 403 for a driver and for a dispatcher’s writes; the dispatcher reads', async () => {
    const { brokerId, orders } = await deliveredOfOneBroker(1);
    const body = { payerKind: 'BROKER', payerId: brokerId, orderIds: [Number(orders[0].id)] };
    expect((await server.call({ method: 'GET', url: '/api/Invoices' })).status).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/Invoices', token: driver })).status).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/Products', token: driver })).status).toBe(403);
    expect((await create(driver, body)).status).toBe(403);
    expect((await create(dispatcher, body)).status).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/Invoices', token: dispatcher })).status).toBe(200);
    expect((await server.call({ method: 'GET', url: '/api/Products', token: dispatcher })).status).toBe(200);
  });

  it('sends: Sent, the orders Invoiced, the PDF kept; a stale version is 409; void by a credit note gives the orders back', async () => {
    const { brokerId, orders } = await deliveredOfOneBroker(1);
    const made = (await create(finance, { payerKind: 'BROKER', payerId: brokerId, orderIds: [Number(orders[0].id)] }))
      .body.value;
    const send = (version: number) =>
      server.call({ method: 'POST', url: `/api/Invoices/${made.id}/send`, token: finance, payload: { version } });
    expect(
      (
        await server.call({
          method: 'POST',
          url: `/api/Invoices/${made.id}/send`,
          token: dispatcher,
          payload: { version: 1 },
        })
      ).status,
    ).toBe(403);
    const sent = await send(made.version);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.value).toMatchObject({ status: 'SENT', hasSentPdf: true, version: made.version + 1 });
    expect(sent.body.value.sentTo.length).toBeGreaterThan(0);
    const order = await server.db
      .selectFrom('book_orders')
      .select(['status', 'version'])
      .where('id', '=', orders[0].id)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('INVOICED');
    const history = await server.db
      .selectFrom('book_order_status_history')
      .select('note')
      .where('book_order_id', '=', orders[0].id)
      .where('to_status', '=', 'INVOICED')
      .executeTakeFirstOrThrow();
    expect(history.note).toBe(`Invoice ${made.numberText} sent`);
    const mail = await server.db
      .selectFrom('mail_messages')
      .select(['subject', 'kind'])
      .where('kind', '=', 'invoice')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain(made.numberText);

    // What was sent is what the PDF route answers.
    const pdf = await server.call({ method: 'GET', url: `/api/Invoices/${made.id}/pdf`, token: finance });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const kept = await server.db
      .selectFrom('documents')
      .innerJoin('invoices', 'invoices.sent_document_id', 'documents.id')
      .select('documents.size_bytes')
      .where('invoices.id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(Buffer.byteLength(pdf.body as string, 'latin1')).toBeGreaterThan(1000);
    expect(Number(kept.size_bytes)).toBeGreaterThan(1000);

    const stale = await server.call({
      method: 'POST',
      url: `/api/Invoices/${made.id}/void`,
      token: finance,
      payload: { version: made.version, reason: 'Wrong rate' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.messages[0].description).toMatch(/changed/);
    expect(
      (
        await server.call({
          method: 'POST',
          url: `/api/Invoices/${made.id}/void`,
          token: finance,
          payload: { version: made.version + 1 },
        })
      ).status,
    ).toBe(400);
    const credit = await server.db
      .selectFrom('number_counters')
      .select('next_value')
      .where('name', '=', 'credit_note')
      .executeTakeFirstOrThrow();
    const voided = await server.call({
      method: 'POST',
      url: `/api/Invoices/${made.id}/void`,
      token: finance,
      payload: { version: made.version + 1, reason: 'Wrong rate' },
    });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.value).toMatchObject({
      status: 'VOID',
      balanceCents: 0,
      creditNote: { number: Number(credit.next_value), amountCents: made.totalCents, reason: 'Wrong rate' },
    });
    expect(
      (
        await server.db
          .selectFrom('book_orders')
          .select('status')
          .where('id', '=', orders[0].id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('DELIVERED');
    // Void again: 409; never deleted; the order may be invoiced again.
    expect(
      (
        await server.call({
          method: 'POST',
          url: `/api/Invoices/${made.id}/void`,
          token: finance,
          payload: { version: made.version + 2, reason: 'Again' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await server.call({
          method: 'POST',
          url: `/api/Invoices/${made.id}/send`,
          token: finance,
          payload: { version: made.version + 2 },
        })
      ).status,
    ).toBe(409);
    const rebilled = await create(finance, {
      payerKind: 'BROKER',
      payerId: brokerId,
      orderIds: [Number(orders[0].id)],
    });
    expect(rebilled.status).toBe(201);
    expect(rebilled.body.value.number).toBeGreaterThan(made.number);
  });

  it('draws the PDF: number, dates, terms, lines and totals in US style; the delivery bill of lading follows it', async () => {
    const { brokerId, orders } = await deliveredOfOneBroker(1);
    const orderId = Number(orders[0].id);
    // A completed delivery inspection of the order's first vehicle: its bill of lading then follows the invoice.
    const vehicle = await server.db
      .selectFrom('book_order_vehicles')
      .select('vin')
      .where('book_order_id', '=', orderId)
      .orderBy('position')
      .executeTakeFirstOrThrow();
    const someDriver = await server.db.selectFrom('drivers').select('id').orderBy('id').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await server.db
      .insertInto('vehicle_inspections')
      .values({
        book_order_id: orderId,
        vin: vehicle.vin,
        stage: 'DELIVERY',
        type: 'STANDARD',
        driver_id: someDriver.id,
        client_key: `pdf-${kind}`,
        completed_at: now,
        signer_name: 'Dana Reyes',
        created_at: now,
        updated_at: now,
      } as never)
      .execute();
    const made = (
      await create(finance, { payerKind: 'BROKER', payerId: brokerId, orderIds: [orderId], issuedOn: '2026-12-09' })
    ).body.value;
    const answer = await server.app.inject({
      url: `/api/Invoices/${made.id}/pdf`,
      headers: { authorization: `Bearer ${finance}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toContain(`${made.numberText}.pdf`);
    const text = pdfText(answer.rawPayload);
    expect(text).toContain(made.numberText);
    expect(text).toContain('12/09/2026');
    expect(text).toContain(made.terms);
    expect(text).toContain(made.payerName);
    const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(text).toContain(dollars(made.totalCents));
    expect(text).toContain('Balance due');
    // The bill of lading's own pages, with their foot.
    expect(text).toMatch(/Bill of lading/i);
    expect(text).toMatch(/SHA-256 of this inspection set: [0-9a-f]{64}/);
  });

  it('lists with search by number and payer, filters that combine, and CSV', async () => {
    const all = (await server.call({ method: 'GET', url: '/api/Invoices', token: finance })).body.value;
    expect(all.totalCount).toBeGreaterThan(1);
    const first = all.items[all.items.length - 1];
    const byNumber = (
      await server.call({ method: 'GET', url: `/api/Invoices?search=${first.numberText}`, token: finance })
    ).body.value;
    expect(byNumber.items.map((i: { id: number }) => i.id)).toEqual([first.id]);
    const byPayer = (
      await server.call({
        method: 'GET',
        url: `/api/Invoices?search=${encodeURIComponent(first.payerName.slice(0, 6))}&status=${first.status}`,
        token: finance,
      })
    ).body.value;
    expect(byPayer.items.every((i: { status: string }) => i.status === first.status)).toBe(true);
    expect(byPayer.items.map((i: { id: number }) => i.id)).toContain(first.id);
    const none = (await server.call({ method: 'GET', url: `/api/Invoices?status=PAID`, token: finance })).body.value;
    expect(none.totalCount).toBe(0);
    const ofBroker = (
      await server.call({
        method: 'GET',
        url: `/api/Invoices?brokerId=${first.payerId}&filtered=custom&from=2026-11-01&to=2026-11-30`,
        token: finance,
      })
    ).body.value;
    expect(ofBroker.items.length).toBeGreaterThan(0);
    expect(
      ofBroker.items.every(
        (i: { payerId: number; issuedOn: string }) => i.payerId === first.payerId && i.issuedOn.startsWith('2026-11'),
      ),
    ).toBe(true);
    const before = (
      await server.call({
        method: 'GET',
        url: `/api/Invoices?brokerId=${first.payerId}&filtered=custom&from=2020-01-01&to=2020-01-31`,
        token: finance,
      })
    ).body.value;
    expect(before.totalCount).toBe(0);
    const csv = await server.call({ method: 'GET', url: '/api/Invoices/export', token: finance });
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain(first.numberText);
    expect((await server.call({ method: 'GET', url: '/api/Invoices/export', token: dispatcher })).status).toBe(403);
  });
});
