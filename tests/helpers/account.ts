import { expect } from 'vitest';
import type { TestServer } from './server';

/**
 * The account flows as a person goes through them (docs/product/accounts.md), through the API alone: register, read the
 * message in the in-app mailbox, follow its link, complete the registration.
 */
export const PASSWORD = 'long-enough-1';
export const PROFILE = { firstName: 'Reg', lastName: 'Istered', phoneCountry: 'US', phone: '(555) 010-9999' };

let addresses = 0;
/** A client address of its own for each registration, so that the 10 an hour per address never interfere. */
export const freshAddress = () => `203.0.113.${(addresses++ % 250) + 1}`;

export async function register(
  server: TestServer,
  email: string,
  payload: Record<string, unknown> = {},
): Promise<{ accessToken: string; user: any }> {
  const response = await server.call({
    method: 'POST',
    url: '/api/token/register',
    remoteAddress: freshAddress(),
    payload: {
      email,
      firstname: 'Reg',
      lastname: 'Istered',
      userType: 'driver',
      password: PASSWORD,
      AccountId: 1,
      ...payload,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** The newest message of the caller's mailbox (of a kind, if given), opened (so marked read). */
export async function newestMail(server: TestServer, token: string, kind?: string): Promise<any> {
  const list = await server.call({ method: 'GET', url: '/api/mail/mails?label=all&size=100', token });
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  const item = list.body.value.items.find((m: { kind: string }) => !kind || m.kind === kind);
  expect(item, `a ${kind ?? ''} message in the mailbox`).toBeDefined();
  return (await server.call({ method: 'GET', url: `/api/mail/mails/${item.id}`, token })).body.value;
}

/** The token at the end of the link in a message's text: ?token=…, /update-email/…, /forgotpassword/{email}/… */
export function tokenIn(text: string): string {
  const match = /(?:\?token=|\/update-email\/|\/forgotpassword\/[^/\s]+\/)([\w-]+)/.exec(text);
  expect(match, `a link in ${text}`).not.toBeNull();
  return match![1];
}

export async function verify(server: TestServer, token: string): Promise<void> {
  const mail = await newestMail(server, token, 'verification');
  const response = await server.call({
    method: 'POST',
    url: '/api/account/verify-email',
    payload: { token: tokenIn(mail.text) },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

export async function complete(
  server: TestServer,
  token: string,
  profile: Record<string, unknown> = PROFILE,
): Promise<any> {
  const response = await server.call({
    method: 'POST',
    url: '/api/account/complete-registration',
    token,
    payload: profile,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.value;
}

/** Registered, verified from the mailbox, registration completed: the account now waits for an administrator. */
export async function registerCompleted(
  server: TestServer,
  email: string,
  payload: Record<string, unknown> = {},
  profile: Record<string, unknown> = PROFILE,
) {
  const registered = await register(server, email, payload);
  await verify(server, registered.accessToken);
  const user = await complete(server, registered.accessToken, profile);
  return { accessToken: registered.accessToken, user };
}
