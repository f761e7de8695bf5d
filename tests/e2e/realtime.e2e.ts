/**
 * Journey: real time in the top bar (docs/product/shell.md#online-contacts). Two browsers signed in as different users
 * see each other in the online-contacts popover over the /notify hub; the list updates when one signs out; a server
 * event (a completed registration, for administrators) arrives as a toast and in the notification bell, and opening it
 * marks it read.
 *
 * E2E_SCREENSHOTS_DIR=<dir> saves screenshots of the contacts popover, a toast and the notification menu there.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoUser, otherBrowsers, gone, pathname, poll, signIn, useE2E, visible } from './helpers';

const e2e = useE2E();
const secondPage = otherBrowsers(e2e);

async function fullName(email: string): Promise<string> {
  const token = await e2e.apiLogin(email);
  const me = await e2e.api('GET', '/api/token/me', { token });
  return `${me.body.data.firstName} ${me.body.data.lastName}`;
}

/**
 * A registration through the API up to where it waits for an administrator: registered, verified with the
 * link of the message in its mailbox, completed. Completing it is what tells the administrators.
 */
async function registerForActivation(body: { email: string; firstname: string; lastname: string; userType: string }) {
  const registered = await e2e.api('POST', '/api/token/register', {
    body: { ...body, password: 'a-long-password', googleRecaptchaToken: null, AccountId: 1 },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  const token = registered.body.accessToken as string;
  const inbox = await e2e.api('GET', '/api/mail/mails?label=all', { token });
  const message = await e2e.api('GET', `/api/mail/mails/${inbox.body.value.items[0].id}`, { token });
  const link = /\?token=([\w-]+)/.exec(message.body.value.text);
  expect((await e2e.api('POST', '/api/account/verify-email', { body: { token: link?.[1] } })).status).toBe(200);
  const completed = await e2e.api('POST', '/api/account/complete-registration', {
    token,
    body: { firstName: body.firstname, lastName: body.lastname, phoneCountry: 'US', phone: '555 010 9999' },
  });
  expect(completed.status, JSON.stringify(completed.body)).toBe(200);
  return registered;
}

const contactsButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Online contacts/ });

async function openContacts(page: Page) {
  await contactsButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Online contacts' });
  await visible(dialog);
  return dialog;
}

async function closePopover(page: Page) {
  await page.keyboard.press('Escape');
  await gone(page.getByRole('dialog'));
}

/** The names in the open contacts popover (none while it says nobody is online). */
const onlineNames = async (page: Page) => {
  const dialog = page.getByRole('dialog', { name: 'Online contacts' });
  return (await dialog.getByRole('listitem').allTextContents()).map((text) => text.trim());
};

/**
 * Counts the hub handshakes of a page (set up before the page opens the hub): once the server has answered one, the
 * user is online and events are pushed to this page.
 */
function watchHubHandshakes(page: Page): () => number {
  let handshakes = 0;
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/notify')) return;
    socket.on('framereceived', (frame) => {
      if (String(frame.payload).startsWith('{}\u001e')) handshakes++;
    });
  });
  return () => handshakes;
}

async function screenshot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  // Let the popover's opening transition finish: a picture for people, not an assertion.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

describe('online contacts over the hub', () => {
  it('two users see each other online; when one signs out the other sees the list change', async () => {
    const admin = e2e.page;
    const dispatcher = await secondPage();
    const [adminName, dispatcherName] = await Promise.all([
      fullName(demoUser('Administrator')),
      fullName(demoUser('Dispatcher')),
    ]);

    await signIn(admin, demoUser('Administrator'));
    await signIn(dispatcher, demoUser('Dispatcher'));

    // Each sees the other (never themselves): the count is on the labelled button, the names in the list.
    await poll(async () => contactsButton(admin).getAttribute('aria-label')).toBe('Online contacts, 1 online');
    let dialog = await openContacts(admin);
    await poll(() => onlineNames(admin)).toEqual([dispatcherName]);
    // Administrators get a link to the user's page.
    expect(await dialog.getByRole('link', { name: dispatcherName }).getAttribute('href')).toMatch(
      /^\/app\/management\/user-management\/\d+\/edit$/,
    );
    await screenshot(admin, 'contacts-open');

    // Search by 'first last', ignoring case; no match says so.
    const search = dialog.getByRole('textbox', { name: 'Search by name' });
    await search.fill(dispatcherName.toUpperCase());
    await poll(() => onlineNames(admin)).toEqual([dispatcherName]);
    await search.fill('nobody by that name');
    await visible(dialog.getByText('The user you are looking for is not online'));
    await closePopover(admin);

    await poll(async () => contactsButton(dispatcher).getAttribute('aria-label')).toBe('Online contacts, 1 online');
    dialog = await openContacts(dispatcher);
    await poll(() => onlineNames(dispatcher)).toEqual([adminName]);
    // Not an administrator: a name, no link.
    expect(await dialog.getByRole('link').count()).toBe(0);
    await closePopover(dispatcher);

    // The dispatcher signs out: the administrator's open popover empties without a reload.
    dialog = await openContacts(admin);
    await dialog.getByRole('textbox', { name: 'Search by name' }).fill('');
    await dispatcher.getByRole('button', { name: 'Account menu' }).click();
    await dispatcher.getByRole('menuitem', { name: 'Logout' }).click();
    await poll(() => pathname(dispatcher)).toBe('/login');
    await visible(dialog.getByText('No user is online'));
    expect(await onlineNames(admin)).toEqual([]);
    await closePopover(admin);
    expect(await contactsButton(admin).getAttribute('aria-label')).toBe('Online contacts');

    // Signing in again brings the dispatcher back.
    await signIn(dispatcher, demoUser('Dispatcher'));
    await poll(async () => contactsButton(admin).getAttribute('aria-label')).toBe('Online contacts, 1 online');
  });
});

describe('notifications', () => {
  it('a new registration reaches the signed-in administrator as a toast and in the bell; opening it marks it read', async () => {
    const admin = e2e.page;
    const handshakes = watchHubHandshakes(admin);
    const token = await signIn(admin, demoUser('Administrator'));
    const bell = admin.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
    // The hub has the administrator online, so the event is pushed (a toast) rather than found on a reload.
    await poll(handshakes).toBe(1);

    const stamp = Date.now();
    const registered = await registerForActivation({
      email: `new.driver.${stamp}@example.com`,
      firstname: 'Nova',
      lastname: `Driver${stamp}`,
      userType: 'driver',
    });
    const newUserId = registered.body.user.id as number;
    const title = `New registration awaiting activation: Nova Driver${stamp}`;

    // The toast (bottom left, closes itself after 5 s).
    const toast = admin.getByRole('status').filter({ hasText: title });
    await visible(toast);
    await screenshot(admin, 'notification-toast');
    await poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');

    await bell.click();
    const menu = admin.getByRole('dialog', { name: 'Notifications' });
    await visible(menu);
    const item = menu.getByRole('listitem').filter({ hasText: title });
    await visible(item);
    expect(await item.textContent()).toContain('(Unread)');
    await screenshot(admin, 'notification-menu');

    // The bell clears at once; the server hears of it by its own request, awaited before the server is asked.
    const markedRead = admin.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        /^\/api\/Notifications\/\d+\/read$/.test(new URL(response.url()).pathname),
    );
    await item.getByRole('button').click();
    await poll(() => pathname(admin)).toBe(`/app/management/user-management/${newUserId}/edit`);
    await poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
    expect((await markedRead).status()).toBe(200);
    const stored = await e2e.api('GET', '/api/Notifications?page=0&size=20&unreadOnly=false', { token });
    expect(stored.body.data.unreadCount).toBe(0);
    expect(stored.body.data.items.find((n: { title: string }) => n.title === title).readAt).not.toBeNull();
    await gone(toast);
  });

  it('what came while signed out is in the bell at the next sign-in, and Mark all read clears it', async () => {
    const stamp = Date.now();
    for (const n of [1, 2]) {
      await registerForActivation({
        email: `offline.${n}.${stamp}@example.com`,
        firstname: 'Off',
        lastname: `Line${n}`,
        userType: 'dispatch',
      });
    }
    const admin = e2e.page;
    const token = await signIn(admin, demoUser('Administrator'));
    const before = await e2e.api('GET', '/api/Notifications?page=0&size=20&unreadOnly=false', { token });
    const unread = before.body.data.unreadCount as number;
    expect(unread).toBeGreaterThanOrEqual(2);
    const bell = admin.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await poll(() => bell.getAttribute('aria-label')).toBe(`Notifications, ${unread} unread`);

    await bell.click();
    const menu = admin.getByRole('dialog', { name: 'Notifications' });
    await visible(menu.getByRole('listitem').filter({ hasText: 'Off Line2' }));
    await menu.getByRole('button', { name: 'Mark all read' }).click();
    await poll(
      async () =>
        (await e2e.api('GET', '/api/Notifications?page=0&size=1&unreadOnly=true', { token })).body.data.unreadCount,
    ).toBe(0);
    expect(await menu.getByText('(Unread)').count()).toBe(0);
    await closePopover(admin);
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');
  });
});
