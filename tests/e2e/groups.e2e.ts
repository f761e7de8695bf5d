/**
 * Journey 5: sidebar group management as a manager (docs/product/shell.md#sidebar: adding, renaming, deleting,
 * reordering, the modes and the checks). Every change goes to the server and must survive a reload.
 */
import { type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  type FeatureGroup,
  WAIT,
  demoUser,
  gone,
  poll,
  sidebar,
  signIn,
  storageItem,
  useE2E,
  visible,
} from './helpers';

const e2e = useE2E();
const MANAGER = demoUser('Manager');
const DEFAULT_GROUP = 'General';

const groupItem = (page: Page, name: string) => sidebar(page).locator(`li[data-group-id][aria-label="${name}"]`);
/** Group names in sidebar order, as the <li aria-label> say. */
const groupNames = (page: Page) =>
  sidebar(page)
    .locator('li[data-group-id]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
/** Feature titles shown inside a group in management mode (all groups expanded there). */
const managedFeatures = (page: Page, group: string) =>
  groupItem(page, group).locator('[data-feature-id]').allInnerTexts();
/** Feature links of a group in normal mode (its expander opened first). */
async function linkTitles(page: Page, group: string): Promise<string[]> {
  const toggle = groupItem(page, group).getByRole('button', { name: group });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
  await visible(groupItem(page, group).getByRole('link').first());
  return (await groupItem(page, group).getByRole('link').allInnerTexts()).map((text) => text.trim());
}

async function gearMenu(page: Page, item: 'Add Group' | 'Reorder Groups') {
  const menuItem = page.getByRole('menuitem', { name: item });
  // Right after sign-in the shell may still be drawing the sidebar anew (its features, the company's zone): a click on
  // the gear that lands on the button being replaced opens nothing, so the menu is opened again until it shows.
  for (let attempt = 1; !(await menuItem.isVisible()); attempt++) {
    await sidebar(page).getByRole('button', { name: 'Manage groups' }).click();
    try {
      await menuItem.waitFor({ state: 'visible', timeout: WAIT / 3 });
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
  await menuItem.click();
  await gone(page.getByRole('menu'));
}

async function groupAction(page: Page, group: string, action: 'Rename' | 'Move up' | 'Move down' | 'Delete') {
  await sidebar(page)
    .getByRole('button', { name: `Actions for ${group}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
  await gone(page.getByRole('menu'));
}

async function serverLayout(page: Page): Promise<FeatureGroup[]> {
  const token = await storageItem(page, 'accessToken');
  const response = await e2e.api('GET', '/api/Auth/features/get', { token: token! });
  expect(response.status).toBe(200);
  return response.body.value;
}

describe('sidebar groups', () => {
  it('add, rename, drag, move and reorder survive a reload; delete moves the screens to the default group', async () => {
    const { page } = e2e;
    // Tall enough for the whole sidebar in management mode (all groups expanded): a real mouse drag between two
    // points of one scroll container would otherwise start on whatever the scroll has moved under the pointer.
    await page.setViewportSize({ width: 1280, height: 1700 });
    await signIn(page, MANAGER);
    const before = await serverLayout(page);
    expect(before.map((g) => g.name)).toContain(DEFAULT_GROUP);
    expect(before.some((g) => g.features.some((f) => f.title === 'Book Orders'))).toBe(true);

    // Add: the confirm button stays disabled while the name is empty (or blank).
    await gearMenu(page, 'Add Group');
    const nameField = sidebar(page).getByRole('textbox', { name: 'New group name' });
    const confirm = sidebar(page).getByRole('button', { name: 'Add the group' });
    await visible(nameField);
    expect(await confirm.isDisabled()).toBe(true);
    await nameField.fill('   ');
    expect(await confirm.isDisabled()).toBe(true);
    await nameField.fill('Daily');
    expect(await confirm.isEnabled()).toBe(true);
    await confirm.click();
    await gone(nameField);
    await poll(async () => (await serverLayout(page)).map((g) => g.name)).toContain('Daily');

    // Management mode: every group is listed (the new one is still empty), each with its menu.
    await gearMenu(page, 'Reorder Groups');
    await visible(groupItem(page, 'Daily'));
    await visible(sidebar(page).getByRole('button', { name: 'Actions for Daily' }));

    // Rename: the save button is disabled until the name differs.
    await groupAction(page, 'Daily', 'Rename');
    const renameField = sidebar(page).getByRole('textbox', { name: 'Group name' });
    const save = sidebar(page).getByRole('button', { name: 'Save the name' });
    expect(await renameField.inputValue()).toBe('Daily');
    expect(await save.isDisabled()).toBe(true);
    await renameField.fill('Daily runs');
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await visible(groupItem(page, 'Daily runs'));
    await gone(groupItem(page, 'Daily'));

    // Drag and drop (HTML5, application/x-haulboard-feature) a screen onto the group.
    const sourceGroup = before.find((g) => g.features.some((f) => f.title === 'Book Orders'))!.name;
    // The events themselves, with one DataTransfer, rather than a mouse path: the sidebar scrolls while the pointer
    // travels (its titles wrap onto two lines), and the row under a pointer that started on Book Orders can change.
    const carried = await page.evaluateHandle(() => new DataTransfer());
    const dragged = page.getByLabel('Drag Book Orders to another group');
    await dragged.dispatchEvent('dragstart', { dataTransfer: carried });
    await groupItem(page, 'Daily runs').dispatchEvent('dragenter', { dataTransfer: carried });
    await groupItem(page, 'Daily runs').dispatchEvent('dragover', { dataTransfer: carried });
    await groupItem(page, 'Daily runs').dispatchEvent('drop', { dataTransfer: carried });
    await dragged.dispatchEvent('dragend', { dataTransfer: carried });
    await poll(() => managedFeatures(page, 'Daily runs')).toEqual(['Book Orders']);
    expect(await managedFeatures(page, sourceGroup)).not.toContain('Book Orders');

    // The keyboard way: "Move to…" on a screen, then the group.
    const payBills = groupItem(page, 'Finances').locator('[data-feature-id]', { hasText: 'Pay Bills' });
    await payBills.getByRole('button', { name: 'Move to…' }).click();
    await page.getByRole('menuitem', { name: 'Daily runs' }).click();
    await poll(() => managedFeatures(page, 'Daily runs')).toEqual(['Book Orders', 'Pay Bills']);

    // Reorder: Move up once.
    const order = (await groupNames(page)) as string[];
    const at = order.indexOf('Daily runs');
    expect(at).toBeGreaterThan(0);
    await groupAction(page, 'Daily runs', 'Move up');
    const expectedOrder = [...order];
    [expectedOrder[at - 1], expectedOrder[at]] = [expectedOrder[at], expectedOrder[at - 1]];
    await poll(() => groupNames(page)).toEqual(expectedOrder);

    // The default group cannot be renamed or deleted (but may move).
    await sidebar(page)
      .getByRole('button', { name: `Actions for ${DEFAULT_GROUP}` })
      .click();
    expect(await page.getByRole('menuitem', { name: 'Rename' }).isDisabled()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Delete' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await gone(page.getByRole('menu'));

    // In management mode feature items are not links; Done returns to normal mode.
    expect(await groupItem(page, 'Daily runs').getByRole('link').count()).toBe(0);
    await sidebar(page).getByRole('button', { name: 'Done' }).click();
    await gone(sidebar(page).getByRole('button', { name: 'Actions for Daily runs' }));

    // Reload: the layout comes back from the server, in the UI and through the API.
    await page.reload();
    await sidebar(page).getByText('Data loaded success').waitFor({ state: 'attached' });
    const afterReload = await serverLayout(page);
    expect(afterReload.map((g) => g.name)).toEqual(expectedOrder);
    // Normal mode lists the same groups in the same order, less the empty ones (General, and the source group if
    // Book Orders was its only screen).
    const nonEmpty = afterReload.filter((g) => g.features.length).map((g) => g.name);
    expect(nonEmpty).toContain('Daily runs');
    await poll(() => groupNames(page)).toEqual(nonEmpty);
    expect(await linkTitles(page, 'Daily runs')).toEqual(['Book Orders', 'Pay Bills']);
    expect(afterReload.find((g) => g.name === 'Daily runs')!.features.map((f) => f.title)).toEqual([
      'Book Orders',
      'Pay Bills',
    ]);
    expect(afterReload.find((g) => g.name === 'Finances')!.features.map((f) => f.title)).not.toContain('Pay Bills');

    // Delete: the screens go to the default group.
    await gearMenu(page, 'Reorder Groups');
    await groupAction(page, 'Daily runs', 'Delete');
    await gone(groupItem(page, 'Daily runs'));
    await poll(() => managedFeatures(page, DEFAULT_GROUP)).toEqual(
      expect.arrayContaining(['Book Orders', 'Pay Bills']),
    );
    await sidebar(page).getByRole('button', { name: 'Done' }).click();

    await page.reload();
    await sidebar(page).getByText('Data loaded success').waitFor({ state: 'attached' });
    await visible(groupItem(page, DEFAULT_GROUP));
    expect(await groupNames(page)).not.toContain('Daily runs');
    expect(await linkTitles(page, DEFAULT_GROUP)).toEqual(expect.arrayContaining(['Book Orders', 'Pay Bills']));
    const afterDelete = await serverLayout(page);
    expect(afterDelete.map((g) => g.name)).not.toContain('Daily runs');
    expect(afterDelete.find((g) => g.isDefaultgroup)!.features.map((f) => f.title)).toEqual(
      expect.arrayContaining(['Book Orders', 'Pay Bills']),
    );
    // Nothing was lost or duplicated along the way.
    const titles = (groups: FeatureGroup[]) => groups.flatMap((g) => g.features.map((f) => f.title)).sort();
    expect(titles(afterDelete)).toEqual(titles(before));
    expect(afterDelete.length).toBe(before.length);
  });
});
