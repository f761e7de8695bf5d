import { sql } from 'kysely';
import { todayIso } from '../../../schema/expiry';
import { claimNumberOf } from '../../../schema/claims';
import type { Db } from '../../db/types';
import { openPostingDay, postEntries, reverseEntry } from '../finances/ledger';

/**
 * A claim's chargeback on the driver's ledger (docs/product/claims.md): one CLAIM_CHARGEBACK debit linked to the claim,
 * of the amount the claims team decided (claims.chargeback_cents), dated the day it was decided, for the claim's
 * driver. As a citation's share (server/modules/tickets/share.ts): whatever changes — the amount, the driver, a delete
 * or a restore — the entry the claim should have is worked out again and compared with the live one; the same, nothing
 * happens; different, the old one is voided (never edited) and the right one posted. So it posts once.
 */
export async function syncChargeback(trx: Db, claimId: number, userId: number | null): Promise<void> {
  const claim = await trx
    .selectFrom('claims')
    .select(['id', 'created_at', 'driver_id', 'chargeback_cents', 'chargeback_on', 'deleted_at'])
    .where('id', '=', claimId)
    .executeTakeFirstOrThrow();
  const wanted =
    !claim.deleted_at && claim.driver_id && (claim.chargeback_cents ?? 0) > 0 && claim.chargeback_on
      ? { driverId: claim.driver_id, amountCents: claim.chargeback_cents!, postedOn: claim.chargeback_on }
      : null;
  const current = await trx
    .selectFrom('driver_transactions')
    .select(['id', 'driver_id', 'amount_cents', 'posted_on', 'money_source', 'category'])
    .where('link_type', '=', 'CLAIM')
    .where('link_id', '=', claimId)
    .where('type', '=', 'CLAIM_CHARGEBACK')
    .where('voids_id', 'is', null)
    .where('voided_by_id', 'is', null)
    .executeTakeFirst();
  if (!current && !wanted) return;
  // Right where it is: on the decided day, or on the first open day after it when that week's bill was settled first.
  const rightDay = async (posted: string) =>
    posted === wanted!.postedOn || posted === (await openPostingDay(trx, wanted!.driverId, wanted!.postedOn));
  if (
    current &&
    wanted &&
    current.driver_id === wanted.driverId &&
    Number(current.amount_cents) === wanted.amountCents &&
    (await rightDay(current.posted_on))
  )
    return;
  const number = claimNumberOf(claim.id, claim.created_at);
  if (current) {
    const reason = wanted
      ? `chargeback of claim ${number} changed`
      : claim.deleted_at
        ? `claim ${number} deleted`
        : `claim ${number} no longer charged back to the driver`;
    await reverseEntry(
      trx,
      {
        id: current.id,
        driverId: current.driver_id,
        type: 'CLAIM_CHARGEBACK',
        direction: 'DEBIT',
        amountCents: Number(current.amount_cents),
        moneySource: current.money_source as 'company' | 'driver',
        category: current.category,
        linkType: 'CLAIM',
        linkId: claimId,
      },
      reason,
      userId,
      todayIso(),
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
        type: 'CLAIM_CHARGEBACK',
        direction: 'DEBIT',
        amountCents: wanted.amountCents,
        category: 'Claims',
        memo: `Chargeback of claim ${number}`,
        linkType: 'CLAIM',
        linkId: claimId,
        postedBy: userId,
      },
    ]);
  }
}
