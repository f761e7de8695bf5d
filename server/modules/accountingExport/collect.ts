import crypto from 'node:crypto';
import { dateIn } from '../../../schema/businessDay';
import { addDays } from '../../../schema/expiry';
import { phoneText } from '../../../schema/format';
import { ACCOUNTS, type EntityKind, LINEHAUL_ITEM } from '../../../schema/accountingExport';
import { creditNoteNumberText, invoiceNumberText, termsText } from '../../../schema/invoices';
import type { Db } from '../../db/types';

/** QuickBooks keeps list names to 41 characters (customers, items); a longer one is cut there. */
const NAME_MAX = 41;
const listName = (name: string) => name.replace(/\s+/g, ' ').trim().slice(0, NAME_MAX).trim();

export interface Account {
  name: string;
  /** IIF's ACCNTTYPE: AR, INC, BANK, OCASSET (Undeposited Funds is an other current asset). */
  type: 'AR' | 'INC' | 'BANK' | 'OCASSET';
}
export interface Customer {
  name: string;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  email: string | null;
  phone: string | null;
  terms: string;
}
export interface Item {
  name: string;
  description: string;
  account: string;
  priceCents: number | null;
}
export interface Line {
  item: string;
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
  account: string;
}
export interface Invoice {
  id: number;
  docNumber: string;
  customer: string;
  date: string;
  dueOn: string;
  terms: string;
  memo: string;
  lines: Line[];
  totalCents: number;
}
export interface CreditNote {
  id: number;
  docNumber: string;
  invoiceNumber: string;
  customer: string;
  date: string;
  memo: string;
  lines: Line[];
  amountCents: number;
}
/** A deposit's match line of item type INVOICE: one payment of an invoice, or (undone after it went) its reversal. */
export interface Payment {
  id: number;
  docNumber: string;
  invoiceNumber: string;
  customer: string;
  date: string;
  amountCents: number;
  memo: string;
}

/** One thing an export may carry: its kind, key, the fingerprint of what would be written, and the record. */
export interface Candidate<T> {
  kind: EntityKind;
  key: string;
  fingerprint: string;
  value: T;
}

export interface PeriodCandidates {
  accounts: Candidate<Account>[];
  customers: Candidate<Customer>[];
  items: Candidate<Item>[];
  invoices: Candidate<Invoice>[];
  creditNotes: Candidate<CreditNote>[];
  payments: Candidate<Payment>[];
  reversals: Candidate<Payment>[];
  depositAccount: Account;
}

/** A query per 500 ids (the databases' limits on parameters), the answers in the ids' order. */
async function inChunks<T>(ids: number[], query: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let at = 0; at < ids.length; at += 500) rows.push(...(await query(ids.slice(at, at + 500))));
  return rows;
}

const fingerprint = (value: unknown) =>
  crypto.createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);
const candidate = <T>(kind: EntityKind, key: string, value: T, print: unknown = value): Candidate<T> => ({
  kind,
  key,
  fingerprint: fingerprint(print),
  value,
});

/**
 * Where payments go (docs/product/accounting-export.md#accounts): Undeposited Funds, as QuickBooks receives a payment
 * before its deposit, unless ACCOUNTING_DEPOSIT_ACCOUNT names the bank account the deposits land in.
 */
export function depositAccount(env: NodeJS.ProcessEnv = process.env): Account {
  const configured = env.ACCOUNTING_DEPOSIT_ACCOUNT?.trim();
  return configured ? { name: listName(configured), type: 'BANK' } : { name: ACCOUNTS.undeposited, type: 'OCASSET' };
}

type PayerKey = `${'BROKER' | 'SHIPPER'}:${number}`;
const payerKey = (kind: string, brokerId: number | null, shipperId: number | null): PayerKey =>
  kind === 'BROKER' ? `BROKER:${Number(brokerId)}` : `SHIPPER:${Number(shipperId)}`;

/** The QuickBooks customers of these payers; a shipper named as a broker is told apart by "(shipper)". */
async function customersOf(db: Db, keys: PayerKey[]): Promise<Map<PayerKey, Customer>> {
  const idsOf = (kind: string) => keys.filter((k) => k.startsWith(kind)).map((k) => Number(k.split(':')[1]));
  const columns = [
    'p.id',
    'p.name',
    'p.address',
    'p.city',
    'p.zip',
    'p.email',
    'p.phone',
    'p.payment_terms_days',
    's.abbreviation',
  ] as const;
  const brokerIds = idsOf('BROKER');
  const shipperIds = idsOf('SHIPPER');
  const [brokers, shippers] = await Promise.all([
    brokerIds.length
      ? db
          .selectFrom('brokers as p')
          .leftJoin('states as s', 's.id', 'p.state_id')
          .select(columns)
          .where('p.id', 'in', brokerIds)
          .execute()
      : [],
    shipperIds.length
      ? db
          .selectFrom('shippers as p')
          .leftJoin('states as s', 's.id', 'p.state_id')
          .select(columns)
          .where('p.id', 'in', shipperIds)
          .execute()
      : [],
  ]);
  const shipperNames = shippers.map((s) => s.name.trim().toLowerCase());
  const brokersNamed = shipperNames.length
    ? await db
        .selectFrom('brokers')
        .select('name')
        .where((eb) => eb(eb.fn('lower', [eb.fn('trim', ['name'])]), 'in', shipperNames))
        .execute()
    : [];
  const taken = new Set(brokersNamed.map((b) => b.name.trim().toLowerCase()));
  const result = new Map<PayerKey, Customer>();
  const add = (key: PayerKey, row: (typeof brokers)[number], name: string) =>
    result.set(key, {
      name,
      street: row.address?.trim() || null,
      city: row.city?.trim() || null,
      state: row.abbreviation ?? null,
      zip: row.zip?.trim() || null,
      email: row.email?.trim() || null,
      phone: phoneText(row.phone?.trim() || null) || null,
      terms: termsText(Number(row.payment_terms_days)),
    });
  for (const row of brokers) add(`BROKER:${Number(row.id)}`, row, listName(row.name));
  for (const row of shippers) {
    const clash = taken.has(row.name.trim().toLowerCase());
    add(
      `SHIPPER:${Number(row.id)}`,
      row,
      clash ? `${listName(row.name).slice(0, NAME_MAX - 10)} (shipper)` : listName(row.name),
    );
  }
  return result;
}

/** The lines of these invoices as billed, each with its QuickBooks item and income account (or the defaults). */
async function linesOf(db: Db, invoiceIds: number[]): Promise<Map<number, Line[]>> {
  const lines = new Map<number, Line[]>();
  const rows = await inChunks(invoiceIds, (ids) =>
    db
      .selectFrom('invoice_lines as l')
      .leftJoin('products as p', 'p.id', 'l.product_id')
      .select([
        'l.invoice_id',
        'l.kind',
        'l.description',
        'l.quantity',
        'l.unit_cents',
        'l.amount_cents',
        'l.quickbooks_item',
        'l.income_account',
        'p.name as product_name',
      ])
      .where('l.invoice_id', 'in', ids)
      .orderBy('l.invoice_id')
      .orderBy('l.position')
      .execute(),
  );
  for (const row of rows) {
    const item =
      row.quickbooks_item?.trim() || (row.kind === 'LINEHAUL' ? LINEHAUL_ITEM : row.product_name) || LINEHAUL_ITEM;
    const list = lines.get(Number(row.invoice_id)) ?? [];
    list.push({
      item: listName(item),
      description: row.description,
      quantity: Number(row.quantity),
      unitCents: Number(row.unit_cents),
      amountCents: Number(row.amount_cents),
      account: listName(row.income_account?.trim() || ACCOUNTS.defaultIncome),
    });
    lines.set(Number(row.invoice_id), list);
  }
  return lines;
}

/** The QuickBooks items: every product (the linehaul's among them) and every item a line of the period names. */
async function itemsOf(db: Db, lines: Line[]): Promise<Item[]> {
  const products = await db
    .selectFrom('products')
    .select(['name', 'charge', 'price_cents', 'quick_books_item', 'income_account', 'description'])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const items = new Map<string, Item>();
  for (const p of products) {
    const name = listName(p.quick_books_item?.trim() || p.name);
    if (items.has(name.toLowerCase())) continue;
    items.set(name.toLowerCase(), {
      name,
      description: p.description?.trim() || p.name,
      account: listName(p.income_account?.trim() || ACCOUNTS.defaultIncome),
      priceCents: p.charge === 'PER_VEHICLE' || p.charge === 'FLAT' ? Number(p.price_cents ?? 0) : null,
    });
  }
  if (!items.has(LINEHAUL_ITEM.toLowerCase()) && !products.some((p) => p.charge === 'ORDER_PRICE'))
    items.set(LINEHAUL_ITEM.toLowerCase(), {
      name: LINEHAUL_ITEM,
      description: 'Transport of a vehicle',
      account: ACCOUNTS.defaultIncome,
      priceCents: null,
    });
  for (const line of lines)
    if (!items.has(line.item.toLowerCase()))
      items.set(line.item.toLowerCase(), {
        name: line.item,
        description: line.description,
        account: line.account,
        priceCents: null,
      });
  return [...items.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** A credit note's lines: the invoice's own when it credits the whole invoice (income comes back per account). */
function creditLines(invoiceLines: Line[], amountCents: number): Line[] {
  const total = invoiceLines.reduce((sum, l) => sum + l.amountCents, 0);
  if (total === amountCents && invoiceLines.length) return invoiceLines;
  const first = invoiceLines[0];
  return [
    {
      item: first?.item ?? LINEHAUL_ITEM,
      description: 'Credit',
      quantity: 1,
      unitCents: amountCents,
      amountCents,
      account: first?.account ?? ACCOUNTS.defaultIncome,
    },
  ];
}

/** Instants stored as ISO text whose company day falls in the period (a day's margin each side for the zone). */
const instantRange = (from: string, to: string) => [addDays(from, -2), addDays(to, 2)] as const;

/**
 * Everything a period could carry (docs/product/accounting-export.md#what-goes): the invoices issued in it (all but
 * drafts), the credit notes made in it, the payments whose deposit was posted in it, the reversals of payments undone
 * in it; the customers they name, the items (every product, the linehaul, what the lines name) and the accounts. Each
 * with its fingerprint; the caller keeps what the format has not carried yet, or carried otherwise.
 */
export async function collectPeriod(db: Db, from: string, to: string): Promise<PeriodCandidates> {
  const inPeriod = (day: string) => day >= from && day <= to;
  const [wideFrom, wideTo] = instantRange(from, to);

  const creditRows = (
    await db
      .selectFrom('credit_notes as c')
      .select(['c.id', 'c.number', 'c.invoice_id', 'c.amount_cents', 'c.reason', 'c.created_at'])
      .where('c.created_at', '>=', wideFrom)
      .where('c.created_at', '<', addDays(wideTo, 1))
      .orderBy('c.number')
      .execute()
  ).filter((c) => inPeriod(dateIn(c.created_at)));

  const paymentRows = await db
    .selectFrom('bank_match_lines as l')
    .innerJoin('bank_matches as m', 'm.id', 'l.match_id')
    .innerJoin('bank_transactions as t', 't.id', 'm.bank_transaction_id')
    .select(['l.id', 'l.item_id', 'l.amount_cents', 't.posted_on', 't.description', 'm.undone_at'])
    .where('l.item_type', '=', 'INVOICE')
    .where((eb) =>
      eb.or([
        eb.and([eb('m.undone_at', 'is', null), eb('t.posted_on', '>=', from), eb('t.posted_on', '<=', to)]),
        eb.and([
          eb('m.undone_at', 'is not', null),
          eb('m.undone_at', '>=', wideFrom),
          eb('m.undone_at', '<', addDays(wideTo, 1)),
        ]),
      ]),
    )
    .orderBy('l.id')
    .execute();
  const live = paymentRows.filter((p) => p.undone_at === null);
  const undone = paymentRows.filter((p) => p.undone_at !== null && inPeriod(dateIn(p.undone_at)));

  const issued = await db
    .selectFrom('invoices')
    .select('id')
    .where('status', '!=', 'DRAFT')
    .where('issued_on', '>=', from)
    .where('issued_on', '<=', to)
    .execute();
  const invoiceIds = [
    ...new Set([
      ...issued.map((i) => Number(i.id)),
      ...creditRows.map((c) => Number(c.invoice_id)),
      ...paymentRows.map((p) => Number(p.item_id)),
    ]),
  ].sort((a, b) => a - b);
  const invoiceRows = await inChunks(invoiceIds, (ids) =>
    db
      .selectFrom('invoices')
      .select([
        'id',
        'number',
        'payer_kind',
        'broker_id',
        'shipper_id',
        'issued_on',
        'terms_days',
        'due_on',
        'total_cents',
      ])
      .where('id', 'in', ids)
      .execute(),
  );
  const invoiceById = new Map(invoiceRows.map((i) => [Number(i.id), i]));
  const orderRows = await inChunks(invoiceIds, (ids) =>
    db
      .selectFrom('invoice_orders as io')
      .innerJoin('book_orders as o', 'o.id', 'io.book_order_id')
      .select(['io.invoice_id', 'o.order_number'])
      .where('io.invoice_id', 'in', ids)
      .orderBy('o.order_number')
      .execute(),
  );
  const ordersOf = new Map<number, string[]>();
  for (const row of orderRows)
    ordersOf.set(Number(row.invoice_id), [...(ordersOf.get(Number(row.invoice_id)) ?? []), row.order_number]);

  const payerOf = (invoiceId: number) => {
    const i = invoiceById.get(invoiceId)!;
    return payerKey(i.payer_kind, i.broker_id, i.shipper_id);
  };
  const payerKeys = [...new Set(invoiceIds.map(payerOf))].sort();
  const customerOf = await customersOf(db, payerKeys);
  const lines = await linesOf(db, invoiceIds);
  const nameOf = (invoiceId: number) => customerOf.get(payerOf(invoiceId))?.name ?? 'Unknown customer';
  const numberOf = (invoiceId: number) => invoiceNumberText(Number(invoiceById.get(invoiceId)!.number));

  const invoices = issued
    .map((i) => invoiceById.get(Number(i.id))!)
    .sort((a, b) => Number(a.number) - Number(b.number))
    .map((i) => {
      const id = Number(i.id);
      const orders = ordersOf.get(id) ?? [];
      const value: Invoice = {
        id,
        docNumber: numberOf(id),
        customer: nameOf(id),
        date: i.issued_on,
        dueOn: i.due_on,
        terms: termsText(Number(i.terms_days)),
        memo: orders.length ? `Order${orders.length > 1 ? 's' : ''} ${orders.join(', ')}` : '',
        lines: lines.get(id) ?? [],
        totalCents: Number(i.total_cents),
      };
      // The payer, not its name: a broker renamed is a changed customer, not a changed invoice.
      return candidate('INVOICE', String(id), value, { ...value, customer: payerOf(id) });
    });

  const creditNotes = creditRows.map((c) => {
    const invoiceId = Number(c.invoice_id);
    const value: CreditNote = {
      id: Number(c.id),
      docNumber: creditNoteNumberText(Number(c.number)),
      invoiceNumber: numberOf(invoiceId),
      customer: nameOf(invoiceId),
      date: dateIn(c.created_at),
      memo: `Voids ${numberOf(invoiceId)}: ${c.reason}`,
      lines: creditLines(lines.get(invoiceId) ?? [], Number(c.amount_cents)),
      amountCents: Number(c.amount_cents),
    };
    return candidate('CREDIT_NOTE', String(c.id), value, { ...value, customer: payerOf(invoiceId) });
  });

  const payment = (p: (typeof paymentRows)[number], reversal: boolean): Payment => {
    const invoiceId = Number(p.item_id);
    return {
      id: Number(p.id),
      docNumber: `PMT-${Number(p.id)}${reversal ? '-R' : ''}`,
      invoiceNumber: numberOf(invoiceId),
      customer: nameOf(invoiceId),
      date: reversal ? dateIn(p.undone_at!) : p.posted_on,
      amountCents: Number(p.amount_cents),
      memo: `${reversal ? 'Undone: payment' : 'Payment'} of ${numberOf(invoiceId)}: ${p.description}`.slice(0, 200),
    };
  };
  const print = (p: Payment, invoiceId: number) => ({ invoiceId, amountCents: p.amountCents, date: p.date });
  const payments = live
    .sort((a, b) => (a.posted_on < b.posted_on ? -1 : a.posted_on > b.posted_on ? 1 : Number(a.id) - Number(b.id)))
    .map((p) => {
      const value = payment(p, false);
      return candidate('PAYMENT', String(p.id), value, print(value, Number(p.item_id)));
    });
  const reversals = undone.map((p) => {
    const value = payment(p, true);
    return candidate('PAYMENT_REVERSAL', String(p.id), value, print(value, Number(p.item_id)));
  });

  const customers = payerKeys
    .filter((key) => customerOf.has(key))
    .map((key) => candidate('CUSTOMER', key, customerOf.get(key)!));
  const allLines = [...lines.values()].flat();
  const items = (await itemsOf(db, allLines)).map((item) => candidate('ITEM', item.name, item));
  const deposit = depositAccount();
  const accountList = new Map<string, Account>([
    [ACCOUNTS.receivable, { name: ACCOUNTS.receivable, type: 'AR' }],
    [deposit.name, deposit],
  ]);
  for (const account of [...items.map((i) => i.value.account), ...allLines.map((l) => l.account)].sort())
    if (!accountList.has(account)) accountList.set(account, { name: account, type: 'INC' });
  const accounts = [...accountList.values()].map((a) => candidate('ACCOUNT', a.name, a));

  return { accounts, customers, items, invoices, creditNotes, payments, reversals, depositAccount: deposit };
}
