// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../../schema/expiry';
import { account } from '../msw/accounts';
import { renderApp, signInAs } from '../msw/app';
import { type BookOrderListItem, bookOrderHandlers } from '../msw/handlers/bookOrders';
import { stateId } from '../msw/handlers/lists';
import { savedFilterOf } from '../msw/handlers/savedFilters';
import { api, useApi } from '../msw/server';

/**
 * Saved filters in the side panel of the book-order list (ui/records/SavedFilters.tsx, on every RecordList), against
 * /api/SavedFilters as the server keeps them (msw/handlers/savedFilters.ts): save the filters shown under a name,
 * apply it again later, rename it, share it with one's role, delete it; a name already taken is refused with the
 * server's words; a colleague's filter shared with one's role is there to apply, not to change.
 */
useApi();

const today = todayIso();
const order = (id: number, status: BookOrderListItem['status'], payOnDelivery = false): BookOrderListItem => ({
  id,
  orderNumber: `HB-${2000 + id}`,
  loadBoard: 'CENTRAL_DISPATCH',
  externalLoadId: null,
  brokerId: 1,
  brokerName: 'RCG Logistics',
  shipperId: 1,
  shipperName: 'Lone Star Auto',
  carrierId: 1,
  dispatcherId: 2,
  dispatcherName: 'Dana Dispatcher',
  driverId: 3,
  driverName: 'Joe Driver',
  truckId: null,
  trailerId: null,
  status,
  price: 1000 + id,
  brokerFee: 100,
  paymentMethod: 'CHECK',
  payOnPickup: false,
  payOnDelivery,
  paymentStatus: 'UNPAID',
  hasManagerReview: false,
  approved: true,
  vehicleCount: 1,
  deleted: false,
  version: 1,
  pickup: { city: 'Houston', stateId: stateId('TX'), state: 'TX', date: addDays(today, id) },
  delivery: { city: 'Dallas', stateId: stateId('TX'), state: 'TX', date: addDays(today, id + 2) },
});
// Six loads on the live board: four assigned (two paid on delivery), two delivered.
const ORDERS = [
  order(1, 'ASSIGNED'),
  order(2, 'ASSIGNED', true),
  order(3, 'ASSIGNED', true),
  order(4, 'ASSIGNED'),
  order(5, 'DELIVERED'),
  order(6, 'DELIVERED'),
];

const orderNumbers = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);
// The side panel's "Saved filters" section (hidden from the accessibility tree while a dialog is open over it).
const savedPanel = () => screen.getByRole('region', { name: 'Saved filters' });
const dialogClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

async function openList() {
  await signInAs(account(['Dispatcher'], { firstName: 'Dana', lastName: 'Diaz' }));
  api.use(...bookOrderHandlers(ORDERS));
  const app = renderApp('/app/books/bookorders');
  expect(await screen.findByText('6 orders')).toBeTruthy();
  return app;
}

describe('saved filters on the book-order list', () => {
  it('saves the filters shown under a name, applies them again after clearing, renames, shares and deletes the saved filter', async () => {
    const { user } = await openList();
    expect(await within(savedPanel()).findByText('No saved filters yet.')).toBeTruthy();

    // Narrow the list, then keep that as "Delivered loads".
    await user.click(screen.getByRole('button', { name: 'Delivered' }));
    expect(await screen.findByText('2 orders')).toBeTruthy();
    await user.click(within(savedPanel()).getByRole('button', { name: 'Save the current filters' }));
    let dialog = await screen.findByRole('dialog', { name: 'Save the current filters' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Filter name' }), 'Delivered loads');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Filter saved')).toBeTruthy();
    await dialogClosed();
    expect(await within(savedPanel()).findByRole('button', { name: 'Delivered loads' })).toBeTruthy();
    expect(within(savedPanel()).queryByText('No saved filters yet.')).toBeNull();

    // Clear every filter: the whole board again.
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove all filters' }));
    expect(await screen.findByText('6 orders')).toBeTruthy();

    // One click on the saved filter brings its rows back.
    await user.click(within(savedPanel()).getByRole('button', { name: 'Delivered loads' }));
    expect(await screen.findByText('2 orders')).toBeTruthy();
    expect(orderNumbers()).toEqual(['HB-2006', 'HB-2005']);

    // Rename it.
    await user.click(within(savedPanel()).getByRole('button', { name: 'Edit Delivered loads' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit the saved filter' });
    const name = within(dialog).getByRole('textbox', { name: 'Filter name' });
    await user.clear(name);
    await user.type(name, 'Delivered on the board');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await dialogClosed();
    expect(await within(savedPanel()).findByRole('button', { name: 'Delivered on the board' })).toBeTruthy();
    expect(within(savedPanel()).queryByRole('button', { name: 'Delivered loads' })).toBeNull();

    // Share it with everyone who is a dispatcher (the only role this user holds, so the only one offered).
    await user.click(within(savedPanel()).getByRole('button', { name: 'Edit Delivered on the board' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit the saved filter' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Share with' }));
    const roles = await screen.findByRole('listbox');
    expect(
      within(roles)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Only me', 'Everyone who is Dispatcher']);
    await user.click(within(roles).getByRole('option', { name: 'Everyone who is Dispatcher' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await dialogClosed();
    expect(await within(savedPanel()).findByText('Shared with Dispatcher')).toBeTruthy();

    // Delete it.
    await user.click(within(savedPanel()).getByRole('button', { name: 'Delete Delivered on the board' }));
    expect(await screen.findByText('Filter deleted')).toBeTruthy();
    expect(await within(savedPanel()).findByText('No saved filters yet.')).toBeTruthy();
    expect(within(savedPanel()).queryByRole('button', { name: 'Delivered on the board' })).toBeNull();
  });

  it('refuses a second filter of the same name, whatever its case, with the server’s message, and keeps the dialog open', async () => {
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Delivered' }));
    expect(await screen.findByText('2 orders')).toBeTruthy();
    await user.click(within(savedPanel()).getByRole('button', { name: 'Save the current filters' }));
    let dialog = await screen.findByRole('dialog', { name: 'Save the current filters' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Filter name' }), 'Delivered loads');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await dialogClosed();
    expect(await within(savedPanel()).findByRole('button', { name: 'Delivered loads' })).toBeTruthy();

    await user.click(within(savedPanel()).getByRole('button', { name: 'Save the current filters' }));
    dialog = await screen.findByRole('dialog', { name: 'Save the current filters' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Filter name' }), 'DELIVERED loads');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A saved filter named "DELIVERED loads" already exists')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Save the current filters' })).toBe(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await dialogClosed();
    expect(
      within(savedPanel())
        .getAllByText(/delivered loads/i)
        .map((text) => text.textContent),
    ).toEqual(['Delivered loads']);
  });

  it("lists a colleague's filter shared with the user's role to apply, not to change, and none shared with other roles", async () => {
    const colleague = account(['Dispatcher'], {
      firstName: 'Sam',
      lastName: 'Ortiz',
      email: 'dispatcher2@haulboard.demo',
    });
    savedFilterOf(colleague, {
      resource: 'books/bookorders',
      name: 'Paid on delivery',
      filter: { filtered: 'current', payOnDelivery: true },
      sharedRole: 'Dispatcher',
    });
    savedFilterOf(colleague, {
      resource: 'books/bookorders',
      name: 'For finance',
      filter: { status: 'DELIVERED' },
      sharedRole: 'Finance',
    });
    savedFilterOf(colleague, { resource: 'books/bookorders', name: 'Sam only', filter: { status: 'ASSIGNED' } });
    savedFilterOf(colleague, {
      resource: 'management/vehicles',
      name: 'Vehicles, shared',
      filter: { search: 'Volvo' },
      sharedRole: 'Dispatcher',
    });
    const { user } = await openList();

    const shared = await within(savedPanel()).findByRole('button', { name: /Paid on delivery/ });
    expect(within(shared).getByText('Shared by Sam Ortiz')).toBeTruthy();
    expect(
      within(savedPanel())
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual(['Save the current filters', 'Paid on deliveryShared by Sam Ortiz']);

    await user.click(shared);
    expect(await screen.findByText('2 orders')).toBeTruthy();
    expect(orderNumbers()).toEqual(['HB-2003', 'HB-2002']);
  });
});
