import type { FastifyRequest } from 'fastify';
import {
  type BankRowState,
  EXPLAIN_REASON_LABELS,
  type ExplainReason,
  ITEM_DIRECTION,
  MATCH_ITEM_LABELS,
  type MatchBody,
  type MatchItemType,
} from '../../../schema/bank';
import { usCents } from '../../../schema/format';
import { toCents } from '../../../schema/money';
import type { Db } from '../../db/types';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { adjustTotals, readTotalsRow } from '../bookOrders/totals';
import { type ItemRow, idColumnOf, leftCents, sourceOf } from './openItems';
import { orderPaymentStatus } from './orderPayment';
import { invoiceFollowsPayments } from './invoicePayments';
import { bankRowDto, bankRowSelect } from './rows';
import { transact } from '../../db/transaction';

/**
 * Confirming, undoing and explaining (docs/product/bank.md). Each write is one transaction that checks the row's
 * version, applies amounts to the cent (never more than either side has left), keeps what is applied on both sides
 * (bank_transactions.matched_cents and state, bank_item_settlements, a book order's payment_status) and audits.
 */

/** Who writes: the request (for the audit's address) and the user, or the seed (no request). */
export interface Who {
  request: FastifyRequest | null;
  userId: number | null;
}
export const whoOf = (request: FastifyRequest): Who => ({ request, userId: request.auth?.user.id ?? null });

const stateOf = (amountCents: number, matchedCents: number): BankRowState =>
  matchedCents <= 0 ? 'OPEN' : matchedCents >= Math.abs(amountCents) ? 'MATCHED' : 'PARTIAL';

/** The bank row at the version the user read (a stale version is the 409 with the row as it is now). */
async function currentRow(trx: Db, id: number, version: number | null) {
  const row = await bankRowSelect(trx).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Bank transaction');
  if (version !== null && Number(row.version) !== version) {
    throw conflict(
      'Someone else changed this bank row since you opened it. It is shown as it is now; check it and try again.',
      { current: bankRowDto(row) },
    );
  }
  return row;
}

/** Add `cents` (negative to take off) to what is applied to an item; a book order's payment status follows. */
async function settle(trx: Db, type: MatchItemType, id: number, cents: number, amountCents: number): Promise<void> {
  const current = await trx
    .selectFrom('bank_item_settlements')
    .select('settled_cents')
    .where('item_type', '=', type)
    .where('item_id', '=', id)
    .executeTakeFirst();
  const settled = Number(current?.settled_cents ?? 0) + cents;
  if (current)
    await trx
      .updateTable('bank_item_settlements')
      .set({ settled_cents: settled })
      .where('item_type', '=', type)
      .where('item_id', '=', id)
      .execute();
  else
    await trx
      .insertInto('bank_item_settlements')
      .values({ item_type: type, item_id: id, settled_cents: settled })
      .execute();
  if (type === 'BOOK_ORDER') {
    const status = orderPaymentStatus(settled, amountCents);
    // The order's version moves: someone editing it sees the payment instead of writing over it. The per-day totals
    // follow (the reports' paid figures read them).
    const totalsBefore = await readTotalsRow(trx, id);
    await trx
      .updateTable('book_orders')
      .set((eb) => ({ payment_status: status, version: eb('version', '+', 1), updated_at: new Date().toISOString() }))
      .where('id', '=', id)
      .execute();
    await adjustTotals(trx, totalsBefore, await readTotalsRow(trx, id));
  }
}

/** One item as matching reads it, open or not (an order fully paid is still found, to undo its match). */
async function itemFacts(trx: Db, type: MatchItemType, id: number, field: string): Promise<ItemRow> {
  const item = (await sourceOf(type)(trx)
    .clearWhere()
    .where(idColumnOf(type) as never, '=', id as never)
    .executeTakeFirst()) as ItemRow | undefined;
  if (!item)
    throw badRequest(
      `${MATCH_ITEM_LABELS[type]} #${id} is not an item to match (not found, deleted, or not paid out yet)`,
      field,
    );
  return item;
}

export async function confirmMatch(db: Db, who: Who, rowId: number, body: MatchBody) {
  return transact(db, async (trx) => {
    const row = await currentRow(trx, rowId, body.version);
    if (row.state === 'EXPLAINED')
      throw conflict('This bank row is explained without an item; undo the explanation to match it');
    const direction = Number(row.amount_cents) >= 0 ? 'IN' : 'OUT';
    const rowLeft = Math.abs(Number(row.amount_cents)) - Number(row.matched_cents);
    const seen = new Set<string>();
    const lines: {
      itemType: MatchItemType;
      itemId: number;
      cents: number;
      item: ItemRow;
      shortReason: string | null;
    }[] = [];
    for (const [index, line] of body.lines.entries()) {
      const field = `lines.${index}`;
      const key = `${line.itemType}:${line.itemId}`;
      if (seen.has(key))
        throw badRequest('This item is on the match twice; put its whole amount on one line', `${field}.itemId`);
      seen.add(key);
      if (ITEM_DIRECTION[line.itemType] !== direction) {
        throw badRequest(
          `${MATCH_ITEM_LABELS[line.itemType]}s are money ${ITEM_DIRECTION[line.itemType] === 'IN' ? 'in' : 'out'}; this bank row is money ${direction === 'IN' ? 'in' : 'out'}`,
          `${field}.itemType`,
        );
      }
      // The source's own conditions are dropped to read the item whatever its state; it must still be open.
      const item = await itemFacts(trx, line.itemType, line.itemId, `${field}.itemId`);
      const open = await sourceOf(line.itemType)(trx)
        .where(idColumnOf(line.itemType) as never, '=', line.itemId as never)
        .executeTakeFirst();
      const named =
        line.itemType === 'INVOICE' ? `Invoice ${item.label}` : `${MATCH_ITEM_LABELS[line.itemType]} #${line.itemId}`;
      if (!open)
        throw badRequest(
          `${named} is not open for matching (already paid in full, deleted, or not yet due)`,
          `${field}.itemId`,
        );
      const cents = toCents(line.amount);
      const itemLeft = leftCents(item);
      if (cents > itemLeft)
        throw badRequest(`Only ${usCents(itemLeft)} of ${item.label} is left to match`, `${field}.amount`);
      if (line.shortReason && (line.itemType !== 'INVOICE' || cents === itemLeft))
        throw badRequest(
          line.itemType === 'INVOICE'
            ? `This payment clears ${item.label}: there is no difference to name`
            : 'Only an invoice paid short takes the words for its difference',
          `${field}.shortReason`,
        );
      lines.push({ itemType: line.itemType, itemId: line.itemId, cents, item, shortReason: line.shortReason ?? null });
    }
    const total = lines.reduce((sum, l) => sum + l.cents, 0);
    if (total > rowLeft)
      throw badRequest(
        `The lines add up to ${usCents(total)}, more than the ${usCents(rowLeft)} left on this bank row`,
        'lines',
      );

    const now = new Date().toISOString();
    const { userId } = who;
    const { id: matchId } = await trx
      .insertInto('bank_matches')
      .values({
        bank_transaction_id: rowId,
        amount_cents: total,
        note: body.note ?? null,
        matched_by: userId,
        matched_at: now,
        undone_by: null,
        undone_at: null,
        undo_reason: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('bank_match_lines')
      .values(
        lines.map((l) => ({ match_id: matchId, item_type: l.itemType, item_id: l.itemId, amount_cents: l.cents })),
      )
      .execute();
    for (const l of lines) {
      await settle(trx, l.itemType, l.itemId, l.cents, Number(l.item.amount_cents));
      if (l.itemType === 'INVOICE') await invoiceFollowsPayments(trx, who, l.itemId, l.shortReason);
    }
    const matched = Number(row.matched_cents) + total;
    await trx
      .updateTable('bank_transactions')
      .set({
        matched_cents: matched,
        state: stateOf(Number(row.amount_cents), matched),
        version: Number(row.version) + 1,
      })
      .where('id', '=', rowId)
      .execute();
    await audit(
      trx,
      who.request,
      {
        action: 'match',
        entity: 'bank_transaction',
        entityId: rowId,
        after: {
          matchId,
          amountCents: total,
          lines: lines.map((l) => ({
            itemType: l.itemType,
            itemId: l.itemId,
            amountCents: l.cents,
            ...(l.shortReason ? { shortReason: l.shortReason } : {}),
          })),
        },
      },
      who.userId,
    );
    return { matchId, row: bankRowDto(await currentRow(trx, rowId, null)) };
  });
}

export async function undoMatch(db: Db, who: Who, matchId: number, reason: string) {
  return transact(db, async (trx) => {
    const match = await trx.selectFrom('bank_matches').selectAll().where('id', '=', matchId).executeTakeFirst();
    if (!match) throw notFound('Match');
    const row = await currentRow(trx, match.bank_transaction_id, null);
    // Two undos of one match at once: one of them commits, the other is run again and finds it undone.
    const current = await trx
      .selectFrom('bank_matches')
      .select('undone_at')
      .where('id', '=', matchId)
      .executeTakeFirstOrThrow();
    if (current.undone_at) throw conflict(`Match #${matchId} is already undone`);
    const lines = await trx.selectFrom('bank_match_lines').selectAll().where('match_id', '=', matchId).execute();
    for (const line of lines) {
      const item = await itemFacts(trx, line.item_type as MatchItemType, line.item_id, 'id');
      await settle(
        trx,
        line.item_type as MatchItemType,
        line.item_id,
        -Number(line.amount_cents),
        Number(item.amount_cents),
      );
    }
    const { userId } = who;
    await trx
      .updateTable('bank_matches')
      .set({ undone_at: new Date().toISOString(), undone_by: userId, undo_reason: reason })
      .where('id', '=', matchId)
      .execute();
    // The invoices are derived from the payments still live, this one now left out.
    for (const line of lines)
      if (line.item_type === 'INVOICE') await invoiceFollowsPayments(trx, who, line.item_id, null);
    const matched = Number(row.matched_cents) - Number(match.amount_cents);
    await trx
      .updateTable('bank_transactions')
      .set({
        matched_cents: matched,
        state: stateOf(Number(row.amount_cents), matched),
        version: Number(row.version) + 1,
      })
      .where('id', '=', row.id)
      .execute();
    await audit(
      trx,
      who.request,
      {
        action: 'undo-match',
        entity: 'bank_transaction',
        entityId: row.id,
        before: { matchId, amountCents: Number(match.amount_cents) },
        after: { reason },
      },
      who.userId,
    );
    return { matchId, row: bankRowDto(await currentRow(trx, row.id, null)) };
  });
}

export async function explainRow(
  db: Db,
  who: Who,
  rowId: number,
  body: { version: number; reason: ExplainReason; note?: string },
) {
  return transact(db, async (trx) => {
    const row = await currentRow(trx, rowId, body.version);
    if (row.state === 'EXPLAINED') throw conflict('This bank row is already explained');
    if (Number(row.matched_cents) > 0)
      throw new ApiError(
        409,
        'Part of this bank row is matched to items; undo those matches to explain it instead',
        'conflict',
        'reason',
      );
    await trx
      .updateTable('bank_transactions')
      .set({
        state: 'EXPLAINED',
        explain_reason: body.reason,
        explain_note: body.note ?? null,
        explained_by: who.userId,
        explained_at: new Date().toISOString(),
        version: Number(row.version) + 1,
      })
      .where('id', '=', rowId)
      .execute();
    await audit(
      trx,
      who.request,
      {
        action: 'explain',
        entity: 'bank_transaction',
        entityId: rowId,
        after: { reason: EXPLAIN_REASON_LABELS[body.reason], note: body.note ?? null },
      },
      who.userId,
    );
    return bankRowDto(await currentRow(trx, rowId, null));
  });
}

export async function unexplainRow(db: Db, who: Who, rowId: number, version: number) {
  return transact(db, async (trx) => {
    const row = await currentRow(trx, rowId, version);
    if (row.state !== 'EXPLAINED') throw conflict('This bank row is not explained');
    await trx
      .updateTable('bank_transactions')
      .set({
        state: 'OPEN',
        explain_reason: null,
        explain_note: null,
        explained_by: null,
        explained_at: null,
        version: Number(row.version) + 1,
      })
      .where('id', '=', rowId)
      .execute();
    await audit(
      trx,
      who.request,
      {
        action: 'unexplain',
        entity: 'bank_transaction',
        entityId: rowId,
        before: { reason: row.explain_reason, note: row.explain_note },
      },
      who.userId,
    );
    return bankRowDto(await currentRow(trx, rowId, null));
  });
}
