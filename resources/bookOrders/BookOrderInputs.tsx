import { Box, Typography } from '@mui/material';
import { ArrayInput, BooleanInput, DateInput, NumberInput, SelectInput, SimpleFormIterator, TextInput } from 'react-admin';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { ApiAutocompleteInput } from '../../src/common/ApiAutocompleteInput';
import { dateTypeChoices, loadBoardChoices, paymentMethodChoices, trailerTypeChoices, vehicleTypeChoices } from './choices';

const f = (key: string) => `haulboard.book_orders.fields.${key}`;
const stateName = (row: { name?: string; abbreviation?: unknown }) => `${row.abbreviation} — ${row.name}`;
const person = (row: { name?: string }) => String(row.name);

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%', mb: 2 }}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>{translate(title)}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }, columnGap: 2 }}>{children}</Box>
    </Box>
  );
}

/** Pickup and delivery share their fields. */
function StopInputs({ stop }: { stop: 'pickup' | 'delivery' }) {
  return (
    <Section title={f(stop)}>
      <TextInput source={`${stop}.venue`} label={f('venue')} />
      <TextInput source={`${stop}.address`} label={f('address')} isRequired />
      <TextInput source={`${stop}.city`} label={f('city')} isRequired />
      <ApiAutocompleteInput source={`${stop}.stateId`} label={f('state')} path="/api/Reference/states" describe={stateName} isRequired />
      <TextInput source={`${stop}.zip`} label={f('zip')} />
      <TextInput source={`${stop}.contactName`} label={f('contact_name')} />
      <TextInput source={`${stop}.contactPhone`} label={f('contact_phone')} />
      <SelectInput source={`${stop}.dateType`} label={f('date_type')} choices={dateTypeChoices} />
      <DateInput source={`${stop}.date`} label={f('date')} isRequired />
      <DateInput source={`${stop}.dateTo`} label={f('date_to')} />
    </Section>
  );
}

/** The form shared by create and edit; the rules come from schema/bookOrders.ts through the form's resolver. */
export function BookOrderInputs() {
  return (
    <>
      <Section title="haulboard.book_orders.sections.load">
        <SelectInput source="loadBoard" label={f('load_board')} choices={loadBoardChoices} isRequired />
        <TextInput source="externalLoadId" label={f('external_load_id')} />
        <ApiAutocompleteInput source="brokerId" label={f('broker')} path="/api/Brokers/dropdown-list" describe={(row) => `${row.name}${row.status === 'DO_NOT_USE' ? ' (do not use)' : ''}`} disableChoice={(row) => row.status === 'DO_NOT_USE'} isRequired />
        <ApiAutocompleteInput source="shipperId" label={f('shipper')} path="/api/Shipper/get-all-shippers-dropdown" isRequired />
        <ApiAutocompleteInput source="carrierId" label={f('carrier')} path="/api/Carriers/dropdown-list" isRequired />
        <ApiAutocompleteInput source="dispatcherId" label={f('dispatcher')} path="/api/Dispatcher/GetAllNames" describe={person} isRequired />
        <ApiAutocompleteInput source="driverId" label={f('driver')} path="/api/Driver/GetAllNames" describe={person} />
        <SelectInput source="trailerType" label={f('trailer_type')} choices={trailerTypeChoices} isRequired />
        <ApiAutocompleteInput source="truckId" label={f('truck')} path="/api/Units/get-all-trucks-dropdown?type=Truck" />
        <ApiAutocompleteInput source="trailerId" label={f('trailer')} path="/api/Units/get-all-trucks-dropdown?type=Trailer" />
      </Section>
      <StopInputs stop="pickup" />
      <StopInputs stop="delivery" />
      <Section title="haulboard.book_orders.sections.payment">
        <NumberInput source="price" label={f('price')} min={0} step={0.01} isRequired />
        <NumberInput source="brokerFee" label={f('broker_fee')} min={0} step={0.01} />
        <NumberInput source="localFee" label={f('local_fee')} min={0} step={0.01} />
        <NumberInput source="codAmount" label={f('cod_amount')} min={0} step={0.01} />
        <SelectInput source="paymentMethod" label={f('payment_method')} choices={paymentMethodChoices} isRequired />
        <NumberInput source="paymentTermsDays" label={f('payment_terms_days')} min={0} max={365} step={1} />
        <BooleanInput source="payOnPickup" label={f('pay_on_pickup')} />
        <BooleanInput source="payOnDelivery" label={f('pay_on_delivery')} />
      </Section>
      <ArrayInput source="vehicles" label={f('vehicles')}>
        <SimpleFormIterator inline disableReordering>
          <TextInput source="vin" label={f('vin')} isRequired sx={{ minWidth: 210 }} />
          <NumberInput source="year" label={f('year')} step={1} isRequired sx={{ maxWidth: 100 }} />
          <TextInput source="make" label={f('make')} isRequired />
          <TextInput source="model" label={f('model')} isRequired />
          <SelectInput source="type" label={f('vehicle_type')} choices={vehicleTypeChoices} isRequired />
          <NumberInput source="price" label={f('vehicle_price')} min={0} step={0.01} sx={{ maxWidth: 130 }} />
          <TextInput source="lotNumber" label={f('lot_number')} />
          <BooleanInput source="inoperable" label={f('inoperable')} />
        </SimpleFormIterator>
      </ArrayInput>
      <TextInput source="notes" label={f('notes')} multiline minRows={2} fullWidth />
    </>
  );
}
