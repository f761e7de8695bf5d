import { useEffect } from 'react';
import { whenIdle } from '../whenIdle';

/** Built by vite-plugin-pwa (vite.config.ts); it controls the signed-in app only. */
export const SW_URL = '/app/sw.js';
export const SW_SCOPE = '/app/';

let registration: Promise<ServiceWorkerRegistration | null> | null = null;

/**
 * Registers the service worker once per page (the install prompt and push both need it). Production builds only:
 * the dev server has no sw.js. Resolves null where there is none.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator))
    return Promise.resolve(null);
  registration ??= navigator.serviceWorker.register(SW_URL, { scope: SW_SCOPE }).catch(() => null);
  return registration;
}

/**
 * The registration once its worker is active (push subscribes through an active worker). Not
 * navigator.serviceWorker.ready: that waits for a worker whose scope holds the URL the page was opened at, and a
 * visit that started at /login (outside /app/) would wait for ever.
 */
export async function activeServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  const registration = await registerServiceWorker();
  const worker = registration && !registration.active ? (registration.installing ?? registration.waiting) : null;
  if (worker) {
    await new Promise<void>((resolve) => {
      const check = () => {
        if (worker.state === 'activated' || worker.state === 'redundant') {
          worker.removeEventListener('statechange', check);
          resolve();
        }
      };
      worker.addEventListener('statechange', check);
      check();
    });
  }
  return registration?.active ? registration : null;
}

/**
 * After the page has loaded and then at the first idle moment, so that neither the worker's own downloads nor the
 * registration's work competes with drawing the first screen.
 */
export function useServiceWorker(): void {
  useEffect(() => {
    let cancelIdle: (() => void) | null = null;
    const register = () => {
      cancelIdle = whenIdle(() => void registerServiceWorker());
    };
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
    return () => {
      window.removeEventListener('load', register);
      cancelIdle?.();
    };
  }, []);
}
