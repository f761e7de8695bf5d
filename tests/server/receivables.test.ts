import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../schema/businessDay';
import { importBankRows } from '../helpers/bankRows';
import { pdfText } from '../helpers/pdf';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/** A day moved by whole days, by plain UTC arithmetic (not the module's helpers: this test checks them). */
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A small deterministic random, so a failure can be run again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

interface Expected {
  open: number;
  pastDue: number;
  a30: number;
  a60: number;
  a90: number;
  a90plus: number;
  avgDays: number | null;
  shortShare: number | null;
}

/**
 * Receivables (docs/product/receivables.md) on both databases: over a generated set of invoices (every status, dates
 * over two years, full, short and no payments, some paid later by an update as bank matching does), the list's and a
 * customer's figures equal what plain SQL written here computes from the invoices themselves; search, filters,
 * sorting and paging; the invoices, payments, CSV and statement of one customer; the booking form's hint; 401, 403,
 * 400 and 404 on every route.
 */
describe.each(DATABASES)('receivables on %s', (kind) => {
  let server: TestServer;
  let finance: string;
  let dispatcher: string;
  let driver: string;
  const today = todayIso();
  const brokerIds: number[] = [];
  const shipperIds: number[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind);
    finance = await server.login('finance@haulboard.demo');
    dispatcher = await server.login('dispatcher@haulboard.demo');
    driver = await server.login('driver@haulboard.demo');
    const db = server.db;
    for (const row of await db.selectFrom('brokers').select('id').orderBy('id').limit(6).execute())
      brokerIds.push(Number(row.id));
    for (const row of await db.selectFrom('shippers').select('id').orderBy('id').limit(4).execute())
      shipperIds.push(Number(row.id));
    const next = random(kind === 'sqlite' ? 7 : 11);
    const counter = await db
      .selectFrom('invoices')
      .select((eb) => eb.fn.max('number').as('n'))
      .executeTakeFirst();
    let number = Number(counter?.n ?? 0) + 100_000;
    const now = new Date().toISOString();
    // The last broker is left without invoices: it is no customer of the list.
    const payers = [
      ...brokerIds.slice(0, 5).map((id) => ['BROKER', id] as const),
      ...shipperIds.map((id) => ['SHIPPER', id] as const),
    ];
    const later: { number: number; paidOn: string; total: number; short: boolean }[] = [];
    for (let i = 0; i < 400; i++) {
      const [payerKind, payerId] = payers[Math.floor(next() * payers.length)];
      const issuedOn = shift(today, -Math.floor(next() * 730) + 3);
      const terms = [0, 2, 15, 30, 45][Math.floor(next() * 5)];
      const total = 10_000 + Math.floor(next() * 500_000);
      const roll = next();
      const status =
        roll < 0.08 ? 'DRAFT' : roll < 0.35 ? 'SENT' : roll < 0.5 ? 'PARTIALLY_PAID' : roll < 0.93 ? 'PAID' : 'VOID';
      const paidOn = status === 'PAID' ? shift(issuedOn, Math.floor(next() * 80)) : null;
      const paid = status === 'PAID' ? total : status === 'PARTIALLY_PAID' ? Math.floor(total * next()) + 1 : 0;
      const short = (status === 'PARTIALLY_PAID' || status === 'PAID') && next() < 0.3 ? 1 : 0;
      const credited = status === 'VOID' ? total : status === 'SENT' && next() < 0.1 ? 5_000 : 0;
      number += 1;
      await db
        .insertInto('invoices')
        .values({
          number,
          payer_kind: payerKind,
          broker_id: payerKind === 'BROKER' ? payerId : null,
          shipper_id: payerKind === 'SHIPPER' ? payerId : null,
          status,
          issued_on: issuedOn,
          terms_days: terms,
          due_on: shift(issuedOn, terms),
          subtotal_cents: total,
          total_cents: total,
          paid_cents: paid,
          credited_cents: credited,
          paid_on: paidOn,
          short_paid: short,
          created_at: now,
          updated_at: now,
        })
        .execute();
      if (status === 'SENT' && next() < 0.25)
        later.push({ number, paidOn: shift(issuedOn, Math.floor(next() * 60)), total, short: next() < 0.5 });
    }
    // Paid afterwards, as bank matching writes it: the kept figures move with the update.
    for (const invoice of later)
      await db
        .updateTable('invoices')
        .set({
          status: 'PAID',
          paid_cents: invoice.total,
          paid_on: invoice.paidOn,
          short_paid: invoice.short ? 1 : 0,
        })
        .where('number', '=', invoice.number)
        .execute();
    // And one paid then taken back (an undone match): nothing of it may stay.
    if (later[0])
      await db
        .updateTable('invoices')
        .set({ status: 'SENT', paid_cents: 0, paid_on: null, short_paid: 0 })
        .where('number', '=', later[0].number)
        .execute();
  });
  afterAll(() => server.close());

  /** The figures of one customer, computed here from the invoices alone with plain SQL. */
  async function expected(payerKind: string, payerId: number): Promise<Expected> {
    const column = payerKind === 'BROKER' ? 'broker_id' : 'shipper_id';
    const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`.replace(/-02-29$/, '-02-28');
    const days =
      kind === 'postgres'
        ? 'avg((paid_on::date - issued_on::date)::numeric)'
        : 'avg(julianday(paid_on) - julianday(issued_on))';
    const text = `
      SELECT
        (SELECT coalesce(sum(total_cents - paid_cents - credited_cents), 0) FROM invoices
          WHERE ${column} = ${payerId} AND status IN ('SENT', 'PARTIALLY_PAID')) AS open,
        (SELECT coalesce(sum(total_cents - paid_cents - credited_cents), 0) FROM invoices
          WHERE ${column} = ${payerId} AND status IN ('SENT', 'PARTIALLY_PAID') AND due_on < '${today}') AS past_due,
        (SELECT coalesce(sum(total_cents - paid_cents - credited_cents), 0) FROM invoices
          WHERE ${column} = ${payerId} AND status IN ('SENT', 'PARTIALLY_PAID') AND issued_on >= '${shift(today, -30)}') AS a30,
        (SELECT coalesce(sum(total_cents - paid_cents - credited_cents), 0) FROM invoices
          WHERE ${column} = ${payerId} AND status IN ('SENT', 'PARTIALLY_PAID')
            AND issued_on <= '${shift(today, -31)}' AND issued_on >= '${shift(today, -60)}') AS a60,
        (SELECT coalesce(sum(total_cents - paid_cents - credited_cents), 0) FROM invoices
          WHERE ${column} = ${payerId} AND status IN ('SENT', 'PARTIALLY_PAID')
            AND issued_on <= '${shift(today, -61)}' AND issued_on >= '${shift(today, -90)}') AS a90,
        (SELECT coalesce(sum(total_cents - paid_cents - credited_cents), 0) FROM invoices
          WHERE ${column} = ${payerId} AND status IN ('SENT', 'PARTIALLY_PAID') AND issued_on <= '${shift(today, -91)}') AS a90plus,
        (SELECT ${days} FROM invoices
          WHERE ${column} = ${payerId} AND paid_on > '${yearAgo}' AND paid_on <= '${today}') AS avg_days,
        (SELECT 100.0 * sum(short_paid) / count(*) FROM invoices
          WHERE ${column} = ${payerId} AND paid_cents > 0 AND issued_on > '${yearAgo}' AND issued_on <= '${today}') AS short_share`;
    const { rows } = await sql<Record<string, string | number | null>>`${sql.raw(text)}`.execute(server.db);
    const row = rows[0];
    const number = (value: string | number | null) => (value === null ? null : Number(value));
    return {
      open: Number(row.open),
      pastDue: Number(row.past_due),
      a30: Number(row.a30),
      a60: Number(row.a60),
      a90: Number(row.a90),
      a90plus: Number(row.a90plus),
      avgDays: number(row.avg_days),
      shortShare: number(row.short_share),
    };
  }

  const list = (token: string, query = '') => server.call({ method: 'GET', url: `/api/Receivables${query}`, token });
  const close = (actual: number | null, wanted: number | null) => {
    if (wanted === null) expect(actual).toBeNull();
    else expect(Math.abs((actual ?? Number.NaN) - wanted)).toBeLessThanOrEqual(0.051);
  };

  it('gives every billed customer the figures plain SQL computes from the invoices', async () => {
    const answer = await list(finance, '?size=500');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const rows = answer.body.value.items as {
      payerKind: string;
      payerId: number;
      openCents: number;
      pastDueCents: number;
      age0to30: number;
      age31to60: number;
      age61to90: number;
      age90plus: number;
      avgDaysToPay: number | null;
      shortPaidShare: number | null;
    }[];
    const mine = rows.filter((r) =>
      r.payerKind === 'BROKER' ? brokerIds.includes(r.payerId) : shipperIds.includes(r.payerId),
    );
    expect(mine.length).toBeGreaterThanOrEqual(8);
    expect(mine.some((r) => r.payerKind === 'BROKER' && r.payerId === brokerIds[5])).toBe(false);
    let checked = 0;
    for (const row of rows) {
      const want = await expected(row.payerKind, row.payerId);
      expect(row.openCents, `${row.payerKind} ${row.payerId}`).toBe(want.open);
      expect(row.pastDueCents).toBe(want.pastDue);
      expect([row.age0to30, row.age31to60, row.age61to90, row.age90plus]).toEqual([
        want.a30,
        want.a60,
        want.a90,
        want.a90plus,
      ]);
      expect(row.age0to30 + row.age31to60 + row.age61to90 + row.age90plus).toBe(row.openCents);
      close(row.avgDaysToPay, want.avgDays);
      close(row.shortPaidShare, want.shortShare);
      if (want.avgDays !== null && want.open > 0) checked += 1;
    }
    expect(checked).toBeGreaterThan(3);
    // What the triggers keep holds no row of nothing (an invoice paid or voided leaves its open row).
    const empty = await server.db
      .selectFrom('receivable_open')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('open_count', '=', 0)
      .executeTakeFirstOrThrow();
    expect(Number(empty.n)).toBe(0);
    const totals = answer.body.value.totals;
    expect(totals.openCents).toBe(rows.reduce((sum, r) => sum + r.openCents, 0));
    expect(totals.pastDueCents).toBe(rows.reduce((sum, r) => sum + r.pastDueCents, 0));

    // One customer's own figures are the same.
    const one = mine[0];
    const alone = await server.call({
      method: 'GET',
      url: `/api/Receivables/${one.payerKind.toLowerCase()}/${one.payerId}`,
      token: dispatcher,
    });
    expect(alone.status).toBe(200);
    expect(alone.body.value).toMatchObject(one);
  });

  it('searches, filters, sorts and pages', async () => {
    const all = (await list(finance, '?size=500')).body.value.items as {
      name: string;
      payerKind: string;
      openCents: number;
      pastDueCents: number;
      avgDaysToPay: number | null;
    }[];
    const shippers = (await list(finance, '?size=500&payerKind=SHIPPER')).body.value.items as typeof all;
    expect(shippers.length).toBe(all.filter((r) => r.payerKind === 'SHIPPER').length);
    const pastDue = (await list(finance, '?size=500&pastDue=true&payerKind=BROKER')).body.value.items as typeof all;
    expect(pastDue.length).toBe(all.filter((r) => r.pastDueCents > 0 && r.payerKind === 'BROKER').length);
    const withBalance = (await list(finance, '?size=500&withBalance=true')).body.value;
    expect(withBalance.totalCount).toBe(all.filter((r) => r.openCents > 0).length);
    const name = all[0].name;
    const found = (await list(finance, `?search=${encodeURIComponent(name.slice(0, 6).toUpperCase())}`)).body.value
      .items as typeof all;
    expect(found.map((r) => r.name)).toContain(name);
    expect(found.every((r) => r.name.toLowerCase().includes(name.slice(0, 6).toLowerCase()))).toBe(true);

    const byPastDue = (await list(finance, '?size=500&sort=-pastDueCents')).body.value.items as typeof all;
    expect(byPastDue.map((r) => r.pastDueCents)).toEqual(
      [...byPastDue.map((r) => r.pastDueCents)].sort((a, b) => b - a),
    );
    const byDays = (await list(finance, '?size=500&sort=avgDaysToPay')).body.value.items as typeof all;
    const days = byDays.map((r) => r.avgDaysToPay);
    const known = days.filter((d): d is number => d !== null);
    expect(known).toEqual([...known].sort((a, b) => a - b));
    expect(days.slice(known.length).every((d) => d === null)).toBe(true);

    const first = (await list(finance, '?size=2&page=0&sort=name')).body.value;
    const second = (await list(finance, '?size=2&page=1&sort=name')).body.value;
    expect(first.totalCount).toBe(all.length);
    expect(second.totalCount).toBe(all.length);
    expect(
      second.items[0].name.localeCompare(first.items[1].name, 'en', { sensitivity: 'base' }),
    ).toBeGreaterThanOrEqual(0);
    const past = (await list(finance, '?size=2&page=10000')).body.value;
    expect(past.items).toEqual([]);
    expect(past.totalCount).toBe(all.length);
  });

  it('gives a customer its invoices, payments, CSV and statement', async () => {
    const customer = (
      (await list(finance, '?size=1&sort=-openCents')).body.value.items as {
        payerKind: string;
        payerId: number;
        name: string;
        openCents: number;
      }[]
    )[0];
    const isBroker = customer.payerKind === 'BROKER';
    const path = `/api/Receivables/${customer.payerKind.toLowerCase()}/${customer.payerId}`;
    const invoices = await server.call({ method: 'GET', url: `${path}/invoices?size=500`, token: finance });
    expect(invoices.status).toBe(200);
    const items = invoices.body.value.items as { status: string; balanceCents: number; issuedOn: string }[];
    expect(items.some((i) => i.status === 'DRAFT')).toBe(false);
    expect(items.reduce((sum, i) => sum + i.balanceCents, 0)).toBe(customer.openCents);
    const open = await server.call({ method: 'GET', url: `${path}/invoices?open=true&size=500`, token: finance });
    expect(open.body.value.items.every((i: { status: string }) => ['SENT', 'PARTIALLY_PAID'].includes(i.status))).toBe(
      true,
    );

    // A payment is a live match line on one of its invoices, dated by the bank row; an undone match is none.
    const invoice = await server.db
      .selectFrom('invoices')
      .select(['id', 'number'])
      .where(isBroker ? 'broker_id' : 'shipper_id', '=', customer.payerId)
      .where('status', '=', 'PARTIALLY_PAID')
      .executeTakeFirst();
    if (invoice) {
      const importRow = await server.db
        .insertInto('bank_imports')
        .values({
          layout: 'CHASE_CHECKING',
          file_name: 't.csv',
          imported_at: new Date().toISOString(),
          rows_read: 2,
          added: 2,
          already_there: 0,
          imported_by: null,
          first_day: today,
          last_day: today,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [line, undone] of [
        [1, null],
        [2, new Date().toISOString()],
      ] as const) {
        const row = await server.db
          .insertInto('bank_transactions')
          .values({
            import_id: Number(importRow.id),
            layout: 'CHASE_CHECKING',
            posted_on: shift(today, -line),
            transaction_on: null,
            description: `ACH CREDIT ${line} receivables`,
            amount_cents: 12_345,
            details: null,
            type: null,
            category: null,
            balance_cents: null,
            check_number: null,
            memo: null,
            fingerprint: `receivables-${kind}-${line}`,
            line,
            explain_reason: null,
            explain_note: null,
            explained_by: null,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow();
        const match = await server.db
          .insertInto('bank_matches')
          .values({
            bank_transaction_id: Number(row.id),
            amount_cents: 12_345,
            note: null,
            matched_by: null,
            matched_at: new Date().toISOString(),
            undone_by: null,
            undone_at: undone,
            undo_reason: undone ? 'wrong' : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await server.db
          .insertInto('bank_match_lines')
          .values({
            match_id: Number(match.id),
            item_type: 'INVOICE',
            item_id: Number(invoice.id),
            amount_cents: 12_345,
          })
          .execute();
      }
      const payments = await server.call({ method: 'GET', url: `${path}/payments`, token: finance });
      expect(payments.status).toBe(200);
      expect(payments.body.value.items).toEqual([
        expect.objectContaining({
          postedOn: shift(today, -1),
          amountCents: 12_345,
          invoiceNumberText: `INV-${invoice.number}`,
        }),
      ]);
    }

    const csv = await server.call({ method: 'GET', url: `${path}/export`, token: finance });
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-disposition'])).toContain(`-${today}.csv`);
    const lines = (csv.body as unknown as string).trim().split('\r\n');
    expect(lines[0]).toContain('Invoice,Status,Date,Due');
    expect(lines).toHaveLength(items.length + 1);
    const listCsv = await server.call({
      method: 'GET',
      url: '/api/Receivables/export?payerKind=SHIPPER',
      token: finance,
    });
    expect(listCsv.status).toBe(200);
    expect(String(listCsv.body)).toContain('Open balance,Past due,0-30 days');

    const pdf = await server.app.inject({
      url: `${path}/statement`,
      headers: { authorization: `Bearer ${finance}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const words = pdfText(pdf.rawPayload);
    expect(words).toContain('STATEMENT OF ACCOUNT');
    expect(words).toContain(customer.name);
    expect(words).toContain('Open invoices');
  });

  it('follows bank matching: a deposit matched to a sent invoice is a payment and its days to pay; undo takes both back', async () => {
    const banking = await server.login('banking@haulboard.demo');
    const delivered = await server.db
      .selectFrom('book_orders')
      .select(['id', 'broker_id'])
      .where('status', '=', 'DELIVERED')
      .where('deleted_at', 'is', null)
      .where('id', 'not in', server.db.selectFrom('invoice_orders').select('book_order_id'))
      .where('id', 'not in', server.db.selectFrom('bank_item_settlements').select('item_id'))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const brokerId = Number(delivered.broker_id);
    const issuedOn = shift(today, -40);
    const made = await server.call({
      method: 'POST',
      url: '/api/Invoices',
      token: finance,
      payload: { payerKind: 'BROKER', payerId: brokerId, orderIds: [Number(delivered.id)], issuedOn },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const sent = await server.call({
      method: 'POST',
      url: `/api/Invoices/${made.body.value.id}/send`,
      token: finance,
      payload: { version: made.body.value.version },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const invoice = sent.body.value as { id: number; numberText: string; totalCents: number };
    const figures = async () =>
      (await server.call({ method: 'GET', url: `/api/Receivables/broker/${brokerId}`, token: finance })).body.value;
    const before = await figures();
    expect(before.openCents).toBe((await expected('BROKER', brokerId)).open);

    const paidOn = shift(today, -2);
    const [row] = await importBankRows(server, banking, `RECV${kind}`, [
      { day: paidOn, description: `PAYMENT ${invoice.numberText}`, cents: invoice.totalCents },
    ]);
    const matched = await server.call({
      method: 'POST',
      url: `/api/TransactionsMatching/transactions/${row.id}/matches`,
      token: banking,
      payload: {
        version: row.version,
        lines: [{ itemType: 'INVOICE', itemId: invoice.id, amount: invoice.totalCents / 100 }],
      },
    });
    expect(matched.status, JSON.stringify(matched.body)).toBe(200);
    const after = await figures();
    const want = await expected('BROKER', brokerId);
    expect(after.openCents).toBe(before.openCents - invoice.totalCents);
    expect(after.openCents).toBe(want.open);
    expect(after.paidCount).toBe(before.paidCount + 1);
    close(after.avgDaysToPay, want.avgDays);
    const payments = await server.call({
      method: 'GET',
      url: `/api/Receivables/broker/${brokerId}/payments`,
      token: finance,
    });
    expect(payments.body.value.items).toContainEqual(
      expect.objectContaining({ invoiceId: invoice.id, postedOn: paidOn, amountCents: invoice.totalCents }),
    );

    const listedMatch = await server.db
      .selectFrom('bank_matches')
      .select('id')
      .where('bank_transaction_id', '=', row.id)
      .where('undone_at', 'is', null)
      .executeTakeFirstOrThrow();
    const undone = await server.call({
      method: 'POST',
      url: `/api/TransactionsMatching/matches/${listedMatch.id}/undo`,
      token: banking,
      payload: { reason: 'Matched to the wrong invoice' },
    });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(await figures()).toEqual(before);
    const none = await server.call({
      method: 'GET',
      url: `/api/Receivables/broker/${brokerId}/payments`,
      token: finance,
    });
    expect(none.body.value.items.some((p: { invoiceId: number }) => p.invoiceId === invoice.id)).toBe(false);
  });

  it('tells the booking form how a broker pays', async () => {
    const broker = brokerIds[0];
    const hint = await server.call({
      method: 'GET',
      url: `/api/Receivables/booking-hint/${broker}`,
      token: dispatcher,
    });
    expect(hint.status).toBe(200);
    const want = await expected('BROKER', broker);
    close(hint.body.value.avgDaysToPay, want.avgDays);
    expect(hint.body.value.pastDueCents).toBe(want.pastDue);
    expect(typeof hint.body.value.slow).toBe('boolean');
    expect(
      (await server.call({ method: 'GET', url: '/api/Receivables/booking-hint/99999999', token: dispatcher })).status,
    ).toBe(404);
    expect(
      (await server.call({ method: 'GET', url: '/api/Receivables/booking-hint/abc', token: dispatcher })).status,
    ).toBe(400);
    expect((await server.call({ method: 'GET', url: `/api/Receivables/booking-hint/${broker}` })).status).toBe(401);
    expect(
      (await server.call({ method: 'GET', url: `/api/Receivables/booking-hint/${broker}`, token: driver })).status,
    ).toBe(403);
  });

  it('refuses without a token (401), without the feature (403), bad input (400) and unknown customers (404)', async () => {
    const customer = `broker/${brokerIds[0]}`;
    const routes = [
      '/api/Receivables',
      '/api/Receivables/export',
      `/api/Receivables/${customer}`,
      `/api/Receivables/${customer}/invoices`,
      `/api/Receivables/${customer}/payments`,
      `/api/Receivables/${customer}/export`,
      `/api/Receivables/${customer}/statement`,
    ];
    for (const url of routes) {
      expect((await server.call({ method: 'GET', url })).status, url).toBe(401);
      expect((await server.call({ method: 'GET', url, token: driver })).status, url).toBe(403);
    }
    // A dispatcher reads but does not export.
    expect((await server.call({ method: 'GET', url: '/api/Receivables/export', token: dispatcher })).status).toBe(403);
    const bad: [string, string][] = [
      ['/api/Receivables?sort=nonsense', 'sort'],
      ['/api/Receivables?payerKind=CARRIER', 'payerKind'],
      ['/api/Receivables?pastDue=maybe', 'pastDue'],
      ['/api/Receivables?size=0', 'size'],
      ['/api/Receivables/export?sort=-x1', 'sort'],
      ['/api/Receivables/carrier/1', 'kind'],
      ['/api/Receivables/broker/abc', 'id'],
      ['/api/Receivables/broker/abc/invoices', 'id'],
      [`/api/Receivables/${customer}/invoices?open=perhaps`, 'open'],
      ['/api/Receivables/shipper/0/payments', 'id'],
      ['/api/Receivables/broker/x/export', 'id'],
      [`/api/Receivables/${customer}/statement?from=2026-13-01`, 'from'],
      [`/api/Receivables/${customer}/statement?from=2026-05-02&to=2026-05-01`, 'from'],
    ];
    for (const [url, field] of bad) {
      const answer = await server.call({ method: 'GET', url, token: finance });
      expect(answer.status, url).toBe(400);
      expect(JSON.stringify(answer.body), url).toContain(field);
    }
    for (const suffix of ['', '/invoices', '/payments', '/export', '/statement']) {
      const answer = await server.call({
        method: 'GET',
        url: `/api/Receivables/shipper/99999999${suffix}`,
        token: finance,
      });
      expect(answer.status, suffix).toBe(404);
    }
  });
});
