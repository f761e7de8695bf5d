import { BooleanInput, TextInput } from 'react-admin';
import { useRecordContext } from 'ra-core';
import { FormSection } from '../../src/common/records/FormSection';
import { PhoneEmailInputs } from '../../src/common/records/PartyInputs';
import { RolesInput } from './RoleInputs';

const p = (key: string) => `haulboard.people.fields.${key}`;

/** The user form: profile, roles and (on edit) the active flag; rules from schema/people.ts. */
export function UserInputs() {
  const user = useRecordContext();
  return (
    <>
      <FormSection title="haulboard.users.sections.profile">
        <TextInput source="firstName" label={p('first_name')} isRequired />
        <TextInput source="lastName" label={p('last_name')} isRequired />
        <PhoneEmailInputs />
      </FormSection>
      <FormSection title="haulboard.users.sections.access" columns={2}>
        <RolesInput source="roleIds" label="haulboard.users.fields.roles" isRequired />
        {user && <BooleanInput source="isActive" label="haulboard.users.fields.is_active" />}
      </FormSection>
    </>
  );
}
