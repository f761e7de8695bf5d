import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocket } from 'ws';
import type { Backplane, BackplaneMessage } from './backplane';
import { Presence } from './presence';
import {
  HANDSHAKE_OK_FRAME,
  PING_FRAME,
  closeFrame,
  completionFrame,
  frame,
  invocationFrame,
  readHandshake,
  readMessage,
  splitRecords,
} from './protocol';
import {
  type Delivery,
  HUB_METHODS,
  type HubMethodHandler,
  type HubNotification,
  type OnlineUser,
  type Realtime,
} from './realtime';
import type { HubSettings } from './settings';

/** Who opened a connection: the user, the session their token names and when that token expires. */
export interface Identity {
  user: OnlineUser;
  sessionId: string;
  expiresAt: number;
}

interface Connection {
  /** Public id (negotiate's connectionId). */
  id: string;
  /** The secret id the socket presents (?id=). */
  token: string;
  identity: Identity;
  createdAt: number;
  /** A socket has claimed this id (a second one gets 409). */
  claimed: boolean;
  socket: WebSocket | null;
  handshaken: boolean;
  lastReceivedAt: number;
  lastSentAt: number;
  /** The unfinished tail of a record split across frames. */
  pending: string;
  closed: boolean;
}

/** Frames are at most 1 MiB (the socket enforces it); an unfinished record may not grow beyond that either. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;
/** A client that does not read what it is sent is dropped once this much waits in its socket. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Negotiated ids a user may hold unclaimed at once; older ones are forgotten (a client looping on negotiate). */
const MAX_UNCLAIMED_PER_USER = 10;
/**
 * Sockets one user may hold open on one server at once, over all their sign-ins and tabs (README.md Limits): a person
 * needs a few; a client looping on connect would otherwise cost the server memory and every presence change a send per
 * socket.
 */
export const MAX_CONNECTIONS_PER_USER = 20;
/** How long a closing socket may take to finish the close handshake. */
const CLOSE_GRACE_MS = 1_000;
/**
 * Presence changes are sent after a short delay, so that a burst (everyone reconnecting after a restart) becomes a
 * few lists rather than one full list to every client per arrival; and lists are paced to this many bytes a second
 * in all (a list of 1,000 users to 1,000 clients is ~50 MB: one a second at most), never more than a second apart.
 */
const PRESENCE_DELAY_MS = 20;
const PRESENCE_BYTES_PER_SECOND = 20 * 1024 * 1024;
const PRESENCE_MAX_PACE_MS = 1_000;

const DISCONNECTED_MESSAGE = 'Your session has ended. Sign in again.';

/**
 * The /notify hub: connections negotiated over HTTP and carried by WebSockets, the JSON hub protocol on them,
 * presence (who is online) and notifications, shared with other server processes through the backplane.
 */
export class Hub implements Realtime {
  /** Connections by their secret token, from negotiate until the socket closes. */
  private readonly connections = new Map<string, Connection>();
  /** Handshaken connections per user. */
  private readonly byUser = new Map<number, Set<Connection>>();
  private readonly presence = new Presence();
  private tickTimer: NodeJS.Timeout | null = null;
  private presenceTimer: NodeJS.Timeout | null = null;
  /** Pacing: the next list goes out no earlier than this. */
  private nextPresenceAt = 0;
  /** This server's own set changed since the last announcement to the others. */
  private localChanged = false;
  /** Newcomers owed the list once the pending change is flushed (if it turns out to change nothing for the others). */
  private readonly owedList = new Set<Connection>();
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private stopping = false;

  constructor(
    private readonly settings: HubSettings,
    private readonly log: FastifyBaseLogger,
    private readonly backplane: Backplane | null = null,
  ) {}

  get isStopping(): boolean {
    return this.stopping;
  }

  /** Local connections (sockets attached, handshaken or not); for tests and the benchmark. */
  get socketCount(): number {
    let n = 0;
    for (const c of this.connections.values()) if (c.socket) n++;
    return n;
  }

  async start(): Promise<void> {
    // Fine enough that pings go out close to their interval and silent clients are dropped close to the timeout.
    const tickMs = Math.max(
      5,
      Math.floor(Math.min(this.settings.pingIntervalMs / 4, this.settings.clientTimeoutMs / 6)),
    );
    this.tickTimer = setInterval(() => this.tick(), tickMs);
    this.tickTimer.unref();
    if (!this.backplane) return;
    this.heartbeatTimer = setInterval(() => this.heartbeat(), this.settings.heartbeatMs);
    this.heartbeatTimer.unref();
    await this.backplane.start({
      onConnected: () => {
        this.backplane!.publish({ t: 'hello' });
        this.announce();
      },
      onMessage: (from, message) => this.fromPeer(from, message),
    });
  }

  // ------------------------------------------------------------------ connection lifecycle

  /** POST /notify/negotiate: a connection id for a socket to claim. */
  negotiate(identity: Identity): { connectionId: string; connectionToken: string } {
    const unclaimed = [...this.connections.values()].filter(
      (c) => !c.claimed && c.identity.user.userId === identity.user.userId,
    );
    for (const old of unclaimed.slice(0, Math.max(0, unclaimed.length - MAX_UNCLAIMED_PER_USER + 1)))
      this.connections.delete(old.token);
    const connection = this.create(identity);
    return { connectionId: connection.id, connectionToken: connection.token };
  }

  /** Whether the user already holds MAX_CONNECTIONS_PER_USER sockets here (claimed, attached or on their way). */
  isFull(userId: number): boolean {
    let open = 0;
    for (const c of this.connections.values()) if (c.claimed && !c.closed && c.identity.user.userId === userId) open++;
    return open >= MAX_CONNECTIONS_PER_USER;
  }

  /**
   * A socket wants the connection `token` (null: the client skipped negotiation). Claimed at once, so a second
   * socket racing for the same id is refused even before the first one's upgrade completes.
   */
  claim(token: string | null, identity: Identity): Connection | 'unknown' | 'taken' | 'full' {
    if (this.isFull(identity.user.userId)) return 'full';
    if (token === null) {
      const connection = this.create(identity);
      connection.claimed = true;
      return connection;
    }
    const connection = this.connections.get(token);
    if (!connection || connection.closed || connection.identity.user.userId !== identity.user.userId) return 'unknown';
    if (connection.claimed) return 'taken';
    connection.claimed = true;
    connection.identity = identity;
    return connection;
  }

  /** The upgrade failed after the claim (the socket went away): the id may be claimed again until it expires. */
  release(connection: Connection): void {
    if (!connection.socket) connection.claimed = false;
  }

  attach(connection: Connection, socket: WebSocket): void {
    const now = Date.now();
    connection.socket = socket;
    connection.lastReceivedAt = now;
    connection.lastSentAt = now;
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => this.receive(connection, data));
    socket.on('close', () => this.forget(connection));
    // Oversized frames and protocol errors arrive here; the socket closes itself afterwards.
    socket.on('error', (error) => this.log.debug({ err: error, connectionId: connection.id }, 'hub socket error'));
    if (this.stopping) this.drop(connection, closeFrame(true));
  }

  private create(identity: Identity): Connection {
    const now = Date.now();
    const connection: Connection = {
      id: crypto.randomBytes(16).toString('base64url'),
      token: crypto.randomBytes(24).toString('base64url'),
      identity,
      createdAt: now,
      claimed: false,
      socket: null,
      handshaken: false,
      lastReceivedAt: now,
      lastSentAt: now,
      pending: '',
      closed: false,
    };
    this.connections.set(connection.token, connection);
    return connection;
  }

  private receive(connection: Connection, data: Buffer | ArrayBuffer | Buffer[]): void {
    if (connection.closed) return;
    connection.lastReceivedAt = Date.now();
    const text = Buffer.isBuffer(data)
      ? data.toString('utf8')
      : Array.isArray(data)
        ? Buffer.concat(data).toString('utf8')
        : Buffer.from(data).toString('utf8');
    if (connection.pending.length + text.length > MAX_MESSAGE_BYTES)
      return this.drop(connection, closeFrame(false, 'The message is too large.'));
    const { records, rest } = splitRecords(connection.pending, text);
    connection.pending = rest;
    for (const record of records) {
      if (connection.closed) return;
      if (!connection.handshaken) this.handshake(connection, record);
      else this.handle(connection, record);
    }
  }

  private handshake(connection: Connection, record: string): void {
    const result = readHandshake(record);
    if (!result.ok) {
      // The client reports this error text and stops; it must not retry with the same request.
      this.drop(connection, frame({ error: result.error }));
      return;
    }
    this.send(connection, HANDSHAKE_OK_FRAME);
    connection.handshaken = true;
    const userId = connection.identity.user.userId;
    let mine = this.byUser.get(userId);
    if (!mine) {
      mine = new Set();
      this.byUser.set(userId, mine);
    }
    // A newcomer gets the list: with everyone, when their arrival changes it; else on their own.
    if (mine.size === 0) {
      this.presence.addLocal(connection.identity.user);
      this.owedList.add(connection);
      this.presenceChanged(true);
    } else this.send(connection, invocationFrame(HUB_METHODS.presence, [this.presence.all()]));
    mine.add(connection);
  }

  private handle(connection: Connection, record: string): void {
    const message = readMessage(record);
    switch (message.kind) {
      case 'invocation': {
        const added = this.methods.get(message.target.toLowerCase());
        if (added) return this.invokeAdded(connection, added, message.invocationId, message.args);
        const outcome = this.invoke(message.target, message.args);
        if (message.invocationId !== null) this.send(connection, completionFrame(message.invocationId, outcome));
        return;
      }
      case 'stream-invocation':
        this.send(connection, completionFrame(message.invocationId, { error: 'This hub has no streaming methods.' }));
        return;
      case 'close':
        this.drop(connection, null);
        return;
      case 'invalid':
        this.drop(connection, closeFrame(false, message.reason));
        return;
      case 'ping':
      case 'ignored':
        return;
    }
  }

  /** The client → server methods. Names are matched without regard to case, as ASP.NET Core does. */
  private invoke(target: string, args: unknown[]): { result: unknown } | { error: string } {
    if (target.toLowerCase() === HUB_METHODS.getOnlineUsers.toLowerCase()) {
      if (args.length) return { error: `${HUB_METHODS.getOnlineUsers} takes no arguments.` };
      return { result: this.presence.all() };
    }
    return { error: `Unknown hub method '${target.slice(0, 100)}'.` };
  }

  /** Client → server methods other modules add (Realtime.addMethod), by lower-case name. */
  private readonly methods = new Map<string, HubMethodHandler>();

  addMethod(method: string, handler: HubMethodHandler): void {
    this.methods.set(method.toLowerCase(), handler);
  }

  private readonly closedListeners: ((user: OnlineUser, connectionId: string) => void)[] = [];

  onConnectionClosed(listener: (user: OnlineUser, connectionId: string) => void): void {
    this.closedListeners.push(listener);
  }

  private invokeAdded(
    connection: Connection,
    handler: HubMethodHandler,
    invocationId: string | null,
    args: unknown[],
  ): void {
    Promise.resolve()
      .then(() => handler(connection.identity.user, args, connection.id))
      .then(
        (result) => ({ result: result ?? null }),
        (error: unknown) => ({ error: error instanceof Error ? error.message : 'The method failed.' }),
      )
      .then((outcome) => {
        if (invocationId !== null && !connection.closed) this.send(connection, completionFrame(invocationId, outcome));
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'hub: a method could not answer'));
  }

  /** Text frames always (the JSON protocol); a broadcast passes one Buffer encoded once for everyone. */
  private send(connection: Connection, data: string | Buffer): void {
    const socket = connection.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn(
        { connectionId: connection.id, userId: connection.identity.user.userId },
        'hub: dropping a client that does not read',
      );
      this.forget(connection);
      socket.terminate();
      return;
    }
    socket.send(data, { binary: false });
    connection.lastSentAt = Date.now();
  }

  /** Ends a connection now: out of presence at once, the last frame (if any) sent, the socket closed. */
  private drop(connection: Connection, lastFrame: string | null): void {
    if (connection.closed) return;
    if (lastFrame) this.send(connection, lastFrame);
    this.forget(connection);
    const socket = connection.socket;
    if (!socket) return;
    socket.close(1000);
    // A peer that never answers the close handshake is cut off.
    setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
  }

  /** Removes the connection from the registry and presence (idempotent). */
  private forget(connection: Connection): void {
    if (connection.closed) return;
    connection.closed = true;
    this.connections.delete(connection.token);
    if (!connection.handshaken) return;
    for (const listener of this.closedListeners) {
      try {
        listener(connection.identity.user, connection.id);
      } catch (error) {
        this.log.warn({ err: error }, 'hub: a listener of closed connections failed');
      }
    }
    const userId = connection.identity.user.userId;
    const mine = this.byUser.get(userId);
    if (!mine) return;
    mine.delete(connection);
    if (mine.size > 0) return;
    this.byUser.delete(userId);
    this.presence.removeLocal(userId);
    this.presenceChanged(true);
  }

  // ------------------------------------------------------------------ timers

  /** Pings, silent clients, expired tokens and unclaimed negotiations. */
  private tick(now = Date.now()): void {
    const pingDue = now - this.settings.pingIntervalMs;
    for (const connection of [...this.connections.values()]) {
      if (!connection.socket) {
        if (now - connection.createdAt > this.settings.negotiateTtlMs && !connection.claimed)
          this.connections.delete(connection.token);
        continue;
      }
      if (now - connection.lastReceivedAt > this.settings.clientTimeoutMs) {
        this.log.info(
          { connectionId: connection.id, userId: connection.identity.user.userId },
          'hub: client timed out',
        );
        this.drop(connection, closeFrame(true, 'The client sent nothing within the timeout.'));
      } else if (connection.identity.expiresAt <= now) {
        this.drop(connection, closeFrame(false, DISCONNECTED_MESSAGE));
      } else if (connection.handshaken && connection.lastSentAt <= pingDue) {
        this.send(connection, PING_FRAME);
      }
    }
  }

  private heartbeat(): void {
    this.announce();
    if (this.presence.dropSilent(Date.now() - 3 * this.settings.heartbeatMs).length) this.presenceChanged(false);
  }

  // ------------------------------------------------------------------ presence

  /** Tell the other servers who is connected here. */
  private announce(): void {
    this.backplane?.publish({ t: 'presence', users: this.presence.localUsers() });
  }

  /** Presence changed here (`local`: this server's own set) or on another server: flush after the delay. */
  private presenceChanged(local: boolean): void {
    if (this.stopping) return;
    if (local) this.localChanged = true;
    if (!this.presenceTimer)
      this.presenceTimer = setTimeout(
        () => this.flushPresence(),
        Math.max(PRESENCE_DELAY_MS, this.nextPresenceAt - Date.now()),
      );
  }

  private flushPresence(): void {
    this.presenceTimer = null;
    if (this.localChanged) {
      this.localChanged = false;
      this.announce();
    }
    const users = this.presence.takeChange();
    if (!users && !this.owedList.size) return;
    const data = Buffer.from(invocationFrame(HUB_METHODS.presence, [users ?? this.presence.all()]));
    let sent = 0;
    for (const connection of users ? this.connections.values() : this.owedList) {
      if (!connection.handshaken || connection.closed) continue;
      this.send(connection, data);
      sent++;
    }
    this.owedList.clear();
    this.nextPresenceAt =
      Date.now() + Math.min(PRESENCE_MAX_PACE_MS, ((data.length * sent) / PRESENCE_BYTES_PER_SECOND) * 1000);
  }

  onlineUsers(): OnlineUser[] {
    return this.presence.all();
  }

  // ------------------------------------------------------------------ Realtime: what other modules call

  notifyUsers(userIds: readonly number[], notification: HubNotification): void {
    if (!userIds.length) return;
    this.notifyLocal(userIds, notification);
    this.backplane?.publish({ t: 'notify', userIds: [...userIds], notification });
  }

  deliver(deliveries: readonly Delivery[]): void {
    if (!deliveries.length) return;
    this.deliverLocal(deliveries);
    this.backplane?.publish({ t: 'deliver', deliveries: [...deliveries] });
  }

  disconnectUser(userId: number): void {
    this.disconnectLocal((c) => c.identity.user.userId === userId);
    this.backplane?.publish({ t: 'disconnect', userId });
  }

  disconnectSession(sessionId: string): void {
    this.disconnectLocal((c) => c.identity.sessionId === sessionId);
    this.backplane?.publish({ t: 'disconnect', sessionId });
  }

  private readonly accessListeners: (() => void)[] = [];

  accessChanged(userIds: readonly number[]): void {
    this.accessChangedLocal(userIds);
    this.backplane?.publish({ t: 'access', userIds: [...userIds] });
  }

  onAccessChanged(listener: () => void): void {
    this.accessListeners.push(listener);
  }

  private accessChangedLocal(userIds: readonly number[]): void {
    for (const listener of this.accessListeners) listener();
    const data = Buffer.from(invocationFrame(HUB_METHODS.accessChanged, []));
    for (const userId of new Set(userIds))
      for (const connection of this.byUser.get(userId) ?? []) this.send(connection, data);
  }

  sendToUsers(userIds: readonly number[], method: string, args: unknown[]): void {
    if (!userIds.length) return;
    this.sendLocal(userIds, method, args);
    this.backplane?.publish({ t: 'send', userIds: [...userIds], method, args });
  }

  private sendLocal(userIds: readonly number[], method: string, args: unknown[]): void {
    const data = Buffer.from(invocationFrame(method, args));
    for (const userId of new Set(userIds))
      for (const connection of this.byUser.get(userId) ?? []) this.send(connection, data);
  }

  private notifyLocal(userIds: readonly number[], notification: HubNotification): void {
    const data = Buffer.from(invocationFrame(HUB_METHODS.notification, [notification]));
    for (const userId of new Set(userIds))
      for (const connection of this.byUser.get(userId) ?? []) this.send(connection, data);
  }

  private deliverLocal(deliveries: readonly Delivery[]): void {
    for (const { userId, notification } of deliveries) this.notifyLocal([userId], notification);
  }

  private disconnectLocal(match: (connection: Connection) => boolean): void {
    for (const connection of [...this.connections.values()]) {
      if (!match(connection)) continue;
      // Negotiated but not yet connected ids die too, so a socket cannot arrive afterwards.
      if (connection.socket) this.drop(connection, closeFrame(false, DISCONNECTED_MESSAGE));
      else this.forget(connection);
    }
  }

  /** What another server published; checked, since anything on the channel could have sent it. */
  private fromPeer(from: string, message: BackplaneMessage): void {
    switch (message.t) {
      case 'hello':
        this.presenceChanged(true);
        return;
      case 'bye':
        this.presence.dropRemote(from);
        this.presenceChanged(false);
        return;
      case 'presence':
        if (!Array.isArray(message.users)) return;
        this.presence.setRemote(from, message.users.filter(isOnlineUser));
        this.presenceChanged(false);
        return;
      case 'notify':
        if (Array.isArray(message.userIds) && message.notification)
          this.notifyLocal(message.userIds.filter(Number.isInteger), message.notification);
        return;
      case 'deliver':
        if (Array.isArray(message.deliveries))
          this.deliverLocal(message.deliveries.filter((d) => d && Number.isInteger(d.userId) && d.notification));
        return;
      case 'access':
        if (Array.isArray(message.userIds)) this.accessChangedLocal(message.userIds.filter(Number.isInteger));
        return;
      case 'send':
        if (Array.isArray(message.userIds) && typeof message.method === 'string' && Array.isArray(message.args))
          this.sendLocal(message.userIds.filter(Number.isInteger), message.method, message.args);
        return;
      case 'disconnect':
        if (Number.isInteger(message.userId)) this.disconnectLocal((c) => c.identity.user.userId === message.userId);
        else if (typeof message.sessionId === 'string')
          this.disconnectLocal((c) => c.identity.sessionId === message.sessionId);
        return;
    }
  }

  // ------------------------------------------------------------------ shutdown

  /**
   * Server shutdown: every client is told it may reconnect (to this server once it is back, or to another), the
   * sockets are closed, the other servers are told this one is gone.
   */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    if (this.tickTimer) clearInterval(this.tickTimer);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (this.presenceTimer) clearTimeout(this.presenceTimer);
    const sockets: WebSocket[] = [];
    for (const connection of [...this.connections.values()]) {
      if (connection.socket) sockets.push(connection.socket);
      this.drop(connection, connection.handshaken ? closeFrame(true) : null);
    }
    await Promise.all(sockets.map((socket) => closed(socket, CLOSE_GRACE_MS)));
    await this.backplane?.stop();
  }
}

function isOnlineUser(value: unknown): value is OnlineUser {
  const user = value as OnlineUser;
  return (
    !!user && Number.isInteger(user.userId) && typeof user.firstName === 'string' && typeof user.lastName === 'string'
  );
}

/** Resolves when the socket has closed, or after `ms` (it is then terminated). */
function closed(socket: WebSocket, ms: number): Promise<void> {
  if (socket.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.terminate();
      resolve();
    }, ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
