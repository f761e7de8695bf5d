/**
 * Steps of the account flows (docs/product/accounts.md) shared by the journeys with the in-app mailbox
 * (accountFlow.e2e.ts) and with a mail server (accountFlowSmtp.e2e.ts): what a newcomer, an administrator and a
 * returning user do on the screens.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ACCOUNT_FLOW_PAGES as FLOW_PAGES } from '../../authProvider/access';
import { demoUser, pathname, poll, sidebar, signIn, visible } from './helpers';
import { answerOf, main, signOut, toast } from './records';

export const PASSWORD = 'a-long-enough-password';
export const USERS = '/app/management/user-management';
export const VERIFY_SUBJECT = 'Verify your e-mail address for Haulboard';
export const RESET_SUBJECT = 'Reset your Haulboard password';

/** Registration through /register; the app goes on to /app/verify-account. */
export async function register(page: Page, email: string, firstName: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'New here? Create an account' }).click();
  await visible(page.getByRole('heading', { name: 'Create your account' }));
  await page.getByRole('textbox', { name: 'First name' }).fill(firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill('Newcomer');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('combobox', { name: /I am a/ }).click();
  await page.getByRole('option', { name: 'Driver' }).click();
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await poll(() => pathname(page)).toBe('/app/verify-account');
  await visible(page.getByRole('heading', { level: 1, name: 'Verify your e-mail address' }));
}

/** Opens the newest message with this subject in the mailbox the page shows; returns its HTML body's frame. */
export async function openMessage(page: Page, subject: string) {
  await page
    .getByRole('list', { name: 'Messages' })
    .getByRole('link', { name: new RegExp(subject) })
    .first()
    .click();
  await visible(main(page).getByRole('heading', { level: 2, name: subject }));
  return page.frameLocator(`iframe[title="Message: ${subject}"]`);
}

/** On /app/complete-register: a phone of the USA, then the page that waits for an administrator. */
export async function completeRegistration(page: Page) {
  await page.getByRole('combobox', { name: /Phone country/ }).click();
  await page.getByRole('option', { name: 'USA (+1)' }).click();
  await page.getByRole('textbox', { name: 'Phone' }).fill('(555) 010-9999');
  await page.getByRole('button', { name: 'Complete registration' }).click();
  await poll(() => pathname(page)).toBe('/app/activation-pending');
  await visible(page.getByRole('heading', { level: 1, name: 'Your account is waiting for activation' }));
}

/** An administrator finds the registration among those waiting on the Users screen and activates it. */
export async function activateOnUsersScreen(admin: Page, email: string) {
  await signIn(admin, demoUser('Administrator'), { at: USERS });
  await admin.getByRole('button', { name: 'Waiting for activation' }).first().click();
  const cell = main(admin).getByRole('cell', { name: email, exact: true });
  await visible(cell);
  await cell.click();
  await admin.waitForURL((url) => new RegExp(`^${USERS}/\\d+/edit$`).test(url.pathname));
  expect(
    await answerOf(
      admin,
      'POST',
      /^\/api\/User\/\d+\/activate$/,
      main(admin).getByRole('button', { name: 'Activate' }),
    ),
  ).toBe(200);
  await visible(toast(admin, 'User activated'));
}

/** The waiting page, once the account is active, opens the app. */
export async function enterOnceActive(page: Page) {
  await page.getByRole('button', { name: 'Check again' }).click();
  await poll(() => FLOW_PAGES.includes(pathname(page)) || !pathname(page).startsWith('/app/')).toBe(false);
  await visible(sidebar(page).getByText('Data loaded success'));
}

/** Signs out, then in again through the form, straight into the app. */
export async function signInAgain(page: Page, email: string, password = PASSWORD) {
  await signOut(page);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/app/'));
  await visible(sidebar(page).getByText('Data loaded success'));
  expect(FLOW_PAGES).not.toContain(pathname(page));
}

/** /resetbyemail from the sign-in page: the answer is the same whoever asks. */
export async function askForReset(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await poll(() => pathname(page)).toBe('/resetbyemail');
  // The page's code arrives after the address changes: until then the sign-in form, with its own E-mail, still shows.
  await visible(page.getByRole('heading', { name: 'Reset your password' }));
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await visible(
    page.getByText(`If an account uses ${email}, a message with a link to choose a new password is on its way.`, {
      exact: false,
    }),
  );
}

/** On the reset link's page: a new password (a mismatch caught as typed first), then the sign-in with it. */
export async function chooseNewPassword(page: Page, email: string, fresh: string) {
  await visible(page.getByRole('heading', { name: 'Choose a new password' }));
  await page.getByLabel(/^New password/).fill(fresh);
  await page.getByLabel(/^Repeat the new password/).fill(`${fresh}x`);
  await page.getByLabel(/^Repeat the new password/).blur();
  await visible(page.getByText('The two passwords differ'));
  await page.getByLabel(/^Repeat the new password/).fill(fresh);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await visible(page.getByText('Your password is changed. Sign in with it now.'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await visible(page.getByRole('heading', { name: 'Sign in to Haulboard' }));
  expect(await page.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe(email);
  await page.getByLabel(/^Password/).fill(fresh);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/app/'));
  await visible(sidebar(page).getByText('Data loaded success'));
}
