import { apiFetch, unwrap } from '../../dataProvider/http';
import type { NotificationPage } from './types';

export const NOTIFICATION_PAGE_SIZE = 20;

/** The stored notifications of the signed-in user (server/modules/notifications). */
export const notificationsApi = {
  list: async (page = 0, size = NOTIFICATION_PAGE_SIZE) =>
    unwrap<NotificationPage>(await apiFetch('/api/Notifications', { query: { page, size, unreadOnly: false } })),
  markRead: (id: number) => apiFetch(`/api/Notifications/${id}/read`, { method: 'POST' }),
  markAllRead: () => apiFetch('/api/Notifications/read-all', { method: 'POST' }),
};
