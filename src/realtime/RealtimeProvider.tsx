import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'ra-core';
import {
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { hasValidToken, onSignOut } from '../../authProvider';
import { getToken, getUser } from '../../dataProvider/session';
import { FEATURES_QUERY_KEY } from '../../ui/access/useFeatureGroups';
import { accessApi } from '../../dataProvider/access';
import { OnlineUsersProvider } from '../layout/OnlineContacts';
import { publishHubEvent, setHubLink } from '../../ui/realtime/hubBus';
import { type HubHandle, startHub } from './hubClient';
import { notificationsApi } from './notificationsApi';
import { INITIAL_NOTIFICATIONS, type NotificationsState, notificationsReducer } from './notificationsState';
import { NotificationToast } from './NotificationToast';
import type { AppNotification, OnlineUser } from './types';
import { whenIdle } from '../whenIdle';

export interface NotificationsApi extends NotificationsState {
  /** Loads the latest page from the server (the bell calls it when it opens). */
  reload(): Promise<void>;
  markRead(notification: AppNotification): Promise<void>;
  markAllRead(): Promise<void>;
}

const NotificationsContext = createContext<NotificationsApi | null>(null);

/** The user's notifications as the bell shows them; only inside RealtimeProvider. */
export function useNotifications(): NotificationsApi {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error('useNotifications needs a RealtimeProvider above it');
  return value;
}

/**
 * Asked when the hub refuses the token or it has expired locally: a 401 from /api/token/me goes through the session
 * watch (src/admin/useSessionWatch), which clears the session and sends the user to /login. Any other answer means
 * the session stands and the hub is simply unreachable for now.
 */
async function confirmSession(): Promise<boolean> {
  try {
    await accessApi.me();
    return true;
  } catch (error) {
    return (error as { status?: number }).status !== 401;
  }
}

/** Others only: the list answers "who else is here". */
const others = (users: OnlineUser[]) => {
  const me = getUser()?.id;
  return users.filter((user) => user.userId !== me);
};

/**
 * The signed-in layout's one hub connection (mounted once, in AppLayout): who is online for the contacts popover,
 * notifications for the toasts and the bell. The stored list is loaded at sign-in and after every reconnect, so
 * nothing sent while the user was offline is missed.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const notify = useNotify();
  const notifyRef = useRef(notify);
  notifyRef.current = notify;
  const queryClient = useQueryClient();
  const [online, setOnline] = useState<OnlineUser[]>([]);
  const [state, dispatch] = useReducer(notificationsReducer, INITIAL_NOTIFICATIONS);

  const reload = useCallback(async () => {
    try {
      dispatch({ type: 'loaded', page: await notificationsApi.list() });
    } catch {
      // Offline or signed out: the next reconnect loads again (a 401 has already sent the user to /login).
    }
  }, []);

  useEffect(() => {
    let hub: HubHandle | null = null;
    const start = () => {
      hub = startHub(
        {
          presence: (users) => setOnline(others(users)),
          notification: (notification) => {
            dispatch({ type: 'received', notification });
            notifyRef.current(<NotificationToast notification={notification} />, { type: 'info' });
          },
          // The sidebar and the route guards read the feature list: fetched again, they follow the new access.
          accessChanged: () => void queryClient.invalidateQueries({ queryKey: FEATURES_QUERY_KEY }),
          connected: () => {
            void reload();
            setHubLink({
              connected: true,
              invoke: (method, ...args) =>
                hub?.invoke(method, ...args) ?? Promise.reject(new Error('the hub is stopped')),
            });
          },
          relayed: publishHubEvent,
          disconnected: () => {
            setOnline([]);
            setHubLink({ connected: false, invoke: null });
          },
        },
        { getToken, sessionAlive: () => hasValidToken(), confirmSession },
      );
    };
    // At sign-in, even before (or without) the hub: the bell shows what came while the user was away. Both wait until
    // the screen the user opened has rendered (the browser is idle, or 2 s at most): the hub's code, its handshake
    // and the bell's list are not what the first paint needs.
    let stopped = false;
    const cancelIdle = whenIdle(() => {
      if (stopped) return;
      void reload();
      start();
    });
    const off = onSignOut({
      before: async () => {
        await hub?.stop();
        hub = null;
        setHubLink({ connected: false, invoke: null });
      },
      failed: () => {
        if (!hub) start();
      },
    });
    return () => {
      stopped = true;
      cancelIdle();
      off();
      void hub?.stop();
      setHubLink({ connected: false, invoke: null });
    };
  }, [reload, queryClient]);

  const markRead = useCallback(
    async (notification: AppNotification) => {
      if (notification.readAt) return;
      dispatch({ type: 'read', id: notification.id, readAt: new Date().toISOString() });
      try {
        await notificationsApi.markRead(notification.id);
      } catch {
        await reload();
      }
    },
    [reload],
  );

  const markAllRead = useCallback(async () => {
    dispatch({ type: 'allRead', readAt: new Date().toISOString() });
    try {
      await notificationsApi.markAllRead();
    } catch {
      await reload();
    }
  }, [reload]);

  const notifications = useMemo<NotificationsApi>(
    () => ({ ...state, reload, markRead, markAllRead }),
    [state, reload, markRead, markAllRead],
  );
  return (
    <NotificationsContext.Provider value={notifications}>
      <OnlineUsersProvider users={online}>{children}</OnlineUsersProvider>
    </NotificationsContext.Provider>
  );
}
