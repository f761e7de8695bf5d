import type { ExpressionBuilder } from 'kysely';
import { FINISHED_CLAIM_STATUSES, claimNumberOf, deadlineOf } from '../../../schema/claims';
import type { ClaimDeadline, ClaimsTile } from '../../../schema/dashboard';
import { claims } from '../../../schema/resources/claims';
import type { Database, Db } from '../../db/types';

const NEXT = 5;

/** Whether the claim's step is done (the claims list's deadlines read the same: server/modules/claims/claims.ts). */
const stepDone = (eb: ExpressionBuilder<Database, 'claims'>, step: 'ACKNOWLEDGE' | 'DECISION') =>
  eb.exists(
    eb
      .selectFrom('claim_steps as s')
      .select('s.id')
      .whereRef('s.claim_id', '=', 'claims.id')
      .where('s.step', '=', step)
      .where('s.done_at', 'is not', null),
  );

/**
 * Open claims against the law's deadlines, by the claims list's own rule (schema/claims.ts deadlineOf). Open claims
 * are few, so they are read whole and their deadlines worked out here.
 */
export async function claimsTile(db: Db, today: string): Promise<ClaimsTile> {
  const rows = await db
    .selectFrom('claims')
    .select((eb) => [
      'id',
      'claimant_company',
      'received_on',
      'created_at',
      stepDone(eb, 'ACKNOWLEDGE').as('acknowledged'),
      stepDone(eb, 'DECISION').as('decided'),
    ])
    .where('deleted_at', 'is', null)
    .where('status', 'not in', FINISHED_CLAIM_STATUSES)
    .execute();
  const open = rows.map((row) => ({
    row,
    deadline: deadlineOf(row.received_on, Boolean(Number(row.acknowledged)), Boolean(Number(row.decided)), today),
  }));
  const next = open
    .filter(({ deadline }) => deadline.nextDeadline !== null)
    .sort((a, b) => a.deadline.nextDeadline!.localeCompare(b.deadline.nextDeadline!) || a.row.id - b.row.id)
    .slice(0, NEXT)
    .map(({ row, deadline }): ClaimDeadline => ({
      id: row.id,
      claimNumber: claimNumberOf(row.id, row.created_at),
      claimantCompany: row.claimant_company,
      nextDeadline: deadline.nextDeadline!,
      what: deadline.what!,
      deadlineState: deadline.state,
    }));
  const inState = (state: string) => open.filter(({ deadline }) => deadline.state === state).length;
  return { route: claims.route, open: open.length, overdue: inState('OVERDUE'), dueSoon: inState('DUE_SOON'), next };
}
