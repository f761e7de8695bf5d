import { ArrayInput, NumberInput, SelectInput, SimpleFormIterator, TextInput } from 'react-admin';
import { MAX_PAYMENT_TERMS_DAYS } from '../../schema/people';
import { FormSection } from '../../src/common/records/FormSection';
import { AddressInputs, PhoneEmailInputs } from '../../src/common/records/PartyInputs';
import { statusChoices } from './choices';

const f = (key: string) => `haulboard.brokers.fields.${key}`;
const p = (key: string) => `haulboard.people.fields.${key}`;

/** The broker form, shared by create and edit; rules from schema/people.ts (brokerInput). */
export function BrokerInputs() {
  return (
    <>
      <FormSection title="haulboard.brokers.sections.broker">
        <TextInput source="name" label={p('name')} isRequired />
        <TextInput source="mcNumber" label={f('mc_number')} />
        <TextInput source="usdotNumber" label={f('usdot_number')} />
        <SelectInput source="status" label={p('status')} choices={statusChoices} isRequired />
        <PhoneEmailInputs />
      </FormSection>
      <FormSection title="haulboard.people.sections.address">
        <AddressInputs />
      </FormSection>
      <FormSection title="haulboard.brokers.sections.terms">
        <NumberInput source="paymentTermsDays" label={f('payment_terms_days')} min={0} max={MAX_PAYMENT_TERMS_DAYS} step={1} />
      </FormSection>
      <ArrayInput source="contacts" label="haulboard.brokers.sections.contacts">
        <SimpleFormIterator inline disableReordering>
          <TextInput source="name" label={p('name')} isRequired />
          <TextInput source="role" label={f('contact_role')} />
          <PhoneEmailInputs />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
