import { CLAIM_STATUS_LABELS, type ClaimStatus } from '../../../schema/claims';
import type { Db } from '../../db/types';

/** What a claim's timeline records besides its comments and documents (server/modules/claims/timeline.ts). */
export type ClaimEventKind =
  'CREATED' | 'STATUS' | 'STEP_DONE' | 'STEP_UNDONE' | 'CHARGEBACK' | 'SETTLEMENT' | 'DELETED' | 'RESTORED';

/** One event of a claim's timeline, in the write's transaction (so a refused write leaves none). */
export async function addEvent(
  trx: Db,
  claimId: number,
  actorId: number | null,
  kind: ClaimEventKind,
  detail: string,
): Promise<void> {
  await trx
    .insertInto('claim_events')
    .values({ claim_id: claimId, at: new Date().toISOString(), actor_id: actorId, kind, detail })
    .execute();
}

/** A status change as the timeline says it: 'Status: Investigating → Settled (paid)'. */
export const statusChange = (from: string, to: string) =>
  `Status: ${CLAIM_STATUS_LABELS[from as ClaimStatus] ?? from} → ${CLAIM_STATUS_LABELS[to as ClaimStatus] ?? to}`;
