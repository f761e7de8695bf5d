// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authProvider } from '../../authProvider';
import { saveGroups, saveSession } from '../../dataProvider/session';
import { dataProvider } from '../../dataProvider';
import { englishCatalogue } from '../../src/i18n/en';
import { DefinitionCreate } from '../../ui/records/DefinitionForms';
import DefinitionList from '../../ui/records/DefinitionList';
import { catalogueOf } from '../../ui/records/messages';
import { resourceOf } from '../../ui/records/definitions';
import { yardSpots } from '../helpers/yardSpots';

/**
 * Issue 22: the screens of a resource declared once. The throw-away yard spots (tests/helpers/yardSpots.ts) have
 * no screen code and no catalogue entry of their own; their list and form come from the definition, with its labels,
 * its filters, US dates and money, choices in words — against the API as msw answers it.
 */
const today = new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const spot = {
  id: 7, version: 1, deleted: false, deletedAt: null, createdAt: `${today}T10:00:00.000Z`, updatedAt: `${today}T10:00:00.000Z`,
  code: 'N-01', yard: 'North Houston yard', stateId: 44, state: 'TX', kind: 'TRAILER', slots: 2, covered: true, monthlyRent: 1250.5,
  leaseEndsOn: inDays(10), notes: null, expiry: [{ field: 'leaseEndsOn', on: inDays(10), state: 'due' }],
};
const requests: URL[] = [];
const api = setupServer(
  http.get('*/api/Auth/features/get', () => HttpResponse.json({ value: [{ id: 1, name: 'Management', isDefaultgroup: false, position: 0, features: [
    { id: 5, key: 'Vehicles', title: 'Vehicles', uri: '/app/management/vehicles', icon: 'DirectionsCar', parentFeatureId: null, permissions: ['Read', 'Create', 'Update', 'Delete', 'Export'] },
  ] }] })),
  http.get('*/api/YardSpots', ({ request }) => {
    requests.push(new URL(request.url));
    return HttpResponse.json({ value: { items: [spot], totalCount: 1, page: 0, size: 50 } });
  }),
  http.get('*/api/Reference/states', () => HttpResponse.json({ value: [{ id: 44, abbreviation: 'TX', name: 'Texas' }] })),
);

const i18nProvider = polyglotI18nProvider(() => ({ ...englishCatalogue, resources: { ...englishCatalogue.resources, ...catalogueOf([yardSpots]) } }), 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });

function renderScreen(children: React.ReactNode) {
  return render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider}>
      <ResourceContextProvider value={yardSpots.name}>{children}</ResourceContextProvider>
    </AdminContext>,
  );
}

beforeAll(() => {
  api.listen({ onUnhandledRequest: 'error' });
  resourceOf(yardSpots);
});
beforeEach(() => {
  localStorage.clear();
  // A token that is not expired (the client checks only its exp) and the groups the guards read.
  saveSession(`x.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.y`, {
    id: 3, email: 'fleetmanager@haulboard.demo', firstName: 'Sarah', lastName: 'Hernandez', name: 'Sarah Hernandez', avatar: null, roles: ['FleetManager'],
    isActive: true, isEmailVerified: true, registrationCompleted: true, userType: null,
  });
  saveGroups([{ id: 1, name: 'Management', isDefaultgroup: false, features: [{ id: 5, title: 'Vehicles', uri: '/app/management/vehicles', icon: 'DirectionsCar', parentFeatureId: null, permissions: ['Read', 'Create', 'Update', 'Delete', 'Export'] }] }]);
  requests.length = 0;
});
afterEach(() => {
  cleanup();
  api.resetHandlers();
});
afterAll(() => api.close());

describe('the screens of a resource declared once', () => {
  it('lists it with the definition’s labels, its filters and search, US dates and money, choices in words', async () => {
    renderScreen(<DefinitionList />);
    const table = await screen.findByRole('table');
    await within(table).findByText('N-01');
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).toEqual(['Spot code', 'Expirations', 'Yard', 'State', 'For', 'Slots', 'Covered', 'Monthly rent', 'Lease ends', 'Actions']);
    const row = within(table).getAllByRole('row')[1];
    for (const text of ['North Houston yard', 'TX', 'Trailer', '$1,250.50', us(inDays(10)), 'Yes', `Lease due ${us(inDays(10))}`]) expect(within(row).getByText(text)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Spot code, yard' })).toBeTruthy();
    // The choice filter is one click away in the side panel; the list asked the API with the default sort.
    for (const option of ['Truck', 'Trailer', 'Car']) expect(screen.getByRole('button', { name: option })).toBeTruthy();
    expect(requests[0].searchParams.get('Sort')).toBe('code');
  });

  it('creates it through a form of its sections, with its rules as the user types', async () => {
    renderScreen(<DefinitionCreate />);
    expect(await screen.findByText('Spot')).toBeTruthy();
    expect(screen.getByText('Lease')).toBeTruthy();
    for (const label of [/^Spot code/, /^Yard/, /^Slots/, /^Monthly rent/, /^Notes/]) expect(screen.getByRole(label.source.includes('Slots') || label.source.includes('rent') ? 'spinbutton' : 'textbox', { name: label })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^State/ })).toBeTruthy();
    expect(screen.getByLabelText(/^Lease ends/)).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Covered' })).toBeTruthy();
    const rent = screen.getByRole('spinbutton', { name: /^Monthly rent/ });
    fireEvent.change(rent, { target: { value: '-5' } });
    fireEvent.blur(rent);
    await waitFor(() => expect(screen.getByText('Monthly rent cannot be negative')).toBeTruthy());
    const code = screen.getByRole('textbox', { name: /^Spot code/ });
    fireEvent.change(code, { target: { value: 'N 01' } });
    fireEvent.blur(code);
    await waitFor(() => expect(screen.getByText('A spot code is letters, digits and dashes')).toBeTruthy());
  });
});
