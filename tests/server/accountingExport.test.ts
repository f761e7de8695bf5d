import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBankRows } from '../helpers/bankRows';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * The accounting export (docs/product/accounting-export.md) on both databases: the IIF file and the QuickBooks Online
 * CSV files read back by the parsers below (every account, customer and item defined before a transaction names it;
 * each transaction balanced), a re-export byte for byte the same, a later export carrying only the change (a payment,
 * a credit note, the reversal of an undone payment), two exports at once carrying a row once, and every route's 401,
 * 403 and 400.
 */

/** Dollars text to cents, exactly. */
const cents = (text: string) => {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!match) throw new Error(`not an amount: "${text}"`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
};

/** What QuickBooks already holds after the files read so far: names of accounts, customers and items. */
interface Books {
  accounts: Set<string>;
  customers: Set<string>;
  items: Set<string>;
}
const emptyBooks = (): Books => ({ accounts: new Set(), customers: new Set(), items: new Set() });

interface IifTransaction {
  type: string;
  docNumber: string;
  rows: Record<string, string>[];
}

/**
 * Reads an IIF file as QuickBooks Desktop would: each !KEYWORD row names the columns of the rows of its kind; lists
 * add to the books, and a transaction may name only what the books hold. Answers the transactions.
 */
function readIif(text: string, books: Books): IifTransaction[] {
  expect(text.endsWith('\r\n') || text === '').toBe(true);
  const headers = new Map<string, string[]>();
  const transactions: IifTransaction[] = [];
  let open: IifTransaction | null = null;
  for (const line of text.split('\r\n').filter(Boolean)) {
    const cells = line.split('\t');
    const keyword = cells[0];
    if (keyword.startsWith('!')) {
      headers.set(keyword.slice(1), cells.slice(1));
      continue;
    }
    if (keyword === 'ENDTRNS') {
      expect(open, 'ENDTRNS closes a transaction').not.toBeNull();
      transactions.push(open!);
      open = null;
      continue;
    }
    const columns = headers.get(keyword);
    expect(columns, `${keyword} rows come after their !${keyword} row`).toBeDefined();
    const record = Object.fromEntries(columns!.map((c, i) => [c, cells[i + 1] ?? '']));
    if (keyword === 'ACCNT') books.accounts.add(record.NAME);
    else if (keyword === 'CUST') books.customers.add(record.NAME);
    else if (keyword === 'INVITEM') {
      expect(books.accounts.has(record.ACCNT), `item ${record.NAME}'s account ${record.ACCNT}`).toBe(true);
      books.items.add(record.NAME);
    } else {
      expect(['TRNS', 'SPL']).toContain(keyword);
      expect(books.accounts.has(record.ACCNT), `account ${record.ACCNT} defined before use`).toBe(true);
      if (record.NAME) expect(books.customers.has(record.NAME), `customer ${record.NAME}`).toBe(true);
      if (record.INVITEM) expect(books.items.has(record.INVITEM), `item ${record.INVITEM}`).toBe(true);
      expect(record.DATE).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(record.AMOUNT).toMatch(/^-?\d+\.\d{2}$/);
      if (keyword === 'TRNS') {
        expect(open, 'a TRNS inside a transaction').toBeNull();
        open = { type: record.TRNSTYPE, docNumber: record.DOCNUM, rows: [record] };
      } else {
        expect(open, 'SPL after its TRNS').not.toBeNull();
        open!.rows.push(record);
      }
    }
  }
  expect(open, 'the last transaction ended').toBeNull();
  for (const t of transactions)
    expect(
      t.rows.reduce((sum, r) => sum + cents(r.AMOUNT), 0),
      `${t.type} ${t.docNumber} balances`,
    ).toBe(0);
  return transactions;
}

type CsvRow = Record<string, string>;
const readCsv = (text: string): CsvRow[] => parse(text, { columns: true, skip_empty_lines: true }) as CsvRow[];

describe.each(DATABASES)('accounting export on %s', (kind) => {
  let server: TestServer;
  let finance: string;
  let dispatcher: string;
  let banking: string;
  let seq = 0;
  const iifBooks = emptyBooks();
  const PERIOD = { from: '2026-10-01', to: '2026-10-31' };
  const invoiceIds: number[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind);
    finance = await server.login('finance@haulboard.demo');
    dispatcher = await server.login('dispatcher@haulboard.demo');
    banking = await server.login('banking@haulboard.demo');
  });
  afterAll(() => server.close());

  const exportOf = (body: object, token = finance) =>
    server.call({ method: 'POST', url: '/api/AccountingExports', token, payload: body });
  const download = async (id: number, fileKind: string) => {
    const got = await server.call({
      method: 'GET',
      url: `/api/AccountingExports/${id}/files/${fileKind}`,
      token: finance,
    });
    expect(got.status).toBe(200);
    return got.body as string;
  };

  /** A sent invoice for `count` delivered orders of one payer not invoiced yet, with a product, issued on `day`. */
  async function sentInvoice(payerKind: 'BROKER' | 'SHIPPER', day: string, count = 1) {
    const column = payerKind === 'BROKER' ? 'broker_id' : 'shipper_id';
    const rows = await server.db
      .selectFrom('book_orders')
      .select(['id', 'broker_id', 'shipper_id'])
      .where('status', '=', 'DELIVERED')
      .where('deleted_at', 'is', null)
      .where(column, 'is not', null)
      .where('id', 'not in', server.db.selectFrom('invoice_orders').select('book_order_id'))
      .orderBy('id')
      .execute();
    const byPayer = new Map<number, number[]>();
    for (const row of rows)
      byPayer.set(Number(row[column]), [...(byPayer.get(Number(row[column])) ?? []), Number(row.id)]);
    const [payerId, orders] = [...byPayer.entries()].find(([, list]) => list.length >= count)!;
    const fuel = await server.db
      .selectFrom('products')
      .select('id')
      .where('name', '=', 'Fuel surcharge')
      .executeTakeFirstOrThrow();
    const made = await server.call({
      method: 'POST',
      url: '/api/Invoices',
      token: finance,
      payload: {
        payerKind,
        payerId,
        orderIds: orders.slice(0, count),
        products: [{ productId: Number(fuel.id) }],
        issuedOn: day,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    // Sending mails the payer; the export reads the state only (a draft never goes to the books).
    await server.db.updateTable('invoices').set({ status: 'SENT' }).where('id', '=', made.body.value.id).execute();
    invoiceIds.push(made.body.value.id);
    return made.body.value as { id: number; numberText: string; totalCents: number; version: number };
  }

  /** A deposit imported and matched to an invoice (the bank's INVOICE item type): answers the match's id. */
  async function payment(invoiceId: number, amountCents: number, postedOn: string) {
    const [row] = await importBankRows(server, banking, `ACCT${++seq}`, [
      { day: postedOn, description: 'ACME LOGISTICS PAYMENT', cents: amountCents },
    ]);
    const matched = await server.call({
      method: 'POST',
      url: `/api/TransactionsMatching/transactions/${row.id}/matches`,
      token: banking,
      payload: { version: row.version, lines: [{ itemType: 'INVOICE', itemId: invoiceId, amount: amountCents / 100 }] },
    });
    expect(matched.status, JSON.stringify(matched.body)).toBe(200);
    return Number(matched.body.value.matchId);
  }
  const undo = async (matchId: number) => {
    const undone = await server.call({
      method: 'POST',
      url: `/api/TransactionsMatching/matches/${matchId}/undo`,
      token: banking,
      payload: { reason: 'Matched to the wrong invoice' },
    });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
  };

  it('exports a period as IIF: lists before transactions, each balanced; again, the same bytes', async () => {
    const one = await sentInvoice('BROKER', '2026-10-05', 2);
    const two = await sentInvoice('SHIPPER', '2026-10-12');
    await sentInvoice('BROKER', '2026-11-03'); // outside the period

    const made = await exportOf({ format: 'IIF', ...PERIOD });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const result = made.body.value;
    expect(result.reused).toBe(false);
    expect(result.export.counts).toMatchObject({ INVOICE: 2, CREDIT_NOTE: 0, PAYMENT: 0 });
    expect(result.export.counts.CUSTOMER).toBe(2);
    expect(result.export.counts.ITEM).toBeGreaterThanOrEqual(2);
    expect(result.export.files.map((f: { kind: string }) => f.kind)).toEqual(['iif']);

    const text = await download(result.export.id, 'iif');
    const transactions = readIif(text, iifBooks);
    expect(transactions.map((t) => `${t.type} ${t.docNumber}`)).toEqual([
      `INVOICE ${one.numberText}`,
      `INVOICE ${two.numberText}`,
    ]);
    const first = transactions[0];
    expect(first.rows[0]).toMatchObject({ ACCNT: 'Accounts Receivable', DATE: '10/05/2026' });
    expect(cents(first.rows[0].AMOUNT)).toBe(one.totalCents);
    expect(first.rows.slice(1).every((r) => cents(r.AMOUNT) < 0 && r.INVITEM !== '')).toBe(true);
    expect(first.rows.some((r) => r.INVITEM === 'Fuel Surcharge' && r.ACCNT === 'Fuel Surcharge Income')).toBe(true);

    // Nothing changed: the same export again, byte for byte.
    const again = await exportOf({ format: 'IIF', ...PERIOD });
    expect(again.status).toBe(200);
    expect(again.body.value).toMatchObject({ reused: true, export: { id: result.export.id } });
    expect(await download(again.body.value.export.id, 'iif')).toBe(text);
  });

  it('a later export carries only the change: a payment, a credit note, then the reversal of an undone payment', async () => {
    const [one, two] = invoiceIds;
    const invoice = await server.db
      .selectFrom('invoices')
      .select(['number', 'total_cents'])
      .where('id', '=', one)
      .executeTakeFirstOrThrow();
    const matchId = await payment(one, Number(invoice.total_cents), '2026-10-20');
    const paid = await exportOf({ format: 'IIF', ...PERIOD });
    expect(paid.status).toBe(201);
    expect(paid.body.value.export.counts).toMatchObject({ PAYMENT: 1, INVOICE: 0, CUSTOMER: 0, ITEM: 0, ACCOUNT: 0 });
    const [pay] = readIif(await download(paid.body.value.export.id, 'iif'), iifBooks);
    expect(pay.type).toBe('PAYMENT');
    expect(pay.rows[0]).toMatchObject({ ACCNT: 'Undeposited Funds', DATE: '10/20/2026' });
    expect(pay.rows[1].ACCNT).toBe('Accounts Receivable');
    expect(cents(pay.rows[0].AMOUNT)).toBe(Number(invoice.total_cents));

    // The second invoice voided today: its credit memo goes with the period holding today.
    const current = await server.call({ method: 'GET', url: `/api/Invoices/${two}`, token: finance });
    const voided = await server.call({
      method: 'POST',
      url: `/api/Invoices/${two}/void`,
      token: finance,
      payload: { version: current.body.value.version, reason: 'Billed twice' },
    });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const now = { from: `${today.slice(0, 8)}01`, to: today };
    // The payment undone today after it went: the same export takes it back.
    await undo(matchId);
    const later = await exportOf({ format: 'IIF', ...now });
    expect(later.status).toBe(201);
    expect(later.body.value.export.counts).toMatchObject({ CREDIT_NOTE: 1, PAYMENT_REVERSAL: 1 });
    const kinds = readIif(await download(later.body.value.export.id, 'iif'), iifBooks).map((t) => t.type);
    expect(kinds).toContain('CREDIT MEMO');
    expect(kinds).toContain('GENERAL JOURNAL');
    const memo = readIif(await download(later.body.value.export.id, 'iif'), emptyBooksFrom(iifBooks)).find(
      (t) => t.type === 'CREDIT MEMO',
    )!;
    expect(cents(memo.rows[0].AMOUNT)).toBeLessThan(0);

    // October again: the payment is gone, and already taken back; nothing new, the last October export again.
    const october = await exportOf({ format: 'IIF', ...PERIOD });
    expect(october.body.value).toMatchObject({ reused: true, export: { id: paid.body.value.export.id } });
  });

  it('exports the QuickBooks Online CSV files: lists, invoice lines adding to the totals, a balanced journal', async () => {
    const made = await exportOf({ format: 'QBO_CSV', ...PERIOD });
    expect(made.status).toBe(201);
    const { export: csvExport } = made.body.value;
    // A format of its own: the books it feeds received nothing yet.
    expect(csvExport.counts).toMatchObject({ INVOICE: 2, PAYMENT: 0, ACCOUNT: 0 });
    expect(csvExport.files.map((f: { kind: string }) => f.kind)).toEqual([
      'customers',
      'products',
      'invoices',
      'journal',
    ]);
    const customers = readCsv(await download(csvExport.id, 'customers'));
    const products = readCsv(await download(csvExport.id, 'products'));
    const lines = readCsv(await download(csvExport.id, 'invoices'));
    expect(Object.keys(lines[0])).toEqual([
      'InvoiceNo',
      'Customer',
      'InvoiceDate',
      'DueDate',
      'Terms',
      'Memo',
      'Item(Product/Service)',
      'ItemDescription',
      'ItemQuantity',
      'ItemRate',
      'ItemAmount',
    ]);
    const customerNames = new Set(customers.map((c) => c.Name));
    const itemNames = new Set(products.map((p) => p['Product/Service Name']));
    const totals = new Map<string, number>();
    for (const line of lines) {
      expect(customerNames.has(line.Customer)).toBe(true);
      expect(itemNames.has(line['Item(Product/Service)'])).toBe(true);
      expect(line.InvoiceDate).toMatch(/^10\/\d{2}\/2026$/);
      totals.set(line.InvoiceNo, (totals.get(line.InvoiceNo) ?? 0) + cents(line.ItemAmount));
    }
    for (const [number, total] of totals) {
      const row = await server.db
        .selectFrom('invoices')
        .select('total_cents')
        .where('number', '=', Number(number.replace('INV-', '')))
        .executeTakeFirstOrThrow();
      expect(total).toBe(Number(row.total_cents));
    }
    // The payment made and undone before this format's first export: neither goes (nothing to take back).
    const journal = readCsv(await download(csvExport.id, 'journal'));
    expect(journal).toHaveLength(0);

    const today = new Date().toISOString().slice(0, 10);
    const now = await exportOf({ format: 'QBO_CSV', from: `${today.slice(0, 8)}01`, to: today });
    const entries = readCsv(await download(now.body.value.export.id, 'journal'));
    const byJournal = new Map<string, number>();
    for (const e of entries) {
      const amount = (e.Debits ? cents(e.Debits) : 0) - (e.Credits ? cents(e.Credits) : 0);
      byJournal.set(e['Journal No'], (byJournal.get(e['Journal No']) ?? 0) + amount);
      if (e['Account Name'] === 'Accounts Receivable') expect(e.Name).not.toBe('');
    }
    expect([...byJournal.keys()].some((no) => no.startsWith('CN-'))).toBe(true);
    for (const [no, sum] of byJournal) expect(sum, `${no} balances`).toBe(0);
  });

  it('a payer’s new address goes again as a changed customer, and nothing else with it', async () => {
    const first = await server.db
      .selectFrom('invoices')
      .select('broker_id')
      .where('id', '=', invoiceIds[0])
      .executeTakeFirstOrThrow();
    await server.db.updateTable('brokers').set({ city: 'Broken Arrow' }).where('id', '=', first.broker_id).execute();
    const changed = await exportOf({ format: 'IIF', ...PERIOD });
    expect(changed.status).toBe(201);
    const { counts } = changed.body.value.export;
    expect(counts.CUSTOMER).toBe(1);
    expect(counts.INVOICE + counts.PAYMENT + counts.ITEM + counts.ACCOUNT + counts.CREDIT_NOTE).toBe(0);
    const text = await download(changed.body.value.export.id, 'iif');
    expect(readIif(text, iifBooks)).toEqual([]);
    expect(text).toMatch(/^CUST\t[^\r]*Broken Arrow/m);
    const entry = await server.db
      .selectFrom('accounting_export_entries')
      .select('action')
      .where('export_id', '=', changed.body.value.export.id)
      .executeTakeFirstOrThrow();
    expect(entry.action).toBe('CHANGE');
  });

  it('eight exports of a period at once: one carries the new rows, the others give that same export; no row twice', async () => {
    const fresh = await sentInvoice('BROKER', '2026-09-15');
    await payment(fresh.id, 10_000, '2026-09-25');
    const period = { format: 'IIF', from: '2026-09-01', to: '2026-09-30' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => exportOf(period)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.value.export.id)).size).toBe(1);
    expect(answers[0].body.value.export.counts).toMatchObject({ INVOICE: 1, PAYMENT: 1 });
    // Over every export so far, no entity went twice with the same content in one format.
    const entries = await server.db
      .selectFrom('accounting_export_entries')
      .select(['format', 'entity_kind', 'entity_key', 'fingerprint'])
      .execute();
    const seen = entries.map((e) => `${e.format} ${e.entity_kind} ${e.entity_key} ${e.fingerprint}`);
    expect(seen.length).toBe(new Set(seen).size);
  });

  it('two overlapping periods exported at once carry a row of the overlap once', async () => {
    const fresh = await sentInvoice('BROKER', '2026-08-20');
    const [august, straddling] = await Promise.all([
      exportOf({ format: 'IIF', from: '2026-08-01', to: '2026-08-31' }),
      exportOf({ format: 'IIF', from: '2026-08-15', to: '2026-09-14' }),
    ]);
    expect([august.status, straddling.status]).toEqual([201, 201]);
    const carried = [august, straddling].map((a) => a.body.value.export.counts.INVOICE);
    expect(carried.sort()).toEqual([0, 1]);
    const entries = await server.db
      .selectFrom('accounting_export_entries')
      .select('export_id')
      .where('format', '=', 'IIF')
      .where('entity_kind', '=', 'INVOICE')
      .where('entity_key', '=', String(fresh.id))
      .execute();
    expect(entries).toHaveLength(1);
  });

  it('refuses without a session (401), without the permission (403) and bad input (400), never a 500', async () => {
    const made = await server.db.selectFrom('accounting_exports').select('id').executeTakeFirstOrThrow();
    const id = Number(made.id);
    const routes = [
      { method: 'POST' as const, url: '/api/AccountingExports', payload: { format: 'IIF', ...PERIOD } },
      { method: 'GET' as const, url: '/api/AccountingExports' },
      { method: 'GET' as const, url: `/api/AccountingExports/${id}` },
      { method: 'GET' as const, url: `/api/AccountingExports/${id}/files/iif` },
    ];
    for (const route of routes) {
      expect((await server.call(route)).status, `${route.method} ${route.url}`).toBe(401);
      expect((await server.call({ ...route, token: dispatcher })).status, `${route.method} ${route.url}`).toBe(403);
    }
    const bad = async (route: { method: 'GET' | 'POST'; url: string; payload?: object }, field?: string) => {
      const got = await server.call({ ...route, token: finance });
      expect(got.status, `${route.url} ${JSON.stringify(route.payload)}`).toBe(400);
      if (field) expect(JSON.stringify(got.body)).toContain(field);
    };
    await bad({ method: 'POST', url: '/api/AccountingExports', payload: { format: 'XLS', ...PERIOD } }, 'format');
    await bad(
      {
        method: 'POST',
        url: '/api/AccountingExports',
        payload: { format: 'IIF', from: '2026-10-31', to: '2026-10-01' },
      },
      'to',
    );
    await bad(
      {
        method: 'POST',
        url: '/api/AccountingExports',
        payload: { format: 'IIF', from: '2026-02-30', to: '2026-03-01' },
      },
      'from',
    );
    await bad(
      {
        method: 'POST',
        url: '/api/AccountingExports',
        payload: { format: 'IIF', from: '2024-01-01', to: '2026-01-01' },
      },
      'to',
    );
    await bad({ method: 'POST', url: '/api/AccountingExports', payload: { format: 'IIF' } }, 'from');
    await bad({ method: 'GET', url: '/api/AccountingExports?format=PDF' }, 'format');
    await bad({ method: 'GET', url: '/api/AccountingExports?size=5000' }, 'size');
    await bad({ method: 'GET', url: '/api/AccountingExports/abc' }, 'id');
    await bad({ method: 'GET', url: `/api/AccountingExports/${id}/files/zip` }, 'kind');
    const missing = await server.call({ method: 'GET', url: '/api/AccountingExports/99999999', token: finance });
    expect(missing.status).toBe(404);
    const noFile = await server.call({
      method: 'GET',
      url: `/api/AccountingExports/${id}/files/journal`,
      token: finance,
    });
    expect(noFile.status).toBe(404);
    const list = await server.call({ method: 'GET', url: '/api/AccountingExports?format=IIF', token: finance });
    expect(list.status).toBe(200);
    expect(list.body.value.items.every((e: { format: string }) => e.format === 'IIF')).toBe(true);
  });
});

/** Books holding what `books` holds: reading a file a second time must not depend on the first read. */
function emptyBooksFrom(books: Books): Books {
  return { accounts: new Set(books.accounts), customers: new Set(books.customers), items: new Set(books.items) };
}
