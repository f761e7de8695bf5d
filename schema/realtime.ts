/**
 * The contract of the /notify hub and the notifications API, shared by the server (server/modules/notify) and the
 * web client (src/realtime). Changing a name or a shape here changes both sides.
 */
export const HUB_METHODS = {
  /** server → client, one argument: OnlineUser[] (each user once), sent whenever the set changes. */
  presence: 'ReceiveClientConnectedEvent',
  /** server → client, one argument: HubNotification. */
  notification: 'ReceiveNotification',
  /**
   * server → client, no arguments: the user's roles or their roles' permissions changed (Access Settings); the client
   * reads its feature list again, so the sidebar and the route guards follow without signing out.
   */
  accessChanged: 'ReceiveAccessChanged',
  /** client → server, no arguments; the completion's result is OnlineUser[]. */
  getOnlineUsers: 'GetOnlineUsers',
} as const;

/** One entry of ReceiveClientConnectedEvent / GetOnlineUsers. */
export interface OnlineUser {
  userId: number;
  firstName: string;
  lastName: string;
}

/** A stored notification: ReceiveNotification pushes one, GET /api/Notifications lists them. */
export interface HubNotification {
  id: number;
  type: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
  readAt: string | null;
}

export interface NotificationPage {
  items: HubNotification[];
  totalCount: number;
  unreadCount: number;
}
