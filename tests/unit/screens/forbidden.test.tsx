// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type UnitDto, vehicles } from '../../../schema/resources/vehicles';
import { account } from '../msw/accounts';
import { renderApp, signInAs } from '../msw/app';
import { bookOrderHandlers } from '../msw/handlers/bookOrders';
import { listHandlers } from '../msw/handlers/lists';
import { recordHandlers, recordStore } from '../msw/handlers/records';
import { api, useApi } from '../msw/server';

/** The 403 page (docs/product/shell.md): an address the user's features do not open, reached by typing or a link. */
useApi();

const FORBIDDEN = "403: You don't have permission to visit this page";
const truck: UnitDto = {
  id: 7,
  version: 1,
  deleted: false,
  deletedAt: null,
  createdAt: '2026-01-05T15:00:00.000Z',
  updatedAt: '2026-01-05T15:00:00.000Z',
  unitType: 'Truck',
  unitNumber: 'T-107',
  vin: '1HGCM82633A004352',
  year: 2021,
  make: 'Volvo',
  model: 'VNL',
  plate: null,
  plateStateId: null,
  plateState: null,
  capacity: 2,
  carrierId: 1,
  carrierName: 'Select Auto Transport',
  status: 'ACTIVE',
  registrationExpiresOn: null,
  annualInspectionDueOn: null,
  driverId: null,
  driverName: null,
  expiry: [],
};

async function expectForbidden(pathname: () => string) {
  expect(await screen.findByRole('heading', { name: FORBIDDEN })).toBeTruthy();
  expect(screen.getByText('If you think you should have access, contact support or your administrator.')).toBeTruthy();
  // Still signed in: a 403 is not a reason to sign the user out.
  expect(pathname()).toMatch(/^\/app\//);
}

describe('a screen the user may not open', () => {
  it('a dispatcher opening the vehicles list gets the 403 page; back home is the book-order list', async () => {
    await signInAs(account(['Dispatcher']));
    api.use(...recordHandlers(vehicles, recordStore([])), ...bookOrderHandlers([]));
    const { user, pathname } = renderApp('/app/management/vehicles');
    await expectForbidden(pathname);
    expect(screen.queryByRole('table')).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(await screen.findByRole('heading', { name: 'Book Orders' })).toBeTruthy();
    await waitFor(() => expect(pathname()).toBe('/app/books/bookorders'));
  });

  it('a screen of a feature the role lacks, that no resource builds, is refused the same way', async () => {
    await signInAs(account(['Dispatcher']));
    const { pathname } = renderApp('/app/reports/driver-off-boarding');
    await expectForbidden(pathname);
    expect(pathname()).toBe('/app/reports/driver-off-boarding');
  });

  it('a screen of its own (a report, not a record list) of a feature the role lacks is refused the same way', async () => {
    await signInAs(account(['Dispatcher']));
    const { pathname } = renderApp('/app/reports/weekly-report');
    await expectForbidden(pathname);
    expect(screen.queryByRole('combobox', { name: /Period/ })).toBeNull();
  });

  it('a role that may only read vehicles is refused their edit screen: no form to change them', async () => {
    await signInAs(account(['ClaimTrackerTeam']));
    // The form's pickers ask for their lists before the access check has sent the user away.
    api.use(
      ...recordHandlers(vehicles, recordStore([truck])),
      ...listHandlers({ carriers: [{ id: 1, code: 'select', name: 'Select Auto Transport', deleted: false }] }),
    );
    const { pathname } = renderApp('/app/management/vehicles/7/edit');
    await expectForbidden(pathname);
    expect(screen.queryByRole('textbox', { name: /^VIN/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
