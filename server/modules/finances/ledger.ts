import { sql } from 'kysely';
import type { Direction, LinkType, TransactionType } from '../../../schema/resources/transactions';
import type { Db } from '../../db/types';

/**
 * Posting to the driver ledger (schema/resources/transactions.ts). Every posting, however it is made (the post dialog
 * through the record routes, a pay bill's approval and payment, the demo seed), goes through `postEntries` or, for an
 * entry the record routes inserted, `addToTotals`: the driver's running totals and daily sums, and every driver's sums
 * per type and day, change in the same transaction as the entries, so a balance is always the sum of its entries
 * (tests/server/ledger.test.ts checks it).
 */
export interface NewEntry {
  driverId: number;
  postedOn: string;
  type: TransactionType;
  direction: Direction;
  amountCents: number;
  moneySource?: 'company' | 'driver';
  paymentMethod?: string | null;
  reference?: string | null;
  category?: string | null;
  memo?: string | null;
  linkType?: LinkType | null;
  linkId?: number | null;
  payBillId?: number | null;
  voidsId?: number | null;
  /** A void's reason, kept on the reversing entry too (both halves of the pair say why). */
  voidReason?: string | null;
  postedBy?: number | null;
  /** One posting per business event: a second entry with the same key is refused (409). */
  idempotencyKey?: string | null;
}

/** What an entry changes of the totals: the money moved, and the escrow held (deposits less releases). */
export interface TotalsChange {
  driverId: number;
  day: string;
  direction: Direction;
  type: string;
  amountCents: number;
}

const ESCROW = new Set(['ESCROW_DEPOSIT', 'ESCROW_RELEASE']);
/** Escrow held grows with a debit of an escrow type (money kept from the driver) and shrinks with a credit. */
export const escrowDelta = (change: Pick<TotalsChange, 'type' | 'direction' | 'amountCents'>) =>
  ESCROW.has(change.type) ? (change.direction === 'DEBIT' ? change.amountCents : -change.amountCents) : 0;

/** The key an event gets when none is given: what it came from and what it is ('BOOK_ORDER:17:LOAD_PAY'). */
export const eventKey = (linkType: string | null | undefined, linkId: number | null | undefined, type: string) => (linkType && linkId ? `${linkType}:${linkId}:${type}` : null);
/** The same key in SQL, for the link's id in a column (a lookup in the unique key index). */
export const eventKeySql = (linkType: string, idColumn: string, type: string) => sql<string>`${`${linkType}:`} || ${sql.ref(idColumn)} || ${`:${type}`}`;

/** Adds entries to their drivers' running totals and daily sums (upserts, one per driver and per driver-day). */
export async function addToTotals(trx: Db, changes: readonly TotalsChange[]): Promise<void> {
  const days = new Map<string, { driverId: number; day: string; credits: number; debits: number; entries: number }>();
  const drivers = new Map<number, { credits: number; debits: number; escrow: number; entries: number }>();
  for (const c of changes) {
    const credit = c.direction === 'CREDIT' ? c.amountCents : 0;
    const debit = c.direction === 'DEBIT' ? c.amountCents : 0;
    const dayKey = `${c.driverId}|${c.day}`;
    const day = days.get(dayKey) ?? { driverId: c.driverId, day: c.day, credits: 0, debits: 0, entries: 0 };
    day.credits += credit;
    day.debits += debit;
    day.entries += 1;
    days.set(dayKey, day);
    const driver = drivers.get(c.driverId) ?? { credits: 0, debits: 0, escrow: 0, entries: 0 };
    driver.credits += credit;
    driver.debits += debit;
    driver.escrow += escrowDelta(c);
    driver.entries += 1;
    drivers.set(c.driverId, driver);
  }
  for (const d of days.values()) {
    await trx
      .insertInto('driver_ledger_days')
      .values({ driver_id: d.driverId, day: d.day, credits_cents: d.credits, debits_cents: d.debits, entries: d.entries })
      .onConflict((oc) => oc.columns(['driver_id', 'day']).doUpdateSet({
        credits_cents: sql`driver_ledger_days.credits_cents + ${d.credits}`,
        debits_cents: sql`driver_ledger_days.debits_cents + ${d.debits}`,
        entries: sql`driver_ledger_days.entries + ${d.entries}`,
      }))
      .execute();
  }
  const typeDays = new Map<string, { type: string; day: string; credits: number; debits: number; entries: number }>();
  for (const c of changes) {
    const key = `${c.type}|${c.day}`;
    const typeDay = typeDays.get(key) ?? { type: c.type, day: c.day, credits: 0, debits: 0, entries: 0 };
    if (c.direction === 'CREDIT') typeDay.credits += c.amountCents;
    else typeDay.debits += c.amountCents;
    typeDay.entries += 1;
    typeDays.set(key, typeDay);
  }
  for (const t of typeDays.values()) {
    await trx
      .insertInto('ledger_type_days')
      .values({ type: t.type, day: t.day, credits_cents: t.credits, debits_cents: t.debits, entries: t.entries })
      .onConflict((oc) => oc.columns(['type', 'day']).doUpdateSet({
        credits_cents: sql`ledger_type_days.credits_cents + ${t.credits}`,
        debits_cents: sql`ledger_type_days.debits_cents + ${t.debits}`,
        entries: sql`ledger_type_days.entries + ${t.entries}`,
      }))
      .execute();
  }
  for (const [driverId, d] of drivers) {
    await trx
      .insertInto('driver_balances')
      .values({ driver_id: driverId, credits_cents: d.credits, debits_cents: d.debits, escrow_cents: d.escrow, entries: d.entries })
      .onConflict((oc) => oc.column('driver_id').doUpdateSet({
        credits_cents: sql`driver_balances.credits_cents + ${d.credits}`,
        debits_cents: sql`driver_balances.debits_cents + ${d.debits}`,
        escrow_cents: sql`driver_balances.escrow_cents + ${d.escrow}`,
        entries: sql`driver_balances.entries + ${d.entries}`,
      }))
      .execute();
  }
}

/** Inserts entries and keeps the totals in step, in the caller's transaction; returns their ids in order. */
export async function postEntries(trx: Db, entries: readonly NewEntry[]): Promise<number[]> {
  const now = new Date().toISOString();
  const ids: number[] = [];
  for (const e of entries) {
    const { id } = await trx
      .insertInto('driver_transactions')
      .values({
        driver_id: e.driverId, posted_on: e.postedOn, type: e.type, direction: e.direction, amount_cents: e.amountCents, money_source: e.moneySource ?? 'company',
        payment_method: e.paymentMethod ?? null, reference: e.reference ?? null, category: e.category ?? null, memo: e.memo ?? null,
        link_type: e.linkType ?? null, link_id: e.linkId ?? null, pay_bill_id: e.payBillId ?? null, voids_id: e.voidsId ?? null, voided_by_id: null,
        void_reason: e.voidReason ?? null, voided_at: null, posted_by: e.postedBy ?? null, idempotency_key: e.idempotencyKey ?? eventKey(e.linkType, e.linkId, e.type),
        created_at: now, updated_at: now, deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
  }
  await addToTotals(trx, entries.map((e) => ({ driverId: e.driverId, day: e.postedOn, direction: e.direction, type: e.type, amountCents: e.amountCents })));
  return ids;
}

/** The other way: a void reverses an entry's direction. */
export const opposite = (direction: Direction): Direction => (direction === 'CREDIT' ? 'DEBIT' : 'CREDIT');
