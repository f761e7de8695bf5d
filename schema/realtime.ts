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
  /**
   * server → client, one argument: BoardOrderChange (schema/dispatchBoard.ts), to users who may read book orders,
   * whenever a book order is created, edited, moved, approved, deleted or restored, on any server.
   */
  boardOrderChanged: 'ReceiveBoardOrderChanged',
  /** client → server, one argument: the id of the order being dragged on the dispatch board, or null when let go. */
  boardDragging: 'BoardDragging',
  /** server → client, one argument: BoardDrag (schema/dispatchBoard.ts), who holds which card (orderId null: let go). */
  boardDrag: 'ReceiveBoardDrag',
  /** server → client, one argument: ChatMessageEvent (schema/chat.ts), a new message, to the members of its thread. */
  chatMessage: 'ReceiveChatMessage',
  /** server → client, one argument: ChatMessageDto (schema/chat.ts), a message edited or deleted, to its thread's members. */
  chatMessageChanged: 'ReceiveChatMessageChanged',
  /** server → client, one argument: ChatTypingEvent (schema/chat.ts), someone typing, to the thread's other members. */
  chatTyping: 'ReceiveChatTyping',
  /** server → client, one argument: ChatSeenEvent (schema/chat.ts), a member has seen the thread up to a message. */
  chatSeen: 'ReceiveChatSeen',
  /** server → client, one argument: ChatThreadEvent (schema/chat.ts), a thread made or renamed, to its members. */
  chatThread: 'ReceiveChatThread',
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
