import type * as SignalR from '@microsoft/signalr';
import { RELAYED_METHODS } from '../../ui/realtime/hubBus';
import { RETRY_DELAYS_MS, createRetryPolicy, isUnauthorized, retryDelay } from './retryPolicy';
import { type AppNotification, HUB_METHODS, type OnlineUser } from './types';

export type SignalRModule = typeof SignalR;

/** The hub client library arrives in its own chunk, only once a signed-in layout starts the connection. */
export const loadSignalR = (): Promise<SignalRModule> => import('@microsoft/signalr');

export const HUB_URL = '/notify';

/** What the rest of the app hears from the hub. */
export interface HubEvents {
  presence(users: OnlineUser[]): void;
  notification(notification: AppNotification): void;
  /** The user's access changed (Access Settings): read the feature list again. */
  accessChanged(): void;
  /** After every successful connect and reconnect: the moment to catch up on what was missed meanwhile. */
  connected(): void;
  /** The connection dropped (it is being retried): who is online is unknown until it is back. */
  disconnected(): void;
  /** One of RELAYED_METHODS (hubBus.ts) arrived, with its argument. */
  relayed?(method: string, payload: unknown): void;
}

export interface HubOptions {
  getToken(): string | null;
  /** The local check (a token is stored and not expired), made before every try. */
  sessionAlive(): boolean;
  /**
   * Asked once the hub refuses the token or the local check fails: the server decides. Resolves false when the
   * session is over (the caller has then sent the user to /login), true to keep trying.
   */
  confirmSession(): Promise<boolean>;
  url?: string;
  load?: () => Promise<SignalRModule>;
  random?: () => number;
}

export interface HubHandle {
  /** Ends the connection and every retry (sign-out, layout unmounted). */
  stop(): Promise<void>;
  /** A client → server call (a screen's: who drags which card); refused while not connected. */
  invoke(method: string, ...args: unknown[]): Promise<unknown>;
}

/**
 * One supervised hub connection. @microsoft/signalr reconnects a connection that was up (withAutomaticReconnect
 * with our policy); this loop covers what it does not: the first start, a start after the server closed the
 * connection for good, and loading the library itself. So the client tries again for ever, with backoff, for as long
 * as the session stands.
 */
export function startHub(events: HubEvents, options: HubOptions): HubHandle {
  const random = options.random ?? Math.random;
  let stopped = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let connection: SignalR.HubConnection | undefined;

  const later = (run: () => void, delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(run, delay);
  };

  /** After a failure: the backoff while the session stands, else the server's word on it. */
  const retry = (error?: unknown) => {
    if (stopped) return;
    if (options.sessionAlive() && !isUnauthorized(error)) {
      later(() => void open(), retryDelay(attempt++, random));
      return;
    }
    void options.confirmSession().then(
      (alive) => alive && !stopped && later(() => void open(), retryDelay(RETRY_DELAYS_MS.length - 1, random)),
      () => undefined,
    );
  };

  const refreshPresence = async (current: SignalR.HubConnection) => {
    try {
      events.presence(await current.invoke<OnlineUser[]>(HUB_METHODS.getOnlineUsers));
    } catch {
      // The connection dropped meanwhile: the reconnect asks again.
    }
  };

  const connected = (current: SignalR.HubConnection) => {
    attempt = 0;
    void refreshPresence(current);
    events.connected();
  };

  const build = async (): Promise<SignalR.HubConnection> => {
    const lib = await (options.load ?? loadSignalR)();
    const built = new lib.HubConnectionBuilder()
      .withUrl(options.url ?? HUB_URL, {
        accessTokenFactory: () => options.getToken() ?? '',
        transport: lib.HttpTransportType.WebSockets,
        skipNegotiation: false,
      })
      .withAutomaticReconnect(createRetryPolicy(options.sessionAlive, random))
      // The hub client writes nothing to the console (docs/product/shell.md#failure-messages).
      .configureLogging(lib.LogLevel.None)
      .build();
    built.on(HUB_METHODS.presence, (users: OnlineUser[]) => events.presence(Array.isArray(users) ? users : []));
    built.on(HUB_METHODS.notification, (notification: AppNotification) => events.notification(notification));
    built.on(HUB_METHODS.accessChanged, () => events.accessChanged());
    for (const method of RELAYED_METHODS) built.on(method, (payload: unknown) => events.relayed?.(method, payload));
    built.onreconnecting(() => events.disconnected());
    built.onreconnected(() => connected(built));
    built.onclose((error) => {
      events.disconnected();
      retry(error);
    });
    return built;
  };

  const open = async () => {
    if (stopped) return;
    if (!options.sessionAlive()) return retry();
    try {
      connection ??= await build();
      if (stopped) return;
      await connection.start();
    } catch (error) {
      return retry(error);
    }
    if (stopped) await connection.stop();
    else connected(connection);
  };

  void open();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await connection?.stop();
    },
    invoke(method, ...args) {
      if (connection?.state !== 'Connected') return Promise.reject(new Error('the hub is not connected'));
      return connection.invoke(method, ...args);
    },
  };
}
