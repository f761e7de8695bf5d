import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * POST /api/Invoices/batch (docs/product/invoices.md#batch) on both databases: one draft per delivered order, each to
 * its order's broker, numbered without a gap; an order that cannot be billed is refused with its reason while the
 * others are made; bad bodies 400, other roles 401/403.
 */
describe.each(DATABASES)('invoice batch on %s', (kind) => {
  let server: TestServer;
  let finance: string;
  let dispatcher: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    finance = await server.login('finance@haulboard.demo');
    dispatcher = await server.login('dispatcher@haulboard.demo');
  });
  afterAll(() => server.close());

  const batch = (token: string | undefined, payload: unknown) =>
    server.call({ method: 'POST', url: '/api/Invoices/batch', token, payload: payload as object });

  it('makes one draft per delivered order, numbered without a gap, and refuses the ones it cannot bill', async () => {
    const delivered = await server.db
      .selectFrom('book_orders')
      .select(['id', 'broker_id', 'price_cents'])
      .where('status', '=', 'DELIVERED')
      .where('deleted_at', 'is', null)
      .where('id', 'not in', server.db.selectFrom('invoice_orders').select('book_order_id'))
      .orderBy('id')
      .limit(5)
      .execute();
    expect(delivered.length).toBe(5);
    const notDelivered = await server.db
      .selectFrom('book_orders')
      .select('id')
      .where('status', '=', 'NEW')
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const counter = await server.db
      .selectFrom('number_counters')
      .select('next_value')
      .where('name', '=', 'invoice')
      .executeTakeFirstOrThrow();
    const ids = delivered.map((o) => Number(o.id));
    const answer = await batch(finance, {
      orderIds: [ids[0], Number(notDelivered.id), ...ids.slice(1), 99_999_999],
      issuedOn: '2026-11-20',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const { made, refused } = answer.body.value;
    expect(made.map((m: { orderId: number }) => m.orderId)).toEqual(ids);
    const first = Number(counter.next_value);
    expect(made.map((m: { number: number }) => m.number)).toEqual(ids.map((_, i) => first + i));
    expect(refused).toEqual([
      expect.objectContaining({ orderId: Number(notDelivered.id), status: 409 }),
      expect.objectContaining({ orderId: 99_999_999, status: 400 }),
    ]);
    for (const [i, order] of delivered.entries()) {
      const invoice = await server.db
        .selectFrom('invoices')
        .selectAll()
        .where('id', '=', made[i].invoiceId)
        .executeTakeFirstOrThrow();
      expect(invoice).toMatchObject({ status: 'DRAFT', issued_on: '2026-11-20', payer_kind: 'BROKER' });
      expect(Number(invoice.broker_id)).toBe(Number(order.broker_id));
      expect(Number(invoice.total_cents)).toBe(Number(order.price_cents));
    }
    // Billed already: nothing made, the first reason answers (409) with every refusal.
    const again = await batch(finance, { orderIds: ids.slice(0, 2) });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('INV-');
    expect(again.body.refused).toHaveLength(2);
  });

  it('refuses bad bodies (400) and other roles (401/403)', async () => {
    for (const body of [
      {},
      { orderIds: [] },
      { orderIds: ['1'] },
      { orderIds: Array.from({ length: 501 }, (_, i) => i + 1) },
      { orderIds: [1], payerKind: 'CARRIER' },
      { orderIds: [1], issuedOn: '2026-02-30' },
    ]) {
      const answer = await batch(finance, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await batch(undefined, { orderIds: [1] })).status).toBe(401);
    expect((await batch(dispatcher, { orderIds: [1] })).status).toBe(403);
  });
});
