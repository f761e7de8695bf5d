import { DataTable, SelectInput } from 'react-admin';
import { UNIT_STATUSES, UNIT_TYPES, type UnitDto } from '../../schema/fleet';
import { yesNoChoices } from '../../src/common/records/choices';
import { StatusChip, nowrap } from '../../src/common/records/columns';
import { ExpiryChips } from '../../src/common/records/ExpiryChips';
import { RecordLink } from '../../src/common/records/links';
import { FleetLinks } from './FleetLinks';
import { CarrierInput } from '../../src/common/records/pickers';
import { RecordList } from '../../src/common/records/RecordList';
import { STATUS_COLOURS, STATUS_PREFIX, TYPE_PREFIX, statusChoices, unitTypeChoices } from './choices';

const Column = DataTable.Col<UnitDto>;
const f = (key: string) => `haulboard.vehicles.fields.${key}`;

const filters = [
  <SelectInput key="unitType" source="unitType" label={f('unit_type')} choices={unitTypeChoices} />,
  <SelectInput key="status" source="status" label="haulboard.people.fields.status" choices={statusChoices} />,
  <CarrierInput key="carrierId" source="carrierId" label="haulboard.people.fields.carrier" />,
  <SelectInput key="assigned" source="assigned" label={f('assigned')} choices={yesNoChoices('haulboard.records.yes', 'haulboard.records.no')} />,
];
const quickFilters = [
  { label: f('unit_type'), items: UNIT_TYPES.map((unitType) => ({ label: `${TYPE_PREFIX}.${unitType}`, value: { unitType } })) },
  { label: 'haulboard.people.fields.status', items: UNIT_STATUSES.map((status) => ({ label: `${STATUS_PREFIX}.${status}`, value: { status } })) },
];

export default function VehicleList() {
  return (
    <RecordList title="haulboard.vehicles.title" search="haulboard.vehicles.search" filters={filters} quickFilters={quickFilters} sort={{ field: 'unitNumber', order: 'ASC' }} exportName="vehicles" expiring actions={<FleetLinks />} hiddenColumns={['vin', 'carrierName', 'capacity']}>
      <Column source="unitNumber" label={f('unit_number')} />
      <Column source="expiry" label={f('expirations')} disableSort render={(row) => <ExpiryChips record={row} />} />
      <Column source="unitType" label={f('unit_type')} render={(row) => <StatusChip prefix={TYPE_PREFIX} value={row.unitType} />} />
      <Column source="year" label={f('vehicle')} render={(row) => `${row.year} ${row.make} ${row.model}`} />
      <Column source="vin" label={f('vin')} disableSort />
      <Column source="plate" label={f('plate')} cellSx={nowrap} disableSort render={(row) => [row.plate, row.plateState].filter(Boolean).join(' · ')} />
      <Column source="capacity" label={f('capacity')} disableSort />
      <Column source="carrierName" label="haulboard.people.fields.carrier" disableSort />
      <Column source="status" label="haulboard.people.fields.status" render={(row) => <StatusChip prefix={STATUS_PREFIX} value={row.status} colours={STATUS_COLOURS} />} />
      <Column source="registrationExpiresOn" label={f('registration_expires_on')} cellSx={nowrap} />
      <Column source="annualInspectionDueOn" label={f('annual_inspection_due_on')} cellSx={nowrap} />
      <Column source="driverName" label={f('driver')} disableSort render={(row) => <RecordLink resource="management/drivers" id={row.driverId}>{row.driverName}</RecordLink>} />
    </RecordList>
  );
}
