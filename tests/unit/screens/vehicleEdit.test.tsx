// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UnitDto } from '../../../schema/resources/vehicles';
import { vehicles } from '../../../schema/resources/vehicles';
import { account } from '../msw/accounts';
import { renderApp, signInAs } from '../msw/app';
import { listHandlers, stateId } from '../msw/handlers/lists';
import { recordHandlers, recordStore } from '../msw/handlers/records';
import { api, callsTo, useApi } from '../msw/server';

/**
 * The vehicles edit screen, built from schema/resources/vehicles.ts by ui/records/DefinitionForms.tsx: the rules of
 * the definition as the user types, the server's refusals, and a save that lost the race to someone else's.
 */
useApi();

const unit = (id: number, vin: string, unitNumber: string): UnitDto => ({
  id,
  version: 1,
  deleted: false,
  deletedAt: null,
  createdAt: '2026-01-05T15:00:00.000Z',
  updatedAt: '2026-01-05T15:00:00.000Z',
  unitType: 'Truck',
  unitNumber,
  vin,
  year: 2021,
  make: 'Volvo',
  model: 'VNL',
  plate: 'ABC1234',
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
const VIN = '1HGCM82633A004352';
const OTHER_VIN = '1M8GDM9AXKP042788';
const NEW_VIN = '5XYZU3LB1DG012345';

async function openTruck7() {
  await signInAs(account(['FleetManager']));
  const store = recordStore([unit(7, VIN, 'T-107'), unit(8, OTHER_VIN, 'T-108')]);
  api.use(
    ...recordHandlers(vehicles, store),
    ...listHandlers({ carriers: [{ id: 1, code: 'select', name: 'Select Auto Transport', deleted: false }] }),
  );
  const app = renderApp('/app/management/vehicles/7/edit');
  const vin = await screen.findByRole('textbox', { name: /^VIN/ });
  await waitFor(() => expect((vin as HTMLInputElement).value).toBe(VIN));
  return { ...app, store, vin: vin as HTMLInputElement };
}

const saves = () => callsTo('/api/Units/7', 'PUT');

/**
 * Clicks Save as a hand does: press, then release. Pressing moves the focus off the field being edited, which the
 * form checks again, disabling Save for that moment; a hand releases later, user-event at once, and a click on a
 * disabled button is lost. So the release waits for Save to be enabled.
 */
async function save(user: UserEvent) {
  const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  await user.pointer({ keys: '[MouseLeft>]', target: button });
  await waitFor(() => expect(button.disabled).toBe(false));
  await user.pointer({ keys: '[/MouseLeft]', target: button });
}
const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('editing a vehicle', () => {
  it('a VIN with a wrong check digit is refused at the field as typed, and nothing is sent', async () => {
    const { user, vin } = await openTruck7();
    await user.clear(vin);
    await user.type(vin, '1HGCM82633A004353');
    await user.tab();
    expect(await screen.findByText('The VIN check digit does not match; check the VIN')).toBeTruthy();
    expect(vin.value).toBe('1HGCM82633A004353');

    await save(user);
    // Corrected, the same form saves: the one call sent carries the corrected VIN, none the wrong one.
    await user.clear(vin);
    await user.type(vin, NEW_VIN);
    await save(user);
    // The toast names what was saved (the definition's singular), not react-admin's "Element updated".
    expect(await screen.findByText('Vehicle saved')).toBeTruthy();
    expect(saves().map((call) => (call.body as UnitDto).vin)).toEqual([NEW_VIN]);
  });

  it('a VIN another vehicle has is refused by the server, said in its words, and the typing stays', async () => {
    const { user, vin, pathname } = await openTruck7();
    await user.clear(vin);
    await user.type(vin, OTHER_VIN);
    await save(user);
    expect(await screen.findByText(`Another vehicle has VIN ${OTHER_VIN}`)).toBeTruthy();
    expect(vin.value).toBe(OTHER_VIN);
    expect(pathname()).toBe('/app/management/vehicles/7/edit');
  });

  it('a save that lost the race keeps what was typed; "Keep my changes on their version" saves both on the new version', async () => {
    const { user, store, pathname } = await openTruck7();
    // Meanwhile a colleague changes the model (version 2).
    store.changeBehind(7, { model: 'VNL 860' });

    await user.clear(field(/^Make/));
    await user.type(field(/^Make/), 'Peterbilt');
    await save(user);
    const conflict = await screen.findByRole('alert');
    expect(conflict.textContent).toMatch(
      /^Someone else changed this record since you opened it \(saved .+\)\. What you typed is still here\./,
    );
    expect(field(/^Make/).value).toBe('Peterbilt');
    expect(field(/^Model/).value).toBe('VNL');

    await user.click(screen.getByRole('button', { name: 'Keep my changes on their version' }));
    expect(field(/^Make/).value).toBe('Peterbilt');
    expect(field(/^Model/).value).toBe('VNL 860');
    await save(user);

    // The toast names what was saved (the definition's singular), not react-admin's "Element updated".
    expect(await screen.findByText('Vehicle saved')).toBeTruthy();
    await waitFor(() => expect(pathname()).toBe('/app/management/vehicles'));
    expect(saves().map((call) => call.body)).toMatchObject([
      { version: 1, make: 'Peterbilt', model: 'VNL' },
      { version: 2, make: 'Peterbilt', model: 'VNL 860' },
    ]);
    expect(store.rows.find((row) => row.id === 7)).toMatchObject({ version: 3, make: 'Peterbilt', model: 'VNL 860' });
  });
});
