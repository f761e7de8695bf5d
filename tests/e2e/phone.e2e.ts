/**
 * Journey: the signed-in app on a 390 px phone (docs/product/shell.md#phone). The sidebar is a drawer that closes once
 * a link in it navigates and starts closed after a reload; an edit form with an aside takes the whole width; every
 * control a finger taps is at least 44 × 44 px.
 */
import { type Locator, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoUser, gone, pathname, poll, sidebar, signIn, storageItem, useE2E, visible } from './helpers';

const e2e = useE2E();
const PHONE = { width: 390, height: 844 };
const ADMIN = demoUser('Administrator');

/** Signs in (the sidebar loads on a desktop's width) and turns the window into a phone's. */
async function signInOnPhone(page: Page): Promise<string> {
  const token = await signIn(page, ADMIN);
  await page.setViewportSize(PHONE);
  return token;
}

/** A first visit to a screen downloads its code: on two busy cores that alone can take longer than WAIT. */
const SLOW = { timeout: 60_000 };
const shown = (locator: Locator) => locator.waitFor({ state: 'visible', ...SLOW });

const menuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^(Open|Close) menu$/ });

async function openDrawer(page: Page) {
  await menuButton(page).click();
  await visible(sidebar(page).getByText('Data loaded success'));
}

async function firstOrderId(token: string): Promise<number> {
  const response = await e2e.api('GET', '/api/BookOrder/filter-books?page=1&size=1', { token });
  expect(response.status).toBe(200);
  const id = response.body.value.items[0]?.id;
  expect(id).toBeTypeOf('number');
  return id;
}

interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Every control on the page that a finger can tap and that is smaller than 44 × 44 px. A control's target is its
 * label when it has one (a checkbox or switch is tapped by its words too), a text field's its whole field. Links set
 * inline in text are left out, as WCAG's target-size rule leaves them out; hidden and off-screen things too.
 */
function smallTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate((least) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type=hidden])',
      'select',
      'textarea',
      '[role=button]',
      '[role=link]',
      '[role=checkbox]',
      '[role=radio]',
      '[role=switch]',
      '[role=tab]',
      '[role=menuitem]',
      '[role=option]',
      '[role=combobox]',
    ].join(',');
    const found: SmallTarget[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (element.closest('[aria-hidden=true], [inert]') || element.matches(':disabled')) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      if (element.tagName === 'A' && style.display === 'inline') continue;
      const own = element.getBoundingClientRect();
      // Visually hidden (a skip link until focused, a file input behind its button) or scrolled out sideways.
      if (own.width <= 1 || own.height <= 1 || own.right <= 0 || own.left >= window.innerWidth) continue;
      const target =
        element.closest('label') ??
        (element.matches('input, textarea, select') ? element.closest('.MuiInputBase-root') : null) ??
        element;
      const box = target.getBoundingClientRect();
      if (box.width + 0.5 < least || box.height + 0.5 < least) {
        const name =
          element.getAttribute('aria-label') ??
          element.textContent?.trim().slice(0, 40) ??
          element.tagName.toLowerCase();
        found.push({
          what: `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[${element.getAttribute('role')}]` : ''} "${name}"`,
          width: Math.round(box.width),
          height: Math.round(box.height),
        });
      }
    }
    return found;
  }, 44);
}

describe('on a phone', () => {
  it('the drawer closes when one of its links navigates, and a reload starts with it closed', async () => {
    const { page } = e2e;
    await signInOnPhone(page);
    await page.goto('/app/books/bookorders');
    await visible(menuButton(page));
    await gone(sidebar(page));

    await openDrawer(page);
    const group = sidebar(page).getByRole('button', { name: 'Books' });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await sidebar(page).getByRole('link', { name: 'Dispatch Board' }).click();
    await poll(() => pathname(page)).toBe('/app/kanban');
    await gone(sidebar(page));
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');

    // Opened again and the page reloaded (the open state is kept in the browser): it comes back closed.
    await openDrawer(page);
    expect(await storageItem(page, 'RaStore.sidebar.open')).toBe('true');
    await page.reload();
    // (The top bar may have slid away if the reload kept the scroll: its state is read, not its looks.)
    await menuButton(page).waitFor({ state: 'attached', ...SLOW });
    await poll(() => menuButton(page).getAttribute('aria-expanded')).toBe('false');
    await gone(sidebar(page));
  });

  it("the book order's edit form uses the whole width: Broker and Shipper are not cut off", async () => {
    const { page } = e2e;
    const token = await signInOnPhone(page);
    await page.goto(`/app/books/bookorders/${await firstOrderId(token)}`);
    const form = page.locator('form').first();
    await shown(page.getByRole('combobox', { name: /^Broker/ }));
    const formBox = (await form.boundingBox())!;
    expect(formBox.width).toBeGreaterThanOrEqual(PHONE.width - 48);
    for (const name of [/^Broker/, /^Shipper/]) {
      const field = page
        .getByRole('combobox', { name })
        .locator('xpath=ancestor::div[contains(@class,"MuiInputBase-root")][1]');
      const box = (await field.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(box.width).toBeGreaterThanOrEqual(PHONE.width - 80);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it("a combobox's open and clear buttons sit inside its field, not on its border", async () => {
    const { page } = e2e;
    await signInOnPhone(page);
    await page.goto('/app/kanban');
    await shown(page.getByRole('combobox', { name: 'Driver' }));
    const outside = await page.evaluate(() =>
      [...document.querySelectorAll('.MuiAutocomplete-root')].flatMap((root) => {
        const field = root.querySelector('.MuiInputBase-root')?.getBoundingClientRect();
        const buttons = root.querySelector('.MuiAutocomplete-endAdornment')?.getBoundingClientRect();
        if (!field || !buttons) return [];
        const inside = buttons.top >= field.top - 1 && buttons.bottom <= field.bottom + 1;
        return inside
          ? []
          : [
              `${root.querySelector('label')?.textContent}: ${buttons.top}–${buttons.bottom} over ${field.top}–${field.bottom}`,
            ];
      }),
    );
    expect(outside).toEqual([]);
  });

  it('a screen\'s title keeps each word of its name whole on a phone (no "Qualificatio / n")', async () => {
    const { page } = e2e;
    await signInOnPhone(page);
    const broken: string[] = [];
    for (const path of [
      '/app/reports/driver-qualification',
      '/app/calendar',
      '/app/finances/driver-transactions',
      '/app/management/ticket-management',
      '/app/management/carrier-management',
    ]) {
      await page.goto(path);
      const title = page.locator('#react-admin-title');
      await poll(() => title.innerText()).not.toBe('');
      // A word drawn on two lines has two boxes.
      const split = await title.evaluate((element) => {
        const words: string[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode())
          for (const match of node.textContent!.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index!);
            range.setEnd(node, match.index! + match[0].length);
            const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (lines.size > 1 && !match[0].includes('-')) words.push(match[0]);
          }
        return words;
      });
      broken.push(...split.map((word) => `${path}: ${word}`));
    }
    expect(broken).toEqual([]);
  });

  it('every control a finger taps is at least 44 × 44 px: lists, an edit form, the board and the open drawer', async () => {
    const { page } = e2e;
    const token = await signInOnPhone(page);
    const screens: [string, () => Promise<void>][] = [
      ['/app/books/bookorders', () => shown(page.getByRole('button', { name: 'Export CSV' }))],
      [
        `/app/books/bookorders/${await firstOrderId(token)}`,
        () => shown(page.getByRole('combobox', { name: /^Broker/ })),
      ],
      ['/app/kanban', () => shown(page.getByRole('button', { name: /^Actions for order / }).first())],
      ['/app/management/shipper-management', () => shown(page.getByRole('switch').first())],
    ];
    const problems: Record<string, SmallTarget[]> = {};
    for (const [path, ready] of screens) {
      await page.goto(path);
      await ready();
      await page.waitForLoadState('networkidle');
      const small = await smallTargets(page);
      if (small.length) problems[path] = small;
    }
    // The shell's own controls, the drawer open over a screen.
    await openDrawer(page);
    const drawer = await smallTargets(page);
    if (drawer.length) problems['drawer'] = drawer;
    expect(problems).toEqual({});
  });
});
