// @vitest-environment jsdom
/**
 * The top bar's real-time pieces with the hub replaced by a fake (src/realtime/hubClient is mocked; the API answers
 * through msw, tests/unit/msw): online contacts, hub notifications as toasts and in the bell, mark read; and the
 * install banner (docs/product/shell.md#installable).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { I18nContextProvider, NotificationContextProvider } from 'ra-core';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from '../../authProvider';
import { type CurrentUser, clearSession, saveSession } from '../../dataProvider/session';
import type { RoleName } from '../../schema/roles';
import { adminI18nProvider as i18nProvider } from '../../src/i18n/admin';
import { NotificationBell, linkTarget } from '../../src/layout/NotificationBell';
import { Notifications } from '../../src/layout/Notifications';
import { OnlineContacts } from '../../src/layout/OnlineContacts';
import { InstallPrompt } from '../../src/pwa/InstallPrompt';
import { INSTALL_CHOICE_KEY, type BeforeInstallPromptEvent, captureInstallPrompt } from '../../src/pwa/installOffer';
import type { HubEvents } from '../../src/realtime/hubClient';
import { RealtimeProvider } from '../../src/realtime/RealtimeProvider';
import type { AppNotification } from '../../src/realtime/types';
import { type Account, account } from './msw/accounts';
import { signInAs } from './msw/app';
import { storeNotifications } from './msw/handlers/shell';
import { api, callsTo, useApi } from './msw/server';

const hub = vi.hoisted(() => ({ events: null as HubEvents | null, starts: 0, stop: vi.fn(async () => undefined) }));
vi.mock('../../src/realtime/hubClient', () => ({
  startHub: (events: HubEvents) => {
    hub.events = events;
    hub.starts++;
    return { stop: hub.stop };
  },
}));

const user = (id: number, roles: string[], isActive = true): CurrentUser => ({
  id,
  email: `u${id}@haulboard.demo`,
  firstName: 'Me',
  lastName: 'Myself',
  name: 'Me Myself',
  avatar: null,
  roles,
  isActive,
  isEmailVerified: true,
  registrationCompleted: true,
  userType: null,
  phone: null,
  phoneCountry: null,
});

const stored = (id: number, readAt: string | null = null): AppNotification => ({
  id,
  type: 'registration',
  title: `Registration ${id}`,
  body: `user${id}@example.com is waiting for activation`,
  link: `/app/management/user-management/${id}/edit`,
  createdAt: '2026-03-01T10:00:00.000Z',
  readAt,
});

useApi();

beforeEach(() => {
  clearSession();
  localStorage.removeItem(INSTALL_CHOICE_KEY);
});

afterEach(() => {
  hub.events = null;
  hub.starts = 0;
  hub.stop.mockReset();
});

/** Signed in through the API as user 1 with these roles, with these stored notifications. */
async function signedIn(
  roles: RoleName[],
  notifications: AppNotification[] = [stored(1, '2026-03-01T11:00:00.000Z')],
): Promise<Account> {
  const me = account(roles, { id: 1, firstName: 'Me', lastName: 'Myself' });
  storeNotifications(me, notifications);
  await signInAs(me);
  return me;
}

const notificationLoads = () => callsTo('/api/Notifications', 'GET');

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

/** The top bar, once the stored notifications have been loaded. */
async function renderTopBar(children: ReactNode = null, queryClient = new QueryClient()) {
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/app/dashboard']}>
        <I18nContextProvider value={i18nProvider}>
          <NotificationContextProvider>
            <RealtimeProvider>
              <OnlineContacts />
              <NotificationBell />
              <Notifications />
              {children}
              <Where />
            </RealtimeProvider>
          </NotificationContextProvider>
        </I18nContextProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(notificationLoads()[0]?.status).toBe(200));
  return view;
}

const ONLINE = [
  { userId: 1, firstName: 'Me', lastName: 'Myself' },
  { userId: 7, firstName: 'Dana', lastName: 'Dispatcher' },
  { userId: 8, firstName: 'Fred', lastName: 'Fleet' },
];

describe('online contacts', () => {
  it('lists the others online, searches by "first last" ignoring case, and says when none match', async () => {
    await signedIn(['Dispatcher']);
    await renderTopBar();
    act(() => hub.events!.presence(ONLINE));
    fireEvent.click(screen.getByRole('button', { name: 'Online contacts, 2 online' }));
    const dialog = screen.getByRole('dialog', { name: 'Online contacts' });
    // The popover's body loads the first time it opens.
    const list = await within(dialog).findByRole('list', { name: 'Online contacts' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Dana Dispatcher', 'Fred Fleet']);
    // Not an administrator: names, no links.
    expect(within(dialog).queryAllByRole('link')).toEqual([]);
    const search = within(dialog).getByRole('textbox', { name: 'Search by name' });
    fireEvent.change(search, { target: { value: 'DANA disp' } });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Dana Dispatcher']);
    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(within(dialog).getByRole('status').textContent).toBe('The user you are looking for is not online');
  });

  it('says no user is online when only the user is, and empties while the hub is away', async () => {
    await signedIn(['Dispatcher']);
    await renderTopBar();
    act(() => hub.events!.presence(ONLINE));
    act(() => hub.events!.disconnected());
    fireEvent.click(screen.getByRole('button', { name: 'Online contacts' }));
    expect((await screen.findByText('No user is online')).getAttribute('role')).toBe('status');
  });

  it('administrators get a link to each user', async () => {
    await signedIn(['Administrator']);
    await renderTopBar();
    act(() => hub.events!.presence(ONLINE));
    fireEvent.click(screen.getByRole('button', { name: 'Online contacts, 2 online' }));
    const link = await screen.findByRole('link', { name: 'Dana Dispatcher' });
    expect(link.getAttribute('href')).toBe('/app/management/user-management/7/edit');
  });
});

describe('access changes', () => {
  it('the hub saying access changed makes the feature list stale, so the sidebar and the guards read it again', async () => {
    await signedIn(['Dispatcher']);
    const queryClient = new QueryClient();
    queryClient.setQueryData(['features'], []);
    await renderTopBar(null, queryClient);
    await waitFor(() => expect(hub.events).not.toBeNull());
    expect(queryClient.getQueryState(['features'])?.isInvalidated).toBe(false);
    act(() => hub.events!.accessChanged());
    expect(queryClient.getQueryState(['features'])?.isInvalidated).toBe(true);
  });
});

describe('notifications', () => {
  it('loads the stored ones at sign-in; a pushed one is a toast and an unread one in the bell', async () => {
    const me = await signedIn(['Administrator']);
    await renderTopBar();
    expect(notificationLoads()[0].url.search).toBe('?page=0&size=20&unreadOnly=false');
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();

    // The server stores a notification and pushes it over the hub.
    storeNotifications(me, [stored(2), stored(1, '2026-03-01T11:00:00.000Z')]);
    act(() => hub.events!.notification(stored(2)));
    expect(screen.getByRole('status').textContent).toContain('Registration 2');
    expect(screen.getByRole('status').textContent).toContain('user2@example.com is waiting for activation');
    const bell = screen.getByRole('button', { name: 'Notifications, 1 unread' });

    fireEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(notificationLoads().at(-1)?.status).toBe(200));
    const items = within(within(dialog).getByRole('list', { name: 'Notifications' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('button').textContent)).toEqual([
      expect.stringContaining('Registration 2 (Unread)'),
      expect.stringContaining('Registration 1'),
    ]);
    expect(items[1].textContent).not.toContain('Unread');

    fireEvent.click(within(items[0]).getByRole('button'));
    await waitFor(() => expect(callsTo('/api/Notifications/2/read', 'POST')[0]?.status).toBe(200));
    expect(screen.getByTestId('where').textContent).toBe('/app/management/user-management/2/edit');
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('mark all read clears the count', async () => {
    await signedIn(['Administrator'], [stored(3), stored(4)]);
    await renderTopBar();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await screen.findByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(notificationLoads().at(-1)?.status).toBe(200));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(callsTo('/api/Notifications/read-all', 'POST')[0]?.status).toBe(200));
    // The menu is still open (so the rest of the page is hidden from assistive technology).
    expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Notifications' }).textContent).not.toContain('Unread');
    expect((screen.getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('catches up after every reconnect', async () => {
    const me = await signedIn(['Dispatcher']);
    await renderTopBar();
    const before = notificationLoads().length;
    storeNotifications(me, [stored(5)]);
    act(() => hub.events!.connected());
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    expect(notificationLoads()).toHaveLength(before + 1);
  });

  it('links: this app navigates, other sites open apart, anything else does nothing', () => {
    expect(linkTarget('/app/books/bookorders/3/edit')).toEqual({ app: '/app/books/bookorders/3/edit' });
    expect(linkTarget(`${window.location.origin}/app/x?y=1`)).toEqual({ app: '/app/x?y=1' });
    expect(linkTarget('https://example.com/a')).toEqual({ external: 'https://example.com/a' });
    expect(linkTarget('javascript:alert(1)')).toBeNull();
    expect(linkTarget('//evil.example/a')).toBeNull();
    expect(linkTarget(null)).toBeNull();
  });
});

describe('sign-out', () => {
  it('stops the hub connection before the server ends the session', async () => {
    await signedIn(['Dispatcher']);
    await renderTopBar();
    const order: string[] = [];
    hub.stop.mockImplementation(async () => {
      order.push('hub stopped');
    });
    // Notes the call, then lets the API's own sign-out answer it.
    api.use(
      http.post('*/api/token/logout', () => {
        order.push('logout call');
      }),
    );
    await act(async () => {
      await authProvider.logout({});
    });
    expect(order).toEqual(['hub stopped', 'logout call']);
  });

  it('starts the hub again when the sign-out failed (the user is still signed in)', async () => {
    await signedIn(['Dispatcher']);
    await renderTopBar();
    expect(hub.starts).toBe(1);
    api.use(http.post('*/api/token/logout', () => HttpResponse.error()));
    await act(async () => {
      await expect(authProvider.logout({})).rejects.toThrow();
    });
    expect(hub.stop).toHaveBeenCalledTimes(1);
    expect(hub.starts).toBe(2);
  });
});

/** A beforeinstallprompt event as Chromium sends it. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = vi.fn(async () => undefined);
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

describe('install prompt', () => {
  captureInstallPrompt(window);
  const renderBanner = () =>
    render(
      <I18nContextProvider value={i18nProvider}>
        <InstallPrompt />
      </I18nContextProvider>,
    );
  const banner = () => screen.queryByRole('region', { name: 'Install' });
  /** The user starts working on the page: the offer may be made from then on (for this page, so every test after). */
  const work = () =>
    act(() => {
      fireEvent.keyDown(window, { key: 'Tab' });
    });

  it('nothing when the browser made no offer', () => {
    saveSession('token', user(1, ['Dispatcher']));
    renderBanner();
    expect(banner()).toBeNull();
  });

  it('offered once the user works on the page, not over the screen as it first draws', () => {
    saveSession('token', user(1, ['Dispatcher']));
    renderBanner();
    offerInstall();
    expect(banner()).toBeNull();
    work();
    expect(banner()).not.toBeNull();
  });

  it('an active user is offered it; closing it is remembered, also across sign-out', async () => {
    saveSession('token', user(1, ['Dispatcher']));
    renderBanner();
    const { event } = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    expect(banner()).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(localStorage.getItem(INSTALL_CHOICE_KEY)).toBe('dismissed');
    clearSession();
    expect(localStorage.getItem(INSTALL_CHOICE_KEY)).toBe('dismissed');
    cleanup();
    saveSession('token', user(1, ['Dispatcher']));
    renderBanner();
    offerInstall();
    expect(banner()).toBeNull();
  });

  it('installing shows the browser prompt and is remembered', async () => {
    saveSession('token', user(1, ['Dispatcher']));
    renderBanner();
    const { prompt } = offerInstall('accepted');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(INSTALL_CHOICE_KEY)).toBe('installed');
  });

  it('not for a user whose account is not active yet', () => {
    saveSession('token', user(1, ['Dispatcher'], false));
    renderBanner();
    offerInstall();
    expect(banner()).toBeNull();
  });
});
