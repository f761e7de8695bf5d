// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nContextProvider } from 'ra-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TrackingRules } from '../../../resources/permissions/TrackingRules';
import type { TrackingSettingsDto } from '../../../schema/tracking';
import { adminI18nProvider } from '../../../src/i18n/admin';

/**
 * The tracking links' days on the Company tab (resources/permissions/TrackingRules.tsx): the company's setting shown,
 * checked as typed by the server's rule, saved by an administrator and only read by others. The API is a stub of fetch
 * that records what was sent.
 */

let calls: { method: string; url: string; body: unknown }[] = [];
let settings: TrackingSettingsDto;

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url: input, body });
      if (input !== '/api/Company/tracking')
        return new Response(JSON.stringify({ message: 'not stubbed' }), { status: 404 });
      if (method === 'PUT') settings = { ...settings, ...(body as object) };
      return new Response(JSON.stringify({ value: settings }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

function renderPiece() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nContextProvider value={adminI18nProvider}>
        <TrackingRules />
      </I18nContextProvider>
    </QueryClientProvider>,
  );
}

describe('the tracking links’ days', () => {
  beforeEach(() => {
    calls = [];
    stubApi();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('an administrator changes them, refused as typed outside 0 to 90 or not whole', async () => {
    settings = { daysAfterDelivery: 14, canChange: true };
    const user = userEvent.setup();
    renderPiece();
    const field = await screen.findByRole('textbox', { name: 'Days a link works after the delivery' });
    expect((field as HTMLInputElement).value).toBe('14');
    const save = screen.getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.clear(field);
    await user.type(field, '91');
    expect(screen.getByText('From 0 to 90 days')).toBeTruthy();
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.clear(field);
    await user.type(field, '1.5');
    expect(screen.getByText('Enter a whole number of days')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '0');
    expect((save as HTMLButtonElement).disabled).toBe(false);
    await user.click(save);
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT')).toEqual([
        { method: 'PUT', url: '/api/Company/tracking', body: { daysAfterDelivery: 0 } },
      ]),
    );
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(true));
    expect((field as HTMLInputElement).value).toBe('0');
  });

  it('others read them and cannot change them', async () => {
    settings = { daysAfterDelivery: 30, canChange: false };
    renderPiece();
    const field = await screen.findByRole('textbox', { name: 'Days a link works after the delivery' });
    expect((field as HTMLInputElement).value).toBe('30');
    expect((field as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
