import type { Db, NotificationsTable } from '../../db/types';
import type { Delivery, HubNotification } from '../notify/realtime';

export interface NotificationInput {
  /** What happened, for the client's icon and grouping: 'bookOrderAssigned', 'registrationAwaitingActivation', … */
  type: string;
  title: string;
  body: string;
  /** Where the notification leads in the web app (/app/…), or null. */
  link: string | null;
}

type Row = Pick<NotificationsTable, 'type' | 'title' | 'body' | 'link' | 'created_at' | 'read_at'> & { id: number };

export const toNotificationDto = (row: Row): HubNotification => ({
  id: row.id,
  type: row.type,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.created_at,
  readAt: row.read_at,
});

/**
 * Stores one notification per user inside the caller's transaction and returns the deliveries; hand them to
 * `ctx.realtime.deliver` once the transaction has committed, so no one is told of a write that was rolled back:
 *
 *   const deliveries = await transact(db, async (trx) => { …; return createNotifications(trx, ids, input); });
 *   ctx.realtime.deliver(deliveries);
 */
export async function createNotifications(
  trx: Db,
  userIds: readonly number[],
  input: NotificationInput,
): Promise<Delivery[]> {
  const unique = [...new Set(userIds)];
  if (!unique.length) return [];
  const now = new Date().toISOString();
  const rows = await trx
    .insertInto('notifications')
    .values(
      unique.map((userId) => ({
        user_id: userId,
        type: input.type,
        title: input.title,
        body: input.body,
        link: input.link,
        created_at: now,
        read_at: null,
      })),
    )
    .returning(['id', 'user_id', 'type', 'title', 'body', 'link', 'created_at', 'read_at'])
    .execute();
  return rows.map((row) => ({ userId: row.user_id, notification: toNotificationDto(row) }));
}
