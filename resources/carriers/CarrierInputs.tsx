import { Typography } from '@mui/material';
import { ArrayInput, DateInput, NumberInput, SelectInput, SimpleFormIterator, TextInput } from 'react-admin';
import { useTranslate } from 'ra-core';
import { AUTHORITY_STATUSES, AUTHORITY_TYPES } from '../../schema/people';
import { keyedChoices } from '../../src/common/records/choices';
import { FormSection } from '../../src/common/records/FormSection';

const f = (key: string) => `haulboard.carriers.fields.${key}`;
const typeChoices = keyedChoices('haulboard.carriers.authority_types', AUTHORITY_TYPES);
const statusChoices = keyedChoices('haulboard.carriers.authority_statuses', AUTHORITY_STATUSES);

const INSURANCE_FIELDS = ['insurer', 'policyNumber', 'cargoCoverage', 'liabilityCoverage', 'expiresOn'] as const;

/** A company with no policy on file leaves every insurance field empty: that is sent as `insurance: null`. */
export function prepareCarrier(values: Record<string, unknown>): Record<string, unknown> {
  const insurance = values.insurance as Record<string, unknown> | null | undefined;
  const empty = !insurance || INSURANCE_FIELDS.every((key) => insurance[key] === undefined || insurance[key] === null || insurance[key] === '');
  return { ...values, insurance: empty ? null : insurance };
}

/** The carrier form, shared by create and edit; rules from schema/people.ts (carrierInput). */
export function CarrierInputs() {
  const translate = useTranslate();
  return (
    <>
      <FormSection title="haulboard.carriers.sections.carrier">
        <TextInput source="code" label={f('code')} isRequired />
        <TextInput source="name" label="haulboard.people.fields.name" isRequired />
        <TextInput source="mcNumber" label="haulboard.brokers.fields.mc_number" />
        <TextInput source="usdotNumber" label="haulboard.brokers.fields.usdot_number" />
      </FormSection>
      <ArrayInput source="authorities" label="haulboard.carriers.sections.authorities">
        <SimpleFormIterator inline disableReordering>
          <SelectInput source="type" label={f('authority_type')} choices={typeChoices} isRequired />
          <TextInput source="docketNumber" label={f('docket_number')} isRequired />
          <SelectInput source="status" label={f('authority_status')} choices={statusChoices} />
          <DateInput source="grantedOn" label={f('granted_on')} />
        </SimpleFormIterator>
      </ArrayInput>
      <FormSection title="haulboard.carriers.sections.insurance" columns={3}>
        <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1', mb: 1 }}>{translate('haulboard.carriers.insurance_help')}</Typography>
        <TextInput source="insurance.insurer" label={f('insurer')} />
        <TextInput source="insurance.policyNumber" label={f('policy_number')} />
        <DateInput source="insurance.expiresOn" label={f('insurance_expires_on')} />
        <NumberInput source="insurance.cargoCoverage" label={f('cargo_coverage')} min={0} step={0.01} />
        <NumberInput source="insurance.liabilityCoverage" label={f('liability_coverage')} min={0} step={0.01} />
      </FormSection>
    </>
  );
}
