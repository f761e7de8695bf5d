import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekStart } from '../../schema/period';
import { addDays } from '../../server/modules/finances/billing';
import { postEntries } from '../../server/modules/finances/ledger';
import { expectRefused } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * The driver ledger, pay bills and balances (docs/product/finances.md): bad input changes nothing, a bill is paid once,
 * a driver sees only their own, and the totals kept with every posting always equal the sums of the entries, to the
 * cent.
 */

const today = new Date().toISOString().slice(0, 10);
const thisMonday = weekStart(today);

describe.each(DATABASES)('the driver ledger on %s', (kind) => {
  let server: TestServer;
  let finance: string;
  let boss: string;
  let driverToken: string;
  let dispatcher: string;
  let ownDriver: number;
  let otherDriver: number;
  beforeAll(async () => {
    server = await startTestServer(kind);
    [finance, boss, driverToken, dispatcher] = await Promise.all(
      [
        'finance@haulboard.demo',
        'financesuper@haulboard.demo',
        'driver@haulboard.demo',
        'dispatcher@haulboard.demo',
      ].map((e) => server.login(e)),
    );
    const user = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'driver@haulboard.demo')
      .executeTakeFirstOrThrow();
    ownDriver = (
      await server.db.selectFrom('drivers').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow()
    ).id;
    otherDriver = (
      await server.db
        .selectFrom('drivers')
        .select('id')
        .where('id', '<>', ownDriver)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  }, 60_000);
  afterAll(() => server?.close());

  const entry = (over: Record<string, unknown> = {}) => ({
    postedOn: today,
    driverId: otherDriver,
    type: 'FUEL_ADVANCE',
    direction: 'DEBIT',
    amount: 125.5,
    moneySource: 'company',
    ...over,
  });
  const post = (payload: object, token = finance) =>
    server.call({ method: 'POST', url: '/api/DriverTransactions', token, payload });

  /** Rows of a kept-totals table that differ from the sums of the entries grouped by its key (`entry column → its column`). */
  async function drift(table: string, key: [entryColumn: string, keptColumn: string][]): Promise<number> {
    const grouped = key.map(([entry]) => entry).join(', ');
    const on = key.map(([entry, kept]) => `g.${kept} = e.${entry}`).join(' and ');
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from (
        select ${sql.raw(grouped)}, sum(case when direction = 'CREDIT' then amount_cents else 0 end) as c, sum(case when direction = 'DEBIT' then amount_cents else 0 end) as d, count(*) as k
        from driver_transactions group by ${sql.raw(grouped)}
      ) e full join ${sql.table(table)} g on ${sql.raw(on)}
      where coalesce(e.c, 0) <> coalesce(g.credits_cents, 0) or coalesce(e.d, 0) <> coalesce(g.debits_cents, 0) or coalesce(e.k, 0) <> coalesce(g.entries, 0)`.execute(
      server.db,
    );
    return Number(rows[0].n);
  }

  /** Every kept total (each driver's, each driver's day, each type's day) against the sums of the entries, in SQL. */
  async function expectTotalsMatchEntries() {
    expect(
      await drift('driver_balances', [['driver_id', 'driver_id']]),
      'driver_balances differ from the entries',
    ).toBe(0);
    expect(
      await drift('driver_ledger_days', [
        ['driver_id', 'driver_id'],
        ['posted_on', 'day'],
      ]),
      'driver_ledger_days differ from the entries',
    ).toBe(0);
    expect(
      await drift('ledger_type_days', [
        ['type', 'type'],
        ['posted_on', 'day'],
      ]),
      'ledger_type_days differ from the entries',
    ).toBe(0);
  }

  it('refuses bad entries naming the field, writing nothing', async () => {
    const call = (payload: object) => ({
      method: 'POST' as const,
      url: '/api/DriverTransactions',
      token: finance,
      payload,
    });
    await expectRefused(server, call(entry({ amount: 0 })), 400, 'amount');
    await expectRefused(server, call(entry({ amount: -5 })), 400, 'amount');
    await expectRefused(server, call(entry({ amount: 1.234 })), 400, 'amount');
    await expectRefused(server, call(entry({ amount: 'a lot' })), 400, 'amount');
    await expectRefused(server, call(entry({ driverId: 987_654 })), 400, 'driverId');
    await expectRefused(server, call(entry({ type: 'BONUS' })), 400, 'type');
    await expectRefused(server, call(entry({ type: 'PAYMENT', direction: 'DEBIT' })), 400, 'paymentMethod');
    await expectRefused(server, call(entry({ linkType: 'BOOK_ORDER', linkId: 99_999_999 })), 400, 'linkId');
    const { driverId: _d, ...noDriver } = entry();
    await expectRefused(server, call(noDriver), 400, 'driverId');
  });

  it('posts once per idempotency key and refuses to change posted money, naming the field', async () => {
    const first = await post(entry({ idempotencyKey: 'ledger-test-0001' }));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/DriverTransactions',
        token: finance,
        payload: entry({ idempotencyKey: 'ledger-test-0001' }),
      },
      409,
      'idempotencyKey',
    );
    const { id, version } = first.body.value;
    const put = (payload: object) => ({
      method: 'PUT' as const,
      url: `/api/DriverTransactions/${id}`,
      token: finance,
      payload: { version, ...payload },
    });
    await expectRefused(server, put({ amount: 1 }), 400, 'amount');
    await expectRefused(server, put({ direction: 'CREDIT' }), 400, 'direction');
    await expectRefused(server, put({ driverId: ownDriver }), 400, 'driverId');
    const memo = await server.call(put({ memo: 'Loves truck stop, Amarillo' }));
    expect(memo.status, JSON.stringify(memo.body)).toBe(200);
    expect(memo.body.value.amount).toBe(125.5);
    await expectRefused(server, { method: 'DELETE', url: `/api/DriverTransactions/${id}`, token: boss }, 404);
  });

  it('voids an entry once with a reason: the pair nets to zero and the balance returns', async () => {
    const balance = async () =>
      (
        await server.call({
          method: 'GET',
          url: `/api/Driver/get-balances-state?driverId=${otherDriver}&filtered=all&status=all`,
          token: boss,
        })
      ).body.value.items[0].ending;
    const before = await balance();
    const posted = (await post(entry({ amount: 300 }))).body.value;
    expect(await balance()).toBeCloseTo(before - 300, 2);
    const path = `/api/DriverTransactions/${posted.id}/void`;
    await expectRefused(
      server,
      { method: 'POST', url: path, token: boss, payload: { version: posted.version, reason: 'x' } },
      400,
      'reason',
    );
    await expectRefused(
      server,
      { method: 'POST', url: path, token: dispatcher, payload: { version: posted.version, reason: 'Typed twice' } },
      403,
    );
    const voided = await server.call({
      method: 'POST',
      url: path,
      token: boss,
      payload: { version: posted.version, reason: 'Typed twice' },
    });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    const again = voided.body.value;
    expect(again).toMatchObject({ id: posted.id, status: 'VOIDED', voidReason: 'Typed twice', amount: 300 });
    const reversal = (
      await server.call({ method: 'GET', url: `/api/DriverTransactions/${again.voidedById}`, token: boss })
    ).body.value;
    expect(reversal).toMatchObject({
      status: 'VOID',
      voidsId: posted.id,
      direction: 'CREDIT',
      amount: 300,
      voidReason: 'Typed twice',
    });
    expect(await balance()).toBeCloseTo(before, 2);
    await expectRefused(
      server,
      { method: 'POST', url: path, token: boss, payload: { version: again.version, reason: 'Typed twice' } },
      409,
    );
    await expectTotalsMatchEntries();
  });

  it('builds, approves and pays a week once; a paid bill does not change; two payments at once pay once', async () => {
    const week = addDays(thisMonday, -7);
    await post(entry({ driverId: ownDriver, postedOn: addDays(week, 1), amount: 80 }));
    const built = await server.call({
      method: 'POST',
      url: '/api/PayBills/build',
      token: boss,
      payload: { weekStart: week, driverIds: [ownDriver] },
    });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const id = built.body.value.built[0] ?? built.body.value.rebuilt[0];
    expect(id).toBeGreaterThan(0);
    await expectRefused(
      server,
      { method: 'POST', url: '/api/PayBills/build', token: boss, payload: { weekStart: addDays(week, 1) } },
      400,
      'weekStart',
    );
    let bill = (await server.call({ method: 'GET', url: `/api/PayBills/${id}`, token: boss })).body.value;
    const signed = (l: { direction: string; amount: number }) =>
      (l.direction === 'CREDIT' ? 1 : -1) * Math.round(l.amount * 100);
    expect(Math.round(bill.net * 100)).toBe(
      Math.round(bill.opening * 100) +
        bill.lines
          .filter((l: { kind: string }) => l.kind !== 'OPENING')
          .reduce((s: number, l: never) => s + signed(l), 0),
    );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: `/api/PayBills/${id}/pay`,
        token: boss,
        payload: { version: bill.version, paidOn: today, paymentMethod: 'ACH', reference: 'T1' },
      },
      409,
    );
    await expectRefused(
      server,
      { method: 'POST', url: `/api/PayBills/${id}/approve`, token: finance, payload: { version: bill.version } },
      403,
    );
    const approved = await server.call({
      method: 'POST',
      url: `/api/PayBills/${id}/approve`,
      token: boss,
      payload: { version: bill.version },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    bill = approved.body.value;
    await expectRefused(
      server,
      { method: 'POST', url: `/api/PayBills/${id}/rebuild`, token: boss, payload: { version: bill.version } },
      409,
    );
    if (bill.net > 0)
      await expectRefused(
        server,
        {
          method: 'POST',
          url: `/api/PayBills/${id}/pay`,
          token: boss,
          payload: { version: bill.version, paidOn: today, paymentMethod: 'ACH' },
        },
        400,
        'reference',
      );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: `/api/PayBills/${id}/pay`,
        token: boss,
        payload: { version: bill.version, paidOn: addDays(week, -1), paymentMethod: 'ACH', reference: 'T1' },
      },
      400,
      'paidOn',
    );
    const pay = () =>
      server.call({
        method: 'POST',
        url: `/api/PayBills/${id}/pay`,
        token: boss,
        payload: { version: bill.version, paidOn: today, paymentMethod: 'ACH', reference: 'ACH 4410' },
      });
    const answers = await Promise.all([pay(), pay(), pay()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const payments = await server.db
      .selectFrom('driver_transactions')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('pay_bill_id', '=', id)
      .where('type', '=', 'PAYMENT')
      .executeTakeFirstOrThrow();
    expect(Number(payments.n)).toBe(bill.net > 0 ? 1 : 0);
    const paid = (await server.call({ method: 'GET', url: `/api/PayBills/${id}`, token: boss })).body.value;
    // A paid week is closed: an entry dated in it is refused, naming the date; dated after it, it waits for the next bill.
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/DriverTransactions',
        token: finance,
        payload: entry({ driverId: ownDriver, postedOn: addDays(week, 2), amount: 12 }),
      },
      409,
      'postedOn',
    );
    await expectRefused(
      server,
      { method: 'POST', url: `/api/PayBills/${id}/rebuild`, token: boss, payload: { version: paid.version } },
      409,
    );
    await expectRefused(
      server,
      { method: 'POST', url: `/api/PayBills/${id}/approve`, token: boss, payload: { version: paid.version } },
      409,
    );
    // The statement is a PDF that names the driver's closing balance.
    const pdf = await server.call({ method: 'GET', url: `/api/PayBills/${id}/statement.pdf`, token: boss });
    expect(pdf.status).toBe(200);
    expect(String(pdf.headers['content-type'])).toContain('application/pdf');
    await expectTotalsMatchEntries();
  });

  it('shows a driver only their own entries, bills and balance, whatever they ask for', async () => {
    const theirs = (await post(entry({ driverId: otherDriver, amount: 42 }))).body.value;
    const mine = (await post(entry({ driverId: ownDriver, amount: 17 }))).body.value;
    expect(
      (await server.call({ method: 'GET', url: `/api/DriverTransactions/${theirs.id}`, token: driverToken })).status,
    ).toBe(404);
    expect(
      (await server.call({ method: 'GET', url: `/api/DriverTransactions/${mine.id}`, token: driverToken })).status,
    ).toBe(200);
    const listed = await server.call({
      method: 'GET',
      url: `/api/DriverTransactions?filtered=all&driverId=${otherDriver}&size=500`,
      token: driverToken,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.value.items).toEqual([]);
    expect(listed.body.value.totals).toEqual({ credits: 0, debits: 0, net: 0 });
    const own = await server.call({
      method: 'GET',
      url: '/api/DriverTransactions?filtered=all&size=500',
      token: driverToken,
    });
    expect(own.body.value.items.every((e: { driverId: number }) => e.driverId === ownDriver)).toBe(true);
    const balances = await server.call({
      method: 'GET',
      url: '/api/Driver/get-balances-state?status=all&filtered=all',
      token: driverToken,
    });
    expect(balances.body.value.items.map((b: { driverId: number }) => b.driverId)).toEqual([ownDriver]);
    const otherBill = await server.db
      .selectFrom('pay_bills')
      .select('id')
      .where('driver_id', '<>', ownDriver)
      .executeTakeFirst();
    if (otherBill) {
      expect(
        (await server.call({ method: 'GET', url: `/api/PayBills/${otherBill.id}`, token: driverToken })).status,
      ).toBe(404);
      expect(
        (await server.call({ method: 'GET', url: `/api/PayBills/${otherBill.id}/statement.pdf`, token: driverToken }))
          .status,
      ).toBe(404);
    }
    await expectRefused(
      server,
      { method: 'POST', url: '/api/DriverTransactions', token: driverToken, payload: entry({ driverId: ownDriver }) },
      403,
    );
  });

  it('lists each entry as GET by id answers it (the list is rendered by the database), with the totals of what it lists', async () => {
    // Entries of every kind the list shows: linked to an order (its number) and to a ticket, posted by a user and by the
    // system, voided and void, whole dollars and cents, text that JSON must escape.
    const driver = (
      await server.db
        .selectFrom('drivers')
        .select('id')
        .where('id', 'not in', [ownDriver, otherDriver])
        .where('deleted_at', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).id;
    const order = await server.db
      .selectFrom('book_orders')
      .select(['id', 'order_number'])
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await server.db.updateTable('book_orders').set({ driver_id: driver }).where('id', '=', order.id).execute();
    const posted = [
      await post(
        entry({
          driverId: driver,
          type: 'LOAD_PAY',
          direction: 'CREDIT',
          amount: 1750,
          linkType: 'BOOK_ORDER',
          linkId: order.id,
          reference: 'ACH "77"',
          memo: 'Line 1\nLine 2 \\ tab\t, é — 🚚',
        }),
      ),
      await post(
        entry({
          driverId: driver,
          amount: 0.05,
          postedOn: addDays(today, -40),
          paymentMethod: 'Check',
          category: 'Fuel',
        }),
      ),
      await post(
        entry({
          driverId: driver,
          type: 'PAYMENT',
          direction: 'DEBIT',
          amount: 999_999.99,
          paymentMethod: 'ACH',
          postedOn: addDays(today, -400),
        }),
      ),
    ];
    for (const answer of posted) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await server.db.transaction().execute((trx) =>
      postEntries(trx, [
        {
          driverId: driver,
          postedOn: today,
          type: 'TICKET_SHARE',
          direction: 'DEBIT',
          amountCents: 12_345,
          linkType: 'TICKET',
          linkId: 7,
          memo: null,
        },
      ]),
    );
    const voided = posted[1].body.value;
    expect(
      (
        await server.call({
          method: 'POST',
          url: `/api/DriverTransactions/${voided.id}/void`,
          token: boss,
          payload: { version: voided.version, reason: 'Wrong card' },
        })
      ).status,
    ).toBe(200);

    const list = async (query: string) => {
      const answer = await server.call({
        method: 'GET',
        url: `/api/DriverTransactions?driverId=${driver}&${query.includes('Size=') ? query : `${query}&Size=500`}`,
        token: boss,
      });
      expect(answer.status, query).toBe(200);
      return answer.body.value as {
        items: { id: number; direction: string; amount: number }[];
        totalCount: number;
        totals: { credits: number; debits: number; net: number };
      };
    };
    const all = await list('filtered=all');
    // The three posted, the ticket's share, and the void of the second.
    expect(all.items.length).toBeGreaterThanOrEqual(5);
    expect(all.items.map((e) => e.id)).toEqual(
      expect.arrayContaining([...posted.map((answer) => answer.body.value.id), voided.id]),
    );
    for (const item of all.items) {
      const one = await server.call({ method: 'GET', url: `/api/DriverTransactions/${item.id}`, token: boss });
      expect(item, `entry ${item.id}`).toEqual(one.body.value);
      expect(Object.keys(item), `entry ${item.id}: keys in the DTO's order`).toEqual(Object.keys(one.body.value));
    }
    expect(all.items.find((e) => e.id === posted[0].body.value.id)).toMatchObject({
      linkLabel: `Order ${order.order_number}`,
      postedBy: expect.any(String),
      amount: 1750,
    });
    expect(all.items.find((e) => e.amount === 123.45)).toMatchObject({
      linkLabel: 'Ticket #7',
      postedBy: null,
      status: 'POSTED',
    });
    expect(
      all.items
        .filter((e) => e.amount === 0.05)
        .map((e) => (e as unknown as { status: string }).status)
        .sort(),
    ).toEqual(['VOID', 'VOIDED']);
    // Totals from the driver's running totals (all), the daily sums (a period) and the entries (any other filter).
    for (const query of [
      'filtered=all',
      'filtered=this_month',
      `filtered=custom&from=${addDays(today, -60)}&to=${today}`,
      'filtered=all&direction=DEBIT',
      'filtered=all&voided=false',
      'filtered=all&Page=1&Size=2',
    ]) {
      const page = await list(query);
      const every = query.includes('Page=1') ? await list('filtered=all') : page;
      const sum = (direction: string) =>
        Math.round(
          every.items.filter((e) => e.direction === direction).reduce((total, e) => total + e.amount * 100, 0),
        ) / 100;
      expect(page.totalCount, query).toBe(every.items.length);
      expect(page.totals, query).toEqual({
        credits: sum('CREDIT'),
        debits: sum('DEBIT'),
        net: Math.round((sum('CREDIT') - sum('DEBIT')) * 100) / 100,
      });
    }
    expect((await list('filtered=all&Page=1&Size=2')).items.map((e) => e.id)).toEqual(
      all.items.slice(2, 4).map((e) => e.id),
    );
    await expectTotalsMatchEntries();
  });

  it('sorts balances by ending balance and escrow the same way with and without entries dated after the period', async () => {
    // A period that ends yesterday: today's entries are after it, and its endings subtract them ("all" has no end).
    // Drivers ending it apart (a credit long ago), then a large credit today to the one who ended it lowest: first by
    // the kept total, last by the period's ending.
    const longAgo = addDays(today, -400);
    const period = `custom&from=${addDays(today, -500)}&to=${addDays(today, -1)}`;
    const third = (
      await server.db
        .selectFrom('drivers')
        .select('id')
        .where('id', 'not in', [ownDriver, otherDriver])
        .where('deleted_at', 'is', null)
        .where('terminated_on', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect(
      (
        await post(
          entry({ driverId: third, postedOn: longAgo, type: 'REIMBURSEMENT', direction: 'CREDIT', amount: 500 }),
        )
      ).status,
    ).toBe(200);
    const before = await server.call({
      method: 'GET',
      url: `/api/Driver/get-balances-state?status=active&filtered=${period}&Size=500`,
      token: boss,
    });
    const lowest = (before.body.value.items as { driverId: number; ending: number }[]).reduce((low, b) =>
      b.ending < low.ending ? b : low,
    );
    const credited = await post(
      entry({ driverId: lowest.driverId, type: 'REIMBURSEMENT', direction: 'CREDIT', amount: 250_000 }),
    );
    expect(credited.status, JSON.stringify(credited.body)).toBe(200);
    for (const filtered of [period, 'all', 'this_month']) {
      const get = async (sort: string) => {
        const answer = await server.call({
          method: 'GET',
          url: `/api/Driver/get-balances-state?status=all&filtered=${filtered}&Size=500&Sort=${sort}`,
          token: boss,
        });
        expect(answer.status, `${filtered} ${sort}`).toBe(200);
        return answer.body.value.items as { driverId: number; ending: number; escrow: number }[];
      };
      const byName = await get('name');
      const ending = new Map(byName.map((b) => [b.driverId, b.ending]));
      for (const sort of ['ending', '-ending', 'escrow', '-escrow']) {
        const items = await get(sort);
        const key = sort.replace('-', '') as 'ending' | 'escrow';
        const sign = sort.startsWith('-') ? -1 : 1;
        expect(
          items.map((b) => b.driverId).sort((a, b) => a - b),
          `${filtered} ${sort}: the same drivers`,
        ).toEqual([...ending.keys()].sort((a, b) => a - b));
        for (const b of items)
          expect(b.ending, `${filtered} ${sort}: driver ${b.driverId}'s ending as on the name-sorted page`).toBe(
            ending.get(b.driverId),
          );
        for (let i = 1; i < items.length; i++)
          expect(
            sign * (items[i][key] - items[i - 1][key]),
            `${filtered} ${sort} in order at ${i}`,
          ).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('refuses a Dispatcher every finance call, and a caller without a token', async () => {
    for (const url of [
      '/api/DriverTransactions',
      '/api/PayBills',
      '/api/Driver/get-balances-state',
      '/api/DriverTransactions/export',
    ]) {
      expect((await server.call({ method: 'GET', url, token: dispatcher })).status, url).toBe(403);
      expect((await server.call({ method: 'GET', url })).status, url).toBe(401);
    }
  });

  it('keeps every balance equal to its entries and every bill reconciled, over random ledgers and weeks', async () => {
    const drivers = (
      await server.db
        .selectFrom('drivers')
        .select('id')
        .where('deleted_at', 'is', null)
        .where('id', 'not in', [ownDriver, otherDriver])
        .orderBy('id')
        .limit(4)
        .execute()
    ).map((d) => d.id);
    const types = [
      ['FUEL_ADVANCE', 'DEBIT'],
      ['REIMBURSEMENT', 'CREDIT'],
      ['ADJUSTMENT', 'CREDIT'],
      ['ADJUSTMENT', 'DEBIT'],
      ['CLAIM_CHARGEBACK', 'DEBIT'],
    ] as const;
    const weeks = [6, 5, 4, 3].map((n) => addDays(thisMonday, -7 * n));
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            driver: fc.constantFrom(...drivers),
            kind: fc.constantFrom(...types),
            cents: fc.integer({ min: 1, max: 250_000 }),
            day: fc.integer({ min: 0, max: 6 }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        async (entries) => {
          const week = weeks[round++];
          for (const e of entries) {
            const response = await post(
              entry({
                driverId: e.driver,
                type: e.kind[0],
                direction: e.kind[1],
                amount: e.cents / 100,
                postedOn: addDays(week, e.day),
              }),
              boss,
            );
            expect(response.status, JSON.stringify(response.body)).toBe(200);
          }
          const built = await server.call({
            method: 'POST',
            url: '/api/PayBills/build',
            token: boss,
            payload: { weekStart: week, driverIds: drivers },
          });
          expect(built.status, JSON.stringify(built.body)).toBe(200);
          for (const id of [...built.body.value.built, ...built.body.value.rebuilt]) {
            let bill = (await server.call({ method: 'GET', url: `/api/PayBills/${id}`, token: boss })).body.value;
            bill = (
              await server.call({
                method: 'POST',
                url: `/api/PayBills/${id}/approve`,
                token: boss,
                payload: { version: bill.version },
              })
            ).body.value;
            const paid = await server.call({
              method: 'POST',
              url: `/api/PayBills/${id}/pay`,
              token: boss,
              payload: {
                version: bill.version,
                paidOn: addDays(week, 9),
                paymentMethod: 'Check',
                reference: `CHK ${id}`,
              },
            });
            expect(paid.status, JSON.stringify(paid.body)).toBe(200);
          }
          await expectTotalsMatchEntries();
          // The list's totals of a type over the week (read from the sums per type and day) and of a type and an
          // amount range (summed from the entries) equal the entries' own sums.
          for (const [type] of types.slice(0, 3)) {
            for (const extra of ['', '&amountMin=0.01']) {
              const listed = await server.call({
                method: 'GET',
                url: `/api/DriverTransactions?type=${type}&filtered=custom&from=${week}&to=${addDays(week, 6)}${extra}`,
                token: boss,
              });
              expect(listed.status, JSON.stringify(listed.body)).toBe(200);
              const sums = await server.db
                .selectFrom('driver_transactions')
                .select([
                  sql<number>`coalesce(sum(case when direction = 'CREDIT' then amount_cents else 0 end), 0)`.as('c'),
                  sql<number>`coalesce(sum(case when direction = 'DEBIT' then amount_cents else 0 end), 0)`.as('d'),
                  sql<number>`count(*)`.as('n'),
                ])
                .where('type', '=', type)
                .where('posted_on', '>=', week)
                .where('posted_on', '<=', addDays(week, 6))
                .executeTakeFirstOrThrow();
              expect(listed.body.value.totals, `${type}${extra}`).toEqual({
                credits: Number(sums.c) / 100,
                debits: Number(sums.d) / 100,
                net: (Number(sums.c) - Number(sums.d)) / 100,
              });
              expect(listed.body.value.totalCount).toBe(Number(sums.n));
            }
          }
          // Every bill: net = opening + its lines; closing = net − paid; the next week's opening = this closing.
          const bills = await server.db
            .selectFrom('pay_bills')
            .selectAll()
            .where('driver_id', 'in', drivers)
            .orderBy('driver_id')
            .orderBy('week_start')
            .execute();
          for (const bill of bills) {
            const lines = await server.db
              .selectFrom('pay_bill_lines')
              .select(['kind', 'direction', 'amount_cents'])
              .where('pay_bill_id', '=', bill.id)
              .execute();
            const sum = (pred: (l: (typeof lines)[number]) => boolean) =>
              lines.filter(pred).reduce((s, l) => s + l.amount_cents, 0);
            const moved = (l: (typeof lines)[number]) => l.kind !== 'OPENING' && l.kind !== 'PAYMENT';
            expect(bill.credits_cents).toBe(sum((l) => moved(l) && l.direction === 'CREDIT'));
            expect(bill.debits_cents).toBe(sum((l) => moved(l) && l.direction === 'DEBIT'));
            expect(bill.net_cents).toBe(bill.opening_cents + bill.credits_cents - bill.debits_cents);
            expect(bill.closing_cents).toBe(bill.net_cents - bill.paid_cents);
            expect(bill.paid_cents).toBe(sum((l) => l.kind === 'PAYMENT'));
          }
          for (let i = 1; i < bills.length; i++) {
            if (bills[i].driver_id === bills[i - 1].driver_id)
              expect(bills[i].opening_cents).toBe(bills[i - 1].closing_cents);
          }
        },
      ),
      { numRuns: weeks.length },
    );
  }, 120_000);
});

describe('the demo ledgers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { DEMO_LEDGERS: 'true' });
  }, 120_000);
  afterAll(() => server?.close());

  it('settle a year of weeks through the rules, with a negative week carried, a void pair, and totals equal to the entries', async () => {
    const bills = await server.db
      .selectFrom('pay_bills')
      .select(['status', 'closing_cents', 'driver_id', 'week_start', 'opening_cents'])
      .orderBy('driver_id')
      .orderBy('week_start')
      .execute();
    expect(bills.length).toBeGreaterThan(500);
    // Every week is paid but last week's, whose bills wait as drafts for approval.
    const lastWeek = addDays(weekStart(new Date().toISOString().slice(0, 10)), -7);
    expect(bills.filter((b) => b.week_start === lastWeek).every((b) => b.status === 'DRAFT')).toBe(true);
    expect(bills.filter((b) => b.week_start === lastWeek).length).toBeGreaterThan(10);
    expect(bills.filter((b) => b.week_start !== lastWeek).every((b) => b.status === 'PAID')).toBe(true);
    expect(bills.some((b) => b.closing_cents < 0)).toBe(true);
    for (let i = 1; i < bills.length; i++)
      if (bills[i].driver_id === bills[i - 1].driver_id)
        expect(bills[i].opening_cents).toBe(bills[i - 1].closing_cents);
    const voided = await server.db
      .selectFrom('driver_transactions')
      .select(['id', 'voided_by_id', 'amount_cents', 'void_reason'])
      .where('voided_by_id', 'is not', null)
      .execute();
    expect(voided).toHaveLength(1);
    const reversal = await server.db
      .selectFrom('driver_transactions')
      .select(['voids_id', 'amount_cents', 'void_reason'])
      .where('id', '=', voided[0].voided_by_id!)
      .executeTakeFirstOrThrow();
    expect(reversal).toEqual({
      voids_id: voided[0].id,
      amount_cents: voided[0].amount_cents,
      void_reason: voided[0].void_reason,
    });
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from (select driver_id, sum(case when direction = 'CREDIT' then amount_cents else -amount_cents end) as net from driver_transactions group by driver_id) e
      join driver_balances b on b.driver_id = e.driver_id where e.net <> b.credits_cents - b.debits_cents`.execute(
      server.db,
    );
    expect(Number(rows[0].n)).toBe(0);
  });
});
