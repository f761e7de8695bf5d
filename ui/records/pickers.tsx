import type { ReactElement } from 'react';
import { type AutocompleteInputProps, NumberInput } from 'react-admin';
import type { ReferenceTarget } from '../../schema/define/references';
import { ApiAutocompleteInput } from '../ApiAutocompleteInput';

/**
 * The dropdown calls of the API (names only, server/modules/lists) as inputs, so each form names what it picks and not
 * how it is fetched. Every one takes the usual input props (source, label, isRequired …).
 */
type PickerProps = Omit<AutocompleteInputProps, 'choices'>;

const stateName = (row: { name?: string; abbreviation?: unknown }) => `${row.abbreviation} — ${row.name}`;

export const StateInput = (props: PickerProps) => (
  <ApiAutocompleteInput {...props} path="/api/Reference/states" describe={stateName} />
);
/** Drivers by name; with `carrierId`, that carrier's only (the order form's drivers follow its carrier). */
export const DriverInput = ({
  showDeleted,
  carrierId,
  ...props
}: PickerProps & { showDeleted?: boolean; carrierId?: number | null }) => {
  const query = new URLSearchParams();
  if (showDeleted) query.set('showDeleted', 'true');
  if (carrierId) query.set('carrierId', String(carrierId));
  const search = query.toString();
  return <ApiAutocompleteInput {...props} path={`/api/Driver/GetAllNames${search ? `?${search}` : ''}`} />;
};
export const DispatcherInput = (props: PickerProps) => (
  <ApiAutocompleteInput {...props} path="/api/Dispatcher/GetAllNames" />
);
export const CarrierInput = (props: PickerProps) => (
  <ApiAutocompleteInput {...props} path="/api/Carriers/dropdown-list" />
);
export const ShipperInput = (props: PickerProps) => (
  <ApiAutocompleteInput {...props} path="/api/Shipper/get-all-shippers-dropdown" />
);
export const BrokerInput = (props: PickerProps) => (
  <ApiAutocompleteInput
    {...props}
    path="/api/Brokers/dropdown-list"
    describe={(row) => `${row.name}${row.status === 'DO_NOT_USE' ? ' (do not use)' : ''}`}
    disableChoice={(row) => row.status === 'DO_NOT_USE'}
  />
);
/** Factoring companies by name; an inactive one is shown and may not be chosen (docs/product/factoring.md). */
export const FactoringCompanyInput = (props: PickerProps) => (
  <ApiAutocompleteInput
    {...props}
    path="/api/FactoringCompanies/dropdown-list"
    describe={(row) => `${row.name}${row.active === false ? ' (inactive)' : ''}`}
    disableChoice={(row) => row.active === false}
  />
);
/** Trucks or trailers; `hideAssigned` leaves out the ones a driver has today. */
export const UnitInput = ({
  type,
  hideAssigned,
  ...props
}: PickerProps & { type: 'Truck' | 'Trailer'; hideAssigned?: boolean }) => (
  <ApiAutocompleteInput
    {...props}
    path={`/api/Units/get-all-trucks-dropdown?type=${type}${hideAssigned ? '&HideAssigned=true' : ''}`}
  />
);
export const FuelCardInput = ({ hideAssigned, ...props }: PickerProps & { hideAssigned?: boolean }) => (
  <ApiAutocompleteInput {...props} path={`/api/FuelCards/dropdown-list${hideAssigned ? '?HideAssigned=true' : ''}`} />
);
/** A record of a list too long for a dropdown (book orders, ledger entries), by its id. */
const IdInput = (props: PickerProps) => (
  <NumberInput
    source={props.source ?? ''}
    label={props.label}
    isRequired={props.isRequired}
    helperText={props.helperText}
    step={1}
    min={1}
  />
);

const violation = (row: Record<string, unknown>) =>
  `${String(row.code)} — ${String(row.description)} (${String(row.basicName)})`;
/** A violation code, found by any part of its code or words ('393.9', 'head lamp'). */
export const ViolationInput = (props: PickerProps) => (
  <ApiAutocompleteInput {...props} path="/api/Tickets/get-all-violation-number-dropdown" describe={violation} />
);

export const RoleInput = (props: PickerProps) => <ApiAutocompleteInput {...props} path="/api/Role/get-all-roles" />;
const account = (row: { name?: string; email?: unknown }) => `${row.name} (${row.email})`;
export const UserInput = (props: PickerProps) => (
  <ApiAutocompleteInput {...props} path="/api/User/users-filtered?Size=10000" describe={account} />
);

/**
 * The picker of each reference target (schema/define/references.ts): a form or a filter of a `reference` field gets
 * it from here, so a new target does not compile until it has one.
 */
export const PICKERS: Record<ReferenceTarget, (props: PickerProps) => ReactElement> = {
  states: StateInput,
  carriers: CarrierInput,
  users: UserInput,
  userAccounts: UserInput,
  roles: RoleInput,
  drivers: DriverInput,
  dispatchers: DispatcherInput,
  trucks: (props) => <UnitInput {...props} type="Truck" />,
  trailers: (props) => <UnitInput {...props} type="Trailer" />,
  fuelCards: FuelCardInput,
  brokers: BrokerInput,
  shippers: ShipperInput,
  factoringCompanies: FactoringCompanyInput,
  bookOrders: IdInput,
  transactions: IdInput,
  tickets: IdInput,
  violationCodes: ViolationInput,
};
