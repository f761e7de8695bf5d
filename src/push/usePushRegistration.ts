import { useEffect } from 'react';
import { hasValidToken, onSignOut } from '../../authProvider';
import { activeServiceWorker } from '../pwa/serviceWorker';
import { firebaseSettings } from './config';
import { pushApi } from './pushApi';
import { type PushEnvironment, registerPush } from './registerPush';

export function browserPushEnvironment(settings = firebaseSettings()): PushEnvironment {
  return {
    settings,
    supported: () =>
      typeof window !== 'undefined' &&
      'Notification' in window &&
      'serviceWorker' in navigator &&
      'PushManager' in window,
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    serviceWorker: activeServiceWorker,
    loadFirebase: () => import('./firebaseMessaging'),
    saveToken: (token) => pushApi.save(token),
  };
}

/** Push for the signed-in user when Firebase is configured; the token is forgotten on the server at sign-out. */
export function usePushRegistration(): void {
  useEffect(() => {
    const environment = browserPushEnvironment();
    if (!environment.settings) return;
    let token: string | null = null;
    let unsubscribe: (() => void) | null = null;
    let unmounted = false;
    void registerPush(environment).then((outcome) => {
      if (outcome.status !== 'registered') return;
      if (unmounted) return outcome.unsubscribe();
      token = outcome.token;
      unsubscribe = outcome.unsubscribe;
    });
    const off = onSignOut({
      before: async () => {
        if (token && hasValidToken()) await pushApi.forget(token).catch(() => undefined);
      },
    });
    return () => {
      unmounted = true;
      off();
      unsubscribe?.();
    };
  }, []);
}
