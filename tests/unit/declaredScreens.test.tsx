// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authProvider } from '../../authProvider';
import { dataProvider } from '../../dataProvider';
import { adminCatalogue as englishCatalogue } from '../../src/i18n/admin';
import { DefinitionCreate } from '../../ui/records/DefinitionForms';
import DefinitionList from '../../ui/records/DefinitionList';
import { catalogueOf } from '../../ui/records/messages';
import { resourceOf } from '../../ui/records/definitions';
import { yardSpots } from '../helpers/yardSpots';
import { account } from './msw/accounts';
import { signInAs } from './msw/app';
import { listHandlers, stateId } from './msw/handlers/lists';
import { recordHandlers, recordStore } from './msw/handlers/records';
import { api, callsTo, useApi } from './msw/server';

/**
 * The screens of a resource declared once (resources/README.md). The throw-away yard spots (tests/helpers/yardSpots.ts)
 * have no screen code and no catalogue entry of their own; their list and form come from the definition, with its
 * labels, its filters, US dates and money, choices in words — against the API as msw answers it (tests/unit/msw).
 */
useApi();

const today = new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const spot: typeof yardSpots.types.dto = {
  id: 7,
  version: 1,
  deleted: false,
  deletedAt: null,
  createdAt: `${today}T10:00:00.000Z`,
  updatedAt: `${today}T10:00:00.000Z`,
  code: 'N-01',
  yard: 'North Houston yard',
  stateId: stateId('TX'),
  state: 'TX',
  kind: 'TRAILER',
  slots: 2,
  covered: true,
  monthlyRent: 1250.5,
  leaseEndsOn: inDays(10),
  notes: null,
  expiry: [{ field: 'leaseEndsOn', on: inDays(10), state: 'due' }],
};

const i18nProvider = polyglotI18nProvider(
  () => ({ ...englishCatalogue, resources: { ...englishCatalogue.resources, ...catalogueOf([yardSpots]) } }),
  'en',
  [{ locale: 'en', name: 'English' }],
  { allowMissing: true },
);

function renderScreen(children: React.ReactNode) {
  return render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider}>
      <ResourceContextProvider value={yardSpots.name}>{children}</ResourceContextProvider>
    </AdminContext>,
  );
}

beforeAll(() => resourceOf(yardSpots));
beforeEach(async () => {
  // Yard spots are governed by the Vehicles feature, which a fleet manager holds.
  await signInAs(account(['FleetManager']));
  api.use(...recordHandlers(yardSpots, recordStore([spot])), ...listHandlers());
});

describe('the screens of a resource declared once', () => {
  it('lists it with the definition’s labels, its filters and search, US dates and money, choices in words', async () => {
    renderScreen(<DefinitionList />);
    const table = await screen.findByRole('table');
    await within(table).findByText('N-01');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim());
    expect(headers).toEqual([
      'Spot code',
      'Expirations',
      'Yard',
      'State',
      'For',
      'Slots',
      'Covered',
      'Monthly rent',
      'Lease ends',
      'Actions',
    ]);
    const row = within(table).getAllByRole('row')[1];
    for (const text of [
      'North Houston yard',
      'TX',
      'Trailer',
      '$1,250.50',
      us(inDays(10)),
      'Yes',
      `Lease due ${us(inDays(10))}`,
    ])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Spot code, yard' })).toBeTruthy();
    // The choice filter is one click away in the side panel; the list asked the API with the default sort.
    for (const option of ['Truck', 'Trailer', 'Car']) expect(screen.getByRole('button', { name: option })).toBeTruthy();
    expect(callsTo('/api/YardSpots')[0].url.searchParams.get('Sort')).toBe('code');
  });

  it('creates it through a form of its sections, with its rules as the user types', async () => {
    renderScreen(<DefinitionCreate />);
    expect(await screen.findByText('Spot')).toBeTruthy();
    expect(screen.getByText('Lease')).toBeTruthy();
    for (const label of [/^Spot code/, /^Yard/, /^Slots/, /^Monthly rent/, /^Notes/])
      expect(
        screen.getByRole(label.source.includes('Slots') || label.source.includes('rent') ? 'spinbutton' : 'textbox', {
          name: label,
        }),
      ).toBeTruthy();
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
