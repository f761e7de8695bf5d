// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type HttpHandler, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { account } from '../msw/accounts';
import { renderApp, signInAs } from '../msw/app';
import { listHandlers, stateId } from '../msw/handlers/lists';
import { ok } from '../msw/respond';
import { api, useApi } from '../msw/server';

/**
 * The new-order form does the typing it can: a VIN fills its vehicle, a ZIP its city and state, never over what was
 * typed by hand. And its vehicle rows say what is wrong once a field has been left, or once a save was tried — never
 * the moment a row is added: react-hook-form checks the whole list after a row is added, which put "Required" under
 * every field of the new row and of the untouched fields of the first (ui/records/shownErrors.tsx keeps those back).
 */
useApi();

const HONDA = {
  vin: '1HGCM82633A004352',
  year: 2003,
  make: 'Honda',
  model: 'Accord',
  bodyStyle: 'Coupe',
  type: 'COUPE',
};

const ROW_ERRORS = /Required|Choose the vehicle type|must be a number|Invalid option/;

/** The form drawn, with the pickers' answers (`handlers` first: they win over the empty ones below). */
async function newOrderForm(handlers: HttpHandler[] = []) {
  await signInAs(account(['Dispatcher']));
  api.use(
    ...handlers,
    ...listHandlers(),
    ...[
      'Brokers/dropdown-list',
      'Shipper/get-all-shippers-dropdown',
      'Carriers/dropdown-list',
      'Dispatcher/GetAllNames',
      'Driver/GetAllNames',
      'Units/get-all-trucks-dropdown',
      // No order carries these VINs yet (resources/bookOrders/DuplicateWarning.tsx).
      'BookOrder/duplicates',
    ].map((path) => http.get(`*/api/${path}`, () => ok([]))),
    // The driver chosen passes the dispatch rules (resources/bookOrders/DispatchRulesWarning.tsx).
    http.get('*/api/BookOrder/dispatch-check', () => ok({ refusals: [], canOverride: false })),
    // What the national VIN database says (server/modules/vin): one Honda known, everything else unknown.
    http.get('*/api/Vin/:vin', ({ params }) =>
      params.vin === HONDA.vin
        ? ok(HONDA)
        : Response.json(
            { message: 'The VIN database knows nothing of this VIN; type the vehicle in' },
            { status: 404 },
          ),
    ),
    http.get('*/api/Reference/zip/:zip', ({ params }) =>
      params.zip === '75201'
        ? ok({ zip: '75201', city: 'Dallas', state: 'TX', stateId: stateId('TX') })
        : Response.json({ message: 'No US ZIP is known' }, { status: 404 }),
    ),
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
    // The first row: a VIN the database does not know, then year and make by hand; the model is left alone.
    await user.type(input('vehicles.0.vin'), '1M8GDM9AXKP042788');
    await user.type(input('vehicles.0.year'), '2019');
    await user.type(input('vehicles.0.make'), 'Ford');
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

  it('a whole VIN fills year, make, model and type where nothing was typed, and says what it found', async () => {
    const user = userEvent.setup();
    await newOrderForm();
    // The make typed first stays; the rest comes from the VIN.
    await user.type(input('vehicles.0.make'), 'HONDA MOTOR');
    await user.type(input('vehicles.0.vin'), HONDA.vin.toLowerCase());
    await waitFor(() => expect(input('vehicles.0.model').value).toBe('Accord'));
    expect(input('vehicles.0.year').value).toBe('2003');
    expect(input('vehicles.0.make').value).toBe('HONDA MOTOR');
    // The type the row started with (sedan) gives way to the VIN's.
    expect(input('vehicles.0.type').value).toBe('COUPE');
    expect(rows()[0].textContent).toContain('2003 Honda Accord, from the VIN');

    // A VIN the database does not know: the row says so and fills nothing.
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(input('vehicles.1.vin'), '1M8GDM9AXKP042788');
    await waitFor(() => expect(rows()[1].textContent).toContain('Not in the VIN database: type the vehicle in'));
    expect(input('vehicles.1.model').value).toBe('');
  }, 60_000);

  it('a ZIP fills its stop’s city and state; a city already typed stays', async () => {
    const user = userEvent.setup();
    await newOrderForm();
    await user.type(input('pickup.zip'), '75201');
    await waitFor(() => expect(input('pickup.city').value).toBe('Dallas'));
    const pickupState = screen.getAllByRole('combobox', { name: /^State/ })[0] as HTMLInputElement;
    await waitFor(() => expect(pickupState.value).toBe('TX — Texas'));

    await user.type(input('delivery.city'), 'Big D');
    await user.type(input('delivery.zip'), '75201');
    await waitFor(() => expect(document.body.textContent).toContain('Dallas, TX'));
    expect(input('delivery.city').value).toBe('Big D');

    await user.clear(input('pickup.zip'));
    await user.type(input('pickup.zip'), '00000');
    await waitFor(() => expect(document.body.textContent).toContain('Not a known US ZIP: type the city and state'));
    expect(input('pickup.city').value).toBe('Dallas');
  }, 60_000);

  it('the driver list follows the carrier; a driver and a pickup date bring the truck and trailer of that day', async () => {
    const user = userEvent.setup();
    const askedCarrier: (string | null)[] = [];
    const askedDay: string[] = [];
    await newOrderForm([
      http.get('*/api/Carriers/dropdown-list', () => ok([{ id: 7, code: 'HAUL', name: 'Haulover Corp' }])),
      http.get('*/api/Driver/GetAllNames', ({ request }) => {
        askedCarrier.push(new URL(request.url).searchParams.get('carrierId'));
        return ok([{ id: 3, firstName: 'Ann', lastName: 'Lee', name: 'Ann Lee', userId: null, terminatedOn: null }]);
      }),
      http.get('*/api/Units/get-all-trucks-dropdown', ({ request }) =>
        ok(
          new URL(request.url).searchParams.get('type') === 'Truck'
            ? [{ id: 11, name: 'Truck 11' }]
            : [{ id: 21, name: 'Trailer 21' }],
        ),
      ),
      http.get('*/api/UnitAssignments/driver/3/on', ({ request }) => {
        askedDay.push(new URL(request.url).searchParams.get('on')!);
        return ok({ driverId: 3, on: askedDay.at(-1), truckId: 11, trailerId: 21 });
      }),
    ]);
    const box = (name: RegExp) => screen.getByRole('combobox', { name }) as HTMLInputElement;
    await user.click(box(/^Carrier/));
    await user.click(await screen.findByRole('option', { name: 'Haulover Corp' }));
    await user.click(box(/^Driver/));
    await user.click(await screen.findByRole('option', { name: 'Ann Lee' }));
    await waitFor(() => expect(askedCarrier).toContain('7'));
    await waitFor(() => expect(box(/^Truck/).value).toBe('Truck 11'));
    expect(box(/^Trailer$|^Trailer \*?$/).value).toBe('Trailer 21');
    expect(askedDay).toEqual([input('pickup.date').value]);
  }, 60_000);
});
