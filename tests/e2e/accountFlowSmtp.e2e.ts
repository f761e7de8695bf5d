/**
 * The account flow (docs/product/accounts.md) with a mail server: the server is given SMTP_URL (a real SMTP server in
 * this process, STARTTLS with a user and password), MAIL_FROM and PUBLIC_URL (its own address), and the newcomer reads
 * their messages there, as they would in their own mail program: from registration to first sign-in, then a forgotten
 * password. The links are followed as they arrived; nothing is read from the database.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type Arrived, mailServer, until } from '../helpers/smtp';
import { pathname, poll, otherBrowsers, useE2E, visible } from './helpers';
import {
  RESET_SUBJECT,
  VERIFY_SUBJECT,
  activateOnUsersScreen,
  askForReset,
  chooseNewPassword,
  completeRegistration,
  enterOnceActive,
  register,
} from './accountSteps';
import { main } from './records';

const MAIL_FROM = 'Haulboard Dispatch <dispatch@haulboard.example.com>';
const smtp = await mailServer(false);
afterAll(() => smtp.close());
const e2e = useE2E({ env: (baseUrl) => ({ SMTP_URL: smtp.startTlsUrl, MAIL_FROM, PUBLIC_URL: baseUrl }) });
const anotherBrowser = otherBrowsers(e2e);

/** The newest message to this address with this subject, once the mail server has it. */
const arrived = (to: string, subject: string, after = 0) =>
  until(
    () => smtp.arrived.slice(after).findLast((m) => m.to.includes(to) && m.subject === subject),
    `"${subject}" for ${to} at the mail server`,
  );

/** The link of a message, from its text, which must be the same as its HTML's and lead to this server. */
function linkIn(mail: Arrived, path: RegExp): string {
  const found = mail.text.match(/https?:\/\/\S+/g)?.find((url) => path.test(new URL(url).pathname));
  expect(found, mail.text).toBeDefined();
  expect(new URL(found!).origin).toBe(e2e.baseUrl);
  expect(mail.html).toContain(`href="${found!.replace(/&/g, '&amp;')}"`);
  return found!;
}

describe('account flow through a mail server', () => {
  it('registration to first sign-in with the messages read at the mail server, then a forgotten password', async () => {
    const { page } = e2e;
    const email = `sam.${Date.now()}@example.com`;
    await register(page, email, 'Sam');
    await visible(main(page).getByText(`We sent a message to ${email}.`));

    // The verification message, sent over TLS from MAIL_FROM, as text and HTML with the same link.
    const verification = await arrived(email, VERIFY_SUBJECT);
    expect(verification).toMatchObject({
      secure: true,
      from: expect.stringMatching(/Haulboard Dispatch.*<dispatch@haulboard\.example\.com>/),
    });
    expect(verification.text).toContain('Hello Sam,');
    await page.goto(linkIn(verification, /^\/app\/verify-account$/));
    await poll(() => pathname(page)).toBe('/app/complete-register');
    await visible(page.getByText(`Your e-mail address ${email} is verified.`));

    await completeRegistration(page);
    await activateOnUsersScreen(await anotherBrowser(), email);
    await enterOnceActive(page);

    // Forgotten: the reset link arrives at the mail server and works once.
    const before = smtp.arrived.length;
    const elsewhere = await anotherBrowser();
    await askForReset(elsewhere, email);
    const reset = linkIn(await arrived(email, RESET_SUBJECT, before), /^\/forgotpassword\/[^/]+\/[^/]+$/);
    await elsewhere.goto(reset);
    const fresh = 'a-password-from-the-mail';
    await chooseNewPassword(elsewhere, email, fresh);
    // The reset ended the account's other sessions.
    await page.reload();
    await poll(() => pathname(page)).toBe('/login');

    // The same link again, in a browser where nobody is signed in: used, and the password stays the one chosen.
    const again = await anotherBrowser();
    await again.goto(reset);
    await again.getByLabel(/^New password/).fill('yet-another-password');
    await again.getByLabel(/^Repeat the new password/).fill('yet-another-password');
    await again.getByRole('button', { name: 'Save the new password' }).click();
    await visible(again.getByRole('alert').filter({ hasText: /expired or was already used/ }));
    expect((await e2e.api('POST', '/api/Auth/login', { body: { email, password: fresh } })).status).toBe(200);
  });
});
