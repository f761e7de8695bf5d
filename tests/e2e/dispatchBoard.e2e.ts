/**
 * Journey: the dispatch board (docs/product/book-orders.md#dispatch-board) used by two people at once. A dispatcher
 * moves a card to Picked up by dragging it; the manager's board, open at the same time, shows it moved without a
 * reload, and shows who holds a card while it is picked up with the keyboard. An illegal move is refused: the card goes
 * back and the screen says why. A board closed while it holds a card lets it go on the other. Then the same across two
 * servers sharing one PostgreSQL database (skipped without TEST_DATABASE_URL).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUser, journeyContext, poll, signIn, useE2E, visible } from './helpers';
import { type PostgresPair, startPostgresPair } from './servers';

const e2e = useE2E();
const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

type Api = (method: string, url: string, token?: string, body?: unknown) => Promise<{ status: number; body: any }>;
const apiAt =
  (base: string): Api =>
  async (method, url, token, body) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(base + url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
const login = async (api: Api, email: string) =>
  (await api('POST', '/api/Auth/login', undefined, { email, password: DEMO_PASSWORD })).body.value as string;

/** A browser of its own (own storage, own session) on `base`, the board filtered to one dispatcher's orders. */
async function boardPage(browser: Browser, base: string, email: string, dispatcherId: number): Promise<Page> {
  const context = await journeyContext(browser, base);
  contexts.push(context);
  await context.addInitScript(
    (filter) => sessionStorage.setItem('dispatch-board-filter', filter),
    JSON.stringify({ filtered: 'current', dispatcherId }),
  );
  const page = await context.newPage();
  await signIn(page, email, { at: '/app/kanban' });
  await visible(page.locator('[data-column="NEW"] [data-order]').first());
  return page;
}

const card = (page: Page, column: string, orderNumber: string) =>
  page.locator(`[data-column="${column}"] [data-order="${orderNumber}"]`);

/**
 * The dispatcher's board on `baseA`, the manager's on `baseB`, both showing the dispatcher's orders; an order of
 * theirs assigned a driver first (through the edit form's route) so that it can be picked up.
 */
async function twoBoards(browser: Browser, baseA: string, baseB: string) {
  const api = apiAt(baseA);
  const token = await login(api, demoUser('dispatcher'));
  const me = (await api('GET', '/api/token/me', token)).body.data;
  const columns = (await api('GET', `/api/BookOrder/board?dispatcherId=${me.id}`, token)).body.value.columns;
  const [first, second] = columns.find((c: { status: string }) => c.status === 'NEW').items;
  const order = (await api('GET', `/api/BookOrder/${first.id}`, token)).body.value;
  const drivers = (await api('GET', '/api/Driver/GetAllNames', token)).body.value;
  const assigned = await api('PUT', `/api/BookOrder/${first.id}`, token, { ...order, driverId: drivers[0].id });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  const dispatcher = await boardPage(browser, baseA, demoUser('dispatcher'), me.id);
  const manager = await boardPage(browser, baseB, demoUser('manager'), me.id);
  return { api, token, me, dispatcher, manager, moving: assigned.body.value, stuck: second };
}

async function journey(browser: Browser, baseA: string, baseB: string) {
  const { api, token, me, dispatcher, manager, moving, stuck } = await twoBoards(browser, baseA, baseB);
  await visible(card(manager, 'ASSIGNED', moving.orderNumber));

  // Picked up with the keyboard: the other board shows who has it; Escape puts it down where it was.
  const lifted = card(dispatcher, 'ASSIGNED', moving.orderNumber).locator('[aria-roledescription]');
  await lifted.focus();
  await dispatcher.keyboard.press('Space');
  await visible(dispatcher.getByRole('status').filter({ hasText: `Picked up ${moving.orderNumber}` }));
  await visible(
    card(manager, 'ASSIGNED', moving.orderNumber).getByText(`${me.firstName} ${me.lastName} is moving this`),
  );
  await dispatcher.keyboard.press('Escape');
  await visible(dispatcher.getByRole('status').filter({ hasText: `Move of ${moving.orderNumber} cancelled` }));

  // Dragged to Picked up: the manager's board shows it there without a reload.
  await dispatcher.dragAndDrop(
    `[data-column="ASSIGNED"] [data-order="${moving.orderNumber}"] [aria-roledescription]`,
    '[data-column="PICKED_UP"] ul',
  );
  await visible(card(dispatcher, 'PICKED_UP', moving.orderNumber));
  await visible(card(manager, 'PICKED_UP', moving.orderNumber));
  await poll(() => card(manager, 'ASSIGNED', moving.orderNumber).count()).toBe(0);
  expect((await api('GET', `/api/BookOrder/${moving.id}`, token)).body.value).toMatchObject({
    status: 'PICKED_UP',
    version: moving.version + 1,
  });

  // An illegal move (New → Delivered) is refused by the server: the card goes back and the screen says why.
  await dispatcher.dragAndDrop(
    `[data-column="NEW"] [data-order="${stuck.orderNumber}"] [aria-roledescription]`,
    '[data-column="DELIVERED"] ul',
  );
  await visible(
    dispatcher
      .getByText(`${stuck.orderNumber} stays in New: From NEW an order can go to ASSIGNED, ON_HOLD, CANCELLED`)
      .first(),
  );
  await visible(card(dispatcher, 'NEW', stuck.orderNumber));
  expect(await card(dispatcher, 'DELIVERED', stuck.orderNumber).count()).toBe(0);
  expect((await api('GET', `/api/BookOrder/${stuck.id}`, token)).body.value).toMatchObject({
    status: 'NEW',
    version: stuck.version,
  });
  await visible(card(manager, 'NEW', stuck.orderNumber));

  // A board closed mid-move lets its card go on the others at once (not after the 60 s a silent hold is shown).
  await card(dispatcher, 'NEW', stuck.orderNumber).locator('[aria-roledescription]').focus();
  await dispatcher.keyboard.press('Space');
  const holder = card(manager, 'NEW', stuck.orderNumber).getByText(`${me.firstName} ${me.lastName} is moving this`);
  await visible(holder);
  await dispatcher.close();
  await poll(() => holder.count()).toBe(0);
}

describe('the dispatch board, two people at once', () => {
  it('shows one dispatcher’s drag on the other board live, who holds a card, and refuses an illegal move', async () => {
    await journey(e2e.browser, e2e.baseUrl, e2e.baseUrl);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the dispatch board on two servers sharing PostgreSQL', () => {
  let pair: PostgresPair;
  beforeAll(async () => {
    pair = await startPostgresPair();
  });
  afterAll(async () => {
    await pair?.close();
  });

  it('shows a move made through one server on a board served by the other', async () => {
    await journey(e2e.browser, pair.bases[0], pair.bases[1]);
  });
});
