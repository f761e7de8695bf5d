// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nContextProvider } from 'ra-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BolActions } from '../../../resources/bookOrders/BolActions';
import type { BolLinkCreatedDto, BolLinkDto } from '../../../schema/bol';
import { companyTimeZone, setCompanyTimeZone } from '../../../schema/businessDay';
import { adminI18nProvider } from '../../../src/i18n/admin';
import { FEATURES_QUERY_KEY } from '../../../ui/access/useFeatureGroups';

/**
 * The bill of lading's piece of an order (resources/bookOrders/BolActions.tsx): the PDF, an online link made and shown
 * once with its copy button and the day it stops working, the links so far with their state, and a revocation only
 * after it is confirmed. The API is a stub of fetch that records what was sent.
 */

const link = (overrides: Partial<BolLinkDto>): BolLinkDto => ({
  id: 1,
  orderId: 42,
  stage: 'PICKUP',
  createdAt: '2026-12-01T15:00:00.000Z',
  createdBy: 'Dana Dispatcher',
  mailedTo: null,
  expiresAt: '2026-12-31T15:00:00.000Z',
  revokedAt: null,
  revokedBy: null,
  status: 'active',
  ...overrides,
});

let calls: { method: string; url: string; body: unknown }[] = [];
let links: BolLinkDto[] = [];

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url: input, body });
      const json = (value: unknown) =>
        new Response(JSON.stringify({ value }), { status: 200, headers: { 'content-type': 'application/json' } });
      if (method === 'GET' && input === '/api/BookOrder/42/bol-links') return json(links);
      if (method === 'POST' && input === '/api/BookOrder/42/bol-links') {
        const made: BolLinkCreatedDto = {
          ...link({ id: 3, createdAt: '2026-11-09T15:00:00.000Z', expiresAt: '2026-12-09T15:00:00.000Z' }),
          url: 'https://haulboard.example.com/bol/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde',
        };
        links = [made, ...links];
        return json(made);
      }
      if (method === 'POST' && input === '/api/BookOrder/42/bol-links/1/revoke') {
        links = links.map((one) => (one.id === 1 ? { ...one, status: 'revoked' as const } : one));
        return json(links.find((one) => one.id === 1));
      }
      return new Response(JSON.stringify({ message: 'not stubbed' }), { status: 404 });
    }),
  );
}

function renderPiece(completed = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Who may update book orders: the sidebar's feature list, as the app keeps it.
  client.setQueryData(FEATURES_QUERY_KEY, [
    {
      id: 1,
      name: 'Books',
      isDefaultgroup: true,
      features: [
        {
          id: 1,
          title: 'Book Orders',
          uri: '/app/books/bookorders',
          icon: 'LocalShipping',
          parentFeatureId: null,
          permissions: ['Read', 'Update'],
        },
      ],
    },
  ]);
  render(
    <QueryClientProvider client={client}>
      <I18nContextProvider value={adminI18nProvider}>
        <BolActions orderId={42} stage="PICKUP" completed={completed} />
      </I18nContextProvider>
    </QueryClientProvider>,
  );
}

describe('the bill of lading of an order’s stop', () => {
  const zone = companyTimeZone();
  beforeEach(() => {
    setCompanyTimeZone('America/Chicago');
    calls = [];
    links = [
      link({}),
      link({
        id: 2,
        createdBy: null,
        mailedTo: ['shipper@example.com', 'broker@example.com'],
        status: 'revoked',
        revokedAt: '2026-12-02T15:00:00.000Z',
        revokedBy: 'Ana Lopez',
      }),
      link({ id: 9, stage: 'DELIVERY' }),
    ];
    stubApi();
  });
  afterEach(() => {
    // Each test's piece goes with it (without vitest's globals, Testing Library does not unmount on its own).
    cleanup();
    vi.unstubAllGlobals();
    setCompanyTimeZone(zone);
  });

  it('lists the stop’s links with their state, makes a link shown once with its expiry, and revokes after confirming', async () => {
    const user = userEvent.setup();
    renderPiece();
    expect(screen.getByRole('heading', { name: 'Bill of lading, pickup' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download BOL (PDF)' })).toBeTruthy();
    expect(await screen.findByText('Made 12/01/2026 by Dana Dispatcher')).toBeTruthy();
    expect(screen.getByText('Works until 12/31/2026')).toBeTruthy();
    expect(screen.getByText('Mailed 12/01/2026 to shipper@example.com, broker@example.com')).toBeTruthy();
    expect(screen.getByText('Revoked 12/02/2026 by Ana Lopez')).toBeTruthy();
    // The delivery's link is not this stop's; the revoked one cannot be revoked again.
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /^Revoke the link/ })).toHaveLength(1);

    // Making a link: the days are checked before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Create online link' }));
    const ask = screen.getByRole('dialog', { name: 'Online link to the bill of lading' });
    const days = within(ask).getByRole('textbox', { name: /Works for \(days\)/ });
    expect((days as HTMLInputElement).value).toBe('30');
    await user.clear(days);
    await user.type(days, '91');
    await user.click(within(ask).getByRole('button', { name: 'Create link' }));
    expect(within(ask).getByText('Enter a whole number of days from 1 to 90')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.clear(days);
    await user.type(days, '30');
    await user.click(within(ask).getByRole('button', { name: 'Create link' }));
    const shown = await screen.findByRole('dialog', { name: 'Online link to the bill of lading' });
    await waitFor(() =>
      expect(
        (within(shown).getByRole('textbox', { name: 'Link' }) as HTMLInputElement).value.startsWith(
          'https://haulboard.example.com/bol/',
        ),
      ).toBe(true),
    );
    expect(within(shown).getByText(/It works until 12\/09\/2026\./)).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Copy the link' })).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/BookOrder/42/bol-links',
      body: { stage: 'PICKUP', days: 30 },
    });
    await user.click(within(shown).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Revoking: nothing is sent until it is confirmed.
    await user.click(screen.getByRole('button', { name: 'Revoke the link made 12/01/2026' }));
    expect(calls.some((call) => call.url.endsWith('/revoke'))).toBe(false);
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this link?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/BookOrder/42/bol-links/1/revoke')).toBe(true));
    // The dialog's closing transition ends inside the test: its timer firing after the file's page is gone threw
    // "window is not defined" on a busy machine.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says the bill is not complete and makes no link until every vehicle is signed', async () => {
    renderPiece(false);
    expect(await screen.findByText(/Not every vehicle is inspected and signed at this stop yet/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Create online link' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Download BOL (PDF)' }) as HTMLButtonElement).disabled).toBe(false);
    // The links' read ends inside the test: an answer after the file's page is gone would render into nothing.
    expect(await screen.findByText('Made 12/01/2026 by Dana Dispatcher')).toBeTruthy();
  });
});
