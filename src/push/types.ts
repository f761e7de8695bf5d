import type { FirebaseSettings } from './config';

/** What push registration and the Firebase module share (kept apart so that neither imports the other). */
export interface ForegroundMessage {
  title: string;
  body: string;
  link: string | null;
}

/** The Firebase module (firebaseMessaging.ts), loaded on demand: what registerPush calls of it. */
export interface FirebaseMessagingModule {
  subscribe(
    settings: FirebaseSettings,
    registration: ServiceWorkerRegistration,
    onForeground: (message: ForegroundMessage) => void,
  ): Promise<{ token: string; unsubscribe: () => void } | null>;
}
