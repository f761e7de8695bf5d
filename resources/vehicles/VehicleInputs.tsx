import { DateInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { FormSection } from '../../src/common/records/FormSection';
import { CarrierInput, StateInput } from '../../src/common/records/pickers';
import { statusChoices, unitTypeChoices } from './choices';

const f = (key: string) => `haulboard.vehicles.fields.${key}`;

/** The truck/trailer form, shared by create and edit; rules (VIN check digit, capacity by type) from schema/fleet.ts. */
export function VehicleInputs() {
  return (
    <>
      <FormSection title="haulboard.vehicles.sections.unit">
        <SelectInput source="unitType" label={f('unit_type')} choices={unitTypeChoices} isRequired />
        <TextInput source="unitNumber" label={f('unit_number')} isRequired />
        <TextInput source="vin" label={f('vin')} isRequired />
        <SelectInput source="status" label="haulboard.people.fields.status" choices={statusChoices} isRequired />
        <NumberInput source="year" label={f('year')} step={1} isRequired />
        <TextInput source="make" label={f('make')} isRequired />
        <TextInput source="model" label={f('model')} isRequired />
        <NumberInput source="capacity" label={f('capacity')} step={1} min={0} helperText="haulboard.vehicles.capacity_help" />
        <CarrierInput source="carrierId" label="haulboard.people.fields.carrier" isRequired />
      </FormSection>
      <FormSection title="haulboard.vehicles.sections.registration">
        <TextInput source="plate" label={f('plate')} />
        <StateInput source="plateStateId" label={f('plate_state')} />
        <DateInput source="registrationExpiresOn" label={f('registration_expires_on')} />
        <DateInput source="annualInspectionDueOn" label={f('annual_inspection_due_on')} />
      </FormSection>
    </>
  );
}
