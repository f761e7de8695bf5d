/** The only module that imports Firebase. It is loaded on demand (registerPush), and only when configured. */
import { getApps, initializeApp } from 'firebase/app';
import { type MessagePayload, getMessaging, getToken, isSupported, onMessage } from 'firebase/messaging';
import type { FirebaseSettings } from './config';
import type { FirebaseMessagingModule, ForegroundMessage } from './types';

const toForeground = (payload: MessagePayload): ForegroundMessage => ({
  title: payload.notification?.title ?? payload.data?.title ?? '',
  body: payload.notification?.body ?? payload.data?.body ?? '',
  link: payload.fcmOptions?.link ?? payload.data?.link ?? null,
});

/**
 * Subscribes this browser to FCM through our service worker (public/push-sw.js handles the pushes) and listens for
 * messages that arrive while the app is in front. Returns the token, or null where push is not supported.
 */
export const subscribe: FirebaseMessagingModule['subscribe'] = async (
  settings: FirebaseSettings,
  registration: ServiceWorkerRegistration,
  onForeground: (message: ForegroundMessage) => void,
) => {
  if (!(await isSupported())) return null;
  const { vapidKey, ...options } = settings;
  const app = getApps()[0] ?? initializeApp(options);
  const messaging = getMessaging(app);
  const token = await getToken(messaging, { vapidKey, serviceWorkerRegistration: registration });
  if (!token) return null;
  return { token, unsubscribe: onMessage(messaging, (payload) => onForeground(toForeground(payload))) };
};
