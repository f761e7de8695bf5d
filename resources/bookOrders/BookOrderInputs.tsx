import {
  ArrayInput,
  BooleanInput,
  DateInput,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';
import { getUser } from '../../dataProvider/session';
import { FormSection } from '../../ui/records/FormSection';
import { CarrierInput, DispatcherInput, ShipperInput, StateInput, UnitInput } from '../../ui/records/pickers';
import {
  dateTypeChoices,
  loadBoardChoices,
  paymentMethodChoices,
  trailerTypeChoices,
  vehicleTypeChoices,
} from './choices';
import { LoadBrokerInput, LoadDriverInput } from './LoadParties';
import { VinInput } from './VinInput';
import { ZipInput } from './ZipInput';

const f = (key: string) => `haulboard.book_orders.fields.${key}`;

/** What a vehicle row starts with, the first one of a new order and every row added to it. */
export const NEW_VEHICLE = { type: 'SEDAN', price: 0, inoperable: false } as const;

/** A new order's dispatcher: the one booking it, when they are a dispatcher (the create and a sheet's review). */
export const defaultDispatcherId = () => {
  const user = getUser();
  return user?.roles.includes('Dispatcher') ? user.id : null;
};

/** Pickup and delivery share their fields. */
function StopInputs({ stop }: { stop: 'pickup' | 'delivery' }) {
  return (
    <FormSection title={f(stop)}>
      <TextInput source={`${stop}.venue`} label={f('venue')} />
      <TextInput source={`${stop}.address`} label={f('address')} isRequired />
      <TextInput source={`${stop}.city`} label={f('city')} isRequired />
      <StateInput source={`${stop}.stateId`} label={f('state')} isRequired />
      <ZipInput source={`${stop}.zip`} label={f('zip')} />
      <TextInput source={`${stop}.contactName`} label={f('contact_name')} />
      <TextInput source={`${stop}.contactPhone`} label={f('contact_phone')} />
      <SelectInput source={`${stop}.dateType`} label={f('date_type')} choices={dateTypeChoices} />
      <DateInput source={`${stop}.date`} label={f('date')} isRequired />
      <DateInput source={`${stop}.dateTo`} label={f('date_to')} />
    </FormSection>
  );
}

/** The form shared by create and edit; the rules come from schema/bookOrders.ts through the form's resolver. */
export function BookOrderInputs() {
  return (
    <>
      <FormSection title="haulboard.book_orders.sections.load">
        <SelectInput source="loadBoard" label={f('load_board')} choices={loadBoardChoices} isRequired />
        <TextInput source="externalLoadId" label={f('external_load_id')} />
        <LoadBrokerInput label={f('broker')} />
        <ShipperInput source="shipperId" label={f('shipper')} isRequired />
        <CarrierInput source="carrierId" label={f('carrier')} isRequired />
        <DispatcherInput source="dispatcherId" label={f('dispatcher')} isRequired />
        <LoadDriverInput label={f('driver')} />
        <SelectInput source="trailerType" label={f('trailer_type')} choices={trailerTypeChoices} isRequired />
        <UnitInput type="Truck" source="truckId" label={f('truck')} />
        <UnitInput type="Trailer" source="trailerId" label={f('trailer')} />
      </FormSection>
      <StopInputs stop="pickup" />
      <StopInputs stop="delivery" />
      <FormSection title="haulboard.book_orders.sections.payment">
        <NumberInput source="price" label={f('price')} min={0} step={0.01} isRequired />
        <NumberInput source="brokerFee" label={f('broker_fee')} min={0} step={0.01} />
        <NumberInput source="localFee" label={f('local_fee')} min={0} step={0.01} />
        <NumberInput source="codAmount" label={f('cod_amount')} min={0} step={0.01} />
        <SelectInput source="paymentMethod" label={f('payment_method')} choices={paymentMethodChoices} isRequired />
        <NumberInput source="paymentTermsDays" label={f('payment_terms_days')} min={0} max={365} step={1} />
        <BooleanInput source="payOnPickup" label={f('pay_on_pickup')} />
        <BooleanInput source="payOnDelivery" label={f('pay_on_delivery')} />
      </FormSection>
      <ArrayInput source="vehicles" label={f('vehicles')}>
        <SimpleFormIterator inline disableReordering>
          <VinInput source="vin" label={f('vin')} isRequired sx={{ minWidth: 210 }} />
          <NumberInput source="year" label={f('year')} step={1} isRequired sx={{ maxWidth: 100 }} />
          <TextInput source="make" label={f('make')} isRequired />
          <TextInput source="model" label={f('model')} isRequired />
          <SelectInput
            source="type"
            label={f('vehicle_type')}
            choices={vehicleTypeChoices}
            defaultValue={NEW_VEHICLE.type}
            isRequired
          />
          <NumberInput
            source="price"
            label={f('vehicle_price')}
            min={0}
            step={0.01}
            defaultValue={NEW_VEHICLE.price}
            sx={{ maxWidth: 130 }}
          />
          <TextInput source="lotNumber" label={f('lot_number')} />
          <BooleanInput source="inoperable" label={f('inoperable')} defaultValue={NEW_VEHICLE.inoperable} />
        </SimpleFormIterator>
      </ArrayInput>
      <TextInput source="notes" label={f('notes')} multiline minRows={2} fullWidth />
    </>
  );
}
