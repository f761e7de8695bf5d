// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account } from '../msw/accounts';
import { renderApp, signInAs } from '../msw/app';
import { companyZoneIs } from '../msw/handlers/shell';
import { listHandlers } from '../msw/handlers/lists';
import { ok } from '../msw/respond';
import { api, callsTo, useApi } from '../msw/server';

/**
 * The web app's "today" is the company's day in the zone the server names (GET /api/Company/settings), not UTC's and
 * not the reader's computer's: a new book order's pickup and delivery dates start from it.
 */
useApi();

afterEach(() => {
  vi.useRealTimers();
});

/** The clock of the browser (Date only: the app's and the test library's timers run as usual). */
function clockAt(instant: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
}

/** The new-order form's pickup and delivery dates once it has drawn them. */
async function newOrderDates(): Promise<{ pickup: string; delivery: string }> {
  await signInAs(account(['Dispatcher']));
  // The pickers the form fills its choices from; none is needed for the dates.
  api.use(
    ...listHandlers(),
    ...[
      'Brokers/dropdown-list',
      'Shipper/get-all-shippers-dropdown',
      'Dispatcher/GetAllNames',
      'Driver/GetAllNames',
      'Units/get-all-trucks-dropdown',
    ].map((path) => http.get(`*/api/${path}`, () => ok([]))),
  );
  renderApp('/app/books/bookorders/create');
  const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  await waitFor(() => expect(input('pickup.date')?.value).toBeTruthy(), { timeout: 30_000 });
  return { pickup: input('pickup.date')!.value, delivery: input('delivery.date')!.value };
}

describe('the company’s day in the forms', () => {
  it('a new order starts on 11/28 at 11:25 PM in Chicago, though UTC is on 11/29 already', async () => {
    clockAt('2026-11-29T05:25:00Z');
    companyZoneIs('America/Chicago');
    expect(await newOrderDates()).toEqual({ pickup: '2026-11-28', delivery: '2026-11-28' });
    expect(callsTo('/api/Company/settings', 'GET').length).toBeGreaterThan(0);
  });

  it('the zone is the server’s: at 11:30 UTC on 11/29 it is 11/30 on Kiritimati (UTC+14)', async () => {
    clockAt('2026-11-29T11:30:00Z');
    companyZoneIs('Pacific/Kiritimati');
    expect(await newOrderDates()).toEqual({ pickup: '2026-11-30', delivery: '2026-11-30' });
  });
});
