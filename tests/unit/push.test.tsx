// @vitest-environment jsdom
/**
 * Push (src/push): only with every VITE_FIREBASE_* setting; a refused permission stops before anything is
 * downloaded; a granted one stores the token through the API (msw, tests/unit/msw). Without configuration the
 * Firebase module is never imported. The browser's permission, service worker and Firebase are stand-ins.
 */
import { render } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIREBASE_VARIABLES, firebaseSettings } from '../../src/push/config';
import { type PushEnvironment, registerPush } from '../../src/push/registerPush';
import { pushApi } from '../../src/push/pushApi';
import { usePushRegistration } from '../../src/push/usePushRegistration';
import { account } from './msw/accounts';
import { signInAs } from './msw/app';
import { pushTokens } from './msw/handlers/shell';
import { api, callsTo, useApi } from './msw/server';

const firebaseModuleLoaded = vi.fn();
vi.mock('../../src/push/firebaseMessaging', () => {
  firebaseModuleLoaded();
  return { subscribe: vi.fn() };
});

useApi();
afterEach(() => {
  vi.unstubAllEnvs();
});

const FULL = {
  VITE_FIREBASE_API_KEY: 'key',
  VITE_FIREBASE_AUTH_DOMAIN: 'haulboard.example',
  VITE_FIREBASE_PROJECT_ID: 'haulboard',
  VITE_FIREBASE_MESSAGING_SENDER_ID: '123',
  VITE_FIREBASE_APP_ID: '1:123:web:abc',
  VITE_FIREBASE_VAPID_KEY: 'BPublicKey',
};

describe('firebase settings', () => {
  it('all six variables make a configuration', () => {
    expect(firebaseSettings(FULL)).toEqual({
      apiKey: 'key',
      authDomain: 'haulboard.example',
      projectId: 'haulboard',
      messagingSenderId: '123',
      appId: '1:123:web:abc',
      vapidKey: 'BPublicKey',
    });
  });

  it('any one missing or blank means no push', () => {
    expect(firebaseSettings({})).toBeNull();
    for (const variable of Object.values(FIREBASE_VARIABLES)) {
      expect(firebaseSettings({ ...FULL, [variable]: undefined }), variable).toBeNull();
      expect(firebaseSettings({ ...FULL, [variable]: '  ' }), variable).toBeNull();
    }
  });
});

function environment(overrides: Partial<PushEnvironment> = {}) {
  const registration = { showNotification: vi.fn(async () => undefined) } as unknown as ServiceWorkerRegistration;
  const subscribe = vi.fn(async () => ({ token: 'fcm-token', unsubscribe: vi.fn() }));
  const env = {
    settings: firebaseSettings(FULL),
    supported: () => true,
    permission: () => 'default' as NotificationPermission,
    requestPermission: vi.fn(async () => 'granted' as NotificationPermission),
    serviceWorker: vi.fn(async () => registration),
    loadFirebase: vi.fn(async () => ({ subscribe })),
    saveToken: vi.fn(async () => undefined),
    ...overrides,
  };
  return { env, registration, subscribe };
}

describe('push registration', () => {
  it('unconfigured: nothing is asked, registered or downloaded', async () => {
    const { env } = environment({ settings: null });
    expect(await registerPush(env)).toEqual({ status: 'unconfigured' });
    expect(env.requestPermission).not.toHaveBeenCalled();
    expect(env.serviceWorker).not.toHaveBeenCalled();
    expect(env.loadFirebase).not.toHaveBeenCalled();
  });

  it('a refused permission stops registration before Firebase is loaded', async () => {
    const { env } = environment({ requestPermission: vi.fn(async () => 'denied' as NotificationPermission) });
    expect(await registerPush(env)).toEqual({ status: 'denied' });
    expect(env.loadFirebase).not.toHaveBeenCalled();
    expect(env.saveToken).not.toHaveBeenCalled();
  });

  it('a permission dismissed without an answer stops it too', async () => {
    const { env } = environment({ requestPermission: vi.fn(async () => 'default' as NotificationPermission) });
    expect((await registerPush(env)).status).toBe('denied');
    expect(env.loadFirebase).not.toHaveBeenCalled();
  });

  it('granted: the service worker, the token from FCM, stored through the API for the signed-in user', async () => {
    const me = account(['Dispatcher']);
    await signInAs(me);
    const { env, registration, subscribe } = environment({ saveToken: (token) => pushApi.save(token) });
    const outcome = await registerPush(env);
    expect(outcome.status).toBe('registered');
    expect(subscribe).toHaveBeenCalledWith(env.settings, registration, expect.any(Function));
    expect(pushTokens().get('fcm-token')).toEqual({ userId: me.user.id, platform: 'web' });
  });

  it('an earlier grant is not asked again', async () => {
    const { env } = environment({ permission: () => 'granted' });
    expect((await registerPush(env)).status).toBe('registered');
    expect(env.requestPermission).not.toHaveBeenCalled();
  });

  it('a foreground message becomes a system notification with its link', async () => {
    const { env, registration, subscribe } = environment();
    await registerPush(env);
    const onForeground = (subscribe.mock.calls[0] as unknown as [unknown, unknown, (m: unknown) => void])[2];
    onForeground({ title: 'Order assigned', body: 'Order 1042 is yours', link: '/app/books/bookorders/1042/edit' });
    expect(registration.showNotification).toHaveBeenCalledWith(
      'Order assigned',
      expect.objectContaining({ body: 'Order 1042 is yours', data: { link: '/app/books/bookorders/1042/edit' } }),
    );
  });

  it('a browser without push support stops quietly', async () => {
    const { env } = environment({ supported: () => false });
    expect(await registerPush(env)).toEqual({ status: 'unsupported' });
    expect(env.requestPermission).not.toHaveBeenCalled();
  });

  it('a failure to store the token is reported, not thrown', async () => {
    await signInAs(account(['Dispatcher']));
    api.use(http.post('*/api/PushTokens', () => HttpResponse.error()));
    const { env } = environment({ saveToken: (token) => pushApi.save(token) });
    expect((await registerPush(env)).status).toBe('failed');
    expect(callsTo('/api/PushTokens', 'POST')).toHaveLength(1);
  });
});

function Mounted() {
  usePushRegistration();
  return null;
}

/** A production build in a browser that has push, permission already granted. */
function stubPushBrowser() {
  vi.stubEnv('PROD', true);
  const registration = { scope: '/app/', active: { state: 'activated' } };
  vi.stubGlobal('Notification', { permission: 'granted', requestPermission: vi.fn() });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register: vi.fn(async () => registration) },
  });
}

describe('the signed-in layout', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    firebaseModuleLoaded.mockClear();
  });
  it('without Firebase settings never imports the Firebase module', async () => {
    stubPushBrowser();
    for (const variable of Object.values(FIREBASE_VARIABLES)) vi.stubEnv(variable, '');
    render(<Mounted />);
    // Without settings the hook returns before anything asynchronous starts; the wait gives a wrong import its chance.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(firebaseModuleLoaded).not.toHaveBeenCalled();
  });

  it('with them, imports it (the check above would see a load)', async () => {
    stubPushBrowser();
    for (const [variable, value] of Object.entries(FULL)) vi.stubEnv(variable, value);
    // Waits for the import itself, however long a busy machine takes to load the module.
    const imported = new Promise<void>((resolve) => firebaseModuleLoaded.mockImplementationOnce(() => resolve()));
    render(<Mounted />);
    await imported;
    expect(firebaseModuleLoaded).toHaveBeenCalledTimes(1);
  });
});
