/**
 * Journey: staff chat (docs/product/administration.md#chat). Two people in two browsers at once: one starts a
 * conversation and writes, the other sees the unread count in the sidebar and on the thread, opens it and reads the
 * message, and the writer sees "Seen"; typing shows on the other side, the answer arrives live, an edit and a deletion
 * show for both. The same with the two signed in to two servers sharing one PostgreSQL (the hub's backplane carries it
 * across).
 *
 * E2E_SCREENSHOTS_DIR=<dir> saves screenshots of both sides there.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { demoUser, gone, otherBrowsers, pathname, poll, sidebar, signIn, useE2E, visible } from './helpers';
import { startPostgresPair } from './servers';

const e2e = useE2E();
/** Another person's browser, on this file's server or on another one. */
const browserOn = otherBrowsers(e2e);

async function screenshot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

const chatLink = (page: Page) => sidebar(page).getByRole('link', { name: /^Chat/ });
/** The sidebar's Chat entry by its whole name: "Chat", or "Chat, 2 unread". */
const chatEntry = (page: Page, name: string) => sidebar(page).getByRole('link', { name, exact: true });
const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

async function nameOf(base: string, email: string): Promise<string> {
  const login = await fetch(`${base}/api/Auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo-password' }),
  });
  const token = ((await login.json()) as { value: string }).value;
  const me = (await (
    await fetch(`${base}/api/token/me`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: { firstName: string; lastName: string } };
  return `${me.data.firstName} ${me.data.lastName}`;
}

/** Starts a direct conversation with `person` on /app/chat/new; resolves when the thread is open. */
async function startWith(page: Page, person: string) {
  await chatLink(page).click();
  await page.waitForURL((url) => url.pathname === '/app/chat/new');
  await page.getByRole('combobox', { name: 'People' }).fill(person.split(' ')[0]);
  await page.getByRole('option', { name: new RegExp(person) }).click();
  await page.getByRole('button', { name: 'Start conversation' }).click();
  await page.waitForURL((url) => /^\/app\/chat\/\d+$/.test(url.pathname));
  await visible(page.getByRole('heading', { name: person, level: 2 }));
}

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await visible(messages(page).getByText(text));
  await poll(() => composer(page).inputValue()).toBe('');
}

/** The two-person journey on whichever server(s) the pages are signed in to. */
async function converse(writer: Page, reader: Page, writerName: string, readerName: string, prefix: string) {
  await reader.goto('/app/books/bookorders');
  await visible(chatEntry(reader, 'Chat'));
  await startWith(writer, readerName);
  const threadPath = pathname(writer);
  const first = `${prefix}: the Phoenix load is picked up, COD check in hand`;
  await send(writer, first);

  // The reader, elsewhere in the app (book orders: the sidebar's Books group, Chat's, is open), sees the count in the
  // sidebar; then on the thread in the list.
  await visible(chatEntry(reader, 'Chat, 1 unread'));
  await chatLink(reader).click();
  const row = reader.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(writerName) });
  await visible(row.getByText('1 unread'));
  await screenshot(reader, `${prefix}-reader-unread`);
  await row.click();
  await reader.waitForURL((url) => url.pathname === threadPath);
  await visible(messages(reader).getByText(first));

  // Read: the counts go, and the writer sees it was seen.
  await visible(chatEntry(reader, 'Chat'));
  await gone(row.getByText('1 unread'));
  await visible(messages(writer).getByText('Seen', { exact: true }));

  // Typing shows on the other side; the answer arrives live.
  await composer(reader).pressSequentially('Gre');
  await visible(writer.getByRole('status').getByText(`${readerName} is typing…`));
  const answer = `${prefix}: great, send the BOL copy to finance`;
  await composer(reader).fill(answer);
  await composer(reader).press('Enter');
  await visible(messages(writer).getByText(answer));
  await gone(writer.getByRole('status').getByText(`${readerName} is typing…`));
  await screenshot(writer, `${prefix}-writer`);

  // The writer edits, then deletes, their first message: both see it.
  await messages(writer)
    .getByRole('listitem')
    .filter({ hasText: first })
    .getByRole('button', { name: 'Message actions' })
    .click();
  await writer.getByRole('menuitem', { name: 'Edit' }).click();
  const edited = `${prefix}: the Phoenix load is picked up, check and BOL in hand`;
  await messages(writer).getByRole('textbox', { name: 'Message' }).fill(edited);
  await messages(writer).getByRole('button', { name: 'Save' }).click();
  const readerCopy = messages(reader).getByRole('listitem').filter({ hasText: edited });
  await visible(readerCopy.getByText('edited', { exact: false }));
  await messages(writer)
    .getByRole('listitem')
    .filter({ hasText: edited })
    .getByRole('button', { name: 'Message actions' })
    .click();
  await writer.getByRole('menuitem', { name: 'Delete' }).click();
  await writer.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await visible(messages(reader).getByText('This message was deleted.'));
  await gone(messages(reader).getByText(edited));
}

describe('staff chat', () => {
  it('two people chat live: unread counts, seen marker, typing, edit and delete', async () => {
    const writer = e2e.page;
    const reader = await browserOn();
    const [writerName, readerName] = await Promise.all([
      nameOf(e2e.baseUrl, demoUser('Dispatcher')),
      nameOf(e2e.baseUrl, demoUser('Finance')),
    ]);
    await signIn(writer, demoUser('Dispatcher'));
    await signIn(reader, demoUser('Finance'));
    await converse(writer, reader, writerName, readerName, 'one-server');
  });

  it('a user never opens a conversation they are not in', async () => {
    const token = await e2e.apiLogin(demoUser('Dispatcher'));
    const finance = (await e2e.api('GET', '/api/token/me', { token: await e2e.apiLogin(demoUser('Finance')) })).body
      .data;
    const thread = await e2e.api('POST', '/api/Chat/threads', { token, body: { userIds: [finance.id] } });
    await e2e.api('POST', `/api/Chat/threads/${thread.body.value.id}/messages`, {
      token,
      body: { body: 'between the two of us' },
    });
    await signIn(e2e.page, demoUser('Manager'), { at: `/app/chat/${thread.body.value.id}` });
    await visible(e2e.page.getByText('Conversation not found'));
    await gone(e2e.page.getByText('between the two of us'));
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('staff chat across two servers sharing PostgreSQL', () => {
  it('people signed in to different servers chat live', async () => {
    const pair = await startPostgresPair();
    try {
      const [one, two] = pair.bases;
      const writer = await browserOn(one);
      const reader = await browserOn(two);
      const [writerName, readerName] = await Promise.all([
        nameOf(one, demoUser('Dispatcher')),
        nameOf(two, demoUser('Finance')),
      ]);
      await signIn(writer, demoUser('Dispatcher'));
      await signIn(reader, demoUser('Finance'));
      await converse(writer, reader, writerName, readerName, 'two-servers');
    } finally {
      await pair.close();
    }
  }, 180_000);
});
