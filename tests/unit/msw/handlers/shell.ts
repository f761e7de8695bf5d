import { http } from 'msw';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE, currentTime, todayIso } from '../../../../schema/businessDay';
import { queryBoolean, textInteger } from '../../../../schema/common';
import type { CompanySettingsDto } from '../../../../schema/company';
import type { HubNotification, NotificationPage } from '../../../../schema/realtime';
import { APP_VERSION } from '../../../../src/version';
import { type Account, caller } from '../accounts';
import { data, invalid, notFound, ok, queryOf, unauthorized } from '../respond';

/**
 * What every page of the app calls besides its screen: the server version, the company's time zone, the user's stored
 * notifications and this browser's push token (server/modules/notifications, `{ data }`); their saved filters are
 * handlers/savedFilters.ts.
 */
const state = {
  version: APP_VERSION,
  companyTimeZone: DEFAULT_TIME_ZONE,
  notifications: new Map<number, HubNotification[]>(),
  pushTokens: new Map<string, { userId: number; platform: string }>(),
};

/** The version the server says it runs (another one makes the app update itself). */
export const serverRuns = (version: string) => {
  state.version = version;
};

/** The company's time zone the server names (GET /api/Company/settings); America/Chicago unless a test says. */
export const companyZoneIs = (timeZone: string) => {
  state.companyTimeZone = timeZone;
};

/** The account's stored notifications, in any order (the API lists them newest first). */
export const storeNotifications = (account: Account, items: HubNotification[]) =>
  state.notifications.set(account.user.id, items);

/** The push tokens the server keeps, by token: whose browser, and which platform. */
export const pushTokens = () => state.pushTokens;

export function resetShell(): void {
  state.version = APP_VERSION;
  state.companyTimeZone = DEFAULT_TIME_ZONE;
  state.notifications.clear();
  state.pushTokens.clear();
}

const notificationQuery = z.object({
  page: textInteger(0, 10_000_000).default(0),
  size: textInteger(1, 100).default(20),
  unreadOnly: queryBoolean.default(false),
});
const pushTokenBody = z.object({
  token: z.string().trim().min(1, 'Send the push token').max(4096, 'The push token is too long'),
  platform: z.enum(['web', 'android', 'ios']).default('web'),
});

export const shellHandlers = [
  http.get('*/api/version', () => ok({ version: state.version })),

  // As server/modules/company answers it: the zone, today in it, and whether the caller may change it.
  http.get('*/api/Company/settings', ({ request }) => {
    const account = caller(request);
    if (!account) return unauthorized();
    const now = currentTime();
    return ok<CompanySettingsDto>({
      timeZone: state.companyTimeZone,
      defaultTimeZone: DEFAULT_TIME_ZONE,
      chosen: state.companyTimeZone !== DEFAULT_TIME_ZONE,
      today: todayIso(now, state.companyTimeZone),
      now: now.toISOString(),
      updatedAt: null,
      updatedBy: null,
      canChange: account.user.roles.includes('Administrator'),
    });
  }),

  // The sidebar's Chat entry counts what the user has not read (no chat threads in these tests).
  http.get('*/api/Chat/unread', ({ request }) => (caller(request) ? ok({ unreadCount: 0 }) : unauthorized())),

  http.get('*/api/Notifications', ({ request }) => {
    const account = caller(request);
    if (!account) return unauthorized();
    const query = notificationQuery.safeParse(queryOf(request));
    if (!query.success) return invalid(query.error, 'querystring');
    const { page, size, unreadOnly } = query.data;
    const mine = [...(state.notifications.get(account.user.id) ?? [])].sort((a, b) => b.id - a.id);
    const listed = unreadOnly ? mine.filter((n) => !n.readAt) : mine;
    return data<NotificationPage>({
      items: listed.slice(page * size, (page + 1) * size),
      totalCount: listed.length,
      unreadCount: mine.filter((n) => !n.readAt).length,
    });
  }),

  http.post('*/api/Notifications/:id/read', ({ request, params }) => {
    const account = caller(request);
    if (!account) return unauthorized();
    const found = state.notifications.get(account.user.id)?.find((n) => n.id === Number(params.id));
    if (!found) return notFound('Notification');
    found.readAt ??= new Date().toISOString();
    return data(found);
  }),

  http.post('*/api/Notifications/read-all', ({ request }) => {
    const account = caller(request);
    if (!account) return unauthorized();
    const now = new Date().toISOString();
    for (const n of state.notifications.get(account.user.id) ?? []) n.readAt ??= now;
    return data({ unreadCount: 0 });
  }),

  // A token seen before moves to the caller (one browser, one user at a time).
  http.post('*/api/PushTokens', async ({ request }) => {
    const account = caller(request);
    if (!account) return unauthorized();
    const body = pushTokenBody.safeParse(await request.json());
    if (!body.success) return invalid(body.error, 'body');
    state.pushTokens.set(body.data.token, { userId: account.user.id, platform: body.data.platform });
    return data({ id: [...state.pushTokens.keys()].indexOf(body.data.token) + 1 });
  }),
];
