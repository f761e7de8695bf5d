// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { UnitDto } from '../../../schema/resources/vehicles';
import { vehicles } from '../../../schema/resources/vehicles';
import { narrowingFilters } from '../../../ui/records/ListStates';
import { account } from '../msw/accounts';
import { renderApp, signInAs } from '../msw/app';
import { listHandlers, stateId } from '../msw/handlers/lists';
import { recordHandlers, recordStore } from '../msw/handlers/records';
import { listPage } from '../msw/respond';
import { api, callsTo, useApi } from '../msw/server';

/**
 * The loading and empty states of every record list (ui/records/RecordList.tsx, ui/records/ListStates.tsx), on the
 * vehicles list: a skeleton while the page is on the way, the pager only with the rows it counts, and an empty list
 * that tells "nothing yet" from "nothing matches".
 */
useApi();

const unit = (id: number): UnitDto => ({
  id,
  version: 1,
  deleted: false,
  deletedAt: null,
  createdAt: '2026-01-05T15:00:00.000Z',
  updatedAt: '2026-01-05T15:00:00.000Z',
  unitType: 'Truck',
  unitNumber: `T-${100 + id}`,
  vin: null as never,
  year: 2021,
  make: 'Volvo',
  model: 'VNL',
  plate: `ABC${1000 + id}`,
  plateStateId: stateId('TX'),
  plateState: 'TX',
  capacity: 2,
  carrierId: 1,
  carrierName: 'Select Auto Transport',
  status: 'ACTIVE',
  registrationExpiresOn: null,
  annualInspectionDueOn: null,
  driverId: null,
  driverName: null,
  expiry: [],
});

async function openVehicles(units: UnitDto[], gate?: Promise<void>, path = '/app/management/vehicles') {
  await signInAs(account(['FleetManager']));
  api.use(
    ...recordHandlers(vehicles, recordStore(units)),
    ...listHandlers({ carriers: [{ id: 1, code: 'select', name: 'Select Auto Transport', deleted: false }] }),
  );
  // Holds the page back until the test lets it go (the handler after it answers).
  if (gate)
    api.use(
      http.get('*/api/Units', async () => {
        await gate;
      }),
    );
  return renderApp(path);
}

let observer: MutationObserver | undefined;
afterEach(() => observer?.disconnect());

describe('a record list while its page loads', () => {
  it('shows a skeleton at once, and the pager only in the same frame as the rows it counts', async () => {
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Every state the page passes through: a pager over a body with no rows is what must never show.
    const pagerOverEmpty: string[] = [];
    observer = new MutationObserver(() => {
      const pager = document.querySelector('.MuiTablePagination-displayedRows')?.textContent;
      const rows = document.querySelectorAll('tbody tr').length;
      if (pager && rows === 0) pagerOverEmpty.push(pager);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    await openVehicles(
      Array.from({ length: 60 }, (_, i) => unit(i + 1)),
      gate,
    );

    const skeleton = await screen.findByRole('status', { name: 'Loading…' });
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    release();

    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(51));
    expect(screen.getByText('1-50 of 60')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
    expect(pagerOverEmpty).toEqual([]);
  });
});

describe('an empty record list', () => {
  it('with no filter set says there is nothing yet and offers to create the first, not to clear filters', async () => {
    await openVehicles([]);
    expect(await screen.findByText('No vehicles yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Create the first one' })).toBeTruthy();
  });

  it('with a search that matches nothing says so and clears it back to the whole list', async () => {
    const { user } = await openVehicles([unit(1), unit(2)]);
    await screen.findByText('T-101');
    await user.type(document.querySelector<HTMLInputElement>('input[name="search"]')!, 'no such truck');
    expect(await screen.findByText('No vehicles match the current filters.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('T-101')).toBeTruthy();
  });

  it('Connected Apps with none registered says there are none yet, not "found using the current filters"', async () => {
    await signInAs(account(['Administrator']));
    api.use(http.get('*/api/ConnectedApps', () => listPage([], { page: 0, size: 50 })));
    renderApp('/app/settings');
    expect(await screen.findByText(/^No connected apps yet/)).toBeTruthy();
    // The status filter starts at "all": nothing is filtered, so there is nothing to clear.
    expect(callsTo('/api/ConnectedApps')[0].url.searchParams.get('status')).toBe('all');
    expect(screen.queryByText(/current filters/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('counts as filtered only what differs from the list’s own starting filters (Connected Apps start at "all")', () => {
    expect(narrowingFilters({ status: 'all' }, { status: 'all' })).toEqual([]);
    expect(narrowingFilters({ status: 'revoked' }, { status: 'all' })).toEqual(['status']);
    expect(narrowingFilters({ search: '', showDeleted: false, filtered: 'this_month' })).toEqual([]);
    expect(narrowingFilters({ search: 'volvo' })).toEqual(['search']);
  });
});

describe('a record list opened at an address with a filter the server refuses', () => {
  it('names the filter, and takes it out while keeping the others, instead of a dead end', async () => {
    const filter = { search: 'T-101', q: 'volvo' };
    const { user } = await openVehicles(
      [unit(1), unit(2)],
      undefined,
      `/app/management/vehicles?filter=${encodeURIComponent(JSON.stringify(filter))}`,
    );
    const alert = await screen.findByText('This address holds a filter the list cannot use: q.');
    expect(screen.queryByText('A problem has occurred, please contact the administrator')).toBeNull();
    await user.click(within(alert.closest('[role="alert"]')!).getByRole('button', { name: 'Remove it' }));
    // The search stays: only the refused filter left the address.
    await screen.findByText('T-101');
    expect(screen.queryByText('T-102')).toBeNull();
    const last = callsTo('/api/Units').at(-1)!.url.searchParams;
    expect([last.get('search'), last.has('q')]).toEqual(['T-101', false]);
  });
});
