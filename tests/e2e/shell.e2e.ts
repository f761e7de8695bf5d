/**
 * Journey: the shell on a 1440 × 900 desktop (docs/product/shell.md#shell). A list wider than its card scrolls inside
 * a box that fits the screen, so its last column and its sideways scrollbar are reachable without going under the
 * 50th row; long sidebar titles wrap instead of being cut; Chat's unread count shows on its collapsed group; who is
 * online reads as presence ("1 online" beside a dot), not as a count; the top bar's display settings are called
 * Display, apart from the sidebar's Settings section, and the gear under the groups says what it does.
 */
import { type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  demoUser,
  gone,
  groupToggle,
  otherBrowsers,
  poll,
  setGroupOpen,
  sidebar,
  signIn,
  useE2E,
  visible,
} from './helpers';

const e2e = useE2E();
const openBrowser = otherBrowsers(e2e);
const DESKTOP = { width: 1440, height: 900 };
const ADMIN = demoUser('Administrator');

/** A group opened or closed, and its links shown or gone, even if the landing folds the sidebar once meanwhile. */
async function expandGroup(page: Page, name: string, open: boolean) {
  const links = sidebar(page).locator(`li[data-group-id][aria-label="${name}"]`).getByRole('link');
  await poll(
    async () => {
      await setGroupOpen(groupToggle(page, name), open);
      return links.first().isVisible();
    },
    `the sidebar group ${name} ${open ? 'open' : 'closed'}`,
  ).toBe(open);
}

describe('the shell on a desktop', () => {
  it('a wide list scrolls in a box that fits the screen: its last column and scrollbar are reachable', async () => {
    const { page } = e2e;
    await page.setViewportSize(DESKTOP);
    await signIn(page, ADMIN, { at: '/app/management/shipper-management' });
    const actions = page.getByRole('columnheader', { name: 'Actions' });
    await visible(actions);
    await poll(() => page.locator('tbody tr').count()).toBeGreaterThan(20);
    const wrapper = page.locator('.RaDataTable-tableWrapper');
    const box = await wrapper.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return { height: rect.height, clientWidth: element.clientWidth, scrollWidth: element.scrollWidth };
    });
    // No taller than the screen under the top bar: its bottom edge (and its sideways scrollbar) fits on screen.
    expect(box.height).toBeLessThanOrEqual(DESKTOP.height - 64);
    // Scrolled sideways to its end, the last column is inside the box and on screen.
    await wrapper.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await actions.scrollIntoViewIfNeeded();
    const last = (await actions.boundingBox())!;
    const frame = (await wrapper.boundingBox())!;
    expect(last.x + last.width).toBeLessThanOrEqual(Math.min(frame.x + frame.width, DESKTOP.width) + 1);
    // The whole page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
  });

  it('long sidebar titles wrap rather than being cut', async () => {
    const { page } = e2e;
    await page.setViewportSize(DESKTOP);
    await signIn(page, ADMIN);
    for (const [group, title] of [
      ['Management', 'Performance Calendar'],
      ['Reports', 'Dispatcher Salary'],
    ]) {
      await expandGroup(page, group, true);
      const text = sidebar(page).getByRole('link', { name: title }).getByText(title, { exact: true });
      await visible(text);
      const cut = await text.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
      expect(cut, title).toBe(false);
    }
  });

  it("Chat's unread count shows on its collapsed group; who is online reads as presence", async () => {
    const { page } = e2e;
    await page.setViewportSize(DESKTOP);
    await signIn(page, ADMIN);
    const adminToken = await e2e.apiLogin(ADMIN);
    const me = await e2e.api('GET', '/api/token/me', { token: adminToken });
    const dispatcherToken = await e2e.apiLogin(demoUser('Dispatcher'));
    const thread = await e2e.api('POST', '/api/Chat/threads', {
      token: dispatcherToken,
      body: { userIds: [me.body.data.id] },
    });
    expect(thread.status, JSON.stringify(thread.body)).toBeLessThan(300);
    const threadId = thread.body.value.id;
    const sent = await e2e.api('POST', `/api/Chat/threads/${threadId}/messages`, {
      token: dispatcherToken,
      body: { body: 'The Tulsa load is ready' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);

    await page.goto('/app/management/shipper-management');
    await expandGroup(page, 'Management', true);
    // Books (Chat's group) is collapsed: its header carries the count, in its name too.
    const books = groupToggle(page, 'Books');
    expect(await books.getAttribute('aria-expanded')).toBe('false');
    await poll(() => books.innerText()).toMatch(/\b1\b/);
    await poll(() => books.textContent()).toContain('Chat, 1 unread');
    await expandGroup(page, 'Books', true);
    await visible(sidebar(page).getByRole('link', { name: 'Chat, 1 unread', exact: true }));

    // Another person online: a dot and "1 online" in words, not a count badge.
    const other = await openBrowser();
    await signIn(other, demoUser('Dispatcher'));
    const contacts = page.getByRole('button', { name: /^Online contacts/ });
    await poll(() => contacts.getAttribute('aria-label')).toBe('Online contacts, 1 online');
    await visible(contacts.getByText('1 online', { exact: true }));
    expect(await contacts.locator('.MuiBadge-dot').count()).toBe(1);
    expect((await contacts.locator('.MuiBadge-badge').innerText()).trim()).toBe('');
  });

  it('the top bar says Display for its theme settings, and the gear under the groups says Manage groups', async () => {
    const { page } = e2e;
    await page.setViewportSize(DESKTOP);
    await signIn(page, ADMIN);
    await page.getByRole('banner').getByRole('button', { name: 'Display', exact: true }).click();
    await visible(page.getByRole('dialog', { name: 'Display' }));
    await page.keyboard.press('Escape');
    await gone(page.getByRole('dialog', { name: 'Display' }));
    // "Settings" is the sidebar's section only.
    expect(await page.getByRole('button', { name: 'Settings', exact: true }).count()).toBe(1);
    expect(await groupToggle(page, 'Settings').innerText()).toMatch(/settings/i);
    await visible(sidebar(page).getByRole('button', { name: 'Manage groups' }).getByText('Manage groups'));
  });
});
