/**
 * The hub client's supervision (src/realtime): backoff, the token check before every try, the server's word when the
 * token is refused, presence after every (re)connect, stop for good; and the bell's notification state.
 * @microsoft/signalr is replaced by a fake with the same surface, so every start, close and retry is under control.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type HubEvents, type HubOptions, type SignalRModule, startHub } from '../../src/realtime/hubClient';
import { INITIAL_NOTIFICATIONS, notificationsReducer } from '../../src/realtime/notificationsState';
import { RETRY_DELAYS_MS, createRetryPolicy, isUnauthorized, retryDelay } from '../../src/realtime/retryPolicy';
import type { AppNotification } from '../../src/realtime/types';

const noJitter = () => 0.5;

describe('retry delays', () => {
  it('0, 2, 5, 10, 30 s, then every 30 s for ever', () => {
    expect(Array.from({ length: 8 }, (_, attempt) => retryDelay(attempt, noJitter))).toEqual([
      0, 2000, 5000, 10000, 30000, 30000, 30000, 30000,
    ]);
  });

  it('jitter moves each wait by at most 20 %', () => {
    expect(retryDelay(4, () => 0)).toBe(24000);
    expect(retryDelay(4, () => 0.999999)).toBe(36000);
    expect(retryDelay(1, () => 0)).toBe(1600);
    expect(retryDelay(0, () => 0)).toBe(0);
  });

  it('the policy stops when the session is gone or the hub refused the token', () => {
    let alive = true;
    const policy = createRetryPolicy(() => alive, noJitter);
    const context = (
      previousRetryCount: number,
      retryReason = new Error('WebSocket closed with status code: 1006'),
    ) => ({ previousRetryCount, elapsedMilliseconds: 0, retryReason });
    expect(policy.nextRetryDelayInMilliseconds(context(2))).toBe(5000);
    expect(
      policy.nextRetryDelayInMilliseconds(
        context(0, new Error("Failed to complete negotiation with the server: Error: Unauthorized: Status code '401'")),
      ),
    ).toBeNull();
    alive = false;
    expect(policy.nextRetryDelayInMilliseconds(context(0))).toBeNull();
  });

  it('tells a refused token from other failures', () => {
    expect(
      isUnauthorized(
        new Error("Failed to complete negotiation with the server: Error: Unauthorized: Status code '401'"),
      ),
    ).toBe(true);
    expect(isUnauthorized({ statusCode: 401 })).toBe(true);
    expect(
      isUnauthorized(new Error("Failed to complete negotiation with the server: Error: Not Found: Status code '404'")),
    ).toBe(false);
    expect(isUnauthorized(new Error('Failed to fetch'))).toBe(false);
    expect(isUnauthorized(undefined)).toBe(false);
  });
});

/** A stand-in for @microsoft/signalr's HubConnection: each start() takes the next scripted outcome. */
class FakeConnection {
  handlers = new Map<string, (...args: unknown[]) => void>();
  closeCallbacks: ((error?: Error) => void)[] = [];
  reconnectingCallbacks: ((error?: Error) => void)[] = [];
  reconnectedCallbacks: ((id?: string) => void)[] = [];
  starts = 0;
  stops = 0;
  outcomes: (Error | 'ok')[] = [];
  online = [{ userId: 2, firstName: 'Dana', lastName: 'Dispatcher' }];
  invoke = vi.fn(async (method: string) => {
    if (method !== 'GetOnlineUsers') throw new Error(`unexpected ${method}`);
    return this.online;
  });
  on(name: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(name, handler);
  }
  onclose(callback: (error?: Error) => void) {
    this.closeCallbacks.push(callback);
  }
  onreconnecting(callback: (error?: Error) => void) {
    this.reconnectingCallbacks.push(callback);
  }
  onreconnected(callback: (id?: string) => void) {
    this.reconnectedCallbacks.push(callback);
  }
  async start() {
    this.starts++;
    const outcome = this.outcomes.shift() ?? 'ok';
    if (outcome !== 'ok') throw outcome;
  }
  async stop() {
    this.stops++;
  }
  /** The server went away for good (no reconnect by the library). */
  close(error?: Error) {
    this.closeCallbacks.forEach((callback) => callback(error));
  }
}

function fakeSignalR() {
  const connection = new FakeConnection();
  const built: {
    url?: string;
    options?: { accessTokenFactory(): string; transport: number; skipNegotiation: boolean };
    policy?: unknown;
    logLevel?: number;
  } = {};
  class HubConnectionBuilder {
    withUrl(url: string, options: typeof built.options) {
      built.url = url;
      built.options = options;
      return this;
    }
    withAutomaticReconnect(policy: unknown) {
      built.policy = policy;
      return this;
    }
    configureLogging(level: number) {
      built.logLevel = level;
      return this;
    }
    build() {
      return connection;
    }
  }
  const module = {
    HubConnectionBuilder,
    HttpTransportType: { WebSockets: 1 },
    LogLevel: { None: 6 },
  } as unknown as SignalRModule;
  return { connection, built, load: vi.fn(async () => module) };
}

function eventsSpy() {
  return {
    presence: vi.fn(),
    notification: vi.fn(),
    accessChanged: vi.fn(),
    connected: vi.fn(),
    disconnected: vi.fn(),
  } satisfies HubEvents;
}

/** Lets pending promise callbacks run (fake timers do not advance microtasks by themselves). */
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('hub supervisor', () => {
  let signalR: ReturnType<typeof fakeSignalR>;
  let alive: boolean;
  let options: HubOptions & { confirmSession: ReturnType<typeof vi.fn> };

  beforeEach(() => {
    vi.useFakeTimers();
    signalR = fakeSignalR();
    alive = true;
    options = {
      getToken: () => 'the-token',
      sessionAlive: () => alive,
      confirmSession: vi.fn(async () => false),
      load: signalR.load,
      random: noJitter,
    };
  });
  afterEach(() => vi.useRealTimers());

  it('connects over WebSockets with the stored token, silences the console, then asks who is online', async () => {
    const events = eventsSpy();
    startHub(events, options);
    await flush();
    expect(signalR.built.url).toBe('/notify');
    expect(signalR.built.options!.transport).toBe(1);
    expect(signalR.built.options!.skipNegotiation).toBe(false);
    expect(signalR.built.options!.accessTokenFactory()).toBe('the-token');
    expect(signalR.built.logLevel).toBe(6);
    expect(signalR.connection.invoke).toHaveBeenCalledWith('GetOnlineUsers');
    expect(events.presence).toHaveBeenCalledWith(signalR.connection.online);
    expect(events.connected).toHaveBeenCalledTimes(1);
  });

  it('passes on presence and notifications pushed by the server', async () => {
    const events = eventsSpy();
    startHub(events, options);
    await flush();
    const users = [{ userId: 3, firstName: 'Fay', lastName: 'Finance' }];
    signalR.connection.handlers.get('ReceiveClientConnectedEvent')!(users);
    expect(events.presence).toHaveBeenLastCalledWith(users);
    const notification = {
      id: 1,
      type: 'registration',
      title: 'New registration',
      body: 'x',
      link: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      readAt: null,
    };
    signalR.connection.handlers.get('ReceiveNotification')!(notification);
    expect(events.notification).toHaveBeenCalledWith(notification);
  });

  it('retries a failed first start with backoff: at once, then 2 s, then 5 s', async () => {
    const down = new Error('Failed to complete negotiation with the server: TypeError: Failed to fetch');
    signalR.connection.outcomes = [down, down, down, 'ok'];
    const events = eventsSpy();
    startHub(events, options);
    await flush();
    expect(signalR.connection.starts).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(signalR.connection.starts).toBe(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(signalR.connection.starts).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(signalR.connection.starts).toBe(3);
    await vi.advanceTimersByTimeAsync(5000);
    expect(signalR.connection.starts).toBe(4);
    expect(events.connected).toHaveBeenCalledTimes(1);
    expect(options.confirmSession).not.toHaveBeenCalled();
  });

  it('keeps trying every 30 s for as long as the server stays away', async () => {
    signalR.connection.outcomes = Array.from({ length: 20 }, () => new Error('WebSocket failed to connect.'));
    startHub(eventsSpy(), options);
    await flush();
    await vi.advanceTimersByTimeAsync(0 + 2000 + 5000 + 10000 + 30000);
    expect(signalR.connection.starts).toBe(6);
    await vi.advanceTimersByTimeAsync(30000 * 10);
    expect(signalR.connection.starts).toBe(16);
  });

  it('starts again after the server closed the connection, and asks who is online again', async () => {
    const events = eventsSpy();
    startHub(events, options);
    await flush();
    signalR.connection.close(new Error('Server returned an error on close: Connection closed with an error.'));
    expect(events.disconnected).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(signalR.connection.starts).toBe(2);
    expect(signalR.connection.invoke).toHaveBeenCalledTimes(2);
    expect(events.connected).toHaveBeenCalledTimes(2);
  });

  it('a reconnect by the library counts as a new connection: presence asked again, missed notifications reloaded', async () => {
    const events = eventsSpy();
    startHub(events, options);
    await flush();
    signalR.connection.reconnectingCallbacks.forEach((callback) => callback(new Error('gone')));
    expect(events.disconnected).toHaveBeenCalledTimes(1);
    signalR.connection.reconnectedCallbacks.forEach((callback) => callback('new-id'));
    await flush();
    expect(signalR.connection.invoke).toHaveBeenCalledTimes(2);
    expect(events.connected).toHaveBeenCalledTimes(2);
  });

  it('checks the token before each try: once it has expired the server is asked, and nothing is retried', async () => {
    startHub(eventsSpy(), options);
    await flush();
    alive = false;
    signalR.connection.close(new Error('closed'));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(options.confirmSession).toHaveBeenCalledTimes(1);
    expect(signalR.connection.starts).toBe(1);
  });

  it('a 401 from the hub goes to the server too, even while the token looks valid locally', async () => {
    signalR.connection.outcomes = [
      new Error("Failed to complete negotiation with the server: Error: Unauthorized: Status code '401'"),
    ];
    startHub(eventsSpy(), options);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(options.confirmSession).toHaveBeenCalledTimes(1);
    expect(signalR.connection.starts).toBe(1);
  });

  it('when the server says the session still stands, tries again after the longest wait', async () => {
    options.confirmSession.mockResolvedValue(true);
    signalR.connection.outcomes = [new Error("Status code '401'")];
    startHub(eventsSpy(), options);
    await flush();
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[RETRY_DELAYS_MS.length - 1] - 1);
    expect(signalR.connection.starts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(signalR.connection.starts).toBe(2);
  });

  it('does not even load the library without a session', async () => {
    alive = false;
    startHub(eventsSpy(), options);
    await flush();
    expect(signalR.load).not.toHaveBeenCalled();
    expect(options.confirmSession).toHaveBeenCalledTimes(1);
  });

  it('stop ends the connection and every pending retry', async () => {
    signalR.connection.outcomes = [new Error('down')];
    const hub = startHub(eventsSpy(), options);
    await flush();
    await hub.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(signalR.connection.starts).toBe(1);
    expect(signalR.connection.stops).toBe(1);
  });

  it('a close after stop is not retried', async () => {
    const hub = startHub(eventsSpy(), options);
    await flush();
    await hub.stop();
    signalR.connection.close();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(signalR.connection.starts).toBe(1);
    expect(options.confirmSession).not.toHaveBeenCalled();
  });

  it('retries loading the library when its chunk could not be fetched', async () => {
    const working = await signalR.load();
    signalR.load.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    signalR.load.mockResolvedValue(working);
    startHub(eventsSpy(), options);
    await flush();
    expect(signalR.connection.starts).toBe(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(signalR.connection.starts).toBe(1);
  });
});

const notification = (id: number, readAt: string | null = null): AppNotification => ({
  id,
  type: 'registration',
  title: `N${id}`,
  body: '',
  link: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  readAt,
});

describe('notification state', () => {
  const loaded = notificationsReducer(INITIAL_NOTIFICATIONS, {
    type: 'loaded',
    page: { items: [notification(2), notification(1, '2026-01-01T00:00:00.000Z')], totalCount: 2, unreadCount: 1 },
  });

  it('takes the counts from the server', () => {
    expect(loaded).toMatchObject({ unreadCount: 1, totalCount: 2, loaded: true });
  });

  it('a pushed notification goes on top and counts as unread, once even if it arrives twice', () => {
    const once = notificationsReducer(loaded, { type: 'received', notification: notification(3) });
    expect(once.items.map((n) => n.id)).toEqual([3, 2, 1]);
    expect(once.unreadCount).toBe(2);
    expect(notificationsReducer(once, { type: 'received', notification: notification(3) })).toBe(once);
  });

  it('a page asked for before a push and answered after it keeps the pushed notification and its count', () => {
    const pushed = notificationsReducer(loaded, { type: 'received', notification: notification(3) });
    const stale = notificationsReducer(pushed, {
      type: 'loaded',
      page: { items: [notification(2), notification(1, '2026-01-01T00:00:00.000Z')], totalCount: 2, unreadCount: 1 },
    });
    expect(stale.items.map((n) => n.id)).toEqual([3, 2, 1]);
    expect(stale).toMatchObject({ unreadCount: 2, totalCount: 3 });
    // A page that has it counts it once.
    const fresh = notificationsReducer(pushed, {
      type: 'loaded',
      page: { items: [notification(3), notification(2)], totalCount: 3, unreadCount: 2 },
    });
    expect(fresh.items.map((n) => n.id)).toEqual([3, 2]);
    expect(fresh).toMatchObject({ unreadCount: 2, totalCount: 3 });
    // From nothing, a page is taken as it is.
    expect(
      notificationsReducer(INITIAL_NOTIFICATIONS, {
        type: 'loaded',
        page: { items: [], totalCount: 0, unreadCount: 0 },
      }),
    ).toMatchObject({ items: [], unreadCount: 0, totalCount: 0, loaded: true });
  });

  it('reading one lowers the count once; reading all clears it', () => {
    const read = notificationsReducer(loaded, { type: 'read', id: 2, readAt: '2026-01-02T00:00:00.000Z' });
    expect(read.unreadCount).toBe(0);
    expect(read.items[0].readAt).toBe('2026-01-02T00:00:00.000Z');
    expect(notificationsReducer(read, { type: 'read', id: 2, readAt: 'later' })).toBe(read);
    const withNew = notificationsReducer(loaded, { type: 'received', notification: notification(3) });
    const all = notificationsReducer(withNew, { type: 'allRead', readAt: '2026-01-03T00:00:00.000Z' });
    expect(all.unreadCount).toBe(0);
    expect(all.items.every((n) => n.readAt)).toBe(true);
    // Already read ones keep their time.
    expect(all.items.find((n) => n.id === 1)!.readAt).toBe('2026-01-01T00:00:00.000Z');
  });
});
