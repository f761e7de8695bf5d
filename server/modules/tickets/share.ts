import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { openPostingDay, postEntries, reverseEntry } from '../finances/ledger';

/**
 * A paid citation's driver share on the driver's ledger (docs/product/tickets.md): one TICKET_SHARE debit linked to the
 * citation, of its paymentForDriver, dated the day it was paid, for the driver of its ticket. Whatever changes — the
 * split, the amount, the payment, the ticket's driver, a delete or a restore of the citation or its ticket — the
 * entry the citation should have is worked out again and compared with the one it has: the same, nothing happens;
 * different, the old one is voided (never edited) and the right one posted. So it posts once, and again only after a
 * void.
 */
interface ShareRow {
  id: number;
  citation_number: string;
  payment_status: string;
  paid_on: string | null;
  driver_share: number;
  payment_for_driver_cents: number | null;
  deleted_at: string | null;
  driver_id: number | null;
  ticket_deleted_at: string | null;
}

const desiredEntry = (c: ShareRow) =>
  c.payment_status === 'PAID' &&
  !c.deleted_at &&
  !c.ticket_deleted_at &&
  c.driver_id &&
  c.paid_on &&
  (c.payment_for_driver_cents ?? 0) > 0
    ? { driverId: c.driver_id, amountCents: c.payment_for_driver_cents!, postedOn: c.paid_on }
    : null;

/** The live (posted, not voided, not a void) share entry of each citation. */
async function liveEntries(trx: Db, citationIds: number[]) {
  const rows = await trx
    .selectFrom('driver_transactions')
    .select([
      'id',
      'driver_id',
      'amount_cents',
      'posted_on',
      'direction',
      'money_source',
      'category',
      'link_id',
      'version',
    ])
    .where('link_type', '=', 'CITATION')
    .where('link_id', 'in', citationIds)
    .where('type', '=', 'TICKET_SHARE')
    .where('voids_id', 'is', null)
    .where('voided_by_id', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.link_id!, row]));
}

/** Brings the ledger in step with the citations given (by id) or with every citation of a ticket. */
export async function syncCitationShares(
  trx: Db,
  which: { citationIds: number[] } | { ticketId: number },
  userId: number | null,
  today: string,
): Promise<void> {
  let query = trx
    .selectFrom('citations as c')
    .innerJoin('tickets as t', 't.id', 'c.ticket_id')
    .select([
      'c.id',
      'c.citation_number',
      'c.payment_status',
      'c.paid_on',
      'c.driver_share',
      'c.payment_for_driver_cents',
      'c.deleted_at',
      't.driver_id',
      't.deleted_at as ticket_deleted_at',
    ]);
  query =
    'ticketId' in which
      ? query.where('c.ticket_id', '=', which.ticketId)
      : query.where('c.id', 'in', which.citationIds.length ? which.citationIds : [0]);
  const citations = (await query.execute()) as ShareRow[];
  if (!citations.length) return;
  const live = await liveEntries(
    trx,
    citations.map((c) => c.id),
  );
  for (const citation of citations) {
    const wanted = desiredEntry(citation);
    const current = live.get(citation.id);
    if (wanted) wanted.postedOn = await openPostingDay(trx, wanted.driverId, wanted.postedOn);
    // Posted after its paid day because that week was settled: still the right entry.
    const sameDay = (posted: string) =>
      !!wanted && (posted === wanted.postedOn || (posted > citation.paid_on! && wanted.postedOn !== citation.paid_on));
    if (
      current &&
      wanted &&
      current.driver_id === wanted.driverId &&
      Number(current.amount_cents) === wanted.amountCents &&
      sameDay(current.posted_on)
    )
      continue;
    if (!current && !wanted) continue;
    if (current) {
      const what = `citation ${citation.citation_number}`;
      const reason = wanted
        ? `${what} changed`
        : citation.deleted_at
          ? `${what} deleted`
          : citation.ticket_deleted_at
            ? `the ticket of ${what} deleted`
            : `${what} no longer charged to the driver`;
      await reverseEntry(
        trx,
        {
          id: current.id,
          driverId: current.driver_id,
          type: 'TICKET_SHARE',
          direction: 'DEBIT',
          amountCents: Number(current.amount_cents),
          moneySource: current.money_source as 'company' | 'driver',
          category: current.category,
          linkType: 'CITATION',
          linkId: citation.id,
        },
        reason,
        userId,
        today,
      );
      // The voided entry changed: a stale edit of it is a 409 like any other.
      await trx
        .updateTable('driver_transactions')
        .set({ version: sql`version + 1`, updated_at: new Date().toISOString() })
        .where('id', '=', current.id)
        .execute();
    }
    if (wanted) {
      await postEntries(trx, [
        {
          driverId: wanted.driverId,
          postedOn: wanted.postedOn,
          type: 'TICKET_SHARE',
          direction: 'DEBIT',
          amountCents: wanted.amountCents,
          category: 'Fines and tickets',
          memo: `Driver’s share (${citation.driver_share}%) of citation ${citation.citation_number}`,
          linkType: 'CITATION',
          linkId: citation.id,
          postedBy: userId,
        },
      ]);
    }
  }
}
