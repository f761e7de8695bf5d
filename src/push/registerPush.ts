import type { FirebaseSettings } from './config';
import type { FirebaseMessagingModule, ForegroundMessage } from './types';

export type { FirebaseMessagingModule, ForegroundMessage };

/** Everything push registration touches, so that the order of its steps can be tested without a browser. */
export interface PushEnvironment {
  settings: FirebaseSettings | null;
  /** Notifications, service workers and the Push API are all there. */
  supported(): boolean;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  serviceWorker(): Promise<ServiceWorkerRegistration | null>;
  loadFirebase(): Promise<FirebaseMessagingModule>;
  saveToken(token: string): Promise<unknown>;
}

export type PushOutcome =
  | { status: 'unconfigured' | 'unsupported' | 'denied' }
  | { status: 'failed'; error: unknown }
  | { status: 'registered'; token: string; unsubscribe: () => void };

/** The icon of system notifications (public/icons, also in the manifest). */
export const NOTIFICATION_ICON = '/app/icons/icon-192.png';

/** A message that came while the app was in front still shows as a system notification. */
export function showForeground(registration: ServiceWorkerRegistration, message: ForegroundMessage): Promise<void> {
  return registration.showNotification(message.title || 'Haulboard', {
    body: message.body,
    icon: NOTIFICATION_ICON,
    data: { link: message.link },
  });
}

/**
 * Push (docs/product/shell.md#installable): only when configured; ask permission (a refusal stops here), register the
 * service worker, get the FCM token and store it with the user through the API. Firebase loads after every check.
 */
export async function registerPush(env: PushEnvironment): Promise<PushOutcome> {
  if (!env.settings) return { status: 'unconfigured' };
  if (!env.supported()) return { status: 'unsupported' };
  try {
    const permission = env.permission() === 'granted' ? 'granted' : await env.requestPermission();
    if (permission !== 'granted') return { status: 'denied' };
    const registration = await env.serviceWorker();
    if (!registration) return { status: 'unsupported' };
    const firebase = await env.loadFirebase();
    const subscription = await firebase.subscribe(
      env.settings,
      registration,
      (message) => void showForeground(registration, message).catch(() => undefined),
    );
    if (!subscription) return { status: 'unsupported' };
    await env.saveToken(subscription.token);
    return { status: 'registered', ...subscription };
  } catch (error) {
    return { status: 'failed', error };
  }
}
