/**
 * The account flows (docs/product/accounts.md) in Chromium against the real server, without a mail server: the in-app
 * mailbox is the only inbox. A newcomer registers, verifies the address from the mailbox, completes the registration,
 * waits for an administrator who activates the account on the Users screen, and signs in; the verification link also
 * works in a browser where nobody is signed in; a forgotten password is reset with the link read in the mailbox of a
 * browser still signed in. Then /app/account (profile, picture, e-mail change confirmed from the mailbox, password
 * change) and the mailbox on a phone (labels, star, trash, search, unread). No database edits: every step goes through
 * the app.
 */
import { describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  demoUser,
  gone,
  pathname,
  poll,
  signIn,
  storageItem,
  otherBrowsers,
  useE2E,
  visible,
} from './helpers';
import {
  PASSWORD,
  RESET_SUBJECT,
  VERIFY_SUBJECT,
  activateOnUsersScreen,
  askForReset,
  chooseNewPassword,
  completeRegistration,
  enterOnceActive,
  openMessage,
  register,
  signInAgain,
} from './accountSteps';
import { main, toast } from './records';

const e2e = useE2E();
const anotherBrowser = otherBrowsers(e2e);

describe('account flow', () => {
  it('from registration to first sign-in: verify from the mailbox, complete, activation by an administrator', async () => {
    const { page } = e2e;
    const email = `nora.${Date.now()}@example.com`;
    await register(page, email, 'Nora');
    await visible(main(page).getByText(`We sent a message to ${email}.`));

    // The registration's message starts the cool-down: the button counts it down from the start, not after a refusal.
    const countdown = page.getByRole('button', { name: /^Send again in \d:\d\d$/ });
    await visible(countdown);
    expect(await countdown.isDisabled()).toBe(true);

    // The message waits in the mailbox, unread; its link verifies the address and the flow goes on.
    await page.getByRole('link', { name: 'Open your mailbox' }).click();
    await poll(() => pathname(page)).toBe('/app/received-emails');
    await visible(page.getByRole('link', { name: new RegExp(`^Unread:.*${VERIFY_SUBJECT}`) }).first());
    const body = await openMessage(page, VERIFY_SUBJECT);
    await body.getByRole('link', { name: 'Verify my e-mail address' }).click();
    await poll(() => pathname(page)).toBe('/app/complete-register');
    await visible(page.getByText(`Your e-mail address ${email} is verified.`));

    // The phone is checked as typed, by its country's digits (docs/product/accounts.md#phones).
    const phone = page.getByRole('textbox', { name: 'Phone' });
    await phone.fill('555 0101');
    await phone.blur();
    await visible(page.getByText('Enter the 10 digits of a USA number (+1)'));
    await page.getByRole('combobox', { name: /Phone country/ }).click();
    await page.getByRole('option', { name: 'Ukraine (+380)' }).click();
    expect(await page.getByText('Enter the 10 digits of a USA number (+1)').count()).toBe(0);
    await completeRegistration(page);
    // Nothing else opens meanwhile.
    await page.goto('/app/books/bookorders');
    await poll(() => pathname(page)).toBe('/app/activation-pending');
    await page.getByRole('button', { name: 'Check again' }).click();
    await visible(page.getByText(/^Still waiting \(checked at /));

    // An administrator activates the registration on the Users screen.
    await activateOnUsersScreen(await anotherBrowser(), email);

    // The waiting page opens the app; then the first sign-in of the account.
    await enterOnceActive(page);
    await signInAgain(page, email);
    expect(JSON.parse((await storageItem(page, 'user')) ?? '{}')).toMatchObject({
      email,
      isActive: true,
      isEmailVerified: true,
      registrationCompleted: true,
      phone: '5550109999',
      phoneCountry: 'US',
    });
  });

  it('the verification link works where nobody is signed in, then the sign-in goes on with the flow', async () => {
    const { page } = e2e;
    const email = `omar.${Date.now()}@example.com`;
    await register(page, email, 'Omar');
    await page.getByRole('link', { name: 'Open your mailbox' }).click();
    const body = await openMessage(page, VERIFY_SUBJECT);
    // The link, as the message's text version shows it, opened on a phone where nobody is signed in.
    const href = await body.getByRole('link', { name: /\/app\/verify-account\?token=/ }).getAttribute('href');
    const link = new URL(href!);
    const phone = await anotherBrowser();
    await phone.goto(link.pathname + link.search);
    await visible(phone.getByText(`Your e-mail address ${email} is verified.`));
    await phone.getByRole('button', { name: 'Sign in to go on' }).click();
    await visible(phone.getByRole('heading', { name: 'Sign in to Haulboard' }));
    expect(await phone.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe(email);
    await phone.getByLabel(/^Password/).fill(PASSWORD);
    await phone.getByRole('button', { name: 'Sign in' }).click();
    await poll(() => pathname(phone)).toBe('/app/complete-register');
    // The same link again: already used.
    const again = await anotherBrowser();
    await again.goto(link.pathname + link.search);
    await visible(again.getByRole('alert').filter({ hasText: 'This link has expired or was already used.' }));
  });

  it('a forgotten password is reset with the link read in the mailbox of a browser still signed in', async () => {
    const { page } = e2e;
    const email = demoUser('Dispatcher4');
    await signIn(page, email);

    // Elsewhere, signed out: "Forgot your password?" answers the same whoever asks.
    const elsewhere = await anotherBrowser();
    await askForReset(elsewhere, email);

    // The signed-in browser reads it in the mailbox; the link works only signed out, so the user copies it over.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Received e-mails' }).click();
    await poll(() => pathname(page)).toBe('/app/received-emails');
    const body = await openMessage(page, RESET_SUBJECT);
    await body.getByRole('link', { name: 'Choose a new password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Open this link signed out' });
    await visible(dialog);
    const address = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
    expect(new URL(address).pathname).toMatch(/^\/forgotpassword\/.+\/.+$/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await elsewhere.goto(address);
    const fresh = 'a-brand-new-password';
    await chooseNewPassword(elsewhere, email, fresh);

    // The old password is gone, and so is every session the account had (the signed-in browser is sent to sign in).
    expect((await e2e.api('POST', '/api/Auth/login', { body: { email, password: DEMO_PASSWORD } })).status).toBe(401);
    await page.reload();
    await poll(() => pathname(page)).toBe('/login');
  });

  it('/app/account: phone with its country, a picture in the top bar, a new e-mail confirmed from the mailbox, a new password', async () => {
    const { page } = e2e;
    const email = demoUser('Dispatcher5');
    const otherSession = await e2e.apiLogin(email);
    await signIn(page, email);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Your account' }));

    // Name and phone: a Georgian number has 9 digits after +995.
    const profile = page.getByRole('region', { name: 'Name and phone' });
    await profile.getByRole('combobox', { name: /Phone country/ }).click();
    await page.getByRole('option', { name: 'Georgia (+995)' }).click();
    await profile.getByRole('textbox', { name: 'Phone' }).fill('555 123 4567');
    await profile.getByRole('textbox', { name: 'Phone' }).blur();
    await visible(profile.getByText('Enter the 9 digits of a Georgia number (+995)'));
    await profile.getByRole('textbox', { name: 'Phone' }).fill('555 123 456');
    await profile.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Profile saved'));
    await visible(main(page).getByText('+995 555123456'));

    // A picture: chosen, seen, saved; the top bar shows it; removed again.
    const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 64, height: 64 } });
    await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
    await visible(main(page).getByRole('img', { name: 'The picture you chose' }));
    await page.getByRole('button', { name: 'Save picture' }).click();
    await visible(toast(page, 'Picture saved'));
    const topBarPicture = page.getByRole('button', { name: 'Account menu' }).locator('img');
    await poll(() => topBarPicture.getAttribute('src')).toMatch(/^\/api\/account\/avatar\/\d+\?v=/);
    await page.getByRole('button', { name: 'Remove picture' }).click();
    await visible(toast(page, 'Picture removed'));
    await poll(() => topBarPicture.count()).toBe(0);

    // A new e-mail address: the link goes to the new address (here, this mailbox) and confirms it.
    const newEmail = `dispatcher5.new.${Date.now()}@example.com`;
    const emailSection = page.getByRole('region', { name: 'E-mail address' });
    await emailSection.getByRole('textbox', { name: 'New e-mail address' }).fill(newEmail);
    await emailSection.getByLabel(/^Current password/).fill(DEMO_PASSWORD);
    await emailSection.getByRole('button', { name: 'Send confirmation link' }).click();
    await visible(
      emailSection.getByText(`We sent a link to ${newEmail}. You keep signing in with ${email} until you follow it.`),
    );
    await emailSection.getByRole('link', { name: 'Open your mailbox' }).click();
    const body = await openMessage(page, 'Confirm your new e-mail address for Haulboard');
    await body.getByRole('link', { name: 'Confirm my new address' }).click();
    await visible(page.getByText(`Your e-mail address is now ${newEmail}.`, { exact: false }));
    await page.getByRole('link', { name: 'Back to your account' }).click();
    await visible(page.getByRole('region', { name: 'E-mail address' }).getByText(`You sign in with ${newEmail}.`));

    // A new password: the current one first; the account's other sessions end, this one stays.
    const fresh = 'another-long-password';
    const passwordSection = page.getByRole('region', { name: 'Password' });
    await passwordSection.getByLabel(/^Current password/).fill('not-the-password');
    await passwordSection.getByLabel(/^New password/).fill(fresh);
    await passwordSection.getByLabel(/^Repeat the new password/).fill(fresh);
    await passwordSection.getByRole('button', { name: 'Change password' }).click();
    await visible(passwordSection.getByRole('alert'));
    await passwordSection.getByLabel(/^Current password/).fill(DEMO_PASSWORD);
    await passwordSection.getByRole('button', { name: 'Change password' }).click();
    await visible(passwordSection.getByText('Your password is changed. Your other sessions were signed out.'));
    expect((await e2e.api('GET', '/api/token/me', { token: otherSession })).status).toBe(401);
    expect((await e2e.api('GET', '/api/token/me', { token: (await storageItem(page, 'accessToken'))! })).status).toBe(
      200,
    );
    expect((await e2e.api('POST', '/api/Auth/login', { body: { email: newEmail, password: fresh } })).status).toBe(200);
  });

  it('the mailbox on a phone: labels in a drawer, cards, a message full screen; star, label, trash and restore, search, unread', async () => {
    const { page } = e2e;
    const email = demoUser('DispatchManager');
    // Three messages for the mailbox: a password reset asked for, and an e-mail change (two notices).
    expect((await e2e.api('POST', '/api/account/forgot-password', { body: { email } })).status).toBe(200);
    const token = await e2e.apiLogin(email);
    expect(
      (
        await e2e.api('POST', '/api/account/change-email', {
          token,
          body: { newEmail: `dm.${Date.now()}@example.com`, password: DEMO_PASSWORD },
        })
      ).status,
    ).toBe(200);

    await signIn(page, email);
    await page.setViewportSize({ width: 390, height: 844 });
    const noSidewaysScroll = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto('/app/mail/all');
    const messages = page.getByRole('list', { name: 'Messages' });
    await poll(() => messages.getByRole('link').count()).toBe(3);
    await noSidewaysScroll();

    // A label of one's own, from the drawer.
    const drawer = () => page.getByRole('navigation', { name: 'Labels' });
    await page.getByRole('button', { name: 'Labels' }).click();
    await drawer().getByRole('button', { name: 'New label' }).click();
    const dialog = page.getByRole('dialog', { name: 'New label' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Urgent');
    await dialog.getByRole('radio', { name: 'Red' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(drawer().getByRole('link', { name: /^Urgent/ }));
    await drawer().getByRole('link', { name: 'All mail' }).click();
    await gone(drawer());

    // A message full screen: star it, put it in the label, back to the cards.
    const subject = RESET_SUBJECT;
    await openMessage(page, subject);
    expect(await messages.count()).toBe(0);
    await noSidewaysScroll();
    const star = main(page).getByRole('button', { name: `Star: ${subject}` });
    await star.click();
    await poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await main(page).getByRole('group', { name: 'Message actions' }).getByRole('button', { name: 'Labels' }).click();
    await page.getByRole('menuitemcheckbox', { name: /Urgent/ }).click();
    await poll(() => page.getByRole('menuitemcheckbox', { name: /Urgent/ }).getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
    await visible(main(page).getByText('Urgent'));
    await main(page).getByRole('button', { name: 'Back to the messages' }).click();
    await visible(messages);

    // The drawer's button is the list's; a message open on the phone has a Labels menu of its own, so the message goes
    // first (moving it to the trash returns to the list only once the server has answered).
    const openLabel = async (name: string) => {
      await gone(main(page).getByRole('group', { name: 'Message actions' }));
      await page.getByRole('button', { name: 'Labels' }).click();
      await drawer()
        .getByRole('link', { name: new RegExp(`^${name}`) })
        .click();
      await gone(drawer());
    };
    await openLabel('Starred');
    await poll(() => messages.getByRole('link').allInnerTexts()).toEqual([expect.stringContaining(subject)]);
    await openLabel('Urgent');
    await poll(() => messages.getByRole('link').allInnerTexts()).toEqual([expect.stringContaining(subject)]);

    // To the trash and back.
    await openMessage(page, subject);
    await main(page).getByRole('button', { name: 'Move to trash' }).click();
    await openLabel('Trash');
    await poll(() => messages.getByRole('link').allInnerTexts()).toEqual([expect.stringContaining(subject)]);
    await openMessage(page, subject);
    await main(page).getByRole('button', { name: 'Restore from trash' }).click();
    await visible(main(page).getByRole('button', { name: 'Move to trash' }));
    await main(page).getByRole('button', { name: 'Back to the messages' }).click();
    await visible(page.getByText('No messages here.'));

    // Search, then mark a message unread again.
    await openLabel('All mail');
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('reset');
    await poll(() => messages.getByRole('link').allInnerTexts()).toEqual([expect.stringContaining(subject)]);
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('no such words anywhere');
    await visible(page.getByText('No messages match your search.'));
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('');
    await poll(() => messages.getByRole('link').count()).toBe(3);
    await openMessage(page, subject);
    await main(page).getByRole('button', { name: 'Mark as unread' }).click();
    await visible(messages.getByRole('link', { name: new RegExp(`^Unread:.*${subject}`) }));

    // The label goes; its message stays.
    await page.getByRole('button', { name: 'Labels' }).click();
    await drawer().getByRole('button', { name: 'Label Urgent: actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete label' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete label' }).click();
    await gone(drawer().getByRole('link', { name: /^Urgent/ }));
    await drawer().getByRole('link', { name: 'All mail' }).click();
    await poll(() => messages.getByRole('link').count()).toBe(3);
    await noSidewaysScroll();
  });
});
