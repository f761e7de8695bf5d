/**
 * The public site (docs/product/administration.md#public-site) in Chromium: a visitor sends the contact form and an
 * administrator finds the message in the in-app mailbox; the public pages read on a phone (390 px, no sideways
 * scrolling) with their landmarks and skip link.
 */
import { describe, expect, it } from 'vitest';
import { openMessage } from './accountSteps';
import { demoUser, signIn, useE2E, visible } from './helpers';

const e2e = useE2E();

describe('the public site', () => {
  it('a visitor sends the contact form, and an administrator finds it in the mailbox', async () => {
    const { page } = e2e;
    const subject = `Quote for 3 sedans ${Date.now()}`;
    await page.goto('/contact');
    await visible(page.getByRole('heading', { level: 1, name: 'Contact us' }));
    // Checked as typed: nothing is sent while a field is wrong.
    await page.getByRole('button', { name: 'Send the message' }).click();
    await visible(page.getByText('Enter your name'));
    await page.getByRole('textbox', { name: 'Your name' }).fill('Maria Lopez');
    await page.getByRole('textbox', { name: 'Your e-mail address' }).fill('maria.lopez@example.com');
    await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('Hello, can you move three sedans from Dallas, TX to Atlanta, GA next week?');
    await page.getByRole('button', { name: 'Send the message' }).click();
    await visible(page.getByRole('heading', { name: 'Message sent' }));
    await visible(page.getByText('they will answer at maria.lopez@example.com'));

    await signIn(page, demoUser('Administrator'), { at: '/app/received-emails' });
    const body = await openMessage(page, `Contact form: ${subject}`);
    await visible(body.getByText('Hello, can you move three sedans from Dallas, TX to Atlanta, GA next week?'));
    await visible(body.getByRole('link', { name: 'maria.lopez@example.com' }));
  });

  it('reads on a phone: each public page fits 390 px, with its landmarks and a skip link first', async () => {
    const page = await e2e.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, heading] of [
      ['/pricing', 'Pricing'],
      ['/terms-of-service', 'Terms of service'],
      ['/privacy-policy', 'Privacy policy'],
      ['/contact', 'Contact us'],
      ['/docs/routing', 'Routing'],
    ]) {
      await page.goto(path);
      await visible(page.getByRole('heading', { level: 1, name: heading }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      for (const landmark of ['banner', 'main', 'contentinfo'] as const)
        expect(await page.getByRole(landmark).count(), `${path} ${landmark}`).toBe(1);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent), path).toBe('Skip to content');
    }
    // The privacy policy tells staff and drivers what is kept, who sees it and how to ask.
    await page.goto('/privacy-policy');
    await visible(page.getByRole('cell', { name: /Driver's license \(CDL\) number/ }));
    await visible(page.getByRole('heading', { level: 2, name: /Your copy and corrections/ }));
    await visible(page.getByRole('link', { name: 'contact form' }).first());
  });
});
