/**
 * Journey 6: the theme chosen in the top bar's Display popover is saved in localStorage 'settings' and survives a reload
 * (docs/settings.md#display).
 */
import { type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoUser, gone, poll, signIn, storageItem, useE2E, visible } from './helpers';

const e2e = useE2E();

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** The dimmest channel of an rgb()/rgba() colour. */
const brightness = (colour: string) => Math.min(...(colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number));
const storedSettings = async (page: Page) => JSON.parse((await storageItem(page, 'settings')) ?? 'null');

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Display', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Display' });
  await visible(dialog);
  return dialog;
}

async function closeSettings(page: Page) {
  await page.keyboard.press('Escape');
  await gone(page.getByRole('dialog', { name: 'Display' }));
}

describe('theme settings', () => {
  it('choosing Light survives a reload: radio, stored settings and page background', async () => {
    const { page } = e2e;
    await signIn(page, demoUser('Dispatcher'));
    const darkBackground = await bodyBackground(page);

    let dialog = await openSettings(page);
    const light = dialog.getByRole('radio', { name: 'Light' });
    // The default theme is a dark one, so Light is a change.
    expect(await light.isChecked()).toBe(false);
    await light.check();
    expect(await light.isChecked()).toBe(true);
    await poll(async () => (await storedSettings(page))?.theme).toBe('LIGHT');
    await poll(() => bodyBackground(page)).not.toBe(darkBackground);
    const lightBackground = await bodyBackground(page);
    await closeSettings(page);

    await page.reload();
    await visible(page.getByRole('button', { name: 'Display', exact: true }));
    await poll(() => bodyBackground(page)).toBe(lightBackground);
    // And it is a light background indeed (every channel bright), the dark one was not.
    expect(brightness(lightBackground)).toBeGreaterThan(200);
    expect(brightness(darkBackground)).toBeLessThan(100);
    expect((await storedSettings(page))?.theme).toBe('LIGHT');
    dialog = await openSettings(page);
    expect(await dialog.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('radio', { name: 'One Dark' }).isChecked()).toBe(false);
    await closeSettings(page);
  });
});
