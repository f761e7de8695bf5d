/**
 * Small helpers of the people and fleet journeys (people.e2e.ts, fleet.e2e.ts): the record screens share their
 * controls (ui/records), so the journeys share how they drive them.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { E2E } from './helpers';
import { gone, settledAt, visible } from './helpers';

/** The main content (not the sidebar, top bar or toasts). */
export const main = (page: Page) => page.locator('#main');

/** A toast (react-admin notification) with this text. */
export const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/** The user's calendar day as the forms start from it (YYYY-MM-DD). */
export function localDay(offsetDays = 0): string {
  const day = new Date();
  day.setDate(day.getDate() + offsetDays);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** A day as the screens show it (MM/DD/YYYY). */
export const usDay = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/**
 * Picks an option of an autocomplete (react-admin AutocompleteInput): types `text` to search when given, then
 * clicks the first enabled option matching it. Returns the chosen option's text.
 */
export async function pick(scope: Page | Locator, label: RegExp, text?: string): Promise<string> {
  const page = 'page' in scope ? scope.page() : scope;
  const box = scope.getByRole('combobox', { name: label });
  await box.click();
  if (text) await box.fill(text);
  const options = page.getByRole('listbox').locator('[role="option"]:not([aria-disabled="true"])');
  const option = text ? options.filter({ hasText: text }).first() : options.first();
  await visible(option);
  const chosen = (await option.innerText()).trim();
  await option.click();
  await gone(page.getByRole('listbox'));
  return chosen;
}

/** Chooses an option of a MUI select (react-admin SelectInput) by its visible name. */
export async function choose(scope: Page | Locator, label: RegExp, option: string) {
  const page = 'page' in scope ? scope.page() : scope;
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await gone(page.getByRole('listbox'));
}

/** Clicks `button` and waits for the answer of the API call it makes (method and path pattern); returns its status. */
export async function answerOf(page: Page, method: string, path: RegExp, button: Locator): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === method && path.test(new URL(r.url()).pathname)),
    button.click(),
  ]);
  return response.status();
}

/** GET from the API as `token`, expecting 200; returns the unwrapped value. */
export async function apiGet<T>(e2e: E2E, token: string, url: string): Promise<T> {
  const response = await e2e.api('GET', url, { token });
  expect(response.status, `${url}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.value as T;
}

/** The list's filter as react-admin keeps it in the address (?filter={…}). */
export const urlFilter = (page: Page) =>
  JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as Record<string, unknown>;

/** Logout from the account menu, ending at the sign-in page and staying there (no redirect loop). */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await settledAt(page, '/login');
}
