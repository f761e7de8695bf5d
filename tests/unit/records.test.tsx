// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { ResourceContextProvider } from 'ra-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authProvider } from '../../authProvider';
import { governingPath } from '../../authProvider/routes';
import { type FeatureGroup, saveGroups } from '../../dataProvider/session';
import { defaultListQuery, endpointsOf, toApiQuery } from '../../dataProvider/endpoints';
import { carriers } from '../../schema/resources/carriers';
import { drivers } from '../../schema/resources/drivers';
import { fuelCards } from '../../schema/resources/fuelCards';
import { vehicles } from '../../schema/resources/vehicles';
import { userStatus } from '../../schema/resources/users';
import { prepareFor } from '../../ui/records/DefinitionForms';
import { resourceOf } from '../../ui/records/definitions';
import { phoneText } from '../../schema/format';
import { ExpiryChips, expiryRowSx } from '../../ui/records/ExpiryChips';
import { zodResolver } from '../../ui/zodResolver';

afterEach(cleanup);
resourceOf(drivers);
resourceOf(fuelCards);
const unitUpdate = vehicles.update;
const carrierInput = carriers.create;
const prepareCarrier = prepareFor(carriers, false);
const prepareFuelCard = prepareFor(fuelCards, true);

const VEHICLES = '/app/management/vehicles';
const USERS = '/app/management/user-management';
const DISPATCH = '/app/management/driver-assignment';
const CARDS = '/app/management/vehicle-and-card-assignment';
const feature = (id: number, uri: string, letters: string) => ({
  id,
  title: uri,
  uri,
  icon: 'Article',
  parentFeatureId: null,
  permissions: [...letters].map((l) => ({ R: 'Read', C: 'Create', U: 'Update', D: 'Delete', E: 'Export' })[l]!),
});
const groupsOf = (...features: ReturnType<typeof feature>[]): FeatureGroup[] => [
  { id: 1, name: 'General', isDefaultgroup: true, features },
];

describe('which feature governs a record that serves several screens (drivers, fuel cards)', () => {
  it('is the first write feature that lets the user change something, else the first one they may read', () => {
    // A fleet manager: Vehicles RCUDE, Users R → drivers follow Vehicles.
    expect(governingPath('management/drivers', groupsOf(feature(1, USERS, 'R'), feature(2, VEHICLES, 'RCUDE')))).toBe(
      VEHICLES,
    );
    // A dispatch manager: Users R and DriverAssignment RCUE (not a write feature of drivers) → read-only via Users.
    expect(governingPath('management/drivers', groupsOf(feature(1, USERS, 'R'), feature(3, DISPATCH, 'RCUE')))).toBe(
      USERS,
    );
    // Only an assignment screen: read through it.
    expect(governingPath('management/drivers', groupsOf(feature(4, CARDS, 'RE')))).toBe(CARDS);
    // Fuel cards: written with vehicle-and-card assignment, read with Vehicles too.
    expect(governingPath('management/fuel-cards', groupsOf(feature(2, VEHICLES, 'RCUDE')))).toBe(VEHICLES);
    expect(
      governingPath('management/fuel-cards', groupsOf(feature(2, VEHICLES, 'RCUDE'), feature(4, CARDS, 'RCUE'))),
    ).toBe(CARDS);
    expect(governingPath('management/unknown', groupsOf())).toBeUndefined();
  });

  describe('react-admin asks the auth provider', () => {
    beforeEach(() => localStorage.clear());

    it('a dispatch manager may list and read drivers, not create or edit them', async () => {
      saveGroups(groupsOf(feature(1, USERS, 'R'), feature(3, DISPATCH, 'RCUE')));
      expect(await authProvider.canAccess!({ resource: 'management/drivers', action: 'list' })).toBe(true);
      expect(await authProvider.canAccess!({ resource: 'management/drivers', action: 'create' })).toBe(false);
      expect(await authProvider.canAccess!({ resource: 'management/drivers', action: 'edit' })).toBe(false);
    });

    it('a fleet manager may create and edit drivers; without any of the features, nothing', async () => {
      saveGroups(groupsOf(feature(1, USERS, 'R'), feature(2, VEHICLES, 'RCUDE')));
      expect(await authProvider.canAccess!({ resource: 'management/drivers', action: 'create' })).toBe(true);
      expect(await authProvider.canAccess!({ resource: 'management/drivers', action: 'edit' })).toBe(true);
      saveGroups(groupsOf(feature(5, '/app/books/bookorders', 'RCUDE')));
      expect(await authProvider.canAccess!({ resource: 'management/drivers', action: 'list' })).toBe(false);
    });
  });
});

describe('record endpoints and list queries', () => {
  it('a registered record resource gets the usual controller calls', () => {
    const drivers = endpointsOf('management/drivers');
    expect([drivers.list, drivers.one(7), drivers.create, drivers.restore?.(7), drivers.export]).toEqual([
      '/api/Driver',
      '/api/Driver/7',
      '/api/Driver',
      '/api/Driver/7/restore',
      '/api/Driver/export',
    ]);
  });

  it('paging and sort become Page (0-based), Size and Sort; empty filters and switched-off toggles are left out', () => {
    expect(
      defaultListQuery({
        pagination: { page: 3, perPage: 25 },
        sort: { field: 'name', order: 'DESC' },
        filter: { search: 'ann', showDeleted: false, status: '', roleId: 4, isActive: 'false', expiring: true },
      }),
    ).toEqual({ Page: 2, Size: 25, Sort: '-name', search: 'ann', roleId: 4, isActive: 'false', expiring: true });
    // The CSV export takes the same filters, without paging.
    expect(toApiQuery({ unitType: 'Truck', showDeleted: true, carrierId: null })).toEqual({
      unitType: 'Truck',
      showDeleted: true,
    });
  });
});

describe('forms', () => {
  it('validate with the server schema what they will send: an empty insurance group is sent as none', async () => {
    const carrier = {
      code: 'acme',
      name: 'Acme',
      authorities: [],
      insurance: { insurer: '', policyNumber: '', cargoCoverage: null, liabilityCoverage: null, expiresOn: null },
    };
    const withoutPrepare = await zodResolver(carrierInput)(carrier, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(Object.keys(withoutPrepare.errors)).toContain('insurance');
    const prepared = await zodResolver(carrierInput, prepareCarrier)(carrier, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(prepared.errors).toEqual({});
    expect(prepareCarrier(carrier).insurance).toBeNull();
    // One insurance field filled: the group is sent and must be complete.
    const partial = await zodResolver(carrierInput, prepareCarrier)(
      { ...carrier, insurance: { ...carrier.insurance, insurer: 'Sentry' } },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(Object.keys((partial.errors as { insurance?: object }).insurance ?? {})).toEqual(
      expect.arrayContaining(['policyNumber', 'expiresOn']),
    );
  });

  it('an empty "replace card number" keeps the card: it is left out of the update', () => {
    expect(prepareFuelCard({ cardNumber: '', provider: 'EFS' })).toEqual({ provider: 'EFS' });
    expect(prepareFuelCard({ cardNumber: '7083 0500 1234', provider: 'EFS' })).toEqual({
      cardNumber: '7083 0500 1234',
      provider: 'EFS',
    });
  });

  it('show the schema messages at the fields they belong to (a VIN with a wrong check digit)', async () => {
    const unit = {
      unitType: 'Truck',
      unitNumber: 'T1',
      vin: '1HGCM82633A004353',
      make: 'Volvo',
      model: 'VNL',
      year: 2020,
      carrierId: 1,
      version: 1,
    };
    const result = await zodResolver(unitUpdate)(unit, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect((result.errors as { vin?: { message: string } }).vin?.message).toBe(
      'The VIN check digit does not match; check the VIN',
    );
  });
});

describe('what the lists show', () => {
  it('expired and due dates in words with an icon, and a coloured row edge', () => {
    const record = {
      expiry: [
        { field: 'cdlExpiresOn', on: '2026-01-02', state: 'expired' as const },
        { field: 'medicalCardExpiresOn', on: '2026-02-01', state: 'due' as const },
      ],
    };
    render(
      <ResourceContextProvider value={drivers.name}>
        <ExpiryChips record={record} />
      </ResourceContextProvider>,
    );
    expect(screen.getByText('CDL expired on 01/02/2026')).toBeTruthy();
    expect(screen.getByText('Medical card due 02/01/2026')).toBeTruthy();
    expect(document.querySelectorAll('svg').length).toBe(2);
    expect(expiryRowSx(record)).toEqual({
      '& td:first-of-type': { borderLeft: '4px solid', borderLeftColor: 'error.main' },
    });
    expect(expiryRowSx({ expiry: [record.expiry[1]] })).toEqual({
      '& td:first-of-type': { borderLeft: '4px solid', borderLeftColor: 'warning.main' },
    });
    expect(expiryRowSx({ expiry: [] })).toEqual({});
  });

  it('phones in their country format, and the user status', () => {
    expect(phoneText('5551234567')).toBe('(555) 123-4567');
    expect(phoneText('555123456', 'GE')).toBe('+995 555123456');
    expect(phoneText(null)).toBe('');
    expect(userStatus({ isActive: false, isPending: true, isRegistering: false })).toBe('pending');
    expect(userStatus({ isActive: false, isPending: false, isRegistering: true })).toBe('registering');
    expect(userStatus({ isActive: true, isPending: false, isRegistering: false })).toBe('active');
    expect(userStatus({ isActive: false, isPending: false, isRegistering: false })).toBe('inactive');
  });
});

describe('an empty required choice', () => {
  it("says Required (react-admin's words) rather than zod's type message", async () => {
    const unit = {
      unitType: 'Truck',
      unitNumber: 'T1',
      vin: '1HGCM82633A004352',
      make: 'Volvo',
      model: 'VNL',
      year: 2020,
      version: 1,
    };
    const result = await zodResolver(unitUpdate)(unit, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect((result.errors as { carrierId?: { message: string } }).carrierId?.message).toBe('ra.validation.required');
  });
});
