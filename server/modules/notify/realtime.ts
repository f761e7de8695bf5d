/**
 * What the rest of the server sees of the /notify hub (ServerContext.realtime), and the names and payloads the
 * web client relies on. Changing a name or a shape here breaks src/realtime.
 */
export const HUB_METHODS = {
  /** server → client, one argument: OnlineUser[] (each user once), sent whenever the set changes. */
  presence: 'ReceiveClientConnectedEvent',
  /** server → client, one argument: HubNotification. */
  notification: 'ReceiveNotification',
  /** client → server, no arguments; the completion's result is OnlineUser[]. */
  getOnlineUsers: 'GetOnlineUsers',
} as const;

export interface OnlineUser {
  userId: number;
  firstName: string;
  lastName: string;
}

export interface HubNotification {
  id: number;
  type: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
  readAt: string | null;
}

/** One stored notification on its way to its user. */
export interface Delivery {
  userId: number;
  notification: HubNotification;
}

export interface Realtime {
  /** The same notification to every connected socket of these users, on this server and (with PostgreSQL) on the others. */
  notifyUsers(userIds: readonly number[], notification: HubNotification): void;
  /** Each notification to its own user (what createNotifications returns, after the transaction commits). */
  deliver(deliveries: readonly Delivery[]): void;
  /** Close every hub connection of the user (deactivated, deleted) on every server; they may not reconnect. */
  disconnectUser(userId: number): void;
  /** Close the hub connections opened with this session (signed out, revoked) on every server. */
  disconnectSession(sessionId: string): void;
  /** Who is online now, across servers. */
  onlineUsers(): OnlineUser[];
}
