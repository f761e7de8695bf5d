/**
 * The connected-apps journey (docs/authentication.md#connected-apps): an administrator registers an app on
 * /app/settings and reads its secret from the dialog that shows it once; the integrator, with curl, exchanges the
 * credentials at POST /apps/auth-token, reads a list of its scopes and is refused outside them and on the people's
 * routes; the administrator rotates the secret with no grace (the new one works, the old one stops) and revokes the app
 * (its token stops at once). Expiry and the grace period are the server tests'.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoUser, gone, poll, screenTitle, signIn, useE2E, visible } from './helpers';

const e2e = useE2E();
const run = promisify(execFile);

/** The integrator's side: a real HTTP client outside the browser and outside Node's fetch. */
async function curl(
  method: 'GET' | 'POST',
  path: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: any }> {
  const args = [
    '--silent',
    '--show-error',
    '--max-time',
    '15',
    '--request',
    method,
    '--header',
    'accept: application/json',
    '--write-out',
    '\n%{http_code}',
  ];
  if (token) args.push('--header', `authorization: Bearer ${token}`);
  if (body !== undefined) args.push('--header', 'content-type: application/json', '--data-raw', JSON.stringify(body));
  const { stdout } = await run('curl', [...args, `${e2e.baseUrl}${path}`]);
  const split = stdout.lastIndexOf('\n');
  const text = stdout.slice(0, split);
  return { status: Number(stdout.slice(split + 1)), body: text ? JSON.parse(text) : null };
}

/** The credentials in the shown-once dialog, then the dialog closed by saying they were copied. */
async function readSecretDialog(page: Page, title: RegExp) {
  const dialog = page.getByRole('dialog', { name: title });
  await visible(dialog);
  await visible(dialog.getByText(/only time the secret key is shown/));
  const value = (label: string) => dialog.getByRole('textbox', { name: label }).inputValue();
  const credentials = {
    secretKey: await value('Secret key'),
    clientId: await value('Client id'),
    callerId: await value('Caller id'),
  };
  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await gone(dialog);
  return credentials;
}

describe('connected apps', () => {
  it('an administrator registers an app; curl exchanges its credentials and calls within its scopes; rotate and revoke stop the old secret and the token', async () => {
    const { page } = e2e;
    const name = 'Acme TMS sync';
    await signIn(page, demoUser('Administrator'), { at: '/app/settings' });
    await visible(screenTitle(page, 'Connected Apps'));

    // Register: a name, the integrator's caller id, two screens to read.
    await page.getByRole('link', { name: 'Create', exact: true }).click();
    await visible(screenTitle(page, 'Register an app'));
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('textbox', { name: /^Caller id/ }).fill('acme tms');
    await page.getByRole('textbox', { name: /^Name/ }).click();
    await visible(page.getByText('Use letters, digits and punctuation, without spaces'));
    await page.getByRole('textbox', { name: /^Caller id/ }).fill('acme-tms');
    await page.getByRole('checkbox', { name: 'Read on Shippers' }).check();
    // A write ticks Read with it.
    await page.getByRole('checkbox', { name: 'Export on Vehicles' }).check();
    expect(await page.getByRole('checkbox', { name: 'Read on Vehicles' }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'Export on Vehicles' }).uncheck();
    await page.getByRole('button', { name: 'Register' }).click();
    const first = await readSecretDialog(page, new RegExp(`Copy the secret of ${name}`));
    expect(first.callerId).toBe('acme-tms');
    expect(first.secretKey).toMatch(/^hbsk_/);
    await poll(() => page.url()).toMatch(/\/app\/settings$/);
    await page.getByRole('textbox', { name: /Name, caller or client id/ }).fill('acme');
    // The list applies a search half a second after the typing (react-admin's debounce), by a navigation to the list's
    // URL: wait for it, or it may land after the row's click and take the page back from the app to the list.
    await poll(() => decodeURIComponent(page.url())).toContain('"search":"acme"');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await visible(row);
    expect(await row.textContent()).toContain('Active');
    expect(await row.textContent()).toContain('Shippers (Read) · Vehicles (Read)');
    expect(await page.content()).not.toContain(first.secretKey);

    // The integrator, with curl.
    const exchange = (secretKey: string) =>
      curl('POST', '/apps/auth-token', { body: { clientId: first.clientId, secretKey, callerId: first.callerId } });
    const issued = await exchange(first.secretKey);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const token = issued.body.data.applicationToken as string;
    expect(Date.parse(issued.body.data.expiresAt)).toBeGreaterThan(Date.now());
    const shippers = await curl('GET', '/api/Shipper?size=5', { token });
    expect(shippers.status).toBe(200);
    expect(shippers.body.value.items.length).toBeGreaterThan(0);
    expect((await curl('GET', '/api/Units?size=5', { token })).status).toBe(200);
    const brokers = await curl('GET', '/api/Brokers', { token });
    expect(brokers.status).toBe(403);
    expect(brokers.body.message).toMatch(/scopes do not include Read on Brokers/);
    expect((await curl('GET', '/api/token/me', { token })).status).toBe(403);

    // Rotate with no grace: the old secret and its token stop at once, the new secret works.
    await row.click();
    await visible(screenTitle(page, name));
    await poll(() => page.url()).toMatch(/\/app\/settings\/\d+/);
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const rotate = page.getByRole('dialog', { name: `Rotate the secret of ${name}` });
    await visible(rotate);
    await rotate.getByRole('combobox').click();
    await page.getByRole('option', { name: 'No grace: stop it now' }).click();
    await rotate.getByRole('button', { name: 'Rotate', exact: true }).click();
    const second = await readSecretDialog(page, new RegExp(`The new secret of ${name}`));
    expect(second.secretKey).not.toBe(first.secretKey);
    expect(second.clientId).toBe(first.clientId);
    expect((await exchange(first.secretKey)).status).toBe(401);
    expect((await curl('GET', '/api/Shipper?size=5', { token })).status).toBe(401);
    const renewed = await exchange(second.secretKey);
    expect(renewed.status).toBe(200);
    const newToken = renewed.body.data.applicationToken as string;
    expect((await curl('GET', '/api/Shipper?size=5', { token: newToken })).status).toBe(200);

    // Revoke, confirmed: the token is refused at once.
    await page.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: `Revoke ${name}?` });
    await visible(confirm);
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await gone(confirm);
    await visible(page.getByText(/^Revoked by .* its secret and tokens no longer work/));
    expect((await curl('GET', '/api/Shipper?size=5', { token: newToken })).status).toBe(401);
    expect((await exchange(second.secretKey)).status).toBe(401);
    await page.getByRole('link', { name: 'List' }).click();
    await visible(page.getByRole('row', { name: new RegExp(`${name}.*Revoked`) }));
  });
});
