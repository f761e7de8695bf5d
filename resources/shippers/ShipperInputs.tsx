import { TextInput } from 'react-admin';
import { FormSection } from '../../src/common/records/FormSection';
import { AddressInputs, PhoneEmailInputs } from '../../src/common/records/PartyInputs';

const f = (key: string) => `haulboard.people.fields.${key}`;

/** The shipper form, shared by create and edit; rules from schema/people.ts (shipperInput). */
export function ShipperInputs() {
  return (
    <>
      <FormSection title="haulboard.people.sections.contact">
        <TextInput source="name" label={f('name')} isRequired />
        <TextInput source="contactName" label={f('contact_name')} />
        <PhoneEmailInputs />
      </FormSection>
      <FormSection title="haulboard.people.sections.address">
        <AddressInputs />
      </FormSection>
    </>
  );
}
