import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBankRows } from '../helpers/bankRows';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Bank matching settles invoices (docs/product/bank.md#invoices), on both databases: a sent invoice is an open item
 * and its orders are not; a deposit found by the invoice number in its description; a short payment leaves the
 * balance open with its difference named, the balance paid later makes it Paid with its orders; one deposit pays
 * several invoices; undo gives the invoice and its orders back exactly; what may not be matched is refused.
 */
describe.each(DATABASES)('bank deposits settle invoices on %s', (kind) => {
  let server: TestServer;
  let finance: string;
  let banking: string;
  let dispatcher: string;
  let seq = 0;
  beforeAll(async () => {
    server = await startTestServer(kind);
    finance = await server.login('finance@haulboard.demo');
    banking = await server.login('banking@haulboard.demo');
    dispatcher = await server.login('dispatcher@haulboard.demo');
  }, 60_000);
  afterAll(() => server?.close());

  const api = (method: 'GET' | 'POST', url: string, payload?: unknown, token = banking) =>
    server.call({ method, url, token, payload: payload as never });
  const deposits = (rows: { day: string; description: string; cents: number }[]) =>
    importBankRows(server, banking, `INVPAY${++seq}`, rows);

  /** Delivered orders on no invoice and never matched themselves, of one broker, `count` of them. */
  async function billable(count: number) {
    const rows = await server.db
      .selectFrom('book_orders')
      .select(['id', 'broker_id'])
      .where('status', '=', 'DELIVERED')
      .where('deleted_at', 'is', null)
      .where('id', 'not in', server.db.selectFrom('invoice_orders').select('book_order_id'))
      .where('id', 'not in', server.db.selectFrom('bank_item_settlements').select('item_id'))
      .orderBy('id')
      .execute();
    const byBroker = new Map<number, number[]>();
    for (const r of rows) byBroker.set(Number(r.broker_id), [...(byBroker.get(Number(r.broker_id)) ?? []), r.id]);
    const [brokerId, ids] = [...byBroker.entries()].find(([, list]) => list.length >= count)!;
    return { brokerId, orderIds: ids.slice(0, count) };
  }
  /** A sent invoice of `count` orders of one broker. */
  async function sentInvoice(count = 1) {
    const { brokerId, orderIds } = await billable(count);
    const made = await api('POST', '/api/Invoices', { payerKind: 'BROKER', payerId: brokerId, orderIds }, finance);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const sent = await api(
      'POST',
      `/api/Invoices/${made.body.value.id}/send`,
      { version: made.body.value.version },
      finance,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    return sent.body.value as { id: number; numberText: string; totalCents: number; orders: { id: number }[] };
  }
  /** The open items of one kind that a search finds (an order number, an invoice number). */
  const openItems = async (type: string, search: string) =>
    (
      await api(
        'GET',
        `/api/TransactionsMatching/open-items?type=${type}&size=200&search=${encodeURIComponent(search)}`,
      )
    ).body.value.items as { itemId: number; left: number }[];
  const orderNumber = async (id: number) =>
    (await server.db.selectFrom('book_orders').select('order_number').where('id', '=', id).executeTakeFirstOrThrow())
      .order_number;
  const invoice = async (id: number) => (await api('GET', `/api/Invoices/${id}`, undefined, finance)).body.value;
  const orders = (ids: number[]) =>
    server.db
      .selectFrom('book_orders')
      .select(['id', 'status', 'payment_status'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
  const match = (row: { id: number; version: number }, lines: unknown[]) =>
    api('POST', `/api/TransactionsMatching/transactions/${row.id}/matches`, { version: row.version, lines });
  const undo = (matchId: number) =>
    api('POST', `/api/TransactionsMatching/matches/${matchId}/undo`, { reason: 'Matched to the wrong invoice' });
  /** The invoice as stored, less what moves on every write. */
  const stored = async (id: number) => {
    const {
      version: _v,
      updated_at: _u,
      ...row
    } = await server.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return row;
  };

  it('a short deposit leaves the balance open with its difference named; the rest makes it Paid, orders and all; undo gives each step back', async () => {
    const sent = await sentInvoice(2);
    const orderIds = sent.orders.map((o) => o.id);
    const items = await openItems('INVOICE', sent.numberText);
    expect(items.find((i: { itemId: number }) => i.itemId === sent.id)).toMatchObject({
      label: sent.numberText,
      amount: sent.totalCents / 100,
      left: sent.totalCents / 100,
    });
    const orderItems = await openItems('BOOK_ORDER', await orderNumber(orderIds[0]));
    expect(
      orderItems.filter((i) => orderIds.includes(i.itemId)),
      'an invoiced order is paid through its invoice',
    ).toEqual([]);
    const beforeAny = await stored(sent.id);

    const short = 15_000;
    const [first, second] = await deposits([
      { day: '2026-11-20', description: `ACME LOGISTICS PAYMENT ${sent.numberText}`, cents: sent.totalCents - short },
      { day: '2026-11-27', description: 'ACME LOGISTICS BALANCE', cents: short },
    ]);
    const suggested = (await api('GET', `/api/TransactionsMatching/transactions/${first.id}/suggestions`)).body.value;
    expect(suggested.candidates[0]).toMatchObject({ itemType: 'INVOICE', itemId: sent.id });
    expect(suggested.candidates[0].reasons).toContain('Invoice number in the description');

    const paidShort = await match(first, [
      {
        itemType: 'INVOICE',
        itemId: sent.id,
        amount: (sent.totalCents - short) / 100,
        shortReason: 'Damage deduction',
      },
    ]);
    expect(paidShort.status, JSON.stringify(paidShort.body)).toBe(200);
    expect(await invoice(sent.id)).toMatchObject({
      status: 'PARTIALLY_PAID',
      paidCents: sent.totalCents - short,
      balanceCents: short,
      shortPaid: true,
      shortReason: 'Damage deduction',
      paidOn: null,
      payments: [{ postedOn: '2026-11-20', amountCents: sent.totalCents - short }],
    });
    expect((await orders(orderIds)).map((o) => [o.status, o.payment_status])).toEqual(
      orderIds.map(() => ['INVOICED', 'PARTIALLY_PAID']),
    );
    const afterShort = await stored(sent.id);

    const rest = await match(second, [{ itemType: 'INVOICE', itemId: sent.id, amount: short / 100 }]);
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(await invoice(sent.id)).toMatchObject({
      status: 'PAID',
      paidCents: sent.totalCents,
      balanceCents: 0,
      paidOn: '2026-11-27',
      shortPaid: true,
      shortReason: 'Damage deduction',
    });
    expect((await orders(orderIds)).map((o) => [o.status, o.payment_status])).toEqual(
      orderIds.map(() => ['PAID', 'PAID']),
    );
    const paidItems = await openItems('INVOICE', sent.numberText);
    expect(
      paidItems.some((i: { itemId: number }) => i.itemId === sent.id),
      'a paid invoice is not open',
    ).toBe(false);

    expect((await undo(rest.body.value.matchId)).status).toBe(200);
    expect(await stored(sent.id)).toEqual(afterShort);
    expect((await orders(orderIds)).map((o) => [o.status, o.payment_status])).toEqual(
      orderIds.map(() => ['INVOICED', 'PARTIALLY_PAID']),
    );
    expect((await undo(paidShort.body.value.matchId)).status).toBe(200);
    expect(await stored(sent.id)).toEqual(beforeAny);
    expect((await orders(orderIds)).map((o) => [o.status, o.payment_status])).toEqual(
      orderIds.map(() => ['INVOICED', 'UNPAID']),
    );
  });

  it('one deposit pays two invoices; a void or draft invoice, a difference named where there is none and other roles are refused', async () => {
    const [a, b] = [await sentInvoice(), await sentInvoice()];
    const [both, spare] = await deposits([
      { day: '2026-11-24', description: 'BROKER ACH TWO LOADS', cents: a.totalCents + b.totalCents },
      { day: '2026-11-24', description: 'BROKER ACH', cents: 1_000 },
    ]);
    const line = (inv: { id: number; totalCents: number }, over = {}) => ({
      itemType: 'INVOICE',
      itemId: inv.id,
      amount: inv.totalCents / 100,
      ...over,
    });

    const cleared = await match(both, [line(a, { shortReason: 'Nothing short' }), line(b)]);
    expect(cleared.status).toBe(400);
    expect(JSON.stringify(cleared.body)).toContain('no difference to name');
    expect((await invoice(a.id)).status, 'nothing written').toBe('SENT');
    expect((await match(both, [line(a), line(b)])).status).toBe(200);
    expect([(await invoice(a.id)).status, (await invoice(b.id)).status]).toEqual(['PAID', 'PAID']);
    expect((await invoice(a.id)).shortPaid).toBe(false);

    const toDraft = await billable(1);
    const draft = await api(
      'POST',
      '/api/Invoices',
      { payerKind: 'BROKER', payerId: toDraft.brokerId, orderIds: toDraft.orderIds },
      finance,
    );
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const onDraft = await match(spare, [{ itemType: 'INVOICE', itemId: draft.body.value.id, amount: 10 }]);
    expect(onDraft.status).toBe(400);
    expect(JSON.stringify(onDraft.body)).toContain('not open for matching');
    const onOrder = await match(spare, [
      { itemType: 'BOOK_ORDER', itemId: a.orders[0].id, amount: 10, shortReason: 'Quick-pay fee' },
    ]);
    expect(onOrder.status).toBe(400);
    expect((await match(spare, [{ itemType: 'INVOICE', itemId: 999_999, amount: 10 }])).status).toBe(400);
    expect(
      (
        await api(
          'POST',
          `/api/TransactionsMatching/transactions/${spare.id}/matches`,
          {
            version: spare.version,
            lines: [line(a)],
          },
          dispatcher,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await server.db
          .selectFrom('bank_transactions')
          .select('matched_cents')
          .where('id', '=', spare.id)
          .executeTakeFirstOrThrow()
      ).matched_cents,
    ).toBe(0);
  });

  it('an order with a deposit matched to it directly is not put on an invoice', async () => {
    const { brokerId, orderIds } = await billable(1);
    const items = await openItems('BOOK_ORDER', await orderNumber(orderIds[0]));
    const item = items.find((i) => i.itemId === orderIds[0])!;
    const [row] = await deposits([{ day: '2026-11-25', description: 'COD DEPOSIT', cents: 5_000 }]);
    expect((await match(row, [{ itemType: 'BOOK_ORDER', itemId: item.itemId, amount: 50 }])).status).toBe(200);
    const made = await api('POST', '/api/Invoices', { payerKind: 'BROKER', payerId: brokerId, orderIds }, finance);
    expect(made.status).toBe(409);
    expect(made.body.title ?? JSON.stringify(made.body)).toContain('Undo that bank match');
  });
});
