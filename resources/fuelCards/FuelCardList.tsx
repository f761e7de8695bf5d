import { DataTable, SelectInput } from 'react-admin';
import { FUEL_CARD_PROVIDER_LABELS, FUEL_CARD_STATUSES, type FuelCardDto } from '../../schema/fleet';
import { yesNoChoices } from '../../src/common/records/choices';
import { StatusChip, nowrap } from '../../src/common/records/columns';
import { ExpiryChips } from '../../src/common/records/ExpiryChips';
import { RecordLink } from '../../src/common/records/links';
import { CarrierInput } from '../../src/common/records/pickers';
import { RecordList } from '../../src/common/records/RecordList';
import { STATUS_COLOURS, STATUS_PREFIX, providerChoices, statusChoices } from './choices';

const Column = DataTable.Col<FuelCardDto>;
const f = (key: string) => `haulboard.fuel_cards.fields.${key}`;
const money = { style: 'currency', currency: 'USD' } as const;

const filters = [
  <SelectInput key="provider" source="provider" label={f('provider')} choices={providerChoices} />,
  <SelectInput key="status" source="status" label="haulboard.people.fields.status" choices={statusChoices} />,
  <CarrierInput key="carrierId" source="carrierId" label="haulboard.people.fields.carrier" />,
  <SelectInput key="assigned" source="assigned" label={f('assigned')} choices={yesNoChoices('haulboard.records.yes', 'haulboard.records.no')} />,
];
const quickFilters = [{ label: 'haulboard.people.fields.status', items: FUEL_CARD_STATUSES.map((status) => ({ label: `${STATUS_PREFIX}.${status}`, value: { status } })) }];

export default function FuelCardList() {
  return (
    <RecordList title="haulboard.fuel_cards.title" search="haulboard.fuel_cards.search" filters={filters} quickFilters={quickFilters} sort={{ field: 'expiresOn', order: 'ASC' }} exportName="fuel-cards" expiring>
      <Column source="cardLast4" label={f('number')} render={(row) => row.maskedNumber} />
      <Column source="expiry" label={f('expirations')} disableSort render={(row) => <ExpiryChips record={row} />} />
      <Column source="provider" label={f('provider')} render={(row) => FUEL_CARD_PROVIDER_LABELS[row.provider]} />
      <Column source="status" label="haulboard.people.fields.status" render={(row) => <StatusChip prefix={STATUS_PREFIX} value={row.status} colours={STATUS_COLOURS} />} />
      <Column source="expiresOn" label={f('expires_on')} cellSx={nowrap} />
      <DataTable.NumberCol source="limit" label={f('limit')} options={money} disableSort />
      <Column source="carrierName" label="haulboard.people.fields.carrier" disableSort />
      <Column source="driverName" label={f('driver')} disableSort render={(row) => <RecordLink resource="management/drivers" id={row.driverId}>{row.driverName}</RecordLink>} />
    </RecordList>
  );
}
