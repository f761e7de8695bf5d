/** What the /notify hub and the notifications API send (the contract shared with server/modules/notify). */

/** One entry of ReceiveClientConnectedEvent / GetOnlineUsers. */
export interface OnlineUser {
  userId: number;
  firstName: string;
  lastName: string;
}

/** A stored notification: ReceiveNotification pushes one, GET /api/Notifications lists them. */
export interface AppNotification {
  id: number;
  type: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
  readAt: string | null;
}

export interface NotificationPage {
  items: AppNotification[];
  totalCount: number;
  unreadCount: number;
}
