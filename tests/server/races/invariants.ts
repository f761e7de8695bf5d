import { sql } from 'kysely';
import type { Db } from '../../../server/db/types';
import { addDays } from '../../../schema/expiry';
import { weekStart } from '../../../schema/period';

/**
 * What must hold in the database whatever requests ran at once, read by independent SQL (never through the server's
 * own code). Each check answers violations; each violation names the entities it is about (`keys`), so a scenario can
 * ask only about what it touched ('item:PAY_BILL:4', 'row:17', 'driver:3', 'bill:9', 'claim:2', 'citation:5',
 * 'ticket:8', 'unit:12', 'card:3', 'order:40', 'day:2026-03-01'), and the last test asks about the whole database.
 */
export interface Violation {
  invariant: string;
  keys: string[];
  detail: string;
}

const n = (value: unknown) => Number(value ?? 0);
const rows = async <T>(db: Db, query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows;

/** The active (not undone) match lines, summed per bank row and per item. */
const ACTIVE_LINES = sql`select m.bank_transaction_id as row_id, l.item_type, l.item_id, l.amount_cents
  from bank_match_lines l join bank_matches m on m.id = l.match_id where m.undone_at is null`;

/**
 * Bank matching (server/modules/bank/matching.ts):
 * - each bank row's matched_cents equals the sum of its active lines, never more than the row, and its state follows;
 * - each item's bank_item_settlements.settled_cents equals the sum of its active lines;
 * - no item has more applied than its amount (neither by its settlement nor by its lines);
 * - a book order with matches has the payment status its lines say (an order moved to PAID by its status is PAID);
 * - a sent invoice's paid_cents is its active lines, and its status (Sent, Partially paid, Paid) what they say.
 */
export async function bankViolations(db: Db): Promise<Violation[]> {
  const out: Violation[] = [];
  const rowSums = await rows<{
    id: number;
    amount_cents: unknown;
    matched_cents: unknown;
    state: string;
    lines: unknown;
  }>(
    db,
    sql`
    select t.id, t.amount_cents, t.matched_cents, t.state, coalesce(a.total, 0) as lines
    from bank_transactions t left join (select row_id, sum(amount_cents) as total from (${ACTIVE_LINES}) x group by row_id) a on a.row_id = t.id
    where t.matched_cents <> coalesce(a.total, 0) or t.matched_cents > abs(t.amount_cents) or t.matched_cents < 0
      or (t.state = 'EXPLAINED' and t.matched_cents <> 0)
      or (t.state <> 'EXPLAINED' and t.state <> case when t.matched_cents <= 0 then 'OPEN' when t.matched_cents >= abs(t.amount_cents) then 'MATCHED' else 'PARTIAL' end)`,
  );
  for (const r of rowSums) {
    out.push({
      invariant: 'bank row = its active lines',
      keys: [`row:${r.id}`],
      detail: `bank row ${r.id} (${n(r.amount_cents)}¢, ${r.state}): matched_cents ${n(r.matched_cents)}, active lines ${n(r.lines)}`,
    });
  }
  const itemSums = await rows<{ item_type: string; item_id: number; settled: unknown; lines: unknown }>(
    db,
    sql`
    select coalesce(s.item_type, a.item_type) as item_type, coalesce(s.item_id, a.item_id) as item_id, s.settled_cents as settled, a.total as lines
    from bank_item_settlements s
    full join (select item_type, item_id, sum(amount_cents) as total from (${ACTIVE_LINES}) x group by item_type, item_id) a
      on a.item_type = s.item_type and a.item_id = s.item_id
    where coalesce(s.settled_cents, 0) <> coalesce(a.total, 0)`,
  );
  for (const r of itemSums) {
    out.push({
      invariant: 'item settlement = its active lines',
      keys: [`item:${r.item_type}:${r.item_id}`],
      detail: `${r.item_type} ${r.item_id}: settled_cents ${n(r.settled)}, active lines ${n(r.lines)}`,
    });
  }
  const amounts: [string, ReturnType<typeof sql>][] = [
    ['INVOICE', sql`select id, total_cents - credited_cents as amount from invoices`],
    ['BOOK_ORDER', sql`select id, price_cents as amount from book_orders`],
    ['PAY_BILL', sql`select id, paid_cents as amount from pay_bills`],
    ['BROKER_FEE', sql`select id, amount_cents as amount from broker_fee_transactions`],
    ['CLAIM_SETTLEMENT', sql`select id, amount_cents as amount from claim_settlements`],
  ];
  for (const [type, source] of amounts) {
    const over = await rows<{ item_id: number; amount: unknown; settled: unknown; lines: unknown }>(
      db,
      sql`
      select i.id as item_id, i.amount, s.settled_cents as settled, a.total as lines
      from (${source}) i
      left join bank_item_settlements s on s.item_type = ${type} and s.item_id = i.id
      left join (select item_id, sum(amount_cents) as total from (${ACTIVE_LINES}) x where item_type = ${type} group by item_id) a on a.item_id = i.id
      where coalesce(s.settled_cents, 0) > i.amount or coalesce(a.total, 0) > i.amount`,
    );
    for (const r of over) {
      out.push({
        invariant: 'no item settled beyond its amount',
        keys: [`item:${type}:${r.item_id}`],
        detail: `${type} ${r.item_id}: amount ${n(r.amount)}¢, settled_cents ${n(r.settled)}, active lines ${n(r.lines)}`,
      });
    }
  }
  const orders = await rows<{
    id: number;
    price_cents: unknown;
    payment_status: string;
    status: string;
    lines: unknown;
  }>(
    db,
    sql`
    select o.id, o.price_cents, o.payment_status, o.status, coalesce(a.total, 0) as lines
    from book_orders o
    join (select item_id from bank_item_settlements where item_type = 'BOOK_ORDER' union select item_id from bank_match_lines where item_type = 'BOOK_ORDER') touched on touched.item_id = o.id
    left join (select item_id, sum(amount_cents) as total from (${ACTIVE_LINES}) x where item_type = 'BOOK_ORDER' group by item_id) a on a.item_id = o.id`,
  );
  for (const o of orders) {
    const lines = n(o.lines);
    const expected = lines <= 0 ? 'UNPAID' : lines >= n(o.price_cents) ? 'PAID' : 'PARTIALLY_PAID';
    if (o.payment_status === expected || (o.status === 'PAID' && o.payment_status === 'PAID')) continue;
    out.push({
      invariant: 'book order payment status = its settlement',
      keys: [`item:BOOK_ORDER:${o.id}`],
      detail: `order ${o.id} (${n(o.price_cents)}¢): payment_status ${o.payment_status}, active lines ${lines} say ${expected}`,
    });
  }
  const invoices = await rows<{ id: number; status: string; paid_cents: unknown; due: unknown; lines: unknown }>(
    db,
    sql`
    select i.id, i.status, i.paid_cents, i.total_cents - i.credited_cents as due, coalesce(a.total, 0) as lines
    from invoices i
    left join (select item_id, sum(amount_cents) as total from (${ACTIVE_LINES}) x where item_type = 'INVOICE' group by item_id) a on a.item_id = i.id
    where i.status in ('SENT', 'PARTIALLY_PAID', 'PAID')`,
  );
  for (const i of invoices) {
    const lines = n(i.lines);
    const expected = lines <= 0 ? 'SENT' : lines >= n(i.due) ? 'PAID' : 'PARTIALLY_PAID';
    if (n(i.paid_cents) === lines && i.status === expected) continue;
    out.push({
      invariant: 'invoice paid and status = its active lines',
      keys: [`item:INVOICE:${i.id}`],
      detail: `invoice ${i.id} (${n(i.due)}¢ due): paid_cents ${n(i.paid_cents)}, ${i.status}; active lines ${lines} say ${expected}`,
    });
  }
  return out;
}

/** Kept totals that differ from the sums of the entries grouped by their key (as tests/server/ledger.test.ts does). */
async function drift(
  db: Db,
  table: 'driver_balances' | 'driver_ledger_days' | 'ledger_type_days',
  key: [entry: string, kept: string][],
  escrow: boolean,
): Promise<Violation[]> {
  const grouped = key.map(([entry]) => entry).join(', ');
  const on = key.map(([entry, kept]) => `g.${kept} = e.${entry}`).join(' and ');
  const escrowSum = `sum(case when type in ('ESCROW_DEPOSIT', 'ESCROW_RELEASE') then (case when direction = 'DEBIT' then amount_cents else -amount_cents end) else 0 end)`;
  const found = await rows<Record<string, unknown>>(
    db,
    sql`
    select ${sql.raw(key.map(([entry, kept]) => `coalesce(e.${entry}, g.${kept}) as k_${kept}`).join(', '))},
      e.c, e.d, e.k, ${sql.raw(escrow ? 'e.x,' : '')} g.credits_cents, g.debits_cents, g.entries ${sql.raw(escrow ? ', g.escrow_cents' : '')}
    from (
      select ${sql.raw(grouped)}, sum(case when direction = 'CREDIT' then amount_cents else 0 end) as c, sum(case when direction = 'DEBIT' then amount_cents else 0 end) as d,
        count(*) as k ${sql.raw(escrow ? `, ${escrowSum} as x` : '')}
      from driver_transactions group by ${sql.raw(grouped)}
    ) e full join ${sql.table(table)} g on ${sql.raw(on)}
    where coalesce(e.c, 0) <> coalesce(g.credits_cents, 0) or coalesce(e.d, 0) <> coalesce(g.debits_cents, 0) or coalesce(e.k, 0) <> coalesce(g.entries, 0)
      ${sql.raw(escrow ? 'or coalesce(e.x, 0) <> coalesce(g.escrow_cents, 0)' : '')}`,
  );
  return found.map((r) => {
    const driver = r.k_driver_id === undefined ? null : r.k_driver_id;
    const where = key.map(([, kept]) => `${kept} ${r[`k_${kept}`]}`).join(', ');
    return {
      invariant: `${table} = the entries`,
      keys: driver === null ? [`type:${r.k_type}`] : [`driver:${driver}`],
      detail:
        `${table} (${where}): kept credits ${n(r.credits_cents)} debits ${n(r.debits_cents)} entries ${n(r.entries)}${escrow ? ` escrow ${n(r.escrow_cents)}` : ''}; ` +
        `entries say credits ${n(r.c)} debits ${n(r.d)} entries ${n(r.k)}${escrow ? ` escrow ${n(r.x)}` : ''}`,
    };
  });
}

/**
 * The driver ledger (server/modules/finances/ledger.ts): each driver's running totals, each driver's day and each
 * type's day equal the sums of the entries; a void pair is one reversal per voided entry.
 */
export async function ledgerViolations(db: Db): Promise<Violation[]> {
  const out = [
    ...(await drift(db, 'driver_balances', [['driver_id', 'driver_id']], true)),
    ...(await drift(
      db,
      'driver_ledger_days',
      [
        ['driver_id', 'driver_id'],
        ['posted_on', 'day'],
      ],
      false,
    )),
    ...(await drift(
      db,
      'ledger_type_days',
      [
        ['type', 'type'],
        ['posted_on', 'day'],
      ],
      false,
    )),
  ];
  const pairs = await rows<{ id: number; driver_id: number; voided_by_id: number | null; reversals: unknown }>(
    db,
    sql`
    select t.id, t.driver_id, t.voided_by_id, (select count(*) from driver_transactions r where r.voids_id = t.id) as reversals
    from driver_transactions t
    where (t.voided_by_id is not null and (select count(*) from driver_transactions r where r.voids_id = t.id) <> 1)
       or (t.voided_by_id is null and exists (select 1 from driver_transactions r where r.voids_id = t.id))`,
  );
  for (const p of pairs) {
    out.push({
      invariant: 'one reversal per voided entry',
      keys: [`driver:${p.driver_id}`, `entry:${p.id}`],
      detail: `entry ${p.id}: voided_by_id ${p.voided_by_id}, ${n(p.reversals)} reversals`,
    });
  }
  return out;
}

/**
 * Settled weeks (server/modules/finances/payBills.ts, transactions.ts beforeWrite): an APPROVED or PAID bill's week
 * has no entry of its driver dated in it that is not on the bill (pay_bill_id another bill or none, or no line of
 * the bill names it). Also: every bill's totals add up (net = opening + credits − debits, closing = net − paid).
 */
export async function billViolations(db: Db): Promise<Violation[]> {
  const out: Violation[] = [];
  const bills = await db
    .selectFrom('pay_bills')
    .select([
      'id',
      'driver_id',
      'week_start',
      'status',
      'opening_cents',
      'credits_cents',
      'debits_cents',
      'net_cents',
      'paid_cents',
      'closing_cents',
    ])
    .execute();
  for (const bill of bills) {
    const keys = [`bill:${bill.id}`, `driver:${bill.driver_id}`];
    if (
      n(bill.net_cents) !== n(bill.opening_cents) + n(bill.credits_cents) - n(bill.debits_cents) ||
      n(bill.closing_cents) !== n(bill.net_cents) - n(bill.paid_cents)
    ) {
      out.push({
        invariant: 'a bill adds up',
        keys,
        detail: `bill ${bill.id}: opening ${bill.opening_cents} credits ${bill.credits_cents} debits ${bill.debits_cents} net ${bill.net_cents} paid ${bill.paid_cents} closing ${bill.closing_cents}`,
      });
    }
    if (bill.status === 'DRAFT') continue;
    const leftOff = await db
      .selectFrom('driver_transactions as t')
      .select(['t.id', 't.posted_on', 't.type', 't.amount_cents', 't.pay_bill_id'])
      .where('t.driver_id', '=', bill.driver_id)
      .where('t.posted_on', '>=', bill.week_start)
      .where('t.posted_on', '<=', addDays(bill.week_start, 6))
      .where((eb) =>
        eb.or([
          eb('t.pay_bill_id', 'is', null),
          eb('t.pay_bill_id', '<>', bill.id),
          eb.not(
            eb.exists(
              eb
                .selectFrom('pay_bill_lines as l')
                .select('l.id')
                .where('l.pay_bill_id', '=', bill.id)
                .whereRef('l.transaction_id', '=', 't.id'),
            ),
          ),
        ]),
      )
      .orderBy('t.id')
      .execute();
    for (const e of leftOff) {
      out.push({
        invariant: 'a settled week takes no entry off its bill',
        keys,
        detail: `bill ${bill.id} (${bill.status}, week of ${bill.week_start}, driver ${bill.driver_id}): entry ${e.id} ${e.type} ${e.amount_cents}¢ dated ${e.posted_on} has pay_bill_id ${e.pay_bill_id ?? 'null'}`,
      });
    }
  }
  const twice = await rows<{ pay_bill_id: number; transaction_id: number; k: unknown }>(
    db,
    sql`
    select pay_bill_id, transaction_id, count(*) as k from pay_bill_lines where transaction_id is not null group by pay_bill_id, transaction_id having count(*) > 1`,
  );
  for (const t of twice)
    out.push({
      invariant: 'an entry is on a bill once',
      keys: [`bill:${t.pay_bill_id}`],
      detail: `bill ${t.pay_bill_id} lists entry ${t.transaction_id} ${n(t.k)} times`,
    });
  const payments = await rows<{ pay_bill_id: number; k: unknown }>(
    db,
    sql`
    select pay_bill_id, count(*) as k from driver_transactions where type = 'PAYMENT' and pay_bill_id is not null and voids_id is null group by pay_bill_id having count(*) > 1`,
  );
  for (const p of payments)
    out.push({
      invariant: 'a bill is paid once',
      keys: [`bill:${p.pay_bill_id}`],
      detail: `bill ${p.pay_bill_id} has ${n(p.k)} payment entries`,
    });
  return out;
}

/**
 * What claims and citations keep on the ledger (server/modules/claims/chargeback.ts, server/modules/tickets/share.ts):
 * at most one live entry each; a claim's is its chargeback on its driver while it is not deleted; a citation's is
 * its driver's share on its ticket's driver while it is paid and neither is deleted. A claim paid is a decided one.
 */
export async function linkedEntryViolations(db: Db): Promise<Violation[]> {
  const out: Violation[] = [];
  const live = (linkType: string, type: string) =>
    db
      .selectFrom('driver_transactions as e')
      .select(['e.id', 'e.link_id', 'e.driver_id', 'e.amount_cents', 'e.posted_on'])
      .where('e.link_type', '=', linkType)
      .where('e.type', '=', type)
      .where('e.voids_id', 'is', null)
      .where('e.voided_by_id', 'is', null);
  const claims = await db
    .selectFrom('claims')
    .select(['id', 'driver_id', 'chargeback_cents', 'chargeback_on', 'deleted_at', 'status'])
    .execute();
  const claimEntries = await live('CLAIM', 'CLAIM_CHARGEBACK').execute();
  for (const claim of claims) {
    const entries = claimEntries.filter((e) => e.link_id === claim.id);
    const wanted =
      !claim.deleted_at && claim.driver_id && n(claim.chargeback_cents) > 0
        ? { driver: claim.driver_id, cents: n(claim.chargeback_cents) }
        : null;
    const ok = wanted
      ? entries.length === 1 && entries[0].driver_id === wanted.driver && n(entries[0].amount_cents) === wanted.cents
      : entries.length === 0;
    if (!ok) {
      out.push({
        invariant: 'a claim has its one chargeback entry',
        keys: [`claim:${claim.id}`, ...entries.map((e) => `driver:${e.driver_id}`)],
        detail: `claim ${claim.id} (driver ${claim.driver_id}, chargeback ${claim.chargeback_cents ?? 0}¢, ${claim.deleted_at ? 'deleted' : 'live'}): live entries ${JSON.stringify(entries.map((e) => ({ id: e.id, driver: e.driver_id, cents: n(e.amount_cents) })))}`,
      });
    }
  }
  const paidUndecided = await rows<{ id: number; k: unknown }>(
    db,
    sql`
    select c.id, (select count(*) from claim_settlements s where s.claim_id = c.id) as k from claims c
    where exists (select 1 from claim_settlements s where s.claim_id = c.id)
      and exists (select 1 from claim_steps st where st.claim_id = c.id and st.step = 'DECISION' and st.done_at is null)`,
  );
  for (const c of paidUndecided)
    out.push({
      invariant: 'a claim is paid once decided',
      keys: [`claim:${c.id}`],
      detail: `claim ${c.id} has ${n(c.k)} payments and its decision is not done`,
    });

  const citations = await db
    .selectFrom('citations as c')
    .innerJoin('tickets as t', 't.id', 'c.ticket_id')
    .select([
      'c.id',
      'c.ticket_id',
      'c.payment_status',
      'c.payment_for_driver_cents',
      'c.deleted_at',
      't.driver_id',
      't.deleted_at as ticket_deleted_at',
    ])
    .execute();
  const shares = await live('CITATION', 'TICKET_SHARE').execute();
  for (const c of citations) {
    const entries = shares.filter((e) => e.link_id === c.id);
    const wanted =
      c.payment_status === 'PAID' &&
      !c.deleted_at &&
      !c.ticket_deleted_at &&
      c.driver_id &&
      n(c.payment_for_driver_cents) > 0
        ? { driver: c.driver_id, cents: n(c.payment_for_driver_cents) }
        : null;
    const ok = wanted
      ? entries.length === 1 && entries[0].driver_id === wanted.driver && n(entries[0].amount_cents) === wanted.cents
      : entries.length === 0;
    if (!ok) {
      out.push({
        invariant: "a citation has its one driver's-share entry",
        keys: [`citation:${c.id}`, `ticket:${c.ticket_id}`, ...entries.map((e) => `driver:${e.driver_id}`)],
        detail: `citation ${c.id} (ticket ${c.ticket_id}, driver ${c.driver_id}, ${c.payment_status}, share ${c.payment_for_driver_cents ?? 0}¢${c.deleted_at ? ', deleted' : ''}${c.ticket_deleted_at ? ', ticket deleted' : ''}): live entries ${JSON.stringify(entries.map((e) => ({ id: e.id, driver: e.driver_id, cents: n(e.amount_cents) })))}`,
      });
    }
  }
  return out;
}

/** Dated assignments (server/modules/assignments/slots.ts): a slot holds one assignment on any day; none ends before it starts. */
export async function assignmentViolations(db: Db): Promise<Violation[]> {
  const out: Violation[] = [];
  const overlap = (a: string, b: string) =>
    `${a}.id < ${b}.id and ${a}.starts_on <= coalesce(${b}.ends_on, '9999-12-31') and ${b}.starts_on <= coalesce(${a}.ends_on, '9999-12-31')`;
  const pairs: [string, string, (r: Record<string, unknown>) => string[]][] = [
    ['driver_dispatcher_assignments', 'a.driver_id = b.driver_id', (r) => [`driver:${r.driver_id}`]],
    ['unit_assignments', 'a.driver_id = b.driver_id and a.kind = b.kind', (r) => [`driver:${r.driver_id}`]],
    ['unit_assignments', 'a.unit_id = b.unit_id', (r) => [`unit:${r.unit_id}`]],
    ['unit_assignments', 'a.fuel_card_id = b.fuel_card_id', (r) => [`card:${r.fuel_card_id}`]],
  ];
  for (const [table, same, keysOf] of pairs) {
    const extra = table === 'unit_assignments' ? ', a.kind, a.unit_id, a.fuel_card_id' : '';
    const found = await rows<Record<string, unknown>>(
      db,
      sql`
      select a.id, b.id as other, a.driver_id, a.starts_on, a.ends_on, b.starts_on as other_starts, b.ends_on as other_ends ${sql.raw(extra)}
      from ${sql.table(table)} a join ${sql.table(table)} b on ${sql.raw(same)} and ${sql.raw(overlap('a', 'b'))}`,
    );
    for (const r of found) {
      out.push({
        invariant: 'a slot holds one assignment a day',
        keys: keysOf(r),
        detail: `${table} ${r.id} (${r.starts_on}..${r.ends_on ?? 'open'}) overlaps ${r.other} (${r.other_starts}..${r.other_ends ?? 'open'}), same slot (${same})`,
      });
    }
    const backwards = await rows<{ id: number; driver_id: number; starts_on: string; ends_on: string }>(
      db,
      sql`select id, driver_id, starts_on, ends_on from ${sql.table(table)} where ends_on is not null and ends_on < starts_on`,
    );
    for (const r of backwards)
      out.push({
        invariant: 'an assignment ends after it starts',
        keys: [`driver:${r.driver_id}`],
        detail: `${table} ${r.id}: ${r.starts_on}..${r.ends_on}`,
      });
  }
  return out;
}

/**
 * The per-day totals of book orders (server/modules/bookOrders/totals.ts), recomputed here from book_orders: per
 * pickup day, for dim 'all' and each list filter's dim, the live (not deleted) orders; for the status pairs
 * ('status+dispatcher', value 'ASSIGNED:12') the same; for the reports' dims ('report', 'report:dispatcher_id+carrier_id',
 * value '12:3', a missing driver 0) the live orders that are not cancelled. Figures: count, price, broker fee,
 * vehicles, the COD of delivered orders (DELIVERED, INVOICED, PAID), the price of paid ones (payment_status PAID), and
 * of the orders with a distance (route_miles > 0) their count, price and miles. A kept row of zeros equals no row.
 * Each report dim's weekly twin ('week:' + the dim, dated the week's Monday) holds the sums of its days Monday to Sunday.
 * The dispatch calendar's 'driver_cover' dim is not checked.
 */
const id = (column: string) => `cast(${column} as text)`;
const driverOrZero = 'cast(coalesce(driver_id, 0) as text)';
const LIVE = '1 = 1';
const BOOKED = "status <> 'CANCELLED'";
const ORDER_DIMS: [dim: string, value: string, where: string][] = [
  ['all', "''", LIVE],
  ['dispatcher', id('dispatcher_id'), LIVE],
  ['driver', id('driver_id'), 'driver_id is not null'],
  ['status', 'status', LIVE],
  ['load_board', 'load_board', 'load_board is not null'],
  ['broker', id('broker_id'), LIVE],
  ['shipper', id('shipper_id'), LIVE],
  ['carrier', id('carrier_id'), LIVE],
  ['pickup_state', id('pickup_state_id'), LIVE],
  ['delivery_state', id('delivery_state_id'), LIVE],
  ['payment_method', 'payment_method', 'payment_method is not null'],
  ['pay_on_pickup', "'1'", 'pay_on_pickup = 1'],
  ['pay_on_delivery', "'1'", 'pay_on_delivery = 1'],
  ['manager_review', "'1'", 'has_manager_review = 1'],
  ['not_approved', "'0'", 'approved = 0'],
  ['status+dispatcher', `status || ':' || ${id('dispatcher_id')}`, LIVE],
  ['status+driver', `status || ':' || ${id('driver_id')}`, 'driver_id is not null'],
  ['status+carrier', `status || ':' || ${id('carrier_id')}`, LIVE],
  ['report', "''", BOOKED],
  ['report:dispatcher_id', id('dispatcher_id'), BOOKED],
  ['report:driver_id', driverOrZero, BOOKED],
  ['report:carrier_id', id('carrier_id'), BOOKED],
  ['report:dispatcher_id+driver_id', `${id('dispatcher_id')} || ':' || ${driverOrZero}`, BOOKED],
  ['report:dispatcher_id+carrier_id', `${id('dispatcher_id')} || ':' || ${id('carrier_id')}`, BOOKED],
  ['report:driver_id+carrier_id', `${driverOrZero} || ':' || ${id('carrier_id')}`, BOOKED],
  [
    'report:dispatcher_id+driver_id+carrier_id',
    `${id('dispatcher_id')} || ':' || ${driverOrZero} || ':' || ${id('carrier_id')}`,
    BOOKED,
  ],
];
const ORDER_FIGURES: [kept: string, fromOrders: string][] = [
  ['count', 'count(*)'],
  ['price_cents', 'sum(price_cents)'],
  ['fee_cents', 'sum(broker_fee_cents)'],
  ['vehicles', 'sum(vehicle_count)'],
  ['cod_cents', "sum(case when status in ('DELIVERED', 'INVOICED', 'PAID') then cod_amount_cents else 0 end)"],
  ['paid_cents', "sum(case when payment_status = 'PAID' then price_cents else 0 end)"],
  ['miles_count', 'sum(case when route_miles > 0 then 1 else 0 end)'],
  ['miles_price_cents', 'sum(case when route_miles > 0 then price_cents else 0 end)'],
  ['miles', 'sum(case when route_miles > 0 then route_miles else 0 end)'],
];

const figures = ORDER_FIGURES.map(([kept]) => kept);

/** The rows of `dims` recomputed from the orders, per pickup day, on `days` (every day when left out). */
const recompute = (db: Db, dims: typeof ORDER_DIMS, days?: readonly string[]) =>
  rows<Record<string, unknown>>(
    db,
    sql.join(
      dims.map(
        ([dim, value, where]) => sql`
    select ${sql.lit(dim)} as dim, ${sql.raw(value)} as value, pickup_date as day,
      ${sql.raw(ORDER_FIGURES.map(([kept, from]) => `${from} as ${kept}`).join(', '))}
    from book_orders where deleted_at is null and ${sql.raw(where)}
      ${days ? sql`and pickup_date in (${sql.join(days)})` : sql``}
    group by ${sql.raw(value.startsWith("'") ? 'pickup_date' : `${value}, pickup_date`)}`,
      ),
      sql` union all `,
    ),
  );

/** Day rows summed into their weeks, as the weekly twins of their dims. */
function byWeek(dayRows: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  const weeks = new Map<string, Record<string, unknown>>();
  for (const row of dayRows) {
    const day = weekStart(String(row.day));
    const key = `${row.dim}|${row.value}|${day}`;
    const week = weeks.get(key) ?? { dim: `week:${row.dim}`, value: row.value, day };
    for (const figure of figures) week[figure] = n(week[figure]) + n(row[figure]);
    weeks.set(key, week);
  }
  return [...weeks.values()];
}

/** Kept per-day totals that differ from the orders, on `days` (every day when left out; each day's whole week for the weekly dims). */
export async function orderTotalsViolations(db: Db, days?: readonly string[]): Promise<Violation[]> {
  if (days && !days.length) return [];
  const onDays = (column: string, some = days) => (some ? sql`and ${sql.ref(column)} in (${sql.join(some)})` : sql``);
  const mondays = days && [...new Set(days.map(weekStart))];
  const weekDays = mondays?.flatMap((monday) => Array.from({ length: 7 }, (_v, i) => addDays(monday, i)));
  const reportDims = ORDER_DIMS.filter(([dim]) => dim === 'report' || dim.startsWith('report:'));
  const recomputed = [...(await recompute(db, ORDER_DIMS, days)), ...byWeek(await recompute(db, reportDims, weekDays))];
  const kept = await rows<Record<string, unknown>>(
    db,
    sql`
    select dim, value, day, ${sql.raw(figures.join(', '))} from book_order_totals
    where dim in (${sql.join(ORDER_DIMS.map(([dim]) => dim))}) ${onDays('day')}
    union all
    select dim, value, day, ${sql.raw(figures.join(', '))} from book_order_totals
    where dim in (${sql.join(reportDims.map(([dim]) => `week:${dim}`))}) ${onDays('day', mondays)}`,
  );
  // Compared here rather than by a full join: SQLite joins two grouped subqueries row by row (minutes for the whole table).
  const keyOf = (r: Record<string, unknown>) => `${r.dim}|${r.value}|${r.day}`;
  const pairs = new Map<
    string,
    { key: Record<string, unknown>; e?: Record<string, unknown>; k?: Record<string, unknown> }
  >();
  for (const r of recomputed) pairs.set(keyOf(r), { key: r, e: r });
  for (const r of kept) pairs.set(keyOf(r), { key: r, e: pairs.get(keyOf(r))?.e, k: r });
  const out: Violation[] = [];
  for (const { key, e, k } of pairs.values()) {
    const off = figures.filter((f) => n(e?.[f]) !== n(k?.[f]));
    if (!off.length) continue;
    const say = (r?: Record<string, unknown>) =>
      ['count', ...off.filter((f) => f !== 'count')].map((f) => `${f} ${n(r?.[f])}`).join(' ');
    out.push({
      invariant: 'book order totals = the orders',
      keys: [`day:${key.day}`],
      detail: `book_order_totals (${key.dim}, '${key.value}', ${key.day}): kept ${say(k)}; the orders say ${say(e)}`,
    });
  }
  return out.sort((a, b) => a.detail.localeCompare(b.detail));
}

/**
 * An order's broker fee follows it (server/modules/brokerFees/sync.ts): at most one fee row an order; an order that
 * owes its fee (above 0, neither cancelled nor deleted) has it DUE or PAID; a DUE fee is the order's amount and broker;
 * a CANCELLED one is of an order that owes none; a PAID one keeps the order's amount and broker (they are refused).
 */
export async function orderFeeViolations(db: Db): Promise<Violation[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`
    select o.id, o.broker_fee_cents, o.broker_id, o.status, o.deleted_at, f.id as fee_id, f.status as fee_status, f.amount_cents, f.broker_id as fee_broker,
      (select count(*) from broker_fee_transactions x where x.book_order_id = o.id) as fees,
      case when o.broker_fee_cents > 0 and o.status <> 'CANCELLED' and o.deleted_at is null then 1 else 0 end as owed
    from book_orders o left join broker_fee_transactions f on f.book_order_id = o.id`,
  );
  const out: Violation[] = [];
  for (const r of found) {
    const owed = n(r.owed) === 1;
    const same = n(r.amount_cents) === n(r.broker_fee_cents) && n(r.fee_broker) === n(r.broker_id);
    const problem =
      n(r.fees) > 1
        ? `${n(r.fees)} fee rows`
        : owed && (r.fee_id === null || !['DUE', 'PAID'].includes(String(r.fee_status)))
          ? `owes its fee but it is ${r.fee_id === null ? 'missing' : r.fee_status}`
          : r.fee_status === 'CANCELLED' && owed
            ? 'owes its fee but it is CANCELLED'
            : r.fee_status === 'DUE' && !owed
              ? 'owes no fee but it is DUE'
              : (r.fee_status === 'DUE' || r.fee_status === 'PAID') && !same
                ? `the ${r.fee_status} fee is not the order's amount and broker`
                : null;
    if (!problem) continue;
    out.push({
      invariant: "an order's broker fee follows it",
      keys: [`order:${r.id}`],
      detail:
        `order ${r.id} (${r.status}${r.deleted_at ? ', deleted' : ''}, fee ${n(r.broker_fee_cents)}¢, broker ${r.broker_id}): ${problem}; ` +
        `fee row ${r.fee_id ?? 'none'}${r.fee_id === null ? '' : ` ${r.fee_status} ${n(r.amount_cents)}¢ broker ${r.fee_broker}`}`,
    });
  }
  return out;
}

export async function allViolations(db: Db, days?: readonly string[]): Promise<Violation[]> {
  return [
    ...(await bankViolations(db)),
    ...(await ledgerViolations(db)),
    ...(await billViolations(db)),
    ...(await linkedEntryViolations(db)),
    ...(await assignmentViolations(db)),
    ...(await orderTotalsViolations(db, days)),
    ...(await orderFeeViolations(db)),
  ];
}

/**
 * The violations about any of `keys` ('row:17', 'item:PAY_BILL:4' …); all of them without keys. The order totals are
 * recomputed for the days named ('day:2026-03-01') only, for every day without keys.
 */
export async function violationsAbout(db: Db, keys?: readonly string[]): Promise<string[]> {
  const days = keys?.filter((k) => k.startsWith('day:')).map((k) => k.slice(4));
  const all = await allViolations(db, days);
  const wanted = keys ? new Set(keys) : null;
  return all.filter((v) => !wanted || v.keys.some((k) => wanted.has(k))).map((v) => `${v.invariant}: ${v.detail}`);
}
