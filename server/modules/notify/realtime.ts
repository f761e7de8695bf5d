/** What the rest of the server sees of the /notify hub (ServerContext.realtime); the wire contract is schema/realtime.ts. */
import { HUB_METHODS, type HubNotification, type OnlineUser } from '../../../schema/realtime';

export { HUB_METHODS };
export type { HubNotification, OnlineUser };

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
  /**
   * Access changed (the permission matrix, or these users' roles): every server drops its cached matrix (the
   * onAccessChanged listeners) and these users' open sessions are told to read their features again.
   */
  accessChanged(userIds: readonly number[]): void;
  /** Called on this server whenever access changed here or on another server. */
  onAccessChanged(listener: () => void): void;
  /** Who is online now, across servers. */
  onlineUsers(): OnlineUser[];
  /**
   * An invocation of `method` (a server → client name of HUB_METHODS) with `args` to every connected socket of these
   * users, on this server and (with PostgreSQL) on the others. The caller decides who may hear it.
   */
  sendToUsers(userIds: readonly number[], method: string, args: unknown[]): void;
  /**
   * A client → server hub method (a HUB_METHODS name; matched without regard to case): the completion carries what the
   * handler returns (or resolves to), or the message of what it throws.
   */
  addMethod(method: string, handler: HubMethodHandler): void;
  /** Called on this server when one of its hub connections closes (the tab closed, the network dropped, signed out). */
  onConnectionClosed(listener: (user: OnlineUser, connectionId: string) => void): void;
}

/**
 * A client → server method: the caller (the connection's user), the invocation's arguments, and the id of the
 * connection it came through (what onConnectionClosed names when that connection ends).
 */
export type HubMethodHandler = (caller: OnlineUser, args: unknown[], connectionId: string) => unknown;
