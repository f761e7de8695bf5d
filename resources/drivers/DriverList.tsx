import { DataTable, SelectInput } from 'react-admin';
import { DRIVER_TYPES, type DriverDto } from '../../schema/people';
import { yesNoChoices } from '../../src/common/records/choices';
import { StatusChip, nowrap, phoneText } from '../../src/common/records/columns';
import { ExpiryChips } from '../../src/common/records/ExpiryChips';
import { CarrierInput } from '../../src/common/records/pickers';
import { RecordList } from '../../src/common/records/RecordList';
import { STATUS_COLOURS, STATUS_PREFIX, TYPE_PREFIX, cdlClassChoices, driverTypeChoices } from './choices';

const Column = DataTable.Col<DriverDto>;
const f = (key: string) => `haulboard.drivers.fields.${key}`;
const p = (key: string) => `haulboard.people.fields.${key}`;

const filters = [
  <SelectInput key="driverType" source="driverType" label={f('driver_type')} choices={driverTypeChoices} />,
  <CarrierInput key="carrierId" source="carrierId" label={p('carrier')} />,
  <SelectInput key="cdlClass" source="cdlClass" label={f('cdl_class')} choices={cdlClassChoices} />,
  <SelectInput key="terminated" source="terminated" label={f('terminated')} choices={yesNoChoices('haulboard.records.yes', 'haulboard.records.no')} />,
];
const quickFilters = [
  { label: f('driver_type'), items: DRIVER_TYPES.map((driverType) => ({ label: `${TYPE_PREFIX}.${driverType}`, value: { driverType } })) },
  { label: p('status'), items: [{ label: `${STATUS_PREFIX}.ACTIVE`, value: { terminated: 'false' } }, { label: `${STATUS_PREFIX}.TERMINATED`, value: { terminated: 'true' } }] },
];

export default function DriverList() {
  return (
    <RecordList title="haulboard.drivers.title" search="haulboard.drivers.search" filters={filters} quickFilters={quickFilters} sort={{ field: 'name', order: 'ASC' }} exportName="drivers" expiring hiddenColumns={['email', 'hiredOn', 'payType', 'carrierName', 'cdlClass']}>
      <Column source="name" label={p('name')} />
      <Column source="expiry" label={f('expirations')} disableSort render={(row) => <ExpiryChips record={row} />} />
      <Column source="status" label={p('status')} disableSort render={(row) => <StatusChip prefix={STATUS_PREFIX} value={row.status} colours={STATUS_COLOURS} />} />
      <Column source="driverType" label={f('driver_type')} render={(row) => <StatusChip prefix={TYPE_PREFIX} value={row.driverType} />} />
      <Column source="carrierName" label={p('carrier')} disableSort />
      <Column source="phone" label={p('phone')} cellSx={nowrap} disableSort render={(row) => phoneText(row.phone, row.phoneCountry)} />
      <Column source="email" label={p('email')} disableSort />
      <Column source="cdlClass" label={f('cdl_class')} disableSort />
      <Column source="cdlExpiresOn" label={f('cdl_expires_on')} cellSx={nowrap} />
      <Column source="medicalCardExpiresOn" label={f('medical_card_expires_on')} cellSx={nowrap} />
      <Column source="hiredOn" label={f('hired_on')} cellSx={nowrap} />
      <Column source="payType" label={f('pay_type')} />
    </RecordList>
  );
}
