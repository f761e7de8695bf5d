import { ITEM_DIRECTION, type MatchItemType, type SuggestionDto } from '../../../schema/bank';
import { addDays } from '../../../schema/expiry';
import { countText, usCents, usDate } from '../../../schema/format';
import { fromCents } from '../../../schema/money';
import type { CompiledQuery } from 'kysely';
import { prepared } from '../../db/prepared';
import type { Db } from '../../db/types';
import {
  type ItemRow,
  brokerFeeItems,
  daysBetween,
  expectedOn,
  invoiceItems,
  leftCents,
  orderItems,
  payBillItems,
  toItem,
} from './openItems';
import { partiesIn } from './parties';
import { INVOICE_NUMBER_PREFIX } from '../../../schema/invoices';

/** A bank row as matching reads it. */
export interface BankRowFacts {
  id: number;
  posted_on: string;
  description: string;
  amount_cents: number;
  matched_cents: number;
  check_number: string | null;
}

/** How far an item's date may be from the bank's: payments come after the due date more than before it. */
const DAYS_BEFORE = 120;
const DAYS_AFTER = 10;
/** The longest payment terms looked back over (an order's due date is its delivery date plus its terms). */
const MAX_TERMS = 60;
/** Candidates read per kind of evidence, and shown. */
const PER_QUERY = 40;
const SHOWN = 12;

/** What a reference found in the description is, by the kind of item it names. */
const REFERENCE_REASON: Partial<Record<MatchItemType, string>> = {
  BOOK_ORDER: 'Order number in the description',
  INVOICE: 'Invoice number in the description',
};

/** The weights of the evidence, highest first: a reference is near proof, an exact amount strong, a name good. */
const WEIGHT = { reference: 45, exact: 40, party: 25, date: 15 } as const;
/** What an exact amount needs besides, to be proposed: a date within about a week scores this much. */
const SURE = 13;

export interface Suggestions {
  left: number;
  candidates: SuggestionDto[];
  /** What "accept suggestion" confirms: one item for the whole amount, or a run of one party's items adding up to it. */
  proposal: { lines: { itemType: MatchItemType; itemId: number; amount: number }[]; reason: string } | null;
}

/**
 * The reads of money coming in, compiled once per database (server/db/prepared.ts): a bank row asks four to eight of
 * them, and building each afresh cost as much as running it. One value per parameter: a broker or a token at a time.
 */
const orderQueryCache = new WeakMap<Db, ReturnType<typeof compileOrderQueries>>();
const orderQueries = (db: Db) => {
  let queries = orderQueryCache.get(db);
  if (!queries) orderQueryCache.set(db, (queries = compileOrderQueries(db)));
  return queries;
};
function compileOrderQueries(db: Db) {
  const recent = <Q extends ReturnType<typeof orderItems>>(query: Q, from: string, to: string) =>
    query
      .where('o.delivery_date', '>=', from)
      .where('o.delivery_date', '<=', to)
      .orderBy('o.delivery_date', 'desc')
      .limit(PER_QUERY);
  return {
    exact: prepared((cents: number, from: string, to: string) =>
      recent(orderItems(db).where('o.price_cents', '=', cents), from, to),
    ),
    reference: prepared((orderNumber: string, loadId: string) =>
      orderItems(db)
        .where((eb) => eb.or([eb('o.order_number', '=', orderNumber), eb('o.external_load_id', '=', loadId)]))
        .limit(PER_QUERY),
    ),
    brokerExact: prepared((brokerId: number, cents: number) =>
      orderItems(db).where('o.broker_id', '=', brokerId).where('o.price_cents', '=', cents).limit(PER_QUERY),
    ),
    brokerRecent: prepared((brokerId: number, from: string, to: string) =>
      recent(orderItems(db).where('o.broker_id', '=', brokerId), from, to),
    ),
    shipperRecent: prepared((shipperId: number, from: string, to: string) =>
      orderItems(db)
        .where('o.shipper_id', '=', shipperId)
        .where('o.pickup_date', '>=', from)
        .where('o.pickup_date', '<=', to)
        .orderBy('o.pickup_date', 'desc')
        .limit(PER_QUERY),
    ),
  };
}

/** An invoice's number as a remittance writes it: INV-1042, INV1042. */
const INVOICE_TOKEN = new RegExp(`^${INVOICE_NUMBER_PREFIX.replace('-', '')}-?(\\d{1,9})$`);

/**
 * Open invoices the row may pay: of exactly the amount left, named by number in the description, or of a broker or
 * shipper it names (their oldest due first). Each read is one range of an index on invoices.
 */
function readInvoices(
  db: Db,
  left: number,
  tokens: string[],
  parties: { brokers: number[]; shippers: number[] },
  read: (query: Promise<ItemRow[]>, kind?: { reference?: boolean; party?: boolean }) => void,
) {
  const rows = (query: ReturnType<typeof invoiceItems>) => query.limit(PER_QUERY).execute() as Promise<ItemRow[]>;
  read(rows(invoiceItems(db).where('i.total_cents', '=', left).orderBy('i.due_on')));
  const numbers = tokens.map((t) => INVOICE_TOKEN.exec(t)?.[1]).filter((n): n is string => Boolean(n));
  if (numbers.length) read(rows(invoiceItems(db).where('i.number', 'in', numbers.map(Number))), { reference: true });
  if (parties.brokers.length)
    read(rows(invoiceItems(db).where('i.broker_id', 'in', parties.brokers.slice(0, 5)).orderBy('i.due_on')), {
      party: true,
    });
  if (parties.shippers.length)
    read(rows(invoiceItems(db).where('i.shipper_id', 'in', parties.shippers.slice(0, 5)).orderBy('i.due_on')), {
      party: true,
    });
}

/** Words that could be references: order numbers (BO-2026-00017), check numbers, ACH traces. */
function referenceTokens(row: BankRowFacts): string[] {
  const tokens = new Set<string>();
  for (const token of row.description.toUpperCase().split(/[^A-Z0-9-]+/))
    if (token.length >= 4 && /\d/.test(token) && tokens.size < 40) tokens.add(token.replace(/^-+|-+$/g, ''));
  if (row.check_number) tokens.add(row.check_number.trim().toUpperCase());
  return [...tokens].filter(Boolean);
}

/**
 * Candidates for one bank row, ranked: items of the row's direction whose amount left is exactly the row's amount
 * left, whose reference or order number the description (or check number) carries, or whose broker, shipper or
 * driver it names; each scored by that evidence and by how near its date is. Every read is one index range.
 */
export async function suggest(db: Db, row: BankRowFacts, today: string): Promise<Suggestions> {
  const direction = row.amount_cents >= 0 ? 'IN' : 'OUT';
  const left = Math.abs(Number(row.amount_cents)) - Number(row.matched_cents);
  if (left <= 0) return { left: 0, candidates: [], proposal: null };
  const from = addDays(row.posted_on, -DAYS_BEFORE);
  const to = addDays(row.posted_on, DAYS_AFTER);
  const tokens = referenceTokens(row);
  const parties = await partiesIn(
    db,
    row.description,
    direction === 'IN' ? ['brokers', 'shippers'] : ['drivers', 'brokers'],
  );

  const evidence = new Map<string, { row: ItemRow; reference: boolean; party: boolean }>();
  const take = (rows: ItemRow[], kind: { reference?: boolean; party?: boolean } = {}) => {
    for (const item of rows) {
      const key = `${item.item_type}:${item.item_id}`;
      const seen = evidence.get(key) ?? { row: item, reference: false, party: false };
      seen.reference ||= Boolean(kind.reference);
      seen.party ||= Boolean(kind.party);
      evidence.set(key, seen);
    }
  };
  const reads: Promise<void>[] = [];
  const read = (query: Promise<ItemRow[]>, kind?: { reference?: boolean; party?: boolean }) =>
    reads.push(query.then((rows) => take(rows, kind)));
  if (direction === 'IN') {
    const q = orderQueries(db);
    const run = (query: CompiledQuery<unknown>) => db.executeQuery(query).then((result) => result.rows as ItemRow[]);
    const since = addDays(from, -MAX_TERMS);
    read(run(q.exact(left, since, to)));
    // Order numbers and load ids look like neither an ACH trace nor an originator id (ten digits and more).
    for (const token of tokens.filter((t) => !/^\d{10,}$/.test(t)).slice(0, 8))
      read(run(q.reference(token, token)), { reference: true });
    for (const broker of parties.brokers.slice(0, 5)) {
      // The named broker's orders of exactly this amount, whenever delivered; then its latest deliveries.
      read(run(q.brokerExact(broker, left)), { party: true });
      read(run(q.brokerRecent(broker, since, to)), { party: true });
    }
    for (const shipper of parties.shippers.slice(0, 5))
      read(run(q.shipperRecent(shipper, addDays(since, -30), to)), { party: true });
    readInvoices(db, left, tokens, parties, read);
  } else {
    read(payBillItems(db).where('p.paid_cents', '=', left).limit(PER_QUERY).execute() as Promise<ItemRow[]>);
    read(brokerFeeItems(db).where('f.amount_cents', '=', left).limit(PER_QUERY).execute() as Promise<ItemRow[]>);
    if (tokens.length) {
      read(
        payBillItems(db).where('p.payment_reference', 'in', tokens).limit(PER_QUERY).execute() as Promise<ItemRow[]>,
        { reference: true },
      );
      read(brokerFeeItems(db).where('f.reference', 'in', tokens).limit(PER_QUERY).execute() as Promise<ItemRow[]>, {
        reference: true,
      });
    }
    if (parties.drivers.length) {
      read(
        payBillItems(db)
          .where('p.driver_id', 'in', parties.drivers)
          .where('p.paid_on', '>=', from)
          .where('p.paid_on', '<=', to)
          .orderBy('p.paid_on', 'desc')
          .limit(PER_QUERY)
          .execute() as Promise<ItemRow[]>,
        { party: true },
      );
    }
    if (parties.brokers.length) {
      read(
        brokerFeeItems(db)
          .where('f.broker_id', 'in', parties.brokers)
          .where('f.paid_on', '>=', from)
          .where('f.paid_on', '<=', to)
          .orderBy('f.paid_on', 'desc')
          .limit(PER_QUERY)
          .execute() as Promise<ItemRow[]>,
        { party: true },
      );
    }
  }
  await Promise.all(reads);

  const scored: (SuggestionDto & { leftCents: number; partyId: number | null; expected: string | null })[] = [];
  for (const { row: item, reference, party } of evidence.values()) {
    const itemLeft = leftCents(item);
    if (itemLeft <= 0 || ITEM_DIRECTION[item.item_type] !== direction) continue;
    const expected = expectedOn(item);
    const reasons: string[] = [];
    let score = 0;
    if (reference) {
      score += WEIGHT.reference;
      reasons.push(REFERENCE_REASON[item.item_type] ?? 'Reference or check number');
    }
    if (itemLeft === left) {
      score += WEIGHT.exact;
      reasons.push('Exact amount');
    } else if (itemLeft < left) reasons.push(`Part of the amount (${usCents(itemLeft)})`);
    else reasons.push(`Partial payment (${usCents(itemLeft)} due)`);
    if (party) {
      score += WEIGHT.party;
      reasons.push(`${item.item_type === 'PAY_BILL' ? 'Driver' : 'Broker or shipper'} named in the description`);
    }
    if (expected) {
      const gap = daysBetween(expected, row.posted_on);
      score += Math.round(WEIGHT.date * Math.max(0, 1 - Math.abs(gap) / 60));
      reasons.push(
        gap === 0
          ? `Due ${usDate(expected)}, the same day`
          : gap > 0
            ? `Due ${usDate(expected)}, ${countText(gap, 'day')} before`
            : `Due ${usDate(expected)}, ${countText(-gap, 'day')} after`,
      );
    }
    scored.push({ ...toItem(item, today), score, reasons, leftCents: itemLeft, partyId: item.party_id, expected });
  }
  scored.sort((a, b) => b.score - a.score || (a.expected ?? '').localeCompare(b.expected ?? '') || a.itemId - b.itemId);

  const exact = scored.filter((s) => s.leftCents === left);
  let proposal: Suggestions['proposal'];
  const best = exact[0];
  // One item for the whole row: the best exact match, when more than the amount speaks for it (a reference, a name,
  // a date within a week) and no other exact match ranks the same. An amount alone can be a coincidence.
  if (best && best.score >= WEIGHT.exact + SURE && !(exact[1] && exact[1].score === best.score)) {
    proposal = {
      lines: [{ itemType: best.itemType, itemId: best.itemId, amount: fromCents(left) }],
      reason: best.reasons.join('; '),
    };
  } else {
    proposal = runAddingUp(
      scored.filter((s) => s.reasons.some((r) => r.endsWith('named in the description'))),
      left,
    );
  }
  return {
    left: fromCents(left),
    candidates: scored.slice(0, SHOWN).map(({ leftCents: _l, partyId: _p, expected: _e, ...dto }) => dto),
    proposal,
  };
}

/** One party's items, in date order, of which a run adds up to the row exactly (one ACH paying several loads). */
function runAddingUp(
  candidates: {
    itemType: MatchItemType;
    itemId: number;
    leftCents: number;
    partyId: number | null;
    expected: string | null;
    party: string | null;
  }[],
  left: number,
): Suggestions['proposal'] {
  const byParty = new Map<string, typeof candidates>();
  for (const c of candidates) {
    const key = `${c.itemType}:${c.partyId}:${c.party}`;
    byParty.set(key, [...(byParty.get(key) ?? []), c]);
  }
  for (const items of byParty.values()) {
    items.sort((a, b) => (a.expected ?? '').localeCompare(b.expected ?? '') || a.itemId - b.itemId);
    let start = 0;
    let sum = 0;
    for (let end = 0; end < items.length; end++) {
      sum += items[end].leftCents;
      while (sum > left && start <= end) sum -= items[start++].leftCents;
      if (sum === left && end > start) {
        const run = items.slice(start, end + 1);
        return {
          lines: run.map((c) => ({ itemType: c.itemType, itemId: c.itemId, amount: fromCents(c.leftCents) })),
          reason: `${run.length} items of ${run[0].party ?? 'one party'} add up to the amount exactly`,
        };
      }
    }
  }
  return null;
}
