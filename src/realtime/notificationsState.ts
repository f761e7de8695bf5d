import type { AppNotification, NotificationPage } from './types';

/** The bell's view of the user's notifications: the latest page from the API plus what the hub pushed since. */
export interface NotificationsState {
  items: AppNotification[];
  unreadCount: number;
  totalCount: number;
  loaded: boolean;
}

export type NotificationsAction =
  | { type: 'loaded'; page: NotificationPage }
  | { type: 'received'; notification: AppNotification }
  | { type: 'read'; id: number; readAt: string }
  | { type: 'allRead'; readAt: string };

export const INITIAL_NOTIFICATIONS: NotificationsState = { items: [], unreadCount: 0, totalCount: 0, loaded: false };

/** How many the bell keeps in memory; older ones are a reload away. */
export const KEPT_NOTIFICATIONS = 50;

export function notificationsReducer(state: NotificationsState, action: NotificationsAction): NotificationsState {
  switch (action.type) {
    case 'loaded': {
      // A page asked for before a notification was pushed can answer after it (the bell loads again when the hub
      // connects): what is newer than the page's newest stays, and counts.
      const newest = Math.max(0, ...action.page.items.map((n) => n.id));
      const newer = state.items.filter((n) => n.id > newest);
      return {
        items: [...newer, ...action.page.items].slice(0, KEPT_NOTIFICATIONS),
        unreadCount: action.page.unreadCount + newer.filter((n) => !n.readAt).length,
        totalCount: action.page.totalCount + newer.length,
        loaded: true,
      };
    }
    case 'received': {
      // The same notification can arrive twice: over the hub and in a list loaded right after a reconnect.
      if (state.items.some((n) => n.id === action.notification.id)) return state;
      return {
        ...state,
        items: [action.notification, ...state.items].slice(0, KEPT_NOTIFICATIONS),
        unreadCount: state.unreadCount + (action.notification.readAt ? 0 : 1),
        totalCount: state.totalCount + 1,
      };
    }
    case 'read': {
      const target = state.items.find((n) => n.id === action.id);
      if (!target || target.readAt) return state;
      return {
        ...state,
        items: state.items.map((n) => (n.id === action.id ? { ...n, readAt: action.readAt } : n)),
        unreadCount: Math.max(0, state.unreadCount - 1),
      };
    }
    case 'allRead':
      return {
        ...state,
        items: state.items.map((n) => (n.readAt ? n : { ...n, readAt: action.readAt })),
        unreadCount: 0,
      };
  }
}
