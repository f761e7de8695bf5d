import { TextInput } from 'react-admin';
import { StateInput } from './pickers';

const f = (key: string) => `haulboard.people.fields.${key}`;

/** Phone and e-mail of a company or a person (shippers, brokers, their contacts; relative inside a list input). */
export function PhoneEmailInputs() {
  return (
    <>
      <TextInput source="phone" label={f('phone')} />
      <TextInput source="email" label={f('email')} type="email" />
    </>
  );
}

/** A US postal address: street, city, state, ZIP. */
export function AddressInputs() {
  return (
    <>
      <TextInput source="address" label={f('address')} />
      <TextInput source="city" label={f('city')} />
      <StateInput source="stateId" label={f('state')} />
      <TextInput source="zip" label={f('zip')} />
    </>
  );
}
