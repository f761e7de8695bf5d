import { DateInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { useTranslate } from 'ra-core';
import { useWatch } from 'react-hook-form';
import { PAY_TYPE_INFO, type PayType } from '../../schema/people';
import { PHONE_COUNTRIES } from '../../schema/reference';
import { ApiAutocompleteInput } from '../../src/common/ApiAutocompleteInput';
import { FormSection } from '../../src/common/records/FormSection';
import { CarrierInput, StateInput } from '../../src/common/records/pickers';
import { cdlClassChoices, driverTypeChoices, payTypeChoices, phoneCountryChoices } from './choices';

const f = (key: string) => `haulboard.drivers.fields.${key}`;
const p = (key: string) => `haulboard.people.fields.${key}`;
const account = (row: { name?: string; email?: unknown }) => `${row.name} (${row.email})`;

/** The phone, with the digits its country expects (SPEC.md §3) as its help. */
function PhoneInput() {
  const translate = useTranslate();
  const code = useWatch({ name: 'phoneCountry' }) as string | undefined;
  const country = PHONE_COUNTRIES.find((c) => c.code === (code ?? 'US'));
  const help = country ? translate('haulboard.drivers.phone_help', { country: country.name, digits: country.digits, dial: country.dialCode }) : undefined;
  return <TextInput source="phone" label={p('phone')} helperText={help} />;
}

/** The pay rate, in the unit of its pay type. */
function PayRateInput() {
  const translate = useTranslate();
  const payType = useWatch({ name: 'payType' }) as PayType | undefined;
  const info = payType ? PAY_TYPE_INFO[payType] : undefined;
  return <NumberInput source="payRate" label={f('pay_rate')} step={0.01} isRequired helperText={info ? translate('haulboard.drivers.pay_rate_help', { unit: info.unit }) : undefined} />;
}

/** The driver form, shared by create and edit; rules from schema/people.ts (driverInput). */
export function DriverInputs() {
  return (
    <>
      <FormSection title="haulboard.drivers.sections.driver">
        <TextInput source="firstName" label={p('first_name')} isRequired />
        <TextInput source="lastName" label={p('last_name')} isRequired />
        <SelectInput source="driverType" label={f('driver_type')} choices={driverTypeChoices} isRequired />
        <CarrierInput source="carrierId" label={p('carrier')} isRequired />
        <TextInput source="email" label={p('email')} type="email" />
        <SelectInput source="phoneCountry" label={p('phone_country')} choices={phoneCountryChoices} />
        <PhoneInput />
        <ApiAutocompleteInput source="userId" label={f('user')} path="/api/User/users-filtered?Size=10000" describe={account} />
      </FormSection>
      <FormSection title="haulboard.drivers.sections.licence">
        <SelectInput source="cdlClass" label={f('cdl_class')} choices={cdlClassChoices} />
        <TextInput source="cdlNumber" label={f('cdl_number')} />
        <StateInput source="cdlStateId" label={f('cdl_state')} />
        <DateInput source="cdlExpiresOn" label={f('cdl_expires_on')} />
        <DateInput source="medicalCardExpiresOn" label={f('medical_card_expires_on')} />
        <DateInput source="mvrCheckedOn" label={f('mvr_checked_on')} />
      </FormSection>
      <FormSection title="haulboard.drivers.sections.employment">
        <DateInput source="hiredOn" label={f('hired_on')} />
        <DateInput source="terminatedOn" label={f('terminated_on')} />
        <SelectInput source="payType" label={f('pay_type')} choices={payTypeChoices} isRequired />
        <PayRateInput />
      </FormSection>
    </>
  );
}
