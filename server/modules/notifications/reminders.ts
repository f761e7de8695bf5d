import type { Db } from '../../db/types';
import type { Delivery } from '../notify/realtime';
import { createNotifications } from './store';
import { transact } from '../../db/transaction';

/** A date someone must be told of ahead: what it is (kind), of which record, when, whom, and the notification. */
export interface DueReminder {
  kind: string;
  recordId: number;
  dueOn: string;
  /** Whom to tell: one user, or several told together under the one claim. */
  userId: number | readonly number[];
  type: string;
  title: string;
  body: string;
  link: string;
}

/**
 * Tells each reminder's user once per kind, record and date: its deadline_reminders row is claimed first (a unique
 * key), so two servers running the check, or a restart, never tell twice; a date moved is told again. Returns the
 * deliveries for ctx.realtime.deliver.
 */
export async function remindOnce(db: Db, reminders: readonly DueReminder[]): Promise<Delivery[]> {
  const deliveries: Delivery[] = [];
  for (const due of reminders) {
    const sent = await transact(db, async (trx) => {
      const claimed = await trx
        .insertInto('deadline_reminders')
        .values({ kind: due.kind, record_id: due.recordId, due_on: due.dueOn, sent_at: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['kind', 'record_id', 'due_on']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!claimed) return [];
      return createNotifications(trx, typeof due.userId === 'number' ? [due.userId] : due.userId, {
        type: due.type,
        title: due.title,
        body: due.body,
        link: due.link,
      });
    });
    deliveries.push(...sent);
  }
  return deliveries;
}
