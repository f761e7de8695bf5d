import { NumberInput } from 'react-admin';
import { useTranslate } from 'ra-core';
import { useWatch } from 'react-hook-form';
import { PAY_TYPE_INFO, type PayType } from '../../schema/resources/drivers';
import { DefinitionCreate, DefinitionEdit } from '../../ui/records/DefinitionForms';
import { DriverLinks } from './DriverLinks';

/** The pay rate, in the unit of its pay type. */
function PayRateInput() {
  const translate = useTranslate();
  const payType = useWatch({ name: 'payType' }) as PayType | undefined;
  const info = payType ? PAY_TYPE_INFO[payType] : undefined;
  return (
    <NumberInput
      source="payRate"
      step={0.01}
      isRequired
      helperText={info ? translate('haulboard.records.in_unit', { unit: info.unit }) : undefined}
    />
  );
}

const inputs = { payRate: <PayRateInput /> };

export const DriverCreate = () => <DefinitionCreate inputs={inputs} />;
export const DriverEdit = () => <DefinitionEdit inputs={inputs} aside={<DriverLinks />} />;
