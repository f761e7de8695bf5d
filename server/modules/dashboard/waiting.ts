import type { WaitingTile } from '../../../schema/dashboard';
import { BOOK_ORDERS_ROUTE, type OrderCounter } from './orderCounts';

/**
 * Loads waiting for an approver or a manager. Over every period ('all': the list's default period would hide older
 * ones) and as the list counts them: a cancelled order that was never approved is still in the approver's list.
 */
export async function waitingTile(count: OrderCounter): Promise<WaitingTile> {
  const [approval, managerReview] = await Promise.all([
    count({ filtered: 'all', showNotApproved: true }),
    count({ filtered: 'all', hasManagerReview: true }),
  ]);
  return { route: BOOK_ORDERS_ROUTE, approval, managerReview };
}
