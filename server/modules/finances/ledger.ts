import { sql } from 'kysely';
import type { Direction, LinkType, TransactionType } from '../../../schema/resources/transactions';
import { addDays } from '../../../schema/expiry';
import { weekStart } from '../../../schema/period';
import { fromCents } from '../../../schema/money';
import type { Db } from '../../db/types';
import { driverName } from '../drivers/names';

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
export const eventKey = (linkType: string | null | undefined, linkId: number | null | undefined, type: string) =>
  linkType && linkId ? `${linkType}:${linkId}:${type}` : null;
/** The same key in SQL, for the link's id in a column (a lookup in the unique key index). */
export const eventKeySql = (linkType: string, idColumn: string, type: string) =>
  sql<string>`${`${linkType}:`} || ${sql.ref(idColumn)} || ${`:${type}`}`;

interface Sums {
  credits: number;
  debits: number;
  escrow: number;
  entries: number;
}

/** The changes summed per key (a driver, a driver's day, a type's day), with the columns that name each key. */
function sumsBy(
  changes: readonly TotalsChange[],
  keyOf: (c: TotalsChange) => Record<string, string | number>,
): { key: Record<string, string | number>; sums: Sums }[] {
  const groups = new Map<string, { key: Record<string, string | number>; sums: Sums }>();
  for (const c of changes) {
    const key = keyOf(c);
    const id = Object.values(key).join('|');
    const group = groups.get(id) ?? { key, sums: { credits: 0, debits: 0, escrow: 0, entries: 0 } };
    if (c.direction === 'CREDIT') group.sums.credits += c.amountCents;
    else group.sums.debits += c.amountCents;
    group.sums.escrow += escrowDelta(c);
    group.sums.entries += 1;
    groups.set(id, group);
  }
  return [...groups.values()];
}

/** Adds sums to a kept-totals table: a new row for a new key, else each column grows by its sum. */
async function addSums(
  trx: Db,
  table: 'driver_ledger_days' | 'ledger_type_days' | 'driver_balances',
  groups: ReturnType<typeof sumsBy>,
  withEscrow = false,
): Promise<void> {
  for (const { key, sums } of groups) {
    const values: Record<string, number> = {
      credits_cents: sums.credits,
      debits_cents: sums.debits,
      entries: sums.entries,
      ...(withEscrow ? { escrow_cents: sums.escrow } : {}),
    };
    await trx
      .insertInto(table)
      .values({ ...key, ...values } as never)
      .onConflict((oc) =>
        oc
          .columns(Object.keys(key) as never)
          .doUpdateSet(
            Object.fromEntries(
              Object.entries(values).map(([column, value]) => [
                column,
                sql`${sql.ref(`${table}.${column}`)} + ${value}`,
              ]),
            ) as never,
          ),
      )
      .execute();
  }
}

/**
 * Adds entries to the kept totals, one upsert per key: each driver's running totals (with escrow held), each driver's
 * daily sums, and every driver's sums per type and day.
 */
export async function addToTotals(trx: Db, changes: readonly TotalsChange[]): Promise<void> {
  await addSums(
    trx,
    'driver_ledger_days',
    sumsBy(changes, (c) => ({ driver_id: c.driverId, day: c.day })),
  );
  await addSums(
    trx,
    'ledger_type_days',
    sumsBy(changes, (c) => ({ type: c.type, day: c.day })),
  );
  await addSums(
    trx,
    'driver_balances',
    sumsBy(changes, (c) => ({ driver_id: c.driverId })),
    true,
  );
}

/**
 * The day an entry the system posts (a void, a citation's share, a claim's chargeback) lands on: its own day, unless the
 * driver's bill of that week is already approved or paid (a settled statement does not change); then the first day of
 * the next week that is still open, so the next bill has it. Entries typed by a person are refused instead
 * (finances/transactions.ts), so they choose the day.
 */
export async function openPostingDay(trx: Db, driverId: number, day: string): Promise<string> {
  const closed = new Set(
    (
      await trx
        .selectFrom('pay_bills')
        .select('week_start')
        .where('driver_id', '=', driverId)
        .where('week_start', '>=', weekStart(day))
        .where('status', '!=', 'DRAFT')
        .execute()
    ).map((bill) => bill.week_start),
  );
  let open = day;
  while (closed.has(weekStart(open))) open = addDays(weekStart(open), 7);
  return open;
}

/**
 * Inserts entries and keeps the totals in step, in the caller's transaction; returns their ids in order. An entry of a
 * bill (payBillId: its approval's lines, its payment) is dated as given; any other lands on its open posting day.
 */
export async function postEntries(trx: Db, entries: readonly NewEntry[]): Promise<number[]> {
  const now = new Date().toISOString();
  const ids: number[] = [];
  const dated: NewEntry[] = [];
  for (const given of entries) {
    const e = given.payBillId
      ? given
      : { ...given, postedOn: await openPostingDay(trx, given.driverId, given.postedOn) };
    dated.push(e);
    const { id } = await trx
      .insertInto('driver_transactions')
      .values({
        driver_id: e.driverId,
        posted_on: e.postedOn,
        type: e.type,
        direction: e.direction,
        amount_cents: e.amountCents,
        money_source: e.moneySource ?? 'company',
        payment_method: e.paymentMethod ?? null,
        reference: e.reference ?? null,
        category: e.category ?? null,
        memo: e.memo ?? null,
        link_type: e.linkType ?? null,
        link_id: e.linkId ?? null,
        pay_bill_id: e.payBillId ?? null,
        voids_id: e.voidsId ?? null,
        voided_by_id: null,
        void_reason: e.voidReason ?? null,
        voided_at: null,
        posted_by: e.postedBy ?? null,
        idempotency_key: e.idempotencyKey ?? eventKey(e.linkType, e.linkId, e.type),
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
  }
  await addToTotals(
    trx,
    dated.map((e) => ({
      driverId: e.driverId,
      day: e.postedOn,
      direction: e.direction,
      type: e.type,
      amountCents: e.amountCents,
    })),
  );
  return ids;
}

/** The other way: a void reverses an entry's direction. */
export const opposite = (direction: Direction): Direction => (direction === 'CREDIT' ? 'DEBIT' : 'CREDIT');

/** What a void copies of the entry it reverses. */
export type EntryToVoid = Pick<
  NewEntry,
  | 'driverId'
  | 'type'
  | 'direction'
  | 'amountCents'
  | 'moneySource'
  | 'paymentMethod'
  | 'reference'
  | 'category'
  | 'linkType'
  | 'linkId'
> & { id: number };

/**
 * A void: posts the reversing entry (dated today, pointing to the original) and marks the original voided, freeing its
 * event key so a corrected entry may be posted for the same event. The caller guards the original's version.
 */
export async function reverseEntry(
  trx: Db,
  entry: EntryToVoid,
  reason: string,
  postedBy: number | null,
  today: string,
): Promise<number> {
  const [reversalId] = await postEntries(trx, [
    {
      driverId: entry.driverId,
      postedOn: today,
      type: entry.type,
      direction: opposite(entry.direction),
      amountCents: entry.amountCents,
      moneySource: entry.moneySource,
      paymentMethod: entry.paymentMethod,
      reference: entry.reference,
      category: entry.category,
      memo: `Void of entry #${entry.id}: ${reason}`,
      linkType: entry.linkType,
      linkId: entry.linkId,
      voidsId: entry.id,
      voidReason: reason,
      postedBy,
      idempotencyKey: `VOID:${entry.id}`,
    },
  ]);
  // The event is free again (a corrected entry may be posted for it); the old key stays readable.
  const key = await trx
    .selectFrom('driver_transactions')
    .select('idempotency_key')
    .where('id', '=', entry.id)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('driver_transactions')
    .set({
      voided_by_id: reversalId,
      voided_at: new Date().toISOString(),
      void_reason: reason,
      idempotency_key: key.idempotency_key ? `VOIDED:${entry.id}:${key.idempotency_key}` : null,
    })
    .where('id', '=', entry.id)
    .execute();
  return reversalId;
}

/**
 * The entries a claim's chargeback or a citation's share ever posted (one event, by its link and type), oldest first:
 * the live one (null when none) and the whole history with each entry's status, as their screens show them.
 */
export async function linkedEntries(db: Db, linkType: LinkType, linkId: number, type: TransactionType) {
  const entries = await db
    .selectFrom('driver_transactions as e')
    .leftJoin('drivers as d', 'd.id', 'e.driver_id')
    .select([
      'e.id',
      'e.driver_id',
      driverName('d').as('driver_name'),
      'e.posted_on',
      'e.direction',
      'e.amount_cents',
      'e.voids_id',
      'e.voided_by_id',
      'e.memo',
    ])
    .where('e.link_type', '=', linkType)
    .where('e.link_id', '=', linkId)
    .where('e.type', '=', type)
    .orderBy('e.id')
    .execute();
  const dto = (e: (typeof entries)[number]) => ({
    id: e.id,
    driverId: e.driver_id,
    driverName: e.driver_name,
    postedOn: e.posted_on,
    direction: e.direction,
    amount: fromCents(Number(e.amount_cents)),
    status: e.voids_id ? 'VOID' : e.voided_by_id ? 'VOIDED' : 'POSTED',
    memo: e.memo,
  });
  const live = entries.find((e) => !e.voids_id && !e.voided_by_id);
  return { transaction: live ? dto(live) : null, history: entries.map(dto) };
}
