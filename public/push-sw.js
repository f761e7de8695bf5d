/*
 * Push handling inside the app's service worker (vite.config.ts imports it into sw.js with workbox importScripts).
 * Firebase's own worker script is not used, so that no Firebase code is downloaded when push is not configured.
 * FCM delivers web pushes as JSON ({ notification, data, fcmOptions, … }); as Firebase's worker does, a page that is
 * visible gets the message (firebase/messaging's onMessage reads { isFirebaseMessaging, messageType }) and shows it
 * itself; otherwise the worker shows a system notification. Clicking one opens its link, on this origin only.
 */
self.addEventListener('push', (event) => {
  let payload;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  if (!payload || typeof payload !== 'object') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      const visible = clients.filter((client) => client.visibilityState === 'visible');
      if (visible.length) {
        for (const client of visible) client.postMessage({ ...payload, isFirebaseMessaging: true, messageType: 'push-received' });
        return undefined;
      }
      const notification = payload.notification || payload.data || {};
      const link = (payload.fcmOptions && payload.fcmOptions.link) || (payload.data && payload.data.link) || null;
      return self.registration.showNotification(notification.title || 'Haulboard', {
        body: notification.body || '',
        icon: '/app/icons/icon-192.png',
        data: { link },
      });
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = event.notification.data && event.notification.data.link;
  let url;
  try {
    url = new URL(link || '/app/', self.location.origin);
  } catch {
    return;
  }
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      const open = clients.find((client) => new URL(client.url).origin === url.origin && 'navigate' in client);
      return open ? open.navigate(url.href).then((client) => (client || open).focus()) : self.clients.openWindow(url.href);
    }),
  );
});
