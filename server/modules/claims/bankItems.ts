import { sql } from 'kysely';
import type { MatchItemType } from '../../../schema/bank';
import type { Db } from '../../db/types';

/**
 * Payments to claimants as open items of bank matching (docs/product/bank.md): money out, expected on the day
 * it was paid, for the claimant, by its check or transfer reference, open until the bank's lines matched to it add
 * up to it (server/modules/bank/openItems.ts lists it with the other kinds). Cash payments are left out, as pay
 * bills' are.
 */
export const CLAIM_SETTLEMENT = 'CLAIM_SETTLEMENT';

export function claimSettlementItems(db: Db) {
  return db
    .selectFrom('claim_settlements as s2')
    .innerJoin('claims as c', 'c.id', 's2.claim_id')
    .leftJoin('bank_item_settlements as s', (join) =>
      join.onRef('s.item_id', '=', 's2.id').on('s.item_type', '=', CLAIM_SETTLEMENT),
    )
    .select([
      sql<MatchItemType>`${CLAIM_SETTLEMENT}`.as('item_type'),
      's2.id as item_id',
      's2.amount_cents',
      's.settled_cents',
      's2.paid_on as expected_on',
      'c.claimant_company as party',
      sql<number | null>`null`.as('party_id'),
      sql<string>`'Claim payment, ' || c.claimant_company`.as('label'),
      's2.reference',
    ])
    .where('c.deleted_at', 'is', null)
    .where('s2.method', '<>', 'Cash')
    .where((eb) => eb.or([eb('s.settled_cents', 'is', null), eb('s.settled_cents', '<', eb.ref('s2.amount_cents'))]));
}
