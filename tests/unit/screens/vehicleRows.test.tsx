// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { account } from '../msw/accounts';
import { renderApp, signInAs } from '../msw/app';
import { listHandlers } from '../msw/handlers/lists';
import { ok } from '../msw/respond';
import { api, useApi } from '../msw/server';

/**
 * A new order's vehicle rows: a field says what is wrong once it has been left, or once a save was tried — never the
 * moment a row is added. react-hook-form checks the whole list after a row is added, which put "Required" under every
 * field of the new row and of the untouched fields of the first (ui/records/shownErrors.tsx keeps those back).
 */
useApi();

const ROW_ERRORS = /Required|Choose the vehicle type|must be a number|Invalid option/;

async function newOrderForm() {
  await signInAs(account(['Dispatcher']));
  api.use(
    ...listHandlers(),
    ...[
      'Brokers/dropdown-list',
      'Shipper/get-all-shippers-dropdown',
      'Carriers/dropdown-list',
      'Dispatcher/GetAllNames',
      'Driver/GetAllNames',
      'Units/get-all-trucks-dropdown',
    ].map((path) => http.get(`*/api/${path}`, () => ok([]))),
  );
  renderApp('/app/books/bookorders/create');
  await waitFor(() => expect(document.querySelector('input[name="vehicles.0.vin"]')).toBeTruthy(), {
    timeout: 30_000,
  });
}

const rows = () => [...document.querySelectorAll<HTMLElement>('.RaSimpleFormIterator-line')];
/** How many fields of a row say "Required". */
const requiredIn = (row: HTMLElement) => row.textContent?.match(/Required/g)?.length ?? 0;
const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

describe('vehicle rows of a new order', () => {
  it('an added row shows no error until it is touched or a save is tried, nor does an untouched field of the first', async () => {
    const user = userEvent.setup();
    await newOrderForm();
    // The first row is filled but for its model, which is left alone.
    await user.type(input('vehicles.0.vin'), '1HGCM82633A004352');
    await user.type(input('vehicles.0.year'), '2003');
    await user.type(input('vehicles.0.make'), 'Honda');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    // Add puts the cursor in the new row's VIN, as a dispatcher would fill it first.
    await user.type(input('vehicles.1.vin'), '1M8GDM9AXKP042788');
    await user.type(input('vehicles.1.price'), '950');
    // Let react-hook-form finish its check of the whole list.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(rows()[1].textContent).not.toMatch(ROW_ERRORS);
    expect(rows()[0].textContent).not.toMatch(ROW_ERRORS);
    // The added row starts as the first did: a sedan.
    expect(input('vehicles.1.type').value).toBe('SEDAN');

    // Leaving a field of the new row empty says so, there only.
    fireEvent.blur(input('vehicles.1.make'));
    await waitFor(() => expect(requiredIn(rows()[1])).toBe(1));
    expect(rows()[0].textContent).not.toMatch(ROW_ERRORS);

    // A save shows every field still wrong, the untouched model of the first row too.
    fireEvent.submit(document.querySelector('form')!);
    await waitFor(() => expect(requiredIn(rows()[0])).toBe(1));
  }, 60_000);
});
