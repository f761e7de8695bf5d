import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../schema/expiry';
import { usDate } from '../../schema/format';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Matching bank rows to what Haulboard expects (docs/product/bank.md) through the API, on the demo company:
 * suggestions, one deposit against several orders, partial payments, amounts never more than either side has left, undo
 * giving both sides back exactly, explanations, the unmatched report, and who may do it. After every test the amounts
 * kept on both sides equal the active match lines.
 */

const CHECKING = 'Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #';
const money = (cents: number) => (cents / 100).toFixed(2);
const usDay = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const csvRow = (
  day: string,
  description: string,
  cents: number,
  type = cents >= 0 ? 'ACH_CREDIT' : 'ACH_DEBIT',
  check = '',
) => `${cents >= 0 ? 'CREDIT' : 'DEBIT'},${usDay(day)},"${description}",${money(cents)},${type},,${check},`;

interface Item {
  itemType: string;
  itemId: number;
  label: string;
  party: string | null;
  amount: number;
  left: number;
  expectedOn: string | null;
}

describe.each(DATABASES)('bank matching on %s', (kind) => {
  let server: TestServer;
  let banking: string;
  let seq = 0;
  beforeAll(async () => {
    server = await startTestServer(kind);
    banking = await server.login('banking@haulboard.demo');
  }, 60_000);
  afterAll(() => server?.close());

  const api = (method: 'GET' | 'POST', url: string, payload?: unknown, token = banking) =>
    server.call({ method, url, token, payload: payload as never });
  /** Imports rows (made unique per test by a counter in the description) and answers them as the list shows them. */
  async function bankRows(rows: { day: string; description: string; cents: number; check?: string }[]) {
    const tag = `T${++seq}`;
    const file = [
      CHECKING,
      ...rows.map((r) => csvRow(r.day, `${r.description} ${tag}`, r.cents, undefined, r.check ?? '')),
    ].join('\n');
    const imported = await server.call({
      method: 'POST',
      url: `/api/TransactionsMatching/import?fileName=${tag}.csv`,
      token: banking,
      headers: { 'content-type': 'text/csv' },
      payload: file,
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const listed = await api(
      'GET',
      `/api/TransactionsMatching/transactions?importId=${imported.body.value.id}&size=200`,
    );
    return listed.body.value.items as {
      id: number;
      version: number;
      amount: number;
      left: number;
      state: string;
      description: string;
    }[];
  }
  const openOrders = async (search?: string) =>
    (
      await api(
        'GET',
        `/api/TransactionsMatching/open-items?type=BOOK_ORDER&size=200${search ? `&search=${encodeURIComponent(search)}` : ''}`,
      )
    ).body.value.items as Item[];
  const orderStatus = async (id: number) =>
    (await server.db.selectFrom('book_orders').select('payment_status').where('id', '=', id).executeTakeFirstOrThrow())
      .payment_status;
  const row = async (id: number) => (await api('GET', `/api/TransactionsMatching/transactions/${id}`)).body.value;
  const cents = (dollars: number) => Math.round(dollars * 100);

  /** What both sides keep equals the active lines, to the cent. */
  async function expectKeptTotalsEqualLines() {
    const lines = await server.db
      .selectFrom('bank_match_lines as l')
      .innerJoin('bank_matches as m', 'm.id', 'l.match_id')
      .where('m.undone_at', 'is', null)
      .select(['m.bank_transaction_id', 'l.item_type', 'l.item_id', 'l.amount_cents'])
      .execute();
    const perRow = new Map<number, number>();
    const perItem = new Map<string, number>();
    for (const l of lines) {
      perRow.set(l.bank_transaction_id, (perRow.get(l.bank_transaction_id) ?? 0) + Number(l.amount_cents));
      perItem.set(
        `${l.item_type}:${l.item_id}`,
        (perItem.get(`${l.item_type}:${l.item_id}`) ?? 0) + Number(l.amount_cents),
      );
    }
    const rows = await server.db
      .selectFrom('bank_transactions')
      .select(['id', 'matched_cents', 'amount_cents'])
      .execute();
    for (const r of rows) {
      expect(Number(r.matched_cents), `row ${r.id}`).toBe(perRow.get(r.id) ?? 0);
      expect(Number(r.matched_cents)).toBeLessThanOrEqual(Math.abs(Number(r.amount_cents)));
    }
    const settlements = await server.db.selectFrom('bank_item_settlements').selectAll().execute();
    for (const s of settlements)
      expect(Number(s.settled_cents), `${s.item_type}:${s.item_id}`).toBe(
        perItem.get(`${s.item_type}:${s.item_id}`) ?? 0,
      );
    const orders = await server.db
      .selectFrom('book_orders')
      .select(['id', 'price_cents'])
      .where('id', 'in', [
        0,
        ...[...perItem.keys()].filter((k) => k.startsWith('BOOK_ORDER')).map((k) => Number(k.split(':')[1])),
      ])
      .execute();
    for (const o of orders) expect(perItem.get(`BOOK_ORDER:${o.id}`)).toBeLessThanOrEqual(Number(o.price_cents));
  }

  it('suggests the order whose amount and broker the deposit carries, and accepting it marks the order paid', async () => {
    const [order] = (await openOrders()).filter((o) => o.left === o.amount);
    const [deposit] = await bankRows([
      {
        day: order.expectedOn ?? '2026-11-20',
        description: `ORIG CO NAME:${order.party?.toUpperCase()} ORIG ID:1234 ENTRY DESCR:PAYMENT`,
        cents: cents(order.left),
      },
    ]);
    const suggested = (await api('GET', `/api/TransactionsMatching/transactions/${deposit.id}/suggestions`)).body.value;
    expect(suggested.candidates[0]).toMatchObject({ itemType: 'BOOK_ORDER', itemId: order.itemId });
    expect(suggested.candidates[0].reasons).toEqual(
      expect.arrayContaining(['Exact amount', 'Broker or shipper named in the description']),
    );
    expect(suggested.proposal.lines).toEqual([{ itemType: 'BOOK_ORDER', itemId: order.itemId, amount: order.left }]);
    const confirmed = await api('POST', `/api/TransactionsMatching/transactions/${deposit.id}/matches`, {
      version: deposit.version,
      lines: suggested.proposal.lines,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.value.row).toMatchObject({ state: 'MATCHED', left: 0, matched: order.left });
    expect(await orderStatus(order.itemId)).toBe('PAID');
    expect((await openOrders()).some((o) => o.itemId === order.itemId)).toBe(false);
    await expectKeptTotalsEqualLines();
  });

  it('counts the days between the due date and the deposit in words: 1 day, 2 days', async () => {
    const [order] = (await openOrders()).filter((o) => o.left === o.amount && o.expectedOn);
    for (const [gap, words] of [
      [1, '1 day before'],
      [2, '2 days before'],
      [-1, '1 day after'],
    ] as const) {
      const [deposit] = await bankRows([
        { day: addDays(order.expectedOn!, gap), description: `GAP ${gap} PAYMENT ${seq}`, cents: cents(order.left) },
      ]);
      const suggested = (await api('GET', `/api/TransactionsMatching/transactions/${deposit.id}/suggestions`)).body
        .value;
      const candidate = suggested.candidates.find((c: { itemId: number }) => c.itemId === order.itemId);
      expect(candidate.reasons).toContain(`Due ${usDate(order.expectedOn)}, ${words}`);
    }
  });

  it('settles three orders with one ACH deposit, and one order with two partial deposits', async () => {
    const [a, b, c, d] = (await openOrders()).filter((o) => o.left === o.amount);
    const total = cents(a.left) + cents(b.left) + cents(c.left);
    const half = Math.floor(cents(d.left) / 2);
    const [ach, part1, part2] = await bankRows([
      { day: '2026-11-20', description: 'ORIG CO NAME:SEVERAL LOADS ENTRY DESCR:PAYMENTS', cents: total },
      { day: '2026-11-21', description: 'REMOTE ONLINE DEPOSIT 1', cents: half },
      { day: '2026-11-22', description: 'REMOTE ONLINE DEPOSIT 2', cents: cents(d.left) - half },
    ]);
    const lines = [a, b, c].map((o) => ({ itemType: 'BOOK_ORDER', itemId: o.itemId, amount: o.left }));
    const matched = await api('POST', `/api/TransactionsMatching/transactions/${ach.id}/matches`, {
      version: ach.version,
      lines,
    });
    expect(matched.status, JSON.stringify(matched.body)).toBe(200);
    for (const o of [a, b, c]) expect(await orderStatus(o.itemId)).toBe('PAID');
    expect((await row(ach.id)).matches[0].lines.map((l: { itemId: number }) => l.itemId)).toEqual([
      a.itemId,
      b.itemId,
      c.itemId,
    ]);

    expect(
      (
        await api('POST', `/api/TransactionsMatching/transactions/${part1.id}/matches`, {
          version: part1.version,
          lines: [{ itemType: 'BOOK_ORDER', itemId: d.itemId, amount: half / 100 }],
        })
      ).status,
    ).toBe(200);
    expect(await orderStatus(d.itemId)).toBe('PARTIALLY_PAID');
    const [stillOpen] = await openOrders(d.label.replace(/^Order /, ''));
    expect(stillOpen).toMatchObject({ itemId: d.itemId, left: (cents(d.left) - half) / 100 });
    expect(
      (
        await api('POST', `/api/TransactionsMatching/transactions/${part2.id}/matches`, {
          version: part2.version,
          lines: [{ itemType: 'BOOK_ORDER', itemId: d.itemId, amount: (cents(d.left) - half) / 100 }],
        })
      ).status,
    ).toBe(200);
    expect(await orderStatus(d.itemId)).toBe('PAID');
    await expectKeptTotalsEqualLines();
  });

  it('never applies more than either side has left, nor money the wrong way; a refused match writes nothing', async () => {
    const [order, other] = (await openOrders()).filter((o) => o.left === o.amount && o.left > 10);
    const [deposit, withdrawal] = await bankRows([
      { day: '2026-11-20', description: 'DEPOSIT', cents: cents(order.left) - 500 },
      { day: '2026-11-20', description: 'WITHDRAWAL', cents: -cents(order.left) },
    ]);
    const countMatches = async () =>
      Number(
        (
          await server.db
            .selectFrom('bank_matches')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = {
      matches: await countMatches(),
      status: await orderStatus(order.itemId),
      row: await row(deposit.id),
    };
    const refused: [unknown, number, string, RegExp][] = [
      [
        { version: deposit.version, lines: [{ itemType: 'BOOK_ORDER', itemId: order.itemId, amount: order.left }] },
        400,
        'lines',
        /more than the .* left on this bank row/,
      ],
      [
        { version: deposit.version, lines: [{ itemType: 'BOOK_ORDER', itemId: order.itemId, amount: order.left + 1 }] },
        400,
        'lines.0.amount',
        /Only \$.* is left to match/,
      ],
      [
        {
          version: deposit.version,
          lines: [
            { itemType: 'BOOK_ORDER', itemId: order.itemId, amount: 1 },
            { itemType: 'BOOK_ORDER', itemId: order.itemId, amount: 1 },
          ],
        },
        400,
        'lines.1.itemId',
        /twice/,
      ],
      [
        { version: deposit.version, lines: [{ itemType: 'PAY_BILL', itemId: 1, amount: 1 }] },
        400,
        'lines.0.itemType',
        /money out; this bank row is money in/,
      ],
      [
        { version: deposit.version, lines: [{ itemType: 'BOOK_ORDER', itemId: 99_999_999, amount: 1 }] },
        400,
        'lines.0.itemId',
        /not an item to match/,
      ],
      [
        { version: deposit.version, lines: [{ itemType: 'BOOK_ORDER', itemId: order.itemId, amount: -5 }] },
        400,
        'lines.0.amount',
        /cannot be negative/,
      ],
      [
        { version: deposit.version, lines: [{ itemType: 'BOOK_ORDER', itemId: order.itemId, amount: 0 }] },
        400,
        'lines.0.amount',
        /more than \$0.00/,
      ],
      [
        { version: deposit.version, lines: [{ itemType: 'BOOK_ORDER', itemId: order.itemId, amount: 19.999999999 }] },
        400,
        'lines.0.amount',
        /two decimals/,
      ],
      [
        { version: deposit.version, lines: [{ itemType: 'BOOK_ORDER', itemId: order.itemId, amount: 1.005 }] },
        400,
        'lines.0.amount',
        /two decimals/,
      ],
      [{ version: deposit.version, lines: [] }, 400, 'lines', /at least one/],
      [
        { version: deposit.version + 5, lines: [{ itemType: 'BOOK_ORDER', itemId: order.itemId, amount: 1 }] },
        409,
        '',
        /Someone else changed this bank row/,
      ],
    ];
    for (const [body, status, field, message] of refused) {
      const answer = await api('POST', `/api/TransactionsMatching/transactions/${deposit.id}/matches`, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.messages[0].description).toMatch(message);
      if (field) expect(answer.body.messages[0].field).toBe(field);
    }
    expect(
      (
        await api('POST', `/api/TransactionsMatching/transactions/${withdrawal.id}/matches`, {
          version: withdrawal.version,
          lines: [{ itemType: 'BOOK_ORDER', itemId: other.itemId, amount: 1 }],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api('POST', '/api/TransactionsMatching/transactions/99999999/matches', {
          version: 1,
          lines: [{ itemType: 'BOOK_ORDER', itemId: order.itemId, amount: 1 }],
        })
      ).status,
    ).toBe(404);
    expect(await countMatches()).toBe(before.matches);
    expect(await orderStatus(order.itemId)).toBe(before.status);
    expect(await row(deposit.id)).toEqual(before.row);
  });

  it('undoes a match: both sides exactly as before, the match kept with who and why; undoing twice is refused', async () => {
    const [a, b] = (await openOrders()).filter((o) => o.left === o.amount);
    const [deposit] = await bankRows([
      { day: '2026-11-23', description: 'ACH TWO LOADS', cents: cents(a.left) + cents(b.left) + 1234 },
    ]);
    const settlementsOf = async () =>
      server.db
        .selectFrom('bank_item_settlements')
        .selectAll()
        .where('item_type', '=', 'BOOK_ORDER')
        .where('item_id', 'in', [a.itemId, b.itemId])
        .orderBy('item_id')
        .execute();
    const before = {
      row: await row(deposit.id),
      a: await orderStatus(a.itemId),
      b: await orderStatus(b.itemId),
      settled: (await settlementsOf()).map((s) => Number(s.settled_cents)),
    };
    const matched = await api('POST', `/api/TransactionsMatching/transactions/${deposit.id}/matches`, {
      version: deposit.version,
      lines: [
        { itemType: 'BOOK_ORDER', itemId: a.itemId, amount: a.left },
        { itemType: 'BOOK_ORDER', itemId: b.itemId, amount: 10 },
      ],
    });
    expect(matched.body.value.row).toMatchObject({ state: 'PARTIAL' });
    expect(await orderStatus(b.itemId)).toBe('PARTIALLY_PAID');
    const undo = await api('POST', `/api/TransactionsMatching/matches/${matched.body.value.matchId}/undo`, {
      reason: 'Wrong loads',
    });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    const after = await row(deposit.id);
    expect({ ...after, version: 0, matches: [] }).toEqual({ ...before.row, version: 0, matches: [] });
    expect(after.matches).toEqual([
      expect.objectContaining({
        undoneBy: expect.any(String),
        undoReason: 'Wrong loads',
        undoneAt: expect.any(String),
      }),
    ]);
    expect([await orderStatus(a.itemId), await orderStatus(b.itemId)]).toEqual([before.a, before.b]);
    expect((await settlementsOf()).map((s) => Number(s.settled_cents)).filter((n) => n !== 0)).toEqual(
      before.settled.filter((n) => n !== 0),
    );
    expect(
      (await api('POST', `/api/TransactionsMatching/matches/${matched.body.value.matchId}/undo`, { reason: 'again' }))
        .status,
    ).toBe(409);
    expect((await api('POST', '/api/TransactionsMatching/matches/99999999/undo', { reason: 'nothing' })).status).toBe(
      404,
    );
    const audited = await server.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'bank_transaction')
      .where('entity_id', '=', String(deposit.id))
      .orderBy('id')
      .execute();
    expect(audited.map((a) => a.action)).toEqual(['match', 'undo-match']);
    await expectKeptTotalsEqualLines();
  });

  it('explains a bank fee without an item, and takes the explanation back', async () => {
    const [fee] = await bankRows([{ day: '2026-11-24', description: 'MONTHLY SERVICE FEE', cents: -1500 }]);
    expect(
      (
        await api('POST', `/api/TransactionsMatching/transactions/${fee.id}/explain`, {
          version: fee.version,
          reason: 'OTHER',
        })
      ).body.messages[0],
    ).toMatchObject({ field: 'note' });
    const explained = await api('POST', `/api/TransactionsMatching/transactions/${fee.id}/explain`, {
      version: fee.version,
      reason: 'BANK_FEE',
      note: 'Monthly fee',
    });
    expect(explained.body.value).toMatchObject({
      state: 'EXPLAINED',
      explainReason: 'BANK_FEE',
      left: 0,
      explainedBy: expect.any(String),
    });
    expect(
      (
        await api('POST', `/api/TransactionsMatching/transactions/${fee.id}/explain`, {
          version: explained.body.value.version,
          reason: 'BANK_FEE',
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await api(
          'GET',
          `/api/TransactionsMatching/transactions?state=TODO&size=200&search=${encodeURIComponent('MONTHLY SERVICE FEE')}`,
        )
      ).body.value.items.some((r: { id: number }) => r.id === fee.id),
    ).toBe(false);
    const back = await api('POST', `/api/TransactionsMatching/transactions/${fee.id}/unexplain`, {
      version: explained.body.value.version,
    });
    expect(back.body.value).toMatchObject({ state: 'OPEN', explainReason: null, left: 15 });
  });

  it('suggests the paid pay bill a withdrawal names, by its driver and amount', async () => {
    // A bill paid by ACH (the pay-bill screens are tested on their own; here only its payment matters).
    const driver = await server.db
      .selectFrom('drivers')
      .select(['id', 'first_name', 'last_name'])
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const { id } = await server.db
      .insertInto('pay_bills')
      .values({
        week_start: '2020-01-06',
        driver_id: driver.id,
        status: 'PAID',
        opening_cents: 0,
        credits_cents: 123456,
        debits_cents: 0,
        net_cents: 123456,
        paid_cents: 123456,
        closing_cents: 0,
        payment_method: 'ACH',
        payment_reference: 'TRACE778899',
        paid_on: '2026-11-20',
        paid_at: now,
        built_at: now,
        created_at: now,
        updated_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const bill = {
      id,
      paid_cents: 123456,
      paid_on: '2026-11-20',
      first_name: driver.first_name,
      last_name: driver.last_name,
    };
    const [payment] = await bankRows([
      {
        day: bill.paid_on!,
        description: `ORIG CO NAME:HAULBOARD IND NAME:${bill.first_name} ${bill.last_name} ENTRY DESCR:PAYROLL`,
        cents: -Number(bill.paid_cents),
      },
    ]);
    const suggested = (await api('GET', `/api/TransactionsMatching/transactions/${payment.id}/suggestions`)).body.value;
    expect(suggested.candidates[0]).toMatchObject({ itemType: 'PAY_BILL', itemId: bill.id, direction: 'OUT' });
    expect(suggested.proposal?.lines).toEqual([
      { itemType: 'PAY_BILL', itemId: bill.id, amount: Number(bill.paid_cents) / 100 },
    ]);
  });

  it('reports both sides with ages, and offers the months imported as date filters', async () => {
    await bankRows([{ day: '2026-11-02', description: 'UNKNOWN DEPOSIT', cents: 777 }]);
    const answer = await api('GET', '/api/TransactionsMatching/unmatched-report?size=5');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const report = answer.body.value;
    expect(report.bank.buckets.map((b: { label: string }) => b.label)).toEqual([
      '0–30 days',
      '31–60 days',
      '61–90 days',
      'Over 90 days',
    ]);
    expect(report.bank.items.length).toBeGreaterThan(0);
    expect(report.bank.items[0]).toMatchObject({
      ageDays: expect.any(Number),
      state: expect.stringMatching(/OPEN|PARTIAL/),
    });
    expect(report.items.items.length).toBe(5);
    expect(report.items.buckets.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBeGreaterThan(5);
    const filters = (await api('GET', '/api/TransactionsMatching/get-chase-transactions-date-filters')).body.value;
    expect(filters.months[0]).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-30',
      label: 'November 2026',
      rows: expect.any(Number),
    });
    expect(filters.periods.map((p: { value: string }) => p.value)).toContain('last_month');
    const todo = (await api('GET', '/api/TransactionsMatching/get-chase-transactions-date-filters?state=TODO')).body
      .value;
    const stillToMatch = await server.db
      .selectFrom('bank_transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', 'in', ['OPEN', 'PARTIAL'])
      .where('posted_on', '>=', '2026-11-01')
      .where('posted_on', '<=', '2026-11-30')
      .executeTakeFirstOrThrow();
    expect(todo.months[0]).toMatchObject({ from: '2026-11-01', rows: Number(stillToMatch.n) });
    expect(todo.months[0].rows).toBeLessThan(filters.months[0].rows);
    expect((await api('GET', '/api/TransactionsMatching/get-chase-transactions-date-filters?state=BOGUS')).status).toBe(
      400,
    );
  });

  it('lets only Banking and administrators match: 401 without a token, 403 for others', async () => {
    const [dispatcher, finance, admin] = await Promise.all(
      ['dispatcher@haulboard.demo', 'financesuper@haulboard.demo', 'administrator@haulboard.demo'].map((e) =>
        server.login(e),
      ),
    );
    const routes: ['GET' | 'POST', string, unknown?][] = [
      ['GET', '/api/TransactionsMatching/transactions'],
      ['GET', '/api/TransactionsMatching/transactions/1'],
      ['GET', '/api/TransactionsMatching/transactions/1/suggestions'],
      ['GET', '/api/TransactionsMatching/open-items'],
      ['GET', '/api/TransactionsMatching/unmatched-report'],
      ['GET', '/api/TransactionsMatching/get-chase-transactions-date-filters'],
      [
        'POST',
        '/api/TransactionsMatching/transactions/1/matches',
        { version: 1, lines: [{ itemType: 'BOOK_ORDER', itemId: 1, amount: 1 }] },
      ],
      ['POST', '/api/TransactionsMatching/matches/1/undo', { reason: 'because' }],
      ['POST', '/api/TransactionsMatching/transactions/1/explain', { version: 1, reason: 'BANK_FEE' }],
      ['POST', '/api/TransactionsMatching/transactions/1/unexplain', { version: 1 }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await server.call({ method, url, payload: payload as never })).status, url).toBe(401);
      for (const token of [dispatcher, finance]) expect((await api(method, url, payload, token)).status, url).toBe(403);
    }
    expect((await api('GET', '/api/TransactionsMatching/transactions', undefined, admin)).status).toBe(200);
    expect((await api('GET', '/api/TransactionsMatching/transactions?bogus=1')).status).toBe(400);
  });
});
